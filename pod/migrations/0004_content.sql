-- Content: uploads with their import state, upload groups, channels' extra fields,
-- attachment owners and remote library scans.
ALTER TABLE uploads ADD COLUMN filename TEXT;
ALTER TABLE uploads ADD COLUMN checksum TEXT;
ALTER TABLE uploads ADD COLUMN import_date TEXT;
ALTER TABLE uploads ADD COLUMN import_details TEXT;
ALTER TABLE uploads ADD COLUMN import_metadata TEXT;
ALTER TABLE uploads ADD COLUMN import_reference TEXT;
ALTER TABLE uploads ADD COLUMN source TEXT;
ALTER TABLE uploads ADD COLUMN upload_group_id INTEGER REFERENCES upload_groups(id) ON DELETE SET NULL;
CREATE INDEX uploads_checksum ON uploads(checksum);
CREATE INDEX uploads_status ON uploads(library_id, import_status);

CREATE TABLE upload_groups (
    id INTEGER PRIMARY KEY,
    guid TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    creation_date TEXT NOT NULL
);

ALTER TABLE attachments ADD COLUMN owner_id INTEGER REFERENCES users(id) ON DELETE CASCADE;

-- Remote library scans (federation is out of reach: scans end in an error state).
CREATE TABLE library_scans (
    id INTEGER PRIMARY KEY,
    library_uuid TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    total_files INTEGER NOT NULL DEFAULT 0,
    processed_files INTEGER NOT NULL DEFAULT 0,
    errored_files INTEGER NOT NULL DEFAULT 0,
    creation_date TEXT NOT NULL,
    modification_date TEXT NOT NULL
);

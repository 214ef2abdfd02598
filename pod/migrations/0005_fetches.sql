-- Remote fetches (`federation/fetches/`): what a user asked the pod to fetch and how it ended.
-- Federation with other pods is out of reach: remote fetches end in one of the error kinds.
CREATE TABLE fetches (
    id INTEGER PRIMARY KEY,
    url TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    status TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '{}',
    creation_date TEXT NOT NULL,
    fetch_date TEXT
);
CREATE INDEX fetches_user ON fetches(user_id, url);
CREATE INDEX library_scans_library ON library_scans(library_uuid, creation_date);

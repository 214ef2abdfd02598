-- Imports from the server's music folder (`libraries/fs-import/`): one row per import with
-- its status, and its log lines, so that both survive a restart.
CREATE TABLE fs_imports (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    library_id INTEGER REFERENCES libraries(id) ON DELETE SET NULL,
    path TEXT NOT NULL,
    reference TEXT NOT NULL,
    status TEXT NOT NULL,
    creation_date TEXT NOT NULL,
    modification_date TEXT NOT NULL
);

CREATE TABLE fs_import_logs (
    id INTEGER PRIMARY KEY,
    import_id INTEGER NOT NULL REFERENCES fs_imports(id) ON DELETE CASCADE,
    line TEXT NOT NULL
);
CREATE INDEX fs_import_logs_import ON fs_import_logs(import_id, id);

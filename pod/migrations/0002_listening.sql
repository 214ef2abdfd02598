-- Favorites, listening history and radio sessions.
CREATE TABLE track_favorites (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    track_id INTEGER NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
    creation_date TEXT NOT NULL,
    UNIQUE (user_id, track_id)
);
CREATE INDEX track_favorites_track ON track_favorites(track_id);

CREATE TABLE listenings (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    track_id INTEGER NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
    creation_date TEXT NOT NULL
);
CREATE INDEX listenings_user ON listenings(user_id, creation_date);
CREATE INDEX listenings_track ON listenings(track_id);

-- user_id is NULL for an anonymous session (pods that allow anonymous access).
CREATE TABLE radio_sessions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    radio_type TEXT NOT NULL,
    related_object_id TEXT,
    custom_radio_id INTEGER REFERENCES radios(id) ON DELETE SET NULL,
    config TEXT,
    creation_date TEXT NOT NULL
);

CREATE TABLE radio_session_tracks (
    id INTEGER PRIMARY KEY,
    session_id INTEGER NOT NULL REFERENCES radio_sessions(id) ON DELETE CASCADE,
    track_id INTEGER NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    creation_date TEXT NOT NULL
);
CREATE INDEX radio_session_tracks_session ON radio_session_tracks(session_id, position);

CREATE INDEX playlists_owner ON playlists(owner_id);
CREATE INDEX radios_owner ON radios(owner_id);

-- Content filters: artists a user hides.
CREATE TABLE user_filters (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    target_artist_id INTEGER NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
    creation_date TEXT NOT NULL,
    UNIQUE (user_id, target_artist_id)
);

-- Reports on content or accounts; submitter_id is NULL for anonymous reports.
CREATE TABLE reports (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    summary TEXT,
    submitter_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    submitter_email TEXT,
    target_type TEXT NOT NULL,
    target_id TEXT NOT NULL,
    target_state TEXT,
    is_handled INTEGER NOT NULL DEFAULT 0,
    handled_date TEXT,
    creation_date TEXT NOT NULL
);
CREATE INDEX reports_handled ON reports(is_handled, creation_date);

-- Library follows (approved NULL: pending the owner's answer) and the notifications inbox.
CREATE TABLE library_follows (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    library_id INTEGER NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
    approved INTEGER,
    creation_date TEXT NOT NULL,
    modification_date TEXT NOT NULL,
    UNIQUE (user_id, library_id)
);

CREATE TABLE inbox_items (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    activity TEXT NOT NULL,
    is_read INTEGER NOT NULL DEFAULT 0,
    creation_date TEXT NOT NULL
);
CREATE INDEX inbox_items_user ON inbox_items(user_id, is_read);

-- Edits (mutations) of catalogue objects: suggested (is_approved NULL), approved and applied,
-- or rejected.
CREATE TABLE mutations (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    type TEXT NOT NULL,
    summary TEXT,
    payload TEXT NOT NULL,
    previous_state TEXT,
    target_type TEXT NOT NULL,
    target_id INTEGER NOT NULL,
    created_by INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    approved_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    is_approved INTEGER,
    is_applied INTEGER NOT NULL DEFAULT 0,
    applied_date TEXT,
    creation_date TEXT NOT NULL
);
CREATE INDEX mutations_target ON mutations(target_type, target_id);
CREATE INDEX mutations_pending ON mutations(is_approved);

-- Channel subscriptions.
CREATE TABLE channel_subscriptions (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    creation_date TEXT NOT NULL,
    UNIQUE (user_id, channel_id)
);

-- Users, sessions and instance state.
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email TEXT NOT NULL COLLATE NOCASE,
    name TEXT NOT NULL DEFAULT '',
    password_hash TEXT NOT NULL,
    is_staff INTEGER NOT NULL DEFAULT 0,
    is_superuser INTEGER NOT NULL DEFAULT 0,
    perm_library INTEGER NOT NULL DEFAULT 0,
    perm_moderation INTEGER NOT NULL DEFAULT 0,
    perm_settings INTEGER NOT NULL DEFAULT 0,
    is_active INTEGER NOT NULL DEFAULT 1,
    email_verified INTEGER NOT NULL DEFAULT 0,
    date_joined TEXT NOT NULL,
    privacy_level TEXT NOT NULL DEFAULT 'instance',
    settings TEXT NOT NULL DEFAULT '{}',
    listen_token TEXT NOT NULL UNIQUE,
    summary TEXT,
    instance_support_message_display_date TEXT,
    funkwhale_support_message_display_date TEXT,
    upload_quota INTEGER
);

CREATE TABLE sessions (
    key TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);

CREATE TABLE preferences (
    identifier TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

CREATE TABLE secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- Catalogue.
CREATE TABLE attachments (
    uuid TEXT PRIMARY KEY,
    file TEXT NOT NULL,
    mimetype TEXT NOT NULL,
    size INTEGER NOT NULL,
    creation_date TEXT NOT NULL
);

CREATE TABLE licenses (
    code TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    url TEXT NOT NULL,
    redistribute INTEGER NOT NULL,
    derivative INTEGER NOT NULL,
    commercial INTEGER NOT NULL,
    attribution INTEGER NOT NULL,
    copyleft INTEGER NOT NULL
);

CREATE TABLE artists (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    mbid TEXT,
    name TEXT NOT NULL,
    content_category TEXT NOT NULL DEFAULT 'music',
    description TEXT,
    cover_uuid TEXT REFERENCES attachments(uuid),
    attributed_to INTEGER REFERENCES users(id),
    creation_date TEXT NOT NULL,
    modification_date TEXT NOT NULL
);
CREATE INDEX artists_name ON artists(name COLLATE NOCASE);
CREATE INDEX artists_creation ON artists(creation_date);

CREATE TABLE albums (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    mbid TEXT,
    title TEXT NOT NULL,
    artist_id INTEGER NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
    release_date TEXT,
    description TEXT,
    cover_uuid TEXT REFERENCES attachments(uuid),
    attributed_to INTEGER REFERENCES users(id),
    creation_date TEXT NOT NULL
);
CREATE INDEX albums_artist ON albums(artist_id);
CREATE INDEX albums_creation ON albums(creation_date);
CREATE INDEX albums_title ON albums(title COLLATE NOCASE);

CREATE TABLE tracks (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    mbid TEXT,
    title TEXT NOT NULL,
    artist_id INTEGER NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
    album_id INTEGER REFERENCES albums(id) ON DELETE CASCADE,
    position INTEGER,
    disc_number INTEGER,
    copyright TEXT,
    license_code TEXT REFERENCES licenses(code),
    description TEXT,
    downloads_count INTEGER NOT NULL DEFAULT 0,
    attributed_to INTEGER REFERENCES users(id),
    creation_date TEXT NOT NULL
);
CREATE INDEX tracks_album ON tracks(album_id, disc_number, position);
CREATE INDEX tracks_artist ON tracks(artist_id);
CREATE INDEX tracks_creation ON tracks(creation_date);
CREATE INDEX tracks_title ON tracks(title COLLATE NOCASE);

CREATE TABLE libraries (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    description TEXT,
    privacy_level TEXT NOT NULL,
    owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    creation_date TEXT NOT NULL
);

CREATE TABLE uploads (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    track_id INTEGER REFERENCES tracks(id) ON DELETE CASCADE,
    library_id INTEGER NOT NULL REFERENCES libraries(id) ON DELETE CASCADE,
    file TEXT NOT NULL,
    mimetype TEXT NOT NULL,
    duration INTEGER NOT NULL,
    bitrate INTEGER NOT NULL,
    size INTEGER NOT NULL,
    import_status TEXT NOT NULL DEFAULT 'finished',
    creation_date TEXT NOT NULL
);
CREATE INDEX uploads_track ON uploads(track_id);
CREATE INDEX uploads_library ON uploads(library_id);

CREATE TABLE tags (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    creation_date TEXT NOT NULL
);

-- object_type: 'artist', 'album' or 'track'.
CREATE TABLE tagged_items (
    tag_id INTEGER NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
    object_type TEXT NOT NULL,
    object_id INTEGER NOT NULL,
    PRIMARY KEY (object_type, object_id, tag_id)
);
CREATE INDEX tagged_items_tag ON tagged_items(tag_id, object_type);

CREATE TABLE channels (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    artist_id INTEGER NOT NULL REFERENCES artists(id) ON DELETE CASCADE,
    owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    library_id INTEGER NOT NULL REFERENCES libraries(id),
    username TEXT NOT NULL UNIQUE,
    metadata TEXT NOT NULL DEFAULT '{}',
    creation_date TEXT NOT NULL
);

CREATE TABLE playlists (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    privacy_level TEXT NOT NULL,
    description TEXT,
    creation_date TEXT NOT NULL,
    modification_date TEXT NOT NULL
);

CREATE TABLE playlist_tracks (
    id INTEGER PRIMARY KEY,
    playlist_id INTEGER NOT NULL REFERENCES playlists(id) ON DELETE CASCADE,
    track_id INTEGER NOT NULL REFERENCES tracks(id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    creation_date TEXT NOT NULL
);
CREATE INDEX playlist_tracks_playlist ON playlist_tracks(playlist_id, idx);

CREATE TABLE radios (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    is_public INTEGER NOT NULL,
    config TEXT NOT NULL,
    creation_date TEXT NOT NULL
);

-- OAuth.
CREATE TABLE oauth_apps (
    id INTEGER PRIMARY KEY,
    client_id TEXT NOT NULL UNIQUE,
    client_secret TEXT NOT NULL,
    name TEXT NOT NULL,
    redirect_uris TEXT NOT NULL,
    scopes TEXT NOT NULL,
    owner_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
);

CREATE TABLE oauth_codes (
    code TEXT PRIMARY KEY,
    app_id INTEGER NOT NULL REFERENCES oauth_apps(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    redirect_uri TEXT NOT NULL,
    scope TEXT NOT NULL,
    code_challenge TEXT,
    code_challenge_method TEXT,
    expires_at INTEGER NOT NULL
);

-- One row per access token (its JWT id) and the refresh token issued with it.
CREATE TABLE oauth_tokens (
    jti TEXT PRIMARY KEY,
    app_id INTEGER NOT NULL REFERENCES oauth_apps(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    scope TEXT NOT NULL,
    refresh_token TEXT NOT NULL UNIQUE,
    access_expires_at INTEGER NOT NULL,
    refresh_expires_at INTEGER NOT NULL,
    refresh_used INTEGER NOT NULL DEFAULT 0,
    revoked INTEGER NOT NULL DEFAULT 0,
    created TEXT NOT NULL
);
CREATE INDEX oauth_tokens_user ON oauth_tokens(user_id);

-- Signup, invitations, e-mail and password flows.
CREATE TABLE invitations (
    id INTEGER PRIMARY KEY,
    code TEXT NOT NULL UNIQUE COLLATE NOCASE,
    owner_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    user_id INTEGER REFERENCES users(id),
    creation_date TEXT NOT NULL,
    expiration_date INTEGER NOT NULL
);

CREATE TABLE user_requests (
    id INTEGER PRIMARY KEY,
    uuid TEXT NOT NULL UNIQUE,
    submitter_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    type TEXT NOT NULL DEFAULT 'signup',
    status TEXT NOT NULL DEFAULT 'pending',
    metadata TEXT NOT NULL DEFAULT '{}',
    creation_date TEXT NOT NULL
);

CREATE TABLE email_confirmations (
    key TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email TEXT NOT NULL,
    created_at INTEGER NOT NULL
);

CREATE TABLE password_resets (
    token TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    expires_at INTEGER NOT NULL,
    used INTEGER NOT NULL DEFAULT 0
);

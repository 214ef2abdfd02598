//! External channels: podcasts this pod subscribed to by their RSS feed (SQL only).
//!
//! As on a real pod, such a channel is attributed to the pod's service account (never a
//! person: nobody may edit or delete it, and it is in nobody's "my channels"); its episodes
//! are tracks of the channel's artist with one upload each, whose `source` is the feed item's
//! enclosure URL and which has no local file (and, since migration 0010, the item's guid in
//! `tracks.rss_guid`). The periodic refresh reads the channels due (`last_fetch_date`) again.

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::ApiError;
use crate::store;
use crate::store::catalogue as cat;

/// The `secrets` entry holding the service account's user id.
const SERVICE_KEY: &str = "service_user_id";

/// SQL condition on a `users` alias: not the pod's service account. On a real pod the service
/// actor has no user account, so it is in no list or count of users.
pub fn not_service_user(alias: &str) -> String {
    format!(
        "NOT EXISTS (SELECT 1 FROM secrets WHERE name = '{SERVICE_KEY}' \
         AND value = CAST({alias}.id AS TEXT))"
    )
}

/// The pod's service account, created on first use: inactive, with no usable password.
pub fn service_user(conn: &Connection, now: &str) -> Result<i64, ApiError> {
    if let Some(id) = store::secret(conn, SERVICE_KEY)?.and_then(|id| id.parse::<i64>().ok()) {
        let exists: bool = conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM users WHERE id = ?1)",
            [id],
            |r| r.get(0),
        )?;
        if exists {
            return Ok(id);
        }
    }
    // `service`, or a free variant of it if a person already took that name.
    let mut username = "service".to_owned();
    for attempt in 1..100 {
        let taken: bool = conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM users WHERE username = ?1 COLLATE NOCASE)
               OR EXISTS (SELECT 1 FROM channels WHERE username = ?1 COLLATE NOCASE)",
            [&username],
            |r| r.get(0),
        )?;
        if !taken {
            break;
        }
        username = format!("service_{attempt}");
    }
    conn.execute(
        "INSERT INTO users (username, email, name, password_hash, is_active, date_joined,
            privacy_level, listen_token)
         VALUES (?1, '', 'Service', '!', 0, ?2, 'me', ?3)",
        params![username, now, uuid::Uuid::new_v4().simple().to_string()],
    )?;
    let id = conn.last_insert_rowid();
    store::set_secret(conn, SERVICE_KEY, &id.to_string())?;
    Ok(id)
}

/// The uuid of the channel already made from this feed URL.
pub fn by_rss_url(conn: &Connection, rss_url: &str) -> Result<Option<String>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT uuid FROM channels WHERE rss_url = ?1",
            [rss_url],
            |r| r.get(0),
        )
        .optional()?)
}

pub struct NewExternalChannel<'a> {
    pub rss_url: &'a str,
    /// The feed's cover URL `cover_uuid` was downloaded from.
    pub cover_source: Option<&'a str>,
    pub link: Option<&'a str>,
    pub name: &'a str,
    /// JSON `{"text", "content_type"}`.
    pub description: Option<&'a str>,
    pub cover_uuid: Option<&'a str>,
    /// JSON object.
    pub metadata: &'a str,
}

/// Inserts the channel (its artist, library and row); answers its uuid.
pub fn insert_channel(
    conn: &Connection,
    owner: i64,
    channel: &NewExternalChannel<'_>,
    now: &str,
) -> Result<(String, i64, i64), ApiError> {
    let artist = cat::insert_artist(
        conn,
        &cat::NewArtist {
            name: channel.name,
            content_category: "podcast",
            description: channel.description,
            cover_uuid: channel.cover_uuid,
            attributed_to: Some(owner),
        },
        now,
    )?;
    let library = cat::insert_library(conn, channel.name, "", "everyone", owner, now)?;
    let uuid = uuid::Uuid::new_v4().to_string();
    conn.execute(
        "INSERT INTO channels (uuid, artist_id, owner_id, library_id, username, metadata,
            creation_date, rss_url, external_link, cover_source, last_fetch_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?7)",
        params![
            uuid,
            artist,
            owner,
            library,
            // The actor's name: the channel's uuid, which no local name can be.
            uuid,
            channel.metadata,
            now,
            channel.rss_url,
            channel.link,
            channel.cover_source
        ],
    )?;
    Ok((uuid, artist, library))
}

pub struct NewEpisode<'a> {
    /// The feed item's guid, when it has one.
    pub guid: Option<&'a str>,
    pub title: &'a str,
    /// JSON `{"text", "content_type"}`.
    pub description: Option<&'a str>,
    pub source: &'a str,
    pub mimetype: &'a str,
    pub duration: i64,
    pub size: i64,
    pub position: Option<i64>,
    pub season: Option<i64>,
    /// ISO 8601: the item's publication date, else now.
    pub date: &'a str,
}

/// The episode (track and upload ids) the channel (its artist and library) already has for a
/// feed item: the one made from the same guid, else the one whose audio is the same enclosure
/// URL.
pub fn find_episode(
    conn: &Connection,
    artist: i64,
    library: i64,
    guid: Option<&str>,
    source: &str,
) -> Result<Option<(i64, i64)>, ApiError> {
    if let Some(guid) = guid {
        let found = conn
            .prepare_cached(
                "SELECT t.id, u.id FROM tracks t JOIN uploads u ON u.track_id = t.id
                 WHERE t.artist_id = ?1 AND t.rss_guid = ?2 AND u.library_id = ?3
                 ORDER BY t.id LIMIT 1",
            )?
            .query_row(params![artist, guid, library], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .optional()?;
        if found.is_some() {
            return Ok(found);
        }
    }
    Ok(conn
        .prepare_cached(
            "SELECT u.track_id, u.id FROM uploads u
             WHERE u.library_id = ?1 AND u.source = ?2 AND u.track_id IS NOT NULL
             ORDER BY u.id LIMIT 1",
        )?
        .query_row(params![library, source], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?)
}

/// Brings a known episode up to date with its feed item (only what changed is written, so
/// that an unchanged feed does not touch the search index); `dated`: whether the item has a
/// publication date of its own. Answers whether anything changed.
pub fn update_episode(
    conn: &Connection,
    track: i64,
    upload: i64,
    episode: &NewEpisode<'_>,
    dated: bool,
) -> Result<bool, ApiError> {
    let mut changed = conn.execute(
        "UPDATE tracks SET title = ?2, description = ?3, position = ?4, disc_number = ?5,
            rss_guid = coalesce(rss_guid, ?6)
         WHERE id = ?1 AND (title IS NOT ?2 OR description IS NOT ?3 OR position IS NOT ?4
            OR disc_number IS NOT ?5 OR (rss_guid IS NULL AND ?6 IS NOT NULL))",
        params![
            track,
            episode.title,
            episode.description,
            episode.position,
            episode.season,
            episode.guid
        ],
    )?;
    if dated {
        changed += conn.execute(
            "UPDATE tracks SET creation_date = ?2 WHERE id = ?1 AND creation_date IS NOT ?2",
            params![track, episode.date],
        )?;
    }
    changed += conn.execute(
        "UPDATE uploads SET source = ?2, mimetype = ?3, size = ?4, duration = ?5
         WHERE id = ?1 AND (source IS NOT ?2 OR mimetype IS NOT ?3 OR size IS NOT ?4
            OR duration IS NOT ?5)",
        params![
            upload,
            episode.source,
            episode.mimetype,
            episode.size,
            episode.duration
        ],
    )?;
    Ok(changed > 0)
}

/// One episode: a track of the channel's artist and its remote upload.
pub fn insert_episode(
    conn: &Connection,
    artist: i64,
    library: i64,
    owner: i64,
    episode: &NewEpisode<'_>,
) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO tracks (uuid, title, artist_id, position, disc_number, description,
            attributed_to, creation_date, rss_guid)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
        params![
            uuid::Uuid::new_v4().to_string(),
            episode.title,
            artist,
            episode.position,
            episode.season,
            episode.description,
            owner,
            episode.date,
            episode.guid
        ],
    )?;
    let track = conn.last_insert_rowid();
    conn.execute(
        "INSERT INTO uploads (uuid, track_id, library_id, file, mimetype, duration, bitrate, size,
            import_status, creation_date, import_date, source)
         VALUES (?1, ?2, ?3, '', ?4, ?5, 0, ?6, 'finished', ?7, ?7, ?8)",
        params![
            uuid::Uuid::new_v4().to_string(),
            track,
            library,
            episode.mimetype,
            episode.duration,
            episode.size,
            episode.date,
            episode.source
        ],
    )?;
    Ok(())
}

/// The remote source of an upload that has no local file (an external channel's episode).
pub fn remote_source(conn: &Connection, upload_uuid: &str) -> Result<Option<String>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT source FROM uploads WHERE uuid = ?1 AND file = ''
               AND (source LIKE 'http://%' OR source LIKE 'https://%')",
            [upload_uuid],
            |r| r.get(0),
        )
        .optional()?)
}

/// An external channel as a refresh needs it.
#[derive(Debug, Clone)]
pub struct ExternalChannelRow {
    pub id: i64,
    pub uuid: String,
    pub rss_url: String,
    pub artist: i64,
    pub library: i64,
    pub owner: i64,
    pub cover_source: Option<String>,
}

const EXTERNAL_COLUMNS: &str =
    "c.id, c.uuid, c.rss_url, c.artist_id, c.library_id, c.owner_id, c.cover_source";

fn external_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<ExternalChannelRow> {
    Ok(ExternalChannelRow {
        id: row.get(0)?,
        uuid: row.get(1)?,
        rss_url: row.get(2)?,
        artist: row.get(3)?,
        library: row.get(4)?,
        owner: row.get(5)?,
        cover_source: row.get(6)?,
    })
}

/// The external channels whose feed was last read before `before` (or never), oldest first.
pub fn due_for_refresh(
    conn: &Connection,
    before: &str,
) -> Result<Vec<ExternalChannelRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {EXTERNAL_COLUMNS} FROM channels c
         WHERE c.rss_url IS NOT NULL AND (c.last_fetch_date IS NULL OR c.last_fetch_date <= ?1)
         ORDER BY c.last_fetch_date, c.id"
    ))?;
    let rows = stmt
        .query_map([before], external_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

/// The external channel `id`, if it still exists with this feed.
pub fn external_channel(
    conn: &Connection,
    id: i64,
    rss_url: &str,
) -> Result<Option<ExternalChannelRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!(
                "SELECT {EXTERNAL_COLUMNS} FROM channels c WHERE c.id = ?1 AND c.rss_url = ?2"
            ),
            params![id, rss_url],
            external_row,
        )
        .optional()?)
}

/// What a new read of the feed says about the channel itself.
pub struct ChannelUpdate<'a> {
    pub name: &'a str,
    /// JSON `{"text", "content_type"}`; `None` keeps the current description.
    pub description: Option<&'a str>,
    pub link: Option<&'a str>,
    /// JSON object.
    pub metadata: &'a str,
}

/// Updates the channel from its feed (name, description, link, metadata) and records the read.
pub fn update_from_feed(
    conn: &Connection,
    channel: &ExternalChannelRow,
    update: &ChannelUpdate<'_>,
    now: &str,
) -> Result<(), ApiError> {
    // Only a changed name is written: renaming the artist re-indexes its tracks for search.
    conn.execute(
        "UPDATE artists SET name = ?2, modification_date = ?3 WHERE id = ?1 AND name <> ?2",
        params![channel.artist, update.name, now],
    )?;
    if let Some(description) = update.description {
        conn.execute(
            "UPDATE artists SET description = ?2, modification_date = ?3
             WHERE id = ?1 AND description IS NOT ?2",
            params![channel.artist, description, now],
        )?;
    }
    conn.execute(
        "UPDATE channels SET metadata = ?2, external_link = ?3, last_fetch_date = ?4
         WHERE id = ?1",
        params![channel.id, update.metadata, update.link, now],
    )?;
    Ok(())
}

/// Gives the channel a new cover (an attachment already inserted), downloaded from `source`.
/// Answers the file of the cover it replaces when nothing else uses it (its row is deleted;
/// the caller removes the file once committed).
pub fn replace_cover(
    conn: &Connection,
    channel: &ExternalChannelRow,
    cover_uuid: &str,
    source: &str,
) -> Result<Option<String>, ApiError> {
    let old: Option<String> = conn.query_row(
        "SELECT cover_uuid FROM artists WHERE id = ?1",
        [channel.artist],
        |r| r.get(0),
    )?;
    conn.execute(
        "UPDATE artists SET cover_uuid = ?2 WHERE id = ?1",
        params![channel.artist, cover_uuid],
    )?;
    conn.execute(
        "UPDATE channels SET cover_source = ?2 WHERE id = ?1",
        params![channel.id, source],
    )?;
    let Some(old) = old.filter(|old| old != cover_uuid) else {
        return Ok(None);
    };
    let used: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM artists WHERE cover_uuid = ?1)
             OR EXISTS (SELECT 1 FROM albums WHERE cover_uuid = ?1)",
        [&old],
        |r| r.get(0),
    )?;
    if used {
        return Ok(None);
    }
    let file: Option<String> = conn
        .query_row(
            "SELECT file FROM attachments WHERE uuid = ?1",
            [&old],
            |r| r.get(0),
        )
        .optional()?;
    conn.execute("DELETE FROM attachments WHERE uuid = ?1", [&old])?;
    Ok(file)
}

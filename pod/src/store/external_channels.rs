//! External channels: podcasts this pod subscribed to by their RSS feed (SQL only).
//!
//! As on a real pod, such a channel is attributed to the pod's service account (never a
//! person: nobody may edit or delete it, and it is in nobody's "my channels"); its episodes
//! are tracks of the channel's artist with one upload each, whose `source` is the feed item's
//! enclosure URL and which has no local file.

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::ApiError;
use crate::store;
use crate::store::catalogue as cat;

/// The `secrets` entry holding the service account's user id.
const SERVICE_KEY: &str = "service_user_id";

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
            creation_date, rss_url, external_link)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
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
            channel.link
        ],
    )?;
    Ok((uuid, artist, library))
}

pub struct NewEpisode<'a> {
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
            attributed_to, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            uuid::Uuid::new_v4().to_string(),
            episode.title,
            artist,
            episode.position,
            episode.season,
            episode.description,
            owner,
            episode.date
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

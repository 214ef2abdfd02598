//! Libraries (owner side), uploads and their import state, upload groups, quota (SQL only).

use rusqlite::types::Value as SqlValue;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension, Row};

use crate::error::ApiError;
use crate::store::catalogue::Filter;

pub const PRIVACY_LEVELS: &[&str] = &["me", "instance", "everyone"];
pub const IMPORT_STATUSES: &[&str] = &["draft", "pending", "finished", "errored", "skipped"];

#[derive(Debug, Clone)]
pub struct LibraryRef {
    pub id: i64,
    pub privacy_level: String,
    pub owner_id: i64,
    /// The channel this library belongs to, if any.
    pub channel_uuid: Option<String>,
    pub channel_artist: Option<i64>,
}

pub fn library(conn: &Connection, uuid: &str) -> Result<Option<LibraryRef>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT l.id, l.uuid, l.privacy_level, l.owner_id, c.uuid, c.artist_id
             FROM libraries l LEFT JOIN channels c ON c.library_id = l.id WHERE l.uuid = ?1",
            [uuid],
            |r| {
                Ok(LibraryRef {
                    id: r.get(0)?,
                    privacy_level: r.get(2)?,
                    owner_id: r.get(3)?,
                    channel_uuid: r.get(4)?,
                    channel_artist: r.get(5)?,
                })
            },
        )
        .optional()?)
}

pub fn create_library(
    conn: &Connection,
    uuid: &str,
    name: &str,
    description: Option<&str>,
    privacy_level: &str,
    owner: i64,
    now: &str,
) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO libraries (uuid, name, description, privacy_level, owner_id, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![uuid, name, description, privacy_level, owner, now],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn update_library(
    conn: &Connection,
    id: i64,
    name: Option<&str>,
    description: Option<Option<&str>>,
    privacy_level: Option<&str>,
) -> Result<(), ApiError> {
    if let Some(name) = name {
        conn.execute(
            "UPDATE libraries SET name = ?2 WHERE id = ?1",
            params![id, name],
        )?;
    }
    if let Some(description) = description {
        conn.execute(
            "UPDATE libraries SET description = ?2 WHERE id = ?1",
            params![id, description],
        )?;
    }
    if let Some(level) = privacy_level {
        conn.execute(
            "UPDATE libraries SET privacy_level = ?2 WHERE id = ?1",
            params![id, level],
        )?;
    }
    Ok(())
}

/// Deletes a library with its uploads; answers the upload files to remove from disk.
pub fn delete_library(conn: &mut Connection, id: i64) -> Result<Vec<String>, ApiError> {
    let tx = conn.transaction()?;
    let files = {
        let mut stmt = tx.prepare("SELECT file FROM uploads WHERE library_id = ?1")?;
        let files = stmt
            .query_map([id], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        files
    };
    tx.execute("DELETE FROM uploads WHERE library_id = ?1", [id])?;
    tx.execute("DELETE FROM library_follows WHERE library_id = ?1", [id])?;
    tx.execute("DELETE FROM libraries WHERE id = ?1", [id])?;
    prune_orphans(&tx)?;
    tx.commit()?;
    Ok(files)
}

/// Tracks without any upload that an import created (attributed to a user), then their
/// emptied albums and artists (channels' artists are kept).
pub fn prune_orphans(conn: &Connection) -> Result<(), ApiError> {
    conn.execute(
        "DELETE FROM tracks WHERE attributed_to IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM uploads u WHERE u.track_id = tracks.id)",
        [],
    )?;
    conn.execute(
        "DELETE FROM albums WHERE attributed_to IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM tracks t WHERE t.album_id = albums.id)",
        [],
    )?;
    conn.execute(
        "DELETE FROM artists WHERE attributed_to IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM tracks t WHERE t.artist_id = artists.id)
           AND NOT EXISTS (SELECT 1 FROM albums a WHERE a.artist_id = artists.id)
           AND NOT EXISTS (SELECT 1 FROM channels c WHERE c.artist_id = artists.id)",
        [],
    )?;
    Ok(())
}

// ---- Quota ----

/// Usage in bytes per import status, over every upload in the user's libraries.
#[derive(Debug, Clone, Default)]
pub struct Usage {
    pub draft: i64,
    pub pending: i64,
    pub finished: i64,
    pub errored: i64,
    pub skipped: i64,
}

impl Usage {
    pub fn total(&self) -> i64 {
        self.draft + self.pending + self.finished + self.errored + self.skipped
    }
}

pub fn usage(conn: &Connection, user: i64) -> Result<Usage, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT u.import_status, coalesce(sum(u.size), 0) FROM uploads u
         JOIN libraries l ON l.id = u.library_id WHERE l.owner_id = ?1 GROUP BY u.import_status",
    )?;
    let mut usage = Usage::default();
    for row in stmt.query_map([user], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
    })? {
        let (status, size) = row?;
        match status.as_str() {
            "draft" => usage.draft = size,
            "pending" => usage.pending = size,
            "finished" => usage.finished = size,
            "errored" => usage.errored = size,
            "skipped" => usage.skipped = size,
            _ => {}
        }
    }
    Ok(usage)
}

/// The user's quota in MB: their own, or the instance default when theirs is empty.
pub fn quota_mb(conn: &Connection, user: i64) -> Result<i64, ApiError> {
    let own: Option<i64> = conn
        .query_row(
            "SELECT upload_quota FROM users WHERE id = ?1",
            [user],
            |r| r.get(0),
        )
        .optional()?
        .flatten();
    match own {
        Some(mb) => Ok(mb),
        None => Ok(crate::store::preferences::load(conn)?
            .get("users__upload_quota")
            .as_i64()
            .unwrap_or(1000)),
    }
}

pub const MB: i64 = 1000 * 1000;

/// Bytes the user may still upload.
pub fn remaining_bytes(conn: &Connection, user: i64) -> Result<i64, ApiError> {
    let max = quota_mb(conn, user)?.saturating_mul(MB);
    Ok((max - usage(conn, user)?.total()).max(0))
}

// ---- Upload groups ----

pub fn create_group(
    conn: &Connection,
    guid: &str,
    name: &str,
    owner: i64,
    now: &str,
) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO upload_groups (guid, name, owner_id, creation_date) VALUES (?1, ?2, ?3, ?4)",
        params![guid, name, owner, now],
    )?;
    Ok(())
}

#[derive(Debug, Clone)]
pub struct GroupRow {
    pub id: i64,
    pub guid: String,
    pub name: String,
    pub owner_id: i64,
    pub creation_date: String,
}

pub fn group(conn: &Connection, guid: &str) -> Result<Option<GroupRow>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT id, guid, name, owner_id, creation_date FROM upload_groups WHERE guid = ?1",
            [guid],
            |r| {
                Ok(GroupRow {
                    id: r.get(0)?,
                    guid: r.get(1)?,
                    name: r.get(2)?,
                    owner_id: r.get(3)?,
                    creation_date: r.get(4)?,
                })
            },
        )
        .optional()?)
}

// ---- Uploads ----

#[derive(Debug, Clone)]
pub struct UploadRow {
    pub id: i64,
    pub uuid: String,
    pub filename: Option<String>,
    pub creation_date: String,
    pub mimetype: String,
    pub track_id: Option<i64>,
    pub library_uuid: String,
    pub channel_uuid: Option<String>,
    pub duration: i64,
    pub bitrate: i64,
    pub size: i64,
    pub import_date: Option<String>,
    pub import_status: String,
    pub import_details: Option<String>,
    pub import_metadata: Option<String>,
    pub import_reference: Option<String>,
    pub source: Option<String>,
    pub file: String,
    pub checksum: Option<String>,
    pub owner_id: i64,
}

pub const UPLOAD_FROM: &str = "uploads u JOIN libraries l ON l.id = u.library_id
    LEFT JOIN channels c ON c.library_id = l.id LEFT JOIN tracks t ON t.id = u.track_id
    LEFT JOIN artists ar ON ar.id = t.artist_id LEFT JOIN albums al ON al.id = t.album_id";

const UPLOAD_COLS: &str = "u.id, u.uuid, u.filename, u.creation_date, u.mimetype, u.track_id,
    l.uuid, l.id, c.uuid, u.duration, u.bitrate, u.size, u.import_date, u.import_status,
    u.import_details, u.import_metadata, u.import_reference, u.source, u.file, u.checksum, l.owner_id";

fn upload_row(r: &Row<'_>) -> rusqlite::Result<UploadRow> {
    Ok(UploadRow {
        id: r.get(0)?,
        uuid: r.get(1)?,
        filename: r.get(2)?,
        creation_date: r.get(3)?,
        mimetype: r.get(4)?,
        track_id: r.get(5)?,
        library_uuid: r.get(6)?,
        channel_uuid: r.get(8)?,
        duration: r.get(9)?,
        bitrate: r.get(10)?,
        size: r.get(11)?,
        import_date: r.get(12)?,
        import_status: r.get(13)?,
        import_details: r.get(14)?,
        import_metadata: r.get(15)?,
        import_reference: r.get(16)?,
        source: r.get(17)?,
        file: r.get(18)?,
        checksum: r.get(19)?,
        owner_id: r.get(20)?,
    })
}

pub fn uploads(
    conn: &Connection,
    filter: &Filter,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<UploadRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {UPLOAD_COLS} FROM {UPLOAD_FROM} {} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
        filter.sql()
    ))?;
    let rows = stmt
        .query_map(params_from_iter(filter.params.iter()), upload_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

pub fn upload(conn: &Connection, uuid: &str) -> Result<Option<UploadRow>, ApiError> {
    let mut filter = Filter::default();
    filter.add("u.uuid = ?", vec![SqlValue::Text(uuid.to_owned())]);
    Ok(uploads(conn, &filter, "u.id", 1, 0)?.into_iter().next())
}

pub struct NewUpload<'a> {
    pub uuid: &'a str,
    pub library_id: i64,
    pub filename: &'a str,
    pub file: &'a str,
    pub mimetype: &'a str,
    pub size: i64,
    pub checksum: &'a str,
    pub import_metadata: &'a str,
    pub import_reference: &'a str,
    pub source: Option<&'a str>,
    pub group_id: Option<i64>,
}

pub fn insert_pending(
    conn: &Connection,
    upload: &NewUpload<'_>,
    now: &str,
) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO uploads (uuid, library_id, filename, file, mimetype, duration, bitrate, size,
            checksum, import_status, import_metadata, import_reference, source, upload_group_id,
            import_details, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, 0, 0, ?6, ?7, 'pending', ?8, ?9, ?10, ?11, '{}', ?12)",
        params![
            upload.uuid,
            upload.library_id,
            upload.filename,
            upload.file,
            upload.mimetype,
            upload.size,
            upload.checksum,
            upload.import_metadata,
            upload.import_reference,
            upload.source,
            upload.group_id,
            now
        ],
    )?;
    Ok(())
}

/// The final state of an import.
pub struct Outcome<'a> {
    pub status: &'a str,
    pub details: &'a str,
    pub track_id: Option<i64>,
    pub duration: i64,
    pub bitrate: i64,
    pub mimetype: &'a str,
}

pub fn finish(
    conn: &Connection,
    id: i64,
    outcome: &Outcome<'_>,
    now: &str,
) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE uploads SET import_status = ?2, import_details = ?3, track_id = ?4, duration = ?5,
            bitrate = ?6, mimetype = ?7, import_date = ?8 WHERE id = ?1",
        params![
            id,
            outcome.status,
            outcome.details,
            outcome.track_id,
            outcome.duration,
            outcome.bitrate,
            outcome.mimetype,
            now
        ],
    )?;
    Ok(())
}

/// Back to pending for a relaunched import.
pub fn set_pending(conn: &Connection, id: i64) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE uploads SET import_status = 'pending', import_details = '{}', track_id = NULL,
            import_date = NULL WHERE id = ?1",
        [id],
    )?;
    Ok(())
}

/// Another finished upload of the same file in one of the owner's libraries.
pub fn duplicate_of(
    conn: &Connection,
    owner: i64,
    checksum: &str,
    except: i64,
) -> Result<Option<String>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT u.uuid FROM uploads u JOIN libraries l ON l.id = u.library_id
             WHERE l.owner_id = ?1 AND u.checksum = ?2 AND u.id != ?3
               AND u.import_status = 'finished' LIMIT 1",
            params![owner, checksum, except],
            |r| r.get(0),
        )
        .optional()?)
}

/// Deletes uploads (and what only they held up); answers their files.
pub fn delete_uploads(conn: &mut Connection, ids: &[i64]) -> Result<Vec<String>, ApiError> {
    let tx = conn.transaction()?;
    let mut files = Vec::new();
    for id in ids {
        if let Some(file) = tx
            .query_row("SELECT file FROM uploads WHERE id = ?1", [id], |r| {
                r.get::<_, String>(0)
            })
            .optional()?
        {
            files.push(file);
        }
        tx.execute("DELETE FROM uploads WHERE id = ?1", [id])?;
    }
    prune_orphans(&tx)?;
    tx.commit()?;
    Ok(files)
}

// ---- Import: find or create the catalogue objects ----

pub fn find_or_create_artist(
    conn: &Connection,
    name: &str,
    owner: i64,
    now: &str,
) -> Result<i64, ApiError> {
    if let Some(id) = conn
        .query_row(
            "SELECT id FROM artists WHERE name = ?1 COLLATE NOCASE
               AND id NOT IN (SELECT artist_id FROM channels) ORDER BY id LIMIT 1",
            [name],
            |r| r.get(0),
        )
        .optional()?
    {
        return Ok(id);
    }
    conn.execute(
        "INSERT INTO artists (uuid, name, content_category, attributed_to, creation_date, modification_date)
         VALUES (?1, ?2, 'music', ?3, ?4, ?4)",
        params![uuid::Uuid::new_v4().to_string(), name, owner, now],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn find_or_create_album(
    conn: &Connection,
    title: &str,
    artist: i64,
    release_date: Option<&str>,
    owner: i64,
    now: &str,
) -> Result<i64, ApiError> {
    if let Some(id) = conn
        .query_row(
            "SELECT id FROM albums WHERE title = ?1 COLLATE NOCASE AND artist_id = ?2 ORDER BY id LIMIT 1",
            params![title, artist],
            |r| r.get(0),
        )
        .optional()?
    {
        return Ok(id);
    }
    conn.execute(
        "INSERT INTO albums (uuid, title, artist_id, release_date, attributed_to, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            uuid::Uuid::new_v4().to_string(),
            title,
            artist,
            release_date,
            owner,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

pub struct TrackKey<'a> {
    pub title: &'a str,
    pub artist: i64,
    pub album: Option<i64>,
    pub position: Option<i64>,
    pub disc_number: Option<i64>,
}

pub fn find_or_create_track(
    conn: &Connection,
    key: &TrackKey<'_>,
    owner: i64,
    now: &str,
) -> Result<i64, ApiError> {
    if let Some(id) = conn
        .query_row(
            "SELECT id FROM tracks WHERE title = ?1 COLLATE NOCASE AND artist_id = ?2
               AND album_id IS ?3 AND position IS ?4 ORDER BY id LIMIT 1",
            params![key.title, key.artist, key.album, key.position],
            |r| r.get(0),
        )
        .optional()?
    {
        return Ok(id);
    }
    conn.execute(
        "INSERT INTO tracks (uuid, title, artist_id, album_id, position, disc_number, attributed_to, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            uuid::Uuid::new_v4().to_string(),
            key.title,
            key.artist,
            key.album,
            key.position,
            key.disc_number,
            owner,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

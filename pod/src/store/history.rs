//! Listening history (SQL only); listing goes through [`crate::store::favorites`]'s user →
//! track rows.

use rusqlite::{params, Connection};

use crate::error::ApiError;

pub fn insert(
    conn: &Connection,
    user_id: i64,
    track_id: i64,
    creation_date: &str,
) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO listenings (user_id, track_id, creation_date) VALUES (?1, ?2, ?3)",
        params![user_id, track_id, creation_date],
    )?;
    Ok(conn.last_insert_rowid())
}

/// `(title, artist name, album title)` of a track, for the `Listen` activity.
pub fn track_summary(
    conn: &Connection,
    track_id: i64,
) -> Result<(String, String, Option<String>), ApiError> {
    Ok(conn.query_row(
        "SELECT t.title, ar.name, al.title FROM tracks t JOIN artists ar ON ar.id = t.artist_id
         LEFT JOIN albums al ON al.id = t.album_id WHERE t.id = ?1",
        [track_id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?)
}

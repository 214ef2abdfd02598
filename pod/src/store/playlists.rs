//! Playlists and their ordered tracks (SQL only). Track positions (`idx`) stay contiguous
//! from 0.

use rusqlite::{params, params_from_iter, Connection, OptionalExtension};

use crate::error::ApiError;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::people::{owner_cols, owner_row, OwnerRow};

pub const FROM: &str = "playlists p JOIN users u ON u.id = p.owner_id";

#[derive(Debug, Clone)]
pub struct PlaylistRow {
    pub id: i64,
    pub name: String,
    pub privacy_level: String,
    pub description: Option<String>,
    pub creation_date: String,
    pub modification_date: String,
    pub tracks_count: i64,
    pub duration: i64,
    pub is_playable: bool,
    pub owner: OwnerRow,
}

/// Who may read a playlist: its owner, and signed-in users for `instance` / `everyone`
/// (anonymous readers: `everyone` only).
pub fn visible(filter: &mut Filter, viewer: Option<i64>) {
    match viewer {
        Some(id) => filter.add(
            "(p.owner_id = ? OR p.privacy_level IN ('instance', 'everyone'))",
            vec![cat::int(id)],
        ),
        None => filter.add("p.privacy_level = 'everyone'", vec![]),
    }
}

pub fn count(conn: &Connection, filter: &Filter) -> Result<i64, ApiError> {
    cat::count(conn, FROM, filter)
}

pub fn list(
    conn: &Connection,
    filter: &Filter,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<PlaylistRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT p.id, p.name, p.privacy_level, p.description, p.creation_date, p.modification_date,
            (SELECT count(*) FROM playlist_tracks pt WHERE pt.playlist_id = p.id),
            (SELECT coalesce(sum((SELECT max(up.duration) FROM uploads up
                WHERE up.track_id = pt.track_id AND up.import_status = 'finished')), 0)
             FROM playlist_tracks pt WHERE pt.playlist_id = p.id),
            EXISTS (SELECT 1 FROM playlist_tracks pt JOIN uploads up ON up.track_id = pt.track_id
                WHERE pt.playlist_id = p.id AND up.import_status = 'finished'),
            {}
         FROM {FROM} {} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
        owner_cols("u"),
        filter.sql()
    ))?;
    let rows = stmt.query_map(params_from_iter(filter.params.iter()), |r| {
        Ok(PlaylistRow {
            id: r.get(0)?,
            name: r.get(1)?,
            privacy_level: r.get(2)?,
            description: r.get(3)?,
            creation_date: r.get(4)?,
            modification_date: r.get(5)?,
            tracks_count: r.get(6)?,
            duration: r.get(7)?,
            is_playable: r.get(8)?,
            owner: owner_row(r, 9)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn by_id(conn: &Connection, id: i64) -> Result<Option<PlaylistRow>, ApiError> {
    let mut filter = Filter::default();
    filter.add("p.id = ?", vec![cat::int(id)]);
    Ok(list(conn, &filter, "p.id", 1, 0)?.into_iter().next())
}

/// Up to `limit` distinct album cover attachment ids, in playlist order.
pub fn cover_uuids(conn: &Connection, id: i64, limit: i64) -> Result<Vec<String>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT al.cover_uuid FROM playlist_tracks pt JOIN tracks t ON t.id = pt.track_id
         JOIN albums al ON al.id = t.album_id
         WHERE pt.playlist_id = ?1 AND al.cover_uuid IS NOT NULL
         GROUP BY al.cover_uuid ORDER BY min(pt.idx) LIMIT ?2",
    )?;
    let rows = stmt.query_map(params![id, limit], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub struct NewPlaylist<'a> {
    pub name: &'a str,
    pub owner_id: i64,
    pub privacy_level: &'a str,
    pub description: Option<&'a str>,
}

pub fn insert(conn: &Connection, playlist: &NewPlaylist<'_>, now: &str) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO playlists (name, owner_id, privacy_level, description, creation_date, modification_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
        params![
            playlist.name,
            playlist.owner_id,
            playlist.privacy_level,
            playlist.description,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Sets the given fields (`None` keeps the current value) and the modification date.
pub fn update(
    conn: &Connection,
    id: i64,
    name: Option<&str>,
    privacy_level: Option<&str>,
    description: Option<Option<&str>>,
    now: &str,
) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE playlists SET name = coalesce(?2, name), privacy_level = coalesce(?3, privacy_level),
            description = CASE WHEN ?4 THEN ?5 ELSE description END, modification_date = ?6
         WHERE id = ?1",
        params![
            id,
            name,
            privacy_level,
            description.is_some(),
            description.flatten(),
            now
        ],
    )?;
    Ok(())
}

pub fn touch(conn: &Connection, id: i64, now: &str) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE playlists SET modification_date = ?2 WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}

pub fn delete(conn: &Connection, id: i64) -> Result<(), ApiError> {
    conn.execute("DELETE FROM playlists WHERE id = ?1", [id])?;
    Ok(())
}

#[derive(Debug, Clone)]
pub struct EntryRow {
    pub track_id: i64,
    pub index: i64,
    pub creation_date: String,
}

fn entry_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<EntryRow> {
    Ok(EntryRow {
        track_id: r.get(0)?,
        index: r.get(1)?,
        creation_date: r.get(2)?,
    })
}

pub fn entries_count(conn: &Connection, id: i64) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM playlist_tracks WHERE playlist_id = ?1",
        [id],
        |r| r.get(0),
    )?)
}

pub fn entries(
    conn: &Connection,
    id: i64,
    limit: i64,
    offset: i64,
) -> Result<Vec<EntryRow>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT track_id, idx, creation_date FROM playlist_tracks WHERE playlist_id = ?1
         ORDER BY idx, id LIMIT ?2 OFFSET ?3",
    )?;
    let rows = stmt.query_map(params![id, limit, offset], entry_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Of `track_ids`, those already in the playlist.
pub fn present(conn: &Connection, id: i64, track_ids: &[i64]) -> Result<Vec<i64>, ApiError> {
    if track_ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut stmt = conn.prepare(&format!(
        "SELECT DISTINCT track_id FROM playlist_tracks WHERE playlist_id = ? AND track_id IN ({})",
        cat::placeholders(track_ids.len())
    ))?;
    let mut values = vec![cat::int(id)];
    values.extend(track_ids.iter().map(|t| cat::int(*t)));
    let rows = stmt.query_map(params_from_iter(values), |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Of `track_ids`, those that are not tracks of the catalogue.
pub fn unknown_tracks(conn: &Connection, track_ids: &[i64]) -> Result<Vec<i64>, ApiError> {
    let mut missing = Vec::new();
    let mut stmt = conn.prepare_cached("SELECT 1 FROM tracks WHERE id = ?1")?;
    for id in track_ids {
        if stmt.query_row([id], |_| Ok(())).optional()?.is_none() {
            missing.push(*id);
        }
    }
    Ok(missing)
}

pub fn track_title(conn: &Connection, track_id: i64) -> Result<String, ApiError> {
    Ok(
        conn.query_row("SELECT title FROM tracks WHERE id = ?1", [track_id], |r| {
            r.get(0)
        })?,
    )
}

/// Appends the tracks in order; returns the new entries.
pub fn append(
    conn: &Connection,
    id: i64,
    track_ids: &[i64],
    now: &str,
) -> Result<Vec<EntryRow>, ApiError> {
    let start = entries_count(conn, id)?;
    let mut stmt = conn.prepare_cached(
        "INSERT INTO playlist_tracks (playlist_id, track_id, idx, creation_date) VALUES (?1, ?2, ?3, ?4)",
    )?;
    let mut added = Vec::with_capacity(track_ids.len());
    for (offset, track) in (0_i64..).zip(track_ids) {
        stmt.execute(params![id, track, start + offset, now])?;
        added.push(EntryRow {
            track_id: *track,
            index: start + offset,
            creation_date: now.to_owned(),
        });
    }
    touch(conn, id, now)?;
    Ok(added)
}

/// Removes the entry at `index` and closes the gap; false when there is none.
pub fn remove_index(conn: &Connection, id: i64, index: i64, now: &str) -> Result<bool, ApiError> {
    let removed = conn.execute(
        "DELETE FROM playlist_tracks WHERE playlist_id = ?1 AND idx = ?2",
        params![id, index],
    )?;
    if removed == 0 {
        return Ok(false);
    }
    conn.execute(
        "UPDATE playlist_tracks SET idx = idx - 1 WHERE playlist_id = ?1 AND idx > ?2",
        params![id, index],
    )?;
    touch(conn, id, now)?;
    Ok(true)
}

/// Entry ids in playlist order.
fn order_of(conn: &Connection, id: i64) -> Result<Vec<i64>, ApiError> {
    let mut stmt = conn
        .prepare_cached("SELECT id FROM playlist_tracks WHERE playlist_id = ?1 ORDER BY idx, id")?;
    let rows = stmt.query_map([id], |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Why a move was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum MoveError {
    NoSuchFrom,
    NotContinuous,
}

/// Moves the entry at `from` to `to`, shifting the ones between.
pub fn move_entry(
    conn: &Connection,
    id: i64,
    from: usize,
    to: usize,
    now: &str,
) -> Result<Result<(), MoveError>, ApiError> {
    let mut order = order_of(conn, id)?;
    if from >= order.len() {
        return Ok(Err(MoveError::NoSuchFrom));
    }
    if to >= order.len() {
        return Ok(Err(MoveError::NotContinuous));
    }
    let entry = order.remove(from);
    order.insert(to, entry);
    let mut stmt = conn.prepare_cached("UPDATE playlist_tracks SET idx = ?2 WHERE id = ?1")?;
    for (index, entry) in (0_i64..).zip(&order) {
        stmt.execute(params![entry, index])?;
    }
    touch(conn, id, now)?;
    Ok(Ok(()))
}

pub fn clear(conn: &Connection, id: i64, now: &str) -> Result<(), ApiError> {
    conn.execute("DELETE FROM playlist_tracks WHERE playlist_id = ?1", [id])?;
    touch(conn, id, now)?;
    Ok(())
}

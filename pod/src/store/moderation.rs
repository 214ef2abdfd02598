//! Content filters (hidden artists) and reports (SQL only).

use rusqlite::{params, params_from_iter, Connection, OptionalExtension};

use crate::error::ApiError;
use crate::store::catalogue::Filter;
use crate::store::people::{owner_cols, owner_row, OwnerRow};

// ---- Content filters ----

#[derive(Debug, Clone)]
pub struct UserFilterRow {
    pub uuid: String,
    pub user_id: i64,
    pub artist_id: i64,
    pub artist_name: String,
    pub creation_date: String,
}

const FILTER_SELECT: &str = "SELECT f.uuid, f.user_id, f.target_artist_id, a.name, f.creation_date
    FROM user_filters f JOIN artists a ON a.id = f.target_artist_id";

fn filter_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<UserFilterRow> {
    Ok(UserFilterRow {
        uuid: r.get(0)?,
        user_id: r.get(1)?,
        artist_id: r.get(2)?,
        artist_name: r.get(3)?,
        creation_date: r.get(4)?,
    })
}

pub fn filters_count(conn: &Connection, user: i64) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM user_filters WHERE user_id = ?1",
        [user],
        |r| r.get(0),
    )?)
}

pub fn filters_of(
    conn: &Connection,
    user: i64,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<UserFilterRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "{FILTER_SELECT} WHERE f.user_id = ?1 ORDER BY {order} LIMIT ?2 OFFSET ?3"
    ))?;
    let rows = stmt.query_map(params![user, limit, offset], filter_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn filter_by_uuid(conn: &Connection, uuid: &str) -> Result<Option<UserFilterRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("{FILTER_SELECT} WHERE f.uuid = ?1"),
            [uuid],
            filter_row,
        )
        .optional()?)
}

pub fn artist_exists(conn: &Connection, id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .query_row("SELECT 1 FROM artists WHERE id = ?1", [id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// False when the user already hides this artist.
pub fn add_filter(
    conn: &Connection,
    uuid: &str,
    user: i64,
    artist: i64,
    now: &str,
) -> Result<bool, ApiError> {
    Ok(conn.execute(
        "INSERT OR IGNORE INTO user_filters (uuid, user_id, target_artist_id, creation_date)
         VALUES (?1, ?2, ?3, ?4)",
        params![uuid, user, artist, now],
    )? > 0)
}

pub fn delete_filter(conn: &Connection, uuid: &str) -> Result<(), ApiError> {
    conn.execute("DELETE FROM user_filters WHERE uuid = ?1", [uuid])?;
    Ok(())
}

/// SQL condition on a track alias `t`: not by an artist `user` hides.
pub fn not_hidden_clause() -> &'static str {
    "t.artist_id NOT IN (SELECT target_artist_id FROM user_filters WHERE user_id = ?)"
}

// ---- Reports ----

/// Whether a report target exists: `track`, `album`, `artist` (ids), `library`, `channel`
/// (uuids), `playlist` (id), `account` (local username).
pub fn target_exists(conn: &Connection, kind: &str, id: &str) -> Result<bool, ApiError> {
    let sql = match kind {
        "track" => "SELECT 1 FROM tracks WHERE id = ?1",
        "album" => "SELECT 1 FROM albums WHERE id = ?1",
        "artist" => "SELECT 1 FROM artists WHERE id = ?1",
        "playlist" => "SELECT 1 FROM playlists WHERE id = ?1",
        "library" => "SELECT 1 FROM libraries WHERE uuid = ?1",
        "channel" => "SELECT 1 FROM channels WHERE uuid = ?1",
        "account" => "SELECT 1 FROM users WHERE username = ?1 COLLATE NOCASE",
        _ => return Ok(false),
    };
    Ok(conn.query_row(sql, [id], |_| Ok(())).optional()?.is_some())
}

pub struct NewReport<'a> {
    pub uuid: &'a str,
    pub kind: &'a str,
    pub summary: Option<&'a str>,
    pub submitter_id: Option<i64>,
    pub submitter_email: Option<&'a str>,
    pub target_type: &'a str,
    pub target_id: &'a str,
}

pub fn insert_report(conn: &Connection, report: &NewReport<'_>, now: &str) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO reports (uuid, type, summary, submitter_id, submitter_email, target_type,
            target_id, creation_date) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            report.uuid,
            report.kind,
            report.summary,
            report.submitter_id,
            report.submitter_email,
            report.target_type,
            report.target_id,
            now
        ],
    )?;
    Ok(())
}

#[derive(Debug, Clone)]
pub struct ReportRow {
    pub id: i64,
    pub uuid: String,
    pub kind: String,
    pub summary: Option<String>,
    pub submitter_email: Option<String>,
    pub target_type: String,
    pub target_id: String,
    pub is_handled: bool,
    pub handled_date: Option<String>,
    pub creation_date: String,
    pub submitter: Option<OwnerRow>,
}

pub const REPORT_FROM: &str = "reports rp LEFT JOIN users u ON u.id = rp.submitter_id";

pub fn reports_count(conn: &Connection, filter: &Filter) -> Result<i64, ApiError> {
    crate::store::catalogue::count(conn, REPORT_FROM, filter)
}

pub fn reports(
    conn: &Connection,
    filter: &Filter,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<ReportRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT rp.id, rp.uuid, rp.type, rp.summary, rp.submitter_email, rp.target_type,
            rp.target_id, rp.is_handled, rp.handled_date, rp.creation_date, u.id IS NOT NULL, {}
         FROM {REPORT_FROM} {} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
        owner_cols("u"),
        filter.sql()
    ))?;
    let rows = stmt.query_map(params_from_iter(filter.params.iter()), |r| {
        let has_submitter: bool = r.get(10)?;
        Ok(ReportRow {
            id: r.get(0)?,
            uuid: r.get(1)?,
            kind: r.get(2)?,
            summary: r.get(3)?,
            submitter_email: r.get(4)?,
            target_type: r.get(5)?,
            target_id: r.get(6)?,
            is_handled: r.get(7)?,
            handled_date: r.get(8)?,
            creation_date: r.get(9)?,
            submitter: if has_submitter {
                Some(owner_row(r, 11)?)
            } else {
                None
            },
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn unresolved_count(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM reports WHERE is_handled = 0",
        [],
        |r| r.get(0),
    )?)
}

pub fn set_handled(
    conn: &Connection,
    uuid: &str,
    handled: bool,
    now: &str,
) -> Result<bool, ApiError> {
    Ok(conn.execute(
        "UPDATE reports SET is_handled = ?2, handled_date = CASE WHEN ?2 THEN ?3 ELSE NULL END
         WHERE uuid = ?1",
        params![uuid, handled, now],
    )? > 0)
}

//! Imports from the server's music folder: their status and log lines (SQL only).

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::ApiError;

/// Statuses an import still runs in.
pub const RUNNING: &[&str] = &["pending", "started"];

#[derive(Debug, Clone)]
pub struct FsImportRow {
    pub id: i64,
    pub user_id: i64,
    pub library_id: Option<i64>,
    pub path: String,
    pub reference: String,
    pub status: String,
}

pub fn create(
    conn: &Connection,
    user: i64,
    library: i64,
    path: &str,
    reference: &str,
    now: &str,
) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO fs_imports (user_id, library_id, path, reference, status, creation_date,
            modification_date) VALUES (?1, ?2, ?3, ?4, 'pending', ?5, ?5)",
        params![user, library, path, reference, now],
    )?;
    Ok(conn.last_insert_rowid())
}

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<FsImportRow> {
    Ok(FsImportRow {
        id: r.get(0)?,
        user_id: r.get(1)?,
        library_id: r.get(2)?,
        path: r.get(3)?,
        reference: r.get(4)?,
        status: r.get(5)?,
    })
}

const COLS: &str = "id, user_id, library_id, path, reference, status";

/// The pod's latest import (the music folder is the pod's, as is its import).
pub fn latest(conn: &Connection) -> Result<Option<FsImportRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("SELECT {COLS} FROM fs_imports ORDER BY id DESC LIMIT 1"),
            [],
            row,
        )
        .optional()?)
}

pub fn get(conn: &Connection, id: i64) -> Result<Option<FsImportRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("SELECT {COLS} FROM fs_imports WHERE id = ?1"),
            [id],
            row,
        )
        .optional()?)
}

pub fn set_status(conn: &Connection, id: i64, status: &str, now: &str) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE fs_imports SET status = ?2, modification_date = ?3 WHERE id = ?1",
        params![id, status, now],
    )?;
    Ok(())
}

/// Moves a running import to `status`; false when it was no longer running (finished or
/// canceled meanwhile), so that a cancellation is never overwritten.
pub fn finish_running(
    conn: &Connection,
    id: i64,
    status: &str,
    now: &str,
) -> Result<bool, ApiError> {
    let changed = conn.execute(
        "UPDATE fs_imports SET status = ?2, modification_date = ?3
         WHERE id = ?1 AND status IN ('pending', 'started')",
        params![id, status, now],
    )?;
    Ok(changed > 0)
}

pub fn log(conn: &Connection, id: i64, line: &str) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO fs_import_logs (import_id, line) VALUES (?1, ?2)",
        params![id, line],
    )?;
    Ok(())
}

pub fn logs(conn: &Connection, id: i64) -> Result<Vec<String>, ApiError> {
    let mut stmt =
        conn.prepare_cached("SELECT line FROM fs_import_logs WHERE import_id = ?1 ORDER BY id")?;
    let lines = stmt
        .query_map([id], |r| r.get::<_, String>(0))?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(lines)
}

/// At start: imports a previous process left running cannot go on; they end as errored
/// with a line saying why (their files imported so far stay imported).
pub fn interrupt_running(conn: &Connection, now: &str) -> Result<(), rusqlite::Error> {
    conn.execute(
        "INSERT INTO fs_import_logs (import_id, line)
         SELECT id, 'The pod stopped before the import ended; start it again to import the remaining files.'
         FROM fs_imports WHERE status IN ('pending', 'started')",
        [],
    )?;
    conn.execute(
        "UPDATE fs_imports SET status = 'errored', modification_date = ?1
         WHERE status IN ('pending', 'started')",
        [now],
    )?;
    Ok(())
}

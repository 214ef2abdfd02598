//! Library follows and the notification inbox (SQL only).

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::ApiError;
use crate::store::people::{owner_cols, owner_row, OwnerRow};

#[derive(Debug, Clone)]
pub struct LibraryRef {
    pub id: i64,
    pub uuid: String,
    pub name: String,
    pub privacy_level: String,
    pub owner_id: i64,
}

pub fn library_by_uuid(conn: &Connection, uuid: &str) -> Result<Option<LibraryRef>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT id, uuid, name, privacy_level, owner_id FROM libraries WHERE uuid = ?1",
            [uuid],
            |r| {
                Ok(LibraryRef {
                    id: r.get(0)?,
                    uuid: r.get(1)?,
                    name: r.get(2)?,
                    privacy_level: r.get(3)?,
                    owner_id: r.get(4)?,
                })
            },
        )
        .optional()?)
}

#[derive(Debug, Clone)]
pub struct FollowRow {
    pub uuid: String,
    pub approved: Option<bool>,
    pub creation_date: String,
    pub library_uuid: String,
    pub library_owner: i64,
    pub follower: OwnerRow,
}

fn follow_select() -> String {
    format!(
        "SELECT f.uuid, f.approved, f.creation_date, l.uuid, l.owner_id, {}
         FROM library_follows f JOIN libraries l ON l.id = f.library_id JOIN users u ON u.id = f.user_id",
        owner_cols("u")
    )
}

fn follow_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<FollowRow> {
    Ok(FollowRow {
        uuid: r.get(0)?,
        approved: r.get(1)?,
        creation_date: r.get(2)?,
        library_uuid: r.get(3)?,
        library_owner: r.get(4)?,
        follower: owner_row(r, 5)?,
    })
}

pub fn follow_by_uuid(conn: &Connection, uuid: &str) -> Result<Option<FollowRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("{} WHERE f.uuid = ?1", follow_select()),
            [uuid],
            follow_row,
        )
        .optional()?)
}

pub fn follows_of(conn: &Connection, user: i64) -> Result<Vec<FollowRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "{} WHERE f.user_id = ?1 ORDER BY f.creation_date DESC, f.id DESC",
        follow_select()
    ))?;
    let rows = stmt.query_map([user], follow_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The follows of one library, newest first (for its owner).
pub fn followers_of(conn: &Connection, library: i64) -> Result<Vec<FollowRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "{} WHERE f.library_id = ?1 ORDER BY f.creation_date DESC, f.id DESC",
        follow_select()
    ))?;
    let rows = stmt.query_map([library], follow_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn is_following(conn: &Connection, user: i64, library: i64) -> Result<bool, ApiError> {
    Ok(conn
        .query_row(
            "SELECT 1 FROM library_follows WHERE user_id = ?1 AND library_id = ?2",
            params![user, library],
            |_| Ok(()),
        )
        .optional()?
        .is_some())
}

pub fn insert_follow(
    conn: &Connection,
    uuid: &str,
    user: i64,
    library: i64,
    approved: Option<bool>,
    now: &str,
) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO library_follows (uuid, user_id, library_id, approved, creation_date, modification_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5)",
        params![uuid, user, library, approved, now],
    )?;
    Ok(())
}

pub fn set_approved(
    conn: &Connection,
    uuid: &str,
    approved: bool,
    now: &str,
) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE library_follows SET approved = ?2, modification_date = ?3 WHERE uuid = ?1",
        params![uuid, approved, now],
    )?;
    Ok(())
}

pub fn delete_follow(conn: &Connection, uuid: &str) -> Result<(), ApiError> {
    conn.execute("DELETE FROM library_follows WHERE uuid = ?1", [uuid])?;
    Ok(())
}

// ---- Inbox ----

#[derive(Debug, Clone)]
pub struct InboxRow {
    pub id: i64,
    pub activity: String,
    pub is_read: bool,
}

pub fn add_inbox_item(
    conn: &Connection,
    user: i64,
    activity: &str,
    now: &str,
) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO inbox_items (user_id, activity, creation_date) VALUES (?1, ?2, ?3)",
        params![user, activity, now],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn inbox_count(conn: &Connection, user: i64, is_read: Option<bool>) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM inbox_items WHERE user_id = ?1 AND (?2 IS NULL OR is_read = ?2)",
        params![user, is_read],
        |r| r.get(0),
    )?)
}

pub fn inbox(
    conn: &Connection,
    user: i64,
    is_read: Option<bool>,
    limit: i64,
    offset: i64,
) -> Result<Vec<InboxRow>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, activity, is_read FROM inbox_items
         WHERE user_id = ?1 AND (?2 IS NULL OR is_read = ?2)
         ORDER BY creation_date DESC, id DESC LIMIT ?3 OFFSET ?4",
    )?;
    let rows = stmt.query_map(params![user, is_read, limit, offset], |r| {
        Ok(InboxRow {
            id: r.get(0)?,
            activity: r.get(1)?,
            is_read: r.get(2)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn inbox_item(conn: &Connection, user: i64, id: i64) -> Result<Option<InboxRow>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT id, activity, is_read FROM inbox_items WHERE user_id = ?1 AND id = ?2",
            params![user, id],
            |r| {
                Ok(InboxRow {
                    id: r.get(0)?,
                    activity: r.get(1)?,
                    is_read: r.get(2)?,
                })
            },
        )
        .optional()?)
}

/// Marks one item (or all the user's items when `id` is None) read or unread.
pub fn mark_read(
    conn: &Connection,
    user: i64,
    id: Option<i64>,
    is_read: bool,
) -> Result<usize, ApiError> {
    Ok(conn.execute(
        "UPDATE inbox_items SET is_read = ?3 WHERE user_id = ?1 AND (?2 IS NULL OR id = ?2)",
        params![user, id, is_read],
    )?)
}

//! The administrators' user list (`manage/users/users/`) (SQL only).
//!
//! The pod's service account (the owner of external channels, see `external_channels`) is
//! never among them: on a real pod the service actor has no user account.

use rusqlite::{params, params_from_iter, Connection, Row};

use crate::error::ApiError;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::external_channels::not_service_user;

pub const FROM: &str = "users u";

#[derive(Debug, Clone)]
pub struct ManagedUser {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub name: String,
    pub is_active: bool,
    pub is_staff: bool,
    pub is_superuser: bool,
    pub perm_library: bool,
    pub perm_moderation: bool,
    pub perm_settings: bool,
    pub date_joined: String,
    pub privacy_level: String,
    pub upload_quota: Option<i64>,
}

const COLUMNS: &str = "u.id, u.username, u.email, u.name, u.is_active, u.is_staff, \
    u.is_superuser, u.perm_library, u.perm_moderation, u.perm_settings, u.date_joined, \
    u.privacy_level, u.upload_quota";

fn from_row(row: &Row<'_>) -> rusqlite::Result<ManagedUser> {
    Ok(ManagedUser {
        id: row.get(0)?,
        username: row.get(1)?,
        email: row.get(2)?,
        name: row.get(3)?,
        is_active: row.get(4)?,
        is_staff: row.get(5)?,
        is_superuser: row.get(6)?,
        perm_library: row.get(7)?,
        perm_moderation: row.get(8)?,
        perm_settings: row.get(9)?,
        date_joined: row.get(10)?,
        privacy_level: row.get(11)?,
        upload_quota: row.get(12)?,
    })
}

/// A filter over `users u` that already leaves the service account out.
pub fn people() -> Filter {
    let mut filter = Filter::default();
    filter.add(&not_service_user("u"), vec![]);
    filter
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
) -> Result<Vec<ManagedUser>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {COLUMNS} FROM {FROM} {} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
        filter.sql()
    ))?;
    let rows = stmt
        .query_map(params_from_iter(filter.params.iter()), from_row)?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

pub fn by_id(conn: &Connection, id: i64) -> Result<Option<ManagedUser>, ApiError> {
    let mut filter = people();
    filter.add("u.id = ?", vec![cat::int(id)]);
    Ok(list(conn, &filter, "u.id", 1, 0)?.into_iter().next())
}

/// What an administrator may change (`None`: unchanged).
#[derive(Debug, Default)]
pub struct UserChanges {
    pub name: Option<String>,
    pub is_active: Option<bool>,
    pub is_staff: Option<bool>,
    pub is_superuser: Option<bool>,
    /// `Some(None)` clears the quota (the pod's default applies).
    pub upload_quota: Option<Option<i64>>,
    pub perm_library: Option<bool>,
    pub perm_moderation: Option<bool>,
    pub perm_settings: Option<bool>,
}

/// Applies `changes` to the user `id` (never the service account); `false` when there is no
/// such user.
pub fn update(conn: &Connection, id: i64, changes: &UserChanges) -> Result<bool, ApiError> {
    let exists = by_id(conn, id)?.is_some();
    if !exists {
        return Ok(false);
    }
    let flags = [
        ("is_active", changes.is_active),
        ("is_staff", changes.is_staff),
        ("is_superuser", changes.is_superuser),
        ("perm_library", changes.perm_library),
        ("perm_moderation", changes.perm_moderation),
        ("perm_settings", changes.perm_settings),
    ];
    for (column, value) in flags {
        if let Some(value) = value {
            conn.execute(
                &format!("UPDATE users SET {column} = ?2 WHERE id = ?1"),
                params![id, value],
            )?;
        }
    }
    if let Some(name) = &changes.name {
        conn.execute(
            "UPDATE users SET name = ?2 WHERE id = ?1",
            params![id, name],
        )?;
    }
    if let Some(quota) = changes.upload_quota {
        conn.execute(
            "UPDATE users SET upload_quota = ?2 WHERE id = ?1",
            params![id, quota],
        )?;
    }
    Ok(true)
}

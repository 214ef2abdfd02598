//! Accounts and sessions (SQL only).

use rusqlite::{params, Connection, OptionalExtension, Row};

use crate::auth::tokens::{now_secs, random_token};
use crate::error::ApiError;

#[derive(Debug, Clone)]
pub struct UserRow {
    pub id: i64,
    pub username: String,
    pub email: String,
    pub name: String,
    pub password_hash: String,
    pub is_staff: bool,
    pub is_superuser: bool,
    pub perm_library: bool,
    pub perm_moderation: bool,
    pub perm_settings: bool,
    pub is_active: bool,
    pub email_verified: bool,
    pub date_joined: String,
    pub privacy_level: String,
    pub settings: String,
    pub listen_token: String,
    pub summary: Option<String>,
    pub instance_support_message_display_date: Option<String>,
    pub funkwhale_support_message_display_date: Option<String>,
}

const COLUMNS: &str = "id, username, email, name, password_hash, is_staff, is_superuser, \
    perm_library, perm_moderation, perm_settings, is_active, email_verified, date_joined, \
    privacy_level, settings, listen_token, summary, instance_support_message_display_date, \
    funkwhale_support_message_display_date";

fn from_row(row: &Row<'_>) -> rusqlite::Result<UserRow> {
    Ok(UserRow {
        id: row.get(0)?,
        username: row.get(1)?,
        email: row.get(2)?,
        name: row.get(3)?,
        password_hash: row.get(4)?,
        is_staff: row.get(5)?,
        is_superuser: row.get(6)?,
        perm_library: row.get(7)?,
        perm_moderation: row.get(8)?,
        perm_settings: row.get(9)?,
        is_active: row.get(10)?,
        email_verified: row.get(11)?,
        date_joined: row.get(12)?,
        privacy_level: row.get(13)?,
        settings: row.get(14)?,
        listen_token: row.get(15)?,
        summary: row.get(16)?,
        instance_support_message_display_date: row.get(17)?,
        funkwhale_support_message_display_date: row.get(18)?,
    })
}

pub struct NewUser<'a> {
    pub username: &'a str,
    pub email: &'a str,
    pub password_hash: &'a str,
    pub is_staff: bool,
    pub is_superuser: bool,
    pub perm_library: bool,
    pub perm_moderation: bool,
    pub perm_settings: bool,
    pub is_active: bool,
    pub email_verified: bool,
}

pub fn now_iso() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

pub fn insert(conn: &Connection, user: &NewUser<'_>) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO users (username, email, password_hash, is_staff, is_superuser, perm_library,
            perm_moderation, perm_settings, is_active, email_verified, date_joined, listen_token)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
        params![
            user.username,
            user.email,
            user.password_hash,
            user.is_staff,
            user.is_superuser,
            user.perm_library,
            user.perm_moderation,
            user.perm_settings,
            user.is_active,
            user.email_verified,
            now_iso(),
            random_token(40),
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn count(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn.query_row("SELECT count(*) FROM users", [], |r| r.get(0))?)
}

pub fn by_id(conn: &Connection, id: i64) -> Result<Option<UserRow>, ApiError> {
    Ok(conn
        .prepare_cached(&format!("SELECT {COLUMNS} FROM users WHERE id = ?1"))?
        .query_row([id], from_row)
        .optional()?)
}

pub fn by_username(conn: &Connection, username: &str) -> Result<Option<UserRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("SELECT {COLUMNS} FROM users WHERE username = ?1"),
            [username],
            from_row,
        )
        .optional()?)
}

pub fn by_email(conn: &Connection, email: &str) -> Result<Option<UserRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("SELECT {COLUMNS} FROM users WHERE email = ?1 ORDER BY id LIMIT 1"),
            [email],
            from_row,
        )
        .optional()?)
}

pub fn by_listen_token(conn: &Connection, token: &str) -> Result<Option<UserRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("SELECT {COLUMNS} FROM users WHERE listen_token = ?1 AND is_active = 1"),
            [token],
            from_row,
        )
        .optional()?)
}

pub fn update_settings(conn: &Connection, id: i64, settings: &str) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE users SET settings = ?2 WHERE id = ?1",
        params![id, settings],
    )?;
    Ok(())
}

pub fn set_password(conn: &Connection, id: i64, password_hash: &str) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE users SET password_hash = ?2, listen_token = ?3 WHERE id = ?1",
        params![id, password_hash, random_token(40)],
    )?;
    Ok(())
}

/// Two weeks, Django's default session age.
pub const SESSION_AGE_SECS: u64 = 14 * 24 * 3600;

pub fn create_session(conn: &Connection, user_id: i64) -> Result<String, ApiError> {
    let key = random_token(32);
    let expires = i64::try_from(now_secs() + SESSION_AGE_SECS).unwrap_or(i64::MAX);
    conn.execute(
        "INSERT INTO sessions (key, user_id, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
        params![key, user_id, now_iso(), expires],
    )?;
    Ok(key)
}

pub fn session_user(conn: &Connection, key: &str) -> Result<Option<UserRow>, ApiError> {
    let now = i64::try_from(now_secs()).unwrap_or(i64::MAX);
    Ok(conn
        .prepare_cached(&format!(
            "SELECT {} FROM sessions s JOIN users u ON u.id = s.user_id
             WHERE s.key = ?1 AND s.expires_at > ?2 AND u.is_active = 1",
            COLUMNS
                .split(", ")
                .map(|c| format!("u.{}", c.trim()))
                .collect::<Vec<_>>()
                .join(", ")
        ))?
        .query_row(params![key, now], from_row)
        .optional()?)
}

pub fn delete_session(conn: &Connection, key: &str) -> Result<(), ApiError> {
    conn.execute("DELETE FROM sessions WHERE key = ?1", [key])?;
    Ok(())
}

pub fn delete_user_sessions(conn: &Connection, user_id: i64) -> Result<(), ApiError> {
    conn.execute("DELETE FROM sessions WHERE user_id = ?1", [user_id])?;
    Ok(())
}

/// Profile fields a user edits on itself; `None` leaves a field unchanged.
#[derive(Debug, Default)]
pub struct ProfileUpdate {
    pub name: Option<String>,
    pub privacy_level: Option<String>,
    pub summary: Option<Option<String>>,
    pub instance_support_message_display_date: Option<Option<String>>,
    pub funkwhale_support_message_display_date: Option<Option<String>>,
}

pub fn update_profile(conn: &Connection, id: i64, update: &ProfileUpdate) -> Result<(), ApiError> {
    let tx = conn.unchecked_transaction()?;
    if let Some(name) = &update.name {
        tx.execute(
            "UPDATE users SET name = ?2 WHERE id = ?1",
            params![id, name],
        )?;
    }
    if let Some(level) = &update.privacy_level {
        tx.execute(
            "UPDATE users SET privacy_level = ?2 WHERE id = ?1",
            params![id, level],
        )?;
    }
    if let Some(summary) = &update.summary {
        tx.execute(
            "UPDATE users SET summary = ?2 WHERE id = ?1",
            params![id, summary],
        )?;
    }
    if let Some(date) = &update.instance_support_message_display_date {
        tx.execute(
            "UPDATE users SET instance_support_message_display_date = ?2 WHERE id = ?1",
            params![id, date],
        )?;
    }
    if let Some(date) = &update.funkwhale_support_message_display_date {
        tx.execute(
            "UPDATE users SET funkwhale_support_message_display_date = ?2 WHERE id = ?1",
            params![id, date],
        )?;
    }
    tx.commit()?;
    Ok(())
}

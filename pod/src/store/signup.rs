//! Invitations, user requests, e-mail confirmations and password resets (SQL only).

use rusqlite::{params, Connection, OptionalExtension};

use crate::auth::tokens::{now_secs, random_token};
use crate::error::ApiError;
use crate::store::users::now_iso;

fn now_i64() -> i64 {
    i64::try_from(now_secs()).unwrap_or(i64::MAX)
}

#[derive(Debug, Clone)]
pub struct InvitationRow {
    pub id: i64,
    pub code: String,
    pub owner_id: i64,
    pub owner_username: String,
    pub user_id: Option<i64>,
    pub creation_date: String,
    pub expiration_date: i64,
}

const INVITATION_SELECT: &str =
    "SELECT i.id, i.code, i.owner_id, o.username, i.user_id, i.creation_date,
    i.expiration_date FROM invitations i JOIN users o ON o.id = i.owner_id";

fn invitation_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<InvitationRow> {
    Ok(InvitationRow {
        id: r.get(0)?,
        code: r.get(1)?,
        owner_id: r.get(2)?,
        owner_username: r.get(3)?,
        user_id: r.get(4)?,
        creation_date: r.get(5)?,
        expiration_date: r.get(6)?,
    })
}

/// Invitations live two weeks, as on a real pod.
pub fn create_invitation(
    conn: &Connection,
    owner_id: i64,
    code: &str,
) -> Result<InvitationRow, ApiError> {
    conn.execute(
        "INSERT INTO invitations (code, owner_id, creation_date, expiration_date) VALUES (?1, ?2, ?3, ?4)",
        params![code, owner_id, now_iso(), now_i64() + 14 * 24 * 3600],
    )?;
    let id = conn.last_insert_rowid();
    Ok(conn.query_row(
        &format!("{INVITATION_SELECT} WHERE i.id = ?1"),
        [id],
        invitation_row,
    )?)
}

pub fn invitation_code_taken(conn: &Connection, code: &str) -> Result<bool, ApiError> {
    Ok(conn
        .query_row("SELECT 1 FROM invitations WHERE code = ?1", [code], |_| {
            Ok(())
        })
        .optional()?
        .is_some())
}

pub fn invitations(conn: &Connection) -> Result<Vec<InvitationRow>, ApiError> {
    let mut stmt = conn.prepare(&format!("{INVITATION_SELECT} ORDER BY i.id DESC"))?;
    let rows = stmt.query_map([], invitation_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// An unused, unexpired invitation (codes compare case-insensitively).
pub fn open_invitation(conn: &Connection, code: &str) -> Result<Option<InvitationRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("{INVITATION_SELECT} WHERE i.code = ?1 COLLATE NOCASE AND i.user_id IS NULL AND i.expiration_date > ?2"),
            params![code, now_i64()],
            invitation_row,
        )
        .optional()?)
}

pub fn use_invitation(conn: &Connection, id: i64, user_id: i64) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE invitations SET user_id = ?2 WHERE id = ?1",
        params![id, user_id],
    )?;
    Ok(())
}

pub fn create_user_request(
    conn: &Connection,
    user_id: i64,
    metadata: &str,
) -> Result<String, ApiError> {
    let uuid = uuid::Uuid::new_v4().to_string();
    conn.execute(
        "INSERT INTO user_requests (uuid, submitter_id, metadata, creation_date) VALUES (?1, ?2, ?3, ?4)",
        params![uuid, user_id, metadata, now_iso()],
    )?;
    Ok(uuid)
}

pub fn pending_requests_count(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM user_requests WHERE status = 'pending'",
        [],
        |r| r.get(0),
    )?)
}

#[derive(Debug, Clone)]
pub struct UserRequestRow {
    pub id: i64,
    pub uuid: String,
    pub submitter_id: i64,
    pub submitter_username: String,
    pub submitter_email: String,
    pub status: String,
    pub metadata: String,
    pub creation_date: String,
}

const REQUEST_SELECT: &str = "SELECT r.id, r.uuid, r.submitter_id, u.username, u.email, r.status,
    r.metadata, r.creation_date FROM user_requests r JOIN users u ON u.id = r.submitter_id";

fn request_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<UserRequestRow> {
    Ok(UserRequestRow {
        id: r.get(0)?,
        uuid: r.get(1)?,
        submitter_id: r.get(2)?,
        submitter_username: r.get(3)?,
        submitter_email: r.get(4)?,
        status: r.get(5)?,
        metadata: r.get(6)?,
        creation_date: r.get(7)?,
    })
}

pub fn user_requests(
    conn: &Connection,
    status: Option<&str>,
) -> Result<Vec<UserRequestRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "{REQUEST_SELECT} WHERE (?1 IS NULL OR r.status = ?1) ORDER BY r.id DESC"
    ))?;
    let rows = stmt.query_map([status], request_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn user_request(conn: &Connection, uuid: &str) -> Result<Option<UserRequestRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("{REQUEST_SELECT} WHERE r.uuid = ?1"),
            [uuid],
            request_row,
        )
        .optional()?)
}

/// Approving activates the account; refusing leaves it inactive.
pub fn decide_user_request(
    conn: &Connection,
    request: &UserRequestRow,
    status: &str,
) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE user_requests SET status = ?2 WHERE id = ?1",
        params![request.id, status],
    )?;
    if status == "approved" {
        conn.execute(
            "UPDATE users SET is_active = 1 WHERE id = ?1",
            [request.submitter_id],
        )?;
    }
    Ok(())
}

pub fn create_email_confirmation(
    conn: &Connection,
    user_id: i64,
    email: &str,
) -> Result<String, ApiError> {
    let key = random_token(48).to_lowercase();
    conn.execute(
        "INSERT INTO email_confirmations (key, user_id, email, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![key, user_id, email, now_i64()],
    )?;
    Ok(key)
}

/// Confirmation keys live three days; a key is used once.
pub fn confirm_email(conn: &Connection, key: &str) -> Result<bool, ApiError> {
    let user: Option<i64> = conn
        .query_row(
            "SELECT user_id FROM email_confirmations WHERE key = ?1 AND created_at > ?2",
            params![key, now_i64() - 3 * 24 * 3600],
            |r| r.get(0),
        )
        .optional()?;
    let Some(user_id) = user else {
        return Ok(false);
    };
    conn.execute("DELETE FROM email_confirmations WHERE key = ?1", [key])?;
    conn.execute(
        "UPDATE users SET email_verified = 1 WHERE id = ?1",
        [user_id],
    )?;
    Ok(true)
}

/// Reset tokens live one day and are single use.
pub fn create_password_reset(conn: &Connection, user_id: i64) -> Result<String, ApiError> {
    let token = random_token(40);
    conn.execute(
        "INSERT INTO password_resets (token, user_id, expires_at) VALUES (?1, ?2, ?3)",
        params![token, user_id, now_i64() + 24 * 3600],
    )?;
    Ok(token)
}

pub fn take_password_reset(conn: &Connection, user_id: i64, token: &str) -> Result<bool, ApiError> {
    let changed = conn.execute(
        "UPDATE password_resets SET used = 1
         WHERE token = ?1 AND user_id = ?2 AND used = 0 AND expires_at > ?3",
        params![token, user_id, now_i64()],
    )?;
    Ok(changed == 1)
}

//! OAuth applications, authorization codes and issued tokens (SQL only).

use rusqlite::{params, Connection, OptionalExtension};

use crate::auth::tokens::{now_secs, AccessClaims};
use crate::error::ApiError;
use crate::store::users::{self, now_iso, UserRow};

#[derive(Debug, Clone)]
pub struct AppRow {
    pub id: i64,
    pub client_id: String,
    pub client_secret: String,
    pub name: String,
    pub redirect_uris: String,
    pub scopes: String,
    pub owner_id: Option<i64>,
    pub created: String,
    pub updated: String,
}

fn now_i64() -> i64 {
    i64::try_from(now_secs()).unwrap_or(i64::MAX)
}

/// The user behind a signed access token, if the token is still live (not revoked).
pub fn live_access_user(
    conn: &Connection,
    claims: &AccessClaims,
) -> Result<Option<UserRow>, ApiError> {
    let live: Option<i64> = conn
        .prepare_cached(
            "SELECT user_id FROM oauth_tokens WHERE jti = ?1 AND revoked = 0 AND access_expires_at > ?2",
        )?
        .query_row(params![claims.jti, now_i64()], |r| r.get(0))
        .optional()?;
    match live {
        Some(user_id) if Some(user_id) == claims.user_id() => {
            Ok(users::by_id(conn, user_id)?.filter(|u| u.is_active))
        }
        _ => Ok(None),
    }
}

pub fn insert_app(conn: &Connection, app: &AppRow) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO oauth_apps (client_id, client_secret, name, redirect_uris, scopes, owner_id, created, updated)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?7)",
        params![
            app.client_id,
            app.client_secret,
            app.name,
            app.redirect_uris,
            app.scopes,
            app.owner_id,
            now_iso()
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

const APP_COLUMNS: &str =
    "id, client_id, client_secret, name, redirect_uris, scopes, owner_id, created, updated";

fn app_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<AppRow> {
    Ok(AppRow {
        id: row.get(0)?,
        client_id: row.get(1)?,
        client_secret: row.get(2)?,
        name: row.get(3)?,
        redirect_uris: row.get(4)?,
        scopes: row.get(5)?,
        owner_id: row.get(6)?,
        created: row.get(7)?,
        updated: row.get(8)?,
    })
}

pub fn app_by_client_id(conn: &Connection, client_id: &str) -> Result<Option<AppRow>, ApiError> {
    Ok(conn
        .query_row(
            &format!("SELECT {APP_COLUMNS} FROM oauth_apps WHERE client_id = ?1"),
            [client_id],
            app_from_row,
        )
        .optional()?)
}

pub fn apps_of(conn: &Connection, owner_id: i64) -> Result<Vec<AppRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {APP_COLUMNS} FROM oauth_apps WHERE owner_id = ?1 ORDER BY id DESC"
    ))?;
    let rows = stmt.query_map([owner_id], app_from_row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn delete_app(conn: &Connection, id: i64) -> Result<(), ApiError> {
    conn.execute("DELETE FROM oauth_apps WHERE id = ?1", [id])?;
    Ok(())
}

pub struct NewCode<'a> {
    pub code: &'a str,
    pub app_id: i64,
    pub user_id: i64,
    pub redirect_uri: &'a str,
    pub scope: &'a str,
    pub code_challenge: Option<&'a str>,
    pub code_challenge_method: Option<&'a str>,
}

/// Codes live ten minutes.
pub fn insert_code(conn: &Connection, code: &NewCode<'_>) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO oauth_codes (code, app_id, user_id, redirect_uri, scope, code_challenge,
             code_challenge_method, expires_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            code.code,
            code.app_id,
            code.user_id,
            code.redirect_uri,
            code.scope,
            code.code_challenge,
            code.code_challenge_method,
            now_i64() + 600
        ],
    )?;
    Ok(())
}

#[derive(Debug)]
pub struct CodeRow {
    pub app_id: i64,
    pub user_id: i64,
    pub redirect_uri: String,
    pub scope: String,
    pub code_challenge: Option<String>,
    pub code_challenge_method: Option<String>,
    pub expires_at: i64,
}

/// Takes a code out (single use), live or not.
pub fn take_code(conn: &Connection, code: &str) -> Result<Option<CodeRow>, ApiError> {
    let row = conn
        .query_row(
            "SELECT app_id, user_id, redirect_uri, scope, code_challenge, code_challenge_method, expires_at
             FROM oauth_codes WHERE code = ?1",
            [code],
            |r| {
                Ok(CodeRow {
                    app_id: r.get(0)?,
                    user_id: r.get(1)?,
                    redirect_uri: r.get(2)?,
                    scope: r.get(3)?,
                    code_challenge: r.get(4)?,
                    code_challenge_method: r.get(5)?,
                    expires_at: r.get(6)?,
                })
            },
        )
        .optional()?;
    conn.execute("DELETE FROM oauth_codes WHERE code = ?1", [code])?;
    Ok(row.filter(|r| r.expires_at > now_i64()))
}

pub struct NewToken<'a> {
    pub jti: &'a str,
    pub app_id: i64,
    pub user_id: i64,
    pub scope: &'a str,
    pub refresh_token: &'a str,
    pub access_expires_at: i64,
    pub refresh_expires_at: i64,
}

pub fn insert_token(conn: &Connection, token: &NewToken<'_>) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO oauth_tokens (jti, app_id, user_id, scope, refresh_token, access_expires_at,
            refresh_expires_at, created) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            token.jti,
            token.app_id,
            token.user_id,
            token.scope,
            token.refresh_token,
            token.access_expires_at,
            token.refresh_expires_at,
            now_iso()
        ],
    )?;
    Ok(())
}

#[derive(Debug)]
pub struct RefreshRow {
    pub jti: String,
    pub app_id: i64,
    pub user_id: i64,
    pub scope: String,
    pub refresh_expires_at: i64,
    pub refresh_used: bool,
    pub revoked: bool,
}

pub fn refresh_row(conn: &Connection, refresh_token: &str) -> Result<Option<RefreshRow>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT jti, app_id, user_id, scope, refresh_expires_at, refresh_used, revoked
             FROM oauth_tokens WHERE refresh_token = ?1",
            [refresh_token],
            |r| {
                Ok(RefreshRow {
                    jti: r.get(0)?,
                    app_id: r.get(1)?,
                    user_id: r.get(2)?,
                    scope: r.get(3)?,
                    refresh_expires_at: r.get(4)?,
                    refresh_used: r.get(5)?,
                    revoked: r.get(6)?,
                })
            },
        )
        .optional()?)
}

/// Marks a refresh token used and revokes the access token issued with it.
pub fn consume_refresh(conn: &Connection, jti: &str) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE oauth_tokens SET refresh_used = 1, revoked = 1 WHERE jti = ?1",
        [jti],
    )?;
    Ok(())
}

/// Revokes every token a user holds for an app (refresh token reuse: the family is burnt).
pub fn revoke_app_tokens(conn: &Connection, user_id: i64, app_id: i64) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE oauth_tokens SET revoked = 1 WHERE user_id = ?1 AND app_id = ?2",
        params![user_id, app_id],
    )?;
    Ok(())
}

pub fn revoke_user_tokens(conn: &Connection, user_id: i64) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE oauth_tokens SET revoked = 1 WHERE user_id = ?1",
        [user_id],
    )?;
    Ok(())
}

pub fn revoke_jti(conn: &Connection, jti: &str) -> Result<(), ApiError> {
    conn.execute("UPDATE oauth_tokens SET revoked = 1 WHERE jti = ?1", [jti])?;
    Ok(())
}

/// Revokes by access or refresh token value (RFC 7009).
pub fn revoke_refresh(conn: &Connection, refresh_token: &str) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE oauth_tokens SET revoked = 1, refresh_used = 1 WHERE refresh_token = ?1",
        [refresh_token],
    )?;
    Ok(())
}

//! SQL only: every query of the pod lives under here, one module per domain.

pub mod catalogue;
pub mod content;
pub mod external_channels;
pub mod favorites;
pub mod follows;
pub mod fs_import;
pub mod history;
pub mod manage_users;
pub mod moderation;
pub mod mutations;
pub mod oauth;
pub mod people;
pub mod playlists;
pub mod preferences;
pub mod radios;
pub mod search;
pub mod signup;
pub mod subscriptions;
pub mod users;

use rusqlite::{Connection, OptionalExtension};

use crate::error::ApiError;

pub fn secret(conn: &Connection, name: &str) -> Result<Option<String>, ApiError> {
    Ok(conn
        .query_row("SELECT value FROM secrets WHERE name = ?1", [name], |r| {
            r.get(0)
        })
        .optional()?)
}

pub fn set_secret(conn: &Connection, name: &str, value: &str) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO secrets (name, value) VALUES (?1, ?2)
         ON CONFLICT(name) DO UPDATE SET value = excluded.value",
        [name, value],
    )?;
    Ok(())
}

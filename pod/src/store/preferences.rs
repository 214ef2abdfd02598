//! Stored overrides of instance preferences (SQL only).

use std::collections::HashMap;

use rusqlite::Connection;
use serde_json::Value;

use crate::domain::preferences::Preferences;
use crate::error::ApiError;

pub fn load(conn: &Connection) -> Result<Preferences, ApiError> {
    let mut stmt = conn.prepare_cached("SELECT identifier, value FROM preferences")?;
    let rows = stmt.query_map([], |row| {
        Ok((row.get::<_, String>(0)?, row.get::<_, String>(1)?))
    })?;
    let mut overrides = HashMap::new();
    for row in rows {
        let (identifier, raw) = row?;
        if let Ok(value) = serde_json::from_str::<Value>(&raw) {
            overrides.insert(identifier, value);
        }
    }
    Ok(Preferences::from_overrides(overrides))
}

pub fn set(conn: &Connection, identifier: &str, value: &Value) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO preferences (identifier, value) VALUES (?1, ?2)
         ON CONFLICT(identifier) DO UPDATE SET value = excluded.value",
        [identifier, &value.to_string()],
    )?;
    Ok(())
}

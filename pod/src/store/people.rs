//! The few user columns other objects embed (`user` and `actor` of favorites, listenings,
//! playlists, radios) (SQL only).

use rusqlite::Row;

/// Columns of `users` aliased `alias`, in the order [`owner_row`] reads them.
pub fn owner_cols(alias: &str) -> String {
    format!(
        "{alias}.id, {alias}.username, {alias}.name, {alias}.date_joined, {alias}.privacy_level"
    )
}

#[derive(Debug, Clone)]
pub struct OwnerRow {
    pub id: i64,
    pub username: String,
    pub name: String,
    pub date_joined: String,
    pub privacy_level: String,
}

pub fn owner_row(row: &Row<'_>, at: usize) -> rusqlite::Result<OwnerRow> {
    Ok(OwnerRow {
        id: row.get(at)?,
        username: row.get(at + 1)?,
        name: row.get(at + 2)?,
        date_joined: row.get(at + 3)?,
        privacy_level: row.get(at + 4)?,
    })
}

/// SQL condition on a user alias: whose activity `viewer` may see (their own, and anyone
/// sharing with the instance or everyone; anonymous viewers see `everyone` only).
pub fn visible_user_clause(
    alias: &str,
    viewer: Option<i64>,
) -> (String, Vec<rusqlite::types::Value>) {
    match viewer {
        Some(id) => (
            format!("({alias}.privacy_level IN ('instance', 'everyone') OR {alias}.id = ?)"),
            vec![rusqlite::types::Value::Integer(id)],
        ),
        None => (format!("{alias}.privacy_level = 'everyone'"), vec![]),
    }
}

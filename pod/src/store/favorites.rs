//! Track favorites, and the user → track rows that favorites and listenings share (SQL only).

use rusqlite::{params, params_from_iter, Connection, OptionalExtension};

use crate::error::ApiError;
use crate::store::catalogue::Filter;
use crate::store::people::{owner_cols, owner_row, OwnerRow};

/// A table of (user, track, date) rows.
#[derive(Debug, Clone, Copy)]
pub enum UserTrackTable {
    Favorites,
    Listenings,
}

impl UserTrackTable {
    fn name(self) -> &'static str {
        match self {
            Self::Favorites => "track_favorites",
            Self::Listenings => "listenings",
        }
    }

    /// `FROM` clause: the row `x`, its user `u`, track `t`, artist `ar`, album `al`.
    pub fn from(self) -> String {
        format!(
            "{} x JOIN users u ON u.id = x.user_id JOIN tracks t ON t.id = x.track_id
             JOIN artists ar ON ar.id = t.artist_id LEFT JOIN albums al ON al.id = t.album_id",
            self.name()
        )
    }
}

#[derive(Debug, Clone)]
pub struct UserTrackRow {
    pub id: i64,
    pub track_id: i64,
    pub creation_date: String,
    pub owner: OwnerRow,
}

pub fn count(conn: &Connection, table: UserTrackTable, filter: &Filter) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        &format!("SELECT count(*) FROM {} {}", table.from(), filter.sql()),
        params_from_iter(filter.params.iter()),
        |r| r.get(0),
    )?)
}

pub fn list(
    conn: &Connection,
    table: UserTrackTable,
    filter: &Filter,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<UserTrackRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT x.id, x.track_id, x.creation_date, {} FROM {} {} ORDER BY {order}
         LIMIT {limit} OFFSET {offset}",
        owner_cols("u"),
        table.from(),
        filter.sql()
    ))?;
    let rows = stmt.query_map(params_from_iter(filter.params.iter()), |r| {
        Ok(UserTrackRow {
            id: r.get(0)?,
            track_id: r.get(1)?,
            creation_date: r.get(2)?,
            owner: owner_row(r, 3)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn by_id(
    conn: &Connection,
    table: UserTrackTable,
    id: i64,
) -> Result<Option<UserTrackRow>, ApiError> {
    let mut filter = Filter::default();
    filter.add("x.id = ?", vec![rusqlite::types::Value::Integer(id)]);
    Ok(list(conn, table, &filter, "x.id", 1, 0)?.into_iter().next())
}

pub fn track_exists(conn: &Connection, track_id: i64) -> Result<bool, ApiError> {
    Ok(conn
        .query_row("SELECT 1 FROM tracks WHERE id = ?1", [track_id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// The existing favorite or a new one (favoriting twice is not an error).
pub fn add(
    conn: &Connection,
    user_id: i64,
    track_id: i64,
    now: &str,
) -> Result<(i64, String), ApiError> {
    conn.execute(
        "INSERT OR IGNORE INTO track_favorites (user_id, track_id, creation_date) VALUES (?1, ?2, ?3)",
        params![user_id, track_id, now],
    )?;
    Ok(conn.query_row(
        "SELECT id, creation_date FROM track_favorites WHERE user_id = ?1 AND track_id = ?2",
        params![user_id, track_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}

/// Removes the user's favorite of a track; false when there was none.
pub fn remove_track(conn: &Connection, user_id: i64, track_id: i64) -> Result<bool, ApiError> {
    Ok(conn.execute(
        "DELETE FROM track_favorites WHERE user_id = ?1 AND track_id = ?2",
        params![user_id, track_id],
    )? > 0)
}

pub fn delete(conn: &Connection, id: i64) -> Result<(), ApiError> {
    conn.execute("DELETE FROM track_favorites WHERE id = ?1", [id])?;
    Ok(())
}

/// `(favorite id, track id)` of every favorite of a user, oldest first.
pub fn all_of(conn: &Connection, user_id: i64) -> Result<Vec<(i64, i64)>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, track_id FROM track_favorites WHERE user_id = ?1 ORDER BY id",
    )?;
    let rows = stmt.query_map([user_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

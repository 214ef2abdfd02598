//! Channel subscriptions (SQL only).

use rusqlite::{params, Connection, OptionalExtension};

use crate::error::ApiError;
use crate::store::people::{owner_cols, owner_row, OwnerRow};

#[derive(Debug, Clone)]
pub struct ChannelRow {
    pub id: i64,
    pub uuid: String,
    pub artist_id: i64,
    pub username: String,
    pub metadata: String,
    pub creation_date: String,
    pub owner: OwnerRow,
    /// The feed of an external channel (subscribed to by RSS); `None` for this pod's channels.
    pub rss_url: Option<String>,
    /// The site an external channel's feed links to.
    pub external_link: Option<String>,
}

/// A channel by uuid, or by its username (`name` or `name@domain`).
pub fn channel(
    conn: &Connection,
    composite: &str,
    domain: &str,
) -> Result<Option<ChannelRow>, ApiError> {
    let username = match composite.rsplit_once('@') {
        Some((name, host)) if host.eq_ignore_ascii_case(domain) => name,
        Some(_) => return Ok(None),
        None => composite,
    };
    Ok(conn
        .query_row(
            &format!(
                "SELECT c.id, c.uuid, c.artist_id, c.username, c.metadata, c.creation_date,
                    c.rss_url, c.external_link, {}
                 FROM channels c JOIN users u ON u.id = c.owner_id
                 WHERE c.uuid = ?1 OR c.username = ?2 COLLATE NOCASE",
                owner_cols("u")
            ),
            params![composite, username],
            |r| {
                Ok(ChannelRow {
                    id: r.get(0)?,
                    uuid: r.get(1)?,
                    artist_id: r.get(2)?,
                    username: r.get(3)?,
                    metadata: r.get(4)?,
                    creation_date: r.get(5)?,
                    rss_url: r.get(6)?,
                    external_link: r.get(7)?,
                    owner: owner_row(r, 8)?,
                })
            },
        )
        .optional()?)
}

#[derive(Debug, Clone)]
pub struct SubscriptionRow {
    pub uuid: String,
    pub creation_date: String,
    pub channel_uuid: String,
}

const SELECT: &str = "SELECT s.uuid, s.creation_date, c.uuid FROM channel_subscriptions s
    JOIN channels c ON c.id = s.channel_id";

fn row(r: &rusqlite::Row<'_>) -> rusqlite::Result<SubscriptionRow> {
    Ok(SubscriptionRow {
        uuid: r.get(0)?,
        creation_date: r.get(1)?,
        channel_uuid: r.get(2)?,
    })
}

/// The user's subscription to the channel, created if needed.
pub fn subscribe(
    conn: &Connection,
    uuid: &str,
    user: i64,
    channel: i64,
    now: &str,
) -> Result<SubscriptionRow, ApiError> {
    conn.execute(
        "INSERT OR IGNORE INTO channel_subscriptions (uuid, user_id, channel_id, creation_date)
         VALUES (?1, ?2, ?3, ?4)",
        params![uuid, user, channel, now],
    )?;
    Ok(conn.query_row(
        &format!("{SELECT} WHERE s.user_id = ?1 AND s.channel_id = ?2"),
        params![user, channel],
        row,
    )?)
}

pub fn unsubscribe(conn: &Connection, user: i64, channel: i64) -> Result<(), ApiError> {
    conn.execute(
        "DELETE FROM channel_subscriptions WHERE user_id = ?1 AND channel_id = ?2",
        params![user, channel],
    )?;
    Ok(())
}

pub fn subscriptions_of(conn: &Connection, user: i64) -> Result<Vec<SubscriptionRow>, ApiError> {
    subscriptions_matching(conn, user, &[])
}

/// The user's subscriptions whose channel name (its artist's) or username contains every word.
pub fn subscriptions_matching(
    conn: &Connection,
    user: i64,
    words: &[String],
) -> Result<Vec<SubscriptionRow>, ApiError> {
    let mut sql = format!("{SELECT} JOIN artists a ON a.id = c.artist_id WHERE s.user_id = ?");
    let mut values: Vec<rusqlite::types::Value> = vec![user.into()];
    for word in words {
        sql.push_str(" AND (a.name LIKE ? ESCAPE '\\' OR c.username LIKE ? ESCAPE '\\')");
        let escaped = word
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_");
        let pattern = format!("%{escaped}%");
        values.push(pattern.clone().into());
        values.push(pattern.into());
    }
    sql.push_str(" ORDER BY s.creation_date DESC, s.id DESC");
    let mut stmt = conn.prepare(&sql)?;
    let rows = stmt.query_map(rusqlite::params_from_iter(values), row)?;
    Ok(rows.collect::<Result<_, _>>()?)
}

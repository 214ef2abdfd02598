//! Custom radios, radio sessions and the candidate tracks of each radio type (SQL only).
//! Candidates are expressed as a [`Filter`] over the catalogue's track query
//! ([`cat::TRACK_FROM`]: `t` tracks, `ar` artists, `al` albums).

use rusqlite::types::Value as SqlValue;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};

use crate::domain::radio::{FilterKind, Operator, RadioFilter, RadioType};
use crate::error::ApiError;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::people::{owner_cols, owner_row, OwnerRow};

// ---- Custom radios ----

pub const FROM: &str = "radios r JOIN users u ON u.id = r.owner_id";

#[derive(Debug, Clone)]
pub struct RadioRow {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub is_public: bool,
    pub config: String,
    pub creation_date: String,
    pub owner: OwnerRow,
}

/// Public radios and the viewer's own.
pub fn visible(filter: &mut Filter, viewer: Option<i64>) {
    match viewer {
        Some(id) => filter.add("(r.is_public = 1 OR r.owner_id = ?)", vec![cat::int(id)]),
        None => filter.add("r.is_public = 1", vec![]),
    }
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
) -> Result<Vec<RadioRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT r.id, r.name, r.description, r.is_public, r.config, r.creation_date, {}
         FROM {FROM} {} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
        owner_cols("u"),
        filter.sql()
    ))?;
    let rows = stmt.query_map(params_from_iter(filter.params.iter()), |r| {
        Ok(RadioRow {
            id: r.get(0)?,
            name: r.get(1)?,
            description: r.get(2)?,
            is_public: r.get(3)?,
            config: r.get(4)?,
            creation_date: r.get(5)?,
            owner: owner_row(r, 6)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn by_id(conn: &Connection, id: i64) -> Result<Option<RadioRow>, ApiError> {
    let mut filter = Filter::default();
    filter.add("r.id = ?", vec![cat::int(id)]);
    Ok(list(conn, &filter, "r.id", 1, 0)?.into_iter().next())
}

pub struct RadioFields<'a> {
    pub name: &'a str,
    pub description: &'a str,
    pub is_public: bool,
    pub config: &'a str,
}

pub fn insert(
    conn: &Connection,
    owner: i64,
    radio: &RadioFields<'_>,
    now: &str,
) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO radios (name, description, owner_id, is_public, config, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            radio.name,
            radio.description,
            owner,
            radio.is_public,
            radio.config,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn update(conn: &Connection, id: i64, radio: &RadioFields<'_>) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE radios SET name = ?2, description = ?3, is_public = ?4, config = ?5 WHERE id = ?1",
        params![
            id,
            radio.name,
            radio.description,
            radio.is_public,
            radio.config
        ],
    )?;
    Ok(())
}

pub fn delete(conn: &Connection, id: i64) -> Result<(), ApiError> {
    conn.execute("DELETE FROM radios WHERE id = ?1", [id])?;
    Ok(())
}

// ---- Lookups for validation ----

/// Of `ids`, the ones that are no artist.
pub fn unknown_artists(conn: &Connection, ids: &[i64]) -> Result<Vec<i64>, ApiError> {
    let mut stmt = conn.prepare_cached("SELECT 1 FROM artists WHERE id = ?1")?;
    let mut missing = Vec::new();
    for id in ids {
        if stmt.query_row([id], |_| Ok(())).optional()?.is_none() {
            missing.push(*id);
        }
    }
    Ok(missing)
}

/// Of `names`, the ones that are no tag.
pub fn unknown_tags(conn: &Connection, names: &[String]) -> Result<Vec<String>, ApiError> {
    let mut stmt = conn.prepare_cached("SELECT 1 FROM tags WHERE name = ?1")?;
    let mut missing = Vec::new();
    for name in names {
        if stmt.query_row([name], |_| Ok(())).optional()?.is_none() {
            missing.push(name.clone());
        }
    }
    Ok(missing)
}

/// Artist names for `ids`, shortest first (Funkwhale stores them in the filter for display).
pub fn artist_names(conn: &Connection, ids: &[i64]) -> Result<Vec<String>, ApiError> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut stmt = conn.prepare(&format!(
        "SELECT name FROM artists WHERE id IN ({}) ORDER BY length(name), id",
        cat::placeholders(ids.len())
    ))?;
    let rows = stmt.query_map(params_from_iter(ids.iter()), |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Tag names as stored, shortest first.
pub fn tag_names(conn: &Connection, names: &[String]) -> Result<Vec<String>, ApiError> {
    if names.is_empty() {
        return Ok(Vec::new());
    }
    let mut stmt = conn.prepare(&format!(
        "SELECT name FROM tags WHERE name IN ({}) ORDER BY length(name), id",
        cat::placeholders(names.len())
    ))?;
    let rows = stmt.query_map(params_from_iter(names.iter()), |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Whether the object a radio of `kind` starts from exists.
pub fn related_object_exists(
    conn: &Connection,
    kind: RadioType,
    related: &str,
    domain: &str,
) -> Result<bool, ApiError> {
    let id = related.trim().parse::<i64>().ok();
    let exists = |sql: &str, value: SqlValue| -> Result<bool, ApiError> {
        Ok(conn
            .query_row(sql, [value], |_| Ok(()))
            .optional()?
            .is_some())
    };
    match kind {
        RadioType::Tag => exists("SELECT 1 FROM tags WHERE name = ?1", cat::text(related)),
        RadioType::Artist => id.map_or(Ok(false), |id| {
            exists("SELECT 1 FROM artists WHERE id = ?1", cat::int(id))
        }),
        RadioType::Album => id.map_or(Ok(false), |id| {
            exists("SELECT 1 FROM albums WHERE id = ?1", cat::int(id))
        }),
        RadioType::Similar => id.map_or(Ok(false), |id| {
            exists("SELECT 1 FROM tracks WHERE id = ?1", cat::int(id))
        }),
        RadioType::Library => exists(
            "SELECT 1 FROM libraries WHERE uuid = ?1",
            cat::text(related),
        ),
        RadioType::ActorContent => match local_username(related, domain) {
            Some(name) => exists(
                "SELECT 1 FROM users WHERE username = ?1 COLLATE NOCASE",
                cat::text(name),
            ),
            None => Ok(false),
        },
        _ => Ok(true),
    }
}

/// `alice@pod.example` → `alice` when the domain is ours.
fn local_username<'a>(full: &'a str, domain: &str) -> Option<&'a str> {
    match full.rsplit_once('@') {
        Some((name, host)) if host.eq_ignore_ascii_case(domain) => Some(name),
        Some(_) => None,
        None => Some(full),
    }
}

// ---- Candidates ----

const TAGGED: &str = "EXISTS (SELECT 1 FROM tagged_items i JOIN tags g ON g.id = i.tag_id
    WHERE g.name IN ({names}) AND ((i.object_type = 'track' AND i.object_id = t.id)
      OR (i.object_type = 'artist' AND i.object_id = t.artist_id)
      OR (i.object_type = 'album' AND i.object_id = t.album_id)))";

fn tagged(names: &[String]) -> (String, Vec<SqlValue>) {
    (
        TAGGED.replace("{names}", &cat::placeholders(names.len())),
        names.iter().map(|n| cat::text(n)).collect(),
    )
}

/// One SQL condition for a radio config: filters joined left to right by their operator.
pub fn filters_clause(filters: &[RadioFilter]) -> Option<(String, Vec<SqlValue>)> {
    let mut acc: Option<(String, Vec<SqlValue>)> = None;
    for f in filters {
        let (clause, values) = match &f.kind {
            FilterKind::Artist(ids) => (
                format!("t.artist_id IN ({})", cat::placeholders(ids.len())),
                ids.iter().map(|id| cat::int(*id)).collect(),
            ),
            FilterKind::Tag(names) => tagged(names),
        };
        let clause = if f.exclude {
            format!("NOT ({clause})")
        } else {
            format!("({clause})")
        };
        acc = Some(match acc {
            None => (clause, values),
            Some((prev, mut prev_values)) => {
                prev_values.extend(values);
                let op = match f.operator {
                    Operator::And => "AND",
                    Operator::Or => "OR",
                };
                (format!("({prev} {op} {clause})"), prev_values)
            }
        });
    }
    acc
}

/// Tracks with a finished upload the viewer may stream.
pub fn playable_by(filter: &mut Filter, viewer: Option<i64>) {
    let libraries = match viewer {
        Some(_) => {
            "(l.privacy_level IN ('instance', 'everyone') OR l.owner_id = ?
              OR l.id IN (SELECT library_id FROM library_follows WHERE user_id = ? AND approved = 1))"
        }
        None => "l.privacy_level = 'everyone'",
    };
    filter.add(
        &format!(
            "EXISTS (SELECT 1 FROM uploads up JOIN libraries l ON l.id = up.library_id
               WHERE up.track_id = t.id AND up.import_status = 'finished' AND {libraries})"
        ),
        viewer
            .map(|v| vec![cat::int(v), cat::int(v)])
            .unwrap_or_default(),
    );
}

#[derive(Debug, Clone)]
pub struct SessionRow {
    pub id: i64,
    pub user_id: Option<i64>,
    pub radio_type: String,
    pub related_object_id: Option<String>,
    pub custom_radio_id: Option<i64>,
    pub config: Option<String>,
    pub creation_date: String,
}

pub struct NewSession<'a> {
    pub user_id: Option<i64>,
    pub radio_type: &'a str,
    pub related_object_id: Option<&'a str>,
    pub custom_radio_id: Option<i64>,
    pub config: Option<&'a str>,
}

pub fn insert_session(conn: &Connection, s: &NewSession<'_>, now: &str) -> Result<i64, ApiError> {
    conn.execute(
        "INSERT INTO radio_sessions (user_id, radio_type, related_object_id, custom_radio_id, config, creation_date)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            s.user_id,
            s.radio_type,
            s.related_object_id,
            s.custom_radio_id,
            s.config,
            now
        ],
    )?;
    Ok(conn.last_insert_rowid())
}

pub fn session(conn: &Connection, id: i64) -> Result<Option<SessionRow>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT id, user_id, radio_type, related_object_id, custom_radio_id, config, creation_date
             FROM radio_sessions WHERE id = ?1",
            [id],
            |r| {
                Ok(SessionRow {
                    id: r.get(0)?,
                    user_id: r.get(1)?,
                    radio_type: r.get(2)?,
                    related_object_id: r.get(3)?,
                    custom_radio_id: r.get(4)?,
                    config: r.get(5)?,
                    creation_date: r.get(6)?,
                })
            },
        )
        .optional()?)
}

/// The config of a custom radio, if it still exists.
pub fn radio_config(conn: &Connection, id: i64) -> Result<Option<String>, ApiError> {
    Ok(conn
        .query_row("SELECT config FROM radios WHERE id = ?1", [id], |r| {
            r.get(0)
        })
        .optional()?)
}

/// Candidate tracks of a session (without its already played tracks and without the
/// playability rule, which [`playable_by`] adds); `filters` is the parsed custom config.
pub fn session_candidates(
    session: &SessionRow,
    kind: RadioType,
    filters: &[RadioFilter],
    domain: &str,
) -> Filter {
    let mut filter = Filter::default();
    let user = cat::int(session.user_id.unwrap_or(-1));
    let related = session.related_object_id.clone().unwrap_or_default();
    let music = "ar.content_category = 'music'";
    let own_libraries = "t.id IN (SELECT up.track_id FROM uploads up JOIN libraries l
        ON l.id = up.library_id WHERE l.owner_id = ?)";
    let listened = "t.id NOT IN (SELECT track_id FROM listenings WHERE user_id = ?)";
    match kind {
        RadioType::Random => filter.add(music, vec![]),
        RadioType::RandomLibrary => {
            filter.add(music, vec![]);
            filter.add(own_libraries, vec![user]);
        }
        RadioType::Favorites => {
            filter.add(music, vec![]);
            filter.add(
                "t.id IN (SELECT track_id FROM track_favorites WHERE user_id = ?)",
                vec![user],
            );
        }
        RadioType::LessListened => {
            filter.add(music, vec![]);
            filter.add(listened, vec![user]);
        }
        RadioType::LessListenedLibrary => {
            filter.add(music, vec![]);
            filter.add(listened, vec![user.clone()]);
            filter.add(own_libraries, vec![user]);
        }
        RadioType::RecentlyAdded => {
            filter.add(music, vec![]);
            filter.add("t.creation_date > ?", vec![cat::text(&days_ago(30))]);
        }
        RadioType::Tag => {
            let (clause, values) = tagged(&[related]);
            filter.add(&clause, values);
        }
        RadioType::Artist => filter.add("t.artist_id = ?", vec![cat::int(id_of(&related))]),
        RadioType::Album => filter.add("t.album_id = ?", vec![cat::int(id_of(&related))]),
        RadioType::Similar => {
            // Tracks listened right after the seeds (the start track and the last three
            // played), by anyone who shares their listenings.
            filter.add(
                "t.id IN (SELECT nxt FROM (
                    SELECT h.track_id AS cur, LEAD(h.track_id) OVER (
                        PARTITION BY h.user_id ORDER BY h.creation_date, h.id) AS nxt
                    FROM listenings h JOIN users hu ON hu.id = h.user_id
                    WHERE hu.privacy_level IN ('instance', 'everyone') OR h.user_id = ?)
                  WHERE nxt IS NOT NULL AND nxt != cur AND cur IN (
                    SELECT ? UNION SELECT * FROM (SELECT track_id FROM radio_session_tracks
                      WHERE session_id = ? ORDER BY id DESC LIMIT 3)))",
                vec![user, cat::int(id_of(&related)), cat::int(session.id)],
            );
        }
        RadioType::ActorContent => {
            let name = local_username(&related, domain).unwrap_or_default();
            filter.add(
                "t.id IN (SELECT up.track_id FROM uploads up JOIN libraries l ON l.id = up.library_id
                   JOIN users o ON o.id = l.owner_id WHERE o.username = ? COLLATE NOCASE)",
                vec![cat::text(name)],
            );
        }
        RadioType::Library => filter.add(
            "t.id IN (SELECT up.track_id FROM uploads up JOIN libraries l ON l.id = up.library_id
               WHERE l.uuid = ?)",
            vec![cat::text(&related)],
        ),
        RadioType::Custom | RadioType::CustomMultiple => {
            if let Some((clause, values)) = filters_clause(filters) {
                filter.add(&clause, values);
            }
        }
    }
    filter.add(
        "t.id NOT IN (SELECT track_id FROM radio_session_tracks WHERE session_id = ?)",
        vec![cat::int(session.id)],
    );
    // Artists the listener hides never play on their radios.
    if let Some(user) = session.user_id {
        filter.add(
            crate::store::moderation::not_hidden_clause(),
            vec![cat::int(user)],
        );
    }
    filter
}

fn id_of(raw: &str) -> i64 {
    raw.trim().parse().unwrap_or(-1)
}

fn days_ago(days: i64) -> String {
    (chrono::Utc::now() - chrono::Duration::days(days))
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

/// Up to `count` random candidate track ids.
pub fn pick(conn: &Connection, filter: &Filter, count: i64) -> Result<Vec<i64>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT t.id FROM {} {} ORDER BY random() LIMIT {count}",
        cat::TRACK_FROM,
        filter.sql()
    ))?;
    let rows = stmt.query_map(params_from_iter(filter.params.iter()), |r| r.get(0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// Records a played track; returns `(session track id, position)`, positions from 1.
pub fn add_session_track(
    conn: &Connection,
    session: i64,
    track: i64,
    now: &str,
) -> Result<(i64, i64), ApiError> {
    let position: i64 = conn.query_row(
        "SELECT coalesce(max(position), 0) + 1 FROM radio_session_tracks WHERE session_id = ?1",
        [session],
        |r| r.get(0),
    )?;
    conn.execute(
        "INSERT INTO radio_session_tracks (session_id, track_id, position, creation_date)
         VALUES (?1, ?2, ?3, ?4)",
        params![session, track, position, now],
    )?;
    Ok((conn.last_insert_rowid(), position))
}

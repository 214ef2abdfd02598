//! Pieces the listening routes share: the embedded `user` / `actor` shapes, DRF's
//! primary-key field parsing and its messages, small list helpers.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::error::{ApiError, FieldErrors};
use crate::routes::catalogue::{like, ordering, track_values};
use crate::routes::{Body, QueryParams};
use crate::state::AppState;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::favorites::UserTrackRow;
use crate::store::people::{visible_user_clause, OwnerRow};

/// `UserBasic` of the schema.
pub fn user_basic(owner: &OwnerRow) -> Value {
    json!({
        "id": owner.id,
        "username": owner.username,
        "name": owner.name,
        "date_joined": owner.date_joined,
        "avatar": Value::Null
    })
}

/// `APIActor` of the schema, for a local user.
pub fn api_actor(state: &AppState, owner: &OwnerRow) -> Value {
    let domain = state.domain();
    json!({
        "fid": format!("{}/federation/actors/{}", state.base_url(), owner.username),
        "url": format!("{}/@{}", state.base_url(), owner.username),
        "creation_date": owner.date_joined,
        "summary": Value::Null,
        "preferred_username": owner.username,
        "name": if owner.name.is_empty() { &owner.username } else { &owner.name },
        "last_fetch_date": owner.date_joined,
        "domain": domain,
        "type": "Person",
        "manually_approves_followers": false,
        "full_username": format!("{}@{}", owner.username, domain),
        "is_local": true
    })
}

/// What a DRF `PrimaryKeyRelatedField` made of a body value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Pk {
    Missing,
    Null,
    /// Not usable as a key; carries Python's name of the received type.
    WrongType(&'static str),
    Value(i64),
}

impl Pk {
    pub fn of(value: Option<&Value>) -> Self {
        match value {
            None => Self::Missing,
            Some(Value::Null) => Self::Null,
            Some(value) => Self::parse(value),
        }
    }

    pub fn parse(value: &Value) -> Self {
        match value {
            Value::Null => Self::Null,
            Value::Bool(_) => Self::WrongType("bool"),
            Value::Number(n) => match n.as_i64() {
                Some(id) => Self::Value(id),
                None => match n.as_f64() {
                    // Django accepts 3.0 for the key 3.
                    #[allow(clippy::cast_possible_truncation)]
                    Some(f) if f.fract() == 0.0 && f.abs() < 9.0e15 => Self::Value(f as i64),
                    _ => Self::WrongType("float"),
                },
            },
            Value::String(s) => s
                .trim()
                .parse::<i64>()
                .map_or(Self::WrongType("str"), Self::Value),
            Value::Array(_) => Self::WrongType("list"),
            Value::Object(_) => Self::WrongType("dict"),
        }
    }

    /// The key, or DRF's message for `field` recorded in `errors`.
    pub fn require(self, field: &str, errors: &mut FieldErrors) -> Option<i64> {
        match self {
            Self::Value(id) => Some(id),
            Self::Missing => {
                errors.add(field, "This field is required.");
                None
            }
            Self::Null => {
                errors.add(field, "This field may not be null.");
                None
            }
            Self::WrongType(kind) => {
                errors.add(field, incorrect_pk_type(kind));
                None
            }
        }
    }
}

pub fn incorrect_pk_type(kind: &str) -> String {
    format!("Incorrect type. Expected pk value, received {kind}.")
}

pub fn invalid_pk(id: impl std::fmt::Display) -> String {
    format!("Invalid pk \"{id}\" - object does not exist.")
}

/// A required primary key from the body (400 with DRF's message otherwise).
pub fn body_pk(body: &Body, field: &str) -> Result<i64, ApiError> {
    let mut errors = FieldErrors::new();
    let id = Pk::of(body.0.get(field)).require(field, &mut errors);
    errors.into_result()?;
    id.ok_or_else(|| ApiError::field(field, "This field is required."))
}

/// An optional text field with DRF's `CharField(max_length)` checks; `allow_blank` as DRF.
pub fn optional_text(
    body: &Body,
    field: &str,
    max: usize,
    allow_blank: bool,
    errors: &mut FieldErrors,
) -> Option<String> {
    match body.0.get(field) {
        None => None,
        Some(Value::Null) => {
            errors.add(field, "This field may not be null.");
            None
        }
        Some(Value::Array(_) | Value::Object(_)) => {
            errors.add(field, "Not a valid string.");
            None
        }
        Some(_) => {
            let text = body.text(field).unwrap_or_default();
            let trimmed = text.trim().to_owned();
            if trimmed.is_empty() && !allow_blank {
                errors.add(field, "This field may not be blank.");
                None
            } else if trimmed.chars().count() > max {
                errors.add(
                    field,
                    format!("Ensure this field has no more than {max} characters."),
                );
                None
            } else {
                Some(trimmed)
            }
        }
    }
}

/// `scope` of DRF's actor-scope filter: `me`, `all`, `actor:user@domain`, `domain:host`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    All,
    Me,
    Username(String),
    Domain(String),
    /// A scope that matches nothing (unknown actor, remote domain, bad syntax).
    Nothing,
}

impl Scope {
    pub fn parse(raw: Option<&str>, state: &AppState) -> Self {
        let Some(raw) = raw else {
            return Self::All;
        };
        let domain = state.domain();
        match raw {
            "all" => Self::All,
            "me" => Self::Me,
            other => {
                if let Some(actor) = other.strip_prefix("actor:") {
                    match actor.rsplit_once('@') {
                        Some((user, host)) if host.eq_ignore_ascii_case(&domain) => {
                            Self::Username(user.to_owned())
                        }
                        None if !actor.is_empty() => Self::Username(actor.to_owned()),
                        _ => Self::Nothing,
                    }
                } else if let Some(host) = other.strip_prefix("domain:") {
                    if host.eq_ignore_ascii_case(&domain) {
                        Self::Domain(host.to_owned())
                    } else {
                        Self::Nothing
                    }
                } else {
                    Self::Nothing
                }
            }
        }
    }
}

/// Full tracks by id (catalogue serialiser), in no particular order.
pub fn tracks_by_id(
    state: &AppState,
    conn: &rusqlite::Connection,
    ids: &[i64],
) -> Result<HashMap<i64, Value>, ApiError> {
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let mut unique = ids.to_vec();
    unique.sort_unstable();
    unique.dedup();
    let mut filter = Filter::default();
    filter.add(
        "t.id IN (SELECT value FROM json_each(?))",
        vec![cat::text(&cat::json_list(&unique))],
    );
    let limit = i64::try_from(unique.len()).unwrap_or(i64::MAX);
    let rows = cat::tracks(conn, &filter, "t.id", limit, 0)?;
    let values = track_values(state, conn, &rows)?;
    Ok(rows.iter().map(|t| t.id).zip(values).collect())
}

/// `{id, user, track, creation_date, actor}`: a favorite or a listening as listed.
pub fn user_track_values(
    state: &AppState,
    conn: &rusqlite::Connection,
    rows: &[UserTrackRow],
) -> Result<Vec<Value>, ApiError> {
    let ids: Vec<i64> = rows.iter().map(|r| r.track_id).collect();
    let tracks = tracks_by_id(state, conn, &ids)?;
    Ok(rows
        .iter()
        .map(|row| {
            json!({
                "id": row.id,
                "user": user_basic(&row.owner),
                "track": tracks.get(&row.track_id).cloned().unwrap_or(Value::Null),
                "creation_date": row.creation_date,
                "actor": api_actor(state, &row.owner)
            })
        })
        .collect())
}

/// Filters of a user → track list: who may be seen, `scope`, `user`, `username`, `q`.
pub fn user_track_filter(state: &AppState, params: &QueryParams, viewer: Option<i64>) -> Filter {
    let mut filter = Filter::default();
    let (clause, values) = visible_user_clause("u", viewer);
    filter.add(&clause, values);
    match Scope::parse(params.get("scope"), state) {
        Scope::All | Scope::Domain(_) => {}
        Scope::Me => filter.add("x.user_id = ?", vec![cat::int(viewer.unwrap_or(-1))]),
        Scope::Username(name) => {
            filter.add("u.username = ? COLLATE NOCASE", vec![cat::text(&name)])
        }
        Scope::Nothing => filter.add("0 = 1", vec![]),
    }
    if let Some(user) = params.get("user") {
        filter.add("x.user_id = ?", vec![cat::int(user.parse().unwrap_or(-1))]);
    }
    if let Some(username) = params.get("username") {
        filter.add("u.username = ? COLLATE NOCASE", vec![cat::text(username)]);
    }
    if let Some(domain) = params.get("domain") {
        if !domain.eq_ignore_ascii_case(&state.domain()) {
            filter.add("0 = 1", vec![]);
        }
    }
    // `hidden=false`: without the artists the viewer hides; `hidden=true`: only those.
    match (params.flag("hidden"), viewer) {
        (Some(false), Some(user)) => {
            filter.add(
                crate::store::moderation::not_hidden_clause(),
                vec![cat::int(user)],
            );
        }
        (Some(true), Some(user)) => filter.add(
            &format!("NOT {}", crate::store::moderation::not_hidden_clause()),
            vec![cat::int(user)],
        ),
        (Some(true), None) => filter.add("0 = 1", vec![]),
        _ => {}
    }
    if let Some(q) = params.get("q") {
        filter.add(
            "(t.title LIKE ? ESCAPE '\\' OR ar.name LIKE ? ESCAPE '\\' OR al.title LIKE ? ESCAPE '\\')",
            vec![like(q), like(q), like(q)],
        );
    }
    filter
}

/// Orderings a user → track list accepts (`-creation_date` by default).
pub fn user_track_order(params: &QueryParams) -> String {
    ordering(
        params,
        &[
            ("id", "x.id"),
            ("creation_date", "x.creation_date"),
            ("track__title", "t.title COLLATE NOCASE"),
            ("track__album__title", "al.title COLLATE NOCASE"),
            ("track__album__release_date", "al.release_date"),
            ("track__position", "t.position"),
            ("track__artist__name", "ar.name COLLATE NOCASE"),
        ],
        "x.creation_date DESC",
        "x.id DESC",
    )
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::expect_used)]
mod tests {
    use super::*;

    #[test]
    fn primary_keys_like_drf() {
        assert_eq!(Pk::of(None), Pk::Missing);
        assert_eq!(Pk::of(Some(&json!(null))), Pk::Null);
        assert_eq!(Pk::of(Some(&json!(4))), Pk::Value(4));
        assert_eq!(Pk::of(Some(&json!("12"))), Pk::Value(12));
        assert_eq!(Pk::of(Some(&json!(3.0))), Pk::Value(3));
        assert_eq!(Pk::of(Some(&json!("x"))), Pk::WrongType("str"));
        assert_eq!(Pk::of(Some(&json!(true))), Pk::WrongType("bool"));
        assert_eq!(Pk::of(Some(&json!([1]))), Pk::WrongType("list"));
        let mut errors = FieldErrors::new();
        assert!(Pk::WrongType("str").require("track", &mut errors).is_none());
        assert!(!errors.is_empty());
    }
}

//! Edits of tracks, albums and artists: stored suggestions, their review, and applying an
//! approved edit to its object (SQL only).

use rusqlite::types::Value as SqlValue;
use rusqlite::{params, params_from_iter, Connection, OptionalExtension};
use serde_json::{Map, Value};

use crate::domain::mutation::EditTarget;
use crate::error::ApiError;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::people::{owner_cols, owner_row, OwnerRow};

fn table(target: EditTarget) -> &'static str {
    match target {
        EditTarget::Track => "tracks",
        EditTarget::Album => "albums",
        EditTarget::Artist => "artists",
    }
}

fn label_column(target: EditTarget) -> &'static str {
    match target {
        EditTarget::Artist => "name",
        EditTarget::Track | EditTarget::Album => "title",
    }
}

/// The object's display name, if it exists.
pub fn target_repr(
    conn: &Connection,
    target: EditTarget,
    id: i64,
) -> Result<Option<String>, ApiError> {
    Ok(conn
        .query_row(
            &format!(
                "SELECT {} FROM {} WHERE id = ?1",
                label_column(target),
                table(target)
            ),
            [id],
            |r| r.get(0),
        )
        .optional()?)
}

pub fn license_exists(conn: &Connection, code: &str) -> Result<bool, ApiError> {
    Ok(conn
        .query_row("SELECT 1 FROM licenses WHERE code = ?1", [code], |_| Ok(()))
        .optional()?
        .is_some())
}

/// `{field: {"value": current}}` for the fields an edit touches.
pub fn previous_state(
    conn: &Connection,
    target: EditTarget,
    id: i64,
    fields: &[&str],
) -> Result<Map<String, Value>, ApiError> {
    let mut state = Map::new();
    for field in fields {
        let value = match *field {
            "tags" => Value::from(
                cat::tags_of(conn, target.as_str(), &[id])?
                    .remove(&id)
                    .unwrap_or_default(),
            ),
            "description" => {
                let raw: Option<String> = conn.query_row(
                    &format!("SELECT description FROM {} WHERE id = ?1", table(target)),
                    [id],
                    |r| r.get(0),
                )?;
                raw.and_then(|d| serde_json::from_str(&d).ok())
                    .unwrap_or(Value::Null)
            }
            "license" => column(conn, target, id, "license_code")?,
            "content_category" | "title" | "name" | "copyright" | "position" | "release_date" => {
                column(conn, target, id, field)?
            }
            _ => continue,
        };
        state.insert((*field).to_owned(), serde_json::json!({ "value": value }));
    }
    Ok(state)
}

fn column(conn: &Connection, target: EditTarget, id: i64, name: &str) -> Result<Value, ApiError> {
    let value: SqlValue = conn.query_row(
        &format!("SELECT {name} FROM {} WHERE id = ?1", table(target)),
        [id],
        |r| r.get(0),
    )?;
    Ok(match value {
        SqlValue::Null => Value::Null,
        SqlValue::Integer(n) => Value::from(n),
        SqlValue::Real(f) => Value::from(f),
        SqlValue::Text(s) => Value::String(s),
        SqlValue::Blob(_) => Value::Null,
    })
}

/// Writes an approved edit to its object.
pub fn apply(
    conn: &Connection,
    target: EditTarget,
    id: i64,
    payload: &Map<String, Value>,
    now: &str,
) -> Result<(), ApiError> {
    for (field, value) in payload {
        let column = match field.as_str() {
            "title" | "name" | "copyright" | "position" | "release_date" | "content_category" => {
                field.as_str()
            }
            "license" => "license_code",
            "description" => "description",
            "tags" => {
                conn.execute(
                    "DELETE FROM tagged_items WHERE object_type = ?1 AND object_id = ?2",
                    params![target.as_str(), id],
                )?;
                for name in value
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_str)
                {
                    cat::tag(conn, name, target.as_str(), id, now)?;
                }
                continue;
            }
            _ => continue,
        };
        let sql_value = match value {
            Value::Null => SqlValue::Null,
            Value::Number(n) => n.as_i64().map_or(SqlValue::Null, SqlValue::Integer),
            Value::String(s) => SqlValue::Text(s.clone()),
            other => SqlValue::Text(other.to_string()),
        };
        conn.execute(
            &format!("UPDATE {} SET {column} = ?2 WHERE id = ?1", table(target)),
            params![id, sql_value],
        )?;
    }
    if target == EditTarget::Artist {
        conn.execute(
            "UPDATE artists SET modification_date = ?2 WHERE id = ?1",
            params![id, now],
        )?;
    }
    Ok(())
}

pub struct NewMutation<'a> {
    pub uuid: &'a str,
    pub summary: Option<&'a str>,
    pub payload: &'a str,
    pub previous_state: &'a str,
    pub target: EditTarget,
    pub target_id: i64,
    pub created_by: i64,
    pub approved: Option<bool>,
}

pub fn insert(conn: &Connection, m: &NewMutation<'_>, now: &str) -> Result<(), ApiError> {
    conn.execute(
        "INSERT INTO mutations (uuid, type, summary, payload, previous_state, target_type, target_id,
            created_by, approved_by, is_approved, creation_date)
         VALUES (?1, 'update', ?2, ?3, ?4, ?5, ?6, ?7, CASE WHEN ?8 THEN ?7 END, ?8, ?9)",
        params![
            m.uuid,
            m.summary,
            m.payload,
            m.previous_state,
            m.target.as_str(),
            m.target_id,
            m.created_by,
            m.approved,
            now
        ],
    )?;
    Ok(())
}

#[derive(Debug, Clone)]
pub struct MutationRow {
    pub uuid: String,
    pub kind: String,
    pub summary: Option<String>,
    pub payload: String,
    pub previous_state: Option<String>,
    pub target_type: String,
    pub target_id: i64,
    pub approved_by: Option<i64>,
    pub is_approved: Option<bool>,
    pub is_applied: bool,
    pub applied_date: Option<String>,
    pub creation_date: String,
    pub created_by: OwnerRow,
}

pub const FROM: &str = "mutations m JOIN users u ON u.id = m.created_by";

pub fn count(conn: &Connection, filter: &Filter) -> Result<i64, ApiError> {
    cat::count(conn, FROM, filter)
}

pub fn list(
    conn: &Connection,
    filter: &Filter,
    order: &str,
    limit: i64,
    offset: i64,
) -> Result<Vec<MutationRow>, ApiError> {
    let mut stmt = conn.prepare(&format!(
        "SELECT m.uuid, m.type, m.summary, m.payload, m.previous_state, m.target_type, m.target_id,
            m.approved_by, m.is_approved, m.is_applied, m.applied_date, m.creation_date, {}
         FROM {FROM} {} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
        owner_cols("u"),
        filter.sql()
    ))?;
    let rows = stmt.query_map(params_from_iter(filter.params.iter()), |r| {
        Ok(MutationRow {
            uuid: r.get(0)?,
            kind: r.get(1)?,
            summary: r.get(2)?,
            payload: r.get(3)?,
            previous_state: r.get(4)?,
            target_type: r.get(5)?,
            target_id: r.get(6)?,
            approved_by: r.get(7)?,
            is_approved: r.get(8)?,
            is_applied: r.get(9)?,
            applied_date: r.get(10)?,
            creation_date: r.get(11)?,
            created_by: owner_row(r, 12)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

pub fn by_uuid(conn: &Connection, uuid: &str) -> Result<Option<MutationRow>, ApiError> {
    let mut filter = Filter::default();
    filter.add("m.uuid = ?", vec![cat::text(uuid)]);
    Ok(list(conn, &filter, "m.id", 1, 0)?.into_iter().next())
}

pub fn review(
    conn: &Connection,
    uuid: &str,
    approved: bool,
    reviewer: i64,
) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE mutations SET is_approved = ?2, approved_by = ?3 WHERE uuid = ?1",
        params![uuid, approved, reviewer],
    )?;
    Ok(())
}

pub fn mark_applied(conn: &Connection, uuid: &str, now: &str) -> Result<(), ApiError> {
    conn.execute(
        "UPDATE mutations SET is_applied = 1, applied_date = ?2 WHERE uuid = ?1",
        params![uuid, now],
    )?;
    Ok(())
}

pub fn delete(conn: &Connection, uuid: &str) -> Result<(), ApiError> {
    conn.execute("DELETE FROM mutations WHERE uuid = ?1", [uuid])?;
    Ok(())
}

pub fn pending_count(conn: &Connection) -> Result<i64, ApiError> {
    Ok(conn.query_row(
        "SELECT count(*) FROM mutations WHERE is_approved IS NULL",
        [],
        |r| r.get(0),
    )?)
}

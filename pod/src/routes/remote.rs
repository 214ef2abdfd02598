//! Remote objects and remote library scans: `federation/fetches/` (ask the pod to fetch an
//! object by its URL or `@user@domain`), `federation/libraries/fetch/` (find a library by its
//! federation id, the sharing link), `federation/libraries/{uuid}/` (a library with the
//! caller's follow and latest scan) and `federation/libraries/{uuid}/scan/`.
//!
//! Objects of this pod resolve at once. Federation with other pods is out of reach, so a
//! remote fetch really goes out over HTTP and ends in one of the fetch error kinds
//! (`connection`, `http` with `status_code`, `timeout`, `invalid_json`, `validation`,
//! `unhandled`). A scan walks the library's uploads (pending → scanning → finished or
//! errored, with processed and errored counts) and is skipped when the previous one is
//! less than a day old, or when the caller owns the library.

use std::time::Duration;

use actix_web::{web, HttpResponse};
use rusqlite::{params, OptionalExtension};
use serde_json::{json, Value};

use crate::auth::Auth;
use crate::error::ApiError;
use crate::routes::catalogue::library_value;
use crate::routes::common::api_actor;
use crate::routes::libraries::viewable_clause;
use crate::routes::{res, Body};
use crate::state::AppState;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::follows as follow_store;
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/federation/fetches").route(web::post().to(create_fetch)))
        .service(res("/federation/fetches/{id}").route(web::get().to(get_fetch)))
        .service(res("/federation/libraries/fetch").route(web::post().to(fetch_library)))
        .service(res("/federation/libraries/{uuid}/scan").route(web::post().to(scan)))
        .service(res("/federation/libraries/{uuid}").route(web::get().to(get_library)));
}

/// How long a remote server has to answer.
pub(crate) const FETCH_TIMEOUT: Duration = Duration::from_secs(5);
/// The most of a remote answer that is read.
const FETCH_LIMIT: usize = 1024 * 1024;
/// A new scan of a library waits this long after the previous one.
const SCAN_DELAY_SECONDS: i64 = 24 * 3600;
/// A finished fetch of the same URL this recent is answered again instead of a new fetch.
const DUPLICATE_FETCH_SECONDS: i64 = 3600;

// ---- Fetching over HTTP ----

/// Why a remote fetch failed: the `detail` of an errored fetch.
#[derive(Debug, Clone, PartialEq)]
pub struct FetchError(Value);

impl FetchError {
    fn kind(code: &str) -> Self {
        Self(json!({ "error_code": code }))
    }

    fn with(code: &str, key: &str, value: Value) -> Self {
        Self(json!({ "error_code": code, key: value }))
    }

    fn code(&self) -> &str {
        self.0["error_code"].as_str().unwrap_or("unhandled")
    }

    /// A sentence for `detail` bodies.
    fn describe(&self, url: &str) -> String {
        let host = url
            .split_once("://")
            .map_or(url, |(_, rest)| rest)
            .split('/')
            .next()
            .unwrap_or(url);
        match self.code() {
            "connection" => format!("cannot connect to {host}: the address is not a server, or the server might be down"),
            "timeout" => format!("{host} did not answer in time"),
            "http" => format!("{host} answered with HTTP status {}", self.0["status_code"]),
            "invalid_json" => format!("{host} did not answer with JSON"),
            "validation" => format!("{host} answered with an object this pod cannot read"),
            _ => format!("{host} answered with an object this pod does not handle"),
        }
    }
}

/// GETs `url` as ActivityPub JSON. Federation is out of reach: even a readable object ends as
/// `unhandled`, but every way of failing is told apart.
async fn fetch_remote(url: &str) -> Result<Value, FetchError> {
    use awc::error::{PayloadError, SendRequestError};
    let client = awc::Client::builder().timeout(FETCH_TIMEOUT).finish();
    let mut res = client
        .get(url)
        .insert_header((
            "Accept",
            "application/activity+json, application/ld+json, application/json",
        ))
        .send()
        .await
        .map_err(|e| match e {
            SendRequestError::Timeout => FetchError::kind("timeout"),
            SendRequestError::Url(_) => FetchError::with(
                "validation",
                "validation_errors",
                json!({"url": ["Enter a valid URL."]}),
            ),
            other => FetchError::with("connection", "message", json!(other.to_string())),
        })?;
    if !res.status().is_success() {
        return Err(FetchError::with(
            "http",
            "status_code",
            json!(res.status().as_u16()),
        ));
    }
    let body = res.body().limit(FETCH_LIMIT).await.map_err(|e| match e {
        PayloadError::Io(ref io) if io.kind() == std::io::ErrorKind::TimedOut => {
            FetchError::kind("timeout")
        }
        PayloadError::Overflow => FetchError::with(
            "validation",
            "validation_errors",
            json!({"non_field_errors": ["The answer is too large."]}),
        ),
        other => FetchError::with("connection", "message", json!(other.to_string())),
    })?;
    let value: Value =
        serde_json::from_slice(&body).map_err(|_| FetchError::kind("invalid_json"))?;
    let object = value.as_object().ok_or_else(|| {
        FetchError::with(
            "validation",
            "validation_errors",
            json!({"non_field_errors": ["Expected a JSON object."]}),
        )
    })?;
    let mut errors = serde_json::Map::new();
    for key in ["id", "type"] {
        if !object.get(key).is_some_and(Value::is_string) {
            errors.insert(key.into(), json!(["This field is required."]));
        }
    }
    if !errors.is_empty() {
        return Err(FetchError::with(
            "validation",
            "validation_errors",
            Value::Object(errors),
        ));
    }
    Err(FetchError::kind("unhandled"))
}

/// What a local URL names, if it is one of this pod's objects.
enum Local {
    Library(String),
    Object { table: &'static str, uuid: String },
    Actor(String),
    Unknown,
}

fn local_target(state: &AppState, url: &str) -> Option<Local> {
    let path = url.strip_prefix(state.base_url())?;
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    Some(match parts.as_slice() {
        ["federation", "music", "libraries", uuid] => Local::Library((*uuid).to_owned()),
        ["federation", "music", kind, uuid] => {
            let table = match *kind {
                "artists" => "artists",
                "albums" => "albums",
                "tracks" => "tracks",
                "uploads" => "uploads",
                _ => return Some(Local::Unknown),
            };
            Local::Object {
                table,
                uuid: (*uuid).to_owned(),
            }
        }
        ["channels", uuid] => Local::Object {
            table: "channels",
            uuid: (*uuid).to_owned(),
        },
        ["federation", "actors", name] => Local::Actor((*name).to_owned()),
        [name] if name.starts_with('@') => Local::Actor(name[1..].to_owned()),
        _ => Local::Unknown,
    })
}

fn local_exists(conn: &rusqlite::Connection, target: &Local) -> Result<bool, ApiError> {
    Ok(match target {
        Local::Library(uuid) => conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM libraries WHERE uuid = ?1)",
            [uuid],
            |r| r.get(0),
        )?,
        Local::Object { table, uuid } => conn.query_row(
            &format!("SELECT EXISTS (SELECT 1 FROM {table} WHERE uuid = ?1)"),
            [uuid],
            |r| r.get(0),
        )?,
        Local::Actor(name) => conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM users WHERE username = ?1 COLLATE NOCASE)
               OR EXISTS (SELECT 1 FROM channels WHERE username = ?1 COLLATE NOCASE)",
            [name],
            |r| r.get(0),
        )?,
        Local::Unknown => false,
    })
}

/// `object` as a URL to fetch: an http(s) URL, or `@user@domain` / `user@domain` (WebFinger).
fn fetch_url(state: &AppState, object: &str) -> Result<String, ApiError> {
    let object = object.trim();
    if object.starts_with("http://") || object.starts_with("https://") {
        if object.contains(char::is_whitespace) {
            return Err(ApiError::field("object", "Enter a valid URL."));
        }
        return Ok(object.to_owned());
    }
    let handle = object.trim_start_matches('@');
    match handle.split_once('@') {
        Some((user, domain))
            if !user.is_empty()
                && !domain.is_empty()
                && !handle.contains(char::is_whitespace)
                && !domain.contains(['/', '@']) =>
        {
            if domain.eq_ignore_ascii_case(&state.domain()) {
                Ok(format!("{}/federation/actors/{user}", state.base_url()))
            } else {
                Ok(format!(
                    "https://{domain}/.well-known/webfinger?resource=acct:{user}@{domain}"
                ))
            }
        }
        _ => Err(ApiError::field(
            "object",
            "Enter a URL or a @username@domain handle.",
        )),
    }
}

// ---- federation/fetches ----

struct FetchRow {
    id: i64,
    url: String,
    status: String,
    detail: String,
    creation_date: String,
    fetch_date: Option<String>,
    user_id: i64,
}

fn fetch_row(conn: &rusqlite::Connection, id: i64) -> Result<Option<FetchRow>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT id, url, status, detail, creation_date, fetch_date, user_id FROM fetches WHERE id = ?1",
            [id],
            |r| {
                Ok(FetchRow {
                    id: r.get(0)?,
                    url: r.get(1)?,
                    status: r.get(2)?,
                    detail: r.get(3)?,
                    creation_date: r.get(4)?,
                    fetch_date: r.get(5)?,
                    user_id: r.get(6)?,
                })
            },
        )
        .optional()?)
}

fn fetch_value(
    state: &AppState,
    conn: &rusqlite::Connection,
    f: &FetchRow,
) -> Result<Value, ApiError> {
    use crate::store::people::{owner_cols, owner_row};
    let owner = conn
        .query_row(
            &format!("SELECT {} FROM users u WHERE u.id = ?1", owner_cols("u")),
            [f.user_id],
            |r| owner_row(r, 0),
        )
        .optional()?;
    Ok(json!({
        "id": f.id,
        "url": f.url,
        "actor": owner.map(|o| api_actor(state, &o)),
        "status": f.status,
        "detail": serde_json::from_str::<Value>(&f.detail).unwrap_or_else(|_| json!({})),
        "creation_date": f.creation_date,
        "fetch_date": f.fetch_date
    }))
}

fn finish_fetch(
    conn: &rusqlite::Connection,
    id: i64,
    result: &Result<(), FetchError>,
) -> Result<(), ApiError> {
    let (status, detail) = match result {
        Ok(()) => ("finished", json!({})),
        Err(e) => ("errored", e.0.clone()),
    };
    conn.execute(
        "UPDATE fetches SET status = ?2, detail = ?3, fetch_date = ?4 WHERE id = ?1",
        params![id, status, detail.to_string(), now_iso()],
    )?;
    Ok(())
}

/// `POST federation/fetches/`: `{"object": url or handle, "force": bool}` → 201 with the fetch
/// (`pending` while a remote server is asked; poll `federation/fetches/{id}/`).
#[tracing::instrument(skip_all)]
async fn create_fetch(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let object = match body.text("object") {
        Some(o) if !o.trim().is_empty() => o,
        _ => return Err(ApiError::field("object", "This field is required.")),
    };
    let force = body.flag("force")?.unwrap_or(false);
    let url = fetch_url(&state, &object)?;
    let local = local_target(&state, &url);
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    let url2 = url.clone();
    let (value, id, remote) = state
        .db
        .run(move |conn| {
            if !force {
                let since = (chrono::Utc::now()
                    - chrono::Duration::seconds(DUPLICATE_FETCH_SECONDS))
                .format("%Y-%m-%dT%H:%M:%S%.6fZ")
                .to_string();
                let duplicate: Option<i64> = conn
                    .query_row(
                        "SELECT id FROM fetches WHERE user_id = ?1 AND url = ?2 AND status = 'finished'
                           AND creation_date >= ?3 ORDER BY id DESC LIMIT 1",
                        params![user, url2, since],
                        |r| r.get(0),
                    )
                    .optional()?;
                if let Some(id) = duplicate {
                    let row = fetch_row(conn, id)?.ok_or(ApiError::NotFound)?;
                    return Ok((fetch_value(&state2, conn, &row)?, id, false));
                }
            }
            conn.execute(
                "INSERT INTO fetches (url, user_id, status, creation_date) VALUES (?1, ?2, 'pending', ?3)",
                params![url2, user, now_iso()],
            )?;
            let id = conn.last_insert_rowid();
            let remote = match &local {
                Some(target) => {
                    let result = if local_exists(conn, target)? {
                        Ok(())
                    } else {
                        Err(FetchError::with("http", "status_code", json!(404)))
                    };
                    finish_fetch(conn, id, &result)?;
                    false
                }
                None => true,
            };
            let row = fetch_row(conn, id)?.ok_or(ApiError::NotFound)?;
            Ok((fetch_value(&state2, conn, &row)?, id, remote))
        })
        .await?;
    if remote {
        let state = state.get_ref().clone();
        actix_web::rt::spawn(async move {
            let result = fetch_remote(&url).await.map(|_| ());
            if let Err(err) = state
                .db
                .run(move |conn| finish_fetch(conn, id, &result))
                .await
            {
                tracing::warn!(%err, "could not record a fetch");
            }
        });
    }
    Ok(HttpResponse::Created().json(value))
}

/// `GET federation/fetches/{id}/`: the caller's own fetches only.
#[tracing::instrument(skip_all)]
async fn get_fetch(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id: i64 = path.into_inner().parse().map_err(|_| ApiError::NotFound)?;
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let row = fetch_row(conn, id)?
                .filter(|f| f.user_id == user)
                .ok_or(ApiError::NotFound)?;
            fetch_value(&state2, conn, &row)
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

// ---- Libraries and scans ----

fn scan_value(conn: &rusqlite::Connection, id: i64) -> Result<Value, ApiError> {
    Ok(conn.query_row(
        "SELECT status, total_files, processed_files, errored_files, creation_date, modification_date
         FROM library_scans WHERE id = ?1",
        [id],
        |r| {
            Ok(json!({
                "status": r.get::<_, String>(0)?,
                "total_files": r.get::<_, i64>(1)?,
                "processed_files": r.get::<_, i64>(2)?,
                "errored_files": r.get::<_, i64>(3)?,
                "creation_date": r.get::<_, String>(4)?,
                "modification_date": r.get::<_, Option<String>>(5)?,
            }))
        },
    )?)
}

fn latest_scan(
    conn: &rusqlite::Connection,
    library: &str,
) -> Result<Option<(i64, String)>, ApiError> {
    Ok(conn
        .query_row(
            "SELECT id, creation_date FROM library_scans WHERE library_uuid = ?1 ORDER BY id DESC LIMIT 1",
            [library],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?)
}

/// The `Library` shape of the federation API: with the caller's follow and the latest scan.
fn federation_library(
    state: &AppState,
    conn: &rusqlite::Connection,
    uuid: &str,
    user: i64,
) -> Result<Value, ApiError> {
    let mut filter = Filter::default();
    filter.add("l.uuid = ?", vec![cat::text(uuid)]);
    let row = cat::libraries(conn, &filter, 1, 0)?
        .into_iter()
        .next()
        .ok_or(ApiError::NotFound)?;
    let mut value = library_value(state, &row);
    let follow = follow_store::follows_of(conn, user)?
        .into_iter()
        .find(|f| f.library_uuid == row.uuid)
        .map(|f| {
            json!({
                "creation_date": f.creation_date,
                "uuid": f.uuid,
                "fid": format!("{}/federation/follows/library/{}", state.base_url(), f.uuid),
                "approved": f.approved,
                "modification_date": f.creation_date
            })
        });
    value["follow"] = follow.unwrap_or(Value::Null);
    value["latest_scan"] = match latest_scan(conn, &row.uuid)? {
        Some((id, _)) => scan_value(conn, id)?,
        None => Value::Null,
    };
    Ok(value)
}

/// `GET federation/libraries/{uuid}/`. Like `libraries/{uuid}/`, any library shows (a sharing
/// link lets one ask to follow a private library); its contents stay hidden until approved.
#[tracing::instrument(skip_all)]
async fn get_library(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| federation_library(&state2, conn, &uuid, user))
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

/// `POST federation/libraries/fetch/`: `{"fid": url}` → `{"count": 1, "results": [library]}`,
/// or 400 `{"detail": …}` saying why the library cannot be fetched.
#[tracing::instrument(skip_all)]
async fn fetch_library(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let fid = match body.text("fid") {
        Some(f) if !f.trim().is_empty() => f.trim().to_owned(),
        _ => return Err(ApiError::field("fid", "This field is required.")),
    };
    if !(fid.starts_with("http://") || fid.starts_with("https://"))
        || fid.contains(char::is_whitespace)
    {
        return Err(ApiError::field("fid", "Enter a valid URL."));
    }
    let user = auth.user.id;
    match local_target(&state, &fid) {
        Some(Local::Library(uuid)) => {
            let state2 = state.get_ref().clone();
            let value = state
                .db
                .run(move |conn| federation_library(&state2, conn, &uuid, user))
                .await
                .map_err(|e| match e {
                    ApiError::NotFound => ApiError::BadRequest(
                        "Error while fetching the library: there is no library at this address"
                            .into(),
                    ),
                    other => other,
                })?;
            Ok(HttpResponse::Ok().json(json!({"count": 1, "results": [value]})))
        }
        Some(_) => Err(ApiError::BadRequest(
            "Invalid data in remote library: this address is not a library".into(),
        )),
        None => {
            let err = match fetch_remote(&fid).await {
                Ok(_) => FetchError::kind("unhandled"),
                Err(e) => e,
            };
            let detail = match err.code() {
                "invalid_json" | "validation" | "unhandled" => {
                    format!("Invalid data in remote library: {}", err.describe(&fid))
                }
                _ => format!("Error while fetching the library: {}", err.describe(&fid)),
            };
            Err(ApiError::BadRequest(detail))
        }
    }
}

/// `POST federation/libraries/{uuid}/scan/` → `{"status": "scheduled", "scan": {…}}` or
/// `{"status": "skipped"}` (own library, or the previous scan is less than a day old).
#[tracing::instrument(skip_all)]
async fn scan(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let user = auth.user.id;
    let uuid2 = uuid.clone();
    let scheduled = state
        .db
        .run(move |conn| {
            let owner: i64 = conn
                .query_row(
                    &format!(
                        "SELECT l.owner_id FROM libraries l WHERE l.uuid = ? AND {}",
                        viewable_clause("l")
                    ),
                    params![uuid2, user, user],
                    |r| r.get(0),
                )
                .optional()?
                .ok_or(ApiError::NotFound)?;
            if owner == user {
                return Ok(None);
            }
            if let Some((_, date)) = latest_scan(conn, &uuid2)? {
                let recent = chrono::DateTime::parse_from_rfc3339(&date).is_ok_and(|d| {
                    chrono::Utc::now().signed_duration_since(d).num_seconds() < SCAN_DELAY_SECONDS
                });
                if recent {
                    return Ok(None);
                }
            }
            let now = now_iso();
            conn.execute(
                "INSERT INTO library_scans (library_uuid, user_id, status, creation_date, modification_date)
                 VALUES (?1, ?2, 'pending', ?3, ?3)",
                params![uuid2, user, now],
            )?;
            let scan = conn.last_insert_rowid();
            Ok(Some((scan, scan_value(conn, scan)?)))
        })
        .await?;
    let Some((scan_id, value)) = scheduled else {
        return Ok(HttpResponse::Ok().json(json!({"status": "skipped"})));
    };
    let state2 = state.get_ref().clone();
    actix_web::rt::spawn(async move {
        if let Err(err) = run_scan(&state2, scan_id, uuid).await {
            tracing::warn!(%err, "library scan failed");
            let _ = state2
                .db
                .run(move |conn| {
                    conn.execute(
                        "UPDATE library_scans SET status = 'errored', modification_date = ?2 WHERE id = ?1",
                        params![scan_id, now_iso()],
                    )?;
                    Ok(())
                })
                .await;
        }
    });
    Ok(HttpResponse::Ok().json(json!({"status": "scheduled", "scan": value})))
}

/// Walks the library's uploads: each finished one whose file is on disk is processed, others
/// count as errored. Ends `finished`, or `errored` when the library is gone.
async fn run_scan(state: &AppState, scan: i64, library: String) -> Result<(), ApiError> {
    let files = state
        .db
        .run(move |conn| {
            let exists: bool = conn.query_row(
                "SELECT EXISTS (SELECT 1 FROM libraries WHERE uuid = ?1)",
                [&library],
                |r| r.get(0),
            )?;
            if !exists {
                return Ok(None);
            }
            let mut stmt = conn.prepare(
                "SELECT u.file, u.import_status FROM uploads u JOIN libraries l ON l.id = u.library_id
                 WHERE l.uuid = ?1 ORDER BY u.id",
            )?;
            let files = stmt
                .query_map([&library], |r| {
                    Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?))
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let total = i64::try_from(files.len()).unwrap_or(i64::MAX);
            conn.execute(
                "UPDATE library_scans SET status = 'scanning', total_files = ?2, modification_date = ?3 WHERE id = ?1",
                params![scan, total, now_iso()],
            )?;
            Ok(Some(files))
        })
        .await?;
    let Some(files) = files else {
        return Err(ApiError::NotFound);
    };
    let media = state.media_dir.clone();
    for chunk in files.chunks(20) {
        let mut processed = 0i64;
        let mut errored = 0i64;
        for (file, status) in chunk {
            let on_disk = tokio::fs::metadata(media.join(file)).await.is_ok();
            if status == "finished" && on_disk {
                processed += 1;
            } else {
                errored += 1;
            }
        }
        state
            .db
            .run(move |conn| {
                conn.execute(
                    "UPDATE library_scans SET processed_files = processed_files + ?2,
                       errored_files = errored_files + ?3, modification_date = ?4 WHERE id = ?1",
                    params![scan, processed + errored, errored, now_iso()],
                )?;
                Ok(())
            })
            .await?;
    }
    state
        .db
        .run(move |conn| {
            conn.execute(
                "UPDATE library_scans SET status = 'finished', modification_date = ?2 WHERE id = ?1",
                params![scan, now_iso()],
            )?;
            Ok(())
        })
        .await
}

//! Radios: custom radios (`radios/radios/`, with filter validation and candidate counts),
//! sessions of every radio type, and the next track of a session (`radios/tracks/`; under
//! v2 also `radios/sessions/{id}/tracks/`). An exhausted radio answers 404 with the bare
//! JSON string "Radio doesn't have more candidates", as a real pod does.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Map, Value};

use crate::auth::{Auth, MaybeAuth};
use crate::domain::radio::{python_set, FilterKind, RadioFilter, RadioType};
use crate::error::{ApiError, FieldErrors};
use crate::routes::catalogue::{like, ordering, paginate, parse_id, require_reader};
use crate::routes::common::{invalid_pk, optional_text, tracks_by_id, user_basic, Pk, Scope};
use crate::routes::{res, Body, QueryParams};
use crate::state::AppState;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::radios::{self as store, NewSession, RadioFields, RadioRow, SessionRow};
use crate::store::users::now_iso;

pub const NO_MORE_CANDIDATES: &str = "Radio doesn't have more candidates";
const NAME_MAX: usize = 100;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/radios/radios/filters").route(web::get().to(filters)))
        .service(res("/radios/radios/validate").route(web::post().to(validate)))
        .service(
            res("/radios/radios")
                .route(web::get().to(list))
                .route(web::post().to(create)),
        )
        .service(
            res("/radios/radios/{id}")
                .route(web::get().to(get))
                .route(web::put().to(replace))
                .route(web::patch().to(patch))
                .route(web::delete().to(destroy)),
        )
        .service(res("/radios/radios/{id}/tracks").route(web::get().to(radio_tracks)))
        .service(res("/radios/sessions").route(web::post().to(create_session)))
        .service(res("/radios/sessions/{id}").route(web::get().to(get_session)))
        .service(res("/radios/sessions/{id}/tracks").route(web::get().to(session_tracks)))
        .service(res("/radios/tracks").route(web::post().to(next_track)));
}

fn no_more_candidates() -> HttpResponse {
    HttpResponse::NotFound().json(NO_MORE_CANDIDATES)
}

fn radio_value(r: &RadioRow) -> Value {
    let config = serde_json::from_str::<Value>(&r.config).unwrap_or_else(|_| json!([]));
    json!({
        "id": r.id,
        "is_public": r.is_public,
        "name": r.name,
        "creation_date": r.creation_date,
        "user": user_basic(&r.owner),
        "config": config,
        "description": r.description
    })
}

/// Parsed filters of a stored config (entries that no longer parse are skipped).
fn stored_filters(config: &str) -> Vec<RadioFilter> {
    serde_json::from_str::<Vec<Value>>(config)
        .unwrap_or_default()
        .iter()
        .filter_map(|f| RadioFilter::parse(f).ok())
        .collect()
}

/// Checks a filter against the catalogue and returns it as Funkwhale stores it (sorted ids
/// with the artists' names, tag names as known).
fn clean_filter(
    conn: &rusqlite::Connection,
    filter: &RadioFilter,
) -> Result<Result<Value, String>, ApiError> {
    let mut raw: Map<String, Value> = filter.raw.clone();
    match &filter.kind {
        FilterKind::Artist(ids) => {
            let missing = store::unknown_artists(conn, ids)?;
            if !missing.is_empty() {
                return Ok(Err(format!(
                    "No artist matching ids \"{}\"",
                    python_set(&missing, false)
                )));
            }
            let mut sorted = ids.clone();
            sorted.sort_unstable();
            raw.insert("ids".into(), json!(sorted));
            raw.insert("names".into(), json!(store::artist_names(conn, &sorted)?));
        }
        FilterKind::Tag(names) => {
            let missing = store::unknown_tags(conn, names)?;
            if !missing.is_empty() {
                return Ok(Err(format!(
                    "No tag matching names \"{}\"",
                    python_set(&missing, true)
                )));
            }
            raw.insert("names".into(), json!(store::tag_names(conn, names)?));
        }
    }
    Ok(Ok(Value::Object(raw)))
}

#[tracing::instrument(skip_all)]
async fn filters(state: web::Data<AppState>, auth: MaybeAuth) -> Result<HttpResponse, ApiError> {
    require_reader(&state, &auth).await?;
    let search = "/api/v1/search";
    Ok(HttpResponse::Ok().json(json!([
        {
            "type": "artist",
            "label": "Artist",
            "help_text": "Select tracks for a given artist",
            "fields": [{
                "name": "ids",
                "type": "list",
                "subtype": "number",
                "autocomplete": search,
                "autocomplete_qs": "q={query}",
                "autocomplete_fields": {"remoteValues": "artists", "name": "name", "value": "id"},
                "label": "Artist",
                "placeholder": "Select artists"
            }]
        },
        {
            "type": "tag",
            "label": "Tag",
            "help_text": "Select tracks with a given tag",
            "fields": [{
                "name": "names",
                "type": "list",
                "subtype": "string",
                "autocomplete": search,
                "autocomplete_fields": {"remoteValues": "tags", "name": "name", "value": "name"},
                "autocomplete_qs": "q={query}",
                "label": "Tags",
                "placeholder": "Select tags"
            }]
        }
    ])))
}

/// `{"filters": [...]}` → per filter its errors, or its candidate count and a sample.
#[tracing::instrument(skip_all)]
async fn validate(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let Some(Value::Array(list)) = body.0.get("filters").cloned() else {
        return Ok(
            HttpResponse::BadRequest().json(json!({"error": "You must provide a filters list"}))
        );
    };
    let state2 = state.get_ref().clone();
    let results = state
        .db
        .run(move |conn| {
            let mut results = Vec::with_capacity(list.len());
            for raw in &list {
                let checked = match RadioFilter::parse(raw) {
                    Ok(filter) => clean_filter(conn, &filter)?.map(|_| filter),
                    Err(message) => Err(message),
                };
                let filter = match checked {
                    Ok(filter) => filter,
                    Err(message) => {
                        results.push(json!({
                            "errors": [message],
                            "candidates": {"count": Value::Null, "sample": Value::Null}
                        }));
                        continue;
                    }
                };
                let mut query = Filter::default();
                if let Some((clause, values)) = store::filters_clause(std::slice::from_ref(&filter))
                {
                    query.add(&clause, values);
                }
                // What the radio would play for this caller: never tracks of libraries they cannot see.
                store::playable_by(&mut query, viewer);
                let count = cat::count(conn, cat::TRACK_FROM, &query)?;
                let sample = cat::tracks(conn, &query, "t.id", 10, 0)?;
                let ids: Vec<i64> = sample.iter().map(|t| t.id).collect();
                let tracks = tracks_by_id(&state2, conn, &ids)?;
                let sample: Vec<Value> = ids
                    .iter()
                    .filter_map(|id| tracks.get(id).cloned())
                    .collect();
                results.push(json!({
                    "errors": [],
                    "candidates": {"count": count, "sample": sample}
                }));
            }
            Ok(results)
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({ "filters": results })))
}

#[tracing::instrument(skip_all)]
async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let mut filter = Filter::default();
    store::visible(&mut filter, viewer);
    match Scope::parse(params.get("scope"), &state) {
        Scope::All | Scope::Domain(_) => {}
        Scope::Me => filter.add("r.owner_id = ?", vec![cat::int(viewer.unwrap_or(-1))]),
        Scope::Username(name) => {
            filter.add("u.username = ? COLLATE NOCASE", vec![cat::text(&name)])
        }
        Scope::Nothing => filter.add("0 = 1", vec![]),
    }
    if let Some(q) = params.get("q").or(params.get("name__icontains")) {
        filter.add("r.name LIKE ? ESCAPE '\\'", vec![like(q)]);
    }
    if let Some(name) = params.get("name") {
        filter.add("r.name = ?", vec![cat::text(name)]);
    }
    if let Some(name) = params.get("name__iexact") {
        filter.add("r.name = ? COLLATE NOCASE", vec![cat::text(name)]);
    }
    if let Some(prefix) = params.get("name__startswith") {
        filter.add(
            "r.name LIKE ? ESCAPE '\\'",
            vec![cat::text(&format!(
                "{}%",
                prefix
                    .replace('\\', "\\\\")
                    .replace('%', "\\%")
                    .replace('_', "\\_")
            ))],
        );
    }
    let order = ordering(
        &params,
        &[
            ("id", "r.id"),
            ("name", "r.name COLLATE NOCASE"),
            ("creation_date", "r.creation_date"),
        ],
        "r.creation_date DESC",
        "r.id DESC",
    );
    paginate(&state, &req, &params, move |conn, page| {
        let count = store::count(conn, &filter)?;
        let page = page.check(count)?;
        let rows = store::list(conn, &filter, &order, page.limit(), page.offset())?;
        Ok((count, rows.iter().map(radio_value).collect::<Vec<_>>()))
    })
    .await
}

/// A radio's fields from a body; `current` fills what a PATCH leaves out.
struct RadioInput {
    name: String,
    description: String,
    is_public: bool,
    config: Vec<RadioFilter>,
}

fn radio_input(body: &Body, current: Option<&RadioRow>) -> Result<RadioInput, ApiError> {
    let mut errors = FieldErrors::new();
    let name = match (body.0.get("name"), current) {
        (None, Some(r)) => Some(r.name.clone()),
        (None, None) => {
            errors.add("name", "This field is required.");
            None
        }
        (Some(_), _) => optional_text(body, "name", NAME_MAX, false, &mut errors),
    };
    let description = match body.0.get("description") {
        None => Some(current.map(|r| r.description.clone()).unwrap_or_default()),
        Some(_) => optional_text(body, "description", usize::MAX, true, &mut errors),
    };
    let is_public = match body.flag("is_public") {
        Ok(Some(flag)) => flag,
        Ok(None) => current.is_some_and(|r| r.is_public),
        Err(_) => {
            errors.add("is_public", "Must be a valid boolean.");
            false
        }
    };
    let config = match (body.0.get("config"), current) {
        (None, Some(r)) => Some(stored_filters(&r.config)),
        (None, None) | (Some(Value::Null), _) => {
            errors.add("config", "This field is required.");
            None
        }
        (Some(Value::Array(items)), _) => {
            let mut parsed = Vec::with_capacity(items.len());
            for item in items {
                match RadioFilter::parse(item) {
                    Ok(f) => parsed.push(f),
                    Err(message) => errors.add("config", message),
                }
            }
            Some(parsed)
        }
        (Some(_), _) => {
            errors.add("config", "Expected a list of filters.");
            None
        }
    };
    errors.into_result()?;
    match (name, description, config) {
        (Some(name), Some(description), Some(config)) => Ok(RadioInput {
            name,
            description,
            is_public,
            config,
        }),
        _ => Err(ApiError::non_field("Invalid data.")),
    }
}

/// Checks the filters against the catalogue; the stored config or `{"config": [...]}`.
fn cleaned_config(
    conn: &rusqlite::Connection,
    filters: &[RadioFilter],
) -> Result<String, ApiError> {
    let mut errors = FieldErrors::new();
    let mut cleaned = Vec::with_capacity(filters.len());
    for f in filters {
        match clean_filter(conn, f)? {
            Ok(value) => cleaned.push(value),
            Err(message) => errors.add("config", message),
        }
    }
    errors.into_result()?;
    Ok(Value::Array(cleaned).to_string())
}

#[tracing::instrument(skip_all)]
async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let input = radio_input(&body, None)?;
    let owner = auth.user.id;
    let value = state
        .db
        .run(move |conn| {
            let config = cleaned_config(conn, &input.config)?;
            let id = store::insert(
                conn,
                owner,
                &RadioFields {
                    name: &input.name,
                    description: &input.description,
                    is_public: input.is_public,
                    config: &config,
                },
                &now_iso(),
            )?;
            let row = store::by_id(conn, id)?.ok_or(ApiError::NotFound)?;
            Ok(radio_value(&row))
        })
        .await?;
    Ok(HttpResponse::Created().json(value))
}

fn readable(
    conn: &rusqlite::Connection,
    id: i64,
    viewer: Option<i64>,
) -> Result<RadioRow, ApiError> {
    store::by_id(conn, id)?
        .filter(|r| r.is_public || Some(r.owner.id) == viewer)
        .ok_or(ApiError::NotFound)
}

fn owned(conn: &rusqlite::Connection, id: i64, user: i64) -> Result<RadioRow, ApiError> {
    store::by_id(conn, id)?
        .filter(|r| r.owner.id == user)
        .ok_or(ApiError::NotFound)
}

#[tracing::instrument(skip_all)]
async fn get(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let id = parse_id(&path)?;
    let row = state.db.run(move |conn| readable(conn, id, viewer)).await?;
    Ok(HttpResponse::Ok().json(radio_value(&row)))
}

async fn update(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
    partial: bool,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let user = auth.user.id;
    let current = state.db.run(move |conn| owned(conn, id, user)).await?;
    let input = radio_input(&body, partial.then_some(&current))?;
    let value = state
        .db
        .run(move |conn| {
            let config = cleaned_config(conn, &input.config)?;
            owned(conn, id, user)?;
            store::update(
                conn,
                id,
                &RadioFields {
                    name: &input.name,
                    description: &input.description,
                    is_public: input.is_public,
                    config: &config,
                },
            )?;
            Ok(radio_value(&owned(conn, id, user)?))
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

#[tracing::instrument(skip_all)]
async fn replace(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    update(state, auth, path, body, false).await
}

#[tracing::instrument(skip_all)]
async fn patch(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    update(state, auth, path, body, true).await
}

#[tracing::instrument(skip_all)]
async fn destroy(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let user = auth.user.id;
    state
        .db
        .run(move |conn| {
            owned(conn, id, user)?;
            store::delete(conn, id)
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The playable candidates of a custom radio, paginated.
#[tracing::instrument(skip_all)]
async fn radio_tracks(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let id = parse_id(&path)?;
    let radio = state.db.run(move |conn| readable(conn, id, viewer)).await?;
    let mut filter = Filter::default();
    if let Some((clause, values)) = store::filters_clause(&stored_filters(&radio.config)) {
        filter.add(&clause, values);
    }
    store::playable_by(&mut filter, viewer);
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = cat::count(conn, cat::TRACK_FROM, &filter)?;
        let page = page.check(count)?;
        let rows = cat::tracks(conn, &filter, "t.id", page.limit(), page.offset())?;
        Ok((
            count,
            crate::routes::catalogue::track_values(&state2, conn, &rows)?,
        ))
    })
    .await
}

fn session_value(s: &SessionRow) -> Value {
    let config = s
        .config
        .as_deref()
        .and_then(|c| serde_json::from_str::<Value>(c).ok())
        .unwrap_or(Value::Null);
    json!({
        "id": s.id,
        "radio_type": s.radio_type,
        "related_object_id": s.related_object_id,
        "user": s.user_id,
        "creation_date": s.creation_date,
        "custom_radio": s.custom_radio_id,
        "config": config
    })
}

/// `related_object_id` as text (DRF's CharField takes numbers too).
fn related_object(body: &Body, errors: &mut FieldErrors) -> Option<String> {
    match body.0.get("related_object_id") {
        None | Some(Value::Null) => None,
        Some(Value::Array(_) | Value::Object(_)) => {
            errors.add("related_object_id", "Not a valid string.");
            None
        }
        Some(_) => body
            .text("related_object_id")
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty()),
    }
}

#[tracing::instrument(skip_all)]
async fn create_session(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let mut errors = FieldErrors::new();
    let kind = body.required("radio_type", &mut errors).and_then(|raw| {
        match RadioType::parse(raw.trim()) {
            Ok(kind) => Some((kind, raw.trim().to_owned())),
            Err(message) => {
                errors.add("radio_type", message);
                None
            }
        }
    });
    let related = related_object(&body, &mut errors);
    let custom_radio = match Pk::of(body.0.get("custom_radio")) {
        Pk::Missing | Pk::Null => None,
        other => other.require("custom_radio", &mut errors),
    };
    let config = match body.0.get("config") {
        None | Some(Value::Null) => None,
        Some(value) => Some(value.clone()),
    };
    errors.into_result()?;
    let Some((kind, radio_type)) = kind else {
        return Err(ApiError::field("radio_type", "This field is required."));
    };
    if kind == RadioType::CustomMultiple {
        match &config {
            None => {
                return Err(ApiError::non_field(
                    "You must provide a configuration for this radio",
                ))
            }
            Some(value) => {
                RadioFilter::parse(value).map_err(|message| ApiError::field("config", message))?;
            }
        }
    }
    if kind.needs_related_object() && related.is_none() {
        return Err(ApiError::non_field(
            "Cannot start RelatedObjectRadio without related object",
        ));
    }
    let domain = state.domain();
    let session = state
        .db
        .run(move |conn| {
            if kind == RadioType::Custom {
                let Some(radio_id) = custom_radio else {
                    return Err(ApiError::non_field("You must provide a custom radio"));
                };
                let radio = store::by_id(conn, radio_id)?
                    .ok_or_else(|| ApiError::field("custom_radio", invalid_pk(radio_id)))?;
                if !(radio.is_public || Some(radio.owner.id) == viewer) {
                    return Err(ApiError::non_field("You don't have access to this radio"));
                }
            } else if let Some(radio_id) = custom_radio {
                if store::by_id(conn, radio_id)?.is_none() {
                    return Err(ApiError::field("custom_radio", invalid_pk(radio_id)));
                }
            }
            if let Some(related) = related.as_deref() {
                if kind.needs_related_object()
                    && !store::related_object_exists(conn, kind, related, &domain)?
                {
                    return Err(ApiError::non_field(
                        "Trying to start radio with bad related object",
                    ));
                }
            }
            let config = config.map(|c| c.to_string());
            let id = store::insert_session(
                conn,
                &NewSession {
                    user_id: viewer,
                    radio_type: &radio_type,
                    related_object_id: related.as_deref(),
                    custom_radio_id: custom_radio,
                    config: config.as_deref(),
                },
                &now_iso(),
            )?;
            store::session(conn, id)?.ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Created().json(session_value(&session)))
}

/// Sessions belong to who started them (anonymous sessions to anonymous callers).
fn own_session(
    conn: &rusqlite::Connection,
    id: i64,
    viewer: Option<i64>,
) -> Result<Option<SessionRow>, ApiError> {
    Ok(store::session(conn, id)?.filter(|s| s.user_id == viewer))
}

#[tracing::instrument(skip_all)]
async fn get_session(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let id = parse_id(&path)?;
    let session = state
        .db
        .run(move |conn| own_session(conn, id, viewer)?.ok_or(ApiError::NotFound))
        .await?;
    Ok(HttpResponse::Ok().json(session_value(&session)))
}

/// Picks up to `count` new tracks for a session and records them as played.
fn pick_tracks(
    conn: &rusqlite::Connection,
    session: &SessionRow,
    viewer: Option<i64>,
    count: i64,
    domain: &str,
) -> Result<Vec<(i64, i64, i64)>, ApiError> {
    let Ok(kind) = RadioType::parse(&session.radio_type) else {
        return Ok(Vec::new());
    };
    let filters = match kind {
        RadioType::Custom => {
            let config = match session.custom_radio_id {
                Some(id) => store::radio_config(conn, id)?,
                None => None,
            };
            // A deleted custom radio has nothing left to play.
            let Some(config) = config else {
                return Ok(Vec::new());
            };
            stored_filters(&config)
        }
        RadioType::CustomMultiple => session
            .config
            .as_deref()
            .and_then(|c| serde_json::from_str::<Value>(c).ok())
            .and_then(|c| RadioFilter::parse(&c).ok())
            .into_iter()
            .collect(),
        _ => Vec::new(),
    };
    let mut filter = store::session_candidates(session, kind, &filters, domain);
    store::playable_by(&mut filter, viewer);
    let now = now_iso();
    store::pick(conn, &filter, count)?
        .into_iter()
        .map(|track| {
            store::add_session_track(conn, session.id, track, &now)
                .map(|(id, pos)| (id, pos, track))
        })
        .collect()
}

/// What `radios/tracks/` found for a session.
enum Next {
    Track(Value),
    Forbidden,
    Exhausted,
}

#[tracing::instrument(skip_all)]
async fn next_track(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let mut errors = FieldErrors::new();
    let session_id = Pk::of(body.0.get("session")).require("session", &mut errors);
    errors.into_result()?;
    let session_id =
        session_id.ok_or_else(|| ApiError::field("session", "This field is required."))?;
    let domain = state.domain();
    let state2 = state.get_ref().clone();
    let picked = state
        .db
        .run(move |conn| {
            let session = store::session(conn, session_id)?
                .ok_or_else(|| ApiError::field("session", invalid_pk(session_id)))?;
            if session.user_id != viewer {
                return Ok(Next::Forbidden);
            }
            let tx = conn.transaction()?;
            let picked = pick_tracks(&tx, &session, viewer, 1, &domain)?;
            tx.commit()?;
            let Some((id, position, track)) = picked.first().copied() else {
                return Ok(Next::Exhausted);
            };
            let tracks = tracks_by_id(&state2, conn, &[track])?;
            Ok(Next::Track(json!({
                "id": id,
                "session": session_id,
                "position": position,
                "track": tracks.get(&track).cloned().unwrap_or(Value::Null)
            })))
        })
        .await?;
    Ok(match picked {
        Next::Track(value) => HttpResponse::Created().json(value),
        // A real pod answers someone else's session with an empty 403.
        Next::Forbidden => HttpResponse::Forbidden().finish(),
        Next::Exhausted => no_more_candidates(),
    })
}

/// v2: `GET radios/sessions/{id}/tracks/?count=N` → a list of new tracks.
#[tracing::instrument(skip_all)]
async fn session_tracks(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let id = parse_id(&path)?;
    let count = params
        .get("count")
        .and_then(|c| c.parse::<i64>().ok())
        .unwrap_or(1)
        .clamp(1, 50);
    let domain = state.domain();
    let state2 = state.get_ref().clone();
    let tracks = state
        .db
        .run(move |conn| {
            let session = own_session(conn, id, viewer)?.ok_or(ApiError::NotFound)?;
            let tx = conn.transaction()?;
            let picked = pick_tracks(&tx, &session, viewer, count, &domain)?;
            tx.commit()?;
            let ids: Vec<i64> = picked.iter().map(|(_, _, track)| *track).collect();
            let tracks = tracks_by_id(&state2, conn, &ids)?;
            Ok(ids
                .iter()
                .filter_map(|id| tracks.get(id).cloned())
                .collect::<Vec<_>>())
        })
        .await?;
    if tracks.is_empty() {
        return Ok(no_more_candidates());
    }
    Ok(HttpResponse::Ok().json(tracks))
}

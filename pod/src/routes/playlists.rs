//! `playlists/`: CRUD with privacy-level visibility, and the track editing actions (`add`
//! with duplicate detection, `remove`, `move`, `clear`). Writes are the owner's only; a
//! playlist someone else owns answers 404 to them, as on a real pod.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::{Auth, MaybeAuth};
use crate::domain::pagination::{Page, Paginated};
use crate::domain::PrivacyLevel;
use crate::error::{ApiError, FieldErrors};
use crate::routes::catalogue::{like, ordering, paginate, parse_id, require_reader};
use crate::routes::common::{
    api_actor, incorrect_pk_type, invalid_pk, optional_text, tracks_by_id, user_basic, Pk, Scope,
};
use crate::routes::{absolute_url, res, Body, QueryParams};
use crate::state::AppState;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::playlists::{self as store, EntryRow, MoveError, NewPlaylist, PlaylistRow};
use crate::store::users::now_iso;

/// Funkwhale's default `playlists__max_tracks`.
const MAX_TRACKS: i64 = 250;
const NAME_MAX: usize = 50;
const DESCRIPTION_MAX: usize = 5000;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        res("/playlists")
            .route(web::get().to(list))
            .route(web::post().to(create)),
    )
    .service(
        res("/playlists/{id}")
            .route(web::get().to(get))
            .route(web::put().to(replace))
            .route(web::patch().to(patch))
            .route(web::delete().to(destroy)),
    )
    .service(res("/playlists/{id}/tracks").route(web::get().to(tracks)))
    .service(res("/playlists/{id}/add").route(web::post().to(add)))
    .service(
        res("/playlists/{id}/remove")
            .route(web::post().to(remove))
            .route(web::delete().to(remove)),
    )
    .service(res("/playlists/{id}/move").route(web::post().to(move_track)))
    .service(res("/playlists/{id}/clear").route(web::delete().to(clear)));
}

fn playlist_value(
    state: &AppState,
    conn: &rusqlite::Connection,
    p: &PlaylistRow,
) -> Result<Value, ApiError> {
    let uuids = store::cover_uuids(conn, p.id, 5)?;
    let attachments = cat::attachments(conn, &uuids)?;
    let covers: Vec<String> = uuids
        .iter()
        .filter_map(|u| attachments.get(u))
        .map(|a| state.media_url(&a.file))
        .collect();
    Ok(json!({
        "id": p.id,
        "name": p.name,
        "user": user_basic(&p.owner),
        "modification_date": p.modification_date,
        "creation_date": p.creation_date,
        "privacy_level": p.privacy_level,
        "description": p.description,
        "tracks_count": p.tracks_count,
        "album_covers": covers,
        "duration": p.duration,
        "is_playable": p.is_playable,
        "actor": api_actor(state, &p.owner)
    }))
}

fn entry_values(
    state: &AppState,
    conn: &rusqlite::Connection,
    entries: &[EntryRow],
) -> Result<Vec<Value>, ApiError> {
    let ids: Vec<i64> = entries.iter().map(|e| e.track_id).collect();
    let tracks = tracks_by_id(state, conn, &ids)?;
    Ok(entries
        .iter()
        .map(|e| {
            json!({
                "track": tracks.get(&e.track_id).cloned().unwrap_or(Value::Null),
                "index": e.index,
                "creation_date": e.creation_date
            })
        })
        .collect())
}

fn can_read(p: &PlaylistRow, viewer: Option<i64>) -> bool {
    Some(p.owner.id) == viewer
        || p.privacy_level == "everyone"
        || (viewer.is_some() && p.privacy_level == "instance")
}

/// The playlist if `viewer` may read it.
fn readable(
    conn: &rusqlite::Connection,
    id: i64,
    viewer: Option<i64>,
) -> Result<PlaylistRow, ApiError> {
    store::by_id(conn, id)?
        .filter(|p| can_read(p, viewer))
        .ok_or(ApiError::NotFound)
}

/// The playlist if `user` owns it (404 otherwise, as a real pod's owner check).
fn owned(conn: &rusqlite::Connection, id: i64, user: i64) -> Result<PlaylistRow, ApiError> {
    store::by_id(conn, id)?
        .filter(|p| p.owner.id == user)
        .ok_or(ApiError::NotFound)
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
        Scope::Me => filter.add("p.owner_id = ?", vec![cat::int(viewer.unwrap_or(-1))]),
        Scope::Username(name) => {
            filter.add("u.username = ? COLLATE NOCASE", vec![cat::text(&name)])
        }
        Scope::Nothing => filter.add("0 = 1", vec![]),
    }
    if let Some(q) = params.get("q").or(params.get("name__icontains")) {
        filter.add("p.name LIKE ? ESCAPE '\\'", vec![like(q)]);
    }
    if let Some(name) = params.get("name") {
        filter.add("p.name = ?", vec![cat::text(name)]);
    }
    if let Some(user) = params.get("user") {
        filter.add("p.owner_id = ?", vec![cat::int(user.parse().unwrap_or(-1))]);
    }
    let entries = "SELECT pt.track_id FROM playlist_tracks pt WHERE pt.playlist_id = p.id";
    if let Some(track) = params.get("track") {
        filter.add(
            &format!("? IN ({entries})"),
            vec![cat::int(track.parse().unwrap_or(-1))],
        );
    }
    if let Some(album) = params.get("album") {
        filter.add(
            &format!(
                "EXISTS (SELECT 1 FROM tracks t WHERE t.album_id = ? AND t.id IN ({entries}))"
            ),
            vec![cat::int(album.parse().unwrap_or(-1))],
        );
    }
    if let Some(artist) = params.get("artist") {
        filter.add(
            &format!(
                "EXISTS (SELECT 1 FROM tracks t WHERE t.artist_id = ? AND t.id IN ({entries}))"
            ),
            vec![cat::int(artist.parse().unwrap_or(-1))],
        );
    }
    let playable = format!(
        "EXISTS (SELECT 1 FROM uploads up WHERE up.import_status = 'finished' AND up.track_id IN ({entries}))"
    );
    match params.flag("playable") {
        Some(true) => filter.add(&playable, vec![]),
        Some(false) => filter.add(&format!("NOT {playable}"), vec![]),
        None => {}
    }
    let order = ordering(
        &params,
        &[
            ("id", "p.id"),
            ("name", "p.name COLLATE NOCASE"),
            ("creation_date", "p.creation_date"),
            ("modification_date", "p.modification_date"),
        ],
        "p.creation_date DESC",
        "p.id DESC",
    );
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = store::count(conn, &filter)?;
        let page = page.check(count)?;
        let rows = store::list(conn, &filter, &order, page.limit(), page.offset())?;
        let values = rows
            .iter()
            .map(|p| playlist_value(&state2, conn, p))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((count, values))
    })
    .await
}

/// Validated fields of a create or update (`None`: not given).
struct Fields {
    name: Option<String>,
    privacy_level: Option<PrivacyLevel>,
    description: Option<Option<String>>,
}

fn fields(body: &Body, name_required: bool) -> Result<Fields, ApiError> {
    let mut errors = FieldErrors::new();
    let name = if name_required {
        body.required("name", &mut errors)
            .map(|n| n.trim().to_owned())
            .and_then(|n| {
                if n.chars().count() > NAME_MAX {
                    errors.add(
                        "name",
                        format!("Ensure this field has no more than {NAME_MAX} characters."),
                    );
                    None
                } else {
                    Some(n)
                }
            })
    } else {
        optional_text(body, "name", NAME_MAX, false, &mut errors)
    };
    let privacy_level = match body.0.get("privacy_level") {
        None => None,
        Some(_) => match PrivacyLevel::parse(&body.text("privacy_level").unwrap_or_default()) {
            Ok(level) => Some(level),
            Err(message) => {
                errors.add("privacy_level", message);
                None
            }
        },
    };
    let description = match body.0.get("description") {
        None => None,
        Some(Value::Null) => Some(None),
        // The rich-text shape `{text, content_type}` of newer pods.
        Some(Value::Object(content)) => Some(
            content
                .get("text")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .filter(|t| !t.trim().is_empty()),
        ),
        Some(_) => optional_text(body, "description", DESCRIPTION_MAX, true, &mut errors)
            .map(|t| Some(t).filter(|t| !t.is_empty())),
    };
    errors.into_result()?;
    Ok(Fields {
        name,
        privacy_level,
        description,
    })
}

#[tracing::instrument(skip_all)]
async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let fields = fields(&body, true)?;
    let name = fields.name.unwrap_or_default();
    // A new playlist takes the owner's default privacy level when none is given.
    let privacy = fields.privacy_level.map_or_else(
        || auth.user.privacy_level.clone(),
        |l| l.as_str().to_owned(),
    );
    let description = fields.description.flatten();
    let owner = auth.user.id;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let id = store::insert(
                conn,
                &NewPlaylist {
                    name: &name,
                    owner_id: owner,
                    privacy_level: &privacy,
                    description: description.as_deref(),
                },
                &now_iso(),
            )?;
            let row = store::by_id(conn, id)?.ok_or(ApiError::NotFound)?;
            playlist_value(&state2, conn, &row)
        })
        .await?;
    Ok(HttpResponse::Created().json(value))
}

#[tracing::instrument(skip_all)]
async fn get(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let id = parse_id(&path)?;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| playlist_value(&state2, conn, &readable(conn, id, viewer)?))
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

async fn update(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
    full: bool,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let user = auth.user.id;
    // Ownership first: someone else's playlist is 404 whatever the body says.
    state
        .db
        .run(move |conn| owned(conn, id, user).map(|_| ()))
        .await?;
    let fields = fields(&body, full)?;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            owned(&tx, id, user)?;
            store::update(
                &tx,
                id,
                fields.name.as_deref(),
                fields.privacy_level.map(PrivacyLevel::as_str),
                fields.description.as_ref().map(Option::as_deref),
                &now_iso(),
            )?;
            let row = owned(&tx, id, user)?;
            let value = playlist_value(&state2, &tx, &row)?;
            tx.commit()?;
            Ok(value)
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
    update(state, auth, path, body, true).await
}

#[tracing::instrument(skip_all)]
async fn patch(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    update(state, auth, path, body, false).await
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

#[tracing::instrument(skip_all)]
async fn tracks(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let id = parse_id(&path)?;
    let page = Page::parse(params.get("page"), params.get("page_size"))?;
    let state2 = state.get_ref().clone();
    let (count, page, results) = state
        .db
        .run(move |conn| {
            readable(conn, id, viewer)?;
            let count = store::entries_count(conn, id)?;
            let page = page.check(count)?;
            let entries = store::entries(conn, id, page.limit(), page.offset())?;
            Ok((count, page, entry_values(&state2, conn, &entries)?))
        })
        .await?;
    Ok(HttpResponse::Ok().json(Paginated::new(
        &absolute_url(&state, &req),
        page,
        count,
        results,
    )))
}

/// `tracks`: a list of track keys (one form value counts as a list of one).
fn track_list(body: &Body) -> Result<Vec<i64>, ApiError> {
    let items: Vec<Value> = match body.0.get("tracks") {
        None => return Err(ApiError::field("tracks", "This field is required.")),
        Some(Value::Null) => return Err(ApiError::field("tracks", "This field may not be null.")),
        Some(Value::Array(items)) => items.clone(),
        Some(Value::String(s)) => vec![Value::String(s.clone())],
        Some(other) => {
            let kind = match other {
                Value::Bool(_) => "bool",
                Value::Number(n) if n.is_i64() => "int",
                Value::Number(_) => "float",
                _ => "dict",
            };
            return Err(ApiError::field(
                "tracks",
                format!("Expected a list of items but got type \"{kind}\"."),
            ));
        }
    };
    let mut ids = Vec::with_capacity(items.len());
    for item in &items {
        match Pk::parse(item) {
            Pk::Value(id) => ids.push(id),
            Pk::WrongType(kind) => return Err(ApiError::field("tracks", incorrect_pk_type(kind))),
            Pk::Null | Pk::Missing => {
                return Err(ApiError::field("tracks", "This field may not be null."))
            }
        }
    }
    Ok(ids)
}

#[tracing::instrument(skip_all)]
async fn add(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let user = auth.user.id;
    state
        .db
        .run(move |conn| owned(conn, id, user).map(|_| ()))
        .await?;
    let mut errors = FieldErrors::new();
    let tracks = match track_list(&body) {
        Ok(tracks) => Some(tracks),
        Err(ApiError::Validation(e)) => {
            errors = e;
            None
        }
        Err(other) => return Err(other),
    };
    let allow_duplicates = match body.flag("allow_duplicates") {
        Ok(Some(flag)) => Some(flag),
        Ok(None) => {
            errors.add("allow_duplicates", "This field is required.");
            None
        }
        Err(_) => {
            errors.add("allow_duplicates", "Must be a valid boolean.");
            None
        }
    };
    errors.into_result()?;
    let (Some(tracks), Some(allow_duplicates)) = (tracks, allow_duplicates) else {
        return Err(ApiError::non_field("Invalid data."));
    };
    let state2 = state.get_ref().clone();
    let outcome = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            let playlist = owned(&tx, id, user)?;
            if let Some(missing) = store::unknown_tracks(&tx, &tracks)?.first() {
                return Err(ApiError::field("tracks", invalid_pk(missing)));
            }
            if playlist.tracks_count + i64::try_from(tracks.len()).unwrap_or(i64::MAX) > MAX_TRACKS
            {
                return Ok(Err(json!({
                    "playlist": [format!("Playlist would reach the maximum of {MAX_TRACKS} tracks")]
                })));
            }
            if !allow_duplicates {
                let present = store::present(&tx, id, &tracks)?;
                if !present.is_empty() {
                    let titles = tracks
                        .iter()
                        .filter(|t| present.contains(t))
                        .map(|t| store::track_title(&tx, *t))
                        .collect::<Result<Vec<_>, _>>()?;
                    return Ok(Err(json!({
                        "playlist": {"non_field_errors": [{
                            "tracks": titles,
                            "playlist_name": playlist.name,
                            "code": "tracks_already_exist_in_playlist"
                        }]}
                    })));
                }
            }
            let added = store::append(&tx, id, &tracks, &now_iso())?;
            let results = entry_values(&state2, &tx, &added)?;
            tx.commit()?;
            Ok(Ok(results))
        })
        .await?;
    match outcome {
        Ok(results) => Ok(HttpResponse::Created().json(json!({
            "count": results.len(),
            "results": results
        }))),
        Err(body) => Ok(HttpResponse::BadRequest().json(body)),
    }
}

/// A non-negative index from a body value (integers or their text), as `int()` would.
fn index_of(value: Option<&Value>) -> Option<i64> {
    match Pk::parse(value?) {
        Pk::Value(n) if n >= 0 => Some(n),
        _ => None,
    }
}

#[tracing::instrument(skip_all)]
async fn remove(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let user = auth.user.id;
    state
        .db
        .run(move |conn| owned(conn, id, user).map(|_| ()))
        .await?;
    // A real pod answers these with an empty body.
    let Some(index) = index_of(body.0.get("index")) else {
        return Ok(HttpResponse::BadRequest().finish());
    };
    let removed = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            owned(&tx, id, user)?;
            let removed = store::remove_index(&tx, id, index, &now_iso())?;
            tx.commit()?;
            Ok(removed)
        })
        .await?;
    if removed {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Ok(HttpResponse::NotFound().finish())
    }
}

#[tracing::instrument(skip_all)]
async fn move_track(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let user = auth.user.id;
    state
        .db
        .run(move |conn| owned(conn, id, user).map(|_| ()))
        .await?;
    let Some(from) = index_of(body.0.get("from")) else {
        return Err(ApiError::BadRequest("invalid from index".into()));
    };
    let Some(to) = index_of(body.0.get("to")) else {
        return Err(ApiError::BadRequest("invalid to index".into()));
    };
    let (from, to) = (
        usize::try_from(from).unwrap_or(usize::MAX),
        usize::try_from(to).unwrap_or(usize::MAX),
    );
    let outcome = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            owned(&tx, id, user)?;
            let outcome = store::move_entry(&tx, id, from, to, &now_iso())?;
            tx.commit()?;
            Ok(outcome)
        })
        .await?;
    match outcome {
        Ok(()) => Ok(HttpResponse::NoContent().finish()),
        Err(MoveError::NoSuchFrom) => Ok(HttpResponse::NotFound().finish()),
        Err(MoveError::NotContinuous) => {
            Ok(HttpResponse::BadRequest().json(json!(["Index is not continuous"])))
        }
    }
}

#[tracing::instrument(skip_all)]
async fn clear(
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
            store::clear(conn, id, &now_iso())
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

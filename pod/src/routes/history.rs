//! `history/listenings/`: record a listening (and tell the live connection), list them by
//! scope.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::{Auth, MaybeAuth};
use crate::error::{ApiError, FieldErrors};
use crate::routes::catalogue::{paginate, parse_id, require_reader};
use crate::routes::common::{
    invalid_pk, user_track_filter, user_track_order, user_track_values, Pk,
};
use crate::routes::{res, Body, QueryParams};
use crate::state::{AppState, Audience};
use crate::store::favorites::{self as rows, UserTrackTable};
use crate::store::history as store;
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        res("/history/listenings")
            .route(web::get().to(list))
            .route(web::post().to(create)),
    )
    .service(res("/history/listenings/{id}").route(web::get().to(get)));
}

const DATETIME_FORMAT: &str = "Datetime has wrong format. Use one of these formats instead: \
    YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].";

/// DRF's `DateTimeField`: RFC 3339, stored in UTC with microseconds.
fn parse_datetime(value: &Value) -> Result<Option<String>, String> {
    match value {
        Value::Null => Ok(None),
        Value::String(s) if s.trim().is_empty() => Ok(None),
        Value::String(s) => chrono::DateTime::parse_from_rfc3339(s.trim())
            .map(|d| {
                Some(
                    d.with_timezone(&chrono::Utc)
                        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
                )
            })
            .map_err(|_| DATETIME_FORMAT.to_owned()),
        _ => Err(DATETIME_FORMAT.to_owned()),
    }
}

#[tracing::instrument(skip_all)]
async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::new();
    let track = Pk::of(body.0.get("track")).require("track", &mut errors);
    let date = match body.0.get("creation_date").map(parse_datetime) {
        Some(Err(message)) => {
            errors.add("creation_date", message);
            None
        }
        Some(Ok(date)) => date,
        None => None,
    };
    errors.into_result()?;
    let track = track.ok_or_else(|| ApiError::field("track", "This field is required."))?;
    let creation_date = date.unwrap_or_else(now_iso);
    let user = auth.user.clone();
    let stored_date = creation_date.clone();
    let (id, summary) = state
        .db
        .run(move |conn| {
            if !rows::track_exists(conn, track)? {
                return Err(ApiError::field("track", invalid_pk(track)));
            }
            let id = store::insert(conn, user.id, track, &stored_date)?;
            Ok((id, store::track_summary(conn, track)?))
        })
        .await?;
    let user = &auth.user;
    if matches!(user.privacy_level.as_str(), "instance" | "everyone") {
        state.emit(
            Audience::Everyone,
            listen_activity(&state, id, &user.username, track, &summary, &creation_date),
        );
    }
    Ok(HttpResponse::Created().json(json!({
        "id": id,
        "user": user.id,
        "track": track,
        "creation_date": creation_date
    })))
}

/// The `Listen` activity a real pod broadcasts to the instance's live connections.
fn listen_activity(
    state: &AppState,
    id: i64,
    username: &str,
    track: i64,
    (title, artist, album): &(String, String, Option<String>),
    published: &str,
) -> Value {
    let base = state.base_url();
    json!({
        "type": "Listen",
        "id": format!("{base}/activity/listenings/tracks/{id}"),
        "local_id": id,
        "published": published,
        "actor": {
            "type": "Person",
            "id": format!("{base}/@{username}"),
            "local_id": username,
            "name": username
        },
        "object": {
            "type": "Audio",
            "id": format!("{base}/library/tracks/{track}"),
            "local_id": track,
            "name": title,
            "artist": artist,
            "album": album
        }
    })
}

#[tracing::instrument(skip_all)]
async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let filter = user_track_filter(&state, &params, viewer);
    let order = user_track_order(&params);
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = rows::count(conn, UserTrackTable::Listenings, &filter)?;
        let page = page.check(count)?;
        let found = rows::list(
            conn,
            UserTrackTable::Listenings,
            &filter,
            &order,
            page.limit(),
            page.offset(),
        )?;
        Ok((count, user_track_values(&state2, conn, &found)?))
    })
    .await
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
        .run(move |conn| {
            let row =
                rows::by_id(conn, UserTrackTable::Listenings, id)?.ok_or(ApiError::NotFound)?;
            let visible = Some(row.owner.id) == viewer
                || row.owner.privacy_level == "everyone"
                || (viewer.is_some() && row.owner.privacy_level == "instance");
            if !visible {
                return Err(ApiError::NotFound);
            }
            user_track_values(&state2, conn, &[row])?
                .into_iter()
                .next()
                .ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

//! `favorites/tracks/`: list, add, remove, and the light `all/` list the UI uses to mark
//! favorite tracks.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::{Auth, MaybeAuth};
use crate::error::ApiError;
use crate::routes::catalogue::{paginate, parse_id, require_reader};
use crate::routes::common::{
    body_pk, invalid_pk, user_track_filter, user_track_order, user_track_values, Pk,
};
use crate::routes::{res, Body, QueryParams};
use crate::state::AppState;
use crate::store::favorites::{self as store, UserTrackTable};
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/favorites/tracks/all").route(web::get().to(all)))
        .service(
            res("/favorites/tracks/remove")
                .route(web::post().to(remove))
                .route(web::delete().to(remove)),
        )
        .service(
            res("/favorites/tracks")
                .route(web::get().to(list))
                .route(web::post().to(create)),
        )
        .service(res("/favorites/tracks/{id}").route(web::delete().to(destroy)));
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
        let count = store::count(conn, UserTrackTable::Favorites, &filter)?;
        let page = page.check(count)?;
        let rows = store::list(
            conn,
            UserTrackTable::Favorites,
            &filter,
            &order,
            page.limit(),
            page.offset(),
        )?;
        Ok((count, user_track_values(&state2, conn, &rows)?))
    })
    .await
}

#[tracing::instrument(skip_all)]
async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let track = body_pk(&body, "track")?;
    let user = auth.user.id;
    let (id, creation_date) = state
        .db
        .run(move |conn| {
            if !store::track_exists(conn, track)? {
                return Err(ApiError::field("track", invalid_pk(track)));
            }
            store::add(conn, user, track, &now_iso())
        })
        .await?;
    Ok(HttpResponse::Created().json(json!({
        "id": id,
        "track": track,
        "creation_date": creation_date
    })))
}

/// A real pod answers 400 with `{}` for a missing, malformed or unknown favorite.
#[tracing::instrument(skip_all)]
async fn remove(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let Pk::Value(track) = Pk::of(body.0.get("track")) else {
        return Ok(HttpResponse::BadRequest().json(json!({})));
    };
    let user = auth.user.id;
    let removed = state
        .db
        .run(move |conn| store::remove_track(conn, user, track))
        .await?;
    if removed {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Ok(HttpResponse::BadRequest().json(json!({})))
    }
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
            match store::by_id(conn, UserTrackTable::Favorites, id)? {
                Some(row) if row.owner.id == user => store::delete(conn, id),
                // Someone else's favorite is as good as missing (owner-only writes).
                _ => Err(ApiError::NotFound),
            }
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[tracing::instrument(skip_all)]
async fn all(state: web::Data<AppState>, auth: MaybeAuth) -> Result<HttpResponse, ApiError> {
    let Some(user) = require_reader(&state, &auth).await? else {
        return Ok(HttpResponse::Ok().json(json!({"results": [], "count": 0})));
    };
    let favorites = state.db.run(move |conn| store::all_of(conn, user)).await?;
    let results: Vec<Value> = favorites
        .iter()
        .map(|(id, track)| json!({"id": id, "track": track}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({"count": results.len(), "results": results})))
}

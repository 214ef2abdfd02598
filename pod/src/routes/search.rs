//! `search?q=` (no trailing slash on a real pod; both answer here): the first artists,
//! albums, tracks and tags matching every word of the query.

use actix_web::{web, HttpResponse};
use serde_json::{json, Value};

use crate::auth::MaybeAuth;
use crate::error::ApiError;
use crate::routes::catalogue::{album_values, artist_values, require_reader, track_values};
use crate::routes::{res, QueryParams};
use crate::state::AppState;
use crate::store::catalogue as cat;
use crate::store::search as store;

/// Results per group, as a real pod.
const MAX_RESULTS: i64 = 3;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/search").route(web::get().to(search)));
}

#[tracing::instrument(skip_all)]
async fn search(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    require_reader(&state, &auth).await?;
    let query = params
        .get("query")
        .or(params.get("q"))
        .unwrap_or_default()
        .trim()
        .to_owned();
    let words = store::words(&query);
    if words.is_empty() {
        return Err(ApiError::BadRequest("empty query".into()));
    }
    let state2 = state.get_ref().clone();
    let body = state
        .db
        .run(move |conn| {
            let (filter, order) = store::artists(&words);
            let artists = cat::artists(conn, &filter, order, MAX_RESULTS, 0)?;
            let (filter, order) = store::albums(&words);
            let albums = cat::albums(conn, &filter, order, MAX_RESULTS, 0)?;
            let (filter, order) = store::tracks(&words);
            let tracks = cat::tracks(conn, &filter, order, MAX_RESULTS, 0)?;
            let (filter, order) = store::tags(&words);
            let tags: Vec<Value> = cat::tags(conn, &filter, order, MAX_RESULTS, 0)?
                .into_iter()
                .map(|t| json!({"name": t.name, "creation_date": t.creation_date}))
                .collect();
            Ok(json!({
                "artists": artist_values(&state2, conn, &artists)?,
                "albums": album_values(&state2, conn, &albums)?,
                "tracks": track_values(&state2, conn, &tracks)?,
                "tags": tags
            }))
        })
        .await?;
    Ok(HttpResponse::Ok().json(body))
}

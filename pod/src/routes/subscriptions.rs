//! Channel subscriptions: `channels/{composite}/subscribe|unsubscribe/`, `subscriptions/`
//! and the light `subscriptions/all/` the UI uses to mark subscribed channels.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::Auth;
use crate::domain::pagination::{Page, Paginated};
use crate::error::ApiError;
use crate::routes::catalogue::artist_values;
use crate::routes::common::api_actor;
use crate::routes::{absolute_url, res, QueryParams};
use crate::state::AppState;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::people::OwnerRow;
use crate::store::subscriptions::{self as store, ChannelRow, SubscriptionRow};
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/channels/{composite}/subscribe").route(web::post().to(subscribe)))
        .service(
            res("/channels/{composite}/unsubscribe")
                .route(web::post().to(unsubscribe))
                .route(web::delete().to(unsubscribe)),
        )
        .service(res("/subscriptions/all").route(web::get().to(all)))
        .service(res("/subscriptions").route(web::get().to(list)))
        .service(res("/subscriptions/{uuid}").route(web::get().to(get)));
}

/// The `Channel` shape: its artist, owner and actor.
pub fn channel_value(
    state: &AppState,
    conn: &rusqlite::Connection,
    c: &ChannelRow,
) -> Result<Value, ApiError> {
    let mut filter = Filter::default();
    filter.add("ar.id = ?", vec![cat::int(c.artist_id)]);
    let rows = cat::artists(conn, &filter, "ar.id", 1, 0)?;
    let artist = artist_values(state, conn, &rows)?
        .into_iter()
        .next()
        .unwrap_or(Value::Null);
    let actor = OwnerRow {
        id: c.id,
        username: c.username.clone(),
        name: artist["name"].as_str().unwrap_or_default().to_owned(),
        date_joined: c.creation_date.clone(),
        privacy_level: "everyone".into(),
    };
    let metadata = serde_json::from_str::<Value>(&c.metadata).unwrap_or_else(|_| json!({}));
    let mut actor_value = api_actor(state, &actor);
    if let Some(feed) = &c.rss_url {
        // An external channel: its actor lives on the feed's host, and is not local.
        let host = crate::routes::rss_subscribe::feed_host(feed);
        actor_value["domain"] = json!(host);
        actor_value["full_username"] = json!(format!("{}@{host}", c.username));
        actor_value["fid"] = json!(feed);
        actor_value["url"] = json!(c.external_link.as_deref().unwrap_or(feed));
        actor_value["is_local"] = json!(false);
        actor_value["type"] = json!("Application");
    }
    Ok(json!({
        "uuid": c.uuid,
        "artist": artist,
        "attributed_to": api_actor(state, &c.owner),
        "actor": actor_value,
        "creation_date": c.creation_date,
        "metadata": metadata,
        "rss_url": c.rss_url.clone().unwrap_or_else(|| format!("{}/api/v1/channels/{}/rss", state.base_url(), c.uuid)),
        "url": match (&c.rss_url, &c.external_link) {
            (Some(_), Some(link)) => json!(link),
            (Some(_), None) => Value::Null,
            _ => json!(format!("{}/channels/{}", state.base_url(), c.uuid)),
        },
        "downloads_count": 0
    }))
}

pub fn subscription_value(state: &AppState, s: &SubscriptionRow, channel: Value) -> Value {
    json!({
        "approved": true,
        "fid": format!("{}/federation/follows/{}", state.base_url(), s.uuid),
        "uuid": s.uuid,
        "creation_date": s.creation_date,
        "channel": channel
    })
}

#[tracing::instrument(skip_all)]
async fn subscribe(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let composite = path.into_inner();
    let user = auth.user.id;
    let domain = state.domain();
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let channel = store::channel(conn, &composite, &domain)?.ok_or(ApiError::NotFound)?;
            let uuid = uuid::Uuid::new_v4().to_string();
            let sub = store::subscribe(conn, &uuid, user, channel.id, &now_iso())?;
            Ok(subscription_value(
                &state2,
                &sub,
                channel_value(&state2, conn, &channel)?,
            ))
        })
        .await?;
    Ok(HttpResponse::Created().json(value))
}

#[tracing::instrument(skip_all)]
async fn unsubscribe(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let composite = path.into_inner();
    let user = auth.user.id;
    let domain = state.domain();
    state
        .db
        .run(move |conn| {
            let channel = store::channel(conn, &composite, &domain)?.ok_or(ApiError::NotFound)?;
            store::unsubscribe(conn, user, channel.id)
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[tracing::instrument(skip_all)]
async fn all(state: web::Data<AppState>, auth: Auth) -> Result<HttpResponse, ApiError> {
    let user = auth.user.id;
    let subs = state
        .db
        .run(move |conn| store::subscriptions_of(conn, user))
        .await?;
    let results: Vec<Value> = subs
        .iter()
        .map(|s| json!({"uuid": s.uuid, "channel": s.channel_uuid}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({"results": results, "count": subs.len()})))
}

#[tracing::instrument(skip_all)]
async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(params.get("page"), params.get("page_size"))?;
    let user = auth.user.id;
    let domain = state.domain();
    let state2 = state.get_ref().clone();
    // `q`: every word must appear in the channel's name or username (as a real pod's search).
    let words: Vec<String> = params
        .get("q")
        .unwrap_or_default()
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let (count, page, results) = state
        .db
        .run(move |conn| {
            let subs = store::subscriptions_matching(conn, user, &words)?;
            let count = i64::try_from(subs.len()).unwrap_or(i64::MAX);
            let page = page.check(count)?;
            let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
            let limit = usize::try_from(page.limit()).unwrap_or(usize::MAX);
            let mut values = Vec::new();
            for sub in subs.iter().skip(offset).take(limit) {
                let channel = match store::channel(conn, &sub.channel_uuid, &domain)? {
                    Some(c) => channel_value(&state2, conn, &c)?,
                    None => Value::Null,
                };
                values.push(subscription_value(&state2, sub, channel));
            }
            Ok((count, page, values))
        })
        .await?;
    Ok(HttpResponse::Ok().json(Paginated::new(
        &absolute_url(&state, &req),
        page,
        count,
        results,
    )))
}

#[tracing::instrument(skip_all)]
async fn get(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let user = auth.user.id;
    let domain = state.domain();
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| {
            let sub = store::subscriptions_of(conn, user)?
                .into_iter()
                .find(|s| s.uuid == uuid)
                .ok_or(ApiError::NotFound)?;
            let channel =
                store::channel(conn, &sub.channel_uuid, &domain)?.ok_or(ApiError::NotFound)?;
            Ok(subscription_value(
                &state2,
                &sub,
                channel_value(&state2, conn, &channel)?,
            ))
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

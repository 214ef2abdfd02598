//! Library follows (`federation/follows/library/`) and the notifications inbox
//! (`federation/inbox/`). Following someone's library puts a `Follow` notification in the
//! owner's inbox and tells their live connection (`inbox.item_added`).

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::Auth;
use crate::domain::pagination::{Page, Paginated};
use crate::error::ApiError;
use crate::routes::catalogue::parse_id;
use crate::routes::common::api_actor;
use crate::routes::{absolute_url, res, Body, QueryParams};
use crate::state::{AppState, Audience};
use crate::store::follows::{self as store, FollowRow, InboxRow};
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/federation/follows/library/all").route(web::get().to(all_follows)))
        .service(
            res("/federation/follows/library")
                .route(web::get().to(list_follows))
                .route(web::post().to(follow)),
        )
        .service(
            res("/federation/follows/library/{uuid}")
                .route(web::get().to(get_follow))
                .route(web::delete().to(unfollow)),
        )
        .service(res("/federation/follows/library/{uuid}/accept").route(web::post().to(accept)))
        .service(res("/federation/follows/library/{uuid}/reject").route(web::post().to(reject)))
        .service(res("/federation/inbox/action").route(web::post().to(inbox_action)))
        .service(res("/federation/inbox").route(web::get().to(list_inbox)))
        .service(
            res("/federation/inbox/{id}")
                .route(web::get().to(get_inbox_item))
                .route(web::patch().to(update_inbox_item))
                .route(web::put().to(update_inbox_item)),
        );
}

fn follow_value(state: &AppState, f: &FollowRow) -> Value {
    json!({
        "creation_date": f.creation_date,
        "actor": api_actor(state, &f.follower),
        "uuid": f.uuid,
        "target": f.library_uuid,
        "approved": f.approved
    })
}

#[tracing::instrument(skip_all)]
async fn follow(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let target = match body.text("target").map(|t| t.trim().to_owned()) {
        Some(t) if !t.is_empty() => t,
        _ => return Err(ApiError::field("target", "This field is required.")),
    };
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    let (row, owner, item) = state
        .db
        .run(move |conn| {
            let library = store::library_by_uuid(conn, &target)?.ok_or_else(|| {
                ApiError::field("target", format!("Object with uuid={target} does not exist."))
            })?;
            if library.owner_id == user {
                return Err(ApiError::field("target", "You cannot follow your own library"));
            }
            if store::is_following(conn, user, library.id)? {
                return Err(ApiError::field(
                    "target",
                    "You are already following this library",
                ));
            }
            // Libraries open to the pod accept local followers at once; others ask the owner.
            let approved = matches!(library.privacy_level.as_str(), "everyone" | "instance")
                .then_some(true);
            let uuid = uuid::Uuid::new_v4().to_string();
            let now = now_iso();
            store::insert_follow(conn, &uuid, user, library.id, approved, &now)?;
            let row = store::follow_by_uuid(conn, &uuid)?.ok_or(ApiError::NotFound)?;
            let activity = json!({
                "uuid": uuid::Uuid::new_v4().to_string(),
                "fid": Value::Null,
                "actor": api_actor(&state2, &row.follower),
                "payload": {},
                "object": {
                    "type": "music.Library",
                    "uuid": library.uuid,
                    "name": library.name,
                    "fid": format!("{}/federation/music/libraries/{}", state2.base_url(), library.uuid)
                },
                "target": Value::Null,
                "related_object": {
                    "type": "federation.LibraryFollow",
                    "uuid": row.uuid,
                    "approved": row.approved,
                    "creation_date": row.creation_date
                },
                "creation_date": now,
                "type": "Follow"
            });
            let id = store::add_inbox_item(conn, library.owner_id, &activity.to_string(), &now)?;
            let item = json!({"id": id, "type": "to", "activity": activity, "is_read": false});
            Ok((row, library.owner_id, item))
        })
        .await?;
    state.emit(
        Audience::User(owner),
        json!({"type": "inbox.item_added", "item": item}),
    );
    Ok(HttpResponse::Created().json(follow_value(&state, &row)))
}

#[tracing::instrument(skip_all)]
async fn all_follows(state: web::Data<AppState>, auth: Auth) -> Result<HttpResponse, ApiError> {
    let user = auth.user.id;
    let follows = state
        .db
        .run(move |conn| store::follows_of(conn, user))
        .await?;
    let results: Vec<Value> = follows
        .iter()
        .map(|f| json!({"uuid": f.uuid, "library": f.library_uuid, "approved": f.approved}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({"results": results, "count": follows.len()})))
}

fn page_of<T: Clone>(items: &[T], page: Page) -> Vec<T> {
    let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
    let limit = usize::try_from(page.limit()).unwrap_or(usize::MAX);
    items.iter().skip(offset).take(limit).cloned().collect()
}

#[tracing::instrument(skip_all)]
async fn list_follows(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(params.get("page"), params.get("page_size"))?;
    let user = auth.user.id;
    let follows = state
        .db
        .run(move |conn| store::follows_of(conn, user))
        .await?;
    let count = i64::try_from(follows.len()).unwrap_or(i64::MAX);
    let page = page.check(count)?;
    let results: Vec<Value> = page_of(&follows, page)
        .iter()
        .map(|f| follow_value(&state, f))
        .collect();
    Ok(HttpResponse::Ok().json(Paginated::new(
        &absolute_url(&state, &req),
        page,
        count,
        results,
    )))
}

/// The follow if `user` made it.
async fn own_follow(state: &AppState, user: i64, uuid: String) -> Result<FollowRow, ApiError> {
    state
        .db
        .run(move |conn| {
            store::follow_by_uuid(conn, &uuid)?
                .filter(|f| f.follower.id == user)
                .ok_or(ApiError::NotFound)
        })
        .await
}

#[tracing::instrument(skip_all)]
async fn get_follow(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let row = own_follow(&state, auth.user.id, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(follow_value(&state, &row)))
}

#[tracing::instrument(skip_all)]
async fn unfollow(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let row = own_follow(&state, auth.user.id, path.into_inner()).await?;
    state
        .db
        .run(move |conn| store::delete_follow(conn, &row.uuid))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The library owner's answer to a follow request.
async fn answer(
    state: &AppState,
    user: i64,
    uuid: String,
    approved: bool,
) -> Result<HttpResponse, ApiError> {
    state
        .db
        .run(move |conn| {
            let row = store::follow_by_uuid(conn, &uuid)?
                .filter(|f| f.library_owner == user)
                .ok_or(ApiError::NotFound)?;
            store::set_approved(conn, &row.uuid, approved, &now_iso())
        })
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

#[tracing::instrument(skip_all)]
async fn accept(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    answer(&state, auth.user.id, path.into_inner(), true).await
}

#[tracing::instrument(skip_all)]
async fn reject(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    answer(&state, auth.user.id, path.into_inner(), false).await
}

// ---- Inbox ----

/// An inbox item, with the follow's current answer.
fn inbox_value(conn: &rusqlite::Connection, item: &InboxRow) -> Result<Value, ApiError> {
    let mut activity = serde_json::from_str::<Value>(&item.activity).unwrap_or(Value::Null);
    if let Some(uuid) = activity["related_object"]["uuid"]
        .as_str()
        .map(str::to_owned)
    {
        if let Some(follow) = store::follow_by_uuid(conn, &uuid)? {
            activity["related_object"]["approved"] = json!(follow.approved);
        }
    }
    Ok(json!({"id": item.id, "type": "to", "activity": activity, "is_read": item.is_read}))
}

#[tracing::instrument(skip_all)]
async fn list_inbox(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(params.get("page"), params.get("page_size"))?;
    let is_read = params.flag("is_read");
    let user = auth.user.id;
    let (count, page, results) = state
        .db
        .run(move |conn| {
            let count = store::inbox_count(conn, user, is_read)?;
            let page = page.check(count)?;
            let items = store::inbox(conn, user, is_read, page.limit(), page.offset())?;
            let values = items
                .iter()
                .map(|i| inbox_value(conn, i))
                .collect::<Result<Vec<_>, _>>()?;
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
async fn get_inbox_item(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let user = auth.user.id;
    let value = state
        .db
        .run(move |conn| {
            let item = store::inbox_item(conn, user, id)?.ok_or(ApiError::NotFound)?;
            inbox_value(conn, &item)
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

#[tracing::instrument(skip_all)]
async fn update_inbox_item(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let is_read = body.flag("is_read")?;
    let user = auth.user.id;
    let value = state
        .db
        .run(move |conn| {
            store::inbox_item(conn, user, id)?.ok_or(ApiError::NotFound)?;
            if let Some(is_read) = is_read {
                store::mark_read(conn, user, Some(id), is_read)?;
            }
            let item = store::inbox_item(conn, user, id)?.ok_or(ApiError::NotFound)?;
            inbox_value(conn, &item)
        })
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

/// `{"action": "read", "objects": "all"}` (or a list of ids).
#[tracing::instrument(skip_all)]
async fn inbox_action(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    if body.text("action").as_deref() != Some("read") {
        return Err(ApiError::field(
            "action",
            format!(
                "\"{}\" is not a valid choice.",
                body.text("action").unwrap_or_default()
            ),
        ));
    }
    let ids: Option<Vec<i64>> = match body.0.get("objects") {
        Some(Value::String(all)) if all == "all" => None,
        Some(Value::Array(items)) => Some(items.iter().filter_map(Value::as_i64).collect()),
        _ => return Err(ApiError::field("objects", "This field is required.")),
    };
    let user = auth.user.id;
    let updated = state
        .db
        .run(move |conn| match ids {
            None => store::mark_read(conn, user, None, true),
            Some(ids) => ids.iter().try_fold(0, |n, id| {
                store::mark_read(conn, user, Some(*id), true).map(|m| n + m)
            }),
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({"action": "read", "date": now_iso(), "updated": updated})))
}

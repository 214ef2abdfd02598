//! Library follows (`federation/follows/library/`) and the notifications inbox
//! (`federation/inbox/`). Following someone's library puts a `Follow` notification in the
//! owner's inbox and tells their live connection (`inbox.item_added`).

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::{Auth, MaybeAuth};
use crate::domain::pagination::{Page, Paginated};
use crate::error::ApiError;
use crate::routes::catalogue::{paginate, parse_id, require_reader};
use crate::routes::common::api_actor;
use crate::routes::{absolute_url, res, Body, QueryParams};
use crate::state::{AppState, Audience};
use crate::store::catalogue as cat;
use crate::store::follows::{self as store, FollowRow, InboxRow};
use crate::store::people::OwnerRow;
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
        .service(res("/federation/actors/{full_username}").route(web::get().to(get_actor)))
        .service(
            res("/federation/actors/{full_username}/libraries")
                .route(web::get().to(actor_libraries)),
        )
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

/// The local user behind `name@domain` (or a bare `name`); another domain is not reachable from
/// the embedded pod, so it is not found, as on a real pod that never fetched that actor.
fn local_username(state: &AppState, full_username: &str) -> Result<String, ApiError> {
    let (name, domain) = match full_username.split_once('@') {
        Some((name, domain)) => (name, Some(domain)),
        None => (full_username, None),
    };
    if name.is_empty() || domain.is_some_and(|d| !d.eq_ignore_ascii_case(&state.domain())) {
        return Err(ApiError::NotFound);
    }
    Ok(name.to_owned())
}

/// Whether `viewer` may see the profile of a user with this privacy level (as listenings do).
fn profile_visible(privacy_level: &str, owner: i64, viewer: Option<i64>) -> bool {
    viewer == Some(owner)
        || privacy_level == "everyone"
        || (privacy_level == "instance" && viewer.is_some())
}

/// `federation/actors/{full_username}/`: a local account as a federation actor (`FullActor`).
#[tracing::instrument(skip_all)]
async fn get_actor(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let username = local_username(&state, &path.into_inner())?;
    let user = state
        .db
        .run(move |conn| crate::store::users::by_username(conn, &username))
        .await?
        .filter(|u| u.is_active && profile_visible(&u.privacy_level, u.id, viewer))
        .ok_or(ApiError::NotFound)?;
    let owner = OwnerRow {
        id: user.id,
        username: user.username.clone(),
        name: user.name.clone(),
        date_joined: user.date_joined.clone(),
        privacy_level: user.privacy_level.clone(),
    };
    let mut actor = api_actor(&state, &owner);
    if let Some(fields) = actor.as_object_mut() {
        fields.insert("icon".into(), Value::Null);
        fields.insert("is_channel".into(), Value::Bool(false));
        fields.insert(
            "user".into(),
            json!({
                "id": user.id,
                "username": user.username,
                "name": user.name,
                "date_joined": user.date_joined,
                "avatar": Value::Null
            }),
        );
    }
    Ok(HttpResponse::Ok().json(actor))
}

/// `federation/actors/{full_username}/libraries/`: the actor's libraries the viewer may see, each
/// with the viewer's own follow (`follow`, null when not following).
#[tracing::instrument(skip_all)]
async fn actor_libraries(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: MaybeAuth,
    path: web::Path<String>,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let viewer = require_reader(&state, &auth).await?;
    let username = local_username(&state, &path.into_inner())?;
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let mut filter = cat::Filter::default();
        filter.add("o.username = ?", vec![cat::text(&username)]);
        match viewer {
            Some(id) => filter.add(
                "(l.owner_id = ? OR l.privacy_level IN ('everyone', 'instance'))",
                vec![cat::int(id)],
            ),
            None => filter.add("l.privacy_level = 'everyone'", vec![]),
        }
        let count = cat::count(conn, cat::LIBRARY_FROM, &filter)?;
        let page = page.check(count)?;
        let rows = cat::libraries(conn, &filter, page.limit(), page.offset())?;
        let follows = match viewer {
            Some(id) => store::follows_of(conn, id)?,
            None => Vec::new(),
        };
        let base = state2.base_url();
        let results = rows
            .iter()
            .map(|l| {
                let follow = follows.iter().find(|f| f.library_uuid == l.uuid).map(|f| {
                    json!({
                        "creation_date": f.creation_date,
                        "uuid": f.uuid,
                        "fid": format!("{base}/federation/follows/library/{}", f.uuid),
                        "approved": f.approved,
                        "modification_date": f.creation_date
                    })
                });
                json!({
                    "uuid": l.uuid,
                    "fid": format!("{base}/federation/music/libraries/{}", l.uuid),
                    "name": l.name,
                    "description": l.description,
                    "privacy_level": l.privacy_level,
                    "uploads_count": l.uploads_count,
                    "creation_date": l.creation_date,
                    "actor": {
                        "fid": format!("{base}/federation/actors/{}", l.owner_username),
                        "full_username": format!("{}@{}", l.owner_username, state2.domain()),
                        "preferred_username": l.owner_username,
                        "domain": state2.domain(),
                        "is_local": true
                    },
                    "follow": follow
                })
            })
            .collect::<Vec<_>>();
        Ok((count, results))
    })
    .await
}

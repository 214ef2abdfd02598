//! Libraries for their owners (`libraries/`): list with the real scopes, create, edit and
//! delete (owner only), and the owner's view of a library's followers.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::Value;

use crate::auth::Auth;
use crate::error::{ApiError, FieldErrors};
use crate::routes::catalogue::{library_value, like, paginate};
use crate::routes::common::api_actor;
use crate::routes::{res, Body, QueryParams};
use crate::state::AppState;
use crate::store::catalogue::{self as cat, Filter};
use crate::store::content::{self, PRIVACY_LEVELS};
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        res("/libraries")
            .route(web::get().to(list))
            .route(web::post().to(create)),
    )
    .service(res("/libraries/{uuid}/follows").route(web::get().to(followers)))
    .service(
        res("/libraries/{uuid}")
            .route(web::get().to(get))
            .route(web::put().to(update))
            .route(web::patch().to(update))
            .route(web::delete().to(delete)),
    );
}

/// Libraries the viewer may see: public and pod-wide ones (every caller here is a local user),
/// their own, and private ones whose follow the owner approved.
pub fn viewable_clause(alias: &str) -> String {
    format!(
        "({alias}.privacy_level IN ('everyone', 'instance') OR {alias}.owner_id = ?
          OR {alias}.id IN (SELECT library_id FROM library_follows WHERE user_id = ? AND approved = 1))"
    )
}

/// `scope`: `me` (own), `all` or absent (viewable), `actor:<username>[@domain]`.
fn scope_filter(filter: &mut Filter, params: &QueryParams, user: i64, domain: &str) {
    filter.add(&viewable_clause("l"), vec![cat::int(user), cat::int(user)]);
    // A channel's library belongs to the channel: not listed here (as on a real pod).
    filter.add("l.id NOT IN (SELECT library_id FROM channels)", vec![]);
    match params.get("scope") {
        Some("me") => filter.add("l.owner_id = ?", vec![cat::int(user)]),
        Some(scope) if scope.starts_with("actor:") => {
            let full = &scope["actor:".len()..];
            let username = match full.split_once('@') {
                Some((name, d)) if d == domain => name,
                Some(_) => "\u{0}",
                None => full,
            };
            filter.add("o.username = ? COLLATE NOCASE", vec![cat::text(username)]);
        }
        Some(scope) if scope.starts_with("domain:") && &scope["domain:".len()..] != domain => {
            filter.add("0", vec![]);
        }
        _ => {}
    }
}

#[tracing::instrument(skip_all)]
async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let mut filter = Filter::default();
    scope_filter(&mut filter, &params, auth.user.id, &state.domain());
    if let Some(level) = params.get("privacy_level") {
        filter.add("l.privacy_level = ?", vec![cat::text(level)]);
    }
    if let Some(q) = params.get("q") {
        filter.add("l.name LIKE ? ESCAPE '\\'", vec![like(q)]);
    }
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = cat::count(conn, cat::LIBRARY_FROM, &filter)?;
        let page = page.check(count)?;
        let rows = cat::libraries(conn, &filter, page.limit(), page.offset())?;
        Ok((
            count,
            rows.iter()
                .map(|l| library_value(&state2, l))
                .collect::<Vec<_>>(),
        ))
    })
    .await
}

fn load(conn: &rusqlite::Connection, uuid: &str) -> Result<cat::LibraryRow, ApiError> {
    let mut filter = Filter::default();
    filter.add("l.uuid = ?", vec![cat::text(uuid)]);
    cat::libraries(conn, &filter, 1, 0)?
        .into_iter()
        .next()
        .ok_or(ApiError::NotFound)
}

/// Any library by uuid (a sharing link shows a private library so that one can ask to
/// follow it); its contents stay hidden until the follow is approved.
#[tracing::instrument(skip_all)]
async fn get(
    state: web::Data<AppState>,
    _auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let lib = state.db.run(move |conn| load(conn, &uuid)).await?;
    Ok(HttpResponse::Ok().json(library_value(&state, &lib)))
}

struct LibraryInput {
    name: Option<String>,
    description: Option<Option<String>>,
    privacy_level: Option<String>,
}

fn parse_input(body: &Body, partial: bool) -> Result<LibraryInput, ApiError> {
    body.only(&["name", "description", "privacy_level"])?;
    let mut errors = FieldErrors::new();
    let name = if partial && !body.0.contains_key("name") {
        None
    } else {
        body.required("name", &mut errors)
            .map(|n| n.trim().to_owned())
            .filter(|n| {
                let ok = n.chars().count() <= 100;
                if !ok {
                    errors.add("name", "Ensure this field has no more than 100 characters.");
                }
                ok
            })
    };
    let description = match body.0.get("description") {
        None => None,
        Some(Value::Null) => Some(None),
        Some(Value::String(s)) if s.chars().count() > 5000 => {
            errors.add(
                "description",
                "Ensure this field has no more than 5000 characters.",
            );
            None
        }
        Some(Value::String(s)) => Some(Some(s.clone())),
        Some(_) => {
            errors.add("description", "Not a valid string.");
            None
        }
    };
    let privacy_level = match body.0.get("privacy_level") {
        None if partial => None,
        None => Some("me".to_owned()),
        Some(Value::String(s)) if PRIVACY_LEVELS.contains(&s.as_str()) => Some(s.clone()),
        Some(other) => {
            let shown = other
                .as_str()
                .map_or_else(|| other.to_string(), str::to_owned);
            errors.add(
                "privacy_level",
                format!("\"{shown}\" is not a valid choice."),
            );
            None
        }
    };
    errors.into_result()?;
    Ok(LibraryInput {
        name,
        description,
        privacy_level,
    })
}

#[tracing::instrument(skip_all)]
async fn create(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let input = parse_input(&body, false)?;
    let user = auth.user.id;
    let lib = state
        .db
        .run(move |conn| {
            let uuid = uuid::Uuid::new_v4().to_string();
            content::create_library(
                conn,
                &uuid,
                input.name.as_deref().unwrap_or_default(),
                input.description.flatten().as_deref(),
                input.privacy_level.as_deref().unwrap_or("me"),
                user,
                &now_iso(),
            )?;
            load(conn, &uuid)
        })
        .await?;
    Ok(HttpResponse::Created().json(library_value(&state, &lib)))
}

/// The library if the caller owns it: 404 when it does not exist, 403 for someone else's.
pub fn owned(
    conn: &rusqlite::Connection,
    uuid: &str,
    user: i64,
) -> Result<content::LibraryRef, ApiError> {
    let lib = content::library(conn, uuid)?.ok_or(ApiError::NotFound)?;
    if lib.owner_id != user {
        return Err(ApiError::PermissionDenied);
    }
    Ok(lib)
}

#[tracing::instrument(skip_all)]
async fn update(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let partial = req.method() == actix_web::http::Method::PATCH;
    let uuid = path.into_inner();
    let user = auth.user.id;
    let input = parse_input(&body, partial);
    let lib = state
        .db
        .run(move |conn| {
            let lib = owned(conn, &uuid, user)?;
            let input = input?;
            if lib.channel_uuid.is_some() && input.privacy_level.is_some() {
                // A channel's library stays public: the channel decides who sees it.
                if input.privacy_level.as_deref() != Some(lib.privacy_level.as_str()) {
                    return Err(ApiError::field(
                        "privacy_level",
                        "A channel's library cannot change visibility.",
                    ));
                }
            }
            content::update_library(
                conn,
                lib.id,
                input.name.as_deref(),
                input.description.as_ref().map(|d| d.as_deref()),
                input.privacy_level.as_deref(),
            )?;
            load(conn, &uuid)
        })
        .await?;
    Ok(HttpResponse::Ok().json(library_value(&state, &lib)))
}

#[tracing::instrument(skip_all)]
async fn delete(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let user = auth.user.id;
    let files = state
        .db
        .run(move |conn| {
            let lib = owned(conn, &uuid, user)?;
            if lib.channel_uuid.is_some() {
                return Err(ApiError::BadRequest(
                    "This library belongs to a channel: delete the channel instead.".into(),
                ));
            }
            content::delete_library(conn, lib.id)
        })
        .await?;
    crate::routes::uploads::remove_files(&state, files).await;
    Ok(HttpResponse::NoContent().finish())
}

/// The library's follows, for its owner (`LibraryFollow` items).
#[tracing::instrument(skip_all)]
async fn followers(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let uuid = path.into_inner();
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let lib = owned(conn, &uuid, user)?;
        let follows = crate::store::follows::followers_of(conn, lib.id)?;
        let count = i64::try_from(follows.len()).unwrap_or(i64::MAX);
        let page = page.check(count)?;
        let offset = usize::try_from(page.offset()).unwrap_or(usize::MAX);
        let limit = usize::try_from(page.limit()).unwrap_or(usize::MAX);
        Ok((
            count,
            follows
                .iter()
                .skip(offset)
                .take(limit)
                .map(|f| {
                    serde_json::json!({
                        "creation_date": f.creation_date,
                        "actor": api_actor(&state2, &f.follower),
                        "uuid": f.uuid,
                        "target": f.library_uuid,
                        "approved": f.approved
                    })
                })
                .collect::<Vec<_>>(),
        ))
    })
    .await
}

//! The administrators' user accounts (`manage/users/users/`, settings permission): list with
//! Funkwhale's filters, search and orderings, detail, and update (name, active, staff,
//! superuser, permissions, upload quota). The pod's service account is not a user here, as on
//! a real pod (its channels' owner is an actor without an account).

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::{Auth, Permission};
use crate::error::{ApiError, FieldErrors};
use crate::routes::catalogue::{like, ordering, paginate, parse_id};
use crate::routes::moderation::manage_actor;
use crate::routes::{res, Body, QueryParams};
use crate::state::AppState;
use crate::store::catalogue as cat;
use crate::store::manage_users::{self as store, ManagedUser, UserChanges};
use crate::store::people::OwnerRow;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/manage/users/users").route(web::get().to(list_users)))
        .service(
            res("/manage/users/users/{id}")
                .route(web::get().to(get_user))
                .route(web::patch().to(update_user))
                .route(web::put().to(update_user)),
        );
}

/// `ManageUser`.
fn user_value(state: &AppState, u: &ManagedUser) -> Value {
    let owner = OwnerRow {
        id: u.id,
        username: u.username.clone(),
        name: u.name.clone(),
        date_joined: u.date_joined.clone(),
        privacy_level: u.privacy_level.clone(),
    };
    json!({
        "id": u.id,
        "username": u.username,
        "actor": manage_actor(state, &owner),
        "email": u.email,
        "name": u.name,
        "is_active": u.is_active,
        "is_staff": u.is_staff,
        "is_superuser": u.is_superuser,
        "date_joined": u.date_joined,
        // The pod does not track activity.
        "last_activity": Value::Null,
        "permissions": {
            "library": u.is_superuser || u.perm_library,
            "moderation": u.is_superuser || u.perm_moderation,
            "settings": u.is_superuser || u.perm_settings
        },
        "privacy_level": u.privacy_level,
        "upload_quota": u.upload_quota,
        "full_username": format!("{}@{}", u.username, state.domain())
    })
}

#[tracing::instrument(skip_all)]
async fn list_users(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Settings)?;
    let mut filter = store::people();
    for (param, column) in [
        ("is_active", "u.is_active"),
        ("is_staff", "u.is_staff"),
        ("is_superuser", "u.is_superuser"),
        ("permission_library", "u.perm_library"),
        ("permission_moderation", "u.perm_moderation"),
        ("permission_settings", "u.perm_settings"),
    ] {
        if let Some(value) = params.flag(param) {
            filter.add(&format!("{column} = ?"), vec![cat::int(i64::from(value))]);
        }
    }
    if let Some(level) = params.get("privacy_level") {
        filter.add("u.privacy_level = ?", vec![cat::text(level)]);
    }
    if let Some(q) = params.get("q") {
        for word in q.split_whitespace() {
            filter.add(
                "(u.username LIKE ? ESCAPE '\\' OR u.email LIKE ? ESCAPE '\\' \
                 OR u.name LIKE ? ESCAPE '\\')",
                vec![like(word), like(word), like(word)],
            );
        }
    }
    let order = ordering(
        &params,
        &[
            ("date_joined", "u.date_joined"),
            // Not tracked: every account ties, the id decides.
            ("last_activity", "NULL"),
            ("username", "u.username"),
        ],
        "u.id DESC",
        "u.id DESC",
    );
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = store::count(conn, &filter)?;
        let page = page.check(count)?;
        let rows = store::list(conn, &filter, &order, page.limit(), page.offset())?;
        Ok((
            count,
            rows.iter()
                .map(|u| user_value(&state2, u))
                .collect::<Vec<_>>(),
        ))
    })
    .await
}

#[tracing::instrument(skip_all)]
async fn get_user(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Settings)?;
    let id = parse_id(&path.into_inner())?;
    let user = state
        .db
        .run(move |conn| store::by_id(conn, id)?.ok_or(ApiError::NotFound))
        .await?;
    Ok(HttpResponse::Ok().json(user_value(&state, &user)))
}

/// The body of a PATCH/PUT, checked as DRF's `ManageUserSerializer` does (a PUT must carry
/// the fields that have no default: the quota and the permissions).
fn parse_changes(body: &Body, whole: bool) -> Result<UserChanges, ApiError> {
    let mut errors = FieldErrors::new();
    if whole {
        for key in ["upload_quota", "permissions"] {
            if !body.0.contains_key(key) {
                errors.add(key, "This field is required.");
            }
        }
    }
    let mut changes = UserChanges::default();
    match body.0.get("name") {
        None => {}
        Some(Value::String(name)) if name.chars().count() > 255 => {
            errors.add("name", "Ensure this field has no more than 255 characters.");
        }
        Some(Value::String(name)) => changes.name = Some(name.trim().to_owned()),
        Some(Value::Null) => errors.add("name", "This field may not be null."),
        Some(_) => errors.add("name", "Not a valid string."),
    }
    let flag = |key: &str, errors: &mut FieldErrors| match body.0.get(key) {
        Some(Value::Null) => {
            errors.add(key, "This field may not be null.");
            None
        }
        _ => match body.flag(key) {
            Ok(value) => value,
            Err(_) => {
                errors.add(key, "Must be a valid boolean.");
                None
            }
        },
    };
    changes.is_active = flag("is_active", &mut errors);
    changes.is_staff = flag("is_staff", &mut errors);
    changes.is_superuser = flag("is_superuser", &mut errors);
    match body.0.get("upload_quota") {
        None => {}
        Some(Value::Null) => changes.upload_quota = Some(None),
        Some(value) => {
            let number = match value {
                Value::Number(n) => n.as_i64(),
                Value::String(s) => s.trim().parse::<i64>().ok(),
                _ => None,
            };
            match number {
                Some(n) => changes.upload_quota = Some(Some(n)),
                None => errors.add("upload_quota", "A valid integer is required."),
            }
        }
    }
    match body.0.get("permissions") {
        None => {}
        Some(Value::Object(map)) => {
            for (key, value) in map {
                let slot = match key.as_str() {
                    "library" => &mut changes.perm_library,
                    "moderation" => &mut changes.perm_moderation,
                    "settings" => &mut changes.perm_settings,
                    _ => continue,
                };
                match value {
                    Value::Bool(b) => *slot = Some(*b),
                    _ => errors.add("permissions", "Must be a valid boolean."),
                }
            }
        }
        Some(_) => errors.add("permissions", "Expected a dictionary of items."),
    }
    errors.into_result()?;
    Ok(changes)
}

#[tracing::instrument(skip_all)]
async fn update_user(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Settings)?;
    let id = parse_id(&path.into_inner())?;
    let changes = parse_changes(&body, req.method() == actix_web::http::Method::PUT)?;
    let user = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            if !store::update(&tx, id, &changes)? {
                return Err(ApiError::NotFound);
            }
            let user = store::by_id(&tx, id)?.ok_or(ApiError::NotFound)?;
            tx.commit()?;
            Ok(user)
        })
        .await?;
    Ok(HttpResponse::Ok().json(user_value(&state, &user)))
}

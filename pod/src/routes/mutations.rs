//! Edits (`mutations/`): suggested by anyone signed in on a track, album or artist
//! (`{tracks|albums|artists}/{id}/mutations/`), approved or rejected by library managers,
//! applied to the object when approved. Reviewers' live connections get
//! `mutation.created` / `mutation.updated` with the pending count.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::{Auth, Permission};
use crate::domain::mutation::{validate_payload, EditTarget};
use crate::error::{ApiError, FieldErrors};
use crate::routes::catalogue::{ordering, paginate, parse_id};
use crate::routes::common::{api_actor, optional_text};
use crate::routes::{res, Body, QueryParams};
use crate::state::{AppState, Audience};
use crate::store::catalogue::{self as cat, Filter};
use crate::store::mutations::{self as store, MutationRow, NewMutation};
use crate::store::users::now_iso;

pub fn configure(cfg: &mut web::ServiceConfig) {
    for (prefix, kind) in [
        ("/tracks", EditTarget::Track),
        ("/albums", EditTarget::Album),
        ("/artists", EditTarget::Artist),
    ] {
        cfg.service(
            res(&format!("{prefix}/{{id}}/mutations"))
                .app_data(web::Data::new(kind))
                .route(web::get().to(list_for_target))
                .route(web::post().to(create)),
        );
    }
    cfg.service(res("/mutations").route(web::get().to(list)))
        .service(
            res("/mutations/{uuid}")
                .route(web::get().to(get))
                .route(web::delete().to(destroy)),
        )
        .service(res("/mutations/{uuid}/approve").route(web::post().to(approve)))
        .service(res("/mutations/{uuid}/reject").route(web::post().to(reject)));
}

fn mutation_value(
    state: &AppState,
    conn: &rusqlite::Connection,
    m: &MutationRow,
) -> Result<Value, ApiError> {
    let repr = EditTarget::parse(&m.target_type)
        .map(|t| store::target_repr(conn, t, m.target_id))
        .transpose()?
        .flatten();
    let parse = |raw: Option<&str>| {
        raw.and_then(|r| serde_json::from_str::<Value>(r).ok())
            .unwrap_or(Value::Null)
    };
    Ok(json!({
        "fid": format!("{}/federation/edits/{}", state.base_url(), m.uuid),
        "uuid": m.uuid,
        "type": m.kind,
        "creation_date": m.creation_date,
        "applied_date": m.applied_date,
        "is_approved": m.is_approved,
        "is_applied": m.is_applied,
        "created_by": api_actor(state, &m.created_by),
        "approved_by": m.approved_by,
        "summary": m.summary,
        "payload": parse(Some(&m.payload)),
        "previous_state": parse(m.previous_state.as_deref()),
        "target": {"type": m.target_type, "id": m.target_id, "repr": repr}
    }))
}

fn can_review(auth: &Auth) -> bool {
    auth.require(Permission::Library).is_ok()
}

#[tracing::instrument(skip_all)]
async fn create(
    state: web::Data<AppState>,
    kind: web::Data<EditTarget>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let target = **kind;
    let id = parse_id(&path)?;
    let exists = state
        .db
        .run(move |conn| store::target_repr(conn, target, id))
        .await?;
    if exists.is_none() {
        return Err(ApiError::NotFound);
    }
    let mut errors = FieldErrors::new();
    match body.required("type", &mut errors).as_deref() {
        Some("update") | None => {}
        Some(other) => errors.add("type", format!("\"{other}\" is not a valid choice.")),
    }
    let summary =
        optional_text(&body, "summary", 2000, true, &mut errors).filter(|s| !s.is_empty());
    let payload = match body.0.get("payload") {
        None | Some(Value::Null) => {
            errors.add("payload", "This field is required.");
            None
        }
        Some(raw) => match validate_payload(target, raw) {
            Ok(clean) => Some(clean),
            Err(inner) => {
                errors.nest("payload", inner);
                None
            }
        },
    };
    let approve = match body.flag("is_approved") {
        Ok(flag) => flag,
        Err(_) => {
            errors.add("is_approved", "Must be a valid boolean.");
            None
        }
    };
    errors.into_result()?;
    let payload = payload.ok_or_else(|| ApiError::field("payload", "This field is required."))?;
    // Only reviewers may approve their own edit at once; others suggest.
    let approved = match approve {
        Some(true) if !can_review(&auth) => return Err(ApiError::PermissionDenied),
        Some(true) => Some(true),
        _ => None,
    };
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    let (value, pending) = state
        .db
        .run(move |conn| {
            if let Some(code) = payload.get("license").and_then(Value::as_str) {
                if !store::license_exists(conn, code)? {
                    let mut inner = FieldErrors::new();
                    inner.add(
                        "license",
                        format!("Object with code={code} does not exist."),
                    );
                    let mut errors = FieldErrors::new();
                    errors.nest("payload", inner);
                    return Err(ApiError::Validation(errors));
                }
            }
            let fields: Vec<&str> = payload.keys().map(String::as_str).collect();
            let previous = store::previous_state(conn, target, id, &fields)?;
            let uuid = uuid::Uuid::new_v4().to_string();
            let now = now_iso();
            let tx = conn.transaction()?;
            store::insert(
                &tx,
                &NewMutation {
                    uuid: &uuid,
                    summary: summary.as_deref(),
                    payload: &Value::Object(payload.clone()).to_string(),
                    previous_state: &Value::Object(previous).to_string(),
                    target,
                    target_id: id,
                    created_by: user,
                    approved,
                },
                &now,
            )?;
            if approved == Some(true) {
                store::apply(&tx, target, id, &payload, &now)?;
                store::mark_applied(&tx, &uuid, &now)?;
            }
            tx.commit()?;
            let row = store::by_uuid(conn, &uuid)?.ok_or(ApiError::NotFound)?;
            Ok((
                mutation_value(&state2, conn, &row)?,
                store::pending_count(conn)?,
            ))
        })
        .await?;
    state.emit(
        Audience::Holders(Permission::Library),
        json!({"type": "mutation.created", "mutation": value, "pending_review_count": pending}),
    );
    Ok(HttpResponse::Created().json(value))
}

fn list_filter(params: &QueryParams, auth: &Auth) -> Filter {
    let mut filter = Filter::default();
    if !can_review(auth) {
        filter.add("m.created_by = ?", vec![cat::int(auth.user.id)]);
    }
    match params
        .get("is_approved")
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("null" | "none") => filter.add("m.is_approved IS NULL", vec![]),
        Some("true" | "1") => filter.add("m.is_approved = 1", vec![]),
        Some("false" | "0") => filter.add("m.is_approved = 0", vec![]),
        _ => {}
    }
    if let Some(applied) = params.flag("is_applied") {
        filter.add("m.is_applied = ?", vec![cat::int(i64::from(applied))]);
    }
    if let Some(kind) = params.get("type") {
        filter.add("m.type = ?", vec![cat::text(kind)]);
    }
    filter
}

async fn list_with(
    req: HttpRequest,
    state: web::Data<AppState>,
    params: QueryParams,
    filter: Filter,
) -> Result<HttpResponse, ApiError> {
    let order = ordering(
        &params,
        &[("creation_date", "m.creation_date")],
        "m.creation_date DESC",
        "m.id DESC",
    );
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = store::count(conn, &filter)?;
        let page = page.check(count)?;
        let rows = store::list(conn, &filter, &order, page.limit(), page.offset())?;
        let values = rows
            .iter()
            .map(|m| mutation_value(&state2, conn, m))
            .collect::<Result<Vec<_>, _>>()?;
        Ok((count, values))
    })
    .await
}

#[tracing::instrument(skip_all)]
async fn list(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let filter = list_filter(&params, &auth);
    list_with(req, state, params, filter).await
}

/// Every edit of one object (anyone signed in may read them, as on a real pod).
#[tracing::instrument(skip_all)]
async fn list_for_target(
    req: HttpRequest,
    state: web::Data<AppState>,
    kind: web::Data<EditTarget>,
    _auth: Auth,
    path: web::Path<String>,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let id = parse_id(&path)?;
    let mut filter = Filter::default();
    filter.add(
        "m.target_type = ? AND m.target_id = ?",
        vec![cat::text(kind.as_str()), cat::int(id)],
    );
    list_with(req, state, params, filter).await
}

/// The edit if `auth` may see it (its author, or a reviewer).
async fn visible(state: &AppState, auth: &Auth, uuid: String) -> Result<MutationRow, ApiError> {
    let row = state
        .db
        .run(move |conn| store::by_uuid(conn, &uuid)?.ok_or(ApiError::NotFound))
        .await?;
    if row.created_by.id == auth.user.id || can_review(auth) {
        Ok(row)
    } else {
        Err(ApiError::NotFound)
    }
}

#[tracing::instrument(skip_all)]
async fn get(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let row = visible(&state, &auth, path.into_inner()).await?;
    let state2 = state.get_ref().clone();
    let value = state
        .db
        .run(move |conn| mutation_value(&state2, conn, &row))
        .await?;
    Ok(HttpResponse::Ok().json(value))
}

#[tracing::instrument(skip_all)]
async fn destroy(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let row = visible(&state, &auth, path.into_inner()).await?;
    if row.is_applied {
        return Err(ApiError::PermissionDenied);
    }
    state
        .db
        .run(move |conn| store::delete(conn, &row.uuid))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

async fn review(
    state: web::Data<AppState>,
    auth: Auth,
    uuid: String,
    approve: bool,
) -> Result<HttpResponse, ApiError> {
    let row = visible(&state, &auth, uuid).await?;
    if row.is_applied {
        return Ok(
            HttpResponse::Forbidden().json(json!({"error": "This mutation was already applied"}))
        );
    }
    if !can_review(&auth) {
        return Err(ApiError::PermissionDenied);
    }
    let reviewer = auth.user.id;
    let old = row.is_approved;
    let state2 = state.get_ref().clone();
    let (value, pending) = state
        .db
        .run(move |conn| {
            let now = now_iso();
            let tx = conn.transaction()?;
            store::review(&tx, &row.uuid, approve, reviewer)?;
            if approve {
                if let Some(target) = EditTarget::parse(&row.target_type) {
                    let payload = serde_json::from_str::<Value>(&row.payload)
                        .ok()
                        .and_then(|p| p.as_object().cloned())
                        .unwrap_or_default();
                    store::apply(&tx, target, row.target_id, &payload, &now)?;
                    store::mark_applied(&tx, &row.uuid, &now)?;
                }
            }
            tx.commit()?;
            let row = store::by_uuid(conn, &row.uuid)?.ok_or(ApiError::NotFound)?;
            Ok((
                mutation_value(&state2, conn, &row)?,
                store::pending_count(conn)?,
            ))
        })
        .await?;
    state.emit(
        Audience::Holders(Permission::Library),
        json!({
            "type": "mutation.updated",
            "mutation": value,
            "pending_review_count": pending,
            "old_is_approved": old,
            "new_is_approved": approve
        }),
    );
    Ok(HttpResponse::Ok().json(json!({})))
}

#[tracing::instrument(skip_all)]
async fn approve(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    review(state, auth, path.into_inner(), true).await
}

#[tracing::instrument(skip_all)]
async fn reject(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    review(state, auth, path.into_inner(), false).await
}

//! Listener-side moderation: content filters (hide an artist), reports (signed in, or
//! anonymously for the types the pod allows), and the moderators' report queue
//! (`manage/moderation/reports/`), which the live connection keeps counted.

use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::{Auth, MaybeAuth, Permission};
use crate::domain::Email;
use crate::error::{ApiError, FieldErrors};
use crate::routes::catalogue::{like, ordering, paginate};
use crate::routes::common::{api_actor, invalid_pk, optional_text, Pk};
use crate::routes::{res, Body, QueryParams};
use crate::state::{AppState, Audience};
use crate::store::catalogue::{self as cat, Filter};
use crate::store::moderation::{self as store, NewReport, ReportRow, UserFilterRow};
use crate::store::users::now_iso;

/// Report types: Funkwhale's choices, and the ones it accepts without an account.
const REPORT_TYPES: &[&str] = &[
    "takedown_request",
    "invalid_metadata",
    "illegal_content",
    "offensive_content",
    "other",
];
const ANONYMOUS_REPORT_TYPES: &[&str] = &["takedown_request", "illegal_content"];

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        res("/moderation/content-filters")
            .route(web::get().to(list_filters))
            .route(web::post().to(create_filter)),
    )
    .service(
        res("/moderation/content-filters/{uuid}")
            .route(web::get().to(get_filter))
            .route(web::delete().to(delete_filter)),
    )
    .service(res("/moderation/reports").route(web::post().to(create_report)))
    .service(res("/manage/moderation/reports").route(web::get().to(list_reports)))
    .service(
        res("/manage/moderation/reports/{uuid}")
            .route(web::get().to(get_report))
            .route(web::patch().to(update_report))
            .route(web::put().to(update_report)),
    );
}

// ---- Content filters ----

fn filter_value(f: &UserFilterRow) -> Value {
    json!({
        "uuid": f.uuid,
        "target": {"type": "artist", "id": f.artist_id, "name": f.artist_name},
        "creation_date": f.creation_date
    })
}

#[tracing::instrument(skip_all)]
async fn list_filters(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let user = auth.user.id;
    let order = ordering(
        &params,
        &[("creation_date", "f.creation_date")],
        "f.creation_date DESC",
        "f.id DESC",
    );
    paginate(&state, &req, &params, move |conn, page| {
        let count = store::filters_count(conn, user)?;
        let page = page.check(count)?;
        let rows = store::filters_of(conn, user, &order, page.limit(), page.offset())?;
        Ok((count, rows.iter().map(filter_value).collect::<Vec<_>>()))
    })
    .await
}

#[tracing::instrument(skip_all)]
async fn create_filter(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let target = match body.0.get("target") {
        None | Some(Value::Null) => {
            return Err(ApiError::field("target", "This field is required."))
        }
        Some(Value::Object(target)) => target.clone(),
        Some(_) => {
            return Err(ApiError::field(
                "target",
                "Invalid data. Expected a dictionary, but got str.",
            ))
        }
    };
    let mut errors = FieldErrors::new();
    match target.get("type").and_then(Value::as_str) {
        Some("artist") => {}
        Some(other) => errors.add("type", format!("\"{other}\" is not a valid choice.")),
        None => errors.add("type", "This field is required."),
    }
    let artist = Pk::of(target.get("id")).require("id", &mut errors);
    if !errors.is_empty() {
        let mut nested = FieldErrors::new();
        nested.nest("target", errors);
        return Err(ApiError::Validation(nested));
    }
    let artist = artist.ok_or_else(|| ApiError::field("target", "This field is required."))?;
    let user = auth.user.id;
    let row = state
        .db
        .run(move |conn| {
            if !store::artist_exists(conn, artist)? {
                return Err(ApiError::field("target", invalid_pk(artist)));
            }
            let uuid = uuid::Uuid::new_v4().to_string();
            if !store::add_filter(conn, &uuid, user, artist, &now_iso())? {
                return Err(ApiError::non_field(
                    "The fields user, target_artist must make a unique set.",
                ));
            }
            store::filter_by_uuid(conn, &uuid)?.ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Created().json(filter_value(&row)))
}

async fn own_filter(state: &AppState, user: i64, uuid: String) -> Result<UserFilterRow, ApiError> {
    state
        .db
        .run(move |conn| {
            store::filter_by_uuid(conn, &uuid)?
                .filter(|f| f.user_id == user)
                .ok_or(ApiError::NotFound)
        })
        .await
}

#[tracing::instrument(skip_all)]
async fn get_filter(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let row = own_filter(&state, auth.user.id, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(filter_value(&row)))
}

#[tracing::instrument(skip_all)]
async fn delete_filter(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let row = own_filter(&state, auth.user.id, path.into_inner()).await?;
    state
        .db
        .run(move |conn| store::delete_filter(conn, &row.uuid))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

// ---- Reports ----

/// `{type, id}` (or `uuid` for libraries and channels, `full_username` for accounts).
fn report_target(body: &Body, domain: &str) -> Result<(String, String), String> {
    let Some(Value::Object(target)) = body.0.get("target") else {
        return Err("This field is required.".into());
    };
    let kind = target
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let key = match kind.as_str() {
        "track" | "album" | "artist" | "playlist" => "id",
        "library" | "channel" => "uuid",
        "account" => "full_username",
        _ => return Err("Invalid target type".into()),
    };
    let id = match target.get(key) {
        Some(Value::String(s)) if !s.trim().is_empty() => s.trim().to_owned(),
        Some(Value::Number(n)) => n.to_string(),
        _ => return Err(format!("Missing target {key}")),
    };
    let id = if kind == "account" {
        match id.rsplit_once('@') {
            Some((name, host)) if host.eq_ignore_ascii_case(domain) => name.to_owned(),
            Some(_) => return Err("Object not found".into()),
            None => id,
        }
    } else {
        id
    };
    Ok((kind, id))
}

fn target_value(kind: &str, id: &str, domain: &str) -> Value {
    match kind {
        "library" | "channel" => json!({"type": kind, "uuid": id}),
        "account" => json!({"type": kind, "full_username": format!("{id}@{domain}")}),
        _ => {
            json!({"type": kind, "id": id.parse::<i64>().map_or_else(|_| json!(id), |n| json!(n))})
        }
    }
}

fn report_value(r: &ReportRow, domain: &str) -> Value {
    json!({
        "uuid": r.uuid,
        "summary": r.summary,
        "creation_date": r.creation_date,
        "handled_date": r.handled_date,
        "is_handled": r.is_handled,
        "submitter_email": r.submitter_email,
        "target": target_value(&r.target_type, &r.target_id, domain),
        "type": r.kind
    })
}

/// `ManageBaseActor` of a local user.
pub(crate) fn manage_actor(state: &AppState, owner: &crate::store::people::OwnerRow) -> Value {
    let mut actor = api_actor(state, owner);
    let fid = actor["fid"].as_str().unwrap_or_default().to_owned();
    actor["id"] = json!(owner.id);
    actor["inbox_url"] = json!(format!("{fid}/inbox"));
    actor["outbox_url"] = json!(format!("{fid}/outbox"));
    actor["shared_inbox_url"] = json!(format!("{}/federation/shared/inbox", state.base_url()));
    actor
}

fn manage_report_value(state: &AppState, r: &ReportRow) -> Value {
    let domain = state.domain();
    let mut value = report_value(r, &domain);
    value["id"] = json!(r.id);
    value["fid"] = json!(format!(
        "{}/federation/reports/{}",
        state.base_url(),
        r.uuid
    ));
    value["target_state"] = Value::Null;
    value["assigned_to"] = Value::Null;
    value["target_owner"] = Value::Null;
    value["submitter"] = r
        .submitter
        .as_ref()
        .map_or(Value::Null, |s| manage_actor(state, s));
    value["notes"] = json!([]);
    value
}

#[tracing::instrument(skip_all)]
async fn create_report(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let domain = state.domain();
    let mut errors = FieldErrors::new();
    let kind = body.required("type", &mut errors).and_then(|kind| {
        if REPORT_TYPES.contains(&kind.as_str()) {
            Some(kind)
        } else {
            errors.add("type", format!("\"{kind}\" is not a valid choice."));
            None
        }
    });
    let summary =
        optional_text(&body, "summary", 50_000, true, &mut errors).filter(|s| !s.is_empty());
    let email = match body
        .text("submitter_email")
        .filter(|e| !e.trim().is_empty())
    {
        Some(raw) => match Email::parse(&raw) {
            Ok(email) => Some(email.as_str().to_owned()),
            Err(message) => {
                errors.add("submitter_email", message);
                None
            }
        },
        None => None,
    };
    let target = match report_target(&body, &domain) {
        Ok(target) => Some(target),
        Err(message) => {
            errors.add("target", message);
            None
        }
    };
    errors.into_result()?;
    let (Some(kind), Some((target_type, target_id))) = (kind, target) else {
        return Err(ApiError::non_field("Invalid data."));
    };
    let submitter = auth.0.as_ref().map(|a| a.user.id);
    if submitter.is_none() {
        if !ANONYMOUS_REPORT_TYPES.contains(&kind.as_str()) {
            return Err(ApiError::non_field(
                "You need an account to submit this report",
            ));
        }
        if email.is_none() {
            return Err(ApiError::non_field(
                "You need to provide an e-mail address to submit this report",
            ));
        }
    }
    let uuid = uuid::Uuid::new_v4().to_string();
    let lookup = uuid.clone();
    let (row, unresolved) = state
        .db
        .run(move |conn| {
            if !store::target_exists(conn, &target_type, &target_id)? {
                return Err(ApiError::field("target", "Object not found"));
            }
            store::insert_report(
                conn,
                &NewReport {
                    uuid: &uuid,
                    kind: &kind,
                    summary: summary.as_deref(),
                    submitter_id: submitter,
                    submitter_email: email.as_deref(),
                    target_type: &target_type,
                    target_id: &target_id,
                },
                &now_iso(),
            )?;
            let mut filter = Filter::default();
            filter.add("rp.uuid = ?", vec![cat::text(&lookup)]);
            let row = store::reports(conn, &filter, "rp.id", 1, 0)?
                .into_iter()
                .next()
                .ok_or(ApiError::NotFound)?;
            Ok((row, store::unresolved_count(conn)?))
        })
        .await?;
    let value = report_value(&row, &domain);
    state.emit(
        Audience::Holders(Permission::Moderation),
        json!({"type": "report.created", "report": value, "unresolved_count": unresolved}),
    );
    Ok(HttpResponse::Created().json(value))
}

#[tracing::instrument(skip_all)]
async fn list_reports(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Moderation)?;
    let mut filter = Filter::default();
    if let Some(handled) = params.flag("is_handled") {
        filter.add("rp.is_handled = ?", vec![cat::int(i64::from(handled))]);
    }
    if let Some(kind) = params.get("type") {
        filter.add("rp.type = ?", vec![cat::text(kind)]);
    }
    if let Some(q) = params.get("q") {
        filter.add("rp.summary LIKE ? ESCAPE '\\'", vec![like(q)]);
    }
    let order = ordering(
        &params,
        &[
            ("creation_date", "rp.creation_date"),
            ("handled_date", "rp.handled_date"),
        ],
        "rp.creation_date DESC",
        "rp.id DESC",
    );
    let state2 = state.get_ref().clone();
    paginate(&state, &req, &params, move |conn, page| {
        let count = store::reports_count(conn, &filter)?;
        let page = page.check(count)?;
        let rows = store::reports(conn, &filter, &order, page.limit(), page.offset())?;
        Ok((
            count,
            rows.iter()
                .map(|r| manage_report_value(&state2, r))
                .collect::<Vec<_>>(),
        ))
    })
    .await
}

async fn report_by_uuid(state: &AppState, uuid: String) -> Result<ReportRow, ApiError> {
    state
        .db
        .run(move |conn| {
            let mut filter = Filter::default();
            filter.add("rp.uuid = ?", vec![cat::text(&uuid)]);
            store::reports(conn, &filter, "rp.id", 1, 0)?
                .into_iter()
                .next()
                .ok_or(ApiError::NotFound)
        })
        .await
}

#[tracing::instrument(skip_all)]
async fn get_report(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Moderation)?;
    let row = report_by_uuid(&state, path.into_inner()).await?;
    Ok(HttpResponse::Ok().json(manage_report_value(&state, &row)))
}

#[tracing::instrument(skip_all)]
async fn update_report(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Moderation)?;
    let uuid = path.into_inner();
    report_by_uuid(&state, uuid.clone()).await?;
    if let Some(handled) = body.flag("is_handled")? {
        let target = uuid.clone();
        state
            .db
            .run(move |conn| store::set_handled(conn, &target, handled, &now_iso()))
            .await?;
    }
    let row = report_by_uuid(&state, uuid).await?;
    Ok(HttpResponse::Ok().json(manage_report_value(&state, &row)))
}

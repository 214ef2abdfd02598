//! Sign-up (open, by invitation, or moderated with a user request and the custom form),
//! e-mail confirmation, password reset, invitations and user requests for staff.

use actix_web::{web, HttpResponse};
use serde_json::{json, Map, Value};

use crate::auth::{password, Auth, Permission};
use crate::domain::{password_errors, Email, Username};
use crate::error::{ApiError, FieldErrors};
use crate::mail;
use crate::routes::{res, Body, QueryParams};
use crate::state::{AppState, Audience};
use crate::store::{self, signup as store_signup, users::NewUser};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/auth/registration").route(web::post().to(register)))
        .service(res("/auth/registration/verify-email").route(web::post().to(verify_email)))
        .service(
            res("/auth/registration/account-confirm-email/{key}")
                .route(web::post().to(confirm_key)),
        )
        .service(res("/auth/password/reset").route(web::post().to(reset_request)))
        .service(res("/auth/password/reset/confirm").route(web::post().to(reset_confirm)))
        .service(
            res("/manage/users/invitations")
                .route(web::get().to(list_invitations))
                .route(web::post().to(create_invitation)),
        )
        .service(res("/manage/moderation/requests").route(web::get().to(list_requests)))
        .service(
            res("/manage/moderation/requests/{uuid}")
                .route(web::get().to(get_request))
                .route(web::patch().to(update_request)),
        );
}

/// The custom sign-up fields an admin configured: `(label, required)`.
fn custom_fields(customization: &Value) -> Vec<(String, bool)> {
    customization["fields"]
        .as_array()
        .map(|fields| {
            fields
                .iter()
                .filter_map(|f| {
                    Some((
                        f["label"].as_str()?.to_owned(),
                        f["required"].as_bool().unwrap_or(false),
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

#[tracing::instrument(skip_all)]
async fn register(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    body.only(&[
        "username",
        "email",
        "password1",
        "password2",
        "invitation",
        "request_fields",
    ])?;
    let prefs = state.db.run(|conn| store::preferences::load(conn)).await?;
    let invitation = body.text("invitation").filter(|c| !c.trim().is_empty());
    if !prefs.flag("users__registration_enabled") && invitation.is_none() {
        return Err(ApiError::PermissionDenied);
    }
    let mut errors = FieldErrors::new();
    let username = body.required("username", &mut errors).and_then(|raw| {
        Username::parse(&raw)
            .map_err(|m| errors.add("username", m))
            .ok()
    });
    let email = body
        .required("email", &mut errors)
        .and_then(|raw| Email::parse(&raw).map_err(|m| errors.add("email", m)).ok());
    let password1 = body.required("password1", &mut errors);
    let password2 = body.required("password2", &mut errors);
    let new_password = password1
        .as_deref()
        .and_then(|p| password_errors(&mut errors, "password1", p));
    if let (Some(a), Some(b)) = (&password1, &password2) {
        if a != b {
            errors.add("non_field_errors", "The two password fields didn't match.");
        }
    }
    let moderated = prefs.flag("moderation__signup_approval_enabled") && invitation.is_none();
    let mut request_fields = Map::new();
    if moderated {
        let given = body.0.get("request_fields").cloned().unwrap_or(Value::Null);
        let mut field_errors = FieldErrors::new();
        for (label, required) in custom_fields(&prefs.get("moderation__signup_form_customization"))
        {
            let value = given[label.as_str()]
                .as_str()
                .unwrap_or_default()
                .trim()
                .to_owned();
            if value.is_empty() && required {
                field_errors.add(&label, "This field is required.");
            }
            request_fields.insert(label, Value::String(value));
        }
        errors.nest("request_fields", field_errors);
    }
    errors.into_result()?;
    let (Some(username), Some(email), Some(new_password)) = (username, email, new_password) else {
        return Err(ApiError::non_field("Invalid data."));
    };
    let fast = state.options.fast_password_hashing;
    let hash = tokio::task::spawn_blocking(move || password::hash(new_password.as_str(), fast))
        .await
        .map_err(ApiError::internal)??;
    let metadata = Value::Object(request_fields).to_string();
    let (user_id, key, pending) = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            let mut errors = FieldErrors::new();
            if store::users::by_username(&tx, username.as_str())?.is_some() {
                errors.add("username", "A user with that username already exists.");
            }
            if store::users::by_email(&tx, email.as_str())?.is_some() {
                errors.add(
                    "email",
                    "A user is already registered with this e-mail address.",
                );
            }
            let invite = match &invitation {
                Some(code) => {
                    let found = store_signup::open_invitation(&tx, code.trim())?;
                    if found.is_none() {
                        errors.add("invitation", "Invalid invitation code");
                    }
                    found
                }
                None => None,
            };
            errors.into_result()?;
            let user_id = store::users::insert(
                &tx,
                &NewUser {
                    username: username.as_str(),
                    email: email.as_str(),
                    password_hash: &hash,
                    is_staff: false,
                    is_superuser: false,
                    perm_library: false,
                    perm_moderation: false,
                    perm_settings: false,
                    is_active: !moderated,
                    email_verified: false,
                },
            )?;
            if let Some(invite) = invite {
                store_signup::use_invitation(&tx, invite.id, user_id)?;
            }
            let pending = if moderated {
                store_signup::create_user_request(&tx, user_id, &metadata)?;
                Some(store_signup::pending_requests_count(&tx)?)
            } else {
                None
            };
            let key = store_signup::create_email_confirmation(&tx, user_id, email.as_str())?;
            tx.commit()?;
            Ok((user_id, (key, email), pending))
        })
        .await?;
    let (key, email) = key;
    let link = format!("{}/auth/email/confirm?key={key}", state.base_url());
    mail::send(
        &state.outbox_dir,
        email.as_str(),
        "Please confirm your e-mail address",
        &format!("Confirm your e-mail address by opening {link}\n\nConfirmation key: {key}"),
    )?;
    if let Some(pending_count) = pending {
        // Moderators' notification counters update live.
        state.emit(
            Audience::Holders(Permission::Moderation),
            json!({"type": "user_request.created", "pending_count": pending_count, "user_id": user_id}),
        );
    }
    Ok(HttpResponse::Created().json(json!({"detail": "Verification e-mail sent."})))
}

async fn confirm(state: &AppState, key: String) -> Result<HttpResponse, ApiError> {
    let ok = state
        .db
        .run(move |conn| store_signup::confirm_email(conn, &key))
        .await?;
    if ok {
        Ok(HttpResponse::Ok().json(json!({"detail": "ok"})))
    } else {
        Err(ApiError::NotFound)
    }
}

#[tracing::instrument(skip_all)]
async fn verify_email(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::new();
    let key = body.required("key", &mut errors);
    errors.into_result()?;
    confirm(&state, key.unwrap_or_default()).await
}

async fn confirm_key(
    state: web::Data<AppState>,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    confirm(&state, path.into_inner()).await
}

/// Always the same answer, so the form does not reveal which addresses have accounts.
#[tracing::instrument(skip_all)]
async fn reset_request(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::new();
    let email = body
        .required("email", &mut errors)
        .and_then(|raw| Email::parse(&raw).map_err(|m| errors.add("email", m)).ok());
    errors.into_result()?;
    let Some(email) = email else {
        return Err(ApiError::field("email", "Enter a valid email address."));
    };
    let found = state
        .db
        .run(move |conn| {
            match store::users::by_email(conn, email.as_str())?.filter(|u| u.is_active) {
                Some(user) => {
                    let token = store_signup::create_password_reset(conn, user.id)?;
                    Ok(Some((user.id, user.email, token)))
                }
                None => Ok(None),
            }
        })
        .await?;
    if let Some((uid, to, token)) = found {
        let link = format!(
            "{}/auth/password/reset/confirm?uid={uid}&token={token}",
            state.base_url()
        );
        mail::send(
            &state.outbox_dir,
            &to,
            "Password reset",
            &format!("Reset your password by opening {link}\n\nuid: {uid}\ntoken: {token}"),
        )?;
    }
    Ok(HttpResponse::Ok().json(json!({"detail": "Password reset e-mail has been sent."})))
}

#[tracing::instrument(skip_all)]
async fn reset_confirm(state: web::Data<AppState>, body: Body) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::new();
    let uid = body.required("uid", &mut errors);
    let token = body.required("token", &mut errors);
    let p1 = body.required("new_password1", &mut errors);
    let p2 = body.required("new_password2", &mut errors);
    let new = p1
        .as_deref()
        .and_then(|p| password_errors(&mut errors, "new_password2", p));
    if let (Some(a), Some(b)) = (&p1, &p2) {
        if a != b {
            errors.add("new_password2", "The two password fields didn't match.");
        }
    }
    let user_id = uid.as_deref().and_then(|u| u.parse::<i64>().ok());
    if uid.is_some() && user_id.is_none() {
        errors.add("uid", "Invalid value");
    }
    errors.into_result()?;
    let (Some(user_id), Some(token), Some(new)) = (user_id, token, new) else {
        return Err(ApiError::non_field("Invalid data."));
    };
    let fast = state.options.fast_password_hashing;
    let hash = tokio::task::spawn_blocking(move || password::hash(new.as_str(), fast))
        .await
        .map_err(ApiError::internal)??;
    state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            if !store_signup::take_password_reset(&tx, user_id, &token)? {
                return Err(ApiError::field("token", "Invalid value"));
            }
            store::users::set_password(&tx, user_id, &hash)?;
            store::oauth::revoke_user_tokens(&tx, user_id)?;
            store::users::delete_user_sessions(&tx, user_id)?;
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(
        HttpResponse::Ok()
            .json(json!({"detail": "Password has been reset with the new password."})),
    )
}

fn invitation_json(state: &AppState, inv: &store_signup::InvitationRow) -> Value {
    let expiration = chrono::DateTime::from_timestamp(inv.expiration_date, 0)
        .map(|d| d.to_rfc3339_opts(chrono::SecondsFormat::Micros, true));
    json!({
        "id": inv.id,
        "code": inv.code,
        "owner": {"id": inv.owner_id, "username": inv.owner_username},
        "users": inv.user_id.map_or_else(Vec::new, |id| vec![json!({"id": id})]),
        "creation_date": inv.creation_date,
        "expiration_date": expiration,
        "invite_url": format!("{}/signup?invitation={}", state.base_url(), inv.code),
    })
}

#[tracing::instrument(skip_all)]
async fn create_invitation(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Settings)?;
    body.only(&["code"])?;
    let code = body
        .text("code")
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty());
    if let Some(code) = &code {
        if code.len() > 50
            || !code
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(ApiError::field("code", "Enter a valid code."));
        }
    }
    let owner = auth.user.id;
    let inv = state
        .db
        .run(move |conn| {
            let code = code.unwrap_or_else(|| crate::auth::tokens::random_token(12).to_lowercase());
            if store_signup::invitation_code_taken(conn, &code)? {
                return Err(ApiError::field(
                    "code",
                    "An invitation with this code already exists.",
                ));
            }
            store_signup::create_invitation(conn, owner, &code)
        })
        .await?;
    Ok(HttpResponse::Created().json(invitation_json(&state, &inv)))
}

#[tracing::instrument(skip_all)]
async fn list_invitations(
    state: web::Data<AppState>,
    auth: Auth,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Settings)?;
    let all = state.db.run(|conn| store_signup::invitations(conn)).await?;
    let results: Vec<Value> = all.iter().map(|i| invitation_json(&state, i)).collect();
    Ok(HttpResponse::Ok().json(crate::domain::pagination::single_page(results)))
}

fn request_json(r: &store_signup::UserRequestRow) -> Value {
    json!({
        "id": r.id,
        "uuid": r.uuid,
        "type": "signup",
        "status": r.status,
        "creation_date": r.creation_date,
        "handled_date": Value::Null,
        "submitter": {"id": r.submitter_id, "preferred_username": r.submitter_username, "email": r.submitter_email},
        "assigned_to": Value::Null,
        "metadata": serde_json::from_str::<Value>(&r.metadata).unwrap_or_else(|_| json!({})),
        "notes": []
    })
}

#[tracing::instrument(skip_all)]
async fn list_requests(
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Moderation)?;
    let status = params.get("status").map(str::to_owned);
    let all = state
        .db
        .run(move |conn| store_signup::user_requests(conn, status.as_deref()))
        .await?;
    Ok(
        HttpResponse::Ok().json(crate::domain::pagination::single_page(
            all.iter().map(request_json).collect(),
        )),
    )
}

#[tracing::instrument(skip_all)]
async fn get_request(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Moderation)?;
    let uuid = path.into_inner();
    let found = state
        .db
        .run(move |conn| store_signup::user_request(conn, &uuid))
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(HttpResponse::Ok().json(request_json(&found)))
}

#[tracing::instrument(skip_all)]
async fn update_request(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Moderation)?;
    body.only(&["status"])?;
    let status = body.text("status").unwrap_or_default();
    if !["pending", "approved", "refused"].contains(&status.as_str()) {
        return Err(ApiError::field(
            "status",
            format!("\"{status}\" is not a valid choice."),
        ));
    }
    let uuid = path.into_inner();
    let updated = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            let found = store_signup::user_request(&tx, &uuid)?.ok_or(ApiError::NotFound)?;
            store_signup::decide_user_request(&tx, &found, &status)?;
            let updated = store_signup::user_request(&tx, &uuid)?.ok_or(ApiError::NotFound)?;
            tx.commit()?;
            Ok(updated)
        })
        .await?;
    Ok(HttpResponse::Ok().json(request_json(&updated)))
}

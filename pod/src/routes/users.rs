//! Accounts: session login/logout, the current user's profile and settings, password change.

use actix_web::cookie::{time::Duration, Cookie, SameSite};
use actix_web::{web, HttpRequest, HttpResponse};
use serde_json::{json, Value};

use crate::auth::{csrf, password, Auth, AuthMethod, MaybeAuth, SESSION_COOKIE};
use crate::domain::{password_errors, Language, PrivacyLevel};
use crate::error::{ApiError, FieldErrors};
use crate::routes::{res, Body};
use crate::state::AppState;
use crate::store::{self, users::UserRow};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/users/login").route(web::post().to(login)))
        .service(res("/users/logout").route(web::post().to(logout)))
        .service(res("/users/me").route(web::get().to(me)))
        .service(res("/users/settings").route(web::post().to(update_settings)))
        .service(res("/auth/password/change").route(web::post().to(change_password)))
        .service(res("/auth/user").route(web::get().to(auth_user)))
        .service(
            res("/users/{username}")
                .route(web::patch().to(update_profile))
                .route(web::put().to(update_profile)),
        );
}

/// The profile shape of `users/me/` on a real pod.
pub fn me_json(state: &AppState, user: &UserRow) -> Value {
    let settings: Value = serde_json::from_str(&user.settings).unwrap_or_else(|_| json!({}));
    let summary: Value = user
        .summary
        .as_deref()
        .and_then(|s| serde_json::from_str(s).ok())
        .unwrap_or(Value::Null);
    let full = user.is_superuser;
    json!({
        "id": user.id,
        "username": user.username,
        "full_username": format!("{}@{}", user.username, state.domain()),
        "name": user.name,
        "email": user.email,
        "is_staff": user.is_staff,
        "is_superuser": user.is_superuser,
        "permissions": {
            "library": full || user.perm_library,
            "moderation": full || user.perm_moderation,
            "settings": full || user.perm_settings
        },
        "date_joined": user.date_joined,
        "privacy_level": user.privacy_level,
        "avatar": Value::Null,
        "tokens": {"listen": user.listen_token},
        "settings": settings,
        "summary": summary,
        "instance_support_message_display_date": user.instance_support_message_display_date,
        "funkwhale_support_message_display_date": user.funkwhale_support_message_display_date
    })
}

pub fn session_cookie(key: &str) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, key.to_owned())
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .max_age(Duration::seconds(
            i64::try_from(store::users::SESSION_AGE_SECS).unwrap_or(i64::MAX),
        ))
        .finish()
}

/// Session login: form `username`/`password`, CSRF-protected like Django's view. Answers 200
/// with an empty body, a new `sessionid` and a rotated `csrftoken`.
#[tracing::instrument(skip_all)]
async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    csrf::check(&req)?;
    let mut errors = FieldErrors::new();
    let username = body.required("username", &mut errors);
    let given = body.required("password", &mut errors);
    errors.into_result()?;
    let (Some(username), Some(given)) = (username, given) else {
        return Err(ApiError::NotAuthenticated);
    };
    let user = state
        .db
        .run(move |conn| {
            let found = match store::users::by_username(conn, username.trim())? {
                Some(user) => Some(user),
                None => store::users::by_email(conn, username.trim())?,
            };
            Ok(found)
        })
        .await?;
    let refused = || ApiError::non_field("Unable to log in with provided credentials.");
    let user = user.ok_or_else(refused)?;
    let hash = user.password_hash.clone();
    let matches = tokio::task::spawn_blocking(move || password::verify(&given, &hash))
        .await
        .map_err(ApiError::internal)?;
    if !matches {
        return Err(refused());
    }
    if !user.is_active {
        return Err(ApiError::non_field("User account is disabled."));
    }
    let user_id = user.id;
    let key = state
        .db
        .run(move |conn| store::users::create_session(conn, user_id))
        .await?;
    tracing::info!(user = %user.username, email_verified = user.email_verified, "session login");
    Ok(HttpResponse::Ok()
        .cookie(session_cookie(&key))
        .cookie(csrf::new_cookie())
        .finish())
}

#[tracing::instrument(skip_all)]
async fn logout(state: web::Data<AppState>, auth: MaybeAuth) -> Result<HttpResponse, ApiError> {
    if let Some(auth) = auth.0 {
        match auth.method {
            AuthMethod::Session { key } => {
                state
                    .db
                    .run(move |conn| store::users::delete_session(conn, &key))
                    .await?;
            }
            AuthMethod::Bearer { jti } => {
                state
                    .db
                    .run(move |conn| store::oauth::revoke_jti(conn, &jti))
                    .await?;
            }
            AuthMethod::ListenToken => {}
        }
    }
    let mut expired = Cookie::build(SESSION_COOKIE, "").path("/").finish();
    expired.make_removal();
    Ok(HttpResponse::Ok().cookie(expired).finish())
}

#[tracing::instrument(skip_all)]
async fn me(state: web::Data<AppState>, auth: Auth) -> Result<HttpResponse, ApiError> {
    let user = auth.user.id;
    let quota = state
        .db
        .run(move |conn| crate::routes::uploads::quota_status(conn, user))
        .await?;
    let mut value = me_json(&state, &auth.user);
    value["quota_status"] = quota;
    Ok(HttpResponse::Ok().json(value))
}

/// dj-rest-auth's `auth/user/` shape.
async fn auth_user(auth: Auth) -> HttpResponse {
    HttpResponse::Ok().json(json!({
        "pk": auth.user.id,
        "username": auth.user.username,
        "email": auth.user.email,
        "first_name": "",
        "last_name": ""
    }))
}

/// Merges `language` (and other free keys Funkwhale keeps) into the user's settings.
#[tracing::instrument(skip_all)]
async fn update_settings(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    body.only(&["language"])?;
    let mut settings: serde_json::Map<String, Value> =
        serde_json::from_str(&auth.user.settings).unwrap_or_default();
    if let Some(raw) = body.0.get("language") {
        let text = raw
            .as_str()
            .ok_or_else(|| ApiError::field("language", "Not a valid string."))?;
        let language = Language::parse(text).map_err(|m| ApiError::field("language", m))?;
        settings.insert(
            "language".into(),
            Value::String(language.as_str().to_owned()),
        );
    }
    let stored = Value::Object(settings).to_string();
    let user_id = auth.user.id;
    let user = state
        .db
        .run(move |conn| {
            store::users::update_settings(conn, user_id, &stored)?;
            store::users::by_id(conn, user_id)?.ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Ok().json(me_json(&state, &user)))
}

/// Changes the password and revokes every other session and every OAuth token.
#[tracing::instrument(skip_all)]
async fn change_password(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let mut errors = FieldErrors::new();
    let old = body.required("old_password", &mut errors);
    let new1 = body.required("new_password1", &mut errors);
    let new2 = body.required("new_password2", &mut errors);
    errors.into_result()?;
    let (Some(old), Some(new1), Some(new2)) = (old, new1, new2) else {
        return Err(ApiError::NotAuthenticated);
    };
    let hash = auth.user.password_hash.clone();
    let old_ok = tokio::task::spawn_blocking(move || password::verify(&old, &hash))
        .await
        .map_err(ApiError::internal)?;
    let mut errors = FieldErrors::new();
    if !old_ok {
        errors.add(
            "old_password",
            "Your old password was entered incorrectly. Please enter it again.",
        );
    }
    if new1 != new2 {
        errors.add("new_password2", "The two password fields didn't match.");
    }
    let new = password_errors(&mut errors, "new_password2", &new1);
    errors.into_result()?;
    let Some(new) = new else {
        return Err(ApiError::non_field("Invalid password."));
    };
    let fast = state.options.fast_password_hashing;
    let new_hash = tokio::task::spawn_blocking(move || password::hash(new.as_str(), fast))
        .await
        .map_err(ApiError::internal)??;
    let user_id = auth.user.id;
    let keep = match auth.method {
        AuthMethod::Session { key } => Some(key),
        _ => None,
    };
    state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            store::users::set_password(&tx, user_id, &new_hash)?;
            store::oauth::revoke_user_tokens(&tx, user_id)?;
            tx.execute(
                "DELETE FROM sessions WHERE user_id = ?1 AND key IS NOT ?2",
                rusqlite::params![user_id, keep],
            )?;
            tx.commit()?;
            Ok(())
        })
        .await?;
    Ok(HttpResponse::Ok().json(json!({"detail": "New password has been saved."})))
}

/// A nullable date-time field: `Some(None)` clears it.
fn optional_datetime(body: &Body, key: &str, errors: &mut FieldErrors) -> Option<Option<String>> {
    match body.0.get(key)? {
        Value::Null => Some(None),
        Value::String(raw) => match chrono::DateTime::parse_from_rfc3339(raw) {
            Ok(date) => Some(Some(
                date.with_timezone(&chrono::Utc)
                    .to_rfc3339_opts(chrono::SecondsFormat::Micros, true),
            )),
            Err(_) => {
                errors.add(
                    key,
                    "Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].",
                );
                None
            }
        },
        _ => {
            errors.add(key, "Datetime has wrong format.");
            None
        }
    }
}

/// `users/{username}/`: a user edits its own name, privacy level, summary and the dates the
/// support messages were last shown.
#[tracing::instrument(skip_all)]
async fn update_profile(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    if !path.eq_ignore_ascii_case(&auth.user.username) {
        return Err(ApiError::PermissionDenied);
    }
    body.only(&[
        "name",
        "privacy_level",
        "summary",
        "avatar",
        "instance_support_message_display_date",
        "funkwhale_support_message_display_date",
    ])?;
    let mut errors = FieldErrors::new();
    let mut update = store::users::ProfileUpdate::default();
    if let Some(value) = body.0.get("name") {
        match value.as_str() {
            Some(name) if name.chars().count() <= 150 => update.name = Some(name.trim().to_owned()),
            Some(_) => errors.add("name", "Ensure this field has no more than 150 characters."),
            None => errors.add("name", "Not a valid string."),
        }
    }
    if let Some(value) = body.0.get("privacy_level") {
        match value.as_str().map(PrivacyLevel::parse) {
            Some(Ok(level)) => update.privacy_level = Some(level.as_str().to_owned()),
            Some(Err(message)) => errors.add("privacy_level", message),
            None => errors.add("privacy_level", "Not a valid string."),
        }
    }
    match body.0.get("summary") {
        None => {}
        Some(Value::Null) => update.summary = Some(None),
        Some(Value::Object(content)) => {
            let mut inner = FieldErrors::new();
            let text = content.get("text").and_then(Value::as_str);
            let content_type = content
                .get("content_type")
                .and_then(Value::as_str)
                .unwrap_or("text/markdown");
            match text {
                None => inner.add("text", "This field is required."),
                Some(t) if t.chars().count() > 5000 => inner.add(
                    "text",
                    "Ensure this field has no more than 5000 characters.",
                ),
                Some(_) => {}
            }
            if !["text/markdown", "text/plain", "text/html"].contains(&content_type) {
                inner.add(
                    "content_type",
                    format!("\"{content_type}\" is not a valid choice."),
                );
            }
            if inner.is_empty() {
                update.summary = Some(Some(
                    json!({"text": text.unwrap_or_default(), "content_type": content_type})
                        .to_string(),
                ));
            } else {
                errors.nest("summary", inner);
            }
        }
        Some(_) => errors.add("summary", "Invalid data. Expected a dictionary."),
    }
    update.instance_support_message_display_date =
        optional_datetime(&body, "instance_support_message_display_date", &mut errors);
    update.funkwhale_support_message_display_date =
        optional_datetime(&body, "funkwhale_support_message_display_date", &mut errors);
    errors.into_result()?;
    let user_id = auth.user.id;
    let user = state
        .db
        .run(move |conn| {
            store::users::update_profile(conn, user_id, &update)?;
            store::users::by_id(conn, user_id)?.ok_or(ApiError::NotFound)
        })
        .await?;
    let mut body = me_json(&state, &user);
    if let Some(summary) = body.get_mut("summary").filter(|s| s.is_object()) {
        let text = summary["text"].as_str().unwrap_or_default().to_owned();
        summary["html"] = Value::String(crate::media::markdown::render(&text, false));
    }
    Ok(HttpResponse::Ok().json(body))
}

//! Instance routes: nodeinfo, public and admin settings, text preview.

use std::collections::HashMap;

use actix_web::{web, HttpResponse};
use serde_json::{json, Value};

use crate::auth::{Auth, Permission};
use crate::domain::preferences;
use crate::error::{ApiError, FieldErrors};
use crate::media::markdown;
use crate::routes::{res, Body};
use crate::state::AppState;
use crate::store;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(res("/instance/nodeinfo/2.1").route(web::get().to(nodeinfo)))
        .service(res("/instance/nodeinfo/2.0").route(web::get().to(nodeinfo)))
        .service(res("/instance/settings").route(web::get().to(settings)))
        .service(res("/instance/admin/settings").route(web::get().to(admin_settings)))
        .service(res("/instance/admin/settings/bulk").route(web::post().to(admin_settings_bulk)))
        .service(res("/text-preview").route(web::post().to(text_preview)))
        .service(res("/rate-limit").route(web::get().to(rate_limit)));
}

pub const SOFTWARE_VERSION: &str = "2.0.0";
pub const SUPPORTED_EXTENSIONS: &[&str] =
    &["aac", "aif", "aiff", "flac", "m4a", "mp3", "ogg", "opus"];

#[tracing::instrument(skip_all)]
async fn nodeinfo(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let (prefs, stats) = state
        .db
        .run(|conn| {
            Ok((
                store::preferences::load(conn)?,
                store::catalogue::stats(conn)?,
            ))
        })
        .await?;
    let hours = stats.music_seconds / 3600;
    let base = state.base_url();
    let body = json!({
        "version": "2.1",
        "software": {
            "name": "funkwhale",
            "version": SOFTWARE_VERSION,
            "repository": "https://dev.funkwhale.audio/funkwhale/funkwhale",
            "homepage": "https://funkwhale.audio"
        },
        "protocols": ["activitypub"],
        "services": {"inbound": ["atom1.0"], "outbound": ["atom1.0"]},
        "openRegistrations": prefs.flag("users__registration_enabled"),
        "usage": {
            "users": {
                "total": stats.users,
                "activeHalfyear": stats.users,
                "activeMonth": stats.users
            },
            "localPosts": 0,
            "localComments": 0
        },
        "metadata": {
            "actorId": format!("{base}/federation/actors/service"),
            "private": prefs.flag("common__api_authentication_required"),
            "nodeName": prefs.text("instance__name"),
            "shortDescription": prefs.text("instance__short_description"),
            "longDescription": prefs.text("instance__long_description"),
            "rules": prefs.text("instance__rules"),
            "terms": prefs.text("instance__terms"),
            "contactEmail": prefs.text("instance__contact_email"),
            "banner": Value::Null,
            "defaultUploadQuota": prefs.get("users__upload_quota"),
            "supportedUploadExtensions": SUPPORTED_EXTENSIONS,
            "allowList": {"enabled": prefs.flag("moderation__allow_list_enabled"), "domains": Value::Null},
            "funkwhaleSupportMessageEnabled": prefs.flag("instance__funkwhale_support_message_enabled"),
            "instanceSupportMessage": prefs.text("instance__support_message"),
            "reportTypes": [
                {"type": "takedown_request", "label": "Takedown request", "anonymous": true},
                {"type": "invalid_metadata", "label": "Invalid metadata", "anonymous": false},
                {"type": "illegal_content", "label": "Illegal content", "anonymous": true},
                {"type": "offensive_content", "label": "Offensive content", "anonymous": false},
                {"type": "other", "label": "Other", "anonymous": false}
            ],
            "endpoints": {
                "knownNodes": Value::Null,
                "channels": format!("{base}/federation/index/channels"),
                "libraries": format!("{base}/federation/index/libraries")
            },
            "usage": {
                "favorites": {"tracks": {"total": stats.favorites}},
                "listenings": {"total": stats.listenings},
                "downloads": {"total": stats.downloads}
            },
            "library": {
                "federationEnabled": prefs.flag("federation__enabled"),
                "anonymousCanListen": !prefs.flag("common__api_authentication_required"),
                "tracks": {"total": stats.tracks},
                "artists": {"total": stats.artists},
                "albums": {"total": stats.albums},
                "music": {"hours": hours}
            },
            "signupApprovalEnabled": prefs.flag("moderation__signup_approval_enabled"),
            "location": "",
            "languages": ["en"],
            "features": ["channels", "podcasts", "federation"],
            "content": {
                "local": {
                    "artists": stats.artists,
                    "releases": stats.albums,
                    "recordings": stats.tracks,
                    "hoursOfContent": hours
                },
                "topMusicCategories": stats.top_tags.iter()
                    .map(|(name, count)| json!({"name": name, "count": count}))
                    .collect::<Vec<_>>(),
                "topPodcastCategories": []
            },
            "codeOfConduct": prefs.text("instance__rules")
        }
    });
    Ok(HttpResponse::Ok().json(body))
}

/// `/.well-known/nodeinfo`: the discovery document pointing at both schema versions.
pub async fn well_known(state: web::Data<AppState>) -> HttpResponse {
    let base = state.base_url();
    HttpResponse::Ok().json(json!({
        "links": [
            {
                "rel": "http://nodeinfo.diaspora.software/ns/schema/2.0",
                "href": format!("{base}/api/v1/instance/nodeinfo/2.0/")
            },
            {
                "rel": "http://nodeinfo.diaspora.software/ns/schema/2.1",
                "href": format!("{base}/api/v2/instance/nodeinfo/2.1/")
            }
        ]
    }))
}

#[tracing::instrument(skip_all)]
async fn settings(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    let prefs = state.db.run(|conn| store::preferences::load(conn)).await?;
    Ok(HttpResponse::Ok().json(prefs.list(true)))
}

#[tracing::instrument(skip_all)]
async fn admin_settings(state: web::Data<AppState>, auth: Auth) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Settings)?;
    let prefs = state.db.run(|conn| store::preferences::load(conn)).await?;
    Ok(HttpResponse::Ok().json(prefs.list(false)))
}

/// `{identifier: value, …}`: validates every value first, then stores them in one transaction.
#[tracing::instrument(skip_all)]
async fn admin_settings_bulk(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    auth.require(Permission::Settings)?;
    let mut errors = FieldErrors::new();
    let mut updates: HashMap<String, Value> = HashMap::new();
    for (identifier, value) in body.0 {
        match preferences::find(&identifier) {
            None => errors.add(&identifier, "Unknown preference."),
            Some(def) => match def.validate(&value) {
                Ok(valid) => {
                    updates.insert(identifier, valid);
                }
                Err(message) => errors.add(&identifier, message),
            },
        }
    }
    errors.into_result()?;
    let prefs = state
        .db
        .run(move |conn| {
            let tx = conn.transaction()?;
            for (identifier, value) in &updates {
                store::preferences::set(&tx, identifier, value)?;
            }
            tx.commit()?;
            store::preferences::load(conn)
        })
        .await?;
    Ok(HttpResponse::Ok().json(prefs.list(false)))
}

/// Markdown → sanitised HTML, as real pods render descriptions.
#[tracing::instrument(skip_all)]
async fn text_preview(body: Body) -> Result<HttpResponse, ApiError> {
    body.only(&["text", "permissive"])?;
    let text = match body.0.get("text") {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Null) | None => return Err(ApiError::field("text", "This field is required.")),
        Some(_) => return Err(ApiError::field("text", "Not a valid string.")),
    };
    let permissive = body.flag("permissive")?.unwrap_or(false);
    Ok(HttpResponse::Ok().json(json!({ "rendered": markdown::render(&text, permissive) })))
}

/// `rate-limit/`: the caller's identity and the state of its window (not counting this call
/// twice: the middleware already did).
#[tracing::instrument(skip_all)]
async fn rate_limit(req: actix_web::HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    let (key, authenticated) = crate::ratelimit::request_key(&req);
    let (scope, limit) = if authenticated {
        ("authenticated", state.options.authenticated_rate)
    } else {
        ("anonymous", state.options.anonymous_rate)
    };
    let window = state.options.rate_window;
    let verdict = state.limiter.peek(&key, scope, limit, window);
    let reset_seconds = verdict.reset_in.as_secs();
    let now = chrono::Utc::now().timestamp();
    let ident = key.split_once(':').map_or("", |(_, id)| id);
    HttpResponse::Ok().json(json!({
        "enabled": true,
        "ident": {"type": scope, "id": if authenticated { "" } else { ident }},
        "scopes": [{
            "id": scope,
            "rate": format!("{limit}/{}s", window.as_secs()),
            "description": if authenticated { "Requests by an authenticated caller" } else { "Requests by an anonymous caller" },
            "limit": limit,
            "duration": window.as_secs(),
            "remaining": verdict.remaining,
            "available": if verdict.allowed { Value::Null } else { json!(now + i64::try_from(reset_seconds).unwrap_or(0)) },
            "available_seconds": if verdict.allowed { Value::Null } else { json!(reset_seconds) },
            "reset": now + i64::try_from(reset_seconds).unwrap_or(0),
            "reset_seconds": reset_seconds
        }]
    }))
}

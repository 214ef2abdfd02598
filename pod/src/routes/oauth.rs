//! OAuth 2: applications, the authorization-code flow with PKCE (S256), token issue and
//! rotation, revocation. Access tokens are signed JWTs whose ids live in SQLite.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use base64::Engine;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::auth::csrf::constant_time_eq;
use crate::auth::tokens::{now_secs, random_token, sign_access, AccessClaims};
use crate::auth::{Auth, MaybeAuth};
use crate::domain::pagination::{Page, Paginated};
use crate::error::{ApiError, FieldErrors};
use crate::routes::{absolute_url, res, Body, QueryParams};
use crate::state::AppState;
use crate::store::oauth::{self as store, AppRow, NewCode, NewToken};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        res("/oauth/apps")
            .route(web::get().to(list_apps))
            .route(web::post().to(create_app)),
    )
    .service(
        res("/oauth/apps/{client_id}")
            .route(web::get().to(get_app))
            .route(web::delete().to(delete_app)),
    )
    .service(
        res("/oauth/authorize")
            .route(web::get().to(authorize_info))
            .route(web::post().to(authorize)),
    )
    .service(res("/oauth/token").route(web::post().to(token)))
    .service(res("/oauth/revoke").route(web::post().to(revoke)));
}

pub const OOB: &str = "urn:ietf:wg:oauth:2.0:oob";

/// Funkwhale scopes: `read`, `write`, and `read:<name>` / `write:<name>`.
fn valid_scope(scope: &str) -> bool {
    match scope.split_once(':') {
        None => scope == "read" || scope == "write",
        Some((mode, name)) => {
            (mode == "read" || mode == "write") && crate::auth::scopes::SCOPE_NAMES.contains(&name)
        }
    }
}

fn parse_scopes(raw: &str) -> Result<String, String> {
    let scopes: Vec<&str> = raw.split_whitespace().collect();
    if let Some(bad) = scopes.iter().find(|s| !valid_scope(s)) {
        return Err(format!("Invalid scope: {bad}"));
    }
    Ok(scopes.join(" "))
}

fn app_json(app: &AppRow, with_secret: bool) -> Value {
    let mut value = json!({
        "client_id": app.client_id,
        "name": app.name,
        "scopes": app.scopes,
        "created": app.created,
        "updated": app.updated,
        "redirect_uris": app.redirect_uris,
    });
    if with_secret {
        value["client_secret"] = Value::String(app.client_secret.clone());
    }
    value
}

/// Anyone may register an application (third-party sign-in happens before login); it is
/// owned by the caller when signed in.
#[tracing::instrument(skip_all)]
async fn create_app(
    state: web::Data<AppState>,
    auth: MaybeAuth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    body.only(&[
        "name",
        "website",
        "scopes",
        "redirect_uris",
        "client_secret",
    ])?;
    let mut errors = FieldErrors::new();
    let name = body.required("name", &mut errors);
    if name.as_ref().is_some_and(|n| n.chars().count() > 255) {
        errors.add("name", "Ensure this field has no more than 255 characters.");
    }
    let scopes = match parse_scopes(&body.text("scopes").unwrap_or_else(|| "read".into())) {
        Ok(s) => s,
        Err(message) => {
            errors.add("scopes", message);
            String::new()
        }
    };
    let redirect_uris = body.text("redirect_uris").unwrap_or_default();
    for uri in redirect_uris.split_whitespace() {
        let ok = uri == OOB
            || uri.starts_with("https://")
            || uri.starts_with("http://")
            || (uri.contains(':') && !uri.starts_with("javascript:") && !uri.starts_with("data:"));
        if !ok {
            errors.add("redirect_uris", format!("Invalid redirect URI: {uri}"));
        }
    }
    errors.into_result()?;
    let app = AppRow {
        id: 0,
        client_id: random_token(40),
        client_secret: random_token(64),
        name: name.unwrap_or_default(),
        redirect_uris: redirect_uris
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "),
        scopes,
        owner_id: auth.0.map(|a| a.user.id),
        created: String::new(),
        updated: String::new(),
    };
    let client_id = app.client_id.clone();
    let stored = state
        .db
        .run(move |conn| {
            store::insert_app(conn, &app)?;
            store::app_by_client_id(conn, &client_id)?.ok_or(ApiError::NotFound)
        })
        .await?;
    Ok(HttpResponse::Created().json(app_json(&stored, true)))
}

#[tracing::instrument(skip_all)]
async fn list_apps(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let page = Page::parse(params.get("page"), params.get("page_size"))?;
    let user_id = auth.user.id;
    let apps = state
        .db
        .run(move |conn| store::apps_of(conn, user_id))
        .await?;
    let count = i64::try_from(apps.len()).unwrap_or(i64::MAX);
    let page = page.check(count)?;
    let results: Vec<Value> = apps
        .iter()
        .skip(usize::try_from(page.offset()).unwrap_or(usize::MAX))
        .take(usize::try_from(page.limit()).unwrap_or(0))
        .map(|a| app_json(a, false))
        .collect();
    Ok(HttpResponse::Ok().json(Paginated::new(
        &absolute_url(&state, &req),
        page,
        count,
        results,
    )))
}

async fn owned_app(state: &AppState, auth: &Auth, client_id: String) -> Result<AppRow, ApiError> {
    let app = state
        .db
        .run(move |conn| store::app_by_client_id(conn, &client_id))
        .await?
        .ok_or(ApiError::NotFound)?;
    if app.owner_id == Some(auth.user.id) {
        Ok(app)
    } else {
        Err(ApiError::NotFound)
    }
}

/// Anyone may read an application's public fields (the schema's `Application`: no secret, no
/// redirect URIs): the consent screen names the app before the user has granted it anything.
#[tracing::instrument(skip_all)]
async fn get_app(
    state: web::Data<AppState>,
    _auth: MaybeAuth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let client_id = path.into_inner();
    let app = state
        .db
        .run(move |conn| store::app_by_client_id(conn, &client_id))
        .await?
        .ok_or(ApiError::NotFound)?;
    Ok(HttpResponse::Ok().json(json!({
        "client_id": app.client_id,
        "name": app.name,
        "scopes": app.scopes,
        "created": app.created,
        "updated": app.updated,
    })))
}

#[tracing::instrument(skip_all)]
async fn delete_app(
    state: web::Data<AppState>,
    auth: Auth,
    path: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let app = owned_app(&state, &auth, path.into_inner()).await?;
    state
        .db
        .run(move |conn| store::delete_app(conn, app.id))
        .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// The parameters of an authorization request, from the query string or the form.
struct AuthorizeRequest {
    client_id: String,
    redirect_uri: String,
    response_type: String,
    scope: String,
    state: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

fn authorize_request(body: &Body, params: &QueryParams) -> Result<AuthorizeRequest, ApiError> {
    let get = |key: &str| {
        body.text(key)
            .filter(|v| !v.is_empty())
            .or_else(|| params.get(key).map(str::to_owned))
    };
    let client_id = get("client_id")
        .ok_or_else(|| ApiError::oauth("invalid_request", "Missing client_id parameter."))?;
    Ok(AuthorizeRequest {
        client_id,
        redirect_uri: get("redirect_uri").unwrap_or_default(),
        response_type: get("response_type").unwrap_or_default(),
        scope: get("scope").unwrap_or_else(|| "read".into()),
        state: get("state"),
        code_challenge: get("code_challenge"),
        code_challenge_method: get("code_challenge_method"),
    })
}

/// Checks the client and its redirect URI; errors here are never redirected.
async fn checked_app(
    state: &AppState,
    request: &AuthorizeRequest,
) -> Result<(AppRow, String), ApiError> {
    let client_id = request.client_id.clone();
    let app = state
        .db
        .run(move |conn| store::app_by_client_id(conn, &client_id))
        .await?
        .ok_or_else(|| ApiError::oauth("invalid_client", "Unknown client."))?;
    let registered: Vec<&str> = app.redirect_uris.split_whitespace().collect();
    let redirect = if request.redirect_uri.is_empty() {
        match registered.as_slice() {
            [only] => (*only).to_owned(),
            _ => return Err(ApiError::oauth("invalid_request", "Missing redirect URI.")),
        }
    } else if registered.contains(&request.redirect_uri.as_str()) {
        request.redirect_uri.clone()
    } else {
        return Err(ApiError::oauth(
            "invalid_request",
            "Mismatching redirect URI.",
        ));
    };
    Ok((app, redirect))
}

fn with_query(uri: &str, pairs: &[(&str, &str)]) -> String {
    let query = pairs
        .iter()
        .map(|(k, v)| format!("{k}={}", urlencode(v)))
        .collect::<Vec<_>>()
        .join("&");
    let sep = if uri.contains('?') { '&' } else { '?' };
    format!("{uri}{sep}{query}")
}

fn urlencode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            other => format!("%{other:02X}"),
        })
        .collect()
}

/// GET: what the consent screen shows; granting needs the POST.
#[tracing::instrument(skip_all)]
async fn authorize_info(
    state: web::Data<AppState>,
    _auth: Auth,
    params: QueryParams,
) -> Result<HttpResponse, ApiError> {
    let request = authorize_request(&Body::default(), &params)?;
    let (app, redirect) = checked_app(&state, &request).await?;
    Ok(HttpResponse::Ok().json(json!({
        "client_id": app.client_id,
        "name": app.name,
        "scope": request.scope,
        "redirect_uri": redirect,
    })))
}

/// POST (session, CSRF-checked): grants a code. With `X-Requested-With: XMLHttpRequest` the
/// answer is JSON `{redirect_uri, code}`, otherwise a 302 to the redirect URI.
#[tracing::instrument(skip_all)]
async fn authorize(
    req: HttpRequest,
    state: web::Data<AppState>,
    auth: Auth,
    params: QueryParams,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let request = authorize_request(&body, &params)?;
    let (app, redirect) = checked_app(&state, &request).await?;
    let xhr = req
        .headers()
        .get("X-Requested-With")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("XMLHttpRequest"));
    let state_param = request.state.clone().unwrap_or_default();
    let refuse = |error: &str| {
        let mut pairs = vec![("error", error)];
        if !state_param.is_empty() {
            pairs.push(("state", state_param.as_str()));
        }
        let location = with_query(&redirect, &pairs);
        if xhr {
            Ok(HttpResponse::BadRequest().json(json!({"error": error, "redirect_uri": location})))
        } else {
            Ok(HttpResponse::Found()
                .insert_header((header::LOCATION, location))
                .finish())
        }
    };
    if body.flag("allow")? == Some(false) {
        return refuse("access_denied");
    }
    if request.response_type != "code" {
        return refuse("unsupported_response_type");
    }
    let scope = match parse_scopes(&request.scope) {
        Ok(scope) => scope,
        Err(_) => return refuse("invalid_scope"),
    };
    let method = match (
        &request.code_challenge,
        request.code_challenge_method.as_deref(),
    ) {
        (None, _) => None,
        (Some(_), Some("S256") | None) => Some("S256".to_owned()),
        (Some(_), Some(_)) => return refuse("invalid_request"),
    };
    let code = random_token(40);
    let new_code = code.clone();
    let redirect_for_code = redirect.clone();
    let app_id = app.id;
    let user_id = auth.user.id;
    let challenge = request.code_challenge.clone();
    state
        .db
        .run(move |conn| {
            store::insert_code(
                conn,
                &NewCode {
                    code: &new_code,
                    app_id,
                    user_id,
                    redirect_uri: &redirect_for_code,
                    scope: &scope,
                    code_challenge: challenge.as_deref(),
                    code_challenge_method: method.as_deref(),
                },
            )
        })
        .await?;
    let mut pairs = vec![("code", code.as_str())];
    if !state_param.is_empty() {
        pairs.push(("state", state_param.as_str()));
    }
    let location = with_query(&redirect, &pairs);
    if xhr {
        Ok(HttpResponse::Ok().json(json!({"redirect_uri": location, "code": code})))
    } else {
        Ok(HttpResponse::Found()
            .insert_header((header::LOCATION, location))
            .finish())
    }
}

/// Client credentials from the body or HTTP Basic.
fn client_credentials(req: &HttpRequest, body: &Body) -> Option<(String, Option<String>)> {
    if let Some(id) = body.text("client_id").filter(|v| !v.is_empty()) {
        return Some((id, body.text("client_secret").filter(|v| !v.is_empty())));
    }
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let encoded = value.strip_prefix("Basic ")?;
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .ok()?;
    let text = String::from_utf8(decoded).ok()?;
    let (id, secret) = text.split_once(':')?;
    Some((id.to_owned(), Some(secret.to_owned())))
}

async fn authenticate_client(
    state: &AppState,
    req: &HttpRequest,
    body: &Body,
) -> Result<AppRow, ApiError> {
    let (client_id, secret) = client_credentials(req, body)
        .ok_or_else(|| ApiError::oauth("invalid_client", "Client authentication failed."))?;
    let app = state
        .db
        .run(move |conn| store::app_by_client_id(conn, &client_id))
        .await?
        .ok_or_else(|| ApiError::oauth("invalid_client", "Client authentication failed."))?;
    // Public clients (PKCE) may omit the secret; a wrong one is always refused.
    if let Some(secret) = secret {
        if !constant_time_eq(secret.as_bytes(), app.client_secret.as_bytes()) {
            return Err(ApiError::oauth(
                "invalid_client",
                "Client authentication failed.",
            ));
        }
    }
    Ok(app)
}

fn pkce_matches(verifier: &str, challenge: &str) -> bool {
    let digest = Sha256::digest(verifier.as_bytes());
    let computed = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(digest);
    constant_time_eq(computed.as_bytes(), challenge.as_bytes())
}

fn lifetime_secs(duration: std::time::Duration) -> i64 {
    i64::try_from(duration.as_secs()).unwrap_or(i64::MAX)
}

/// Issues an access token (JWT) and a refresh token, recorded in one row.
fn issue(
    state: &AppState,
    conn: &rusqlite::Connection,
    app_id: i64,
    user_id: i64,
    scope: &str,
) -> Result<Value, ApiError> {
    let now = now_secs();
    let access_life = state.options.access_token_lifetime.as_secs();
    let jti = random_token(32);
    let refresh_token = random_token(48);
    let claims = AccessClaims {
        sub: user_id.to_string(),
        jti: jti.clone(),
        exp: now + access_life,
        iat: now,
        scope: scope.to_owned(),
    };
    let access_token = sign_access(&state.jwt_secret, &claims)?;
    let now_i = i64::try_from(now).unwrap_or(i64::MAX);
    store::insert_token(
        conn,
        &NewToken {
            jti: &jti,
            app_id,
            user_id,
            scope,
            refresh_token: &refresh_token,
            access_expires_at: now_i
                .saturating_add(lifetime_secs(state.options.access_token_lifetime)),
            refresh_expires_at: now_i
                .saturating_add(lifetime_secs(state.options.refresh_token_lifetime)),
        },
    )?;
    Ok(json!({
        "access_token": access_token,
        "expires_in": access_life,
        "token_type": "Bearer",
        "scope": scope,
        "refresh_token": refresh_token,
    }))
}

#[tracing::instrument(skip_all)]
async fn token(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let grant_type = body.text("grant_type").unwrap_or_default();
    if grant_type != "authorization_code" && grant_type != "refresh_token" {
        return Err(ApiError::OAuth {
            status: actix_web::http::StatusCode::BAD_REQUEST,
            error: "unsupported_grant_type",
            description: None,
        });
    }
    let app = authenticate_client(&state, &req, &body).await?;
    let app_id = app.id;
    let inner = state.get_ref().clone();
    let tokens = if grant_type == "authorization_code" {
        let code = body
            .text("code")
            .ok_or_else(|| ApiError::oauth("invalid_request", "Missing code parameter."))?;
        let redirect_uri = body.text("redirect_uri").unwrap_or_default();
        let verifier = body.text("code_verifier");
        state
            .db
            .run(move |conn| {
                let tx = conn.transaction()?;
                let row = store::take_code(&tx, &code)?;
                // The code is consumed even when the exchange fails.
                tx.commit()?;
                let row = row.ok_or_else(|| ApiError::invalid_grant("Invalid or expired code."))?;
                if row.app_id != app_id {
                    return Err(ApiError::invalid_grant("Code issued to another client."));
                }
                if !redirect_uri.is_empty() && redirect_uri != row.redirect_uri {
                    return Err(ApiError::invalid_grant("Mismatching redirect URI."));
                }
                if let Some(challenge) = &row.code_challenge {
                    let ok = row.code_challenge_method.as_deref() == Some("S256")
                        && verifier
                            .as_deref()
                            .is_some_and(|v| pkce_matches(v, challenge));
                    if !ok {
                        return Err(ApiError::invalid_grant("Code verifier does not match."));
                    }
                }
                issue(&inner, conn, app_id, row.user_id, &row.scope)
            })
            .await?
    } else {
        let refresh = body.text("refresh_token").ok_or_else(|| {
            ApiError::oauth("invalid_request", "Missing refresh_token parameter.")
        })?;
        let now = i64::try_from(now_secs()).unwrap_or(i64::MAX);
        state
            .db
            .run(move |conn| {
                let tx = conn.transaction()?;
                let row = store::refresh_row(&tx, &refresh)?
                    .ok_or_else(|| ApiError::invalid_grant("Invalid refresh token."))?;
                if row.app_id != app_id {
                    return Err(ApiError::invalid_grant("Invalid refresh token."));
                }
                if row.refresh_used || row.revoked {
                    // Reuse of a rotated token: assume theft and burn the whole family.
                    store::revoke_app_tokens(&tx, row.user_id, row.app_id)?;
                    tx.commit()?;
                    tracing::warn!(user = row.user_id, "refresh token reuse detected");
                    return Err(ApiError::invalid_grant("Refresh token already used."));
                }
                if row.refresh_expires_at <= now {
                    return Err(ApiError::invalid_grant("Refresh token expired."));
                }
                store::consume_refresh(&tx, &row.jti)?;
                let tokens = issue(&inner, &tx, row.app_id, row.user_id, &row.scope)?;
                tx.commit()?;
                Ok(tokens)
            })
            .await?
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::PRAGMA, "no-cache"))
        .json(tokens))
}

/// RFC 7009: revokes an access or refresh token; unknown tokens are not an error.
#[tracing::instrument(skip_all)]
async fn revoke(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    authenticate_client(&state, &req, &body).await?;
    let token = body
        .text("token")
        .ok_or_else(|| ApiError::oauth("invalid_request", "Missing token parameter."))?;
    let claims = crate::auth::tokens::verify_access(&state.jwt_secret, &token);
    state
        .db
        .run(move |conn| {
            match claims {
                Some(claims) => store::revoke_jti(conn, &claims.jti)?,
                None => store::revoke_refresh(conn, &token)?,
            }
            Ok(())
        })
        .await?;
    Ok(HttpResponse::Ok().finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scopes_and_pkce() {
        assert_eq!(
            parse_scopes("read  write:libraries").unwrap(),
            "read write:libraries"
        );
        assert!(parse_scopes("admin").is_err());
        assert!(parse_scopes("read:nothing").is_err());
        // RFC 7636 appendix B.
        assert!(pkce_matches(
            "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk",
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        ));
        assert!(!pkce_matches(
            "other",
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        ));
        assert_eq!(
            with_query(
                "https://a.example/cb?x=1",
                &[("code", "a b"), ("state", "s")]
            ),
            "https://a.example/cb?x=1&code=a%20b&state=s"
        );
    }
}

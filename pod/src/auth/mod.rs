//! Who is calling: session cookie (with CSRF on unsafe methods), OAuth bearer token (a signed
//! JWT whose id must still be live in SQLite), or nobody.

pub mod csrf;
pub mod password;
pub mod scopes;
pub mod tokens;

use std::future::Future;
use std::pin::Pin;

use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::{header, Method};
use actix_web::middleware::Next;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};

use crate::error::ApiError;
use crate::state::AppState;
use crate::store::users::{self, UserRow};

pub const SESSION_COOKIE: &str = "sessionid";

#[derive(Debug, Clone)]
pub enum AuthMethod {
    Session { key: String },
    Bearer { jti: String },
    ListenToken,
}

/// An authenticated caller.
#[derive(Debug, Clone)]
pub struct Auth {
    pub user: UserRow,
    pub method: AuthMethod,
}

#[derive(Debug, Clone, Copy)]
pub enum Permission {
    // Checked by the library-management routes (edits, uploads) of later issues.
    #[allow(dead_code)]
    Library,
    Moderation,
    Settings,
}

impl Auth {
    pub fn require(&self, permission: Permission) -> Result<(), ApiError> {
        let granted = match permission {
            Permission::Library => self.user.perm_library,
            Permission::Moderation => self.user.perm_moderation,
            Permission::Settings => self.user.perm_settings,
        };
        if granted || self.user.is_superuser {
            Ok(())
        } else {
            Err(ApiError::PermissionDenied)
        }
    }
}

/// Marks a `HEAD` request, which the API answers as the `GET` of the same URL.
#[derive(Debug, Clone, Copy)]
pub struct HeadRequest;

/// Middleware: routes `HEAD` as `GET`, as Django does for every view that answers `GET` (the
/// connection sends the head of the answer without its body). The request stays marked as a
/// `HEAD` for the scope check, which lets it through as Funkwhale does.
pub async fn head_as_get(
    mut req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if req.method() == Method::HEAD {
        req.head_mut().method = Method::GET;
        req.extensions_mut().insert(HeadRequest);
    }
    next.call(req).await
}

/// The caller if any; a bad CSRF token on an unsafe session request is still an error.
#[derive(Debug, Clone)]
pub struct MaybeAuth(pub Option<Auth>);

fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_owned())
}

/// Resolves the caller; `allow_listen_token` also accepts `?token=` (stream URLs).
pub async fn identify(
    req: &HttpRequest,
    allow_listen_token: bool,
) -> Result<Option<Auth>, ApiError> {
    let state = AppState::from_request(req)?;
    // A bad or revoked bearer token is ignored, as DRF does, so a session can still apply.
    if let Some(claims) = bearer(req).and_then(|t| tokens::verify_access(&state.jwt_secret, &t)) {
        let jti = claims.jti.clone();
        let method = if req.extensions().contains::<HeadRequest>() {
            Method::HEAD
        } else {
            req.method().clone()
        };
        let in_scope = scopes::allows(&claims.scope, &method, req.path());
        let user = state
            .db
            .run(move |conn| crate::store::oauth::live_access_user(conn, &claims))
            .await?;
        if let Some(user) = user {
            // A live token used outside its scopes is refused, not ignored (Funkwhale: 403).
            if !in_scope {
                return Err(ApiError::PermissionDenied);
            }
            return Ok(Some(Auth {
                user,
                method: AuthMethod::Bearer { jti },
            }));
        }
    }
    if let Some(cookie) = req.cookie(SESSION_COOKIE) {
        let key = cookie.value().to_owned();
        let lookup = key.clone();
        let user = state
            .db
            .run(move |conn| users::session_user(conn, &lookup))
            .await?;
        if let Some(user) = user {
            if !req.method().is_safe() {
                csrf::check(req)?;
            }
            return Ok(Some(Auth {
                user,
                method: AuthMethod::Session { key },
            }));
        }
    }
    if allow_listen_token {
        let token =
            web::Query::<std::collections::HashMap<String, String>>::from_query(req.query_string())
                .ok()
                .and_then(|q| q.get("token").cloned());
        if let Some(token) = token {
            if let Some(claims) = tokens::verify_access(&state.jwt_secret, &token) {
                let user = state
                    .db
                    .run(move |conn| crate::store::oauth::live_access_user(conn, &claims))
                    .await?;
                return Ok(user.map(|user| Auth {
                    user,
                    method: AuthMethod::ListenToken,
                }));
            }
            let user = state
                .db
                .run(move |conn| users::by_listen_token(conn, &token))
                .await?;
            return Ok(user.map(|user| Auth {
                user,
                method: AuthMethod::ListenToken,
            }));
        }
    }
    Ok(None)
}

impl FromRequest for MaybeAuth {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { identify(&req, false).await.map(MaybeAuth) })
    }
}

impl FromRequest for Auth {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, Self::Error>>>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            identify(&req, false)
                .await?
                .ok_or(ApiError::NotAuthenticated)
        })
    }
}

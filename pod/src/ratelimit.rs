//! Fixed-window rate limiting with Funkwhale's `X-RateLimit-*` headers.
//!
//! The counters live in this process's memory: each gateway process counts for itself, and a
//! restart starts every window afresh. That fits the embedded pod (one gateway per data
//! directory); several gateways in front of one pod would each allow the full rate, so such a
//! deployment must limit upstream (a real pod counts in its shared cache). The limits come from
//! [`crate::PodOptions`] (the gateway's `--rate-limit`).

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{web, ResponseError};

use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug)]
struct Window {
    started: Instant,
    used: u32,
}

#[derive(Debug, Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, Window>>,
}

/// The outcome of one request against its window.
#[derive(Debug, Clone)]
pub struct Verdict {
    pub allowed: bool,
    pub scope: &'static str,
    pub limit: u32,
    pub remaining: u32,
    pub duration: Duration,
    pub reset_in: Duration,
}

impl Verdict {
    pub fn headers(&self) -> Vec<(&'static str, String)> {
        let reset_secs = self.reset_in.as_secs().max(1);
        let reset_at = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
            .as_secs()
            + reset_secs;
        let available = if self.allowed { 0 } else { reset_secs };
        vec![
            ("X-RateLimit-Limit", self.limit.to_string()),
            ("X-RateLimit-Remaining", self.remaining.to_string()),
            ("X-RateLimit-Duration", self.duration.as_secs().to_string()),
            ("X-RateLimit-Scope", self.scope.to_string()),
            ("X-RateLimit-Reset", reset_at.to_string()),
            ("X-RateLimit-ResetSeconds", reset_secs.to_string()),
            (
                "X-RateLimit-Available",
                (reset_at - reset_secs + available).to_string(),
            ),
            ("X-RateLimit-AvailableSeconds", available.to_string()),
        ]
    }
}

impl RateLimiter {
    /// The current state of a window without counting a request.
    pub fn peek(&self, key: &str, scope: &'static str, limit: u32, duration: Duration) -> Verdict {
        let now = Instant::now();
        let windows = match self.windows.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        let (used, elapsed) = windows
            .get(key)
            .filter(|w| now.duration_since(w.started) < duration)
            .map_or((0, Duration::ZERO), |w| {
                (w.used, now.duration_since(w.started))
            });
        Verdict {
            allowed: used < limit,
            scope,
            limit,
            remaining: limit.saturating_sub(used),
            duration,
            reset_in: duration.saturating_sub(elapsed),
        }
    }

    pub fn hit(&self, key: &str, scope: &'static str, limit: u32, duration: Duration) -> Verdict {
        let now = Instant::now();
        let mut windows = match self.windows.lock() {
            Ok(guard) => guard,
            Err(poisoned) => poisoned.into_inner(),
        };
        if windows.len() > 50_000 {
            windows.retain(|_, w| now.duration_since(w.started) < duration);
        }
        let window = windows.entry(key.to_owned()).or_insert(Window {
            started: now,
            used: 0,
        });
        if now.duration_since(window.started) >= duration {
            window.started = now;
            window.used = 0;
        }
        let allowed = window.used < limit;
        if allowed {
            window.used += 1;
        }
        Verdict {
            allowed,
            scope,
            limit,
            remaining: limit.saturating_sub(window.used),
            duration,
            reset_in: duration.saturating_sub(now.duration_since(window.started)),
        }
    }
}

/// Keys a request by its credential when it carries one, else by client address.
pub fn request_key(req: &actix_web::HttpRequest) -> (String, bool) {
    if let Some(auth) = req
        .headers()
        .get("authorization")
        .and_then(|v| v.to_str().ok())
    {
        return (format!("token:{auth}"), true);
    }
    if let Some(session) = req.cookie(crate::auth::SESSION_COOKIE) {
        return (format!("session:{}", session.value()), true);
    }
    let addr = req
        .connection_info()
        .realip_remote_addr()
        .unwrap_or("unknown")
        .to_owned();
    (format!("ip:{addr}"), false)
}

/// Middleware: refuses over-limit requests with 429 and adds the headers to every answer;
/// also hands out the `csrftoken` cookie to callers that have none yet.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    let state = req
        .app_data::<web::Data<AppState>>()
        .map(|d| d.get_ref().clone());
    let needs_csrf_cookie = req.cookie(crate::auth::csrf::COOKIE).is_none();
    let verdict = state.map(|state| {
        let (key, authenticated) = request_key(req.request());
        let (scope, limit) = if authenticated {
            ("authenticated", state.options.authenticated_rate)
        } else {
            ("anonymous", state.options.anonymous_rate)
        };
        state
            .limiter
            .hit(&key, scope, limit, state.options.rate_window)
    });
    if let Some(verdict) = verdict.as_ref().filter(|v| !v.allowed) {
        let err = ApiError::Throttled {
            wait_seconds: verdict.reset_in.as_secs().max(1),
            headers: verdict.headers(),
        };
        let response = err.error_response();
        return Ok(req.into_response(response).map_into_right_body());
    }
    let mut res = next.call(req).await?;
    if let Some(verdict) = verdict {
        for (name, value) in verdict.headers() {
            if let (Ok(name), Ok(value)) = (
                HeaderName::try_from(name),
                HeaderValue::try_from(value.as_str()),
            ) {
                res.headers_mut().insert(name, value);
            }
        }
    }
    if needs_csrf_cookie && !res.headers().contains_key("set-cookie") {
        let _ = res
            .response_mut()
            .add_cookie(&crate::auth::csrf::new_cookie());
    }
    Ok(res.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fixed_window() {
        let limiter = RateLimiter::default();
        let d = Duration::from_secs(60);
        assert!(limiter.hit("a", "anonymous", 2, d).allowed);
        let second = limiter.hit("a", "anonymous", 2, d);
        assert!(second.allowed);
        assert_eq!(second.remaining, 0);
        let third = limiter.hit("a", "anonymous", 2, d);
        assert!(!third.allowed);
        assert!(third
            .headers()
            .iter()
            .any(|(n, v)| *n == "X-RateLimit-Limit" && v == "2"));
        assert!(limiter.hit("b", "anonymous", 2, d).allowed);
    }
}

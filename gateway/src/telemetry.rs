//! Logging: the subscriber set-up and one line per request.

use std::time::Instant;

use actix_web::{
    body::MessageBody,
    dev::{ServiceRequest, ServiceResponse},
    middleware::Next,
    Error,
};
use tracing_subscriber::EnvFilter;

/// Installs the global subscriber: `RUST_LOG` when set, `info` otherwise. Calling it twice (as
/// tests starting several gateways do) keeps the first one.
pub fn init() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _already_set = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .try_init();
}

/// Logs method, path, status and time to the response head. The query string is left out on
/// purpose: it can carry tokens (`?token=…` on media URLs, `?jwt=…`).
pub async fn log_request(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let started = Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let result = next.call(req).await;
    let status = match &result {
        Ok(res) => res.status().as_u16(),
        Err(err) => err.as_response_error().status_code().as_u16(),
    };
    let duration_ms = started.elapsed().as_secs_f64() * 1000.0;
    tracing::info!(
        %method,
        path = %path,
        status,
        duration_ms = format_args!("{duration_ms:.1}"),
        "request"
    );
    result
}

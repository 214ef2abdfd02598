//! Cross-origin access to the API, as a real pod allows it (django-cors-headers with every origin
//! allowed): a Shoal (or any OAuth client) served from another origin calls the pod with a bearer
//! token. Credentials (cookies) are never allowed cross-origin: a foreign page gets no use of a
//! session cookie, so session-authenticated answers stay readable by the pod's own origin only.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::HttpResponse;

/// Methods and request headers an API client may use (django-cors-headers' defaults).
const ALLOW_METHODS: &str = "DELETE, GET, OPTIONS, PATCH, POST, PUT";
const ALLOW_HEADERS: &str =
    "accept, accept-encoding, authorization, content-type, dnt, origin, user-agent, x-csrftoken, x-requested-with";
/// Answer headers a cross-origin client may read besides the safelisted ones: the rate-limit
/// headers (the client shows the wait on 429) and `Content-Range` for audio.
const EXPOSE_HEADERS: &str =
    "Content-Range, Accept-Ranges, X-RateLimit-Limit, X-RateLimit-Remaining, \
    X-RateLimit-Duration, X-RateLimit-Scope, X-RateLimit-Reset, X-RateLimit-ResetSeconds, \
    X-RateLimit-Available, X-RateLimit-AvailableSeconds";
/// How long a browser may cache a preflight answer (django-cors-headers: one day).
const MAX_AGE: &str = "86400";

fn is_preflight(req: &ServiceRequest) -> bool {
    req.method() == Method::OPTIONS
        && req.headers().contains_key(header::ORIGIN)
        && req
            .headers()
            .contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
}

/// Middleware: answers preflights itself (before rate limiting and routing) and marks every
/// answer to a cross-origin request as readable by any origin.
pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if is_preflight(&req) {
        let response = HttpResponse::Ok()
            .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"))
            .insert_header((header::ACCESS_CONTROL_ALLOW_METHODS, ALLOW_METHODS))
            .insert_header((header::ACCESS_CONTROL_ALLOW_HEADERS, ALLOW_HEADERS))
            .insert_header((header::ACCESS_CONTROL_MAX_AGE, MAX_AGE))
            .finish();
        return Ok(req.into_response(response).map_into_right_body());
    }
    let cross_origin = req.headers().contains_key(header::ORIGIN);
    let mut res = next.call(req).await?;
    if cross_origin {
        let headers = res.headers_mut();
        headers.insert(
            header::ACCESS_CONTROL_ALLOW_ORIGIN,
            HeaderValue::from_static("*"),
        );
        headers.insert(
            header::ACCESS_CONTROL_EXPOSE_HEADERS,
            HeaderValue::from_static(EXPOSE_HEADERS),
        );
    }
    Ok(res.map_into_left_body())
}

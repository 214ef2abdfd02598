//! The reverse proxy to an upstream pod (`--pod URL`), for `/api/`, `/media/`, `/federation/`,
//! `/.well-known/` and `/rest/`. Bodies stream in both directions: a 1 GB upload or an audio file
//! never sits whole in memory, and `Range` / `206` / `Content-Range` pass through untouched.

pub mod client;
mod deadline;
pub mod headers;

use std::time::Duration;

use actix_web::{
    body::{self, BodyStream, SizedStream},
    http::{header, Method, StatusCode},
    web, HttpRequest, HttpResponse,
};
use awc::error::SendRequestError;

use crate::{config::PodUrl, error::ProxyError};
use deadline::{track, within_idle, LastActivity};
use headers::Forwarded;

/// URL prefixes that belong to the pod.
pub const POD_PREFIXES: [&str; 5] = ["/api", "/media", "/federation", "/.well-known", "/rest"];

/// Per-worker proxy state.
pub struct Proxy {
    client: awc::Client,
    pod: PodUrl,
    timeout: Duration,
}

impl Proxy {
    pub fn new(pod: PodUrl, timeout: Duration) -> Self {
        Self {
            client: client::build(timeout),
            pod,
            timeout,
        }
    }

    pub fn client(&self) -> &awc::Client {
        &self.client
    }

    pub fn pod(&self) -> &PodUrl {
        &self.pod
    }

    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// The pod URL for this request: the pod's base, then the path and query as received
    /// (still percent-encoded, so the pod sees exactly what the client sent).
    pub fn target(&self, req: &HttpRequest) -> String {
        let uri = req.uri();
        let path_and_query = uri.path_and_query().map_or("/", |pq| pq.as_str());
        format!("{}{}", self.pod.base(), path_and_query)
    }

    pub fn unreachable(&self) -> ProxyError {
        ProxyError::Unreachable {
            pod: self.pod.to_string(),
        }
    }

    pub fn timed_out(&self) -> ProxyError {
        ProxyError::Timeout {
            pod: self.pod.to_string(),
        }
    }
}

/// What the client connection looks like, for `X-Forwarded-*`. Scheme and host honour the
/// forwarding headers of a load balancer in front, so the pod learns the original ones.
pub fn forwarded(req: &HttpRequest) -> Forwarded {
    let info = req.connection_info();
    Forwarded {
        client_ip: req.peer_addr().map(|a| a.ip().to_string()),
        proto: info.scheme().to_owned(),
        host: info.host().to_owned(),
    }
}

/// How the request body is framed.
enum RequestBody {
    None,
    Sized(u64),
    Chunked,
}

impl RequestBody {
    fn of(req: &HttpRequest) -> Self {
        let headers = req.headers();
        if headers.contains_key(header::TRANSFER_ENCODING) {
            return Self::Chunked;
        }
        match headers.get(header::CONTENT_LENGTH) {
            Some(len) => len
                .to_str()
                .ok()
                .and_then(|l| l.trim().parse().ok())
                .map_or(Self::Chunked, Self::Sized),
            None => Self::None,
        }
    }
}

/// Relays one request to the pod and its answer back.
pub async fn forward(
    req: HttpRequest,
    payload: web::Payload,
    proxy: web::Data<Proxy>,
) -> Result<HttpResponse, ProxyError> {
    let mut upstream = proxy
        .client
        .request(req.method().clone(), proxy.target(&req))
        // The body goes through as the pod encoded it; decoding would break Content-Length.
        .no_decompress();
    *upstream.headers_mut() = headers::to_pod(req.headers(), &forwarded(&req));

    let activity = LastActivity::now();
    // A request without a body must go out without one: `send_stream` would make even a GET
    // chunked, which some servers refuse.
    let sending = match RequestBody::of(&req) {
        RequestBody::None => upstream.send(),
        RequestBody::Sized(len) => upstream.send_body(SizedStream::new(
            len,
            track(payload.into_inner(), activity.clone()),
        )),
        RequestBody::Chunked => upstream.send_body(BodyStream::new(track(
            payload.into_inner(),
            activity.clone(),
        ))),
    };

    let response = match within_idle(sending, &activity, proxy.timeout).await {
        None => {
            tracing::warn!(path = %req.path(), pod = %proxy.pod, "pod timed out");
            return Err(proxy.timed_out());
        }
        Some(Err(err)) => {
            tracing::warn!(path = %req.path(), pod = %proxy.pod, error = %err, "pod request failed");
            return Err(match err {
                SendRequestError::Timeout => proxy.timed_out(),
                _ => proxy.unreachable(),
            });
        }
        Some(Ok(response)) => response,
    };
    Ok(relay_response(req.method(), response, &proxy.pod))
}

fn relay_response<S>(
    method: &Method,
    upstream: awc::ClientResponse<S>,
    pod: &PodUrl,
) -> HttpResponse
where
    S: futures_util::Stream<Item = Result<bytes::Bytes, awc::error::PayloadError>>
        + Unpin
        + 'static,
{
    let status = upstream.status();
    let mut builder = HttpResponse::build(status);
    for pair in headers::to_client(upstream.headers(), pod) {
        builder.append_header(pair);
    }
    let length_header = upstream.headers().get(header::CONTENT_LENGTH).cloned();
    let length = length_header
        .as_ref()
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());

    let bodiless = status.is_informational()
        || status == StatusCode::NO_CONTENT
        || status == StatusCode::NOT_MODIFIED;
    if bodiless {
        // actix writes a Content-Length given in the headers only for 304 (the size a GET
        // would have); the others have none.
        if let Some(value) = length_header {
            builder.insert_header((header::CONTENT_LENGTH, value));
        }
        return builder.body(body::None::new());
    }
    match (length, *method == Method::HEAD) {
        // A HEAD answer states the length of the body it does not send: a sized empty body
        // makes actix write the length and (for HEAD) no bytes.
        (Some(len), true) => builder.body(SizedStream::new(
            len,
            futures_util::stream::empty::<Result<bytes::Bytes, std::convert::Infallible>>(),
        )),
        (None, true) => builder.body(body::None::new()),
        (Some(len), false) => builder.body(SizedStream::new(len, upstream)),
        // Not `streaming()`: it would invent a Content-Type the pod did not send.
        (None, false) => builder.body(BodyStream::new(upstream)),
    }
}

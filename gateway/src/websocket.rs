//! The websocket proxy for `/api/v1/activity` (proxy mode only; the embedded pod serves its own).
//!
//! Browsers cannot set `Authorization` on a websocket, so pods authenticate it by cookie or a
//! token in the query: both go through. Frames are relayed as they are, both ways (text, binary,
//! continuation, ping, pong, close), so the pod and the browser keep talking to each other.

use std::time::Duration;

use actix_web::{
    guard::GuardContext,
    http::header::{self, HeaderValue},
    web, HttpRequest, HttpResponse,
};
use actix_ws::{CloseCode, CloseReason, Message, MessageStream, Session};
use awc::{
    error::WsClientError,
    ws::{Codec, Frame},
    BoxedSocket,
};
use futures_util::{SinkExt, StreamExt};

use crate::{error::ProxyError, proxy::Proxy};

/// Generous for activity messages, bounded so one frame cannot take a worker's memory.
const MAX_FRAME: usize = 1024 * 1024;

/// How long a closing pod may take to confirm the close.
const CLOSE_GRACE: Duration = Duration::from_secs(5);

/// Headers that carry who the user is and what they read, for the pod.
const FORWARDED_HEADERS: [header::HeaderName; 4] = [
    header::COOKIE,
    header::AUTHORIZATION,
    header::ACCEPT_LANGUAGE,
    header::USER_AGENT,
];

/// Route guard: only real upgrade requests take the websocket path; a plain GET goes to the
/// ordinary proxy.
pub fn is_upgrade(ctx: &GuardContext<'_>) -> bool {
    ctx.head()
        .headers()
        .get(header::UPGRADE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.eq_ignore_ascii_case("websocket"))
}

/// `ws(s)://` twin of the pod URL for this request.
fn ws_target(proxy: &Proxy, req: &HttpRequest) -> String {
    let http = proxy.target(req);
    match http.strip_prefix("https://") {
        Some(rest) => format!("wss://{rest}"),
        None => format!("ws://{}", http.trim_start_matches("http://")),
    }
}

/// The Origin to show the pod. A page served by this gateway is, for the pod, a page of its own
/// (the gateway is its front door), so that Origin is rewritten to the pod's; any other Origin
/// goes through unchanged, and the pod decides.
fn origin_for_pod(req: &HttpRequest, proxy: &Proxy) -> Option<HeaderValue> {
    let origin = req.headers().get(header::ORIGIN)?;
    let ours = url::Url::parse(origin.to_str().ok()?)
        .ok()
        .and_then(|u| {
            let host = u.host_str()?.to_owned();
            Some(match u.port() {
                Some(port) => format!("{host}:{port}"),
                None => host,
            })
        })
        .is_some_and(|host| host.eq_ignore_ascii_case(req.connection_info().host()));
    if ours {
        HeaderValue::from_str(&proxy.pod().url().origin().ascii_serialization()).ok()
    } else {
        Some(origin.clone())
    }
}

pub async fn activity(
    req: HttpRequest,
    body: web::Payload,
    proxy: web::Data<Proxy>,
) -> Result<HttpResponse, ProxyError> {
    let mut upstream = proxy
        .client()
        .ws(ws_target(&proxy, &req))
        .max_frame_size(MAX_FRAME);
    for name in FORWARDED_HEADERS {
        for value in req.headers().get_all(&name) {
            upstream = upstream.header(name.clone(), value.clone());
        }
    }
    if let Some(protocols) = req.headers().get(header::SEC_WEBSOCKET_PROTOCOL) {
        upstream = upstream.header(header::SEC_WEBSOCKET_PROTOCOL, protocols.clone());
    }
    if let Some(origin) = origin_for_pod(&req, &proxy) {
        upstream = upstream.set_header(header::ORIGIN, origin);
    }
    let fwd = crate::proxy::forwarded(&req);
    for (name, value) in [
        ("x-forwarded-for", fwd.client_ip.unwrap_or_default()),
        ("x-forwarded-proto", fwd.proto),
        ("x-forwarded-host", fwd.host),
    ] {
        if !value.is_empty() {
            upstream = upstream.header(name, value);
        }
    }

    let (response, framed) = match tokio::time::timeout(proxy.timeout(), upstream.connect()).await {
        Err(_) => return Err(proxy.timed_out()),
        Ok(Err(WsClientError::InvalidResponseStatus(status))) => {
            return Err(ProxyError::WebsocketRefused {
                pod: proxy.pod().to_string(),
                status,
            })
        }
        Ok(Err(err)) => {
            tracing::warn!(pod = %proxy.pod(), error = %err, "websocket to the pod failed");
            return Err(proxy.unreachable());
        }
        Ok(Ok(connected)) => connected,
    };

    // Answer the browser with the sub-protocol the pod chose, if any.
    let chosen = response
        .headers()
        .get(header::SEC_WEBSOCKET_PROTOCOL)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned);
    let protocols: Vec<&str> = chosen.iter().map(String::as_str).collect();
    let (reply, session, messages) = actix_ws::handle_with_protocols(&req, body, &protocols)
        .map_err(|_| ProxyError::BadWebsocket)?;

    actix_web::rt::spawn(relay(session, messages.max_frame_size(MAX_FRAME), framed));
    Ok(reply)
}

/// Copies frames both ways until either side closes.
async fn relay(
    mut browser: Session,
    mut from_browser: MessageStream,
    pod: actix_codec::Framed<BoxedSocket, Codec>,
) {
    let (mut to_pod, mut from_pod) = pod.split();
    let close_reason = loop {
        tokio::select! {
            msg = from_browser.next() => match msg {
                Some(Ok(Message::Nop)) => {}
                Some(Ok(Message::Close(reason))) => {
                    // Pass the close on, and give the browser the pod's reply to it.
                    let _ = to_pod.send(Message::Close(reason.clone())).await;
                    let reply = tokio::time::timeout(CLOSE_GRACE, pod_close(&mut from_pod)).await;
                    break reply.ok().flatten().or(reason);
                }
                Some(Ok(msg)) => {
                    if to_pod.send(msg).await.is_err() {
                        break Some(CloseReason::from(CloseCode::Error));
                    }
                }
                Some(Err(_)) => {
                    let _ = to_pod.send(Message::Close(Some(CloseCode::Protocol.into()))).await;
                    break Some(CloseCode::Protocol.into());
                }
                None => {
                    let _ = to_pod.send(Message::Close(None)).await;
                    break None;
                }
            },
            frame = from_pod.next() => {
                let sent = match frame {
                    Some(Ok(Frame::Text(bytes))) => match std::str::from_utf8(&bytes) {
                        Ok(text) => browser.text(text.to_owned()).await,
                        Err(_) => break Some(CloseCode::Invalid.into()),
                    },
                    Some(Ok(Frame::Binary(bytes))) => browser.binary(bytes).await,
                    Some(Ok(Frame::Continuation(item))) => browser.continuation(item).await,
                    Some(Ok(Frame::Ping(bytes))) => browser.ping(&bytes).await,
                    Some(Ok(Frame::Pong(bytes))) => browser.pong(&bytes).await,
                    Some(Ok(Frame::Close(reason))) => break reason,
                    Some(Err(_)) => break Some(CloseCode::Protocol.into()),
                    None => break Some(CloseCode::Away.into()),
                };
                if sent.is_err() {
                    // The browser is gone.
                    let _ = to_pod.send(Message::Close(None)).await;
                    return;
                }
            }
        }
    };
    let _ = browser.close(close_reason).await;
}

/// Skips the pod's last frames up to its close, and returns the close's reason.
async fn pod_close<S>(from_pod: &mut S) -> Option<CloseReason>
where
    S: futures_util::Stream<Item = Result<Frame, awc::error::WsProtocolError>> + Unpin,
{
    while let Some(frame) = from_pod.next().await {
        if let Ok(Frame::Close(reason)) = frame {
            return reason;
        }
    }
    None
}

//! A small fake pod: echoes requests, serves a file with Range support, counts uploaded bytes,
//! answers slowly on demand, and speaks websocket on `/api/v1/activity`.

use std::{net::SocketAddr, time::Duration};

use actix_files::NamedFile;
use actix_web::{guard, web, App, HttpRequest, HttpResponse, HttpServer};
use futures_util::StreamExt;
use tempfile::TempDir;

/// Size of `/media/track.mp3`.
pub const TRACK_LEN: usize = 1024 * 1024;

pub fn track_bytes() -> Vec<u8> {
    (0..TRACK_LEN).map(|i| (i % 251) as u8).collect()
}

pub struct Upstream {
    pub addr: SocketAddr,
    _files: TempDir,
}

impl Upstream {
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

pub async fn spawn() -> Upstream {
    let files = tempfile::tempdir().unwrap();
    let track = files.path().join("track.mp3");
    std::fs::write(&track, track_bytes()).unwrap();

    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let server = HttpServer::new(move || {
        let track = track.clone();
        App::new()
            .route("/api/upload", web::post().to(upload))
            .route("/api/slow", web::get().to(slow))
            .route("/api/redirect", web::get().to(redirect))
            .route("/api/v1/activity", web::get().to(activity))
            .route(
                "/media/track.mp3",
                web::route()
                    .guard(guard::Any(guard::Get()).or(guard::Head()))
                    .to(move |req: HttpRequest| {
                        let track = track.clone();
                        async move { NamedFile::open(track).unwrap().into_response(&req) }
                    }),
            )
            .service(web::scope("/api/echo").default_service(web::to(echo)))
            .default_service(web::to(|| async {
                HttpResponse::NotFound().json(serde_json::json!({"detail": "upstream says no"}))
            }))
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    actix_web::rt::spawn(server);
    Upstream {
        addr,
        _files: files,
    }
}

/// Tells what arrived: method, path, query, every header, body.
async fn echo(req: HttpRequest, body: web::Bytes) -> HttpResponse {
    let mut headers = serde_json::Map::new();
    for (name, value) in req.headers() {
        let entry = headers
            .entry(name.as_str().to_owned())
            .or_insert_with(|| serde_json::Value::Array(vec![]));
        if let serde_json::Value::Array(values) = entry {
            values.push(value.to_str().unwrap_or("<binary>").into());
        }
    }
    HttpResponse::Ok()
        .append_header(("set-cookie", "sessionid=abc; Path=/; HttpOnly"))
        .append_header(("set-cookie", "csrftoken=def; Path=/"))
        .append_header(("keep-alive", "timeout=5"))
        .append_header(("x-upstream", "yes"))
        .json(serde_json::json!({
            "method": req.method().as_str(),
            "path": req.path(),
            "query": req.query_string(),
            "headers": headers,
            "body": String::from_utf8_lossy(&body),
        }))
}

/// Counts the body without keeping it.
async fn upload(mut body: web::Payload) -> HttpResponse {
    let mut bytes: u64 = 0;
    while let Some(chunk) = body.next().await {
        match chunk {
            Ok(chunk) => bytes += chunk.len() as u64,
            Err(e) => return HttpResponse::BadRequest().body(e.to_string()),
        }
    }
    HttpResponse::Ok().json(serde_json::json!({ "bytes": bytes }))
}

async fn slow() -> HttpResponse {
    actix_web::rt::time::sleep(Duration::from_secs(3)).await;
    HttpResponse::Ok().body("finally")
}

async fn redirect(req: HttpRequest) -> HttpResponse {
    // Its own address, as a pod that ignores X-Forwarded-Host would write it.
    let host = req.app_config().local_addr();
    HttpResponse::Found()
        .append_header((
            "location",
            format!("http://{host}/api/echo/target?from=redirect"),
        ))
        .finish()
}

/// Greets with what identified the user (cookie, query), then echoes: text and binary back with
/// a mark, pings answered with pongs, close returned.
async fn activity(req: HttpRequest, body: web::Payload) -> actix_web::Result<HttpResponse> {
    let cookie = req
        .headers()
        .get("cookie")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let origin = req
        .headers()
        .get("origin")
        .and_then(|v| v.to_str().ok())
        .unwrap_or("")
        .to_owned();
    let query = req.query_string().to_owned();
    let (res, mut session, mut messages) = actix_ws::handle(&req, body)?;
    actix_web::rt::spawn(async move {
        let _ = session
            .text(format!(
                "hello cookie={cookie} query={query} origin={origin}"
            ))
            .await;
        while let Some(Ok(msg)) = messages.next().await {
            let sent = match msg {
                actix_ws::Message::Text(text) => session.text(format!("echo:{text}")).await,
                actix_ws::Message::Binary(bytes) => {
                    let mut out = bytes.to_vec();
                    out.push(0xff);
                    session.binary(out).await
                }
                actix_ws::Message::Ping(bytes) => session.pong(&bytes).await,
                actix_ws::Message::Close(reason) => {
                    let _ = session.close(reason).await;
                    return;
                }
                _ => Ok(()),
            };
            if sent.is_err() {
                return;
            }
        }
    });
    Ok(res)
}

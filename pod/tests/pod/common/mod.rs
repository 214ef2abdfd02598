//! Test helpers: a real pod on 127.0.0.1:<random port> with a fresh data dir, and a small
//! HTTP client that keeps cookies and speaks CSRF like the web client.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::cell::RefCell;
use std::collections::HashMap;
use std::path::Path;
use std::time::Duration;

use actix_web::http::{Method, StatusCode};
use actix_web::{App, HttpServer};
use futures_util::{Stream, StreamExt};
use pod::{Pod, PodConfig, PodOptions};
use serde_json::Value;

pub const PASSWORD: &str = "demo-pass-123";

pub struct TestPod {
    pub base: String,
    pub dir: tempfile::TempDir,
    pub server: actix_web::dev::ServerHandle,
}

/// Fast hashing, and demo audio synthesised once per machine rather than once per test.
pub fn fast_options() -> PodOptions {
    PodOptions::default()
        .with_fast_password_hashing(true)
        .with_seed_cache(std::env::temp_dir().join("shoal-pod-test-seed-cache"))
}

impl TestPod {
    pub async fn start() -> Self {
        Self::start_with(fast_options()).await
    }

    pub async fn start_with(options: PodOptions) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let (base, server) = serve(dir.path(), options).await;
        Self { base, dir, server }
    }

    /// Stops the server and opens the same data dir again.
    pub async fn restart(self) -> Self {
        self.server.stop(true).await;
        let (base, server) = serve(self.dir.path(), fast_options()).await;
        Self {
            base,
            dir: self.dir,
            server,
        }
    }

    pub fn client(&self) -> Client {
        Client::new(&self.base)
    }

    /// A client signed in by session cookie.
    pub async fn login(&self, username: &str) -> Client {
        let client = self.client();
        let res = client.login(username, PASSWORD).await;
        assert_eq!(
            res.status,
            StatusCode::OK,
            "login {username}: {:?}",
            res.text()
        );
        client
    }
}

pub async fn serve(dir: &Path, options: PodOptions) -> (String, actix_web::dev::ServerHandle) {
    let (base, handle, _) = serve_pod(dir, options).await;
    (base, handle)
}

/// Like `serve`, also handing back the `Pod` (for tests that call it directly).
pub async fn serve_pod(
    dir: &Path,
    options: PodOptions,
) -> (String, actix_web::dev::ServerHandle, Pod) {
    // Bind first so the pod knows its public URL.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let base = format!("http://127.0.0.1:{port}");
    let config = PodConfig::new(dir, base.clone()).with_demo_password(PASSWORD);
    let pod = Pod::open_with(config, options).await.unwrap();
    let served = pod.clone();
    let server = HttpServer::new(move || {
        let pod = served.clone();
        App::new().configure(move |cfg| pod.configure(cfg))
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    let handle = server.handle();
    actix_web::rt::spawn(server);
    (base, handle, pod)
}

/// A real grayscale PNG of `width` × `height` pixels.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Grayscale);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().unwrap();
        let pixels: Vec<u8> = (0..width * height).map(|i| (i % 251) as u8).collect();
        writer.write_image_data(&pixels).unwrap();
    }
    out
}

pub struct Response {
    pub status: StatusCode,
    pub headers: HashMap<String, String>,
    pub set_cookies: Vec<String>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
    }
}

pub struct Client {
    pub base: String,
    http: awc::Client,
    pub cookies: RefCell<HashMap<String, String>>,
    pub bearer: RefCell<Option<String>>,
    pub send_csrf: RefCell<bool>,
}

pub enum Payload {
    None,
    Json(Value),
    Form(Vec<(String, String)>),
    Raw(&'static str, Vec<u8>),
}

impl Client {
    pub fn new(base: &str) -> Self {
        Self {
            base: base.to_owned(),
            http: awc::Client::builder()
                .timeout(Duration::from_secs(60))
                .disable_redirects()
                .finish(),
            cookies: RefCell::new(HashMap::new()),
            bearer: RefCell::new(None),
            send_csrf: RefCell::new(true),
        }
    }

    pub fn url(&self, path: &str) -> String {
        if path.starts_with("http") {
            path.to_owned()
        } else {
            format!("{}{path}", self.base)
        }
    }

    /// The session cookies as one `Cookie` header value, for requests made outside this client.
    pub fn cookie_header(&self) -> String {
        self.cookies
            .borrow()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ")
    }

    pub async fn request(
        &self,
        method: Method,
        path: &str,
        payload: Payload,
        headers: &[(&str, &str)],
    ) -> Response {
        let mut req = self.http.request(method, self.url(path));
        if !self.cookies.borrow().is_empty() {
            let header = self.cookie_header();
            req = req.insert_header(("Cookie", header));
        }
        if *self.send_csrf.borrow() {
            if let Some(token) = self.cookies.borrow().get("csrftoken").cloned() {
                req = req.insert_header(("X-CSRFToken", token));
            }
        }
        if let Some(token) = self.bearer.borrow().as_ref() {
            req = req.insert_header(("Authorization", format!("Bearer {token}")));
        }
        for (name, value) in headers {
            req = req.insert_header((*name, *value));
        }
        let result = match payload {
            Payload::None => req.send().await,
            Payload::Json(value) => req.send_json(&value).await,
            Payload::Form(pairs) => req.send_form(&pairs).await,
            Payload::Raw(content_type, bytes) => {
                req.insert_header(("Content-Type", content_type))
                    .send_body(bytes)
                    .await
            }
        };
        let mut res = result.unwrap();
        let status = res.status();
        let mut headers_out = HashMap::new();
        let mut set_cookies = Vec::new();
        for (name, value) in res.headers() {
            let value = value.to_str().unwrap_or_default().to_owned();
            if name.as_str() == "set-cookie" {
                set_cookies.push(value.clone());
                if let Some((pair, _)) = value.split_once(';').or(Some((&value, ""))) {
                    if let Some((k, v)) = pair.split_once('=') {
                        if v.is_empty() {
                            self.cookies.borrow_mut().remove(k);
                        } else {
                            self.cookies.borrow_mut().insert(k.to_owned(), v.to_owned());
                        }
                    }
                }
            }
            headers_out.insert(name.as_str().to_owned(), value);
        }
        let body = res.body().limit(64 * 1024 * 1024).await.unwrap().to_vec();
        Response {
            status,
            headers: headers_out,
            set_cookies,
            body,
        }
    }

    pub async fn get(&self, path: &str) -> Response {
        self.request(Method::GET, path, Payload::None, &[]).await
    }

    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> Response {
        self.request(Method::GET, path, Payload::None, headers)
            .await
    }

    pub async fn post_json(&self, path: &str, body: Value) -> Response {
        self.request(Method::POST, path, Payload::Json(body), &[])
            .await
    }

    pub async fn post_form(&self, path: &str, pairs: &[(&str, &str)]) -> Response {
        let pairs = pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        self.request(Method::POST, path, Payload::Form(pairs), &[])
            .await
    }

    /// GET first (to receive `csrftoken`), then the form login.
    pub async fn login(&self, username: &str, password: &str) -> Response {
        if !self.cookies.borrow().contains_key("csrftoken") {
            self.get("/api/v1/instance/settings/").await;
        }
        self.post_form(
            "/api/v1/users/login",
            &[("username", username), ("password", password)],
        )
        .await
    }
}

/// Asserts a `{"detail": …}` body.
pub fn assert_detail(res: &Response, status: u16, detail: &str) {
    assert_eq!(res.status.as_u16(), status, "{}", res.text());
    assert_eq!(res.json()["detail"], detail, "{}", res.text());
}

/// A live connection (`/api/v1/activity`) with `client`'s session cookie.
pub async fn socket(
    pod: &TestPod,
    client: &Client,
) -> impl Stream<Item = Result<awc::ws::Frame, impl std::fmt::Debug>> + Unpin {
    let cookie = client.cookie_header();
    let url = format!("{}/api/v1/activity", pod.base.replace("http://", "ws://"));
    let (_, socket) = awc::Client::new()
        .ws(url)
        .header("Cookie", cookie)
        .connect()
        .await
        .unwrap();
    socket
}

/// The next event of `kind`, skipping others.
pub async fn next_event<E: std::fmt::Debug>(
    socket: &mut (impl Stream<Item = Result<awc::ws::Frame, E>> + Unpin),
    kind: &str,
) -> Value {
    loop {
        let frame = actix_web::rt::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .unwrap_or_else(|_| panic!("no {kind} event"))
            .unwrap()
            .unwrap();
        if let awc::ws::Frame::Text(text) = frame {
            let event: Value = serde_json::from_slice(&text).unwrap();
            if event["type"] == kind {
                return event;
            }
        }
    }
}

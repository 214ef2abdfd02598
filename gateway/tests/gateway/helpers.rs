//! Test helpers: a web directory made on the spot, the real gateway on a random port, a fake
//! upstream pod, and plain HTTP clients (awc, and raw sockets for what awc would tidy up).

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use actix_web::{
    http::{header::HeaderMap, Method, StatusCode},
    web::Bytes,
};
use gateway::{
    config::{Config, PodMode, PodUrl},
    startup::Application,
};
use tempfile::TempDir;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

pub const SECRET: &str = "TOPSECRET-do-not-serve";
pub const INDEX_HTML: &str = "<!doctype html><html><head><script type=\"module\" src=\"/assets/app-abc123.js\"></script></head><body><div id=\"root\"></div></body></html>";
pub const EMBED_HTML: &str = "<!doctype html><html><head><script type=\"module\" src=\"/embed/assets/embed-d4e5.js\"></script></head><body><main id=\"embed\"></main></body></html>";
pub const APP_JS: &str = "console.log('identity');";
pub const APP_JS_BR: &str = "BROTLI-BYTES";
pub const APP_JS_GZ: &str = "GZIP-BYTES";

/// A temporary folder holding `web/` as the front-end build lays it out, and secrets around it
/// that must never be served.
pub struct WebDir {
    pub tmp: TempDir,
}

impl WebDir {
    pub fn new() -> Self {
        let tmp = tempfile::tempdir().unwrap();
        let web = tmp.path().join("web");
        let files: &[(&str, &str)] = &[
            ("host/index.html", INDEX_HTML),
            ("host/assets/app-abc123.js", APP_JS),
            ("host/assets/app-abc123.js.br", APP_JS_BR),
            ("host/assets/app-abc123.js.gz", APP_JS_GZ),
            ("host/assets/style-9f8e.css", "body{}"),
            (
                "host/serviceWorker.js",
                "self.addEventListener('fetch', () => {});",
            ),
            ("host/manifest.json", "{\"name\":\"Shoal\"}"),
            ("embed/index.html", EMBED_HTML),
            ("embed/assets/embed-d4e5.js", "export const embed = 1;"),
            ("apps/listen/remoteEntry.js", "export const listen = 1;"),
            ("apps/listen/assets/chunk-1a2b.js", "export default 2;"),
            ("secret.txt", SECRET),
        ];
        for (path, content) in files {
            let path = web.join(path);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, content).unwrap();
        }
        std::fs::write(tmp.path().join("secret"), SECRET).unwrap();
        std::fs::write(tmp.path().join("secret.txt"), SECRET).unwrap();
        #[cfg(unix)]
        std::os::unix::fs::symlink(tmp.path().join("secret"), web.join("host/leak.txt")).unwrap();
        Self { tmp }
    }

    pub fn web(&self) -> PathBuf {
        self.tmp.path().join("web")
    }

    pub fn data(&self) -> PathBuf {
        self.tmp.path().join("data")
    }
}

/// A running gateway and what it was started with.
pub struct TestGateway {
    pub addr: SocketAddr,
    pub dir: WebDir,
}

impl TestGateway {
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }
}

/// Starts the gateway with `config`, its web dir set to a fresh [`WebDir`] unless the test
/// already chose one.
pub async fn spawn_with(mut config: Config, dir: WebDir) -> TestGateway {
    gateway::telemetry::init();
    if config.web_dir.is_none() {
        config.web_dir = Some(dir.web());
    }
    let app = Application::build(config).await.unwrap();
    let addr = app.local_addr();
    actix_web::rt::spawn(app.run());
    TestGateway { addr, dir }
}

/// The gateway with its embedded pod.
pub async fn spawn_embedded() -> TestGateway {
    let dir = WebDir::new();
    let config = Config::new(
        "127.0.0.1:0",
        PodMode::Embedded {
            data_dir: dir.data(),
            demo_password: Some("demo-password".into()),
            access_token_lifetime: None,
            rate_limit: None,
            music_dir: None,
        },
    );
    spawn_with(config, dir).await
}

pub fn proxy_config(pod: &str, timeout: Duration) -> Config {
    Config::new(
        "127.0.0.1:0",
        PodMode::Remote {
            url: PodUrl::parse(pod).unwrap(),
            timeout,
        },
    )
}

/// The gateway with no pod behind it (a closed port): for tests of what the gateway serves by
/// itself, so they do not depend on the embedded pod's start-up.
pub async fn spawn_static() -> TestGateway {
    spawn_proxy(
        &format!("http://127.0.0.1:{}", closed_port()),
        Duration::from_secs(5),
    )
    .await
}

/// The gateway in proxy mode in front of `pod`.
pub async fn spawn_proxy(pod: &str, timeout: Duration) -> TestGateway {
    spawn_with(proxy_config(pod, timeout), WebDir::new()).await
}

/// What a request got back.
#[derive(Debug)]
pub struct Reply {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Bytes,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(|v| v.to_str().unwrap())
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }
}

pub fn client() -> awc::Client {
    awc::Client::builder()
        .disable_redirects()
        .no_default_headers()
        .timeout(Duration::from_secs(60))
        .finish()
}

/// A request with no body; the body of the answer is read whole (tests keep them small).
pub async fn request(method: Method, url: &str, headers: &[(&str, &str)]) -> Reply {
    let mut req = client().request(method, url).no_decompress();
    for (name, value) in headers {
        req = req.append_header((*name, *value));
    }
    let mut res = req.send().await.unwrap();
    let body = res.body().limit(64 * 1024 * 1024).await.unwrap();
    Reply {
        status: res.status(),
        headers: res.headers().clone(),
        body,
    }
}

pub async fn get(url: &str) -> Reply {
    request(Method::GET, url, &[]).await
}

/// Sends `raw` as written (no normalisation of the path, any header), with `Connection: close`
/// expected in it, and parses the answer.
pub async fn raw(addr: SocketAddr, raw: &str) -> Reply {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream.write_all(raw.as_bytes()).await.unwrap();
    let mut bytes = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), stream.read_to_end(&mut bytes))
        .await
        .unwrap()
        .unwrap();
    parse_response(&bytes)
}

fn parse_response(bytes: &[u8]) -> Reply {
    let split = bytes
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("no end of head");
    let head = std::str::from_utf8(&bytes[..split]).unwrap();
    let mut lines = head.split("\r\n");
    let status_line = lines.next().unwrap();
    let code: u16 = status_line.split(' ').nth(1).unwrap().parse().unwrap();
    let mut headers = HeaderMap::new();
    for line in lines {
        let (name, value) = line.split_once(':').unwrap();
        headers.append(
            name.trim().to_ascii_lowercase().parse().unwrap(),
            value.trim().parse().unwrap(),
        );
    }
    let mut body = bytes[split + 4..].to_vec();
    let chunked = headers
        .get("transfer-encoding")
        .is_some_and(|v| v.to_str().unwrap().contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Reply {
        status: StatusCode::from_u16(code).unwrap(),
        headers,
        body: body.into(),
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size_text = std::str::from_utf8(&data[..line_end]).unwrap();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap();
        data = &data[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}

/// A port nothing listens on.
pub fn closed_port() -> u16 {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.local_addr().unwrap().port()
}

/// Peak resident memory of this process, in bytes.
pub fn peak_rss() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    let line = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .expect("VmHWM in /proc/self/status");
    let kb: u64 = line
        .trim_start_matches("VmHWM:")
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .unwrap();
    kb * 1024
}

pub fn assert_no_secret(reply: &Reply, what: &str) {
    assert!(
        !reply.text().contains(SECRET),
        "{what} leaked the secret: {}",
        reply.text()
    );
}

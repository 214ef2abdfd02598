//! Start-up in one place: bind, open or reach the pod, assemble the App, run.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpListener};

use actix_web::{
    dev::Server,
    guard,
    middleware::from_fn,
    web::{self, ServiceConfig},
    App, HttpServer,
};
use url::Url;

use crate::{
    config::{Config, PodMode, PodUrl},
    error::StartupError,
    front_config::{self, FrontConfig},
    proxy::{self, Proxy},
    redirects,
    security_headers::{add_security_headers, SecurityHeaders},
    static_files::{self, StaticSite},
    telemetry, websocket,
};

/// Who answers the pod's URLs.
#[derive(Clone)]
enum Upstream {
    Embedded(pod::Pod),
    Remote {
        url: PodUrl,
        timeout: std::time::Duration,
    },
}

impl Upstream {
    /// Registers the pod's routes. Called before the static service, which is the fallback.
    fn configure(&self, cfg: &mut ServiceConfig) {
        match self {
            Self::Embedded(pod) => pod.configure(cfg),
            Self::Remote { url, timeout } => {
                cfg.app_data(web::Data::new(Proxy::new(url.clone(), *timeout)));
                cfg.route(
                    "/api/v1/activity",
                    web::get()
                        .guard(guard::fn_guard(websocket::is_upgrade))
                        .to(websocket::activity),
                );
                for prefix in proxy::POD_PREFIXES {
                    cfg.service(web::scope(prefix).default_service(web::to(proxy::forward)));
                }
            }
        }
    }

    fn describe(&self) -> String {
        match self {
            Self::Embedded(_) => "the embedded pod".to_owned(),
            Self::Remote { url, .. } => format!("the pod at {url}"),
        }
    }
}

/// A bound, ready-to-run gateway.
pub struct Application {
    server: Server,
    addr: SocketAddr,
    public_url: Url,
    upstream: String,
}

impl Application {
    pub async fn build(config: Config) -> Result<Self, StartupError> {
        let bind_error = |source| StartupError::Bind {
            addr: config.listen.clone(),
            source,
        };
        let listener = TcpListener::bind(&config.listen).map_err(bind_error)?;
        let addr = listener.local_addr().map_err(bind_error)?;
        let public_url = match config.public_url.clone() {
            Some(url) => url,
            None => default_public_url(addr)?,
        };

        let web_dir = resolve_web_dir(config.web_dir.as_deref())?;
        let site = web::Data::new(StaticSite::new(web_dir));
        let front = web::Data::new(
            FrontConfig::new(&public_url, &config.remotes)
                .map_err(|e| StartupError::PublicUrl(e.to_string()))?,
        );
        let security = web::Data::new(SecurityHeaders::new(&config.remotes.origins()));

        let upstream = match config.pod {
            PodMode::Embedded {
                data_dir,
                demo_password,
                access_token_lifetime,
                rate_limit,
                music_dir,
            } => {
                let mut options = pod::PodOptions::default();
                if let Some(dir) = music_dir {
                    options = options.with_music_dir(dir);
                }
                if let Some(access) = access_token_lifetime {
                    options.access_token_lifetime = access;
                }
                if let Some(limit) = rate_limit {
                    let window = options.rate_window;
                    options = options.with_rate_limit(limit, limit, window);
                }
                Upstream::Embedded(
                    pod::Pod::open_with(
                        pod::PodConfig {
                            data_dir,
                            demo_password,
                            public_url: public_url.as_str().trim_end_matches('/').to_owned(),
                        },
                        options,
                    )
                    .await?,
                )
            }
            PodMode::Remote { url, timeout } => {
                proxy::client::install_crypto_provider();
                Upstream::Remote { url, timeout }
            }
        };
        let description = upstream.describe();

        let server = HttpServer::new(move || {
            App::new()
                .app_data(site.clone())
                .app_data(front.clone())
                .app_data(security.clone())
                .wrap(from_fn(add_security_headers))
                // Outermost, so the logged status is the one sent.
                .wrap(from_fn(telemetry::log_request))
                .route("/settings.json", get_or_head().to(front_config::settings))
                .route("/remotes.json", get_or_head().to(front_config::remotes))
                .service(
                    web::resource(["/index.html", "/front", "/front/{rest:.*}"])
                        .to(redirects::to_root),
                )
                .configure(|cfg| upstream.configure(cfg))
                .default_service(web::to(static_files::serve))
        })
        // One worker: every worker builds its own copy of the route tables (the embedded pod's
        // ~220 resources, each compiled to regexes under /api/v1 and /api/v2: several MB per
        // worker), while the pod's real work (SQLite, serialisation) runs on the blocking
        // pool, not on the worker; one event loop keeps up with the loopback load on this
        // machine's two cores (scripts/bench-pod.sh).
        .workers(WORKERS)
        .listen(listener)
        .map_err(bind_error)?
        .run();

        tracing::info!(%addr, %public_url, upstream = %description, "gateway bound");
        Ok(Self {
            server,
            addr,
            public_url,
            upstream: description,
        })
    }

    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The URL browsers are told to use (`/settings.json`'s `defaultServerUrl`).
    pub fn public_url(&self) -> &Url {
        &self.public_url
    }

    /// Who answers `/api/…`, for the start-up message.
    pub fn upstream(&self) -> &str {
        &self.upstream
    }

    /// Serves until the process is asked to stop.
    pub async fn run(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Event-loop threads accepting and answering connections (see `Application::build`).
const WORKERS: usize = 1;

fn get_or_head() -> actix_web::Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}

/// `http://<bound address>/`; a wildcard address is shown as loopback, which at least works
/// from this machine (behind anything else, pass --public-url).
fn default_public_url(addr: SocketAddr) -> Result<Url, StartupError> {
    let ip = match addr.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
        IpAddr::V6(ip) if ip.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
        ip => ip,
    };
    let shown = SocketAddr::new(ip, addr.port());
    Url::parse(&format!("http://{shown}/")).map_err(|_| StartupError::PublicUrl(shown.to_string()))
}

/// The canonical web directory, or `None` (with a warning) when there is none: the gateway still
/// starts, the API works, and pages explain that the front end is not built.
fn resolve_web_dir(
    dir: Option<&std::path::Path>,
) -> Result<Option<std::path::PathBuf>, StartupError> {
    let Some(dir) = dir else {
        tracing::warn!(
            "no built front end found (./dist/web, or --web DIR): pages will answer 503"
        );
        return Ok(None);
    };
    if !dir.is_dir() {
        tracing::warn!(web = %dir.display(), "web directory not found: pages will answer 503");
        return Ok(None);
    }
    let canonical = dir.canonicalize().map_err(|source| StartupError::WebDir {
        path: dir.to_owned(),
        source,
    })?;
    tracing::info!(web = %canonical.display(), "serving the front ends");
    Ok(Some(canonical))
}

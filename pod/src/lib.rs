//! The embedded, Funkwhale-compatible pod. The gateway mounts it in-process when no `--pod` is given.
// Unit tests may unwrap; the workspace lints forbid it everywhere else.
#![cfg_attr(test, allow(clippy::unwrap_used, clippy::expect_used))]

mod auth;
mod cors;
mod db;
mod domain;
mod error;
mod mail;
mod media;
mod ratelimit;
mod routes;
mod rss_refresh;
mod search_cache;
mod seed;
mod state;
mod store;

use std::path::PathBuf;
use std::sync::Arc;

use actix_web::middleware::from_fn;
use actix_web::web;
use tokio::sync::broadcast;

pub use error::PodError;
pub use rss_refresh::RefreshReport;
pub use state::PodOptions;

use crate::db::Db;
use crate::state::{AppState, Inner};

/// How the embedded pod is started.
#[derive(Debug, Clone)]
pub struct PodConfig {
    /// Where the database, media and outbox live.
    pub data_dir: PathBuf,
    /// Fixes the demo users' passwords (tests); otherwise they are generated at first start.
    pub demo_password: Option<String>,
    /// The public URL the pod is reached at (used in absolute URLs such as `listen_url`).
    pub public_url: String,
}

impl PodConfig {
    pub fn new(data_dir: impl Into<PathBuf>, public_url: impl Into<String>) -> Self {
        Self {
            data_dir: data_dir.into(),
            demo_password: None,
            public_url: public_url.into(),
        }
    }

    pub fn with_demo_password(mut self, password: impl Into<String>) -> Self {
        self.demo_password = Some(password.into());
        self
    }

    fn db_path(&self) -> PathBuf {
        self.data_dir.join("pod.sqlite3")
    }
}

/// A running embedded pod: cheap to clone, shared by every gateway worker.
#[derive(Debug, Clone)]
pub struct Pod {
    state: AppState,
}

fn create_dir(path: &std::path::Path) -> Result<(), PodError> {
    std::fs::create_dir_all(path).map_err(|source| PodError::DataDir {
        path: path.to_owned(),
        source,
    })
}

impl Pod {
    /// Opens (creating and seeding on first start) the pod's state under `config.data_dir`.
    pub async fn open(config: PodConfig) -> Result<Self, PodError> {
        Self::open_with(config, PodOptions::default()).await
    }

    /// Like [`Pod::open`], with non-default tunables (rate limits, body size, token lifetimes).
    pub async fn open_with(config: PodConfig, options: PodOptions) -> Result<Self, PodError> {
        // Remote fetches may go out over https: rustls needs its provider (a no-op when the
        // gateway installed it already).
        let _already_installed = rustls::crypto::ring::default_provider().install_default();
        let (db, jwt_secret) = {
            let config = config.clone();
            let options = options.clone();
            tokio::task::spawn_blocking(move || prepare(&config, &options))
                .await
                .map_err(|e| PodError::Join(e.to_string()))??
        };
        let (events, _) = broadcast::channel(256);
        let inner = Inner {
            db,
            music_dir: music_dir(&config, &options),
            media_dir: config.data_dir.join("media"),
            outbox_dir: config.data_dir.join("outbox"),
            config,
            options,
            jwt_secret,
            limiter: ratelimit::RateLimiter::default(),
            search_cache: search_cache::SearchCache::default(),
            events,
            rss_refresh_lock: tokio::sync::Mutex::new(()),
            rss_refresh_stop: tokio::sync::watch::channel(()).0,
        };
        let state = AppState(Arc::new(inner));
        if let Some(interval) = state.options.rss_refresh_interval {
            rss_refresh::spawn(&state, interval);
        }
        Ok(Self { state })
    }

    /// Runs one podcast feed refresh round now: every external channel whose feed was last
    /// read longer ago than the refresh delay is read again (the background task does the
    /// same every interval). Must run on an actix system.
    pub async fn refresh_feeds(&self) -> Result<RefreshReport, PodError> {
        rss_refresh::refresh_due(&self.state)
            .await
            .map_err(|e| PodError::Refresh(e.to_string()))
    }

    pub fn config(&self) -> &PodConfig {
        &self.state.config
    }

    /// Registers the pod's routes (`/api/v1/…`, `/api/v2/…`, `/media/…`, `/.well-known/…`).
    pub fn configure(&self, cfg: &mut web::ServiceConfig) {
        let data = web::Data::new(self.state.clone());
        let version = |prefix: &str| {
            web::scope(prefix)
                .configure(routes::api)
                .default_service(web::to(routes::not_found))
        };
        cfg.service(
            web::scope("/api")
                .app_data(data.clone())
                .wrap(from_fn(ratelimit::middleware))
                .wrap(from_fn(auth::head_as_get))
                // Outermost, so that refusals (429, 401) are readable cross-origin too.
                .wrap(from_fn(cors::middleware))
                .service(version("/v1"))
                .service(version("/v2"))
                .default_service(web::to(routes::not_found)),
        )
        .service(
            web::scope("/media")
                .app_data(data.clone())
                .configure(routes::media::configure),
        )
        .service(
            web::resource("/.well-known/nodeinfo")
                .app_data(data)
                .route(web::get().to(routes::instance::well_known)),
        );
    }
}

fn music_dir(config: &PodConfig, options: &PodOptions) -> PathBuf {
    options
        .music_dir
        .clone()
        .unwrap_or_else(|| config.data_dir.join("music-import"))
}

/// Blocking part of `open`: directories, migrations, secrets, first-start seed, and the
/// server-folder imports a previous process left unfinished.
fn prepare(config: &PodConfig, options: &PodOptions) -> Result<(Db, Vec<u8>), PodError> {
    create_dir(&config.data_dir)?;
    create_dir(&config.data_dir.join("media"))?;
    create_dir(&config.data_dir.join("outbox"))?;
    create_dir(&music_dir(config, options))?;
    let db = Db::open(&config.db_path())?;
    let secret = seed::ensure(&db, config, options)?;
    store::fs_import::interrupt_running(&*db.conn()?, &store::users::now_iso())?;
    Ok((db, secret))
}

/// Adds `tracks` more tracks (with albums and artists) for benchmarks, reusing the demo audio
/// files; everything goes in one transaction.
pub async fn seed_large_catalogue(config: &PodConfig, tracks: usize) -> Result<(), PodError> {
    let config = config.clone();
    tokio::task::spawn_blocking(move || {
        let options = PodOptions::default();
        let (db, _) = prepare(&config, &options)?;
        seed::large_catalogue(&db, tracks)
    })
    .await
    .map_err(|e| PodError::Join(e.to_string()))?
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shareable<T: Clone + Send + Sync + 'static>() {}

    #[test]
    fn pod_is_shareable_across_workers() {
        shareable::<Pod>();
        shareable::<PodConfig>();
        let config = PodConfig::new("/tmp/x", "http://127.0.0.1:8000").with_demo_password("pw");
        assert_eq!(config.demo_password.as_deref(), Some("pw"));
        assert_eq!(config.db_path(), PathBuf::from("/tmp/x/pod.sqlite3"));
    }

    fn test_options() -> PodOptions {
        PodOptions::default()
            .with_fast_password_hashing(true)
            .with_seed_cache(std::env::temp_dir().join("shoal-pod-test-seed-cache"))
    }

    #[actix_web::test]
    async fn only_the_search_box_call_goes_through_the_search_cache() {
        let dir = tempfile::tempdir().unwrap();
        let config = PodConfig::new(dir.path(), "http://127.0.0.1:9");
        let pod = Pod::open_with(config, test_options()).await.unwrap();
        // Anonymous reads, so that the requests need no session.
        store::preferences::set(
            &pod.state.db.conn().unwrap(),
            "common__api_authentication_required",
            &serde_json::Value::Bool(false),
        )
        .unwrap();
        let app =
            actix_web::test::init_service(actix_web::App::new().configure(|c| pod.configure(c)))
                .await;
        let terms_after = |uri: &'static str| {
            let app = &app;
            let pod = &pod;
            async move {
                let request = actix_web::test::TestRequest::get().uri(uri).to_request();
                let response = actix_web::test::call_service(app, request).await;
                assert_eq!(response.status(), actix_web::http::StatusCode::OK, "{uri}");
                pod.state.search_cache.terms_held()
            }
        };
        // `q` alone, in the default order (implicit or named): the cached path.
        assert_eq!(terms_after("/api/v1/tracks/?q=tide").await, 1);
        assert_eq!(
            terms_after("/api/v1/tracks/?q=neon&ordering=-creation_date").await,
            2
        );
        // Another order or another filter: plain SQL, nothing kept.
        assert_eq!(
            terms_after("/api/v1/tracks/?q=lantern&ordering=title").await,
            2
        );
        assert_eq!(
            terms_after("/api/v1/tracks/?q=orbit&playable=true").await,
            2
        );
    }

    #[actix_web::test]
    async fn first_start_seeds_and_restart_keeps_passwords() {
        let dir = tempfile::tempdir().unwrap();
        let options = test_options();
        let config = PodConfig::new(dir.path(), "http://127.0.0.1:9");
        Pod::open_with(config.clone(), options.clone())
            .await
            .unwrap();
        let first = std::fs::read_to_string(dir.path().join("demo-passwords.txt")).unwrap();
        assert_eq!(first.lines().count(), 3);
        let generated = first
            .lines()
            .next()
            .unwrap()
            .split_once(' ')
            .unwrap()
            .1
            .to_owned();
        assert!(generated.len() >= 16);
        Pod::open_with(config, options).await.unwrap();
        let second = std::fs::read_to_string(dir.path().join("demo-passwords.txt")).unwrap();
        assert_eq!(first, second);
        let media = std::fs::read_dir(dir.path().join("media/tracks"))
            .unwrap()
            .count();
        assert!(media >= 40);
    }
}

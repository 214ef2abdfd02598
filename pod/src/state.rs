//! What every handler shares: the database, configuration, signing secret, rate limiter and
//! the activity broadcast channel.

use std::ops::Deref;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use actix_web::{web, HttpRequest};
use tokio::sync::broadcast;

use crate::auth::Permission;
use crate::db::Db;
use crate::error::ApiError;
use crate::ratelimit::RateLimiter;
use crate::search_cache::SearchCache;
use crate::PodConfig;

/// Tunables that have sensible defaults; built with the `with_*` methods.
#[derive(Debug, Clone)]
pub struct PodOptions {
    /// Requests allowed per window for anonymous callers (by client address).
    pub anonymous_rate: u32,
    /// Requests allowed per window for authenticated callers (by credential).
    pub authenticated_rate: u32,
    /// Length of a rate-limit window.
    pub rate_window: Duration,
    /// Maximum size of a JSON, form or multipart request body.
    pub body_limit: usize,
    /// Lifetime of an OAuth access token (Funkwhale: 36000 s).
    pub access_token_lifetime: Duration,
    /// Lifetime of an OAuth refresh token.
    pub refresh_token_lifetime: Duration,
    /// Cheap password hashing, for tests only.
    pub fast_password_hashing: bool,
    /// A directory where synthesised demo audio is cached between data dirs (tests).
    pub seed_cache: Option<PathBuf>,
    /// The server folder owners may import from (`libraries/fs-import/`); default
    /// `<data>/music-import`, created at start.
    pub music_dir: Option<PathBuf>,
    /// How long after its last read an external channel's feed is read again (Funkwhale's
    /// `PODCASTS_RSS_FEED_REFRESH_DELAY`, a day by default).
    pub rss_refresh_delay: Duration,
    /// How often the pod looks for feeds due a refresh (Funkwhale: hourly); `None` runs no
    /// background refresh ([`crate::Pod::refresh_feeds`] still does one round on demand).
    pub rss_refresh_interval: Option<Duration>,
}

impl Default for PodOptions {
    fn default() -> Self {
        Self {
            anonymous_rate: 3_000,
            authenticated_rate: 10_000,
            rate_window: Duration::from_secs(60),
            body_limit: 1024 * 1024,
            access_token_lifetime: Duration::from_secs(36_000),
            refresh_token_lifetime: Duration::from_secs(30 * 24 * 3600),
            fast_password_hashing: false,
            seed_cache: None,
            music_dir: None,
            rss_refresh_delay: Duration::from_secs(24 * 3600),
            rss_refresh_interval: Some(Duration::from_secs(3600)),
        }
    }
}

impl PodOptions {
    pub fn with_rate_limit(mut self, anonymous: u32, authenticated: u32, window: Duration) -> Self {
        self.anonymous_rate = anonymous;
        self.authenticated_rate = authenticated;
        self.rate_window = window;
        self
    }

    pub fn with_body_limit(mut self, bytes: usize) -> Self {
        self.body_limit = bytes;
        self
    }

    pub fn with_token_lifetimes(mut self, access: Duration, refresh: Duration) -> Self {
        self.access_token_lifetime = access;
        self.refresh_token_lifetime = refresh;
        self
    }

    pub fn with_fast_password_hashing(mut self, fast: bool) -> Self {
        self.fast_password_hashing = fast;
        self
    }

    pub fn with_music_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.music_dir = Some(dir.into());
        self
    }

    /// Sets the podcast feed refresh delay and how often due feeds are looked for (`None`: no
    /// background refresh).
    pub fn with_rss_refresh(mut self, delay: Duration, interval: Option<Duration>) -> Self {
        self.rss_refresh_delay = delay;
        self.rss_refresh_interval = interval;
        self
    }

    pub fn with_seed_cache(mut self, dir: impl Into<PathBuf>) -> Self {
        self.seed_cache = Some(dir.into());
        self
    }
}

/// Who receives a live event.
#[derive(Debug, Clone, Copy)]
pub enum Audience {
    Everyone,
    // Per-user events such as `import.status_updated` (uploads, a later issue).
    #[allow(dead_code)]
    User(i64),
    Holders(Permission),
}

/// A live event for `/api/v1/activity` subscribers.
#[derive(Debug, Clone)]
pub struct Event {
    pub audience: Audience,
    pub payload: serde_json::Value,
}

#[derive(Debug)]
pub struct Inner {
    pub db: Db,
    pub config: PodConfig,
    pub options: PodOptions,
    pub media_dir: PathBuf,
    pub outbox_dir: PathBuf,
    /// The folder `libraries/fs-import/` browses and imports from.
    pub music_dir: PathBuf,
    pub jwt_secret: Vec<u8>,
    pub limiter: RateLimiter,
    /// The matches of recent `tracks/?q=` terms.
    pub search_cache: SearchCache,
    pub events: broadcast::Sender<Event>,
    /// Held by a podcast feed refresh round, so that rounds never overlap.
    pub rss_refresh_lock: tokio::sync::Mutex<()>,
    /// Dropped with the pod, which ends the background refresh task.
    pub rss_refresh_stop: tokio::sync::watch::Sender<()>,
}

#[derive(Debug, Clone)]
pub struct AppState(pub Arc<Inner>);

impl Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    pub fn from_request(req: &HttpRequest) -> Result<Self, ApiError> {
        req.app_data::<web::Data<AppState>>()
            .map(|data| data.get_ref().clone())
            .ok_or_else(|| ApiError::internal("pod state missing"))
    }

    /// `https://host[:port]` without a trailing slash.
    pub fn base_url(&self) -> &str {
        self.config.public_url.trim_end_matches('/')
    }

    /// The federation domain, port included when not the default (as real pods do).
    pub fn domain(&self) -> String {
        let url = self.base_url();
        let without_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
        without_scheme
            .split('/')
            .next()
            .unwrap_or(without_scheme)
            .to_owned()
    }

    pub fn media_url(&self, relative: &str) -> String {
        format!("{}/media/{relative}", self.base_url())
    }

    /// Sends an activity event to connected websockets (nobody listening is fine).
    pub fn emit(&self, audience: Audience, payload: serde_json::Value) {
        let _ = self.events.send(Event { audience, payload });
    }
}

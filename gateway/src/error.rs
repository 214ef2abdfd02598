//! The gateway's error types: configuration, start-up and proxying.

use actix_web::{http::StatusCode, HttpResponse, ResponseError};

/// A command line or environment that cannot describe a working gateway.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("unknown remote '{name}' (from {source_hint}): the remotes are {known}")]
    UnknownRemote {
        name: String,
        source_hint: String,
        known: String,
    },
    #[error("'{spec}' (from {source_hint}) is not of the form NAME=URL")]
    RemoteSpec { spec: String, source_hint: String },
    #[error("{what} '{value}' is not a valid URL: {reason}")]
    InvalidUrl {
        what: &'static str,
        value: String,
        reason: String,
    },
    #[error("--pod-timeout must be at least 1 second")]
    PodTimeout,
}

/// Everything that can stop the gateway from starting.
#[derive(Debug, thiserror::Error)]
pub enum StartupError {
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        addr: String,
        source: std::io::Error,
    },
    #[error("cannot start the embedded pod: {0}")]
    Pod(#[from] pod::PodError),
    #[error("cannot read the web directory {path}: {source}")]
    WebDir {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error("cannot build the public URL from {0}")]
    PublicUrl(String),
}

/// Why a request could not be relayed to the pod. Rendered the way the pod renders its own
/// errors (`{"detail": …}`), so the front end shows one kind of message whatever failed.
#[derive(Debug, thiserror::Error)]
pub enum ProxyError {
    #[error("The pod at {pod} cannot be reached.")]
    Unreachable { pod: String },
    #[error("The pod at {pod} did not answer in time.")]
    Timeout { pod: String },
    #[error("The pod at {pod} refused the websocket connection.")]
    WebsocketRefused { pod: String, status: StatusCode },
    #[error("This websocket request is not valid.")]
    BadWebsocket,
}

impl ResponseError for ProxyError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::Unreachable { .. } => StatusCode::BAD_GATEWAY,
            Self::Timeout { .. } => StatusCode::GATEWAY_TIMEOUT,
            Self::WebsocketRefused { status, .. } => *status,
            Self::BadWebsocket => StatusCode::BAD_REQUEST,
        }
    }

    fn error_response(&self) -> HttpResponse {
        HttpResponse::build(self.status_code())
            .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
            .json(serde_json::json!({ "detail": self.to_string() }))
    }
}

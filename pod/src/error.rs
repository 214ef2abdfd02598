//! The one place where failures become HTTP answers shaped like a real Funkwhale pod's
//! (Django REST framework bodies: `{"detail": …}`, field errors as objects of arrays,
//! OAuth errors as `{"error": …}`).

use std::path::PathBuf;

use actix_web::http::{header, StatusCode};
use actix_web::{HttpResponse, ResponseError};
use serde_json::{json, Map, Value};

/// Failures while opening or seeding the pod (not HTTP).
#[derive(Debug, thiserror::Error)]
pub enum PodError {
    #[error("cannot prepare the data directory {path}: {source}")]
    DataDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("database error: {0}")]
    Database(#[from] rusqlite::Error),
    #[error("database pool error: {0}")]
    Pool(#[from] r2d2::Error),
    #[error("migration {version} failed: {source}")]
    Migration {
        version: i64,
        source: rusqlite::Error,
    },
    #[error("cannot write {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot synthesise the demo media: {0}")]
    Media(String),
    #[error("cannot hash a password: {0}")]
    Hash(String),
    #[error("background task failed: {0}")]
    Join(String),
    #[error("podcast feed refresh failed: {0}")]
    Refresh(String),
}

/// Field errors: `{"field": ["message", …], "nested": {"field": [...]}}`.
#[derive(Debug, Clone, Default)]
pub struct FieldErrors(Map<String, Value>);

impl FieldErrors {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn single(field: &str, message: impl Into<String>) -> Self {
        let mut errors = Self::new();
        errors.add(field, message);
        errors
    }

    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.add_object(field, Value::String(message.into()));
    }

    /// A structured entry such as `{"code": …, "message": …}` (real pods use these for some
    /// errors, for example duplicate tracks in a playlist).
    pub fn add_object(&mut self, field: &str, entry: Value) {
        let slot = self
            .0
            .entry(field.to_owned())
            .or_insert_with(|| Value::Array(Vec::new()));
        if let Value::Array(list) = slot {
            list.push(entry);
        }
    }

    pub fn nest(&mut self, field: &str, inner: FieldErrors) {
        if !inner.is_empty() {
            self.0.insert(field.to_owned(), Value::Object(inner.0));
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `Err(Validation)` when any error was recorded.
    pub fn into_result(self) -> Result<(), ApiError> {
        if self.is_empty() {
            Ok(())
        } else {
            Err(ApiError::Validation(self))
        }
    }
}

/// Every error an HTTP handler can answer with.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("not authenticated")]
    NotAuthenticated,
    #[error("permission denied")]
    PermissionDenied,
    #[error("csrf failed: {0}")]
    Csrf(&'static str),
    #[error("not found")]
    NotFound,
    #[error("invalid page")]
    InvalidPage,
    #[error("method {0} not allowed")]
    MethodNotAllowed(String),
    #[error("parse error: {0}")]
    Parse(String),
    #[error("unsupported media type {0}")]
    UnsupportedMediaType(String),
    #[error("payload too large")]
    PayloadTooLarge,
    #[error("validation failed")]
    Validation(FieldErrors),
    #[error("bad request: {0}")]
    BadRequest(String),
    #[error("throttled for {wait_seconds}s")]
    Throttled {
        wait_seconds: u64,
        headers: Vec<(&'static str, String)>,
    },
    #[error("oauth error {error}")]
    OAuth {
        status: StatusCode,
        error: &'static str,
        description: Option<String>,
    },
    #[error("range not satisfiable")]
    RangeNotSatisfiable { size: u64 },
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    pub fn internal(err: impl std::fmt::Display) -> Self {
        Self::Internal(err.to_string())
    }

    pub fn field(field: &str, message: impl Into<String>) -> Self {
        Self::Validation(FieldErrors::single(field, message))
    }

    pub fn non_field(message: impl Into<String>) -> Self {
        Self::field("non_field_errors", message)
    }

    pub fn invalid_grant(description: impl Into<String>) -> Self {
        Self::OAuth {
            status: StatusCode::BAD_REQUEST,
            error: "invalid_grant",
            description: Some(description.into()),
        }
    }

    pub fn oauth(error: &'static str, description: impl Into<String>) -> Self {
        let status = if error == "invalid_client" {
            StatusCode::UNAUTHORIZED
        } else {
            StatusCode::BAD_REQUEST
        };
        Self::OAuth {
            status,
            error,
            description: Some(description.into()),
        }
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(err: rusqlite::Error) -> Self {
        match err {
            rusqlite::Error::QueryReturnedNoRows => Self::NotFound,
            other => Self::internal(other),
        }
    }
}

impl From<r2d2::Error> for ApiError {
    fn from(err: r2d2::Error) -> Self {
        Self::internal(err)
    }
}

impl From<PodError> for ApiError {
    fn from(err: PodError) -> Self {
        Self::internal(err)
    }
}

fn detail(message: impl Into<String>) -> Value {
    json!({ "detail": message.into() })
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::NotAuthenticated => StatusCode::UNAUTHORIZED,
            Self::PermissionDenied | Self::Csrf(_) => StatusCode::FORBIDDEN,
            Self::NotFound | Self::InvalidPage => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed(_) => StatusCode::METHOD_NOT_ALLOWED,
            Self::Parse(_) | Self::Validation(_) | Self::BadRequest(_) => StatusCode::BAD_REQUEST,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::PayloadTooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            Self::Throttled { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::OAuth { status, .. } => *status,
            Self::RangeNotSatisfiable { .. } => StatusCode::RANGE_NOT_SATISFIABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let mut builder = HttpResponse::build(self.status_code());
        let body = match self {
            Self::NotAuthenticated => detail("Authentication credentials were not provided."),
            Self::PermissionDenied => detail("You do not have permission to perform this action."),
            Self::Csrf(reason) => detail(format!("CSRF Failed: {reason}")),
            Self::NotFound => detail("Not found."),
            Self::InvalidPage => detail("Invalid page."),
            Self::MethodNotAllowed(method) => detail(format!("Method \"{method}\" not allowed.")),
            Self::Parse(message) => detail(message.clone()),
            Self::UnsupportedMediaType(kind) => {
                detail(format!("Unsupported media type \"{kind}\" in request."))
            }
            Self::PayloadTooLarge => detail("Request body is too large."),
            Self::Validation(errors) => Value::Object(errors.0.clone()),
            Self::BadRequest(message) => detail(message.clone()),
            Self::Throttled {
                wait_seconds,
                headers,
            } => {
                for (name, value) in headers {
                    builder.insert_header((*name, value.as_str()));
                }
                builder.insert_header((header::RETRY_AFTER, wait_seconds.to_string()));
                detail(format!(
                    "Request was throttled. Expected available in {wait_seconds} seconds."
                ))
            }
            Self::OAuth {
                error, description, ..
            } => match description {
                Some(text) => json!({ "error": error, "error_description": text }),
                None => json!({ "error": error }),
            },
            Self::RangeNotSatisfiable { size } => {
                builder.insert_header((header::CONTENT_RANGE, format!("bytes */{size}")));
                builder.insert_header((header::ACCEPT_RANGES, "bytes"));
                detail("Requested range not satisfiable.")
            }
            Self::Internal(message) => {
                tracing::error!(error = %message, "internal error");
                detail("A server error occurred.")
            }
        };
        builder.json(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::body::to_bytes;

    async fn body_of(err: ApiError) -> (StatusCode, Value) {
        let response = err.error_response();
        let status = response.status();
        let bytes = to_bytes(response.into_body()).await.unwrap_or_default();
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    #[actix_web::test]
    async fn shapes_match_drf() {
        let (status, body) = body_of(ApiError::NotAuthenticated).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            body,
            json!({"detail": "Authentication credentials were not provided."})
        );

        let mut errors = FieldErrors::single("username", "This field is required.");
        errors.nest("summary", FieldErrors::single("text", "Too long."));
        let (status, body) = body_of(ApiError::Validation(errors)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            body,
            json!({"username": ["This field is required."], "summary": {"text": ["Too long."]}})
        );

        let mut coded = FieldErrors::new();
        coded.add_object(
            "non_field_errors",
            json!({"code": "tracks_already_exist_in_playlist", "message": "Already there."}),
        );
        let (_, body) = body_of(ApiError::Validation(coded)).await;
        assert_eq!(
            body["non_field_errors"][0]["code"],
            "tracks_already_exist_in_playlist"
        );

        let (status, body) = body_of(ApiError::invalid_grant("reused")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(body["error"], "invalid_grant");
    }
}

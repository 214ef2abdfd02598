//! HTTP only: route tables and request-body handling. Each domain module registers its own
//! routes; the same table answers under `/api/v1/` and `/api/v2/`.

pub mod activity;
pub mod catalogue;
pub mod channels;
pub mod common;
pub mod favorites;
pub mod follows;
pub mod fs_import;
pub mod history;
pub mod instance;
pub mod libraries;
pub mod listen;
pub mod manage_users;
pub mod media;
pub mod moderation;
pub mod mutations;
pub mod oauth;
pub mod playlists;
pub mod radios;
pub mod remote;
pub mod rss_subscribe;
pub mod search;
pub mod signup;
pub mod subscriptions;
pub mod uploads;
pub mod users;

use std::future::Future;
use std::pin::Pin;

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse, Resource};
use futures_util::StreamExt;
use serde_json::{Map, Value};

use crate::error::{ApiError, FieldErrors};
use crate::state::AppState;

/// Registers every API route of one version scope.
pub fn api(cfg: &mut web::ServiceConfig) {
    instance::configure(cfg);
    users::configure(cfg);
    signup::configure(cfg);
    oauth::configure(cfg);
    catalogue::configure(cfg);
    listen::configure(cfg);
    activity::configure(cfg);
    favorites::configure(cfg);
    history::configure(cfg);
    playlists::configure(cfg);
    radios::configure(cfg);
    search::configure(cfg);
    moderation::configure(cfg);
    manage_users::configure(cfg);
    follows::configure(cfg);
    mutations::configure(cfg);
    subscriptions::configure(cfg);
    // Before `libraries`, whose `libraries/{uuid}` would take `fs-import` for a uuid.
    fs_import::configure(cfg);
    libraries::configure(cfg);
    uploads::configure(cfg);
    channels::configure(cfg);
    remote::configure(cfg);
}

/// A resource answering with and without the trailing slash (DRF's `/?`), and 405 with a
/// DRF body for methods it does not route.
pub fn res(path: &str) -> Resource {
    let bare = path.trim_end_matches('/');
    web::resource([bare.to_owned(), format!("{bare}/")])
        .default_service(web::to(method_not_allowed))
}

async fn method_not_allowed(req: HttpRequest) -> Result<HttpResponse, ApiError> {
    Err(ApiError::MethodNotAllowed(req.method().to_string()))
}

pub async fn not_found() -> HttpResponse {
    HttpResponse::NotFound().json(serde_json::json!({ "detail": "Not found." }))
}

/// Query parameters, repeated keys kept (`tag=a&tag=b`).
#[derive(Debug, Clone, Default)]
pub struct QueryParams(pub Vec<(String, String)>);

impl QueryParams {
    pub fn parse(req: &HttpRequest) -> Self {
        web::Query::<Vec<(String, String)>>::from_query(req.query_string())
            .map(|q| Self(q.into_inner()))
            .unwrap_or_default()
    }

    pub fn get(&self, key: &str) -> Option<&str> {
        self.0
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .filter(|v| !v.is_empty())
    }

    pub fn all(&self, key: &str) -> Vec<&str> {
        self.0
            .iter()
            .filter(|(k, v)| k == key && !v.is_empty())
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// DRF boolean filter values; anything else is ignored.
    pub fn flag(&self, key: &str) -> Option<bool> {
        match self.get(key)?.to_ascii_lowercase().as_str() {
            "true" | "1" | "yes" => Some(true),
            "false" | "0" | "no" => Some(false),
            _ => None,
        }
    }
}

impl FromRequest for QueryParams {
    type Error = ApiError;
    type Future = std::future::Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        std::future::ready(Ok(Self::parse(req)))
    }
}

/// The absolute URL of the current request (for `next`/`previous`).
pub fn absolute_url(state: &AppState, req: &HttpRequest) -> String {
    let path = req.path();
    match req.query_string() {
        "" => format!("{}{path}", state.base_url()),
        qs => format!("{}{path}?{qs}", state.base_url()),
    }
}

/// A request body as DRF's parsers accept it: JSON, url-encoded form or multipart form
/// (text parts), read under the configured size limit.
#[derive(Debug, Clone, Default)]
pub struct Body(pub Map<String, Value>);

impl Body {
    /// A text value; numbers and booleans are taken as their text, like DRF's CharField.
    pub fn text(&self, key: &str) -> Option<String> {
        match self.0.get(key)? {
            Value::String(s) => Some(s.clone()),
            Value::Number(n) => Some(n.to_string()),
            Value::Bool(b) => Some(b.to_string()),
            _ => None,
        }
    }

    /// A required, non-blank text value; records DRF's messages otherwise.
    pub fn required(&self, key: &str, errors: &mut FieldErrors) -> Option<String> {
        match self.0.get(key) {
            None | Some(Value::Null) => {
                errors.add(key, "This field is required.");
                None
            }
            Some(_) => match self.text(key) {
                Some(s) if s.trim().is_empty() => {
                    errors.add(key, "This field may not be blank.");
                    None
                }
                Some(s) => Some(s),
                None => {
                    errors.add(key, "Not a valid string.");
                    None
                }
            },
        }
    }

    pub fn flag(&self, key: &str) -> Result<Option<bool>, ApiError> {
        match self.0.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(Value::String(s)) => match s.to_ascii_lowercase().as_str() {
                "true" | "1" | "on" => Ok(Some(true)),
                "false" | "0" | "off" | "" => Ok(Some(false)),
                _ => Err(ApiError::field(key, "Must be a valid boolean.")),
            },
            Some(_) => Err(ApiError::field(key, "Must be a valid boolean.")),
        }
    }

    /// Refuses fields the endpoint does not know (a clear 400 rather than a silent drop).
    pub fn only(&self, allowed: &[&str]) -> Result<(), ApiError> {
        let mut errors = FieldErrors::new();
        for key in self.0.keys() {
            if !allowed.contains(&key.as_str()) {
                errors.add(key, "Unknown field.");
            }
        }
        errors.into_result()
    }
}

fn parse_body(content_type: &str, bytes: &[u8]) -> Result<Map<String, Value>, ApiError> {
    let mime = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if bytes.is_empty() && (mime.is_empty() || mime != "application/json") {
        return Ok(Map::new());
    }
    match mime.as_str() {
        "application/json" | "application/activity+json" => {
            if bytes.iter().all(u8::is_ascii_whitespace) {
                return Ok(Map::new());
            }
            match serde_json::from_slice::<Value>(bytes) {
                Ok(Value::Object(map)) => Ok(map),
                Ok(other) => Err(ApiError::non_field(format!(
                    "Invalid data. Expected a dictionary, but got {}.",
                    match other {
                        Value::Array(_) => "list",
                        Value::String(_) => "str",
                        Value::Number(_) => "int",
                        Value::Bool(_) => "bool",
                        _ => "NoneType",
                    }
                ))),
                Err(err) => Err(ApiError::Parse(format!("JSON parse error - {err}"))),
            }
        }
        "application/x-www-form-urlencoded" => {
            let text = std::str::from_utf8(bytes)
                .map_err(|_| ApiError::Parse("Form parse error - invalid UTF-8.".into()))?;
            let pairs = web::Query::<Vec<(String, String)>>::from_query(text)
                .map_err(|err| ApiError::Parse(format!("Form parse error - {err}")))?;
            Ok(pairs
                .into_inner()
                .into_iter()
                .map(|(k, v)| (k, Value::String(v)))
                .collect())
        }
        "multipart/form-data" => parse_multipart(content_type, bytes),
        other => Err(ApiError::UnsupportedMediaType(other.to_owned())),
    }
}

fn multipart_error(reason: &str) -> ApiError {
    ApiError::Parse(format!("Multipart form parse error - {reason}"))
}

/// Text parts of a multipart body (file parts are kept as their file name).
pub fn parse_multipart(content_type: &str, bytes: &[u8]) -> Result<Map<String, Value>, ApiError> {
    let boundary = content_type
        .split(';')
        .filter_map(|p| p.trim().strip_prefix("boundary="))
        .next()
        .map(|b| b.trim_matches('"').to_owned())
        .filter(|b| !b.is_empty())
        .ok_or_else(|| multipart_error("Invalid boundary in multipart: None"))?;
    let delimiter = format!("--{boundary}");
    let text = String::from_utf8_lossy(bytes);
    let mut sections = text.split(delimiter.as_str());
    let preamble = sections.next().unwrap_or_default();
    if !preamble.trim().is_empty() && !text.starts_with(&delimiter) {
        return Err(multipart_error("Invalid multipart body"));
    }
    let mut map = Map::new();
    let mut closed = false;
    for section in sections {
        if section.starts_with("--") {
            closed = true;
            break;
        }
        let section = section.strip_prefix("\r\n").unwrap_or(section);
        let (head, body) = section
            .split_once("\r\n\r\n")
            .ok_or_else(|| multipart_error("Invalid part headers"))?;
        let body = body.strip_suffix("\r\n").unwrap_or(body);
        let disposition = head
            .lines()
            .find(|l| l.to_ascii_lowercase().starts_with("content-disposition:"))
            .ok_or_else(|| multipart_error("Missing Content-Disposition"))?;
        let param = |name: &str| {
            disposition.split(';').find_map(|p| {
                p.trim()
                    .strip_prefix(&format!("{name}="))
                    .map(|v| v.trim_matches('"').to_owned())
            })
        };
        let name = param("name").ok_or_else(|| multipart_error("Part without a name"))?;
        let value = param("filename").unwrap_or_else(|| body.to_owned());
        map.insert(name, Value::String(value));
    }
    if !closed {
        return Err(multipart_error("Unexpected end of multipart body"));
    }
    Ok(map)
}

impl FromRequest for Body {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let mut payload = payload.take();
        let req = req.clone();
        Box::pin(async move {
            let limit = AppState::from_request(&req)?.options.body_limit;
            let declared = req
                .headers()
                .get(header::CONTENT_LENGTH)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.parse::<usize>().ok());
            if declared.is_some_and(|len| len > limit) {
                return Err(ApiError::PayloadTooLarge);
            }
            let mut buf = web::BytesMut::new();
            while let Some(chunk) = payload.next().await {
                let chunk = chunk.map_err(|err| ApiError::Parse(err.to_string()))?;
                if buf.len() + chunk.len() > limit {
                    return Err(ApiError::PayloadTooLarge);
                }
                buf.extend_from_slice(&chunk);
            }
            let content_type = req
                .headers()
                .get(header::CONTENT_TYPE)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default();
            parse_body(content_type, &buf).map(Body)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_bodies() {
        let json = parse_body("application/json", br#"{"a": 1}"#).unwrap();
        assert_eq!(json["a"], 1);
        assert!(matches!(
            parse_body("application/json", b"{nope"),
            Err(ApiError::Parse(_))
        ));
        assert!(matches!(
            parse_body("application/json", b"[1]"),
            Err(ApiError::Validation(_))
        ));
        let form = parse_body("application/x-www-form-urlencoded", b"a=b+c&d=%C3%A9").unwrap();
        assert_eq!(form["a"], "b c");
        assert_eq!(form["d"], "é");
        assert!(matches!(
            parse_body("text/plain", b"hi"),
            Err(ApiError::UnsupportedMediaType(_))
        ));
        assert!(parse_body("", b"").unwrap().is_empty());
    }

    #[test]
    fn parses_multipart() {
        let body = "--XX\r\nContent-Disposition: form-data; name=\"grant_type\"\r\n\r\nrefresh_token\r\n--XX\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XX--\r\n";
        let map = parse_multipart("multipart/form-data; boundary=XX", body.as_bytes()).unwrap();
        assert_eq!(map["grant_type"], "refresh_token");
        assert_eq!(map["f"], "a.txt");
        assert!(parse_multipart("multipart/form-data", body.as_bytes()).is_err());
        assert!(parse_multipart("multipart/form-data; boundary=XX", b"--XX\r\ngarbage").is_err());
    }

    #[test]
    fn body_helpers() {
        let body = Body(
            serde_json::json!({"a": "x", "b": " ", "n": 3, "f": "true"})
                .as_object()
                .cloned()
                .unwrap(),
        );
        let mut errors = FieldErrors::new();
        assert_eq!(body.required("a", &mut errors).as_deref(), Some("x"));
        assert!(body.required("b", &mut errors).is_none());
        assert!(body.required("missing", &mut errors).is_none());
        assert_eq!(body.text("n").as_deref(), Some("3"));
        assert_eq!(body.flag("f").unwrap(), Some(true));
        assert!(body.only(&["a"]).is_err());
        assert!(!errors.is_empty());
    }
}

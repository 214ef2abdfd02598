//! Old entry points of the Funkwhale front end: `/index.html` and `/front/…` redirect to the
//! same place at the root, keeping the query (the hash stays with the browser by itself).

use actix_web::{http::header, HttpRequest, HttpResponse};

/// The root-relative target for a request to `/index.html`, `/front` or `/front/<rest>`.
///
/// Leading slashes and backslashes of the rest are collapsed so that `/front//evil.example`
/// cannot become the protocol-relative `//evil.example`.
pub fn target(path: &str, query: &str) -> String {
    let rest = path
        .strip_prefix("/front")
        .filter(|rest| rest.is_empty() || rest.starts_with('/'))
        .unwrap_or("");
    let mut location = format!("/{}", rest.trim_start_matches(['/', '\\']));
    if !query.is_empty() {
        location.push('?');
        location.push_str(query);
    }
    location
}

pub async fn to_root(req: HttpRequest) -> HttpResponse {
    HttpResponse::Found()
        .insert_header((header::LOCATION, target(req.path(), req.query_string())))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets() {
        assert_eq!(target("/index.html", "a=1&b=2"), "/?a=1&b=2");
        assert_eq!(target("/front", ""), "/");
        assert_eq!(target("/front/", ""), "/");
        assert_eq!(
            target("/front/library/albums", "x=1"),
            "/library/albums?x=1"
        );
        assert_eq!(target("/front//evil.example", ""), "/evil.example");
        assert_eq!(target("/front/\\evil.example", ""), "/evil.example");
    }
}

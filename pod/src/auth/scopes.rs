//! OAuth scopes on bearer tokens, as Funkwhale checks them: a safe method (GET, HEAD, OPTIONS)
//! needs a `read` scope, any other method a `write` scope; `read` / `write` cover every area,
//! `read:<area>` / `write:<area>` only the routes of that area. Session and listen-token callers
//! are not subject to scopes.

use actix_web::http::Method;

/// The Funkwhale scope area of an API path (`/api/v1/favorites/tracks/` → `favorites`), or
/// `None` for routes only the full `read` / `write` scopes reach (administration, instance).
fn area(path: &str) -> Option<&'static str> {
    let rest = path
        .strip_prefix("/api/v1/")
        .or_else(|| path.strip_prefix("/api/v2/"))?;
    const AREAS: &[(&str, &str)] = &[
        ("favorites/", "favorites"),
        ("playlists/", "playlists"),
        ("radios/", "radios"),
        ("history/", "listenings"),
        ("artists/", "libraries"),
        ("albums/", "libraries"),
        ("tracks/", "libraries"),
        ("libraries/", "libraries"),
        ("uploads/", "libraries"),
        ("channels/", "libraries"),
        ("listen/", "libraries"),
        ("search", "libraries"),
        ("users/me", "profile"),
        ("users/settings", "profile"),
        ("subscriptions/", "follows"),
        ("federation/follows/", "follows"),
        ("federation/inbox/", "notifications"),
        ("moderation/content-filters/", "filters"),
        ("moderation/reports/", "reports"),
        ("mutations/", "edits"),
        ("oauth/", "security"),
    ];
    AREAS
        .iter()
        .find(|(prefix, _)| rest.starts_with(prefix))
        .map(|(_, area)| *area)
}

/// Whether a token holding `granted` (space-separated scopes) may make this request.
pub fn allows(granted: &str, method: &Method, path: &str) -> bool {
    let needed = if method.is_safe() { "read" } else { "write" };
    let area = area(path);
    granted
        .split_whitespace()
        .any(|scope| match scope.split_once(':') {
            None => scope == needed,
            Some((kind, scope_area)) => kind == needed && Some(scope_area) == area,
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn read_and_write_follow_the_method() {
        assert!(allows("read", &Method::GET, "/api/v1/tracks/"));
        assert!(!allows("read", &Method::POST, "/api/v1/favorites/tracks/"));
        assert!(allows(
            "read write",
            &Method::POST,
            "/api/v1/favorites/tracks/"
        ));
        assert!(!allows("write", &Method::GET, "/api/v1/tracks/"));
        assert!(allows("write", &Method::DELETE, "/api/v2/playlists/3/"));
        assert!(!allows("", &Method::GET, "/api/v1/tracks/"));
    }

    #[test]
    fn area_scopes_only_reach_their_area() {
        assert!(allows(
            "read:favorites",
            &Method::GET,
            "/api/v1/favorites/tracks/all/"
        ));
        assert!(!allows(
            "read:favorites",
            &Method::GET,
            "/api/v1/playlists/"
        ));
        assert!(!allows(
            "read:favorites",
            &Method::POST,
            "/api/v1/favorites/tracks/"
        ));
        assert!(allows(
            "write:favorites",
            &Method::POST,
            "/api/v1/favorites/tracks/"
        ));
        assert!(allows(
            "read:libraries",
            &Method::GET,
            "/api/v1/listen/abc/"
        ));
        assert!(allows("read:profile", &Method::GET, "/api/v1/users/me/"));
        // Administration needs the full scope.
        assert!(!allows(
            "read:libraries",
            &Method::GET,
            "/api/v1/manage/library/uploads/"
        ));
        assert!(allows(
            "read",
            &Method::GET,
            "/api/v1/manage/library/uploads/"
        ));
    }
}

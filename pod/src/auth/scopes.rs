//! OAuth scopes on bearer tokens, as Funkwhale checks them: `OPTIONS` and `HEAD` pass without a
//! scope check, `GET` needs a `read` scope, any other method a `write` scope; `read` / `write` cover every area,
//! `read:<area>` / `write:<area>` only the routes of that area. Session and listen-token callers
//! are not subject to scopes.

use actix_web::http::Method;

/// The scope names after `read:` / `write:` (Funkwhale 1.4's list).
pub const SCOPE_NAMES: &[&str] = &[
    "profile",
    "libraries",
    "edits",
    "follows",
    "favorites",
    "filters",
    "listenings",
    "radios",
    "playlists",
    "notifications",
    "security",
    "reports",
    "plugins",
    "instance:settings",
    "instance:users",
    "instance:invitations",
    "instance:edits",
    "instance:libraries",
    "instance:accounts",
    "instance:domains",
    "instance:policies",
    "instance:reports",
    "instance:requests",
    "instance:notes",
];

/// The Funkwhale scope area of an API path (`/api/v1/favorites/tracks/` → `favorites`,
/// `/api/v1/manage/users/invitations/` → `instance:invitations`), or `None` for routes only the
/// full `read` / `write` scopes reach.
fn area(path: &str) -> Option<&'static str> {
    let rest = path
        .strip_prefix("/api/v1/")
        .or_else(|| path.strip_prefix("/api/v2/"))?;
    const AREAS: &[(&str, &str)] = &[
        // Administration: Funkwhale's `instance:*` scopes (the permission checks still apply).
        ("instance/admin/settings", "instance:settings"),
        ("manage/accounts", "instance:accounts"),
        ("manage/federation/domains", "instance:domains"),
        ("manage/library/", "instance:libraries"),
        ("manage/channels", "instance:libraries"),
        ("manage/tags", "instance:libraries"),
        ("manage/users/users", "instance:users"),
        ("manage/users/invitations", "instance:invitations"),
        ("manage/moderation/instance-policies", "instance:policies"),
        ("manage/moderation/reports", "instance:reports"),
        ("manage/moderation/requests", "instance:requests"),
        ("manage/moderation/notes", "instance:notes"),
        ("plugins", "plugins"),
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
    if method == Method::OPTIONS || method == Method::HEAD {
        return true;
    }
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
    fn options_and_head_need_no_scope() {
        for method in [Method::OPTIONS, Method::HEAD] {
            assert!(allows("", &method, "/api/v1/tracks/"));
            assert!(allows("write:favorites", &method, "/api/v1/playlists/"));
        }
        assert!(!allows(
            "write:favorites",
            &Method::GET,
            "/api/v1/playlists/"
        ));
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
        // Administration needs the full scope or its own `instance:*` scope.
        assert!(!allows(
            "read:libraries",
            &Method::GET,
            "/api/v1/manage/library/uploads/"
        ));
        assert!(allows(
            "read:instance:libraries",
            &Method::GET,
            "/api/v1/manage/library/uploads/"
        ));
        assert!(!allows(
            "read:instance:libraries",
            &Method::GET,
            "/api/v1/manage/users/invitations/"
        ));
        assert!(allows(
            "write:instance:invitations",
            &Method::POST,
            "/api/v2/manage/users/invitations/"
        ));
        assert!(allows(
            "read:instance:settings",
            &Method::GET,
            "/api/v1/instance/admin/settings/"
        ));
        assert!(allows(
            "read",
            &Method::GET,
            "/api/v1/manage/library/uploads/"
        ));
    }

    #[test]
    fn every_area_is_a_known_scope_name() {
        for path in [
            "favorites/tracks/",
            "playlists/",
            "radios/radios/",
            "history/listenings/",
            "tracks/",
            "users/me/",
            "subscriptions/",
            "federation/inbox/",
            "moderation/content-filters/",
            "moderation/reports/",
            "mutations/",
            "oauth/apps/",
            "plugins/",
            "instance/admin/settings/",
            "manage/accounts/",
            "manage/federation/domains/",
            "manage/library/uploads/",
            "manage/users/users/",
            "manage/users/invitations/",
            "manage/moderation/instance-policies/",
            "manage/moderation/reports/",
            "manage/moderation/requests/",
            "manage/moderation/notes/",
        ] {
            let found = area(&format!("/api/v1/{path}"));
            assert!(
                found.is_some_and(|name| SCOPE_NAMES.contains(&name)),
                "{path}: {found:?}"
            );
        }
    }
}

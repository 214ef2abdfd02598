//! Turning a raw request path into folder names that are safe to join onto the web directory.
//!
//! Every segment is percent-decoded on its own, then refused if it could climb out of the web
//! directory or name something it should not: `..`, `.`, hidden names (`.git`, `%2e%2e`), and
//! anything holding a slash, a backslash or a NUL once decoded (`..%2f..%2f`).

use percent_encoding::percent_decode_str;

/// The decoded segments of `raw` (a path as it came on the request line), or `None` when the
/// path must be refused.
pub fn safe_segments(raw: &str) -> Option<Vec<String>> {
    if !raw.starts_with('/') {
        return None;
    }
    // A trailing slash is harmless; an empty segment elsewhere (`//etc/passwd`) is not a path
    // any of our pages or files has, and would read as absolute to some code.
    let trimmed = raw.strip_suffix('/').unwrap_or(raw);
    trimmed
        .split('/')
        .skip(1)
        .map(|segment| {
            if segment.is_empty() {
                return None;
            }
            let decoded = percent_decode_str(segment).decode_utf8().ok()?;
            let refused = decoded.starts_with('.')
                || decoded.contains(['/', '\\', '\0'])
                || decoded.chars().any(char::is_control);
            (!refused).then(|| decoded.into_owned())
        })
        .collect()
}

/// Whether the last segment looks like a file name (`x-123.js`, `logo.svg`) rather than a
/// client route. Fediverse handles (`@alice@pod.example`, `/channels/a@b.org`) contain dots but
/// are routes, so a segment with an `@` never counts as a file.
pub fn looks_like_file(segment: &str) -> bool {
    if segment.contains('@') {
        return false;
    }
    match segment.rsplit_once('.') {
        Some((stem, ext)) => {
            !stem.is_empty()
                && (1..=10).contains(&ext.len())
                && ext.chars().all(|c| c.is_ascii_alphanumeric())
        }
        None => false,
    }
}

/// First segments that belong to the pod or to built files: never answered with the SPA.
pub const NO_FALLBACK: [&str; 5] = ["api", "media", "federation", "rest", "assets"];

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn traversal_is_refused() {
        for raw in [
            "/../../etc/passwd",
            "/%2e%2e/%2e%2e/etc/passwd",
            "/%2E%2E/secret",
            "/apps/listen/..%2f..%2fsecret",
            "/apps/listen/..%5c..%5csecret",
            "/a/%00",
            "/.git/config",
            "/a\\..\\b",
            "etc/passwd",
            "/%ff",
        ] {
            assert_eq!(safe_segments(raw), None, "{raw}");
        }
    }

    #[test]
    fn ordinary_paths_are_decoded() {
        assert_eq!(
            safe_segments("/library/albums/3").unwrap(),
            vec!["library", "albums", "3"]
        );
        assert_eq!(safe_segments("/a%20b/").unwrap(), vec!["a b"]);
        assert_eq!(safe_segments("//etc/passwd"), None);
        assert_eq!(safe_segments("/library//albums"), None);
        assert_eq!(safe_segments("/").unwrap(), Vec::<String>::new());
        assert_eq!(
            safe_segments("/@alice@pod.example").unwrap(),
            vec!["@alice@pod.example"]
        );
    }

    #[test]
    fn file_names_and_routes() {
        assert!(looks_like_file("x-123.js"));
        assert!(looks_like_file("favicon.ico"));
        assert!(looks_like_file("index.html"));
        assert!(!looks_like_file("3"));
        assert!(!looks_like_file("@alice"));
        assert!(!looks_like_file("@alice@pod.example"));
        assert!(!looks_like_file("library"));
        assert!(!looks_like_file("v1.0-beta fun"));
    }
}

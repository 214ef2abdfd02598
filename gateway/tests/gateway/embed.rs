//! The embed player: its own page at `/embed` (and below), framable by other sites, never cached
//! for long, with hashed assets that are; served the same whoever answers the API.

use std::time::Duration;

use actix_web::http::StatusCode;

use crate::{helpers::*, upstream};

async fn assert_embed_page(gw: &TestGateway, path: &str) {
    let reply = get(&gw.url(path)).await;
    assert_eq!(reply.status, StatusCode::OK, "{path}");
    assert_eq!(reply.text(), EMBED_HTML, "{path}");
    assert!(
        reply
            .header("content-type")
            .unwrap()
            .starts_with("text/html"),
        "{path}"
    );
    assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
    // Other sites frame it: no frame-ancestors, no X-Frame-Options, still no inline script.
    let csp = reply.header("content-security-policy").unwrap();
    assert!(!csp.contains("frame-ancestors"), "{path}: {csp}");
    assert!(csp.contains("script-src 'self';"), "{path}: {csp}");
    assert!(reply.header("x-frame-options").is_none(), "{path}");
}

async fn assert_embed_assets(gw: &TestGateway) {
    let asset = get(&gw.url("/embed/assets/embed-d4e5.js")).await;
    assert_eq!(asset.status, StatusCode::OK);
    assert_eq!(asset.text(), "export const embed = 1;");
    assert_eq!(
        asset.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    assert!(asset
        .header("content-type")
        .unwrap()
        .starts_with("text/javascript"));
    for path in [
        "/embed/assets/missing.js",
        "/embed/assets/",
        "/embed/logo.png",
    ] {
        let reply = get(&gw.url(path)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert!(!reply.text().contains("<html"), "{path} answered HTML");
    }
    // The host's pages are still the host's, and still not framable.
    let host = get(&gw.url("/library")).await;
    assert_eq!(host.text(), INDEX_HTML);
    assert_eq!(host.header("x-frame-options"), Some("DENY"));
    let near = get(&gw.url("/embedded")).await;
    assert_eq!(near.text(), INDEX_HTML);
}

#[actix_web::test]
async fn embed_page_in_proxy_mode() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(5)).await;
    for path in [
        "/embed",
        "/embed?type=album&id=3",
        "/embed/",
        "/embed/track/1",
    ] {
        assert_embed_page(&gw, path).await;
    }
    assert_embed_assets(&gw).await;
}

#[actix_web::test]
async fn embed_page_with_the_embedded_pod() {
    let gw = spawn_embedded().await;
    for path in ["/embed?type=track&id=1", "/embed/channel"] {
        assert_embed_page(&gw, path).await;
    }
    assert_embed_assets(&gw).await;
}

#[actix_web::test]
async fn embed_page_missing_from_the_build() {
    let gw = spawn_static().await;
    std::fs::remove_file(gw.dir.web().join("embed/index.html")).unwrap();
    let reply = get(&gw.url("/embed?type=album&id=1")).await;
    assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(!reply.text().contains("<html"));
}

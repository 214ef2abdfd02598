//! Built files: cache headers, precompressed negotiation, content types, the service worker.

use actix_web::http::{Method, StatusCode};

use crate::helpers::*;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

#[actix_web::test]
async fn hashed_assets_are_immutable_and_entries_are_not() {
    let gw = spawn_static().await;

    let asset = get(&gw.url("/assets/app-abc123.js")).await;
    assert_eq!(asset.status, StatusCode::OK);
    assert_eq!(asset.header("cache-control"), Some(IMMUTABLE));
    assert_eq!(
        asset.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert!(asset.header("etag").is_some());

    let css = get(&gw.url("/assets/style-9f8e.css")).await;
    assert_eq!(css.header("cache-control"), Some(IMMUTABLE));
    assert!(css.header("content-type").unwrap().starts_with("text/css"));

    let chunk = get(&gw.url("/apps/listen/assets/chunk-1a2b.js")).await;
    assert_eq!(chunk.status, StatusCode::OK);
    assert_eq!(chunk.header("cache-control"), Some(IMMUTABLE));

    let entry = get(&gw.url("/apps/listen/remoteEntry.js")).await;
    assert_eq!(entry.status, StatusCode::OK);
    assert_eq!(entry.header("cache-control"), Some("no-cache"));
    assert_eq!(entry.text(), "export const listen = 1;");

    let index = get(&gw.url("/")).await;
    assert_eq!(index.status, StatusCode::OK);
    assert_eq!(index.header("cache-control"), Some("no-cache"));
    assert!(index
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    assert_eq!(index.text(), INDEX_HTML);

    let manifest = get(&gw.url("/manifest.json")).await;
    assert_eq!(manifest.header("cache-control"), Some("no-cache"));
    assert_eq!(manifest.header("content-type"), Some("application/json"));
}

#[actix_web::test]
async fn conditional_requests_use_the_etag() {
    let gw = spawn_static().await;
    let first = get(&gw.url("/assets/app-abc123.js")).await;
    let etag = first.header("etag").unwrap().to_owned();
    let again = request(
        Method::GET,
        &gw.url("/assets/app-abc123.js"),
        &[("if-none-match", &etag)],
    )
    .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
}

#[actix_web::test]
async fn precompressed_variants_follow_accept_encoding() {
    let gw = spawn_static().await;
    let url = gw.url("/assets/app-abc123.js");
    let cases: [(Option<&str>, &str, Option<&str>); 6] = [
        (Some("gzip, deflate, br"), APP_JS_BR, Some("br")),
        (Some("br"), APP_JS_BR, Some("br")),
        (Some("gzip"), APP_JS_GZ, Some("gzip")),
        (Some("br;q=0, gzip"), APP_JS_GZ, Some("gzip")),
        (Some("identity"), APP_JS, None),
        (None, APP_JS, None),
    ];
    for (accept, body, encoding) in cases {
        let headers: Vec<(&str, &str)> =
            accept.map(|a| ("accept-encoding", a)).into_iter().collect();
        let reply = request(Method::GET, &url, &headers).await;
        assert_eq!(reply.status, StatusCode::OK, "{accept:?}");
        assert_eq!(reply.text(), body, "{accept:?}");
        assert_eq!(reply.header("content-encoding"), encoding, "{accept:?}");
        assert_eq!(reply.header("vary"), Some("Accept-Encoding"), "{accept:?}");
        // The type is the original's, not "application/x-brotli".
        assert_eq!(
            reply.header("content-type"),
            Some("text/javascript; charset=utf-8"),
            "{accept:?}"
        );
        assert_eq!(reply.header("cache-control"), Some(IMMUTABLE));
    }
}

#[actix_web::test]
async fn service_worker_is_served_at_the_root_with_scope_slash() {
    let gw = spawn_static().await;
    let sw = get(&gw.url("/serviceWorker.js")).await;
    assert_eq!(sw.status, StatusCode::OK);
    assert_eq!(sw.header("service-worker-allowed"), Some("/"));
    assert_eq!(sw.header("cache-control"), Some("no-cache"));
    assert_eq!(
        sw.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
}

#[actix_web::test]
async fn head_and_other_methods() {
    let gw = spawn_static().await;
    let head = request(Method::HEAD, &gw.url("/assets/app-abc123.js"), &[]).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.body.is_empty());
    let post = request(Method::POST, &gw.url("/library"), &[]).await;
    assert_eq!(post.status, StatusCode::METHOD_NOT_ALLOWED);
}

#[actix_web::test]
async fn micro_frontend_files_may_be_loaded_by_a_host_on_another_origin() {
    let gw = spawn_static().await;

    let entry = get(&gw.url("/apps/listen/remoteEntry.js")).await;
    assert_eq!(entry.header("access-control-allow-origin"), Some("*"));
    let chunk = get(&gw.url("/apps/listen/assets/chunk-1a2b.js")).await;
    assert_eq!(chunk.header("access-control-allow-origin"), Some("*"));

    // The host's own files stay same-origin.
    let asset = get(&gw.url("/assets/app-abc123.js")).await;
    assert_eq!(asset.header("access-control-allow-origin"), None);
    let index = get(&gw.url("/")).await;
    assert_eq!(index.header("access-control-allow-origin"), None);
}

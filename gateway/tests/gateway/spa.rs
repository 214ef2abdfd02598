//! The SPA fallback, and where it must not apply; the old entry-point redirects.

use std::time::Duration;

use actix_web::http::StatusCode;

use crate::{helpers::*, upstream};

fn assert_plain_404(reply: &Reply, what: &str) {
    assert_eq!(reply.status, StatusCode::NOT_FOUND, "{what}");
    let ct = reply.header("content-type").unwrap_or("");
    assert!(!ct.contains("html"), "{what} answered {ct}");
    assert!(!reply.text().contains("<html"), "{what} answered HTML");
}

#[actix_web::test]
async fn client_routes_get_the_index() {
    let gw = spawn_static().await;
    for path in [
        "/",
        "/library",
        "/library/albums/3",
        "/@alice",
        "/@alice@pod.example",
        "/channels/news@pod.example",
        "/manage/settings?tab=music",
    ] {
        let reply = get(&gw.url(path)).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        assert_eq!(reply.text(), INDEX_HTML, "{path}");
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
        assert!(reply
            .header("content-type")
            .unwrap()
            .starts_with("text/html"));
    }
}

#[actix_web::test]
async fn missing_files_are_plain_404s() {
    let gw = spawn_static().await;
    for path in [
        "/assets/x-123.js",
        "/assets/",
        "/apps/listen/assets/missing.js",
        "/apps/listen/",
        "/apps/nope/remoteEntry.js",
        "/missing-logo.png",
        "/library/cover.jpg",
    ] {
        assert_plain_404(&get(&gw.url(path)).await, path);
    }
}

#[actix_web::test]
async fn api_never_falls_back_in_embedded_mode() {
    let gw = spawn_embedded().await;
    let reply = get(&gw.url("/api/v1/does-not-exist")).await;
    assert_plain_404(&reply, "/api/v1/does-not-exist");
    assert!(reply
        .header("content-type")
        .unwrap()
        .starts_with("application/json"));
    assert!(reply.json().get("detail").is_some());
    // The pod's other prefixes are never the SPA either, whoever answers them.
    for path in [
        "/media/tracks/1.mp3",
        "/rest/ping.view",
        "/federation/actors/alice",
        "/.well-known/x",
    ] {
        let reply = get(&gw.url(path)).await;
        assert_ne!(reply.status, StatusCode::OK, "{path}");
        assert!(!reply.text().contains("<html"), "{path} answered HTML");
    }
}

#[actix_web::test]
async fn api_never_falls_back_in_proxy_mode() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(10)).await;
    let reply = get(&gw.url("/api/v1/does-not-exist")).await;
    assert_plain_404(&reply, "/api/v1/does-not-exist");
    assert_eq!(reply.json()["detail"], "upstream says no");
    // Also the other pod prefixes, and the bare prefix.
    for path in [
        "/api",
        "/media/x",
        "/rest/ping.view",
        "/federation/x",
        "/.well-known/x",
    ] {
        let reply = get(&gw.url(path)).await;
        assert_eq!(reply.status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(reply.json()["detail"], "upstream says no", "{path}");
    }
}

#[actix_web::test]
async fn old_entry_points_redirect_keeping_the_query() {
    let gw = spawn_static().await;
    let cases = [
        ("/index.html?_url=/library&x=1", "/?_url=/library&x=1"),
        ("/index.html", "/"),
        ("/front", "/"),
        (
            "/front?_server=https://pod.example",
            "/?_server=https://pod.example",
        ),
        ("/front/library/albums?page=2", "/library/albums?page=2"),
        ("/front//evil.example", "/evil.example"),
    ];
    for (from, to) in cases {
        let reply = get(&gw.url(from)).await;
        assert_eq!(reply.status, StatusCode::FOUND, "{from}");
        assert_eq!(reply.header("location"), Some(to), "{from}");
    }
}

#[actix_web::test]
async fn without_a_built_front_end_pages_say_so_and_the_api_works() {
    // Proxy mode to the fake pod: start-up of the embedded pod is covered above, once.
    let pod = upstream::spawn().await;
    let dir = WebDir::new();
    let mut config = proxy_config(&pod.url(), Duration::from_secs(10));
    config.web_dir = Some(dir.tmp.path().join("no-such-web"));
    let gw = spawn_with(config, dir).await;

    let page = get(&gw.url("/library")).await;
    assert_eq!(page.status, StatusCode::SERVICE_UNAVAILABLE);
    assert!(
        page.text().contains("front end is not built"),
        "{}",
        page.text()
    );
    assert_plain_404(&get(&gw.url("/assets/app-abc123.js")).await, "asset");
    let api = get(&gw.url("/api/echo/x")).await;
    assert_eq!(api.status, StatusCode::OK);
    assert_eq!(api.json()["path"], "/api/echo/x");
    let settings = get(&gw.url("/settings.json")).await;
    assert_eq!(settings.status, StatusCode::OK);
}

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::time::Duration;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, fast_options, Payload, TestPod};
use serde_json::json;

#[actix_web::test]
async fn bad_bodies_get_clear_4xx() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let post = |content_type: &'static str, bytes: Vec<u8>| {
        client.request(
            Method::POST,
            "/api/v1/users/settings/",
            Payload::Raw(content_type, bytes),
            &[],
        )
    };
    // 5 MB of JSON.
    let big = format!("{{\"language\": \"{}\"}}", "a".repeat(5 * 1024 * 1024)).into_bytes();
    assert_detail(
        &post("application/json", big).await,
        413,
        "Request body is too large.",
    );
    // Malformed JSON.
    let res = post("application/json", b"{\"language\": ".to_vec()).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["detail"]
        .as_str()
        .unwrap()
        .starts_with("JSON parse error"));
    // Not an object.
    let res = post("application/json", b"[1, 2]".to_vec()).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["non_field_errors"][0]
        .as_str()
        .unwrap()
        .contains("Expected a dictionary"));
    // Malformed multipart.
    let res = post(
        "multipart/form-data; boundary=XYZ",
        b"--XYZ\r\nno headers here".to_vec(),
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["detail"]
        .as_str()
        .unwrap()
        .starts_with("Multipart form parse error"));
    let res = post("multipart/form-data", b"whatever".to_vec()).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    // Unknown field.
    let res = post(
        "application/json",
        br#"{"language": "fr", "admin": true}"#.to_vec(),
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["admin"].is_array());
    // Unsupported media type.
    assert_detail(
        &post("text/plain", b"language=fr".to_vec()).await,
        415,
        "Unsupported media type \"text/plain\" in request.",
    );
    // Wrong type.
    let res = post("application/json", br#"{"language": 12}"#.to_vec()).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    // Negative and junk pages.
    assert_detail(
        &client.get("/api/v1/artists/?page=-3").await,
        404,
        "Invalid page.",
    );
    assert_detail(
        &client.get("/api/v1/albums/?page=abc").await,
        404,
        "Invalid page.",
    );
    // The server is still fine.
    assert_eq!(client.get("/api/v1/users/me/").await.status, StatusCode::OK);
}

#[actix_web::test]
async fn rate_limit_answers_429_with_headers() {
    let options = fast_options().with_rate_limit(5, 8, Duration::from_secs(60));
    let pod = TestPod::start_with(options).await;
    // Signing in takes two anonymous requests (GET for the CSRF cookie, then the form).
    let user = pod.login("listener").await;
    let state = user.get("/api/v1/rate-limit/").await;
    assert_eq!(state.status, StatusCode::OK);
    assert_eq!(state.header("x-ratelimit-scope"), Some("authenticated"));
    let body = state.json();
    assert_eq!(body["enabled"], true);
    assert_eq!(body["ident"]["type"], "authenticated");
    assert_eq!(body["scopes"][0]["limit"], 8);
    assert_eq!(body["scopes"][0]["remaining"], 7);

    let anon = pod.client();
    let mut last = None;
    for _ in 0..3 {
        let res = anon.get("/api/v1/instance/settings/").await;
        assert_eq!(res.status, StatusCode::OK);
        last = Some(res);
    }
    let last = last.unwrap();
    assert_eq!(last.header("x-ratelimit-limit"), Some("5"));
    assert_eq!(last.header("x-ratelimit-remaining"), Some("0"));
    assert_eq!(last.header("x-ratelimit-scope"), Some("anonymous"));
    let res = anon.get("/api/v1/instance/settings/").await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(res.json()["detail"]
        .as_str()
        .unwrap()
        .starts_with("Request was throttled."));
    for header in [
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-duration",
        "x-ratelimit-reset",
        "x-ratelimit-resetseconds",
        "x-ratelimit-available",
        "x-ratelimit-availableseconds",
        "retry-after",
    ] {
        assert!(res.header(header).is_some(), "missing {header}");
    }
    assert_eq!(res.header("x-ratelimit-duration"), Some("60"));
    let wait: u64 = res.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait));
    // The signed-in caller is not affected by the anonymous window.
    assert_eq!(user.get("/api/v1/users/me/").await.status, StatusCode::OK);
}

#[actix_web::test]
async fn plain_get_on_activity_lists_nothing() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let res = client.get("/api/v1/activity/").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.json()["results"], json!([]));
    assert_eq!(
        pod.client().get("/api/v1/activity/").await.status,
        StatusCode::UNAUTHORIZED
    );
}

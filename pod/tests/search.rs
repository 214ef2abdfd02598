//! Global search against a real embedded pod.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod common;

use actix_web::http::StatusCode;
use common::{assert_detail, TestPod};

#[actix_web::test]
async fn search_returns_every_group() {
    let pod = TestPod::start().await;
    let anonymous = pod.client();
    assert_detail(
        &anonymous.get("/api/v1/search?q=tide").await,
        401,
        "Authentication credentials were not provided.",
    );

    let client = pod.login("listener").await;
    // No trailing slash, as a real pod; the slash form answers too.
    for path in [
        "/api/v1/search?q=tide",
        "/api/v1/search/?q=tide",
        "/api/v2/search?q=tide",
    ] {
        let res = client.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.text());
        let body = res.json();
        for group in ["artists", "albums", "tracks", "tags"] {
            assert!(body[group].is_array(), "{group} missing");
        }
        assert_eq!(body["artists"][0]["name"], "Aurora Tide");
        assert!(body["artists"][0]["albums"].is_array());
        // Albums match on their title or their artist's name.
        let albums: Vec<&str> = body["albums"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["title"].as_str().unwrap())
            .collect();
        assert!(albums.contains(&"Low Tide Lights"), "{albums:?}");
        assert!(body["albums"].as_array().unwrap().len() <= 3);
        assert!(!body["tracks"].as_array().unwrap().is_empty());
        assert!(body["tracks"][0]["uploads"].is_array());
    }

    let tags = client.get("/api/v1/search?q=jazz").await.json();
    assert_eq!(tags["tags"][0]["name"], "jazz");

    // Every word must match somewhere.
    let both = client.get("/api/v1/search?q=harbour%20dawn").await.json();
    assert_eq!(both["tracks"][0]["title"], "Harbour at Dawn");
    let none = client.get("/api/v1/search?q=harbour%20zebra").await.json();
    assert!(none["tracks"].as_array().unwrap().is_empty());

    assert_detail(
        &client.get("/api/v1/search?q=%20").await,
        400,
        "empty query",
    );
    assert_detail(&client.get("/api/v1/search").await, 400, "empty query");
}

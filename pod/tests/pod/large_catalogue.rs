#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::time::Instant;

use actix_web::http::StatusCode;
use common::{fast_options, serve, Client, PASSWORD};
use pod::{seed_large_catalogue, Pod, PodConfig};

#[actix_web::test]
async fn large_catalogue_is_bulk_inserted_and_listed() {
    let dir = tempfile::tempdir().unwrap();
    let config = PodConfig::new(dir.path(), "http://127.0.0.1").with_demo_password(PASSWORD);
    // First start seeds the demo (with the shared audio cache), then the bulk seed.
    Pod::open_with(config.clone(), fast_options())
        .await
        .unwrap();
    let started = Instant::now();
    seed_large_catalogue(&config, 5_000).await.unwrap();
    let took = started.elapsed();
    assert!(took.as_secs() < 60, "bulk seed took {took:?}");

    let (base, server) = serve(dir.path(), fast_options()).await;
    let client = Client::new(&base);
    assert_eq!(
        client.login("listener", PASSWORD).await.status,
        StatusCode::OK
    );
    let tracks = client.get("/api/v1/tracks/?page_size=50").await.json();
    assert!(tracks["count"].as_i64().unwrap() >= 5_040);
    assert_eq!(tracks["results"].as_array().unwrap().len(), 50);
    assert!(tracks["results"][0]["uploads"][0]["listen_url"].is_string());
    let albums = client
        .get("/api/v1/albums/?ordering=-creation_date")
        .await
        .json();
    assert!(albums["count"].as_i64().unwrap() >= 506);
    let found = client.get("/api/v1/tracks/?q=Velvet").await.json();
    assert!(found["count"].as_i64().unwrap() > 0);
    // A frequent term (hundreds of matches) takes the creation-index path: the pages still come
    // newest first, every track matches, and page 2 follows page 1 without overlap.
    let first = client
        .get("/api/v1/tracks/?q=velvet&page_size=50")
        .await
        .json();
    assert!(
        first["count"].as_i64().unwrap() >= 500,
        "{}",
        first["count"]
    );
    let second = client
        .get("/api/v1/tracks/?q=velvet&page_size=50&page=2")
        .await
        .json();
    let rows: Vec<&serde_json::Value> = first["results"]
        .as_array()
        .unwrap()
        .iter()
        .chain(second["results"].as_array().unwrap())
        .collect();
    assert_eq!(rows.len(), 100);
    for row in &rows {
        let text = format!(
            "{} {} {}",
            row["title"], row["artist"]["name"], row["album"]["title"]
        )
        .to_lowercase();
        assert!(text.contains("velvet"), "{text}");
    }
    let keys: Vec<(String, i64)> = rows
        .iter()
        .map(|r| {
            (
                r["creation_date"].as_str().unwrap().to_owned(),
                r["id"].as_i64().unwrap(),
            )
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    sorted.dedup();
    assert_eq!(keys, sorted);
    // A search alone is answered from the search cache; with one more filter that keeps every
    // match (all these tracks have audio), from SQL alone. Both give the same count and pages.
    for page in ["1", "2", "7"] {
        let cached = client
            .get(&format!(
                "/api/v1/tracks/?q=velvet&page_size=25&page={page}"
            ))
            .await
            .json();
        let by_sql = client
            .get(&format!(
                "/api/v1/tracks/?q=velvet&page_size=25&page={page}&playable=true"
            ))
            .await
            .json();
        assert_eq!(cached["count"], by_sql["count"]);
        assert_eq!(cached["results"], by_sql["results"], "page {page}");
    }
    // The reused audio streams.
    let url = tracks["results"][0]["uploads"][0]["listen_url"]
        .as_str()
        .unwrap()
        .to_owned();
    let res = client.get_with(&url, &[("Range", "bytes=0-3")]).await;
    assert_eq!(res.status, StatusCode::PARTIAL_CONTENT);
    server.stop(true).await;
}

//! Remote objects and library scans: `federation/fetches/`, `federation/libraries/fetch/`,
//! `federation/libraries/{uuid}/` and its `scan/`, against a real embedded pod and a small
//! stand-in "remote server" that answers each way a fetch can fail.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::content_support;

use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{web, App, HttpResponse, HttpServer};
use common::{Client, TestPod};
use content_support::*;
use serde_json::{json, Value};

/// A server that is not a pod: 404s, HTML, JSON that is not an object of the fediverse, one that
/// is, and an answer that never comes. Returns its base URL.
fn remote_server() -> String {
    let server = HttpServer::new(|| {
        App::new()
            .route("/missing", web::get().to(HttpResponse::NotFound))
            .route(
                "/page",
                web::get().to(|| async {
                    HttpResponse::Ok()
                        .content_type("text/html")
                        .body("<html>hello</html>")
                }),
            )
            .route(
                "/plain",
                web::get().to(|| async { HttpResponse::Ok().json(json!({"hello": "world"})) }),
            )
            .route(
                "/library",
                web::get().to(|| async {
                    HttpResponse::Ok()
                        .content_type("application/activity+json")
                        .json(json!({"id": "https://elsewhere.example/lib", "type": "Library"}))
                }),
            )
            .route(
                "/slow",
                web::get().to(|| async {
                    actix_web::rt::time::sleep(Duration::from_secs(30)).await;
                    HttpResponse::Ok().finish()
                }),
            )
    })
    .workers(1)
    .bind(("127.0.0.1", 0))
    .unwrap();
    let addr = server.addrs()[0];
    actix_web::rt::spawn(server.run());
    format!("http://{addr}")
}

/// A loopback address where nothing listens.
fn closed_port_url() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    drop(listener);
    format!("http://127.0.0.1:{port}/federation/music/libraries/x")
}

async fn wait_fetch(client: &Client, id: i64) -> Value {
    for _ in 0..100 {
        let value = client
            .get(&format!("/api/v1/federation/fetches/{id}/"))
            .await
            .json();
        if value["status"] != "pending" {
            return value;
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("fetch {id} did not end");
}

async fn fetch(client: &Client, object: &str) -> Value {
    let res = client
        .post_json("/api/v1/federation/fetches/", json!({ "object": object }))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let created = res.json();
    assert!(created["url"].is_string(), "{created}");
    wait_fetch(client, created["id"].as_i64().unwrap()).await
}

#[actix_web::test]
async fn fetches_resolve_local_objects_and_tell_remote_failures_apart() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let remote = remote_server();
    let library = create_library(&admin, "Shared", "everyone").await;

    // Bad input.
    let res = listener
        .post_json("/api/v1/federation/fetches/", json!({}))
        .await;
    assert_eq!(res.json(), json!({"object": ["This field is required."]}));
    let res = listener
        .post_json(
            "/api/v1/federation/fetches/",
            json!({"object": "not a thing"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["object"][0].is_string());

    // This pod's own objects resolve at once.
    let fid = format!("{}/federation/music/libraries/{library}", pod.base);
    let done = fetch(&listener, &fid).await;
    assert_eq!(done["status"], "finished", "{done}");
    assert_eq!(done["url"], fid.as_str());
    assert_eq!(done["actor"]["preferred_username"], "listener");
    assert!(done["fetch_date"].is_string());
    let domain = pod.base.trim_start_matches("http://");
    let done = fetch(&listener, &format!("@admin@{domain}")).await;
    assert_eq!(done["status"], "finished", "{done}");
    let gone = fetch(
        &listener,
        &format!(
            "{}/federation/music/libraries/00000000-0000-0000-0000-000000000000",
            pod.base
        ),
    )
    .await;
    assert_eq!(gone["status"], "errored");
    assert_eq!(
        gone["detail"],
        json!({"error_code": "http", "status_code": 404})
    );

    // A recent finished fetch of the same URL is answered again, unless forced.
    let again = listener
        .post_json("/api/v1/federation/fetches/", json!({ "object": fid }))
        .await
        .json();
    let first = fetch(&listener, &fid).await;
    assert_eq!(again["id"], first["id"]);
    let forced = listener
        .post_json(
            "/api/v1/federation/fetches/",
            json!({ "object": fid, "force": true }),
        )
        .await
        .json();
    assert_ne!(forced["id"], first["id"]);

    // Remote servers: every way of failing, told apart.
    let refused = fetch(&listener, &closed_port_url()).await;
    assert_eq!(refused["status"], "errored");
    assert_eq!(refused["detail"]["error_code"], "connection", "{refused}");
    let missing = fetch(&listener, &format!("{remote}/missing")).await;
    assert_eq!(
        missing["detail"],
        json!({"error_code": "http", "status_code": 404})
    );
    let page = fetch(&listener, &format!("{remote}/page")).await;
    assert_eq!(page["detail"], json!({"error_code": "invalid_json"}));
    let plain = fetch(&listener, &format!("{remote}/plain")).await;
    assert_eq!(plain["detail"]["error_code"], "validation");
    assert_eq!(
        plain["detail"]["validation_errors"]["type"],
        json!(["This field is required."])
    );
    let object = fetch(&listener, &format!("{remote}/library")).await;
    assert_eq!(object["detail"], json!({"error_code": "unhandled"}));
    let slow = fetch(&listener, &format!("{remote}/slow")).await;
    assert_eq!(slow["detail"], json!({"error_code": "timeout"}));

    // Fetches are private to who asked.
    let id = slow["id"].as_i64().unwrap();
    let res = admin
        .get(&format!("/api/v1/federation/fetches/{id}/"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = pod
        .client()
        .post_json("/api/v1/federation/fetches/", json!({ "object": fid }))
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn library_fetch_finds_a_library_by_its_sharing_link() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let remote = remote_server();
    let private = create_library(&admin, "Secret", "me").await;

    let res = listener
        .post_json("/api/v1/federation/libraries/fetch/", json!({}))
        .await;
    assert_eq!(res.json(), json!({"fid": ["This field is required."]}));
    let res = listener
        .post_json(
            "/api/v1/federation/libraries/fetch/",
            json!({"fid": "nope"}),
        )
        .await;
    assert_eq!(res.json(), json!({"fid": ["Enter a valid URL."]}));

    // The sharing link of a private library: shown, so that one can ask to follow it.
    let fid = format!("{}/federation/music/libraries/{private}", pod.base);
    let res = listener
        .post_json("/api/v1/federation/libraries/fetch/", json!({ "fid": fid }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let found = res.json();
    assert_eq!(found["count"], 1);
    let library = &found["results"][0];
    assert_eq!(library["uuid"], private.as_str());
    assert_eq!(library["fid"], fid.as_str());
    assert_eq!(library["privacy_level"], "me");
    assert_eq!(library["follow"], Value::Null);
    assert_eq!(library["latest_scan"], Value::Null);
    assert_eq!(library["actor"]["preferred_username"], "admin");

    // Following it shows in `follow` (pending until the owner approves).
    let res = listener
        .post_json(
            "/api/v1/federation/follows/library/",
            json!({ "target": private }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let library = listener
        .get(&format!("/api/v1/federation/libraries/{private}/"))
        .await
        .json();
    assert_eq!(library["follow"]["approved"], Value::Null, "{library}");

    // Failures: 400 with a detail saying why.
    let res = listener
        .post_json(
            "/api/v1/federation/libraries/fetch/",
            json!({ "fid": closed_port_url() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let detail = res.json()["detail"].as_str().unwrap().to_owned();
    assert!(
        detail.starts_with("Error while fetching the library: cannot connect to 127.0.0.1:"),
        "{detail}"
    );
    let res = listener
        .post_json(
            "/api/v1/federation/libraries/fetch/",
            json!({ "fid": format!("{remote}/missing") }),
        )
        .await;
    let detail = res.json()["detail"].as_str().unwrap().to_owned();
    assert!(detail.contains("HTTP status 404"), "{detail}");
    let res = listener
        .post_json(
            "/api/v1/federation/libraries/fetch/",
            json!({ "fid": format!("{remote}/page") }),
        )
        .await;
    let detail = res.json()["detail"].as_str().unwrap().to_owned();
    assert!(
        detail.starts_with("Invalid data in remote library:"),
        "{detail}"
    );
    let res = listener
        .post_json(
            "/api/v1/federation/libraries/fetch/",
            json!({ "fid": format!("{}/federation/music/libraries/00000000-0000-0000-0000-000000000000", pod.base) }),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        listener
            .get("/api/v1/federation/libraries/00000000-0000-0000-0000-000000000000/")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

async fn wait_scan(client: &Client, library: &str) -> Value {
    for _ in 0..100 {
        let value = client
            .get(&format!("/api/v1/federation/libraries/{library}/"))
            .await
            .json();
        let status = value["latest_scan"]["status"].as_str().unwrap_or_default();
        if status != "pending" && status != "scanning" {
            return value["latest_scan"].clone();
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("scan of {library} did not end");
}

#[actix_web::test]
async fn a_library_scan_counts_files_and_is_skipped_when_too_recent() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let library = create_library(&admin, "Open", "everyone").await;
    let private = create_library(&admin, "Closed", "me").await;
    let (_, url) = group(&admin).await;
    let song = tagged(
        flac(3),
        "flac",
        &TagSet {
            title: "Scanned",
            artist: "Band",
            album: "Record",
            track: 1,
        },
    );
    let res = upload_to(&admin, &url, &library, "a.flac", &song, "{}").await;
    let good = wait_import(&admin, res.json()["guid"].as_str().unwrap()).await;
    assert_eq!(good["import_status"], "finished");
    let res = upload_to(&admin, &url, &library, "b.mp3", b"not audio at all", "{}").await;
    let bad = wait_import(&admin, res.json()["guid"].as_str().unwrap()).await;
    assert_eq!(bad["import_status"], "errored");

    // Unauthenticated, unknown, not viewable: refused.
    let scan_path = |uuid: &str| format!("/api/v1/federation/libraries/{uuid}/scan/");
    let res = pod
        .client()
        .post_json(&scan_path(&library), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    let res = listener.post_json(&scan_path(&private), json!({})).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // One's own library is never scanned.
    let res = admin.post_json(&scan_path(&library), json!({})).await;
    assert_eq!(res.json(), json!({"status": "skipped"}));

    let res = listener.post_json(&scan_path(&library), json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let scheduled = res.json();
    assert_eq!(scheduled["status"], "scheduled", "{scheduled}");
    assert_eq!(scheduled["scan"]["status"], "pending");
    for key in ["total_files", "processed_files", "errored_files"] {
        assert_eq!(scheduled["scan"][key], 0, "{key}");
    }
    let scan = wait_scan(&listener, &library).await;
    assert_eq!(scan["status"], "finished", "{scan}");
    assert_eq!(scan["total_files"], 2);
    assert_eq!(scan["processed_files"], 2);
    assert_eq!(scan["errored_files"], 1);
    assert!(scan["modification_date"].is_string());

    // Too soon after the previous scan: skipped, by anyone.
    let res = listener.post_json(&scan_path(&library), json!({})).await;
    assert_eq!(res.json(), json!({"status": "skipped"}));
    let res = pod.login("moderator").await;
    let res = res.post_json(&scan_path(&library), json!({})).await;
    assert_eq!(res.json(), json!({"status": "skipped"}));
}

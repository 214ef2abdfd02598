//! The administrators' user list (`manage/users/users/`) against a real pod: Funkwhale's
//! shape, filters and update, and the pod's service account (owner of the channels made from
//! RSS feeds) in no list or count of users, as on a real pod where it has no account.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::{web, App, HttpResponse, HttpServer};
use common::{Client, Payload, TestPod};
use serde_json::{json, Value};

/// A one-episode podcast feed on a loopback port.
async fn feed_server() -> (String, actix_web::dev::ServerHandle) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let body = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Quiet Hours</title><link>{base}/</link>
<item><title>One</title><enclosure url="{base}/1.mp3" length="10" type="audio/mpeg"/></item>
</channel></rss>"#
    );
    let server = HttpServer::new(move || {
        let body = body.clone();
        App::new().route(
            "/feed.xml",
            web::get().to(move || {
                let body = body.clone();
                async move {
                    HttpResponse::Ok()
                        .content_type("application/rss+xml")
                        .body(body)
                }
            }),
        )
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    let handle = server.handle();
    actix_web::rt::spawn(server);
    (base, handle)
}

fn usernames(page: &Value) -> Vec<String> {
    page["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["username"].as_str().unwrap().to_owned())
        .collect()
}

async fn users(admin: &Client, query: &str) -> Value {
    let res = admin
        .get(&format!("/api/v1/manage/users/users/{query}"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

async fn patch(client: &Client, id: i64, body: Value) -> common::Response {
    client
        .request(
            Method::PATCH,
            &format!("/api/v1/manage/users/users/{id}/"),
            Payload::Json(body),
            &[],
        )
        .await
}

async fn nodeinfo_users(client: &Client) -> Value {
    client.get("/api/v1/instance/nodeinfo/2.1/").await.json()["usage"]["users"].clone()
}

#[actix_web::test]
async fn the_service_account_is_in_no_user_list_or_count() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let before = users(&admin, "").await;
    let people = usernames(&before);
    let nodeinfo_before = nodeinfo_users(&listener).await;

    // Subscribing to a podcast by its feed makes the channel's owner: the service account.
    let (feeds, server) = feed_server().await;
    let res = listener
        .post_json(
            "/api/v1/channels/rss-subscribe/",
            json!({"url": format!("{feeds}/feed.xml")}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    server.stop(true).await;

    // Not among the users, however they are filtered, searched or ordered.
    let after = users(&admin, "").await;
    assert_eq!(after["count"], before["count"], "{after}");
    assert_eq!(usernames(&after), people);
    for query in [
        "?is_active=false",
        "?q=service",
        "?ordering=username&page_size=100",
        "?privacy_level=me",
    ] {
        let page = users(&admin, query).await;
        assert!(
            !usernames(&page).iter().any(|u| u.starts_with("service")),
            "{query}: {page}"
        );
    }
    assert_eq!(users(&admin, "?is_active=false").await["count"], 0);
    // Nor reachable one by one (the ids around the people's).
    let top = after["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_i64().unwrap())
        .max()
        .unwrap();
    for id in 1..=top + 3 {
        let res = admin
            .get(&format!("/api/v1/manage/users/users/{id}/"))
            .await;
        if res.status == StatusCode::OK {
            assert!(
                people.contains(&res.json()["username"].as_str().unwrap().to_owned()),
                "{}",
                res.text()
            );
        } else {
            assert_eq!(res.status, StatusCode::NOT_FOUND);
            let res = patch(&admin, id, json!({"is_active": true})).await;
            assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());
        }
    }
    // And not counted by nodeinfo.
    assert_eq!(nodeinfo_users(&listener).await, nodeinfo_before);
}

#[actix_web::test]
async fn administrators_list_and_update_users_like_a_real_pod() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;

    // Settings permission only.
    let res = listener.get("/api/v1/manage/users/users/").await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = pod.client().get("/api/v1/manage/users/users/").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);

    let page = users(&admin, "?ordering=username").await;
    assert_eq!(
        usernames(&page),
        ["admin", "listener", "moderator"],
        "{page}"
    );
    assert!(page["next"].is_null() && page["previous"].is_null());
    let me = page["results"][1].clone();
    let id = me["id"].as_i64().unwrap();
    for key in [
        "id",
        "username",
        "actor",
        "email",
        "name",
        "is_active",
        "is_staff",
        "is_superuser",
        "date_joined",
        "last_activity",
        "permissions",
        "privacy_level",
        "upload_quota",
        "full_username",
    ] {
        assert!(me.get(key).is_some(), "{key} missing: {me}");
    }
    assert_eq!(me["actor"]["preferred_username"], "listener");
    assert!(me["full_username"]
        .as_str()
        .unwrap()
        .starts_with("listener@"));
    assert_eq!(
        me["permissions"],
        json!({"library": false, "moderation": false, "settings": false})
    );
    assert_eq!(usernames(&users(&admin, "?q=LISTEN").await), ["listener"]);
    assert_eq!(
        usernames(&users(&admin, "?is_superuser=true").await),
        ["admin"]
    );
    assert_eq!(
        usernames(&users(&admin, "?permission_moderation=true&ordering=username").await),
        ["admin", "moderator"]
    );
    assert_eq!(
        usernames(&users(&admin, "?permission_moderation=false").await),
        ["listener"]
    );

    // Bad input: field errors, nothing changed.
    let res = patch(
        &admin,
        id,
        json!({"is_staff": "maybe", "upload_quota": "lots", "permissions": "all"}),
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!({
            "is_staff": ["Must be a valid boolean."],
            "upload_quota": ["A valid integer is required."],
            "permissions": ["Expected a dictionary of items."]
        })
    );
    // A PUT carries every field without a default.
    let res = admin
        .request(
            Method::PUT,
            &format!("/api/v1/manage/users/users/{id}/"),
            Payload::Json(json!({"name": "Lis"})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!({
            "upload_quota": ["This field is required."],
            "permissions": ["This field is required."]
        })
    );
    let res = admin
        .get(&format!("/api/v1/manage/users/users/{id}/"))
        .await;
    assert_eq!(res.json(), me);

    let res = patch(
        &admin,
        id,
        json!({"name": "Lis", "upload_quota": 500, "permissions": {"library": true}}),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let changed = res.json();
    assert_eq!(changed["name"], "Lis");
    assert_eq!(changed["upload_quota"], 500);
    assert_eq!(
        changed["permissions"],
        json!({"library": true, "moderation": false, "settings": false})
    );
    // The listener now has the library permission.
    let me = listener.get("/api/v1/users/me/").await.json();
    assert_eq!(me["permissions"]["library"], true);

    // Deactivated: signed out of everything.
    let res = patch(&admin, id, json!({"is_active": false})).await;
    assert_eq!(res.json()["is_active"], false);
    let res = listener.get("/api/v1/users/me/").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{}", res.text());
    assert_eq!(
        usernames(&users(&admin, "?is_active=false").await),
        ["listener"]
    );

    let res = admin.get("/api/v1/manage/users/users/999999/").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = admin.get("/api/v1/manage/users/users/nope/").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

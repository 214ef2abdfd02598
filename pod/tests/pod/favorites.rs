//! Favorites and listening history against a real embedded pod.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, Payload, TestPod};
use serde_json::{json, Value};

async fn track_ids(client: &common::Client, n: usize) -> Vec<i64> {
    let tracks = client
        .get(&format!("/api/v1/tracks/?page_size={n}&ordering=title"))
        .await
        .json();
    tracks["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_i64().unwrap())
        .collect()
}

#[actix_web::test]
async fn favorites_need_authentication() {
    let pod = TestPod::start().await;
    let anonymous = pod.client();
    for path in [
        "/api/v1/favorites/tracks/",
        "/api/v1/favorites/tracks/all/",
        "/api/v1/history/listenings/",
    ] {
        assert_detail(
            &anonymous.get(path).await,
            401,
            "Authentication credentials were not provided.",
        );
    }
    let res = anonymous
        .post_json("/api/v1/favorites/tracks/", json!({"track": 1}))
        .await;
    assert_detail(&res, 401, "Authentication credentials were not provided.");
    let res = anonymous
        .post_json("/api/v1/history/listenings/", json!({"track": 1}))
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn favorite_list_all_and_remove() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let ids = track_ids(&client, 3).await;

    let res = client
        .post_json("/api/v1/favorites/tracks/", json!({"track": ids[0]}))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let created = res.json();
    assert_eq!(created["track"], ids[0]);
    assert!(created["id"].as_i64().is_some());
    assert!(created["creation_date"].as_str().is_some());
    // Favoriting twice is not an error and keeps one favorite.
    let again = client
        .post_json("/api/v1/favorites/tracks/", json!({"track": ids[0]}))
        .await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.json()["id"], created["id"]);
    // Form bodies work too, as DRF parses them.
    let res = client
        .post_form(
            "/api/v1/favorites/tracks/",
            &[("track", &ids[1].to_string())],
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    let all = client.get("/api/v1/favorites/tracks/all/").await;
    assert_eq!(all.status, StatusCode::OK);
    let all = all.json();
    assert_eq!(all["count"], 2);
    assert_eq!(
        all["results"][0],
        json!({"id": created["id"], "track": ids[0]})
    );

    let list = client
        .get("/api/v1/favorites/tracks/?scope=me&ordering=-creation_date&page_size=1")
        .await
        .json();
    assert_eq!(list["count"], 2);
    assert_eq!(list["results"].as_array().unwrap().len(), 1);
    assert!(list["next"].as_str().unwrap().contains("page=2"));
    let item = &list["results"][0];
    assert_eq!(item["track"]["id"], ids[1]);
    assert_eq!(item["user"]["username"], "listener");
    assert!(item["actor"]["full_username"]
        .as_str()
        .unwrap()
        .starts_with("listener@127.0.0.1:"));
    assert!(item["track"]["uploads"].as_array().is_some());
    let page2 = client.get(list["next"].as_str().unwrap()).await.json();
    assert_eq!(page2["results"][0]["track"]["id"], ids[0]);
    assert!(page2["previous"].is_string());

    // Another user sees the listener's favorites (privacy: instance) but not as theirs.
    let other = pod.login("moderator").await;
    let mine = other.get("/api/v1/favorites/tracks/?scope=me").await.json();
    assert_eq!(mine["count"], 0);
    let everyone = other.get("/api/v1/favorites/tracks/").await.json();
    assert_eq!(everyone["count"], 2);
    // …and cannot delete them (404 as a real pod's owner check).
    let fav_id = created["id"].as_i64().unwrap();
    let res = other
        .request(
            Method::DELETE,
            &format!("/api/v1/favorites/tracks/{fav_id}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_detail(&res, 404, "Not found.");

    let res = client
        .post_json("/api/v1/favorites/tracks/remove/", json!({"track": ids[0]}))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    // Removing what is not a favorite: 400 with an empty object, as a real pod.
    let res = client
        .post_json("/api/v1/favorites/tracks/remove/", json!({"track": ids[0]}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json(), json!({}));
    let res = client
        .request(
            Method::DELETE,
            "/api/v1/favorites/tracks/remove/",
            Payload::Json(json!({"track": ids[1]})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let all = client.get("/api/v1/favorites/tracks/all/").await.json();
    assert_eq!(all, json!({"count": 0, "results": []}));
}

#[actix_web::test]
async fn favorite_bad_input_has_field_errors() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let cases: [(Value, &str); 4] = [
        (json!({}), "This field is required."),
        (json!({"track": null}), "This field may not be null."),
        (
            json!({"track": "abc"}),
            "Incorrect type. Expected pk value, received str.",
        ),
        (
            json!({"track": 999_999}),
            "Invalid pk \"999999\" - object does not exist.",
        ),
    ];
    for (body, message) in cases {
        let res = client.post_json("/api/v1/favorites/tracks/", body).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
        assert_eq!(res.json(), json!({"track": [message]}));
    }
    let res = client
        .request(
            Method::DELETE,
            "/api/v1/favorites/tracks/abc/",
            Payload::None,
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn listenings_are_recorded_listed_and_scoped() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let ids = track_ids(&client, 2).await;
    for id in [ids[0], ids[1], ids[0]] {
        let res = client
            .post_json("/api/v1/history/listenings/", json!({"track": id}))
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let body = res.json();
        assert_eq!(body["track"], id);
        assert!(body["user"].as_i64().is_some());
        assert!(body["id"].as_i64().is_some());
    }
    let res = client
        .post_json(
            "/api/v1/history/listenings/",
            json!({"track": ids[1], "creation_date": "yesterday"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["creation_date"][0]
        .as_str()
        .unwrap()
        .starts_with("Datetime has wrong format."));
    let res = client
        .post_json("/api/v1/history/listenings/", json!({"track": 0}))
        .await;
    assert_eq!(
        res.json(),
        json!({"track": ["Invalid pk \"0\" - object does not exist."]})
    );

    let full = client.get("/api/v1/users/me/").await.json()["full_username"]
        .as_str()
        .unwrap()
        .to_owned();
    let latest = client
        .get(&format!(
            "/api/v1/history/listenings?scope=actor:{full}&ordering=-creation_date&page_size=1"
        ))
        .await;
    assert_eq!(latest.status, StatusCode::OK, "{}", latest.text());
    let latest = latest.json();
    assert_eq!(latest["count"], 3);
    assert_eq!(latest["results"][0]["track"]["id"], ids[0]);
    assert_eq!(latest["results"][0]["user"]["username"], "listener");
    let oldest = client
        .get("/api/v1/history/listenings/?scope=me&ordering=creation_date")
        .await
        .json();
    assert_eq!(oldest["results"][0]["track"]["id"], ids[0]);
    assert_eq!(oldest["results"][1]["track"]["id"], ids[1]);
    let id = oldest["results"][1]["id"].as_i64().unwrap();
    let one = client
        .get(&format!("/api/v1/history/listenings/{id}/"))
        .await
        .json();
    assert_eq!(one["track"]["id"], ids[1]);

    let other = pod.login("moderator").await;
    let theirs = other
        .get("/api/v1/history/listenings/?scope=me")
        .await
        .json();
    assert_eq!(theirs["count"], 0);
    let nobody = other
        .get("/api/v1/history/listenings/?scope=actor:nobody@elsewhere.example")
        .await
        .json();
    assert_eq!(nobody["count"], 0);
    let res = client.get("/api/v1/history/listenings/?page=9").await;
    assert_detail(&res, 404, "Invalid page.");
}

//! Playlists against a real embedded pod: CRUD, visibility, owner-only writes, track editing.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, Client, Payload, TestPod};
use serde_json::{json, Value};

async fn track_ids(client: &Client, n: usize) -> Vec<i64> {
    client
        .get(&format!("/api/v1/tracks/?page_size={n}&ordering=title"))
        .await
        .json()["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_i64().unwrap())
        .collect()
}

async fn send(client: &Client, method: Method, path: &str, body: Value) -> common::Response {
    client.request(method, path, Payload::Json(body), &[]).await
}

async fn order(client: &Client, id: i64) -> Vec<i64> {
    let res = client
        .get(&format!("/api/v1/playlists/{id}/tracks/?page_size=100"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let body = res.json();
    let results = body["results"].as_array().unwrap();
    for (i, entry) in results.iter().enumerate() {
        assert_eq!(entry["index"], i, "indexes stay contiguous");
    }
    results
        .iter()
        .map(|e| e["track"]["id"].as_i64().unwrap())
        .collect()
}

#[actix_web::test]
async fn playlists_need_authentication() {
    let pod = TestPod::start().await;
    let anonymous = pod.client();
    assert_detail(
        &anonymous.get("/api/v1/playlists/").await,
        401,
        "Authentication credentials were not provided.",
    );
    let res = anonymous
        .post_json("/api/v1/playlists/", json!({"name": "x"}))
        .await;
    assert_detail(&res, 401, "Authentication credentials were not provided.");
}

#[actix_web::test]
async fn create_edit_and_list_playlists() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;

    let res = client
        .post_json(
            "/api/v1/playlists/",
            json!({"name": "Road trip", "privacy_level": "me"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let playlist = res.json();
    for key in [
        "id",
        "name",
        "user",
        "modification_date",
        "creation_date",
        "privacy_level",
        "tracks_count",
        "album_covers",
        "duration",
        "is_playable",
        "actor",
    ] {
        assert!(playlist.get(key).is_some(), "playlist lacks {key}");
    }
    assert_eq!(playlist["tracks_count"], 0);
    assert_eq!(playlist["user"]["username"], "listener");
    let id = playlist["id"].as_i64().unwrap();

    // Bad input: the real field errors.
    let res = client.post_json("/api/v1/playlists/", json!({})).await;
    assert_eq!(res.json(), json!({"name": ["This field is required."]}));
    let res = client
        .post_json(
            "/api/v1/playlists/",
            json!({"name": "x".repeat(51), "privacy_level": "public"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!({
            "name": ["Ensure this field has no more than 50 characters."],
            "privacy_level": ["\"public\" is not a valid choice."]
        })
    );

    let res = send(
        &client,
        Method::PATCH,
        &format!("/api/v1/playlists/{id}/"),
        json!({"name": "Road trip 2", "privacy_level": "instance"}),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["name"], "Road trip 2");
    assert_eq!(res.json()["privacy_level"], "instance");

    let mine = client.get("/api/v1/playlists/?scope=me").await.json();
    assert_eq!(mine["count"], 1);
    assert_eq!(mine["results"][0]["id"], id);
    let all = client
        .get("/api/v1/playlists/?ordering=name&page_size=1")
        .await
        .json();
    assert_eq!(all["count"], 2, "own playlist and the demo one");
    assert_eq!(all["results"][0]["name"], "Demo favourites");
    assert!(all["next"].as_str().unwrap().contains("page=2"));
    let found = client.get("/api/v1/playlists/?q=road").await.json();
    assert_eq!(found["count"], 1);

    // Visibility and owner-only writes.
    let other = pod.login("moderator").await;
    assert_eq!(
        other.get(&format!("/api/v1/playlists/{id}/")).await.status,
        StatusCode::OK
    );
    let res = send(
        &other,
        Method::PATCH,
        &format!("/api/v1/playlists/{id}/"),
        json!({"name": "Mine now"}),
    )
    .await;
    assert_detail(&res, 404, "Not found.");
    let res = other
        .request(
            Method::DELETE,
            &format!("/api/v1/playlists/{id}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_detail(&res, 404, "Not found.");
    send(
        &client,
        Method::PATCH,
        &format!("/api/v1/playlists/{id}/"),
        json!({"privacy_level": "me"}),
    )
    .await;
    assert_detail(
        &other.get(&format!("/api/v1/playlists/{id}/")).await,
        404,
        "Not found.",
    );
    assert_eq!(
        other
            .get(&format!("/api/v1/playlists/{id}/tracks/"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );

    let res = client
        .request(
            Method::DELETE,
            &format!("/api/v1/playlists/{id}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(
        client.get(&format!("/api/v1/playlists/{id}/")).await.status,
        StatusCode::NOT_FOUND
    );
}

#[actix_web::test]
async fn add_duplicates_move_remove_and_clear() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let ids = track_ids(&client, 4).await;
    let id = client
        .post_json("/api/v1/playlists/", json!({"name": "Mix"}))
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let add = format!("/api/v1/playlists/{id}/add/");

    let res = client
        .post_json(
            &add,
            json!({"tracks": [ids[0], ids[1], ids[2]], "allow_duplicates": false}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let added = res.json();
    assert_eq!(added["count"], 3);
    assert_eq!(added["results"][2]["index"], 2);
    assert_eq!(added["results"][0]["track"]["id"], ids[0]);

    // A duplicate without allow_duplicates: the real error shape.
    let res = client
        .post_json(&add, json!({"tracks": [ids[1]], "allow_duplicates": false}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let title = client
        .get(&format!("/api/v1/tracks/{}/", ids[1]))
        .await
        .json()["title"]
        .clone();
    assert_eq!(
        res.json(),
        json!({"playlist": {"non_field_errors": [{
            "tracks": [title],
            "playlist_name": "Mix",
            "code": "tracks_already_exist_in_playlist"
        }]}})
    );
    // 'Add anyway'.
    let res = client
        .post_json(&add, json!({"tracks": [ids[1]], "allow_duplicates": true}))
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    assert_eq!(
        order(&client, id).await,
        vec![ids[0], ids[1], ids[2], ids[1]]
    );
    let detail = client.get(&format!("/api/v1/playlists/{id}/")).await.json();
    assert_eq!(detail["tracks_count"], 4);
    assert_eq!(detail["is_playable"], true);
    assert!(detail["duration"].as_i64().unwrap() > 0);

    // Bad input.
    let res = client.post_json(&add, json!({"tracks": [ids[3]]})).await;
    assert_eq!(
        res.json(),
        json!({"allow_duplicates": ["This field is required."]})
    );
    let res = client
        .post_json(&add, json!({"tracks": [999_999], "allow_duplicates": true}))
        .await;
    assert_eq!(
        res.json(),
        json!({"tracks": ["Invalid pk \"999999\" - object does not exist."]})
    );
    let res = client
        .post_json(&add, json!({"tracks": 5, "allow_duplicates": true}))
        .await;
    assert_eq!(
        res.json(),
        json!({"tracks": ["Expected a list of items but got type \"int\"."]})
    );

    // Move the last entry to the front.
    let res = client
        .post_json(
            &format!("/api/v1/playlists/{id}/move/"),
            json!({"from": 3, "to": 0}),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{}", res.text());
    assert_eq!(
        order(&client, id).await,
        vec![ids[1], ids[0], ids[1], ids[2]]
    );
    let res = client
        .post_json(
            &format!("/api/v1/playlists/{id}/move/"),
            json!({"from": "x", "to": 0}),
        )
        .await;
    assert_detail(&res, 400, "invalid from index");
    let res = client
        .post_json(
            &format!("/api/v1/playlists/{id}/move/"),
            json!({"from": 0, "to": 9}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json(), json!(["Index is not continuous"]));

    // Remove index 1, then an index that is not there.
    let res = client
        .post_json(
            &format!("/api/v1/playlists/{id}/remove/"),
            json!({"index": 1}),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(order(&client, id).await, vec![ids[1], ids[1], ids[2]]);
    let res = send(
        &client,
        Method::DELETE,
        &format!("/api/v1/playlists/{id}/remove/"),
        json!({"index": 7}),
    )
    .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // Someone else cannot edit it.
    let other = pod.login("moderator").await;
    let res = other
        .post_json(&add, json!({"tracks": [ids[3]], "allow_duplicates": true}))
        .await;
    assert_detail(&res, 404, "Not found.");

    // Paginated tracks.
    let page = client
        .get(&format!("/api/v1/playlists/{id}/tracks/?page_size=2"))
        .await
        .json();
    assert_eq!(page["count"], 3);
    assert_eq!(page["results"].as_array().unwrap().len(), 2);
    assert!(page["next"].as_str().unwrap().contains("page=2"));

    let res = client
        .request(
            Method::DELETE,
            &format!("/api/v1/playlists/{id}/clear/"),
            Payload::None,
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert!(order(&client, id).await.is_empty());
}

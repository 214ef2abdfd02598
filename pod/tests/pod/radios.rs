//! Radios against a real embedded pod: custom radios, filter validation, sessions and
//! candidate selection until the radio runs out.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::content_support;

use std::collections::HashSet;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, Client, Payload, TestPod};
use serde_json::{json, Value};

/// An artist id by name, and how many tracks it has.
async fn artist(client: &Client, name: &str) -> (i64, i64) {
    let found = client
        .get(&format!(
            "/api/v1/artists/?name={}",
            name.replace(' ', "%20").replace('&', "%26")
        ))
        .await
        .json();
    let id = found["results"][0]["id"].as_i64().unwrap();
    let tracks = client
        .get(&format!("/api/v1/tracks/?artist={id}&page_size=1"))
        .await
        .json();
    (id, tracks["count"].as_i64().unwrap())
}

async fn start(client: &Client, body: Value) -> i64 {
    let res = client.post_json("/api/v1/radios/sessions/", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    res.json()["id"].as_i64().unwrap()
}

#[actix_web::test]
async fn radios_need_authentication() {
    let pod = TestPod::start().await;
    let anonymous = pod.client();
    assert_detail(
        &anonymous.get("/api/v1/radios/radios/").await,
        401,
        "Authentication credentials were not provided.",
    );
    let res = anonymous
        .post_json("/api/v1/radios/sessions/", json!({"radio_type": "random"}))
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#[actix_web::test]
async fn artist_radio_plays_each_track_once_then_runs_out() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let (artist_id, count) = artist(&client, "Moss & Marble").await;
    assert!(count > 0);
    let session = client
        .post_json(
            "/api/v1/radios/sessions/",
            json!({"radio_type": "artist", "related_object_id": artist_id}),
        )
        .await;
    assert_eq!(session.status, StatusCode::CREATED, "{}", session.text());
    let session = session.json();
    assert_eq!(session["radio_type"], "artist");
    assert_eq!(session["related_object_id"], artist_id.to_string());
    assert!(session["user"].as_i64().is_some());
    let id = session["id"].as_i64().unwrap();
    let fetched = client.get(&format!("/api/v1/radios/sessions/{id}/")).await;
    assert_eq!(fetched.json()["id"], id);

    let mut seen = HashSet::new();
    for position in 1..=count {
        let res = client
            .post_json("/api/v1/radios/tracks/", json!({"session": id}))
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let body = res.json();
        assert_eq!(body["session"], id);
        assert_eq!(body["position"], position);
        assert_eq!(body["track"]["artist"]["id"], artist_id);
        assert!(!body["track"]["uploads"].as_array().unwrap().is_empty());
        assert!(seen.insert(body["track"]["id"].as_i64().unwrap()));
    }
    let res = client
        .post_json("/api/v1/radios/tracks/", json!({"session": id}))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.json(), json!("Radio doesn't have more candidates"));

    // Someone else's session.
    let other = pod.login("moderator").await;
    let res = other
        .post_json("/api/v1/radios/tracks/", json!({"session": id}))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        other
            .get(&format!("/api/v1/radios/sessions/{id}/"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let res = other
        .post_json("/api/v1/radios/tracks/", json!({"session": 999_999}))
        .await;
    assert_eq!(
        res.json(),
        json!({"session": ["Invalid pk \"999999\" - object does not exist."]})
    );
}

#[actix_web::test]
async fn session_types_and_bad_input() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;

    // Tag radio: exactly the tracks the tag filter matches (on the track, album or artist).
    let jazz = client
        .post_json(
            "/api/v1/radios/radios/validate/",
            json!({"filters": [{"type": "tag", "names": ["jazz"]}]}),
        )
        .await
        .json()["filters"][0]["candidates"]["count"]
        .as_i64()
        .unwrap();
    let id = start(
        &client,
        json!({"radio_type": "tag", "related_object_id": "jazz"}),
    )
    .await;
    let first = client
        .post_json("/api/v1/radios/tracks/", json!({"session": id}))
        .await;
    assert_eq!(first.status, StatusCode::CREATED);
    let rest = client
        .get(&format!("/api/v2/radios/sessions/{id}/tracks/?count=50"))
        .await;
    assert_eq!(rest.status, StatusCode::OK, "{}", rest.text());
    assert_eq!(rest.json().as_array().unwrap().len() as i64 + 1, jazz);
    let done = client
        .get(&format!("/api/v2/radios/sessions/{id}/tracks/"))
        .await;
    assert_eq!(done.status, StatusCode::NOT_FOUND);
    assert_eq!(done.json(), json!("Radio doesn't have more candidates"));

    // Favorites radio: only the favorites, then nothing.
    // A music track (favorites radios skip podcast episodes).
    let fav = client.get("/api/v1/tracks/?q=Harbour").await.json()["results"][0]["id"]
        .as_i64()
        .unwrap();
    client
        .post_json("/api/v1/favorites/tracks/", json!({"track": fav}))
        .await;
    let id = start(&client, json!({"radio_type": "favorites"})).await;
    let res = client
        .post_json("/api/v1/radios/tracks/", json!({"session": id}))
        .await;
    assert_eq!(res.json()["track"]["id"], fav);
    let res = client
        .post_json("/api/v1/radios/tracks/", json!({"session": id}))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // Random and less-listened start and play.
    for kind in ["random", "less-listened", "recently-added"] {
        let id = start(&client, json!({"radio_type": kind})).await;
        let res = client
            .post_json("/api/v1/radios/tracks/", json!({"session": id}))
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{kind}: {}", res.text());
    }

    // v2: several tracks at once.
    let id = start(&client, json!({"radio_type": "random"})).await;
    let res = client
        .get(&format!("/api/v2/radios/sessions/{id}/tracks/?count=3"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json().as_array().unwrap().len(), 3);

    // Bad input.
    let res = client
        .post_json("/api/v1/radios/sessions/", json!({"radio_type": "bogus"}))
        .await;
    assert_eq!(
        res.json(),
        json!({"radio_type": ["\"bogus\" is not a valid choice."]})
    );
    let res = client
        .post_json("/api/v1/radios/sessions/", json!({}))
        .await;
    assert_eq!(
        res.json(),
        json!({"radio_type": ["This field is required."]})
    );
    let res = client
        .post_json("/api/v1/radios/sessions/", json!({"radio_type": "artist"}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!({"non_field_errors": ["Cannot start RelatedObjectRadio without related object"]})
    );
    let res = client
        .post_json(
            "/api/v1/radios/sessions/",
            json!({"radio_type": "tag", "related_object_id": "no-such-tag"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = client
        .post_json("/api/v1/radios/tracks/", json!({"session": "x"}))
        .await;
    assert_eq!(
        res.json(),
        json!({"session": ["Incorrect type. Expected pk value, received str."]})
    );
}

#[actix_web::test]
async fn custom_radios_with_exclude_filters() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;

    let filters = client.get("/api/v1/radios/radios/filters/").await.json();
    let types: Vec<&str> = filters
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["type"].as_str().unwrap())
        .collect();
    assert_eq!(types, ["artist", "tag"]);

    let all = client.get("/api/v1/tracks/?page_size=1").await.json()["count"]
        .as_i64()
        .unwrap();
    let validate = |filter: Value| {
        let client = &client;
        async move {
            let res = client
                .post_json(
                    "/api/v1/radios/radios/validate/",
                    json!({"filters": [filter]}),
                )
                .await;
            assert_eq!(res.status, StatusCode::OK, "{}", res.text());
            res.json()["filters"][0].clone()
        }
    };
    let jazz = validate(json!({"type": "tag", "names": ["jazz"], "not": false})).await;
    let jazz_count = jazz["candidates"]["count"].as_i64().unwrap();
    assert!(jazz_count > 0 && jazz_count < all);
    assert!(jazz["candidates"]["sample"].as_array().unwrap().len() <= 10);
    let not_jazz = validate(json!({"type": "tag", "names": ["jazz"], "not": true})).await;
    assert_eq!(not_jazz["candidates"]["count"], all - jazz_count);
    let bad = validate(json!({"type": "tag", "names": ["nope"]})).await;
    assert_eq!(bad["errors"], json!(["No tag matching names \"{'nope'}\""]));
    assert!(bad["candidates"]["count"].is_null());
    let res = client
        .post_json("/api/v1/radios/radios/validate/", json!({}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!({"error": "You must provide a filters list"})
    );

    let (artist_id, artist_tracks) = artist(&client, "Moss & Marble").await;
    let res = client
        .post_json(
            "/api/v1/radios/radios/",
            json!({
                "name": "No folk",
                "description": "Everything but one artist",
                "is_public": false,
                "config": [{"type": "artist", "ids": [artist_id], "not": true}]
            }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let radio = res.json();
    assert_eq!(radio["config"][0]["names"], json!(["Moss & Marble"]));
    assert_eq!(radio["user"]["username"], "listener");
    assert_eq!(radio["is_public"], false);
    let radio_id = radio["id"].as_i64().unwrap();
    let candidates = client
        .get(&format!(
            "/api/v1/radios/radios/{radio_id}/tracks/?page_size=1"
        ))
        .await
        .json();
    let music_total = all - 3; // the three podcast episodes have no other difference here
    assert!(candidates["count"].as_i64().unwrap() <= all - artist_tracks);
    assert!(candidates["count"].as_i64().unwrap() >= music_total - artist_tracks);

    // Session over the custom radio never plays the excluded artist.
    let id = start(
        &client,
        json!({"radio_type": "custom", "custom_radio": radio_id}),
    )
    .await;
    for _ in 0..5 {
        let res = client
            .post_json("/api/v1/radios/tracks/", json!({"session": id}))
            .await;
        assert_ne!(res.json()["track"]["artist"]["id"], artist_id);
    }

    // Bad config.
    let res = client
        .post_json(
            "/api/v1/radios/radios/",
            json!({"name": "x", "config": [{"type": "artist", "ids": [999_999]}]}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"config": ["No artist matching ids \"{999999}\""]})
    );
    let res = client
        .post_json(
            "/api/v1/radios/radios/",
            json!({"config": [{"type": "mood"}]}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"name": ["This field is required."], "config": ["Invalid type \"mood\""]})
    );

    // Private to its owner; owner-only writes.
    let other = pod.login("moderator").await;
    assert_detail(
        &other
            .get(&format!("/api/v1/radios/radios/{radio_id}/"))
            .await,
        404,
        "Not found.",
    );
    let res = other
        .post_json(
            "/api/v1/radios/sessions/",
            json!({"radio_type": "custom", "custom_radio": radio_id}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"non_field_errors": ["You don't have access to this radio"]})
    );
    let listed = other.get("/api/v1/radios/radios/").await.json();
    assert_eq!(listed["count"], 1, "only the public demo radio");
    let res = client
        .request(
            Method::PATCH,
            &format!("/api/v1/radios/radios/{radio_id}/"),
            Payload::Json(json!({"is_public": true})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["name"], "No folk");
    let listed = other
        .get("/api/v1/radios/radios/?ordering=name")
        .await
        .json();
    assert_eq!(listed["count"], 2);
    let res = other
        .request(
            Method::DELETE,
            &format!("/api/v1/radios/radios/{radio_id}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_detail(&res, 404, "Not found.");
    let mine = client.get("/api/v1/radios/radios/?scope=me").await.json();
    assert_eq!(mine["count"], 1);
    let res = client
        .request(
            Method::DELETE,
            &format!("/api/v1/radios/radios/{radio_id}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
}

/// A radio filter's count and sample hold only what the caller may play: tracks of another
/// account's private library count for their owner, not for anyone else.
#[actix_web::test]
async fn filter_counts_leave_out_what_the_caller_may_not_see() {
    use content_support::{create_library, flac, group, tagged, upload_to, wait_import, TagSet};

    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;

    let library = create_library(&admin, "Attic", "me").await;
    let (_, upload_url) = group(&admin).await;
    let bytes = tagged(
        flac(41),
        "flac",
        &TagSet {
            title: "Locked Room",
            artist: "Private Band",
            album: "Under Key",
            track: 1,
        },
    );
    let res = upload_to(&admin, &upload_url, &library, "locked.flac", &bytes, "{}").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let upload = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(upload["import_status"], "finished", "{upload}");

    let artists = admin.get("/api/v1/artists/?q=Private%20Band").await.json();
    let artist_id = artists["results"][0]["id"]
        .as_i64()
        .expect("the owner sees the artist");
    let filter = json!({"filters": [{"type": "artist", "ids": [artist_id], "not": false}]});

    let owner = admin
        .post_json("/api/v1/radios/radios/validate/", filter.clone())
        .await;
    assert_eq!(owner.status, StatusCode::OK, "{}", owner.text());
    let owner = owner.json();
    assert_eq!(owner["filters"][0]["candidates"]["count"], 1, "{owner}");
    assert_eq!(
        owner["filters"][0]["candidates"]["sample"][0]["title"],
        "Locked Room"
    );

    let other = listener
        .post_json("/api/v1/radios/radios/validate/", filter)
        .await;
    assert_eq!(other.status, StatusCode::OK, "{}", other.text());
    let other = other.json();
    let candidates = &other["filters"][0]["candidates"];
    assert!(
        candidates["count"] == 0 || candidates["count"].is_null(),
        "{other}"
    );
    assert!(
        !other.to_string().contains("Locked Room"),
        "a private track leaked: {other}"
    );

    // The excluding filter's count is "everything the caller sees", minus nothing for the listener.
    let all_for_listener = listener.get("/api/v1/tracks/?page_size=1").await.json()["count"]
        .as_i64()
        .unwrap();
    let res = listener
        .post_json(
            "/api/v1/radios/radios/validate/",
            json!({"filters": [{"type": "artist", "ids": [artist_id], "not": true}]}),
        )
        .await;
    assert_eq!(
        res.json()["filters"][0]["candidates"]["count"],
        all_for_listener
    );
}

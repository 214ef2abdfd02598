//! Content filters and reports against a real embedded pod.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, Payload, TestPod};
use serde_json::json;

#[actix_web::test]
async fn hide_an_artist_and_unhide_it() {
    let pod = TestPod::start().await;
    assert_detail(
        &pod.client()
            .get("/api/v1/moderation/content-filters/")
            .await,
        401,
        "Authentication credentials were not provided.",
    );
    let client = pod.login("listener").await;
    let artist = client
        .get("/api/v1/artists/?name=Kepler%20Nine")
        .await
        .json()["results"][0]["id"]
        .as_i64()
        .unwrap();

    let res = client
        .post_json(
            "/api/v1/moderation/content-filters/",
            json!({"target": {"type": "artist", "id": artist}}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let created = res.json();
    assert_eq!(
        created["target"],
        json!({"type": "artist", "id": artist, "name": "Kepler Nine"})
    );
    let uuid = created["uuid"].as_str().unwrap().to_owned();

    let again = client
        .post_json(
            "/api/v1/moderation/content-filters/",
            json!({"target": {"type": "artist", "id": artist}}),
        )
        .await;
    assert_eq!(again.status, StatusCode::BAD_REQUEST);
    let res = client
        .post_json(
            "/api/v1/moderation/content-filters/",
            json!({"target": {"type": "album", "id": artist}}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"target": {"type": ["\"album\" is not a valid choice."]}})
    );
    let res = client
        .post_json(
            "/api/v1/moderation/content-filters/",
            json!({"target": {"type": "artist", "id": 999_999}}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"target": ["Invalid pk \"999999\" - object does not exist."]})
    );

    let list = client
        .get("/api/v1/moderation/content-filters/?page_size=100&ordering=-creation_date")
        .await
        .json();
    assert_eq!(list["count"], 1);
    assert_eq!(list["results"][0]["uuid"], uuid.as_str());

    // Lists asked with hidden=false leave the hidden artist out.
    let track = client
        .get(&format!("/api/v1/tracks/?artist={artist}&page_size=1"))
        .await
        .json()["results"][0]["id"]
        .as_i64()
        .unwrap();
    client
        .post_json("/api/v1/favorites/tracks/", json!({"track": track}))
        .await;
    let shown = client
        .get("/api/v1/favorites/tracks/?scope=me")
        .await
        .json();
    assert_eq!(shown["count"], 1);
    let filtered = client
        .get("/api/v1/favorites/tracks/?scope=me&hidden=false")
        .await
        .json();
    assert_eq!(filtered["count"], 0);
    let only_hidden = client
        .get("/api/v1/favorites/tracks/?scope=me&hidden=true")
        .await
        .json();
    assert_eq!(only_hidden["count"], 1);

    // A hidden artist never plays on the listener's radios.
    let session = client
        .post_json(
            "/api/v1/radios/sessions/",
            json!({"radio_type": "artist", "related_object_id": artist}),
        )
        .await
        .json()["id"]
        .as_i64()
        .unwrap();
    let res = client
        .post_json("/api/v1/radios/tracks/", json!({"session": session}))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // Other users neither see nor delete it.
    let other = pod.login("moderator").await;
    let theirs = other
        .get("/api/v1/moderation/content-filters/")
        .await
        .json();
    assert_eq!(theirs["count"], 0);
    let res = other
        .request(
            Method::DELETE,
            &format!("/api/v1/moderation/content-filters/{uuid}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_detail(&res, 404, "Not found.");

    let res = client
        .request(
            Method::DELETE,
            &format!("/api/v1/moderation/content-filters/{uuid}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let list = client
        .get("/api/v1/moderation/content-filters/")
        .await
        .json();
    assert_eq!(list["count"], 0);
}

#[actix_web::test]
async fn reports_signed_in_and_anonymous() {
    let pod = TestPod::start().await;
    let listener = pod.login("listener").await;
    let track = listener.get("/api/v1/tracks/?page_size=1").await.json()["results"][0]["id"]
        .as_i64()
        .unwrap();

    let res = listener
        .post_json(
            "/api/v1/moderation/reports/",
            json!({"type": "invalid_metadata", "summary": "Wrong title",
                   "target": {"type": "track", "id": track}}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let report = res.json();
    assert_eq!(report["target"], json!({"type": "track", "id": track}));
    assert_eq!(report["is_handled"], false);
    assert_eq!(report["type"], "invalid_metadata");

    // Anonymous: only the allowed types, and with an e-mail address.
    let anonymous = pod.client();
    anonymous.get("/api/v1/instance/settings/").await;
    let res = anonymous
        .post_json(
            "/api/v1/moderation/reports/",
            json!({"type": "other", "submitter_email": "a@example.com",
                   "target": {"type": "track", "id": track}}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"non_field_errors": ["You need an account to submit this report"]})
    );
    let res = anonymous
        .post_json(
            "/api/v1/moderation/reports/",
            json!({"type": "illegal_content", "target": {"type": "track", "id": track}}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"non_field_errors": ["You need to provide an e-mail address to submit this report"]})
    );
    let res = anonymous
        .post_json(
            "/api/v1/moderation/reports/",
            json!({"type": "illegal_content", "submitter_email": "a@example.com",
                   "target": {"type": "track", "id": track}}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["submitter_email"], "a@example.com");

    // Bad input.
    let res = listener
        .post_json(
            "/api/v1/moderation/reports/",
            json!({"type": "spam", "target": {"type": "track", "id": track}}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"type": ["\"spam\" is not a valid choice."]})
    );
    let res = listener
        .post_json(
            "/api/v1/moderation/reports/",
            json!({"type": "other", "target": {"type": "track", "id": 999_999}}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);

    // The moderators' queue and its pending count.
    assert_eq!(
        listener
            .get("/api/v1/manage/moderation/reports/?is_handled=false")
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let moderator = pod.login("moderator").await;
    let pending = moderator
        .get("/api/v1/manage/moderation/reports/?is_handled=false&page_size=1")
        .await;
    assert_eq!(pending.status, StatusCode::OK, "{}", pending.text());
    let pending = pending.json();
    assert_eq!(pending["count"], 2);
    let first = &pending["results"][0];
    assert!(first["submitter"].is_null(), "newest is the anonymous one");
    let uuid = first["uuid"].as_str().unwrap().to_owned();
    let res = moderator
        .request(
            Method::PATCH,
            &format!("/api/v1/manage/moderation/reports/{uuid}/"),
            Payload::Json(json!({"is_handled": true})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["is_handled"], true);
    assert!(res.json()["handled_date"].is_string());
    let pending = moderator
        .get("/api/v1/manage/moderation/reports/?is_handled=false&page_size=1")
        .await
        .json();
    assert_eq!(pending["count"], 1);
    assert_eq!(
        pending["results"][0]["submitter"]["preferred_username"],
        "listener"
    );
}

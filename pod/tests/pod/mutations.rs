//! Edits (mutations) against a real embedded pod: suggest, review, apply.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, Payload, TestPod};
use serde_json::json;

#[actix_web::test]
async fn suggest_an_edit_and_approve_it() {
    let pod = TestPod::start().await;
    let listener = pod.login("listener").await;
    let track = listener.get("/api/v1/tracks/?q=Harbour").await.json()["results"][0].clone();
    let id = track["id"].as_i64().unwrap();
    let old_title = track["title"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/tracks/{id}/mutations/");

    assert_eq!(
        pod.client()
            .post_json(&path, json!({"type": "update", "payload": {"title": "x"}}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );

    let res = listener
        .post_json(
            &path,
            json!({"type": "update", "summary": "Typo", "payload": {"title": "Harbour at Dusk"}}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let edit = res.json();
    assert!(edit["is_approved"].is_null());
    assert_eq!(edit["is_applied"], false);
    assert_eq!(edit["payload"], json!({"title": "Harbour at Dusk"}));
    assert_eq!(
        edit["previous_state"],
        json!({"title": {"value": old_title}})
    );
    assert_eq!(edit["target"]["type"], "track");
    assert_eq!(edit["target"]["id"], id);
    assert_eq!(edit["created_by"]["preferred_username"], "listener");
    let uuid = edit["uuid"].as_str().unwrap().to_owned();

    // Suggestions do not change the track, and a listener cannot approve.
    assert_eq!(
        listener.get(&format!("/api/v1/tracks/{id}/")).await.json()["title"],
        old_title.as_str()
    );
    let res = listener
        .post_json(&format!("/api/v1/mutations/{uuid}/approve/"), json!({}))
        .await;
    assert_detail(
        &res,
        403,
        "You do not have permission to perform this action.",
    );
    let res = listener
        .post_json(
            &path,
            json!({"type": "update", "payload": {"title": "Mine"}, "is_approved": true}),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);

    // The reviewer's pending count, then approval applies the edit.
    let admin = pod.login("admin").await;
    let pending = admin
        .get("/api/v1/mutations/?is_approved=null&page_size=1")
        .await
        .json();
    assert_eq!(pending["count"], 1);
    assert_eq!(pending["results"][0]["uuid"], uuid.as_str());
    let res = admin
        .post_json(&format!("/api/v1/mutations/{uuid}/approve/"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        listener.get(&format!("/api/v1/tracks/{id}/")).await.json()["title"],
        "Harbour at Dusk"
    );
    let edit = listener
        .get(&format!("/api/v1/mutations/{uuid}/"))
        .await
        .json();
    assert_eq!(edit["is_approved"], true);
    assert_eq!(edit["is_applied"], true);
    let pending = admin
        .get("/api/v1/mutations/?is_approved=null&page_size=1")
        .await
        .json();
    assert_eq!(pending["count"], 0);
    let res = admin
        .post_json(&format!("/api/v1/mutations/{uuid}/reject/"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        res.json(),
        json!({"error": "This mutation was already applied"})
    );
    let res = listener
        .request(
            Method::DELETE,
            &format!("/api/v1/mutations/{uuid}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);

    // A reviewer's own edit can be applied at once; album tags and dates too.
    let album = admin.get("/api/v1/albums/?q=Lichen").await.json()["results"][0]["id"]
        .as_i64()
        .unwrap();
    let res = admin
        .post_json(
            &format!("/api/v1/albums/{album}/mutations/"),
            json!({"type": "update", "is_approved": true,
                   "payload": {"release_date": "2019-01-02", "tags": ["folk", "autumn"]}}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["is_applied"], true);
    let album = admin.get(&format!("/api/v1/albums/{album}/")).await.json();
    assert_eq!(album["release_date"], "2019-01-02");
    assert_eq!(album["tags"], json!(["autumn", "folk"]));

    // The object's edits list.
    let list = listener.get(&path).await.json();
    assert_eq!(list["count"], 1);
}

#[actix_web::test]
async fn reject_delete_and_bad_input() {
    let pod = TestPod::start().await;
    let listener = pod.login("listener").await;
    let artist = listener
        .get("/api/v1/artists/?name=Kepler%20Nine")
        .await
        .json()["results"][0]["id"]
        .as_i64()
        .unwrap();
    let path = format!("/api/v1/artists/{artist}/mutations/");

    let res = listener
        .post_json(&path, json!({"type": "update", "payload": {"name": ""}}))
        .await;
    assert_eq!(
        res.json(),
        json!({"payload": {"name": ["This field may not be blank."]}})
    );
    let res = listener.post_json(&path, json!({"type": "delete"})).await;
    assert_eq!(
        res.json(),
        json!({"type": ["\"delete\" is not a valid choice."], "payload": ["This field is required."]})
    );
    let res = listener
        .post_json(
            "/api/v1/artists/999999/mutations/",
            json!({"type": "update", "payload": {"name": "x"}}),
        )
        .await;
    assert_detail(&res, 404, "Not found.");
    let track = listener.get("/api/v1/tracks/?page_size=1").await.json()["results"][0]["id"]
        .as_i64()
        .unwrap();
    let res = listener
        .post_json(
            &format!("/api/v1/tracks/{track}/mutations/"),
            json!({"type": "update", "payload": {"license": "nope"}}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"payload": {"license": ["Object with code=nope does not exist."]}})
    );

    let first = listener
        .post_json(
            &path,
            json!({"type": "update", "payload": {"name": "Kepler 9"}}),
        )
        .await
        .json()["uuid"]
        .as_str()
        .unwrap()
        .to_owned();
    let second = listener
        .post_json(
            &path,
            json!({"type": "update", "payload": {"content_category": "other"}}),
        )
        .await
        .json()["uuid"]
        .as_str()
        .unwrap()
        .to_owned();

    // Others do not see a listener's suggestions; reviewers do.
    let other = pod.login("moderator").await;
    assert_detail(
        &other.get(&format!("/api/v1/mutations/{first}/")).await,
        404,
        "Not found.",
    );
    let admin = pod.login("admin").await;
    let res = admin
        .post_json(&format!("/api/v1/mutations/{first}/reject/"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    let rejected = admin
        .get("/api/v1/mutations/?is_approved=false")
        .await
        .json();
    assert_eq!(rejected["count"], 1);
    assert_eq!(
        listener
            .get(&format!("/api/v1/artists/{artist}/"))
            .await
            .json()["name"],
        "Kepler Nine"
    );

    let res = listener
        .request(
            Method::DELETE,
            &format!("/api/v1/mutations/{second}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let mine = listener.get("/api/v1/mutations/").await.json();
    assert_eq!(mine["count"], 1);
}

/// Searches are answered from a cache of recent terms' matches; an applied edit to a track's
/// title, its album's title or its artist's name must show in the very next search.
#[actix_web::test]
async fn searches_follow_applied_edits() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let count = |body: serde_json::Value| body["count"].as_i64().unwrap();
    let track = listener.get("/api/v1/tracks/?q=Harbour").await.json()["results"][0].clone();
    let id = track["id"].as_i64().unwrap();
    let album_id = track["album"]["id"].as_i64().unwrap();
    let artist_id = track["artist"]["id"].as_i64().unwrap();

    // Each term is searched once first, so that its (empty or older) answer is remembered.
    for (term, path, field) in [
        (
            "Quillwort",
            format!("/api/v1/tracks/{id}/mutations/"),
            "title",
        ),
        (
            "Fernhollow",
            format!("/api/v1/albums/{album_id}/mutations/"),
            "title",
        ),
        (
            "Brackenmoor",
            format!("/api/v1/artists/{artist_id}/mutations/"),
            "name",
        ),
    ] {
        let search = format!("/api/v1/tracks/?q={term}");
        assert_eq!(count(listener.get(&search).await.json()), 0, "{term}");
        let res = admin
            .post_json(
                &path,
                json!({"type": "update", "is_approved": true, "payload": {field: term}}),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let found = listener.get(&search).await.json();
        assert!(count(found.clone()) >= 1, "{term}: {found}");
        assert!(
            found["results"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["id"] == id),
            "{term}: {found}"
        );
    }
    // The old title no longer finds the renamed track.
    let old_title = track["title"].as_str().unwrap();
    let by_old = listener
        .get(&format!(
            "/api/v1/tracks/?q={}",
            old_title.replace(' ', "%20")
        ))
        .await
        .json();
    assert!(
        by_old["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["id"] != id),
        "{by_old}"
    );
}

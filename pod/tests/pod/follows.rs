//! Library follows and the notification inbox against a real embedded pod.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, Payload, TestPod};
use serde_json::json;

#[actix_web::test]
async fn follow_a_library_notify_answer_and_unfollow() {
    let pod = TestPod::start().await;
    assert_detail(
        &pod.client()
            .get("/api/v1/federation/inbox/?is_read=false&page_size=1")
            .await,
        401,
        "Authentication credentials were not provided.",
    );
    assert_eq!(
        pod.client()
            .post_json(
                "/api/v1/federation/follows/library/",
                json!({"target": "x"})
            )
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let admin = pod.login("admin").await;
    let libraries = admin.get("/api/v1/libraries/").await.json();
    let library = libraries["results"][0]["uuid"].as_str().unwrap().to_owned();
    let privacy = libraries["results"][0]["privacy_level"]
        .as_str()
        .unwrap()
        .to_owned();

    let listener = pod.login("listener").await;
    let res = listener
        .post_json(
            "/api/v1/federation/follows/library/",
            json!({"target": "00000000-0000-0000-0000-000000000000"}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"target": ["Object with uuid=00000000-0000-0000-0000-000000000000 does not exist."]})
    );
    let res = listener
        .post_json(
            "/api/v1/federation/follows/library/",
            json!({"target": library}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let follow = res.json();
    assert_eq!(follow["target"], library.as_str());
    assert_eq!(follow["actor"]["preferred_username"], "listener");
    let uuid = follow["uuid"].as_str().unwrap().to_owned();
    if privacy == "me" {
        assert!(follow["approved"].is_null());
    } else {
        assert_eq!(follow["approved"], true);
    }

    // Bad input and duplicates.
    let res = listener
        .post_json(
            "/api/v1/federation/follows/library/",
            json!({"target": library}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"target": ["You are already following this library"]})
    );
    let res = listener
        .post_json("/api/v1/federation/follows/library/", json!({}))
        .await;
    assert_eq!(res.json(), json!({"target": ["This field is required."]}));
    let res = admin
        .post_json(
            "/api/v1/federation/follows/library/",
            json!({"target": library}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"target": ["You cannot follow your own library"]})
    );

    let all = listener
        .get("/api/v1/federation/follows/library/all/")
        .await
        .json();
    assert_eq!(all["count"], 1);
    assert_eq!(all["results"][0]["library"], library.as_str());
    assert_eq!(all["results"][0]["uuid"], uuid.as_str());

    // The owner is notified; the count is what the sidebar reads.
    let unread = admin
        .get("/api/v1/federation/inbox/?is_read=false&page_size=1")
        .await
        .json();
    assert_eq!(unread["count"], 1);
    let item = &unread["results"][0];
    assert_eq!(item["activity"]["type"], "Follow");
    assert_eq!(item["activity"]["related_object"]["uuid"], uuid.as_str());
    assert_eq!(item["activity"]["actor"]["preferred_username"], "listener");

    // Only the owner answers; the follower sees the answer.
    let res = listener
        .post_json(
            &format!("/api/v1/federation/follows/library/{uuid}/accept/"),
            json!({}),
        )
        .await;
    assert_detail(&res, 404, "Not found.");
    let res = admin
        .post_json(
            &format!("/api/v1/federation/follows/library/{uuid}/reject/"),
            json!({}),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let all = listener
        .get("/api/v1/federation/follows/library/all/")
        .await
        .json();
    assert_eq!(all["results"][0]["approved"], false);

    // Mark everything read.
    let res = admin
        .post_json(
            "/api/v1/federation/inbox/action/",
            json!({"action": "read", "objects": "all"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["updated"], 1);
    let unread = admin
        .get("/api/v1/federation/inbox/?is_read=false&page_size=1")
        .await
        .json();
    assert_eq!(unread["count"], 0);

    // Unfollow; someone else cannot.
    let res = admin
        .request(
            Method::DELETE,
            &format!("/api/v1/federation/follows/library/{uuid}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_detail(&res, 404, "Not found.");
    let res = listener
        .request(
            Method::DELETE,
            &format!("/api/v1/federation/follows/library/{uuid}/"),
            Payload::None,
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let all = listener
        .get("/api/v1/federation/follows/library/all/")
        .await
        .json();
    assert_eq!(all, json!({"results": [], "count": 0}));
}

#[actix_web::test]
async fn actors_and_their_libraries_with_the_viewers_follow() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let me = client.get("/api/v1/users/me/").await.json();
    let domain = me["full_username"]
        .as_str()
        .unwrap()
        .split_once('@')
        .unwrap()
        .1
        .to_owned();

    let actor = client
        .get(&format!("/api/v1/federation/actors/admin@{domain}/"))
        .await;
    assert_eq!(actor.status, StatusCode::OK, "{}", actor.text());
    let actor = actor.json();
    assert_eq!(actor["preferred_username"], "admin");
    assert_eq!(actor["full_username"], format!("admin@{domain}"));
    assert_eq!(actor["is_local"], true);
    assert_eq!(actor["is_channel"], false);
    assert_eq!(actor["user"]["username"], "admin");

    // Another domain was never fetched by this pod, and nobody has that name here.
    assert_detail(
        &client
            .get("/api/v1/federation/actors/admin@elsewhere.example/")
            .await,
        404,
        "Not found.",
    );
    assert_detail(
        &client
            .get(&format!("/api/v1/federation/actors/nobody@{domain}/"))
            .await,
        404,
        "Not found.",
    );

    let path = format!("/api/v1/federation/actors/admin@{domain}/libraries/");
    let libraries = client.get(&path).await.json();
    assert_eq!(libraries["count"], 2);
    let music = libraries["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == "Admin's music")
        .unwrap()
        .clone();
    assert_eq!(music["follow"], serde_json::Value::Null);
    let uuid = music["uuid"].as_str().unwrap();
    let res = client
        .post_json(
            "/api/v1/federation/follows/library/",
            json!({"target": uuid}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let follow = res.json();
    let libraries = client.get(&path).await.json();
    let music = libraries["results"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["uuid"] == uuid)
        .unwrap()
        .clone();
    assert_eq!(music["follow"]["uuid"], follow["uuid"]);
    assert_eq!(music["follow"]["approved"], true);

    // Anonymous visitors are refused while the pod requires authentication.
    assert_detail(
        &pod.client().get(&path).await,
        401,
        "Authentication credentials were not provided.",
    );
}

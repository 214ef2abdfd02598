//! Live events on `/api/v1/activity` (calls.md §7.9) from the listening routes.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::StatusCode;
use common::{next_event, socket, TestPod};
use serde_json::json;

#[actix_web::test]
async fn listening_follow_edit_and_report_events() {
    let pod = TestPod::start().await;
    let listener = pod.login("listener").await;
    let admin = pod.login("admin").await;
    let moderator = pod.login("moderator").await;
    let mut admin_socket = socket(&pod, &admin).await;
    let mut moderator_socket = socket(&pod, &moderator).await;

    let track = listener.get("/api/v1/tracks/?q=Harbour").await.json()["results"][0].clone();
    let id = track["id"].as_i64().unwrap();

    // Listen: to everyone on the pod (the listener shares with the instance).
    let res = listener
        .post_json("/api/v1/history/listenings/", json!({"track": id}))
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    let listen = next_event(&mut moderator_socket, "Listen").await;
    assert_eq!(listen["object"]["local_id"], id);
    assert_eq!(listen["object"]["name"], track["title"]);
    assert_eq!(listen["actor"]["local_id"], "listener");

    // inbox.item_added: to the owner of a followed library.
    let library = admin.get("/api/v1/libraries/").await.json()["results"][0]["uuid"].clone();
    let res = listener
        .post_json(
            "/api/v1/federation/follows/library/",
            json!({"target": library}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    let added = next_event(&mut admin_socket, "inbox.item_added").await;
    assert_eq!(added["item"]["activity"]["type"], "Follow");

    // mutation.created: to library managers, with the pending count.
    let res = listener
        .post_json(
            &format!("/api/v1/tracks/{id}/mutations/"),
            json!({"type": "update", "payload": {"title": "Renamed"}}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    let created = next_event(&mut admin_socket, "mutation.created").await;
    assert_eq!(created["pending_review_count"], 1);

    // report.created: to moderators, with the unresolved count.
    let res = listener
        .post_json(
            "/api/v1/moderation/reports/",
            json!({"type": "other", "target": {"type": "track", "id": id}}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    let report = next_event(&mut moderator_socket, "report.created").await;
    assert_eq!(report["unresolved_count"], 1);
    assert_eq!(
        report["report"]["target"],
        json!({"type": "track", "id": id})
    );
}

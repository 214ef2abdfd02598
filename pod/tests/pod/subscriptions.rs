//! Channel subscriptions against a real embedded pod.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, Payload, TestPod};
use serde_json::json;

#[actix_web::test]
async fn subscribe_and_unsubscribe_a_channel() {
    let pod = TestPod::start().await;
    assert_detail(
        &pod.client().get("/api/v1/subscriptions/all/").await,
        401,
        "Authentication credentials were not provided.",
    );
    let client = pod.login("listener").await;
    let res = client
        .post_json("/api/v1/channels/shoalweekly/subscribe/", json!({}))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let sub = res.json();
    assert_eq!(sub["approved"], true);
    assert_eq!(sub["channel"]["artist"]["name"], "Shoal Weekly");
    assert_eq!(sub["channel"]["actor"]["preferred_username"], "shoalweekly");
    let channel = sub["channel"]["uuid"].as_str().unwrap().to_owned();

    // Subscribing again (by uuid this time) keeps one subscription.
    let again = client
        .post_json(&format!("/api/v1/channels/{channel}/subscribe/"), json!({}))
        .await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.json()["uuid"], sub["uuid"]);
    let all = client.get("/api/v1/subscriptions/all/").await.json();
    assert_eq!(
        all,
        json!({"results": [{"uuid": sub["uuid"], "channel": channel}], "count": 1})
    );
    let list = client
        .get("/api/v1/subscriptions/?page_size=1")
        .await
        .json();
    assert_eq!(list["count"], 1);
    assert_eq!(list["results"][0]["channel"]["uuid"], channel.as_str());

    let res = client
        .post_json("/api/v1/channels/nobody/subscribe/", json!({}))
        .await;
    assert_detail(&res, 404, "Not found.");

    let res = client
        .request(
            Method::DELETE,
            &format!("/api/v1/channels/{channel}/unsubscribe/"),
            Payload::None,
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let all = client.get("/api/v1/subscriptions/all/").await.json();
    assert_eq!(all["count"], 0);
}

#[actix_web::test]
async fn subscriptions_are_searched_by_channel_name_and_username() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let res = client
        .post_json("/api/v1/channels/shoalweekly/subscribe/", json!({}))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    for (q, count) in [
        ("weekly", 1),
        ("SHOAL week", 1),
        ("shoalweekly", 1),
        ("no-such-channel", 0),
        ("weekly nothing", 0),
        ("%", 0),
        ("_", 0),
    ] {
        let list = client
            .get(&format!(
                "/api/v1/subscriptions/?q={}",
                q.replace('%', "%25").replace(' ', "+")
            ))
            .await
            .json();
        assert_eq!(list["count"], count, "q={q}: {list}");
        assert_eq!(list["results"].as_array().unwrap().len(), count, "q={q}");
    }
}

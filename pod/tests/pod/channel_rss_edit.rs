//! `channels/rss-subscribe/` (a podcast by its RSS feed, served here by a real HTTP server on a
//! loopback port) and editing a channel with `PATCH channels/{uuid}/`, against a real pod.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::{Method, StatusCode};
use actix_web::{web, App, HttpResponse, HttpServer};
use common::{assert_detail, png, Client, Payload, TestPod};
use serde_json::{json, Value};

fn feed(base: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>Harbour &amp; Tides</title>
  <link>{base}/site</link>
  <language>en-gb</language>
  <description>A weekly talk about the sea.</description>
  <itunes:author>Tide Crew</itunes:author>
  <itunes:category text="Science"/>
  <itunes:image href="{base}/cover.png"/>
  <item>
    <title>Low water</title>
    <description>Episode two.</description>
    <enclosure url="{base}/audio/2.mp3" length="2048" type="audio/mpeg"/>
    <itunes:duration>00:10:05</itunes:duration>
    <pubDate>Tue, 10 Nov 2026 08:00:00 +0000</pubDate>
  </item>
  <item>
    <title>High water</title>
    <enclosure url="{base}/audio/1.mp3" length="1024" type="audio/mpeg"/>
    <itunes:duration>125</itunes:duration>
    <pubDate>Tue, 03 Nov 2026 08:00:00 +0000</pubDate>
  </item>
  <item><title>An announcement without audio</title></item>
</channel>
</rss>"#
    )
}

/// A tiny feed host on a loopback port: `/feed.xml`, `/cover.png`, `/not-a-feed`, `/gone`.
async fn feed_server() -> (String, actix_web::dev::ServerHandle) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let body = feed(&base);
    let cover = png(1400, 1400);
    let server = HttpServer::new(move || {
        let body = body.clone();
        let cover = cover.clone();
        App::new()
            .route(
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
            .route(
                "/cover.png",
                web::get().to(move || {
                    let cover = cover.clone();
                    async move { HttpResponse::Ok().content_type("image/png").body(cover) }
                }),
            )
            .route(
                "/not-a-feed",
                web::get().to(|| async { HttpResponse::Ok().json(json!({"id": 1})) }),
            )
            .route(
                "/gone",
                web::get().to(|| async { HttpResponse::Gone().finish() }),
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

async fn subscribe(client: &Client, url: Value) -> common::Response {
    client
        .post_json("/api/v1/channels/rss-subscribe/", json!({ "url": url }))
        .await
}

#[actix_web::test]
async fn rss_subscribe_refuses_bad_addresses_like_a_real_pod() {
    let pod = TestPod::start().await;
    let listener = pod.login("listener").await;
    let (feeds, server) = feed_server().await;

    let anonymous = pod.client();
    let res = subscribe(&anonymous, json!(format!("{feeds}/feed.xml"))).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{}", res.text());

    let res = listener
        .post_json("/api/v1/channels/rss-subscribe/", json!({}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json(), json!({"url": ["This field is required."]}));
    for bad in [
        json!("not a url"),
        json!("ftp://feeds.example/a.xml"),
        json!("http://"),
    ] {
        let res = subscribe(&listener, bad.clone()).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(res.json(), json!({"url": ["Enter a valid URL."]}), "{bad}");
    }
    let res = subscribe(&listener, json!(12)).await;
    assert_eq!(res.json(), json!({"url": ["Not a valid string."]}));

    // Nothing listens on this port any more: unreachable.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let res = subscribe(
        &listener,
        json!(format!("http://127.0.0.1:{port}/feed.xml")),
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let detail = res.json()["detail"].as_str().unwrap().to_owned();
    assert!(detail.contains("cannot connect"), "{detail}");

    let res = subscribe(&listener, json!(format!("{feeds}/gone"))).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["detail"].as_str().unwrap().contains("410"));

    let res = subscribe(&listener, json!(format!("{feeds}/not-a-feed"))).await;
    assert_detail(
        &res,
        400,
        "The address does not point to a podcast RSS feed.",
    );

    // A feed URL of this pod that names no channel.
    let res = subscribe(
        &listener,
        json!(format!("{}/api/v1/channels/nosuchchannel/rss", pod.base)),
    )
    .await;
    assert_detail(&res, 400, "This pod has no channel with this feed.");

    // Nothing was made by the failures.
    let subs = listener.get("/api/v1/subscriptions/all/").await.json();
    assert_eq!(subs["count"], 0);
    server.stop(true).await;
}

#[actix_web::test]
async fn rss_subscribe_makes_an_external_channel_once_and_subscribes() {
    let pod = TestPod::start().await;
    let listener = pod.login("listener").await;
    let admin = pod.login("admin").await;
    let (feeds, server) = feed_server().await;
    let url = format!("{feeds}/feed.xml");

    let res = subscribe(&listener, json!(url)).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let answer = res.json();
    // The Subscription shape, with the channel nested.
    assert_eq!(answer["approved"], true);
    assert!(answer["uuid"].is_string() && answer["fid"].is_string());
    assert!(answer["creation_date"].is_string());
    let channel = &answer["channel"];
    let uuid = channel["uuid"].as_str().unwrap().to_owned();
    assert_eq!(channel["artist"]["name"], "Harbour & Tides");
    assert_eq!(channel["artist"]["content_category"], "podcast");
    assert_eq!(channel["rss_url"], url.as_str());
    assert_eq!(channel["url"], format!("{feeds}/site").as_str());
    assert_eq!(channel["actor"]["is_local"], false);
    assert_eq!(
        channel["actor"]["domain"],
        feeds.trim_start_matches("http://")
    );
    assert_eq!(channel["metadata"]["language"], "en");
    assert_eq!(channel["metadata"]["itunes_category"], "Science");
    assert!(
        channel["artist"]["cover"]["uuid"].is_string(),
        "the feed's cover is kept: {channel}"
    );
    // Nobody on this pod owns it.
    assert_ne!(channel["attributed_to"]["preferred_username"], "listener");

    // Its episodes: the items with audio, newest first, with their remote audio.
    let episodes = listener
        .get(&format!(
            "/api/v1/tracks/?channel={uuid}&include_channels=true&ordering=-creation_date"
        ))
        .await
        .json();
    assert_eq!(episodes["count"], 2, "{episodes}");
    assert_eq!(episodes["results"][0]["title"], "Low water");
    assert_eq!(episodes["results"][1]["title"], "High water");
    let listen = episodes["results"][0]["listen_url"]
        .as_str()
        .unwrap()
        .to_owned();
    let upload = &episodes["results"][0]["uploads"][0];
    assert_eq!(upload["duration"], 605, "{upload}");
    let res = listener.get(&listen).await;
    assert_eq!(res.status, StatusCode::FOUND);
    assert_eq!(
        res.header("location"),
        Some(format!("{feeds}/audio/2.mp3").as_str())
    );

    // Subscribed.
    let all = listener.get("/api/v1/subscriptions/all/").await.json();
    assert_eq!(all["results"][0]["channel"], uuid.as_str());

    // The same feed again (another user, v2 path): the same channel, not a second one.
    server.stop(true).await;
    let res = admin
        .post_json("/api/v2/channels/rss-subscribe/", json!({ "url": url }))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["channel"]["uuid"], uuid.as_str());
    let again = subscribe(&listener, json!(url)).await;
    assert_eq!(again.status, StatusCode::CREATED);
    assert_eq!(again.json()["uuid"], answer["uuid"]);

    // Not anybody's channel to edit or delete, nor in anybody's own list.
    let res = listener
        .request(
            Method::PATCH,
            &format!("/api/v1/channels/{uuid}/"),
            Payload::Json(json!({"name": "Mine now"})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let mine = listener.get("/api/v1/channels/?scope=me").await.json();
    assert!(mine["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["uuid"] != uuid.as_str()));
}

#[actix_web::test]
async fn rss_subscribe_to_a_feed_of_this_pod_subscribes_to_its_channel() {
    let pod = TestPod::start().await;
    let listener = pod.login("listener").await;
    let local = listener.get("/api/v1/channels/shoalweekly/").await.json();
    let feed = local["rss_url"].as_str().unwrap().to_owned();
    let res = subscribe(&listener, json!(feed)).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let answer = res.json();
    assert_eq!(answer["channel"]["uuid"], local["uuid"]);
    assert_eq!(answer["channel"]["actor"]["is_local"], true);
    // By its username, with a trailing slash, under v2: the same channel.
    let res = subscribe(
        &listener,
        json!(format!("{}/api/v2/channels/shoalweekly/rss/", pod.base)),
    )
    .await;
    assert_eq!(res.json()["channel"]["uuid"], local["uuid"]);
    let all = listener.get("/api/v1/subscriptions/all/").await.json();
    assert_eq!(all["count"], 1);
}

async fn patch(client: &Client, uuid: &str, body: Value) -> common::Response {
    client
        .request(
            Method::PATCH,
            &format!("/api/v1/channels/{uuid}/"),
            Payload::Json(body),
            &[],
        )
        .await
}

#[actix_web::test]
async fn the_owner_edits_a_channel_with_patch() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let res = admin
        .post_json(
            "/api/v1/channels/",
            json!({
                "name": "Deep Water",
                "username": "deepwater",
                "description": null,
                "tags": ["sea"],
                "content_category": "podcast",
                "metadata": {"itunes_category": "Science", "language": "en"}
            }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let uuid = res.json()["uuid"].as_str().unwrap().to_owned();

    // Bad input: DRF field errors, nothing changed.
    let res = patch(&admin, &uuid, json!({"name": ""})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!({"name": ["This field may not be blank."]})
    );
    let res = patch(&admin, &uuid, json!({"name": "x".repeat(201)})).await;
    assert_eq!(
        res.json(),
        json!({"name": ["Ensure this field has no more than 200 characters."]})
    );
    let res = patch(
        &admin,
        &uuid,
        json!({"content_category": "films", "tags": "sea"}),
    )
    .await;
    assert_eq!(
        res.json(),
        json!({
            "content_category": ["\"films\" is not a valid choice."],
            "tags": ["Expected a list of items."]
        })
    );
    let res = patch(
        &admin,
        &uuid,
        json!({"metadata": {"itunes_category": "Cooking", "language": "en"}}),
    )
    .await;
    assert_eq!(
        res.json(),
        json!({"itunes_category": ["\"Cooking\" is not a valid choice."]})
    );
    let res = patch(
        &admin,
        &uuid,
        json!({"metadata": {"itunes_category": "Arts", "itunes_subcategory": "Drama", "language": "en"}}),
    )
    .await;
    assert_eq!(
        res.json(),
        json!({"itunes_subcategory": ["This subcategory does not belong to the chosen category."]})
    );
    let choices = admin.get("/api/v1/channels/metadata-choices/").await.json();
    let arts = choices["itunes_category"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["value"] == "Arts")
        .unwrap();
    assert!(arts["children"]
        .as_array()
        .unwrap()
        .contains(&json!("Design")));
    let res = patch(
        &admin,
        &uuid,
        json!({"cover": "00000000-0000-0000-0000-000000000000"}),
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["cover"][0].is_string());
    let unchanged = admin.get(&format!("/api/v1/channels/{uuid}/")).await.json();
    assert_eq!(unchanged["artist"]["name"], "Deep Water");

    // Others may not; unknown channels are not found.
    let res = patch(&listener, &uuid, json!({"name": "Taken"})).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = patch(&pod.client(), &uuid, json!({"name": "Taken"})).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    let res = patch(
        &admin,
        "6f1c1f38-0000-4000-8000-000000000000",
        json!({"name": "Nobody"}),
    )
    .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // The edit form's PATCH: every field of ChannelUpdateRequest but the username.
    let res = patch(
        &admin,
        &uuid,
        json!({
            "name": "Deeper Water",
            "description": {"text": "Now *weekly*.", "content_type": "text/markdown"},
            "tags": ["sea", "science"],
            "content_category": "podcast",
            "cover": null,
            "metadata": {"itunes_category": "Arts", "itunes_subcategory": "Design", "language": "fr", "owner_name": "admin"}
        }),
    )
    .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let channel = admin.get(&format!("/api/v1/channels/{uuid}/")).await.json();
    assert_eq!(channel["artist"]["name"], "Deeper Water");
    assert_eq!(channel["metadata"]["itunes_category"], "Arts");
    assert_eq!(channel["metadata"]["itunes_subcategory"], "Design");
    assert_eq!(channel["metadata"]["language"], "fr");
    assert_eq!(channel["actor"]["preferred_username"], "deepwater");
    let tags: Vec<&str> = channel["artist"]["tags"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert_eq!(tags, ["science", "sea"]);
    let description = &channel["artist"]["description"];
    assert_eq!(description["text"], "Now *weekly*.", "{channel}");

    // An empty description clears it.
    let res = patch(&admin, &uuid, json!({"description": null})).await;
    assert_eq!(res.status, StatusCode::OK);
    let channel = admin.get(&format!("/api/v1/channels/{uuid}/")).await.json();
    assert!(channel["artist"]["description"].is_null(), "{channel}");
}

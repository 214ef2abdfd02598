//! The periodic refresh of external channels: a podcast subscribed to by its RSS feed (served
//! by a real HTTP server on a loopback port whose answer the test changes) is read again, as a
//! real pod does, against a real pod. Rounds are run on demand with `Pod::refresh_feeds`, so
//! nothing waits on a timer, except the one test of the background task itself.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use actix_web::http::StatusCode;
use actix_web::{web, App, HttpResponse, HttpServer};
use common::{fast_options, png, serve_pod, Client, PASSWORD};
use pod::{Pod, PodOptions, RefreshReport};
use serde_json::{json, Value};

/// What the feed host answers at `/feed.xml`.
#[derive(Clone)]
enum Answer {
    Feed(String),
    NotAFeed,
    Error,
}

/// A feed with the given title, cover and items (`(guid, title, enclosure path, date)`).
fn feed(
    base: &str,
    title: &str,
    cover: &str,
    items: &[(Option<&str>, &str, &str, &str)],
) -> String {
    let items: String = items
        .iter()
        .map(|(guid, title, audio, date)| {
            let guid = guid.map_or(String::new(), |g| {
                format!("<guid isPermaLink=\"false\">{g}</guid>")
            });
            format!(
                r#"<item>{guid}<title>{title}</title>
    <enclosure url="{base}{audio}" length="1024" type="audio/mpeg"/>
    <itunes:duration>125</itunes:duration><pubDate>{date}</pubDate></item>
  "#
            )
        })
        .collect();
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>{title}</title>
  <link>{base}/site</link>
  <language>en</language>
  <description>About {title}.</description>
  <itunes:image href="{base}{cover}"/>
  {items}
</channel>
</rss>"#
    )
}

const FIRST: (Option<&str>, &str, &str, &str) = (
    Some("tide-1"),
    "High water",
    "/audio/1.mp3",
    "Tue, 03 Nov 2026 08:00:00 +0000",
);
const SECOND: (Option<&str>, &str, &str, &str) = (
    None,
    "Low water",
    "/audio/2.mp3",
    "Tue, 10 Nov 2026 08:00:00 +0000",
);
const THIRD: (Option<&str>, &str, &str, &str) = (
    Some("tide-3"),
    "Spring tide",
    "/audio/3.mp3",
    "Tue, 17 Nov 2026 08:00:00 +0000",
);

/// A feed host on a loopback port: `/feed.xml` answers what the returned handle holds;
/// `/cover.png` and `/cover2.png` are pictures.
async fn feed_server() -> (String, Arc<Mutex<Answer>>, actix_web::dev::ServerHandle) {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let answer = Arc::new(Mutex::new(Answer::Feed(feed(
        &base,
        "Harbour Tides",
        "/cover.png",
        &[SECOND, FIRST],
    ))));
    let shared = answer.clone();
    let server = HttpServer::new(move || {
        let answer = shared.clone();
        App::new()
            .route(
                "/feed.xml",
                web::get().to(move || {
                    let answer = answer.lock().unwrap().clone();
                    async move {
                        match answer {
                            Answer::Feed(body) => HttpResponse::Ok()
                                .content_type("application/rss+xml")
                                .body(body),
                            Answer::NotAFeed => HttpResponse::Ok().body("<html>moved</html>"),
                            Answer::Error => HttpResponse::InternalServerError().finish(),
                        }
                    }
                }),
            )
            .route(
                "/cover.png",
                web::get().to(|| async {
                    HttpResponse::Ok()
                        .content_type("image/png")
                        .body(png(64, 64))
                }),
            )
            .route(
                "/cover2.png",
                web::get().to(|| async {
                    HttpResponse::Ok()
                        .content_type("image/png")
                        .body(png(96, 96))
                }),
            )
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    let handle = server.handle();
    actix_web::rt::spawn(server);
    (base, answer, handle)
}

/// A real pod whose `Pod` handle the test keeps, to run refresh rounds.
struct RefreshPod {
    base: String,
    pod: Pod,
    _dir: tempfile::TempDir,
    server: actix_web::dev::ServerHandle,
}

impl RefreshPod {
    async fn start(options: PodOptions) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let (base, handle, pod) = serve_pod(dir.path(), options).await;
        Self {
            base,
            pod,
            _dir: dir,
            server: handle,
        }
    }

    /// Feeds due as soon as they were read; no background rounds.
    async fn on_demand() -> Self {
        Self::start(fast_options().with_rss_refresh(Duration::ZERO, None)).await
    }

    async fn login(&self, username: &str) -> Client {
        let client = Client::new(&self.base);
        let res = client.login(username, PASSWORD).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
        client
    }

    async fn refresh(&self) -> RefreshReport {
        self.pod.refresh_feeds().await.unwrap()
    }
}

async fn subscribe(client: &Client, url: &str) -> String {
    let res = client
        .post_json("/api/v1/channels/rss-subscribe/", json!({ "url": url }))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    res.json()["channel"]["uuid"].as_str().unwrap().to_owned()
}

/// The channel's episode titles, newest first.
async fn episodes(client: &Client, uuid: &str) -> Vec<String> {
    let res = client
        .get(&format!(
            "/api/v1/tracks/?channel={uuid}&include_channels=true&ordering=-creation_date&page_size=50"
        ))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let page = res.json();
    page["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap().to_owned())
        .collect()
}

async fn channel(client: &Client, uuid: &str) -> Value {
    let res = client.get(&format!("/api/v1/channels/{uuid}/")).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()
}

fn set(answer: &Arc<Mutex<Answer>>, to: Answer) {
    *answer.lock().unwrap() = to;
}

#[actix_web::test]
async fn a_feed_that_gains_an_episode_gets_it_once() {
    let pod = RefreshPod::on_demand().await;
    let listener = pod.login("listener").await;
    let (feeds, answer, server) = feed_server().await;
    let uuid = subscribe(&listener, &format!("{feeds}/feed.xml")).await;
    assert_eq!(
        episodes(&listener, &uuid).await,
        ["Low water", "High water"]
    );
    let before = channel(&listener, &uuid).await;
    let first_cover = before["artist"]["cover"]["uuid"].clone();
    assert!(first_cover.is_string(), "{before}");

    // Read again unchanged: nothing added or changed (the items are known by guid, or by
    // enclosure URL for the one without a guid).
    let report = pod.refresh().await;
    assert_eq!(
        report,
        RefreshReport {
            refreshed: 1,
            failed: 0,
            episodes_added: 0,
            episodes_updated: 0
        }
    );
    assert_eq!(
        episodes(&listener, &uuid).await,
        ["Low water", "High water"]
    );
    assert_eq!(
        channel(&listener, &uuid).await["artist"]["cover"]["uuid"],
        first_cover,
        "the same cover URL is not downloaded again"
    );

    // A new episode, a renamed show with a new description and cover; the known items come
    // back changed, and are taken as a real pod takes them: updated in place, never duplicated
    // (the guid item under a new audio URL, the guid-less one under a new title).
    let moved = (Some("tide-1"), "High water", "/audio/1-new.mp3", FIRST.3);
    let renamed = (None, "Low water (remastered)", SECOND.2, SECOND.3);
    set(
        &answer,
        Answer::Feed(feed(
            &feeds,
            "Harbour Tides Weekly",
            "/cover2.png",
            &[THIRD, renamed, moved],
        )),
    );
    let report = pod.refresh().await;
    assert_eq!(
        report,
        RefreshReport {
            refreshed: 1,
            failed: 0,
            episodes_added: 1,
            episodes_updated: 2
        }
    );
    assert_eq!(
        episodes(&listener, &uuid).await,
        ["Spring tide", "Low water (remastered)", "High water"]
    );
    let after = channel(&listener, &uuid).await;
    assert_eq!(after["artist"]["name"], "Harbour Tides Weekly");
    assert_eq!(
        after["artist"]["description"]["text"],
        "About Harbour Tides Weekly."
    );
    let cover = &after["artist"]["cover"]["uuid"];
    assert!(cover.is_string() && *cover != first_cover, "{after}");
    // The replaced cover is gone.
    let res = listener
        .get(&format!(
            "/api/v1/attachments/{}/",
            first_cover.as_str().unwrap()
        ))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{}", res.text());

    // The new episode plays from its enclosure, the moved one from its new one.
    let page = listener
        .get(&format!(
            "/api/v1/tracks/?channel={uuid}&include_channels=true&ordering=-creation_date"
        ))
        .await
        .json();
    for (at, audio) in [(0, "/audio/3.mp3"), (2, "/audio/1-new.mp3")] {
        let listen = page["results"][at]["listen_url"]
            .as_str()
            .unwrap()
            .to_owned();
        let res = listener.get(&listen).await;
        assert_eq!(res.status, StatusCode::FOUND);
        assert_eq!(
            res.header("location"),
            Some(format!("{feeds}{audio}").as_str()),
            "{}",
            page["results"][at]
        );
    }

    // Once: a second read adds and changes nothing.
    let report = pod.refresh().await;
    assert_eq!(
        (report.episodes_added, report.episodes_updated),
        (0, 0),
        "{report:?}"
    );
    assert_eq!(episodes(&listener, &uuid).await.len(), 3);

    // Subscribing to the known feed again answers the same channel.
    let admin = pod.login("admin").await;
    assert_eq!(subscribe(&admin, &format!("{feeds}/feed.xml")).await, uuid);
    server.stop(true).await;
    pod.server.stop(true).await;
}

#[actix_web::test]
async fn an_unreachable_or_broken_feed_leaves_the_channel_intact_and_is_tried_again() {
    let pod = RefreshPod::on_demand().await;
    let listener = pod.login("listener").await;
    let (gone_base, _, gone_server) = feed_server().await;
    let (feeds, answer, server) = feed_server().await;
    let gone = subscribe(&listener, &format!("{gone_base}/feed.xml")).await;
    let broken = subscribe(&listener, &format!("{feeds}/feed.xml")).await;
    let gone_before = channel(&listener, &gone).await;
    let broken_before = channel(&listener, &broken).await;

    // One host stops answering at all; the other answers an error, then something that is no
    // feed. Both channels and their episodes stay as they were.
    gone_server.stop(true).await;
    for bad in [Answer::Error, Answer::NotAFeed] {
        set(&answer, bad);
        let report = pod.refresh().await;
        assert_eq!(
            report,
            RefreshReport {
                refreshed: 0,
                failed: 2,
                episodes_added: 0,
                episodes_updated: 0
            }
        );
        for (uuid, before) in [(&gone, &gone_before), (&broken, &broken_before)] {
            let now = channel(&listener, uuid).await;
            assert_eq!(now["artist"], before["artist"], "{now}");
            assert_eq!(now["metadata"], before["metadata"]);
            assert_eq!(episodes(&listener, uuid).await, ["Low water", "High water"]);
        }
    }

    // The pod still answers, and the feed that comes back is read at the next round, while
    // the unreachable one keeps failing without stopping the round.
    let res = listener.get("/api/v1/subscriptions/all/").await;
    assert_eq!(res.json()["count"], 2);
    set(
        &answer,
        Answer::Feed(feed(
            &feeds,
            "Harbour Tides",
            "/cover.png",
            &[THIRD, SECOND, FIRST],
        )),
    );
    let report = pod.refresh().await;
    assert_eq!(
        report,
        RefreshReport {
            refreshed: 1,
            failed: 1,
            episodes_added: 1,
            episodes_updated: 0
        }
    );
    assert_eq!(
        episodes(&listener, &broken).await,
        ["Spring tide", "Low water", "High water"]
    );
    assert_eq!(
        episodes(&listener, &gone).await,
        ["Low water", "High water"]
    );
    server.stop(true).await;
    pod.server.stop(true).await;
}

#[actix_web::test]
async fn a_feed_read_within_the_refresh_delay_is_not_read_again() {
    // Funkwhale's default delay (a day); no background rounds.
    let pod =
        RefreshPod::start(fast_options().with_rss_refresh(Duration::from_secs(24 * 3600), None))
            .await;
    let listener = pod.login("listener").await;
    let (feeds, answer, server) = feed_server().await;
    let uuid = subscribe(&listener, &format!("{feeds}/feed.xml")).await;
    set(
        &answer,
        Answer::Feed(feed(
            &feeds,
            "Harbour Tides",
            "/cover.png",
            &[THIRD, SECOND, FIRST],
        )),
    );
    assert_eq!(pod.refresh().await, RefreshReport::default());
    assert_eq!(episodes(&listener, &uuid).await.len(), 2);
    server.stop(true).await;
    pod.server.stop(true).await;
}

#[actix_web::test]
async fn the_background_task_refreshes_due_feeds_by_itself() {
    let pod = RefreshPod::start(
        fast_options().with_rss_refresh(Duration::ZERO, Some(Duration::from_millis(50))),
    )
    .await;
    let listener = pod.login("listener").await;
    let (feeds, answer, server) = feed_server().await;
    let uuid = subscribe(&listener, &format!("{feeds}/feed.xml")).await;
    set(
        &answer,
        Answer::Feed(feed(
            &feeds,
            "Harbour Tides",
            "/cover.png",
            &[THIRD, SECOND, FIRST],
        )),
    );
    // Rounds every 50 ms: the new episode shows up without anyone asking.
    let mut titles = Vec::new();
    for _ in 0..200 {
        titles = episodes(&listener, &uuid).await;
        if titles.len() == 3 {
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(25)).await;
    }
    assert_eq!(titles, ["Spring tide", "Low water", "High water"]);
    // Later rounds add nothing more.
    actix_web::rt::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(episodes(&listener, &uuid).await.len(), 3);
    server.stop(true).await;
    pod.server.stop(true).await;
}

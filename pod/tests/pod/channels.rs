//! Channels (create, edit, delete, RSS), attachments with the picture rules, and publishing
//! an upload to a channel, against a real embedded pod.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::content_support;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, png, Client, Payload, TestPod};
use content_support::*;
use serde_json::{json, Value};

/// A PNG whose pixels do not compress, to go over a size limit.
fn noisy_png(side: u32) -> Vec<u8> {
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, side, side);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        encoder.set_compression(png::Compression::NoCompression);
        let mut writer = encoder.write_header().unwrap();
        let mut state: u32 = 12345;
        let pixels: Vec<u8> = (0..side * side * 3)
            .map(|_| {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12345);
                (state >> 16) as u8
            })
            .collect();
        writer.write_image_data(&pixels).unwrap();
    }
    out
}

async fn attach(client: &Client, filename: &str, bytes: &[u8]) -> common::Response {
    post_multipart(
        client,
        "/api/v1/attachments/",
        multipart(&[], Some(("file", filename, bytes))),
    )
    .await
}

/// Checks that every element opened in `xml` is closed, in order.
fn assert_well_formed(xml: &str) {
    let mut stack: Vec<String> = Vec::new();
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        let end = rest[start..].find('>').expect("unclosed tag") + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if tag.starts_with('?') || tag.starts_with('!') || tag.ends_with('/') {
            continue;
        }
        let name = tag.split_whitespace().next().unwrap_or_default();
        if let Some(closing) = name.strip_prefix('/') {
            assert_eq!(stack.pop().as_deref(), Some(closing), "in {xml}");
        } else {
            stack.push(name.to_owned());
        }
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
    assert!(!xml.contains("& "), "unescaped ampersand");
}

fn count_files(pod: &TestPod, dir: &str) -> usize {
    std::fs::read_dir(pod.dir.path().join(dir)).map_or(0, Iterator::count)
}

#[actix_web::test]
async fn attachments_follow_the_picture_rules() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;

    let before = count_files(&pod, "media/attachments");
    let res = attach(&pod.client(), "a.png", &png(1400, 1400)).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);

    // Too small, not square, too big a side: field errors on `file`.
    for (w, h) in [(500, 500), (1400, 1500), (3001, 3001)] {
        let res = attach(&admin, "a.png", &png(w, h)).await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST, "{w}x{h}");
        let message = res.json()["file"][0].as_str().unwrap().to_owned();
        assert!(
            message.contains("1400x1400") && message.contains(&format!("{w}x{h}")),
            "{message}"
        );
    }
    // Not a picture.
    let res = attach(&admin, "a.png", b"just some text, not a picture").await;
    assert_eq!(
        res.json(),
        json!({"file": ["Upload a PNG or JPG picture."]}),
        "{}",
        res.text()
    );
    // Over 5 MB (a square, in-range picture that does not compress).
    let big = noisy_png(1400);
    assert!(big.len() > 5_000_000);
    let res = attach(&admin, "big.png", &big).await;
    assert_eq!(
        res.json(),
        json!({"file": ["The picture must be at most 5 MB."]})
    );
    // No file at all.
    let res = post_multipart(&admin, "/api/v1/attachments/", multipart(&[], None)).await;
    assert_eq!(res.json(), json!({"file": ["No file was submitted."]}));
    assert_eq!(count_files(&pod, "media/attachments"), before);

    // A good one.
    let res = attach(&admin, "cover.png", &png(1400, 1400)).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let attachment = res.json();
    assert_eq!(attachment["mimetype"], "image/png");
    assert!(attachment["size"].as_u64().unwrap() > 0);
    let uuid = attachment["uuid"].as_str().unwrap().to_owned();
    let original = attachment["urls"]["original"].as_str().unwrap().to_owned();
    for key in [
        "small_square_crop",
        "medium_square_crop",
        "large_square_crop",
    ] {
        assert!(attachment["urls"][key].is_string(), "{attachment}");
    }
    let proxy = admin
        .get(&format!(
            "/api/v1/attachments/{uuid}/proxy/?next=medium_square_crop"
        ))
        .await;
    assert_eq!(proxy.status, StatusCode::FOUND);
    assert_eq!(proxy.header("location"), Some(original.as_str()));
    let picture = admin.get(&original).await;
    assert_eq!(picture.status, StatusCode::OK, "{original}");
    assert_eq!(
        admin
            .get(&format!("/api/v1/attachments/{uuid}/"))
            .await
            .json()["uuid"],
        uuid.as_str()
    );

    // Only the owner deletes it.
    let path = format!("/api/v1/attachments/{uuid}/");
    let res = listener
        .request(Method::DELETE, &path, Payload::None, &[])
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = admin
        .request(Method::DELETE, &path, Payload::None, &[])
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_detail(&admin.get(&path).await, 404, "Not found.");
}

fn podcast_body(username: &str, cover: Option<&str>) -> Value {
    json!({
        "name": "Night & Day Talks",
        "username": username,
        "description": {"text": "Conversations <after> dark", "content_type": "text/markdown"},
        "tags": ["talk", "#night"],
        "content_category": "podcast",
        "cover": cover,
        "metadata": {"itunes_category": "Arts", "language": "en", "owner_name": "Admin"}
    })
}

#[actix_web::test]
async fn channels_create_edit_delete_owner_only() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let cover = attach(&admin, "cover.png", &png(1400, 1400)).await.json()["uuid"]
        .as_str()
        .unwrap()
        .to_owned();
    let their_cover = attach(&listener, "cover.png", &png(1500, 1500))
        .await
        .json()["uuid"]
        .as_str()
        .unwrap()
        .to_owned();

    // Field errors in the DRF shape.
    let res = admin.post_json("/api/v1/channels/", json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let errors = res.json();
    for key in ["name", "username", "content_category"] {
        assert_eq!(errors[key], json!(["This field is required."]), "{errors}");
    }
    let res = admin
        .post_json(
            "/api/v1/channels/",
            json!({"name": "X", "username": "bad name!", "content_category": "films", "tags": [], "description": null}),
        )
        .await;
    let errors = res.json();
    assert!(errors["username"][0].is_string(), "{errors}");
    assert_eq!(
        errors["content_category"],
        json!(["\"films\" is not a valid choice."])
    );
    // A podcast needs its iTunes category and language (top-level field errors, as a real pod).
    let mut body = podcast_body("nighttalks", None);
    body["metadata"] = json!({"itunes_category": "Cooking", "owner_email": "nope"});
    let res = admin.post_json("/api/v1/channels/", body).await;
    assert_eq!(
        res.json(),
        json!({
            "itunes_category": ["\"Cooking\" is not a valid choice."],
            "language": ["This field is required."],
            "owner_email": ["Enter a valid email address."]
        })
    );
    // Someone else's picture cannot be the cover; a taken username is refused.
    let res = admin
        .post_json(
            "/api/v1/channels/",
            podcast_body("nighttalks", Some(&their_cover)),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["cover"][0].is_string());
    let res = admin
        .post_json("/api/v1/channels/", podcast_body("listener", None))
        .await;
    assert_eq!(
        res.json(),
        json!({"username": ["This username is already taken"]})
    );

    // A podcast channel.
    let res = admin
        .post_json(
            "/api/v1/channels/",
            podcast_body("nighttalks", Some(&cover)),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let channel = res.json();
    let uuid = channel["uuid"].as_str().unwrap().to_owned();
    assert_eq!(channel["artist"]["name"], "Night & Day Talks");
    assert_eq!(channel["artist"]["content_category"], "podcast");
    assert_eq!(channel["artist"]["cover"]["uuid"], cover.as_str());
    assert_eq!(channel["actor"]["preferred_username"], "nighttalks");
    assert_eq!(channel["attributed_to"]["preferred_username"], "admin");
    assert_eq!(channel["metadata"]["itunes_category"], "Arts");
    assert!(channel["rss_url"]
        .as_str()
        .unwrap()
        .ends_with(&format!("/api/v1/channels/{uuid}/rss")));
    let mut tags: Vec<String> = channel["artist"]["tags"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_owned())
        .collect();
    tags.sort();
    assert_eq!(tags, ["night", "talk"]);
    // An artist (music) channel too; the same username again is taken.
    let res = admin
        .post_json(
            "/api/v1/channels/",
            json!({"name": "Admin Sounds", "username": "adminsounds", "content_category": "music", "tags": [], "description": null}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["artist"]["content_category"], "music");
    let res = listener
        .post_json("/api/v1/channels/", podcast_body("NightTalks", None))
        .await;
    assert_eq!(
        res.json(),
        json!({"username": ["This username is already taken"]})
    );

    // The channel's library is the channel's: not among the owner's libraries.
    let libraries = admin.get("/api/v1/libraries/?scope=me").await.json();
    assert!(
        libraries["results"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["name"] != "Night & Day Talks"),
        "{libraries}"
    );
    // Found by uuid, by username and by full username; listed with scope=me.
    let domain = channel["actor"]["domain"].as_str().unwrap().to_owned();
    for composite in [
        uuid.clone(),
        "nighttalks".into(),
        format!("nighttalks@{domain}"),
    ] {
        let res = listener
            .get(&format!("/api/v1/channels/{composite}/"))
            .await;
        assert_eq!(res.json()["uuid"], uuid.as_str(), "{composite}");
    }
    // The admin also owns the demo channel.
    let mine = admin.get("/api/v1/channels/?scope=me").await.json();
    assert_eq!(mine["count"], 3, "{mine}");
    assert_eq!(
        listener.get("/api/v1/channels/?scope=me").await.json()["count"],
        0
    );
    let music = admin
        .get("/api/v1/channels/?scope=me&content_category=music")
        .await
        .json();
    assert_eq!(music["count"], 1);
    assert_eq!(
        music["results"][0]["actor"]["preferred_username"],
        "adminsounds"
    );

    // Only the owner edits or deletes: 403 for others.
    let path = format!("/api/v1/channels/{uuid}/");
    let res = listener
        .request(
            Method::PATCH,
            &path,
            Payload::Json(json!({"name": "Mine now"})),
            &[],
        )
        .await;
    assert_detail(
        &res,
        403,
        "You do not have permission to perform this action.",
    );
    let res = listener
        .request(Method::DELETE, &path, Payload::None, &[])
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // The username cannot change.
    let res = admin
        .request(
            Method::PATCH,
            &path,
            Payload::Json(json!({"username": "other"})),
            &[],
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"username": ["The username of a channel cannot be changed."]})
    );
    let res = admin
        .request(
            Method::PATCH,
            &path,
            Payload::Json(json!({"name": "Night Talks", "cover": null, "tags": ["late"]})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let edited = res.json();
    assert_eq!(edited["artist"]["name"], "Night Talks");
    assert_eq!(edited["artist"]["cover"], Value::Null);
    assert_eq!(edited["artist"]["tags"], json!(["late"]));
    assert_eq!(edited["actor"]["preferred_username"], "nighttalks");
    // A podcast's new metadata is checked too; the music channel turning podcast needs it.
    let res = admin
        .request(
            Method::PATCH,
            &path,
            Payload::Json(json!({"metadata": {"language": "en"}})),
            &[],
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"itunes_category": ["This field is required."]})
    );
    let res = admin
        .request(
            Method::PATCH,
            "/api/v1/channels/adminsounds/",
            Payload::Json(json!({"content_category": "podcast"})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());

    // Subscriptions keep working on a new channel.
    let res = listener
        .post_json(&format!("/api/v1/channels/{uuid}/subscribe/"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    let subscribed = listener
        .get("/api/v1/channels/?subscribed=true")
        .await
        .json();
    assert_eq!(subscribed["results"][0]["uuid"], uuid.as_str());

    let res = admin
        .request(Method::DELETE, &path, Payload::None, &[])
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_detail(&admin.get(&path).await, 404, "Not found.");
    assert_eq!(
        listener.get("/api/v1/subscriptions/all/").await.json()["count"],
        0
    );
}

#[actix_web::test]
async fn publishing_to_a_channel_makes_an_episode_in_the_feed() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let cover = attach(&admin, "cover.png", &png(1400, 1400)).await.json()["uuid"]
        .as_str()
        .unwrap()
        .to_owned();
    let res = admin
        .post_json(
            "/api/v1/channels/",
            podcast_body("nighttalks", Some(&cover)),
        )
        .await;
    let channel = res.json();
    let uuid = channel["uuid"].as_str().unwrap().to_owned();

    // Someone else cannot publish to it.
    let (_, their_url) = group(&listener).await;
    let episode = tagged(
        mp3(7),
        "mp3",
        &TagSet {
            title: "Episode One",
            artist: "Whoever",
            album: "Season",
            track: 1,
        },
    );
    let target = format!("{{\"channel\": \"{uuid}\"}}");
    let res = post_multipart(
        &listener,
        &their_url,
        multipart(
            &[("metadata", "{}"), ("target", &target)],
            Some(("audioFile", "one.mp3", &episode)),
        ),
    )
    .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{}", res.text());

    // The owner publishes with the v2 group (target channel).
    let (_, url) = group(&admin).await;
    let res = post_multipart(
        &admin,
        &url,
        multipart(
            &[
                ("metadata", r#"{"title": "Episode One & More"}"#),
                ("target", &target),
            ],
            Some(("audioFile", "one.mp3", &episode)),
        ),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let upload = wait_import(&admin, res.json()["guid"].as_str().unwrap()).await;
    assert_eq!(upload["import_status"], "finished", "{upload}");
    assert_eq!(upload["channel"], uuid.as_str(), "{upload}");
    // …and with the v1 route (`channel` instead of `library`).
    let second = tagged(
        mp3(8),
        "mp3",
        &TagSet {
            title: "Episode Two",
            artist: "Whoever",
            album: "Season",
            track: 2,
        },
    );
    let res = post_multipart(
        &admin,
        "/api/v1/uploads/",
        multipart(
            &[("channel", &uuid), ("import_status", "pending")],
            Some(("audio_file", "two.mp3", &second)),
        ),
    )
    .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let second_upload = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(
        second_upload["import_status"], "finished",
        "{second_upload}"
    );

    // Episodes of the channel: tracks credited to the channel's artist.
    let tracks = listener
        .get(&format!("/api/v1/tracks/?channel={uuid}"))
        .await
        .json();
    assert_eq!(tracks["count"], 2, "{tracks}");
    let mut titles: Vec<String> = tracks["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["title"].as_str().unwrap().to_owned())
        .collect();
    titles.sort();
    assert_eq!(titles, ["Episode One & More", "Episode Two"]);
    for track in tracks["results"].as_array().unwrap() {
        assert_eq!(track["artist"]["name"], "Night & Day Talks", "{track}");
    }
    let uploads = admin
        .get(&format!("/api/v1/uploads/?channel={uuid}"))
        .await
        .json();
    assert_eq!(uploads["count"], 2);

    // The RSS feed: RSS 2.0 with iTunes tags, one item per episode, enclosures to listen URLs.
    let res = pod
        .client()
        .get(&format!("/api/v1/channels/{uuid}/rss/"))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(res
        .header("content-type")
        .unwrap()
        .starts_with("application/rss+xml"));
    let feed = res.text();
    assert_well_formed(&feed);
    assert!(feed.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>"));
    assert!(feed.contains("<rss version=\"2.0\""));
    assert!(feed.contains("xmlns:itunes=\"http://www.itunes.com/dtds/podcast-1.0.dtd\""));
    assert!(
        feed.contains("<title>Night &amp; Day Talks</title>"),
        "{feed}"
    );
    assert!(feed.contains("<description>Conversations &lt;after&gt; dark</description>"));
    assert!(feed.contains("<language>en</language>"));
    assert!(feed.contains("<itunes:category text=\"Arts\"/>"));
    assert!(feed.contains("<itunes:image href="));
    assert!(feed.contains("<itunes:explicit>no</itunes:explicit>"));
    assert!(feed.contains("<itunes:owner><itunes:name>Admin</itunes:name></itunes:owner>"));
    assert!(
        feed.contains("<itunes:keywords>night talk</itunes:keywords>"),
        "{feed}"
    );
    assert_eq!(feed.matches("<item>").count(), 2);
    assert!(feed.contains("<title>Episode One &amp; More</title>"));
    let enclosure = feed
        .split("<enclosure url=\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .replace("&amp;", "&");
    assert!(enclosure.contains("/api/v1/listen/"), "{enclosure}");
    assert!(feed.contains("type=\"audio/mpeg\""), "{feed}");
    assert!(enclosure.ends_with("&to=mp3"), "{enclosure}");
    assert!(
        feed.contains("<itunes:duration>00:00:01</itunes:duration>"),
        "{feed}"
    );
    assert!(feed.contains("<copyright>All rights reserved</copyright>"));
    // The enclosure plays (for a signed-in listener).
    let audio = listener.get(&enclosure).await;
    assert_eq!(audio.status, StatusCode::OK, "{enclosure}");
    let sizes = [
        upload["size"].as_u64().unwrap(),
        second_upload["size"].as_u64().unwrap(),
    ];
    assert!(sizes.contains(&(audio.body.len() as u64)), "{sizes:?}");

    assert_detail(
        &pod.client().get("/api/v1/channels/nobody/rss/").await,
        404,
        "Not found.",
    );
}

#[actix_web::test]
async fn the_seeded_channel_still_works() {
    let pod = TestPod::start().await;
    let listener = pod.login("listener").await;
    let channel = listener.get("/api/v1/channels/shoalweekly/").await;
    assert_eq!(channel.status, StatusCode::OK, "{}", channel.text());
    let channel = channel.json();
    assert_eq!(channel["artist"]["name"], "Shoal Weekly");
    let all = listener.get("/api/v1/channels/").await.json();
    assert!(all["count"].as_u64().unwrap() >= 1);
    let feed = listener.get("/api/v1/channels/shoalweekly/rss/").await;
    assert_eq!(feed.status, StatusCode::OK);
    assert_well_formed(&feed.text());
    // Not the owner: no edit.
    let res = listener
        .request(
            Method::PATCH,
            "/api/v1/channels/shoalweekly/",
            Payload::Json(json!({"name": "Taken"})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let choices = listener
        .get("/api/v1/channels/metadata-choices/")
        .await
        .json();
    assert!(choices["itunes_category"].as_array().unwrap().len() > 5);
    assert!(choices["language"].as_array().unwrap().len() > 1);
}

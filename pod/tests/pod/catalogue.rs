#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::StatusCode;
use common::{assert_detail, TestPod};
use serde_json::Value;

#[actix_web::test]
async fn catalogue_needs_authentication() {
    let pod = TestPod::start().await;
    let anonymous = pod.client();
    for path in [
        "/api/v1/artists/",
        "/api/v1/albums/",
        "/api/v1/tracks/",
        "/api/v1/tracks/1/",
        "/api/v1/tags/",
        "/api/v1/libraries/",
        "/api/v2/tracks/",
    ] {
        assert_detail(
            &anonymous.get(path).await,
            401,
            "Authentication credentials were not provided.",
        );
    }
}

#[actix_web::test]
async fn seeded_catalogue_lists_with_real_shapes() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;

    let artists = client.get("/api/v1/artists/?page_size=50").await;
    assert_eq!(artists.status, StatusCode::OK);
    let artists = artists.json();
    assert!(artists["count"].as_i64().unwrap() >= 4);
    assert!(artists["next"].is_null() && artists["previous"].is_null());
    let first = &artists["results"][0];
    for key in [
        "id",
        "fid",
        "name",
        "albums",
        "tags",
        "tracks_count",
        "cover",
        "content_category",
        "is_local",
        "creation_date",
        "channel",
        "attributed_to",
    ] {
        assert!(first.get(key).is_some(), "artist lacks {key}");
    }

    let albums = client
        .get("/api/v1/albums/?page_size=2&ordering=title")
        .await
        .json();
    assert!(albums["count"].as_i64().unwrap() >= 6);
    assert_eq!(albums["results"].as_array().unwrap().len(), 2);
    assert!(albums["next"].as_str().unwrap().contains("page=2"));
    let titles: Vec<&str> = albums["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["title"].as_str().unwrap())
        .collect();
    let mut sorted = titles.clone();
    sorted.sort_by_key(|t| t.to_lowercase());
    assert_eq!(titles, sorted);
    let album = &albums["results"][0];
    for key in [
        "artist",
        "cover",
        "is_playable",
        "tags",
        "tracks_count",
        "release_date",
        "duration",
        "creation_date",
    ] {
        assert!(album.get(key).is_some(), "album lacks {key}");
    }
    assert!(album["cover"]["urls"]["original"]
        .as_str()
        .unwrap()
        .starts_with(&pod.base));

    let page2 = client.get(albums["next"].as_str().unwrap()).await.json();
    assert!(page2["previous"].is_string());
    assert_ne!(page2["results"][0]["id"], album["id"]);

    let tracks = client.get("/api/v1/tracks/?page_size=100").await.json();
    assert!(tracks["count"].as_i64().unwrap() >= 40);
    let track = &tracks["results"][0];
    for key in [
        "id",
        "title",
        "artist",
        "album",
        "uploads",
        "listen_url",
        "tags",
        "position",
        "disc_number",
        "license",
        "copyright",
        "is_playable",
        "cover",
        "downloads_count",
        "fid",
    ] {
        assert!(track.get(key).is_some(), "track lacks {key}");
    }
    let upload = &track["uploads"][0];
    for key in [
        "uuid",
        "duration",
        "mimetype",
        "bitrate",
        "size",
        "listen_url",
    ] {
        assert!(upload.get(key).is_some(), "upload lacks {key}");
    }
    let mimetypes: std::collections::HashSet<String> = tracks["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["uploads"][0]["mimetype"].as_str().unwrap().to_owned())
        .collect();
    assert!(
        mimetypes.contains("audio/flac") && mimetypes.contains("audio/ogg"),
        "{mimetypes:?}"
    );

    let tags = client.get("/api/v1/tags/").await.json();
    assert!(tags["count"].as_i64().unwrap() >= 4);
    assert!(tags["results"][0]["name"].is_string());

    let libraries = pod
        .login("admin")
        .await
        .get("/api/v1/libraries/")
        .await
        .json();
    assert!(libraries["results"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["privacy_level"] == "everyone"));
    let licenses = client.get("/api/v1/licenses/").await.json();
    assert!(licenses["count"].as_i64().unwrap() >= 2);
}

#[actix_web::test]
async fn filters_detail_and_errors() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let albums = client.get("/api/v1/albums/?page_size=50").await.json();
    let album_id = albums["results"][0]["id"].as_i64().unwrap();
    let artist_id = albums["results"][0]["artist"]["id"].as_i64().unwrap();

    let album = client.get(&format!("/api/v1/albums/{album_id}/")).await;
    assert_eq!(album.status, StatusCode::OK);
    assert_eq!(album.json()["id"], album_id);

    let tracks = client
        .get(&format!(
            "/api/v1/tracks/?album={album_id}&ordering=disc_number,position"
        ))
        .await
        .json();
    let positions: Vec<i64> = tracks["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["position"].as_i64().unwrap())
        .collect();
    assert_eq!(positions, (1..=positions.len() as i64).collect::<Vec<_>>());
    assert!(tracks["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["album"]["id"] == album_id));

    let by_artist = client
        .get(&format!("/api/v1/albums/?artist={artist_id}"))
        .await
        .json();
    assert!(by_artist["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|a| a["artist"]["id"] == artist_id));
    let artist = client
        .get(&format!("/api/v1/artists/{artist_id}/"))
        .await
        .json();
    assert!(!artist["albums"].as_array().unwrap().is_empty());

    let first_title = tracks["results"][0]["title"].as_str().unwrap().to_owned();
    let q = &first_title[..5];
    let found = client
        .get(&format!("/api/v1/tracks/?q={}", q.replace(' ', "%20")))
        .await
        .json();
    assert!(found["results"]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["title"] == first_title.as_str()));

    let tagged = client.get("/api/v1/tracks/?tag=chiptune").await.json();
    assert!(tagged["count"].as_i64().unwrap() > 0);
    assert!(tagged["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["tags"]
            .as_array()
            .unwrap()
            .iter()
            .any(|x| x == "chiptune")));
    let none = client.get("/api/v1/tracks/?q=zzzznothing").await.json();
    assert_eq!(none["count"], 0);
    assert_eq!(none["results"], Value::Array(vec![]));

    let track_id = tracks["results"][0]["id"].as_i64().unwrap();
    let track = client.get(&format!("/api/v2/tracks/{track_id}")).await;
    assert_eq!(track.status, StatusCode::OK);
    assert_eq!(track.json()["uploads"].as_array().unwrap().len(), 1);

    assert_detail(
        &client.get("/api/v1/tracks/999999/").await,
        404,
        "Not found.",
    );
    assert_detail(&client.get("/api/v1/tracks/abc/").await, 404, "Not found.");
    assert_detail(
        &client.get("/api/v1/tracks/?page=-1").await,
        404,
        "Invalid page.",
    );
    assert_detail(
        &client.get("/api/v1/tracks/?page=999").await,
        404,
        "Invalid page.",
    );
    // Junk filters never break the query.
    let junk = client
        .get("/api/v1/tracks/?album=abc&ordering=-nope,;drop&page_size=-4&tag=%27")
        .await;
    assert_eq!(junk.status, StatusCode::OK);
}

#[actix_web::test]
async fn covers_are_served() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let albums = client.get("/api/v1/albums/").await.json();
    let url = albums["results"][0]["cover"]["urls"]["original"]
        .as_str()
        .unwrap()
        .to_owned();
    let anonymous = pod.client();
    let res = anonymous.get(&url).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.header("content-type"), Some("image/png"));
    assert_eq!(&res.body[1..4], b"PNG");
    assert_eq!(
        anonymous
            .get("/media/attachments/../../pod.sqlite3")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        anonymous.get("/media/attachments/nope.png").await.status,
        StatusCode::NOT_FOUND
    );
}

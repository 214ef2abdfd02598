//! Libraries for owners, upload groups, streamed multipart uploads, tag import per format,
//! duplicates, quota and the uploads routes, against a real embedded pod.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::content_support;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, Payload, TestPod};
use common::{next_event, socket};
use content_support::*;
use serde_json::{json, Value};

#[actix_web::test]
async fn libraries_crud_owner_only_and_scopes() {
    let pod = TestPod::start().await;
    let anon = pod.client();
    assert_detail(
        &anon.get("/api/v1/libraries/").await,
        401,
        "Authentication credentials were not provided.",
    );
    assert_eq!(
        anon.post_json("/api/v1/libraries/", json!({"name": "x"}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;

    // Bad input: DRF field errors.
    let res = admin.post_json("/api/v1/libraries/", json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json(), json!({"name": ["This field is required."]}));
    let res = admin
        .post_json(
            "/api/v1/libraries/",
            json!({"name": "A", "privacy_level": "friends"}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"privacy_level": ["\"friends\" is not a valid choice."]})
    );
    let res = admin
        .post_json("/api/v1/libraries/", json!({"name": "x".repeat(101)}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["name"][0]
        .as_str()
        .unwrap()
        .contains("100 characters"));

    // Create with each visibility of the form.
    let mut uuids = Vec::new();
    for (name, level) in [("Mine", "me"), ("Pod", "instance"), ("World", "everyone")] {
        let res = admin
            .post_json(
                "/api/v2/libraries/",
                json!({"name": name, "description": "d", "privacy_level": level}),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
        let lib = res.json();
        assert_eq!(lib["privacy_level"], level);
        assert_eq!(lib["uploads_count"], 0);
        assert_eq!(lib["size"], 0);
        assert_eq!(lib["actor"]["preferred_username"], "admin");
        assert!(lib["fid"]
            .as_str()
            .unwrap()
            .ends_with(lib["uuid"].as_str().unwrap()));
        uuids.push(lib["uuid"].as_str().unwrap().to_owned());
    }
    // Default visibility is private.
    let res = admin
        .post_json("/api/v1/libraries/", json!({"name": "Default"}))
        .await;
    assert_eq!(res.json()["privacy_level"], "me");

    // Scopes: me = own; default = viewable (the listener does not see the private one).
    let mine = admin
        .get("/api/v1/libraries/?scope=me&page_size=50")
        .await
        .json();
    let names: Vec<&str> = mine["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    for n in ["Mine", "Pod", "World", "Default"] {
        assert!(names.contains(&n), "{names:?}");
    }
    let theirs = listener.get("/api/v1/libraries/?page_size=50").await.json();
    let names: Vec<&str> = theirs["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"Pod") && names.contains(&"World"),
        "{names:?}"
    );
    assert!(!names.contains(&"Mine"), "{names:?}");
    assert_eq!(
        listener.get("/api/v1/libraries/?scope=me").await.json()["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|l| l["actor"]["preferred_username"] == "admin")
            .count(),
        0
    );
    let by_actor = listener
        .get("/api/v1/libraries/?scope=actor:admin&privacy_level=everyone")
        .await
        .json();
    assert!(by_actor["results"]
        .as_array()
        .unwrap()
        .iter()
        .all(|l| l["privacy_level"] == "everyone"));
    let q = admin.get("/api/v1/libraries/?scope=me&q=wor").await.json();
    assert_eq!(q["count"], 1);

    // Owner-only edits: 403 for someone else, 404 for nothing.
    let path = format!("/api/v1/libraries/{}/", uuids[1]);
    let res = listener
        .request(
            Method::PATCH,
            &path,
            Payload::Json(json!({"name": "Stolen"})),
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
    let res = admin
        .request(
            Method::PATCH,
            "/api/v1/libraries/00000000-0000-0000-0000-000000000000/",
            Payload::Json(json!({"name": "x"})),
            &[],
        )
        .await;
    assert_detail(&res, 404, "Not found.");
    let res = admin
        .request(
            Method::PATCH,
            &path,
            Payload::Json(json!({"privacy_level": "nope"})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let res = admin
        .request(
            Method::PATCH,
            &path,
            Payload::Json(json!({"name": "Renamed", "privacy_level": "everyone"})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["name"], "Renamed");
    assert_eq!(res.json()["privacy_level"], "everyone");
    assert_eq!(res.json()["description"], "d");
    let res = admin
        .request(
            Method::PUT,
            &path,
            Payload::Json(json!({"description": "only"})),
            &[],
        )
        .await;
    assert_eq!(res.json(), json!({"name": ["This field is required."]}));
    // Anyone signed in can open a library by its link (to ask to follow it).
    let res = listener
        .get(&format!("/api/v1/libraries/{}/", uuids[0]))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.json()["privacy_level"], "me");
    let res = admin
        .request(Method::DELETE, &path, Payload::None, &[])
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(admin.get(&path).await.status, StatusCode::NOT_FOUND);
}

#[actix_web::test]
async fn upload_group_imports_each_format_with_live_events() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let library = create_library(&admin, "Uploads", "everyone").await;
    let mut live = socket(&pod, &admin).await;
    let (guid, upload_url) = group(&admin).await;
    assert!(
        upload_url.ends_with(&format!("/api/v2/upload-groups/{guid}/uploads")),
        "{upload_url}"
    );

    let files: Vec<(&str, Vec<u8>)> = vec![
        (
            "flac",
            tagged(
                flac(1),
                "flac",
                &TagSet {
                    title: "Flac Song",
                    artist: "Test Band",
                    album: "Formats",
                    track: 1,
                },
            ),
        ),
        (
            "ogg",
            tagged(
                ogg(2),
                "ogg",
                &TagSet {
                    title: "Ogg Song",
                    artist: "Test Band",
                    album: "Formats",
                    track: 2,
                },
            ),
        ),
        (
            "mp3",
            tagged(
                mp3(3),
                "mp3",
                &TagSet {
                    title: "Mp3 Song",
                    artist: "Test Band",
                    album: "Formats",
                    track: 3,
                },
            ),
        ),
        (
            "opus",
            tagged(
                opus(5),
                "opus",
                &TagSet {
                    title: "Opus Song",
                    artist: "Test Band",
                    album: "Formats",
                    track: 5,
                },
            ),
        ),
        (
            "m4a",
            tagged(
                m4a(6),
                "m4a",
                &TagSet {
                    title: "M4a Song",
                    artist: "Test Band",
                    album: "Formats",
                    track: 6,
                },
            ),
        ),
        (
            "aiff",
            tagged(
                aiff(4),
                "aiff",
                &TagSet {
                    title: "Aiff Song",
                    artist: "Test Band",
                    album: "Formats",
                    track: 4,
                },
            ),
        ),
    ];
    let mut albums = Vec::new();
    for (ext, bytes) in &files {
        let res = upload_to(
            &admin,
            &upload_url,
            &library,
            &format!("song.{ext}"),
            bytes,
            "{}",
        )
        .await;
        assert_eq!(res.status, StatusCode::CREATED, "{ext}: {}", res.text());
        let created = res.json();
        assert_eq!(created["import_status"], "pending");
        assert_eq!(created["guid"], created["uuid"]);
        assert_eq!(created["library"], library.as_str());
        assert_eq!(created["size"], bytes.len());
        let event = next_event(&mut live, "import.status_updated").await;
        assert_eq!(event["upload"]["uuid"], created["uuid"], "{event}");
        assert_eq!(event["old_status"], "pending");
        assert_eq!(event["new_status"], "finished", "{ext}: {event}");
        assert!(event["upload"]["import_date"].is_string());
        let done = wait_import(&admin, created["uuid"].as_str().unwrap()).await;
        assert_eq!(done["import_status"], "finished", "{ext}: {done}");
        let track = &done["track"];
        assert_eq!(
            track["title"],
            format!("{} Song", ext[..1].to_uppercase() + &ext[1..]),
            "{done}"
        );
        assert_eq!(track["artist"]["name"], "Test Band");
        assert_eq!(track["album"]["title"], "Formats");
        assert!(done["duration"].as_i64().unwrap() >= 1, "{ext}: {done}");
        let mimetype = match *ext {
            "flac" => "audio/x-flac",
            "ogg" => "audio/ogg",
            "mp3" => "audio/mpeg",
            "opus" => "audio/opus",
            "m4a" => "audio/x-m4a",
            _ => "audio/aiff",
        };
        assert_eq!(done["mimetype"], mimetype, "{ext}: {done}");
        albums.push(track["album"]["id"].clone());
        // Playable through the listen URL.
        let listen = admin.get(track["listen_url"].as_str().unwrap()).await;
        assert_eq!(listen.status, StatusCode::OK);
        assert_eq!(listen.body, *bytes);
    }
    // Artist and album reused across files.
    assert!(albums.windows(2).all(|w| w[0] == w[1]), "{albums:?}");

    // The same file again: skipped, with the duplicate named.
    let res = upload_to(
        &admin,
        &upload_url,
        &library,
        "again.flac",
        &files[0].1,
        "{}",
    )
    .await;
    let again = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(again["import_status"], "skipped");
    assert_eq!(
        again["import_details"]["code"],
        "already_imported_in_owned_libraries"
    );

    // No tags and no metadata: errored with a reason; the file and reason are kept.
    let res = upload_to(&admin, &upload_url, &library, "bare.flac", &flac(9), "{}").await;
    let bare = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(bare["import_status"], "errored");
    assert_eq!(bare["import_details"]["error_code"], "invalid_metadata");
    assert_eq!(
        bare["import_details"]["detail"]["title"][0],
        "This field is required."
    );
    // The metadata sent with the file fills in missing tags.
    let res = upload_to(
        &admin,
        &upload_url,
        &library,
        "bare2.flac",
        &flac(10),
        r#"{"title": "From Form", "artist": "Form Artist", "album": "Form Album"}"#,
    )
    .await;
    let filled = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(filled["import_status"], "finished", "{filled}");
    assert_eq!(filled["track"]["title"], "From Form");
    assert_eq!(filled["track"]["artist"]["name"], "Form Artist");

    // Not audio at all: errored, unreadable.
    let res = upload_to(
        &admin,
        &upload_url,
        &library,
        "noise.mp3",
        b"definitely not audio",
        "{}",
    )
    .await;
    let noise = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(noise["import_status"], "errored");

    // Relaunch a failed import after fixing its metadata: it then finishes.
    let bare_uuid = bare["uuid"].as_str().unwrap();
    let res = admin
        .request(
            Method::PATCH,
            &format!("/api/v1/uploads/{bare_uuid}/"),
            Payload::Json(json!({"import_metadata": {"title": "Fixed", "artist": "Fixer"}})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let res = admin
        .post_json(
            "/api/v1/uploads/action/",
            json!({"action": "relaunch_import", "objects": [bare_uuid]}),
        )
        .await;
    assert_eq!(res.json()["updated"], 1, "{}", res.text());
    let fixed = wait_import(&admin, bare_uuid).await;
    assert_eq!(fixed["import_status"], "finished", "{fixed}");
    assert_eq!(fixed["track"]["title"], "Fixed");
}

#[actix_web::test]
async fn upload_refusals_are_clear_and_store_nothing() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let library = create_library(&admin, "Mine", "me").await;
    let (_, upload_url) = group(&admin).await;
    let song = tagged(
        flac(5),
        "flac",
        &TagSet {
            title: "T",
            artist: "A",
            album: "B",
            track: 1,
        },
    );

    // Unauthenticated.
    let res = post_multipart(&pod.client(), &upload_url, multipart(&[], None)).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    // Someone else's group: 404; someone else's library: 403.
    let res = upload_to(&listener, &upload_url, &library, "a.flac", &song, "{}").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let (_, their_url) = group(&listener).await;
    let res = upload_to(&listener, &their_url, &library, "a.flac", &song, "{}").await;
    assert_detail(
        &res,
        403,
        "You do not have permission to perform this action.",
    );
    // Unknown library, missing target, missing file, bad JSON, bad extension.
    let res = upload_to(
        &admin,
        &upload_url,
        "00000000-0000-0000-0000-000000000000",
        "a.flac",
        &song,
        "{}",
    )
    .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["target"][0]
        .as_str()
        .unwrap()
        .contains("does not exist"));
    let res = post_multipart(
        &admin,
        &upload_url,
        multipart(&[], Some(("audioFile", "a.flac", &song))),
    )
    .await;
    assert_eq!(res.json(), json!({"target": ["This field is required."]}));
    let target = format!("{{\"library\": \"{library}\"}}");
    let res = post_multipart(&admin, &upload_url, multipart(&[("target", &target)], None)).await;
    assert_eq!(res.json(), json!({"audioFile": ["No file was submitted."]}));
    let res = post_multipart(
        &admin,
        &upload_url,
        multipart(
            &[("target", &target), ("metadata", "{nope")],
            Some(("audioFile", "a.flac", &song)),
        ),
    )
    .await;
    assert_eq!(
        res.json(),
        json!({"metadata": ["Value must be valid JSON."]})
    );
    let res = upload_to(&admin, &upload_url, &library, "notes.txt", b"hello", "{}").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["audioFile"][0]
        .as_str()
        .unwrap()
        .starts_with("Unsupported file type"));
    let res = admin
        .request(
            Method::POST,
            &upload_url,
            Payload::Raw("application/json", b"{}".to_vec()),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let res = admin
        .request(
            Method::POST,
            &upload_url,
            Payload::Raw("multipart/form-data; boundary=x", b"garbage".to_vec()),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());

    // Quota: the instance default of 1 MB applies to users without their own (the
    // listener); a 2 MB file is refused before anything is stored.
    let res = admin
        .post_json(
            "/api/v1/instance/admin/settings/bulk/",
            json!({"users__upload_quota": 1}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let me = listener.get("/api/v1/users/me/").await.json();
    assert_eq!(me["quota_status"]["max"], 1, "{me}");
    assert_eq!(me["quota_status"]["current"], 0.0, "{me}");
    let theirs = create_library(&listener, "Small", "me").await;
    let big = vec![7u8; 2_000_000];
    let res = upload_to(&listener, &their_url, &theirs, "big.flac", &big, "{}").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST, "{}", res.text());
    assert_eq!(
        res.json(),
        json!({"non_field_errors": ["upload_quota_reached"]})
    );
    // Nothing stored: no upload row, no file, no partial file.
    assert_eq!(listener.get("/api/v1/uploads/").await.json()["count"], 0);
    let dir = pod.dir.path().join("media/uploads");
    let stored: Vec<_> = walk(&dir);
    assert!(stored.is_empty(), "{stored:?}");
    // Under the quota it goes through.
    let res = upload_to(&listener, &their_url, &theirs, "ok.flac", &song, "{}").await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let me = listener.get("/api/v1/users/me/").await.json();
    assert!(
        me["quota_status"]["current"].as_f64().unwrap() > 0.0,
        "{me}"
    );
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                out.extend(walk(&path));
            } else {
                out.push(path);
            }
        }
    }
    out
}

#[actix_web::test]
async fn uploads_list_filter_detail_delete_and_purge() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let library = create_library(&admin, "Mine", "everyone").await;
    let other = create_library(&admin, "Other", "everyone").await;
    let (_, url) = group(&admin).await;
    let good = tagged(
        flac(6),
        "flac",
        &TagSet {
            title: "Keeper",
            artist: "A",
            album: "B",
            track: 1,
        },
    );
    let res = upload_to(&admin, &url, &library, "keeper.flac", &good, "{}").await;
    let keeper = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    let res = upload_to(&admin, &url, &other, "dup.flac", &good, "{}").await;
    let dup = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(dup["import_status"], "skipped");
    let res = upload_to(&admin, &url, &library, "bad.flac", &flac(7), "{}").await;
    let bad = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(bad["import_status"], "errored");

    assert_eq!(
        pod.client().get("/api/v1/uploads/").await.status,
        StatusCode::UNAUTHORIZED
    );
    let reference = keeper["import_reference"].as_str().unwrap().to_owned();
    let mine = |extra: &str| format!("/api/v1/uploads/?import_reference={reference}{extra}");
    let all = admin.get(&mine("")).await.json();
    assert_eq!(all["count"], 3);
    assert!(all["next"].is_null());
    assert_eq!(listener.get("/api/v1/uploads/").await.json()["count"], 0);
    assert_eq!(
        admin
            .get(&format!("/api/v1/uploads/?library={library}"))
            .await
            .json()["count"],
        2
    );
    assert_eq!(
        admin
            .get(&mine("&import_status=errored&import_status=skipped"))
            .await
            .json()["count"],
        2
    );
    assert_eq!(admin.get(&mine("&q=keeper")).await.json()["count"], 1);
    assert_eq!(admin.get(&mine("&q=bad.flac")).await.json()["count"], 1);
    let res = admin.get("/api/v1/uploads/?import_status=weird").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["import_status"].is_array());
    let res = admin.get("/api/v1/uploads/?page=9").await;
    assert_detail(&res, 404, "Invalid page.");

    let keeper_path = format!("/api/v1/uploads/{}/", keeper["uuid"].as_str().unwrap());
    assert_eq!(
        admin.get(&keeper_path).await.json()["track"]["title"],
        "Keeper"
    );
    assert_eq!(
        listener.get(&keeper_path).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        listener
            .request(Method::DELETE, &keeper_path, Payload::None, &[])
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        admin
            .get("/api/v1/uploads/00000000-0000-0000-0000-000000000000/")
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    let meta = admin
        .get(&format!("{keeper_path}audio-file-metadata/"))
        .await
        .json();
    assert_eq!(meta["title"], "Keeper");

    // Bad actions.
    let res = admin
        .post_json(
            "/api/v1/uploads/action/",
            json!({"action": "explode", "objects": "all"}),
        )
        .await;
    assert_eq!(
        res.json(),
        json!({"action": ["\"explode\" is not a valid choice."]})
    );
    let res = admin
        .post_json("/api/v1/uploads/action/", json!({"action": "delete"}))
        .await;
    assert_eq!(res.json(), json!({"objects": ["This field is required."]}));
    // Purge errored and skipped ones.
    let res = admin
        .post_json(
            "/api/v1/uploads/action/",
            json!({"action": "delete", "objects": "all", "filters": {"import_status": ["errored", "skipped"]}}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["updated"], 2);
    let left = admin.get(&mine("")).await.json();
    assert_eq!(left["count"], 1);
    assert_eq!(left["results"][0]["uuid"], keeper["uuid"]);
    // Another user's purge touches nothing of ours.
    let res = listener
        .post_json(
            "/api/v1/uploads/action/",
            json!({"action": "delete", "objects": "all"}),
        )
        .await;
    assert_eq!(res.json()["updated"], 0);
    // Deleting the upload removes its file and its now empty track.
    let listen_url = keeper["track"]["listen_url"].as_str().unwrap().to_owned();
    let track_id = keeper["track"]["id"].as_i64().unwrap();
    let res = admin
        .request(Method::DELETE, &keeper_path, Payload::None, &[])
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(admin.get(&mine("")).await.json()["count"], 0);
    assert_eq!(admin.get(&listen_url).await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        admin
            .get(&format!("/api/v1/tracks/{track_id}/"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert!(walk(&pod.dir.path().join("media/uploads")).is_empty());
}

/// A memory figure of this process from /proc/self/status (`VmHWM`, `VmRSS`), in kB.
fn status_kb(key: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap();
    status
        .lines()
        .find(|l| l.starts_with(key))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap()
}

/// VmHWM (peak resident memory) of this process, in kB.
fn peak_rss_kb() -> u64 {
    status_kb("VmHWM:")
}

#[actix_web::test]
async fn a_200_mb_upload_streams_to_disk_with_flat_memory() {
    use futures_util::stream;
    const SIZE: usize = 200 * 1024 * 1024;
    const CHUNK: usize = 256 * 1024;
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let library = create_library(&admin, "Big", "me").await;
    let (_, url) = group(&admin).await;
    let head = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"target\"\r\n\r\n{{\"library\": \"{library}\"}}\r\n--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"audioFile\"; filename=\"big.flac\"\r\n\r\n"
    );
    let tail = format!("\r\n--{BOUNDARY}--\r\n");
    let total = head.len() + SIZE + tail.len();
    let before = peak_rss_kb();
    // Also sample the resident size during the upload (the peak alone may hide growth under
    // an earlier high-water mark).
    let rss_before = status_kb("VmRSS:");
    let highest = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(rss_before));
    let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sampler = {
        let (highest, done) = (highest.clone(), done.clone());
        std::thread::spawn(move || {
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                highest.fetch_max(status_kb("VmRSS:"), std::sync::atomic::Ordering::Relaxed);
                std::thread::sleep(std::time::Duration::from_millis(10));
            }
        })
    };
    let chunks = SIZE / CHUNK;
    let body = stream::iter(
        std::iter::once(bytes::Bytes::from(head))
            .chain((0..chunks).map(|i| bytes::Bytes::from(vec![(i % 251) as u8; CHUNK])))
            .chain(std::iter::once(bytes::Bytes::from(tail)))
            .map(Ok::<_, std::io::Error>),
    );
    let cookies = admin.cookie_header();
    let csrf = admin.cookies.borrow().get("csrftoken").cloned().unwrap();
    let mut res = awc::Client::builder()
        .timeout(std::time::Duration::from_secs(300))
        .finish()
        .post(&url)
        .insert_header(("Cookie", cookies))
        .insert_header(("X-CSRFToken", csrf))
        .insert_header(("Content-Type", MULTIPART))
        .insert_header(("Content-Length", total.to_string()))
        .send_stream(body)
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::CREATED);
    let created: Value = res.json().await.unwrap();
    assert_eq!(created["size"], SIZE);
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    sampler.join().unwrap();
    let grown_mb = (peak_rss_kb().saturating_sub(before)) / 1024;
    let sampled_mb = highest
        .load(std::sync::atomic::Ordering::Relaxed)
        .saturating_sub(rss_before)
        / 1024;
    eprintln!(
        "during a 200 MB upload: peak RSS grew by {grown_mb} MB, sampled RSS by at most {sampled_mb} MB"
    );
    // Client and server share this process: both together stay flat.
    assert!(grown_mb < 20, "peak RSS grew by {grown_mb} MB");
    assert!(sampled_mb < 20, "RSS grew by {sampled_mb} MB");
    let stored = walk(&pod.dir.path().join("media/uploads"));
    assert_eq!(stored.len(), 1, "{stored:?}");
    assert_eq!(std::fs::metadata(&stored[0]).unwrap().len() as usize, SIZE);
}

#[actix_web::test]
async fn an_upload_cut_off_midway_leaves_nothing_and_a_retry_gives_one_copy() {
    use futures_util::stream;
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let library = create_library(&admin, "Cut", "me").await;
    let (_, url) = group(&admin).await;
    let song = tagged(
        flac(8),
        "flac",
        &TagSet {
            title: "Cut",
            artist: "A",
            album: "B",
            track: 1,
        },
    );
    let full = {
        let target = format!("{{\"library\": \"{library}\"}}");
        multipart(
            &[("target", &target)],
            Some(("audioFile", "cut.flac", &song)),
        )
    };
    // Send half the body, then fail the stream: the connection is cut mid-way.
    let half = bytes::Bytes::copy_from_slice(&full[..full.len() / 2]);
    let body = stream::iter(vec![
        Ok(half),
        Err(std::io::Error::new(
            std::io::ErrorKind::ConnectionReset,
            "cut",
        )),
    ]);
    let cookies = admin.cookie_header();
    let csrf = admin.cookies.borrow().get("csrftoken").cloned().unwrap();
    let result = awc::Client::new()
        .post(&url)
        .insert_header(("Cookie", cookies))
        .insert_header(("X-CSRFToken", csrf))
        .insert_header(("Content-Type", MULTIPART))
        .insert_header(("Content-Length", full.len().to_string()))
        .send_stream(body)
        .await;
    assert!(result.is_err() || !result.unwrap().status().is_success());
    // Give the server a moment to notice.
    actix_web::rt::time::sleep(std::time::Duration::from_millis(300)).await;
    let ours = format!("/api/v1/uploads/?library={library}");
    assert_eq!(admin.get(&ours).await.json()["count"], 0);
    assert!(walk(&pod.dir.path().join("media/uploads")).is_empty());
    // Retry: exactly one copy.
    let res = post_multipart(&admin, &url, full).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let done = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(done["import_status"], "finished");
    assert_eq!(admin.get(&ours).await.json()["count"], 1);
    assert_eq!(walk(&pod.dir.path().join("media/uploads")).len(), 1);
}

#[actix_web::test]
async fn v1_uploads_create_with_audio_file() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let library = create_library(&admin, "V1", "instance").await;
    let song = tagged(
        ogg(11),
        "ogg",
        &TagSet {
            title: "Vee One",
            artist: "A",
            album: "B",
            track: 1,
        },
    );
    let body = multipart(
        &[("library", &library), ("import_reference", "batch-1")],
        Some(("audio_file", "v1.ogg", &song)),
    );
    let res = post_multipart(&admin, "/api/v1/uploads/", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert_eq!(res.json()["import_reference"], "batch-1");
    let done = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(done["import_status"], "finished");
    assert_eq!(done["mimetype"], "audio/ogg");
    assert_eq!(
        admin
            .get("/api/v1/uploads/?import_reference=batch-1")
            .await
            .json()["count"],
        1
    );
    let body = multipart(&[], Some(("audio_file", "v1.ogg", &song)));
    let res = post_multipart(&admin, "/api/v1/uploads/", body).await;
    assert_eq!(res.json(), json!({"library": ["This field is required."]}));
}

#[actix_web::test]
async fn private_library_content_shows_to_followers_only_after_approval() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let moderator = pod.login("moderator").await;
    let secret = create_library(&admin, "Secret", "me").await;
    let (_, url) = group(&admin).await;
    let song = tagged(
        flac(12),
        "flac",
        &TagSet {
            title: "Hiddensong",
            artist: "Quiet Band",
            album: "Whispers",
            track: 1,
        },
    );
    let res = upload_to(&admin, &url, &secret, "h.flac", &song, "{}").await;
    let done = wait_import(&admin, res.json()["uuid"].as_str().unwrap()).await;
    assert_eq!(done["import_status"], "finished");
    let track_id = done["track"]["id"].as_i64().unwrap();
    let album_id = done["track"]["album"]["id"].as_i64().unwrap();
    let listen = done["track"]["listen_url"].as_str().unwrap().to_owned();

    // The owner sees it; others do not.
    assert_eq!(
        admin.get("/api/v1/tracks/?q=Hiddensong").await.json()["count"],
        1
    );
    // The unfiltered counts leave it out too (counted as all tracks less the hidden ones), and
    // a search on a term shared with visible tracks as well.
    assert_eq!(
        count_of(&listener, "/api/v1/tracks/?page_size=1").await + 1,
        count_of(&admin, "/api/v1/tracks/?page_size=1").await
    );
    assert_eq!(
        count_of(&listener, "/api/v1/tracks/?q=song").await + 1,
        count_of(&admin, "/api/v1/tracks/?q=song").await
    );
    assert_eq!(
        count_of(&listener, "/api/v1/albums/?page_size=1").await + 1,
        count_of(&admin, "/api/v1/albums/?page_size=1").await
    );
    for (who, client) in [("listener", &listener), ("moderator", &moderator)] {
        assert_eq!(
            client.get("/api/v1/tracks/?q=Hiddensong").await.json()["count"],
            0,
            "{who}"
        );
        assert_eq!(
            client
                .get(&format!("/api/v1/tracks/{track_id}/"))
                .await
                .status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            client
                .get(&format!("/api/v1/albums/{album_id}/"))
                .await
                .status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            client.get("/api/v1/artists/?q=Quiet").await.json()["count"],
            0
        );
        assert_eq!(client.get(&listen).await.status, StatusCode::NOT_FOUND);
    }

    // A follow request stays pending: still hidden.
    let res = listener
        .post_json(
            "/api/v1/federation/follows/library/",
            json!({"target": secret}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    assert!(res.json()["approved"].is_null());
    let follow = res.json()["uuid"].as_str().unwrap().to_owned();
    assert_eq!(
        listener.get("/api/v1/tracks/?q=Hiddensong").await.json()["count"],
        0
    );
    // The owner sees the request among the library's followers; nobody else may list them.
    let followers = admin
        .get(&format!("/api/v1/libraries/{secret}/follows/"))
        .await
        .json();
    assert_eq!(followers["count"], 1);
    assert_eq!(followers["results"][0]["uuid"], follow.as_str());
    assert_eq!(
        followers["results"][0]["actor"]["preferred_username"],
        "listener"
    );
    assert_eq!(
        listener
            .get(&format!("/api/v1/libraries/{secret}/follows/"))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    // Only the owner accepts.
    let res = listener
        .post_json(
            &format!("/api/v1/federation/follows/library/{follow}/accept/"),
            json!({}),
        )
        .await;
    assert!(res.status.is_client_error(), "{}", res.text());
    let res = admin
        .post_json(
            &format!("/api/v1/federation/follows/library/{follow}/accept/"),
            json!({}),
        )
        .await;
    assert!(res.status.is_success(), "{}", res.text());

    // Approved: the follower sees and plays it; others still do not.
    assert_eq!(
        listener.get("/api/v1/tracks/?q=Hiddensong").await.json()["count"],
        1
    );
    assert_eq!(
        listener
            .get(&format!("/api/v1/albums/{album_id}/"))
            .await
            .status,
        StatusCode::OK
    );
    assert_eq!(listener.get(&listen).await.status, StatusCode::OK);
    let libs = listener.get("/api/v1/libraries/?page_size=50").await.json();
    assert!(libs["results"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["uuid"] == secret.as_str()));
    assert_eq!(
        moderator.get("/api/v1/tracks/?q=Hiddensong").await.json()["count"],
        0
    );
    assert_eq!(moderator.get(&listen).await.status, StatusCode::NOT_FOUND);
}

async fn count_of(client: &common::Client, path: &str) -> i64 {
    client.get(path).await.json()["count"].as_i64().unwrap()
}

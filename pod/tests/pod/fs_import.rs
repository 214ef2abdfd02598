//! Import from a server folder (`libraries/fs-import/`) against a real embedded pod: the
//! `library` permission, paths kept inside the music folder, the target library, a folder with
//! a good and a broken file, cancellation, and status and logs kept across a restart.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;
use crate::content_support;

use std::path::PathBuf;
use std::time::Duration;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, next_event, socket, Client, Payload, TestPod};
use content_support::*;
use serde_json::{json, Value};

const ROUTE: &str = "/api/v1/libraries/fs-import/";

fn music_dir(pod: &TestPod) -> PathBuf {
    pod.dir.path().join("music-import")
}

async fn delete(client: &Client, path: &str) -> common::Response {
    client
        .request(Method::DELETE, path, Payload::None, &[])
        .await
}

fn good_flac(seed: u32, title: &str) -> Vec<u8> {
    tagged(
        flac(seed),
        "flac",
        &TagSet {
            title,
            artist: "Folder Artist",
            album: "Folder Album",
            track: seed,
        },
    )
}

/// Polls until the pod's import leaves `pending` / `started`.
async fn wait_ended(client: &Client) -> Value {
    for _ in 0..300 {
        let res = client.get(ROUTE).await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
        let import = res.json()["import"].clone();
        if !matches!(import["status"].as_str(), Some("pending" | "started")) {
            return import;
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the import did not end");
}

async fn uploads_with_reference(client: &Client, reference: &str) -> Vec<Value> {
    let res = client
        .get(&format!(
            "/api/v1/uploads/?import_reference={reference}&page_size=100"
        ))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    res.json()["results"].as_array().unwrap().clone()
}

#[actix_web::test]
async fn only_users_with_the_library_permission() {
    let pod = TestPod::start().await;
    let anon = pod.client();
    assert_eq!(anon.get(ROUTE).await.status, StatusCode::UNAUTHORIZED);
    let listener = pod.login("listener").await;
    assert_detail(
        &listener.get(ROUTE).await,
        403,
        "You do not have permission to perform this action.",
    );
    let res = listener
        .post_json(ROUTE, json!({"path": "", "library": "x"}))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(delete(&listener, ROUTE).await.status, StatusCode::FORBIDDEN);

    let admin = pod.login("admin").await;
    std::fs::create_dir_all(music_dir(&pod).join("B folder")).unwrap();
    std::fs::create_dir_all(music_dir(&pod).join("a folder")).unwrap();
    std::fs::write(music_dir(&pod).join("song.mp3"), b"not really").unwrap();
    let res = admin.get(ROUTE).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let value = res.json();
    assert_eq!(value["path"], "");
    assert_eq!(value["import"], Value::Null);
    assert!(value["root"].as_str().unwrap().ends_with("music-import"));
    assert_eq!(
        value["content"],
        json!([
            {"name": "B folder", "dir": true},
            {"name": "a folder", "dir": true},
            {"name": "song.mp3", "dir": false},
        ])
    );
    let res = admin.get(&format!("{ROUTE}?path=a%20folder")).await;
    assert_eq!(res.json()["path"], "a folder");
    assert_eq!(res.json()["content"], json!([]));
}

#[actix_web::test]
async fn paths_stay_inside_the_music_folder() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let outside = pod.dir.path().join("outside");
    std::fs::create_dir_all(&outside).unwrap();
    std::fs::write(outside.join("secret.flac"), good_flac(1, "Secret")).unwrap();
    std::os::unix::fs::symlink(&outside, music_dir(&pod).join("link-out")).unwrap();
    std::os::unix::fs::symlink(
        outside.join("secret.flac"),
        music_dir(&pod).join("linked.flac"),
    )
    .unwrap();
    std::fs::write(music_dir(&pod).join("file.flac"), b"x").unwrap();

    for (path, detail) in [
        ("..", "The path leads outside the music folder."),
        ("../outside", "The path leads outside the music folder."),
        ("link-out", "The path leads outside the music folder."),
        ("/etc", "The path must be relative to the music folder."),
        ("nowhere", "This folder does not exist in the music folder."),
        ("file.flac", "This path is not a folder."),
    ] {
        let res = admin
            .get(&format!(
                "{ROUTE}?path={}",
                path.replace('/', "%2F").replace('.', "%2E")
            ))
            .await;
        assert_detail(&res, 400, detail);
    }
    // The links out are not even listed.
    let listed = admin.get(ROUTE).await.json()["content"].clone();
    assert_eq!(listed, json!([{"name": "file.flac", "dir": false}]));

    let library = create_library(&admin, "Mine", "me").await;
    let res = admin
        .post_json(ROUTE, json!({"path": "../outside", "library": library}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!({"path": ["The path leads outside the music folder."]})
    );
    let res = admin
        .post_json(ROUTE, json!({"path": "link-out", "library": library}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    // Importing the whole music folder does not follow the link out either.
    let res = admin
        .post_json(
            ROUTE,
            json!({"path": "", "library": library, "import_reference": "root-ref"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let import = wait_ended(&admin).await;
    assert_eq!(import["status"], "finished", "{import}");
    let uploads = uploads_with_reference(&admin, "root-ref").await;
    assert_eq!(uploads.len(), 1, "only file.flac: {uploads:?}");
    assert_eq!(uploads[0]["filename"], "file.flac");
    assert_eq!(uploads[0]["import_status"], "errored");
}

#[actix_web::test]
async fn the_library_must_be_the_callers_own() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let listener = pod.login("listener").await;
    let theirs = create_library(&listener, "Not yours", "everyone").await;

    let res = admin.post_json(ROUTE, json!({"path": ""})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json(), json!({"library": ["This field is required."]}));
    for library in [theirs.as_str(), "00000000-0000-0000-0000-000000000000"] {
        let res = admin
            .post_json(ROUTE, json!({"path": "", "library": library}))
            .await;
        assert_eq!(res.status, StatusCode::BAD_REQUEST);
        assert_eq!(
            res.json(),
            json!({"library": ["Choose one of your libraries."]})
        );
    }
    let mine = create_library(&admin, "Mine", "me").await;
    let res = admin
        .post_json(
            ROUTE,
            json!({"path": "", "library": mine, "import_reference": "x".repeat(51)}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["import_reference"].is_array());
    // Nothing was started by the refusals.
    assert_eq!(admin.get(ROUTE).await.json()["import"], Value::Null);
}

#[actix_web::test]
async fn a_broken_file_errors_alone() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let mut live = socket(&pod, &admin).await;
    let library = create_library(&admin, "From the server", "me").await;
    let album = music_dir(&pod).join("Album");
    std::fs::create_dir_all(album.join("CD1")).unwrap();
    std::fs::write(album.join("CD1/01 good.flac"), good_flac(1, "Good Song")).unwrap();
    std::fs::write(album.join("02 broken.mp3"), b"this is not audio at all").unwrap();
    std::fs::write(album.join("cover.txt"), b"ignored").unwrap();
    let original = std::fs::read(album.join("CD1/01 good.flac")).unwrap();

    let res = admin
        .post_json(
            ROUTE,
            json!({"path": "Album", "library": library, "import_reference": "server-ref"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // The same live events as an upload.
    let event = next_event(&mut live, "import.status_updated").await;
    assert_eq!(event["old_status"], "pending");
    assert_eq!(event["upload"]["import_reference"], "server-ref");

    let import = wait_ended(&admin).await;
    assert_eq!(import["status"], "finished");
    assert_eq!(import["reference"], "server-ref");
    let logs: Vec<&str> = import["logs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        logs,
        vec![
            "Importing “Album”: 2 audio files found.",
            "Album/02 broken.mp3: not imported, the file cannot be read as audio.",
            "Album/CD1/01 good.flac: imported.",
            "Done: 1 imported, 0 skipped, 1 not imported.",
        ]
    );
    let uploads = uploads_with_reference(&admin, "server-ref").await;
    assert_eq!(uploads.len(), 2);
    let good = uploads
        .iter()
        .find(|u| u["filename"] == "01 good.flac")
        .unwrap();
    assert_eq!(good["import_status"], "finished");
    assert_eq!(good["library"], library);
    assert_eq!(good["track"]["title"], "Good Song");
    assert_eq!(good["track"]["artist"]["name"], "Folder Artist");
    assert!(good["source"].as_str().unwrap().starts_with("file://"));
    let broken = uploads
        .iter()
        .find(|u| u["filename"] == "02 broken.mp3")
        .unwrap();
    assert_eq!(broken["import_status"], "errored");
    assert_eq!(broken["import_details"]["error_code"], "invalid_metadata");
    // Copied, not moved: the server folder is left as it was.
    assert_eq!(
        std::fs::read(album.join("CD1/01 good.flac")).unwrap(),
        original
    );
    // The imported copy plays.
    let listen = good["track"]["listen_url"].as_str().unwrap().to_owned();
    let res = admin.get(&listen).await;
    assert_eq!(res.status, StatusCode::OK, "{listen}");
    assert!(res.body.len() > 1000);

    // Again: the same files are now duplicates.
    let res = admin
        .post_json(
            ROUTE,
            json!({"path": "Album/CD1", "library": library, "import_reference": "again"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    let import = wait_ended(&admin).await;
    assert_eq!(import["reference"], "again");
    assert_eq!(
        import["logs"][1],
        "Album/CD1/01 good.flac: skipped, already in one of your libraries."
    );
}

#[actix_web::test]
async fn cancel_stops_between_files() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let library = create_library(&admin, "Big folder", "me").await;
    let folder = music_dir(&pod).join("Many");
    std::fs::create_dir_all(&folder).unwrap();
    let total = 25;
    for i in 0..total {
        std::fs::write(
            folder.join(format!("{i:02}.flac")),
            good_flac(i, &format!("Song {i}")),
        )
        .unwrap();
    }
    let res = admin
        .post_json(
            ROUTE,
            json!({"path": "Many", "library": library, "import_reference": "many"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // A second import is refused while this one runs.
    let res = admin
        .post_json(ROUTE, json!({"path": "Many", "library": library}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["detail"]
        .as_str()
        .unwrap()
        .contains("already running"));

    let res = delete(&admin, ROUTE).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let import = wait_ended(&admin).await;
    assert_eq!(import["status"], "canceled");
    assert!(import["logs"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l == "Canceled by admin."));
    // The file being imported when the cancel came may still land; nothing after it.
    actix_web::rt::time::sleep(Duration::from_millis(800)).await;
    let count = uploads_with_reference(&admin, "many").await.len();
    assert!(count < total as usize, "{count} of {total} imported");
    actix_web::rt::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(uploads_with_reference(&admin, "many").await.len(), count);
    let import = admin.get(ROUTE).await.json()["import"].clone();
    assert_eq!(import["status"], "canceled");
    assert!(import["logs"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l.as_str().unwrap().starts_with("Stopped after ")));
    // A cancel with nothing running changes nothing.
    assert_eq!(delete(&admin, ROUTE).await.status, StatusCode::NO_CONTENT);
}

#[actix_web::test]
async fn status_and_logs_survive_a_restart() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let library = create_library(&admin, "Kept", "me").await;
    std::fs::write(music_dir(&pod).join("one.flac"), good_flac(3, "One")).unwrap();
    let res = admin
        .post_json(
            ROUTE,
            json!({"path": "", "library": library, "import_reference": "kept"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED);
    let before = wait_ended(&admin).await;
    assert_eq!(before["status"], "finished");

    let pod = pod.restart().await;
    let admin = pod.login("admin").await;
    let after = admin.get(ROUTE).await.json()["import"].clone();
    assert_eq!(after, before);

    // An import the previous process left running ends as errored, saying why.
    pod.server.stop(true).await;
    {
        let conn = rusqlite::Connection::open(pod.dir.path().join("pod.sqlite3")).unwrap();
        conn.execute("UPDATE fs_imports SET status = 'started'", [])
            .unwrap();
    }
    let pod = pod.restart().await;
    let admin = pod.login("admin").await;
    let after = admin.get(ROUTE).await.json()["import"].clone();
    assert_eq!(after["status"], "errored");
    assert_eq!(
        after["logs"].as_array().unwrap().last().unwrap(),
        "The pod stopped before the import ended; start it again to import the remaining files."
    );
}

//! Global search against a real embedded pod.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::StatusCode;
use common::{assert_detail, TestPod};

#[actix_web::test]
async fn search_returns_every_group() {
    let pod = TestPod::start().await;
    let anonymous = pod.client();
    assert_detail(
        &anonymous.get("/api/v1/search?q=tide").await,
        401,
        "Authentication credentials were not provided.",
    );

    let client = pod.login("listener").await;
    // No trailing slash, as a real pod; the slash form answers too.
    for path in [
        "/api/v1/search?q=tide",
        "/api/v1/search/?q=tide",
        "/api/v2/search?q=tide",
    ] {
        let res = client.get(path).await;
        assert_eq!(res.status, StatusCode::OK, "{path}: {}", res.text());
        let body = res.json();
        for group in ["artists", "albums", "tracks", "tags"] {
            assert!(body[group].is_array(), "{group} missing");
        }
        assert_eq!(body["artists"][0]["name"], "Aurora Tide");
        assert!(body["artists"][0]["albums"].is_array());
        // Albums match on their title or their artist's name.
        let albums: Vec<&str> = body["albums"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["title"].as_str().unwrap())
            .collect();
        assert!(albums.contains(&"Low Tide Lights"), "{albums:?}");
        assert!(body["albums"].as_array().unwrap().len() <= 3);
        assert!(!body["tracks"].as_array().unwrap().is_empty());
        assert!(body["tracks"][0]["uploads"].is_array());
    }

    let tags = client.get("/api/v1/search?q=jazz").await.json();
    assert_eq!(tags["tags"][0]["name"], "jazz");

    // Every word must match somewhere.
    let both = client.get("/api/v1/search?q=harbour%20dawn").await.json();
    assert_eq!(both["tracks"][0]["title"], "Harbour at Dawn");
    let none = client.get("/api/v1/search?q=harbour%20zebra").await.json();
    assert!(none["tracks"].as_array().unwrap().is_empty());

    assert_detail(
        &client.get("/api/v1/search?q=%20").await,
        400,
        "empty query",
    );
    assert_detail(&client.get("/api/v1/search").await, 400, "empty query");
}

/// Funkwhale's `q` on tracks, written the obvious way: every whitespace-separated term is a
/// case-insensitive substring of the title, the artist's name or the album's title.
fn icontains_reference(tracks: &[(i64, String, String, String)], q: &str) -> Vec<i64> {
    let fold = |s: &str| s.to_lowercase();
    let terms: Vec<String> = q.split_whitespace().map(fold).collect();
    let mut ids: Vec<i64> = tracks
        .iter()
        .filter(|(_, title, artist, album)| {
            let fields = [fold(title), fold(artist), fold(album)];
            terms
                .iter()
                .all(|term| fields.iter().any(|f| f.contains(term.as_str())))
        })
        .map(|(id, ..)| *id)
        .collect();
    ids.sort_unstable();
    ids
}

async fn all_ids(client: &common::Client, query: &str) -> Vec<i64> {
    let mut ids = Vec::new();
    let mut url = format!("/api/v1/tracks/?page_size=100&{query}");
    loop {
        let res = client.get(&url).await;
        assert_eq!(res.status, StatusCode::OK, "{url}: {}", res.text());
        let body = res.json();
        for track in body["results"].as_array().unwrap() {
            ids.push(track["id"].as_i64().unwrap());
        }
        match body["next"].as_str() {
            Some(next) => url = next.to_owned(),
            None => break,
        }
    }
    ids.sort_unstable();
    ids
}

async fn every_track(client: &common::Client) -> Vec<(i64, String, String, String)> {
    let mut rows = Vec::new();
    let mut url = "/api/v1/tracks/?page_size=100".to_owned();
    loop {
        let body = client.get(&url).await.json();
        for t in body["results"].as_array().unwrap() {
            rows.push((
                t["id"].as_i64().unwrap(),
                t["title"].as_str().unwrap().to_owned(),
                t["artist"]["name"].as_str().unwrap().to_owned(),
                t["album"]["title"].as_str().unwrap_or_default().to_owned(),
            ));
        }
        match body["next"].as_str() {
            Some(next) => url = next.to_owned(),
            None => break,
        }
    }
    rows
}

fn encode(q: &str) -> String {
    q.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

async fn check_queries(client: &common::Client, tracks: &[(i64, String, String, String)]) {
    let mut matched = 0;
    for q in QUERIES {
        let got = all_ids(client, &format!("q={}", encode(q))).await;
        let expected = icontains_reference(tracks, q);
        matched += usize::from(!expected.is_empty());
        assert_eq!(got, expected, "q={q:?}");
    }
    // The queries are not all empty-handed: most of them find something.
    assert!(
        matched * 3 > QUERIES.len() * 2,
        "{matched} of {}",
        QUERIES.len()
    );
}

const QUERIES: &[&str] = &[
    "tide",
    "TIDE",
    "Tide aurora",
    "aurora   tide",
    "ti",
    "t",
    "e",
    "x",
    "zz",
    "ü",
    "Ü",
    "ÜBER",
    "über straße",
    "STRASSE",
    "é",
    "É",
    "cafÉ",
    "100%",
    "%",
    "_",
    "pure_joy",
    "\\",
    "a\"b",
    "\"quoted\"",
    "*",
    "OR",
    "AND",
    "NEAR(",
    "-",
    "vol.",
    "vol. 1",
    "e p",
    "lo ng",
    "nothing-at-all",
    "ide",
    "ure joy",
    "Joy Café",
    "😀",
    "😀x",
];

#[actix_web::test]
async fn track_search_gives_exactly_the_icontains_results() {
    let pod = TestPod::start().await;
    // Awkward names beside the demo catalogue: accents, wildcards, quotes, FTS syntax, emoji.
    {
        let db = rusqlite::Connection::open(pod.dir.path().join("pod.sqlite3")).unwrap();
        let now = "2026-01-01T00:00:00Z";
        let artist = |name: &str| -> i64 {
            db.execute(
                "INSERT INTO artists (uuid, name, creation_date, modification_date) VALUES (?1, ?2, ?3, ?3)",
                rusqlite::params![format!("ar-{name}"), name, now],
            )
            .unwrap();
            db.last_insert_rowid()
        };
        let names = [
            "Über Straße",
            "100% Pure_Joy",
            "Café \"Quoted\"",
            "OR AND NEAR(",
            "😀 Smiles",
        ];
        let artists: Vec<i64> = names.iter().map(|n| artist(n)).collect();
        let titles = [
            "a\"b side",
            "Back\\slash",
            "Long tide",
            "x",
            "vol. 1",
            "über-tide",
            "ÉCOLE",
            "e p",
            "*star*",
            "-dash-",
        ];
        for (i, title) in titles.iter().enumerate() {
            let artist_id = artists[i % artists.len()];
            db.execute(
                "INSERT INTO albums (uuid, title, artist_id, creation_date) VALUES (?1, ?2, ?3, ?4)",
                rusqlite::params![format!("al-{i}"), format!("Album {}", names[(i + 1) % names.len()]), artist_id, now],
            )
            .unwrap();
            let album_id = db.last_insert_rowid();
            db.execute(
                "INSERT INTO tracks (uuid, title, artist_id, album_id, creation_date) VALUES (?1, ?2, ?3, ?4, ?5)",
                rusqlite::params![format!("tr-{i}"), title, artist_id, album_id, now],
            )
            .unwrap();
        }
    }
    let client = pod.login("listener").await;
    let tracks = every_track(&client).await;
    assert!(tracks.len() >= 50, "{}", tracks.len());

    check_queries(&client, &tracks).await;

    // The index follows renames and deletions (triggers), still giving the same answers.
    {
        let db = rusqlite::Connection::open(pod.dir.path().join("pod.sqlite3")).unwrap();
        db.execute_batch(
            "UPDATE artists SET name = 'Renamed Tide Über' WHERE name = 'Über Straße';
             UPDATE albums SET title = 'Joy Café' WHERE uuid = 'al-2';
             UPDATE tracks SET title = 'now called nothing' WHERE uuid = 'tr-4';
             DELETE FROM tracks WHERE uuid = 'tr-3';",
        )
        .unwrap();
    }
    let tracks = every_track(&client).await;
    check_queries(&client, &tracks).await;
}

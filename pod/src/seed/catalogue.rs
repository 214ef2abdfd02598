//! The demo catalogue: 4 artists, 6 albums of 7 tracks (FLAC and Ogg Vorbis, alternating by
//! album), a podcast channel with 3 episodes, covers, tags, licences, a public library, a
//! playlist and a custom radio. Audio is synthesised once, on two threads.

use std::path::Path;

use rusqlite::{params, Connection};

use crate::db::Db;
use crate::error::{ApiError, PodError};
use crate::media::{audio, cover};
use crate::store::catalogue::{self as cat, NewAlbum, NewArtist, NewTrack, NewUpload};
use crate::store::users::now_iso;
use crate::PodConfig;

const TRACK_SECONDS: u32 = 20;

struct AlbumSpec {
    artist: usize,
    title: &'static str,
    year: &'static str,
    tags: &'static [&'static str],
    tracks: [&'static str; 7],
}

const ARTISTS: &[(&str, &str, &[&str])] = &[
    (
        "Aurora Tide",
        "Warm synth lines from a seaside studio.",
        &["electronic", "ambient"],
    ),
    (
        "The Brass Lanterns",
        "A chamber pop band that never met a chord it did not like.",
        &["jazz", "pop"],
    ),
    (
        "Kepler Nine",
        "Chiptune from the outer rim.",
        &["chiptune", "electronic"],
    ),
    (
        "Moss & Marble",
        "Folk tunes played on imaginary instruments.",
        &["folk", "acoustic"],
    ),
];

const ALBUMS: &[AlbumSpec] = &[
    AlbumSpec {
        artist: 0,
        title: "Low Tide Lights",
        year: "2021-03-12",
        tags: &["ambient"],
        tracks: [
            "Harbour at Dawn",
            "Salt Glass",
            "Undertow",
            "Lighthouse Loop",
            "Sea Fret",
            "Pier Lamps",
            "Slack Water",
        ],
    },
    AlbumSpec {
        artist: 0,
        title: "Neon Shoals",
        year: "2023-09-01",
        tags: &["electronic"],
        tracks: [
            "Shoal Signal",
            "Phosphor",
            "Night Ferry",
            "Current Drift",
            "Beacon",
            "Cold Front",
            "Ebb",
        ],
    },
    AlbumSpec {
        artist: 1,
        title: "Lantern Street",
        year: "2019-06-21",
        tags: &["jazz"],
        tracks: [
            "Opening Night",
            "Copper Kettle",
            "Street Lamps",
            "Mezzanine",
            "Last Tram",
            "Bellhop Blues",
            "Encore",
        ],
    },
    AlbumSpec {
        artist: 2,
        title: "Orbit Cartridge",
        year: "2020-11-11",
        tags: &["chiptune"],
        tracks: [
            "Insert Coin",
            "Asteroid Belt",
            "Warp Menu",
            "Boss Rush",
            "Save Point",
            "Pixel Rain",
            "Credits",
        ],
    },
    AlbumSpec {
        artist: 2,
        title: "Ninth Moon",
        year: "2024-02-02",
        tags: &["electronic", "chiptune"],
        tracks: [
            "Lift Off",
            "Crater Lake",
            "Dust Storm",
            "Relay",
            "Far Side",
            "Eclipse",
            "Homeward",
        ],
    },
    AlbumSpec {
        artist: 3,
        title: "Lichen Songs",
        year: "2018-04-30",
        tags: &["folk"],
        tracks: [
            "Stone Wall",
            "Green Hollow",
            "Rain on Slate",
            "Old Mill",
            "Fern Dance",
            "Quarry Hymn",
            "Evening Moss",
        ],
    },
];

const EPISODES: &[&str] = &[
    "Episode 1: Hello, pod",
    "Episode 2: Synthesised seas",
    "Episode 3: Federation",
];

const LICENSES: &[(&str, &str, &str, [bool; 5])] = &[
    (
        "cc-by-4.0",
        "Creative Commons - Attribution 4.0 International",
        "https://creativecommons.org/licenses/by/4.0/",
        [true, true, true, true, false],
    ),
    (
        "cc-by-sa-4.0",
        "Creative Commons - Attribution-ShareAlike 4.0 International",
        "https://creativecommons.org/licenses/by-sa/4.0/",
        [true, true, true, true, true],
    ),
    (
        "cc0-1.0",
        "CC0 - Public domain",
        "https://creativecommons.org/publicdomain/zero/1.0/",
        [true, true, true, false, false],
    ),
];

/// One audio job: (seed, ogg?).
struct Encoded {
    bytes: Vec<u8>,
    ogg: bool,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> PodError + '_ {
    move |source| PodError::Io {
        path: path.to_owned(),
        source,
    }
}

fn api(err: ApiError) -> PodError {
    PodError::Media(err.to_string())
}

/// Reads a cached encoding, or synthesises and caches it (write-then-rename, so parallel
/// first starts never read a partial file).
fn cached_or_encode(
    cache: Option<&Path>,
    seed: u64,
    ogg: bool,
    title: &str,
) -> Result<Vec<u8>, String> {
    let name = format!(
        "v2-{seed}-{TRACK_SECONDS}.{}",
        if ogg { "ogg" } else { "flac" }
    );
    if let Some(bytes) = cache.and_then(|dir| std::fs::read(dir.join(&name)).ok()) {
        return Ok(bytes);
    }
    let samples = audio::melody(seed, TRACK_SECONDS);
    let bytes = if ogg {
        audio::encode_vorbis(&samples, &[("TITLE", title)])?
    } else {
        audio::encode_flac(&samples)?
    };
    if let Some(dir) = cache {
        let tmp = dir.join(format!("{name}.{}", uuid::Uuid::new_v4()));
        if std::fs::create_dir_all(dir).is_ok() && std::fs::write(&tmp, &bytes).is_ok() {
            let _ = std::fs::rename(&tmp, dir.join(&name));
        }
    }
    Ok(bytes)
}

fn synthesise(
    jobs: &[(u64, bool, String)],
    cache: Option<&Path>,
) -> Result<Vec<Encoded>, PodError> {
    let half = jobs.len().div_ceil(2);
    let (first, second) = jobs.split_at(half);
    let run = |part: &[(u64, bool, String)]| -> Result<Vec<Encoded>, String> {
        part.iter()
            .map(|(seed, ogg, title)| {
                let bytes = cached_or_encode(cache, *seed, *ogg, title)?;
                Ok(Encoded { bytes, ogg: *ogg })
            })
            .collect()
    };
    let (a, b) = std::thread::scope(|scope| {
        let handle = scope.spawn(|| run(second));
        let a = run(first);
        let b = handle
            .join()
            .unwrap_or_else(|_| Err("audio thread panicked".into()));
        (a, b)
    });
    let mut all = a.map_err(PodError::Media)?;
    all.extend(b.map_err(PodError::Media)?);
    Ok(all)
}

fn write_cover(conn: &Connection, media: &Path, seed: u64, now: &str) -> Result<String, PodError> {
    let bytes = cover::png(seed).map_err(PodError::Media)?;
    let uuid = uuid::Uuid::new_v4().to_string();
    let relative = format!("attachments/{uuid}.png");
    let path = media.join(&relative);
    std::fs::write(&path, &bytes).map_err(io(&path))?;
    cat::insert_attachment(
        conn,
        &cat::NewAttachment {
            uuid: &uuid,
            file: &relative,
            mimetype: "image/png",
            size: bytes.len() as i64,
        },
        None,
        now,
    )
    .map_err(api)?;
    Ok(uuid)
}

pub fn seed(
    conn: &mut Connection,
    config: &PodConfig,
    cache: Option<&Path>,
) -> Result<(), PodError> {
    let media = config.data_dir.join("media");
    for dir in ["attachments", "tracks"] {
        let path = media.join(dir);
        std::fs::create_dir_all(&path).map_err(io(&path))?;
    }
    // Synthesise first (slow part), outside the transaction.
    let mut jobs: Vec<(u64, bool, String)> = Vec::new();
    for (album_index, album) in ALBUMS.iter().enumerate() {
        for (track_index, title) in album.tracks.iter().enumerate() {
            let seed = (album_index * 10 + track_index + 1) as u64;
            jobs.push((seed, album_index % 2 == 1, (*title).to_owned()));
        }
    }
    for (i, title) in EPISODES.iter().enumerate() {
        jobs.push((900 + i as u64, true, (*title).to_owned()));
    }
    let encoded = synthesise(&jobs, cache)?;

    let now = now_iso();
    let tx = conn.transaction()?;
    let admin_id: i64 = tx.query_row("SELECT id FROM users WHERE username = 'admin'", [], |r| {
        r.get(0)
    })?;
    for (code, name, url, flags) in LICENSES {
        cat::insert_license(&tx, code, name, url, *flags).map_err(api)?;
    }
    let library_id = cat::insert_library(
        &tx,
        "Admin's music",
        "The demo music of this pod.",
        "everyone",
        admin_id,
        &now,
    )
    .map_err(api)?;

    let mut artist_ids = Vec::new();
    for (index, (name, description, tags)) in ARTISTS.iter().enumerate() {
        let cover_uuid = write_cover(&tx, &media, 500 + index as u64, &now)?;
        let description =
            serde_json::json!({"text": description, "content_type": "text/markdown"}).to_string();
        let id = cat::insert_artist(
            &tx,
            &NewArtist {
                name,
                content_category: "music",
                description: Some(&description),
                cover_uuid: Some(&cover_uuid),
                attributed_to: None,
            },
            &now,
        )
        .map_err(api)?;
        for tag in *tags {
            cat::tag(&tx, tag, "artist", id, &now).map_err(api)?;
        }
        artist_ids.push(id);
    }

    let mut encoded = encoded.into_iter();
    let mut track_ids = Vec::new();
    for (album_index, album) in ALBUMS.iter().enumerate() {
        let artist_id = artist_ids[album.artist];
        let cover_uuid = write_cover(&tx, &media, album_index as u64 + 1, &now)?;
        let album_id = cat::insert_album(
            &tx,
            &NewAlbum {
                title: album.title,
                artist_id,
                release_date: Some(album.year),
                description: None,
                cover_uuid: Some(&cover_uuid),
            },
            &now,
        )
        .map_err(api)?;
        for tag in album.tags {
            cat::tag(&tx, tag, "album", album_id, &now).map_err(api)?;
        }
        for (track_index, title) in album.tracks.iter().enumerate() {
            let license = LICENSES[(album_index + track_index) % LICENSES.len()].0;
            let copyright = format!("{} Shoal demo", &album.year[..4]);
            let track_id = cat::insert_track(
                &tx,
                &NewTrack {
                    title,
                    artist_id,
                    album_id: Some(album_id),
                    position: Some(track_index as i64 + 1),
                    disc_number: Some(1),
                    license_code: Some(license),
                    copyright: Some(&copyright),
                },
                &now,
            )
            .map_err(api)?;
            for tag in album.tags {
                cat::tag(&tx, tag, "track", track_id, &now).map_err(api)?;
            }
            let audio = encoded
                .next()
                .ok_or_else(|| PodError::Media("missing audio".into()))?;
            store_upload(&tx, &media, track_id, library_id, audio, &now)?;
            track_ids.push(track_id);
        }
    }

    // A podcast channel: its own artist, library, series album and episodes.
    let channel_library = cat::insert_library(
        &tx,
        "Shoal Weekly",
        "Channel library",
        "everyone",
        admin_id,
        &now,
    )
    .map_err(api)?;
    let cover_uuid = write_cover(&tx, &media, 777, &now)?;
    let description = serde_json::json!({"text": "A weekly show about **Shoal**.", "content_type": "text/markdown"}).to_string();
    let channel_artist = cat::insert_artist(
        &tx,
        &NewArtist {
            name: "Shoal Weekly",
            content_category: "podcast",
            description: Some(&description),
            cover_uuid: Some(&cover_uuid),
            attributed_to: Some(admin_id),
        },
        &now,
    )
    .map_err(api)?;
    cat::tag(&tx, "podcast", "artist", channel_artist, &now).map_err(api)?;
    tx.execute(
        "INSERT INTO channels (uuid, artist_id, owner_id, library_id, username, metadata, creation_date)
         VALUES (?1, ?2, ?3, ?4, 'shoalweekly', ?5, ?6)",
        params![
            uuid::Uuid::new_v4().to_string(),
            channel_artist,
            admin_id,
            channel_library,
            serde_json::json!({"itunes_category": "Technology", "language": "en", "owner_name": "Admin"}).to_string(),
            now
        ],
    )?;
    let series = cat::insert_album(
        &tx,
        &NewAlbum {
            title: "Shoal Weekly",
            artist_id: channel_artist,
            release_date: Some("2025-01-01"),
            description: None,
            cover_uuid: Some(&cover_uuid),
        },
        &now,
    )
    .map_err(api)?;
    for (index, title) in EPISODES.iter().enumerate() {
        let track_id = cat::insert_track(
            &tx,
            &NewTrack {
                title,
                artist_id: channel_artist,
                album_id: Some(series),
                position: Some(index as i64 + 1),
                disc_number: None,
                license_code: Some("cc-by-4.0"),
                copyright: None,
            },
            &now,
        )
        .map_err(api)?;
        let audio = encoded
            .next()
            .ok_or_else(|| PodError::Media("missing audio".into()))?;
        store_upload(&tx, &media, track_id, channel_library, audio, &now)?;
    }

    // A public playlist and a custom radio owned by admin.
    tx.execute(
        "INSERT INTO playlists (name, owner_id, privacy_level, description, creation_date, modification_date)
         VALUES ('Demo favourites', ?1, 'everyone', 'A few tracks to start with.', ?2, ?2)",
        params![admin_id, now],
    )?;
    let playlist_id = tx.last_insert_rowid();
    for (idx, track_id) in track_ids.iter().step_by(5).enumerate() {
        tx.execute(
            "INSERT INTO playlist_tracks (playlist_id, track_id, idx, creation_date) VALUES (?1, ?2, ?3, ?4)",
            params![playlist_id, track_id, idx as i64, now],
        )?;
    }
    tx.execute(
        "INSERT INTO radios (name, description, owner_id, is_public, config, creation_date)
         VALUES ('Ambient & electronic', 'Calm synthesised tunes.', ?1, 1, ?2, ?3)",
        params![
            admin_id,
            serde_json::json!([{"type": "tag", "names": ["ambient", "electronic"], "not": false}])
                .to_string(),
            now
        ],
    )?;
    tx.commit()?;
    Ok(())
}

fn store_upload(
    conn: &Connection,
    media: &Path,
    track_id: i64,
    library_id: i64,
    audio: Encoded,
    now: &str,
) -> Result<(), PodError> {
    let (ext, mimetype) = if audio.ogg {
        ("ogg", "audio/ogg")
    } else {
        ("flac", "audio/flac")
    };
    let relative = format!("tracks/{}.{ext}", uuid::Uuid::new_v4());
    let path = media.join(&relative);
    std::fs::write(&path, &audio.bytes).map_err(io(&path))?;
    let size = audio.bytes.len() as i64;
    let duration = i64::from(TRACK_SECONDS);
    cat::insert_upload(
        conn,
        &NewUpload {
            track_id,
            library_id,
            file: &relative,
            mimetype,
            duration,
            bitrate: size * 8 / duration,
            size,
        },
        now,
    )
    .map_err(api)?;
    Ok(())
}

/// Bulk catalogue for benchmarks: `tracks` tracks in albums of 10 by artists of 10 albums,
/// each pointing at one of the demo audio files.
pub fn large_catalogue(db: &Db, tracks: usize) -> Result<(), PodError> {
    let mut conn = db.conn()?;
    let now = now_iso();
    let tx = conn.transaction()?;
    let library_id: i64 =
        tx.query_row("SELECT id FROM libraries ORDER BY id LIMIT 1", [], |r| {
            r.get(0)
        })?;
    let samples: Vec<(String, String, i64, i64, i64)> = {
        let mut stmt = tx.prepare(
            "SELECT file, mimetype, duration, bitrate, size FROM uploads ORDER BY id LIMIT 8",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
        })?;
        rows.collect::<Result<_, _>>()?
    };
    if samples.is_empty() {
        return Err(PodError::Media("no demo audio to reuse".into()));
    }
    let words = [
        "Blue", "Silver", "Quiet", "Electric", "Golden", "Hidden", "Paper", "Velvet", "Northern",
        "Crystal",
    ];
    let nouns = [
        "River", "Engine", "Garden", "Signal", "Harbour", "Comet", "Forest", "Mirror", "Lantern",
        "Orbit",
    ];
    let (mut artist_id, mut album_id) = (0i64, 0i64);
    for i in 0..tracks {
        if i % 100 == 0 {
            let name = format!(
                "{} {} {}",
                words[(i / 100) % 10],
                nouns[(i / 1000) % 10],
                i / 100
            );
            artist_id = cat::insert_artist(
                &tx,
                &NewArtist {
                    name: &name,
                    content_category: "music",
                    description: None,
                    cover_uuid: None,
                    attributed_to: None,
                },
                &now,
            )
            .map_err(api)?;
        }
        if i % 10 == 0 {
            let title = format!(
                "{} {} vol. {}",
                nouns[(i / 10) % 10],
                words[(i / 100) % 10],
                i / 10
            );
            album_id = cat::insert_album(
                &tx,
                &NewAlbum {
                    title: &title,
                    artist_id,
                    release_date: Some("2020-01-01"),
                    description: None,
                    cover_uuid: None,
                },
                &now,
            )
            .map_err(api)?;
        }
        let title = format!("{} {} {}", words[i % 10], nouns[(i / 10) % 10], i);
        let track_id = cat::insert_track(
            &tx,
            &NewTrack {
                title: &title,
                artist_id,
                album_id: Some(album_id),
                position: Some((i % 10) as i64 + 1),
                disc_number: Some(1),
                license_code: None,
                copyright: None,
            },
            &now,
        )
        .map_err(api)?;
        let (file, mimetype, duration, bitrate, size) = &samples[i % samples.len()];
        cat::insert_upload(
            &tx,
            &NewUpload {
                track_id,
                library_id,
                file,
                mimetype,
                duration: *duration,
                bitrate: *bitrate,
                size: *size,
            },
            &now,
        )
        .map_err(api)?;
    }
    tx.commit()?;
    Ok(())
}

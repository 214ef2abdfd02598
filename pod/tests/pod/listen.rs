#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::StatusCode;
use common::{assert_detail, Client, TestPod};
use symphonia::core::audio::SampleBuffer;
use symphonia::core::codecs::DecoderOptions;
use symphonia::core::formats::FormatOptions;
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;
use symphonia::core::probe::Hint;

async fn uploads(client: &Client) -> Vec<serde_json::Value> {
    let tracks = client.get("/api/v1/tracks/?page_size=100").await.json();
    tracks["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["uploads"][0].clone())
        .collect()
}

/// Decodes a whole file and returns (seconds, RMS level).
fn decode(bytes: Vec<u8>, extension: &str) -> (f64, f64) {
    let mut hint = Hint::new();
    hint.with_extension(extension);
    let stream = MediaSourceStream::new(Box::new(std::io::Cursor::new(bytes)), Default::default());
    let probed = symphonia::default::get_probe()
        .format(
            &hint,
            stream,
            &FormatOptions::default(),
            &MetadataOptions::default(),
        )
        .unwrap();
    let mut format = probed.format;
    let track = format.default_track().unwrap().clone();
    let rate = track.codec_params.sample_rate.unwrap() as f64;
    let mut decoder = symphonia::default::get_codecs()
        .make(&track.codec_params, &DecoderOptions::default())
        .unwrap();
    let (mut frames, mut sum_sq, mut n) = (0u64, 0f64, 0u64);
    while let Ok(packet) = format.next_packet() {
        let Ok(decoded) = decoder.decode(&packet) else {
            continue;
        };
        let mut buf = SampleBuffer::<f32>::new(decoded.capacity() as u64, *decoded.spec());
        buf.copy_interleaved_ref(decoded);
        frames += buf.samples().len() as u64
            / track.codec_params.channels.map_or(1, |c| c.count() as u64);
        for s in buf.samples() {
            sum_sq += f64::from(*s) * f64::from(*s);
            n += 1;
        }
    }
    (frames as f64 / rate, (sum_sq / n.max(1) as f64).sqrt())
}

#[actix_web::test]
async fn seeded_audio_decodes_and_is_not_silent() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let uploads = uploads(&client).await;
    let flac = uploads
        .iter()
        .find(|u| u["mimetype"] == "audio/flac")
        .unwrap();
    let ogg = uploads
        .iter()
        .find(|u| u["mimetype"] == "audio/ogg")
        .unwrap();
    for (upload, ext) in [(flac, "flac"), (ogg, "ogg")] {
        let res = client.get(upload["listen_url"].as_str().unwrap()).await;
        assert_eq!(res.status, StatusCode::OK);
        assert_eq!(res.header("content-type"), upload["mimetype"].as_str());
        assert_eq!(res.body.len() as u64, upload["size"].as_u64().unwrap());
        let (seconds, rms) = decode(res.body, ext);
        let expected = upload["duration"].as_f64().unwrap();
        assert!(
            (seconds - expected).abs() < 1.0,
            "{ext}: {seconds}s vs {expected}s"
        );
        assert!(rms > 0.01, "{ext} is silent: rms {rms}");
    }
}

#[actix_web::test]
async fn ranges_and_auth() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let upload = uploads(&client).await.remove(0);
    let url = upload["listen_url"].as_str().unwrap().to_owned();
    let size = upload["size"].as_u64().unwrap();
    let full = client.get(&url).await;
    assert_eq!(full.header("accept-ranges"), Some("bytes"));

    let first = client.get_with(&url, &[("Range", "bytes=0-99")]).await;
    assert_eq!(first.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        first.header("content-range"),
        Some(format!("bytes 0-99/{size}").as_str())
    );
    assert_eq!(first.body, full.body[..100]);

    let middle = client.get_with(&url, &[("Range", "bytes=1000-1999")]).await;
    assert_eq!(middle.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(middle.body, full.body[1000..2000]);

    let last = client.get_with(&url, &[("Range", "bytes=-10")]).await;
    assert_eq!(last.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(last.body, full.body[full.body.len() - 10..]);
    assert_eq!(
        last.header("content-range"),
        Some(format!("bytes {}-{}/{size}", size - 10, size - 1).as_str())
    );

    let open_end = client
        .get_with(&url, &[("Range", &format!("bytes={}-", size - 5))])
        .await;
    assert_eq!(open_end.body.len(), 5);

    let bad = client
        .get_with(&url, &[("Range", &format!("bytes={size}-"))])
        .await;
    assert_eq!(bad.status, StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(
        bad.header("content-range"),
        Some(format!("bytes */{size}").as_str())
    );

    // Anonymous: 401; listen token in the query: OK; a wrong token: 401.
    let anonymous = pod.client();
    assert_detail(
        &anonymous.get(&url).await,
        401,
        "Authentication credentials were not provided.",
    );
    let me = client.get("/api/v1/users/me/").await.json();
    let token = me["tokens"]["listen"].as_str().unwrap();
    let with_token = anonymous
        .get_with(&format!("{url}&token={token}"), &[("Range", "bytes=0-9")])
        .await;
    assert_eq!(with_token.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(with_token.body.len(), 10);
    assert_eq!(
        anonymous.get(&format!("{url}&token=wrong")).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_detail(
        &client
            .get("/api/v1/listen/00000000-0000-0000-0000-000000000000/")
            .await,
        404,
        "Not found.",
    );
    // `to=mp3` transcodes (and ranges work on the transcode); other targets get the original.
    let mp3 = client
        .get(&format!("{url}&to=mp3&max_bitrate=128000"))
        .await;
    assert_eq!(mp3.status, StatusCode::OK);
    assert_eq!(mp3.header("content-type"), Some("audio/mpeg"));
    assert_eq!(mp3.body[0], 0xFF);
    let part = client
        .get_with(
            &format!("{url}&to=mp3&max_bitrate=128000"),
            &[("Range", "bytes=0-9")],
        )
        .await;
    assert_eq!(part.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.body, mp3.body[..10]);
    let other = client.get(&format!("{url}&to=aac")).await;
    assert_eq!(other.header("content-type"), upload["mimetype"].as_str());
}

//! Real, small audio files for upload tests (made with the encoders the pod already uses,
//! tags written with lofty), multipart bodies and the live socket.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::num::{NonZeroU32, NonZeroU8};
use std::path::Path;
use std::time::Duration;

use futures_util::{Stream, StreamExt};
use lofty::config::WriteOptions;
use lofty::prelude::*;
use lofty::tag::Tag;
use serde_json::Value;

use crate::common::{Client, Payload, Response, TestPod};

pub const RATE: u32 = 44_100;
pub const BOUNDARY: &str = "ShoalTestBoundary7MA4YWxkTrZu0gW";
pub const MULTIPART: &str = "multipart/form-data; boundary=ShoalTestBoundary7MA4YWxkTrZu0gW";

/// One second of a tone; `seed` changes the pitch so that files differ.
pub fn samples(seed: u32) -> Vec<f32> {
    let freq = 220.0 + seed as f32 * 37.0;
    (0..RATE)
        .map(|i| (i as f32 / RATE as f32 * freq * std::f32::consts::TAU).sin() * 0.4)
        .collect()
}

pub struct TagSet<'a> {
    pub title: &'a str,
    pub artist: &'a str,
    pub album: &'a str,
    pub track: u32,
}

pub fn flac(seed: u32) -> Vec<u8> {
    use flacenc::component::BitRepr;
    use flacenc::error::Verify;
    let config = flacenc::config::Encoder::default().into_verified().unwrap();
    let block = config.block_size;
    let mut ints: Vec<i32> = samples(seed)
        .iter()
        .map(|s| (s * 32_000.0) as i32)
        .collect();
    ints.resize(ints.len().div_ceil(block) * block, 0);
    let source = flacenc::source::MemSource::from_samples(&ints, 1, 16, RATE as usize);
    let stream = flacenc::encode_with_fixed_block_size(&config, source, block).unwrap();
    let mut sink = flacenc::bitsink::ByteSink::new();
    stream.write(&mut sink).unwrap();
    sink.as_slice().to_vec()
}

pub fn ogg(seed: u32) -> Vec<u8> {
    let mut builder = vorbis_rs::VorbisEncoderBuilder::new_with_serial(
        NonZeroU32::new(RATE).unwrap(),
        NonZeroU8::new(1).unwrap(),
        Vec::new(),
        seed as i32,
    );
    builder.comment_tag("ENCODER", "shoal-tests").unwrap();
    let mut encoder = builder.build().unwrap();
    let samples = samples(seed);
    for block in samples.chunks(4096) {
        encoder.encode_audio_block([block]).unwrap();
    }
    encoder.finish().unwrap()
}

pub fn mp3(seed: u32) -> Vec<u8> {
    use mp3lame_encoder::{Bitrate, Builder, FlushNoGap, MonoPcm};
    let pcm: Vec<i16> = samples(seed)
        .iter()
        .map(|s| (s * 32_000.0) as i16)
        .collect();
    let mut builder = Builder::new().unwrap();
    builder.set_num_channels(1).unwrap();
    builder.set_sample_rate(RATE).unwrap();
    builder.set_brate(Bitrate::Kbps128).unwrap();
    let mut encoder = builder.build().unwrap();
    let mut out = Vec::with_capacity(mp3lame_encoder::max_required_buffer_size(pcm.len()));
    encoder.encode_to_vec(MonoPcm(&pcm), &mut out).unwrap();
    encoder.flush_to_vec::<FlushNoGap>(&mut out).unwrap();
    out
}

/// An 80-bit IEEE extended float, as AIFF stores its sample rate.
fn extended(value: u32) -> [u8; 10] {
    let mut out = [0u8; 10];
    let exponent = 16383 + 31 - value.leading_zeros() as u16;
    let mantissa = u64::from(value) << (value.leading_zeros() + 32);
    out[..2].copy_from_slice(&exponent.to_be_bytes());
    out[2..].copy_from_slice(&mantissa.to_be_bytes());
    out
}

/// A 16-bit mono AIFF file.
pub fn aiff(seed: u32) -> Vec<u8> {
    let pcm: Vec<i16> = samples(seed)
        .iter()
        .map(|s| (s * 32_000.0) as i16)
        .collect();
    let mut comm = Vec::new();
    comm.extend_from_slice(&1u16.to_be_bytes());
    comm.extend_from_slice(&(pcm.len() as u32).to_be_bytes());
    comm.extend_from_slice(&16u16.to_be_bytes());
    comm.extend_from_slice(&extended(RATE));
    let mut ssnd = vec![0u8; 8];
    for s in &pcm {
        ssnd.extend_from_slice(&s.to_be_bytes());
    }
    let mut body = b"AIFF".to_vec();
    for (id, data) in [(b"COMM", comm), (b"SSND", ssnd)] {
        body.extend_from_slice(id);
        body.extend_from_slice(&(data.len() as u32).to_be_bytes());
        body.extend_from_slice(&data);
        if data.len() % 2 == 1 {
            body.push(0);
        }
    }
    let mut out = b"FORM".to_vec();
    out.extend_from_slice(&(body.len() as u32).to_be_bytes());
    out.extend_from_slice(&body);
    out
}

/// Writes `tags` into the file's primary tag with lofty.
pub fn tagged(bytes: Vec<u8>, extension: &str, tags: &TagSet<'_>) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join(format!("f.{extension}"));
    std::fs::write(&path, bytes).unwrap();
    write_tags(&path, tags);
    std::fs::read(&path).unwrap()
}

pub fn write_tags(path: &Path, tags: &TagSet<'_>) {
    let mut file = lofty::read_from_path(path).unwrap();
    let kind = file.primary_tag_type();
    if file.primary_tag().is_none() {
        file.insert_tag(Tag::new(kind));
    }
    let tag = file.primary_tag_mut().unwrap();
    tag.set_title(tags.title.to_owned());
    tag.set_artist(tags.artist.to_owned());
    tag.set_album(tags.album.to_owned());
    tag.set_track(tags.track);
    tag.save_to_path(path, WriteOptions::default()).unwrap();
}

/// A multipart body: text parts then one file part.
pub fn multipart(fields: &[(&str, &str)], file: Option<(&str, &str, &[u8])>) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
            )
            .as_bytes(),
        );
    }
    if let Some((name, filename, bytes)) = file {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub async fn post_multipart(client: &Client, path: &str, body: Vec<u8>) -> Response {
    client
        .request(
            actix_web::http::Method::POST,
            path,
            Payload::Raw(MULTIPART, body),
            &[],
        )
        .await
}

/// A new upload group of the client's user: `(guid, uploadUrl)`.
pub async fn group(client: &Client) -> (String, String) {
    let res = client
        .post_json("/api/v2/upload-groups", serde_json::json!({}))
        .await;
    assert_eq!(res.status.as_u16(), 201, "{}", res.text());
    let value = res.json();
    (
        value["guid"].as_str().unwrap().to_owned(),
        value["uploadUrl"].as_str().unwrap().to_owned(),
    )
}

/// Uploads one file to a group: the response.
pub async fn upload_to(
    client: &Client,
    upload_url: &str,
    library: &str,
    filename: &str,
    bytes: &[u8],
    metadata: &str,
) -> Response {
    let target = format!("{{\"library\": \"{library}\"}}");
    let body = multipart(
        &[("metadata", metadata), ("target", &target)],
        Some(("audioFile", filename, bytes)),
    );
    post_multipart(client, upload_url, body).await
}

/// Polls an upload until its import leaves `pending`.
pub async fn wait_import(client: &Client, uuid: &str) -> Value {
    for _ in 0..100 {
        let res = client.get(&format!("/api/v1/uploads/{uuid}/")).await;
        let value = res.json();
        if value["import_status"] != "pending" {
            return value;
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("import of {uuid} did not end");
}

pub async fn create_library(client: &Client, name: &str, privacy: &str) -> String {
    let res = client
        .post_json(
            "/api/v1/libraries/",
            serde_json::json!({"name": name, "privacy_level": privacy}),
        )
        .await;
    assert_eq!(res.status.as_u16(), 201, "{}", res.text());
    res.json()["uuid"].as_str().unwrap().to_owned()
}

pub async fn socket(
    pod: &TestPod,
    client: &Client,
) -> impl Stream<Item = Result<awc::ws::Frame, impl std::fmt::Debug>> + Unpin {
    let cookie = client
        .cookies
        .borrow()
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ");
    let url = format!("{}/api/v1/activity", pod.base.replace("http://", "ws://"));
    let (_, socket) = awc::Client::new()
        .ws(url)
        .header("Cookie", cookie)
        .connect()
        .await
        .unwrap();
    socket
}

pub async fn next_event<E: std::fmt::Debug>(
    socket: &mut (impl Stream<Item = Result<awc::ws::Frame, E>> + Unpin),
    kind: &str,
) -> Value {
    loop {
        let frame = actix_web::rt::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .unwrap_or_else(|_| panic!("no {kind} event"))
            .unwrap()
            .unwrap();
        if let awc::ws::Frame::Text(text) = frame {
            let event: Value = serde_json::from_slice(&text).unwrap();
            if event["type"] == kind {
                return event;
            }
        }
    }
}

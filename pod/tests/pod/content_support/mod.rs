//! Real, small audio files for upload tests (made with the encoders the pod already uses,
//! tags written with lofty), multipart bodies and the live socket.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::num::{NonZeroU32, NonZeroU8};
use std::path::Path;
use std::time::Duration;

use lofty::config::WriteOptions;
use lofty::prelude::*;
use lofty::tag::Tag;
use serde_json::Value;

use crate::common::{Client, Payload, Response};

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

/// The Ogg page checksum (CRC-32, polynomial 0x04C11DB7, not reflected).
fn ogg_crc(data: &[u8]) -> u32 {
    let mut crc = 0u32;
    for byte in data {
        crc ^= u32::from(*byte) << 24;
        for _ in 0..8 {
            crc = if crc & 0x8000_0000 != 0 {
                (crc << 1) ^ 0x04C1_1DB7
            } else {
                crc << 1
            };
        }
    }
    crc
}

fn ogg_page(flags: u8, granule: u64, serial: u32, sequence: u32, packets: &[Vec<u8>]) -> Vec<u8> {
    let mut segments = Vec::new();
    let mut data = Vec::new();
    for packet in packets {
        let mut left = packet.len();
        while left >= 255 {
            segments.push(255u8);
            left -= 255;
        }
        segments.push(left as u8);
        data.extend_from_slice(packet);
    }
    let mut page = b"OggS".to_vec();
    page.push(0);
    page.push(flags);
    page.extend_from_slice(&granule.to_le_bytes());
    page.extend_from_slice(&serial.to_le_bytes());
    page.extend_from_slice(&sequence.to_le_bytes());
    page.extend_from_slice(&[0; 4]);
    page.push(segments.len() as u8);
    page.extend_from_slice(&segments);
    page.extend_from_slice(&data);
    let crc = ogg_crc(&page);
    page[22..26].copy_from_slice(&crc.to_le_bytes());
    page
}

/// One second of Ogg Opus (RFC 7845): the identification and comment headers, then fifty
/// 20 ms CELT frames of silence (`F8 FF FE`, the well-known Opus silence packet). No Opus
/// encoder builds here, so the stream is put together by hand; `seed` changes the stream
/// serial so that files differ.
pub fn opus(seed: u32) -> Vec<u8> {
    const PRE_SKIP: u16 = 312;
    let serial = 0x5EED_0000 + seed;
    let mut head = b"OpusHead".to_vec();
    head.push(1);
    head.push(1);
    head.extend_from_slice(&PRE_SKIP.to_le_bytes());
    head.extend_from_slice(&48_000u32.to_le_bytes());
    head.extend_from_slice(&0i16.to_le_bytes());
    head.push(0);
    let vendor = b"shoal-tests";
    let mut tags = b"OpusTags".to_vec();
    tags.extend_from_slice(&(vendor.len() as u32).to_le_bytes());
    tags.extend_from_slice(vendor);
    tags.extend_from_slice(&0u32.to_le_bytes());
    let frames: Vec<Vec<u8>> = (0..50).map(|_| vec![0xF8, 0xFF, 0xFE]).collect();
    let mut out = ogg_page(0x02, 0, serial, 0, &[head]);
    out.extend(ogg_page(0, 0, serial, 1, &[tags]));
    out.extend(ogg_page(
        0x04,
        50 * 960 + u64::from(PRE_SKIP),
        serial,
        2,
        &frames,
    ));
    out
}

fn mp4_box(kind: &[u8; 4], payload: &[u8]) -> Vec<u8> {
    let mut out = ((payload.len() + 8) as u32).to_be_bytes().to_vec();
    out.extend_from_slice(kind);
    out.extend_from_slice(payload);
    out
}

fn mp4_full_box(kind: &[u8; 4], flags: u32, payload: &[u8]) -> Vec<u8> {
    let mut body = flags.to_be_bytes().to_vec();
    body.extend_from_slice(payload);
    mp4_box(kind, &body)
}

const MP4_MATRIX: [u32; 9] = [0x0001_0000, 0, 0, 0, 0x0001_0000, 0, 0, 0, 0x4000_0000];

/// About one second of AAC-LC mono in an MP4 (.m4a) container: `ftyp`, `moov` with one sound
/// track (`mp4a` with its `esds`), and `mdat` with 44 silent AAC frames. No AAC encoder builds
/// here, so the container is put together by hand, box by box (ISO/IEC 14496-12 and -14).
pub fn m4a(seed: u32) -> Vec<u8> {
    const FRAMES: u32 = 44;
    const FRAME: [u8; 6] = [0x21, 0x10, 0x04, 0x60, 0x8C, 0x1C];
    let be = |v: u32| v.to_be_bytes();
    let duration_ms = FRAMES * 1024 * 1000 / RATE;
    let ftyp = mp4_box(
        b"ftyp",
        &[*b"M4A ", be(0), *b"M4A ", *b"mp42", *b"isom"].concat(),
    );

    let mut mvhd = Vec::new();
    for v in [seed, seed, 1000, duration_ms, 0x0001_0000] {
        mvhd.extend_from_slice(&be(v));
    }
    mvhd.extend_from_slice(&0x0100u16.to_be_bytes());
    mvhd.extend_from_slice(&[0; 10]);
    for v in MP4_MATRIX {
        mvhd.extend_from_slice(&be(v));
    }
    mvhd.extend_from_slice(&[0; 24]);
    mvhd.extend_from_slice(&be(2));
    let mvhd = mp4_full_box(b"mvhd", 0, &mvhd);

    let mut tkhd = Vec::new();
    for v in [seed, seed, 1, 0, duration_ms, 0, 0] {
        tkhd.extend_from_slice(&be(v));
    }
    tkhd.extend_from_slice(&[0, 0, 0, 0, 0x01, 0x00, 0, 0]);
    for v in MP4_MATRIX {
        tkhd.extend_from_slice(&be(v));
    }
    tkhd.extend_from_slice(&[0; 8]);
    let tkhd = mp4_full_box(b"tkhd", 7, &tkhd);

    let mut mdhd = Vec::new();
    for v in [seed, seed, RATE, FRAMES * 1024] {
        mdhd.extend_from_slice(&be(v));
    }
    mdhd.extend_from_slice(&0x55C4u16.to_be_bytes());
    mdhd.extend_from_slice(&[0, 0]);
    let mdhd = mp4_full_box(b"mdhd", 0, &mdhd);
    let hdlr = mp4_full_box(
        b"hdlr",
        0,
        &[&be(0)[..], b"soun", &[0; 12], b"SoundHandler\0"].concat(),
    );

    // esds: ES descriptor > decoder config (AAC, audio) > AudioSpecificConfig (AAC-LC,
    // 44.1 kHz, mono), and the SL config.
    let asc = [0x12, 0x08];
    let mut dcd = vec![0x40, 0x15, 0, 0x03, 0x00];
    dcd.extend_from_slice(&be(128_000));
    dcd.extend_from_slice(&be(128_000));
    dcd.extend_from_slice(&[0x05, asc.len() as u8]);
    dcd.extend_from_slice(&asc);
    let mut es = vec![0x00, 0x01, 0x00, 0x04, dcd.len() as u8];
    es.extend_from_slice(&dcd);
    es.extend_from_slice(&[0x06, 0x01, 0x02]);
    let mut esds = vec![0x03, es.len() as u8];
    esds.extend_from_slice(&es);
    let esds = mp4_full_box(b"esds", 0, &esds);
    let mut mp4a = vec![0; 6];
    mp4a.extend_from_slice(&1u16.to_be_bytes());
    mp4a.extend_from_slice(&[0; 8]);
    mp4a.extend_from_slice(&1u16.to_be_bytes());
    mp4a.extend_from_slice(&16u16.to_be_bytes());
    mp4a.extend_from_slice(&[0; 4]);
    mp4a.extend_from_slice(&be(RATE << 16));
    mp4a.extend_from_slice(&esds);
    let stsd = mp4_full_box(b"stsd", 0, &[&be(1)[..], &mp4_box(b"mp4a", &mp4a)].concat());
    let stts = mp4_full_box(b"stts", 0, &[be(1), be(FRAMES), be(1024)].concat());
    let stsc = mp4_full_box(b"stsc", 0, &[be(1), be(1), be(FRAMES), be(1)].concat());
    let stsz = mp4_full_box(b"stsz", 0, &[be(FRAME.len() as u32), be(FRAMES)].concat());
    let smhd = mp4_full_box(b"smhd", 0, &[0; 4]);
    let dinf = mp4_box(
        b"dinf",
        &mp4_full_box(
            b"dref",
            0,
            &[&be(1)[..], &mp4_full_box(b"url ", 1, &[])].concat(),
        ),
    );
    let moov = |chunk_offset: u32| {
        let stco = mp4_full_box(b"stco", 0, &[be(1), be(chunk_offset)].concat());
        let stbl = mp4_box(b"stbl", &[&stsd[..], &stts, &stsc, &stsz, &stco].concat());
        let minf = mp4_box(b"minf", &[&smhd[..], &dinf, &stbl].concat());
        let mdia = mp4_box(b"mdia", &[&mdhd[..], &hdlr, &minf].concat());
        let trak = mp4_box(b"trak", &[&tkhd[..], &mdia].concat());
        mp4_box(b"moov", &[&mvhd[..], &trak].concat())
    };
    let moov_len = moov(0).len();
    let offset = (ftyp.len() + moov_len + 8) as u32;
    let data: Vec<u8> = (0..FRAMES).flat_map(|_| FRAME).collect();
    [ftyp, moov(offset), mp4_box(b"mdat", &data)].concat()
}

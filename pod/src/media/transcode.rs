//! `?to=mp3`: decodes an upload (symphonia) and re-encodes it with LAME, cached per upload
//! and bitrate under `media/transcoded/`, so ranges work on the transcoded file too.

use std::path::{Path, PathBuf};

use mp3lame_encoder::{Bitrate, Builder, FlushNoGap, InterleavedPcm, MonoPcm};
use symphonia::core::audio::SampleBuffer;
use symphonia::core::codecs::DecoderOptions;
use symphonia::core::formats::FormatOptions;
use symphonia::core::io::MediaSourceStream;
use symphonia::core::meta::MetadataOptions;
use symphonia::core::probe::Hint;

const RATES: &[(u32, Bitrate)] = &[
    (320, Bitrate::Kbps320),
    (256, Bitrate::Kbps256),
    (224, Bitrate::Kbps224),
    (192, Bitrate::Kbps192),
    (160, Bitrate::Kbps160),
    (128, Bitrate::Kbps128),
    (112, Bitrate::Kbps112),
    (96, Bitrate::Kbps96),
    (80, Bitrate::Kbps80),
    (64, Bitrate::Kbps64),
    (48, Bitrate::Kbps48),
    (32, Bitrate::Kbps32),
];

/// The highest LAME bitrate (kbps) not above `max_bitrate` (bits per second); 192 by default.
pub fn pick_kbps(max_bitrate: Option<u64>) -> u32 {
    let cap = max_bitrate.map_or(192, |b| u32::try_from(b / 1000).unwrap_or(u32::MAX));
    RATES
        .iter()
        .map(|(kbps, _)| *kbps)
        .find(|kbps| *kbps <= cap)
        .unwrap_or(32)
}

/// Decodes to interleaved 16-bit samples: (samples, sample rate, channels).
fn decode(path: &Path) -> Result<(Vec<i16>, u32, usize), String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut hint = Hint::new();
    if let Some(ext) = path.extension().and_then(|e| e.to_str()) {
        hint.with_extension(ext);
    }
    let stream = MediaSourceStream::new(Box::new(file), Default::default());
    let probed = symphonia::default::get_probe()
        .format(
            &hint,
            stream,
            &FormatOptions::default(),
            &MetadataOptions::default(),
        )
        .map_err(|e| e.to_string())?;
    let mut format = probed.format;
    let track = format.default_track().ok_or("no audio track")?.clone();
    let rate = track
        .codec_params
        .sample_rate
        .ok_or("unknown sample rate")?;
    let channels = track
        .codec_params
        .channels
        .map_or(1, |c| c.count())
        .clamp(1, 2);
    let mut decoder = symphonia::default::get_codecs()
        .make(&track.codec_params, &DecoderOptions::default())
        .map_err(|e| e.to_string())?;
    let mut samples = Vec::new();
    while let Ok(packet) = format.next_packet() {
        let Ok(decoded) = decoder.decode(&packet) else {
            continue;
        };
        let mut buf = SampleBuffer::<i16>::new(decoded.capacity() as u64, *decoded.spec());
        buf.copy_interleaved_ref(decoded);
        samples.extend_from_slice(buf.samples());
    }
    Ok((samples, rate, channels))
}

fn encode(samples: &[i16], rate: u32, channels: usize, kbps: u32) -> Result<Vec<u8>, String> {
    let bitrate = RATES
        .iter()
        .find(|(k, _)| *k == kbps)
        .map_or(Bitrate::Kbps192, |(_, b)| *b);
    let mut builder = Builder::new().ok_or("cannot create the LAME encoder")?;
    builder
        .set_num_channels(u8::try_from(channels).unwrap_or(1))
        .map_err(|e| e.to_string())?;
    builder.set_sample_rate(rate).map_err(|e| e.to_string())?;
    builder.set_brate(bitrate).map_err(|e| e.to_string())?;
    let mut encoder = builder.build().map_err(|e| e.to_string())?;
    let mut out = Vec::with_capacity(mp3lame_encoder::max_required_buffer_size(samples.len()));
    if channels == 2 {
        encoder
            .encode_to_vec(InterleavedPcm(samples), &mut out)
            .map_err(|e| e.to_string())?;
    } else {
        encoder
            .encode_to_vec(MonoPcm(samples), &mut out)
            .map_err(|e| e.to_string())?;
    }
    encoder
        .flush_to_vec::<FlushNoGap>(&mut out)
        .map_err(|e| e.to_string())?;
    Ok(out)
}

/// The cached MP3 for an upload at a bitrate, made on first request.
pub fn mp3(
    media_dir: &Path,
    source: &Path,
    upload_uuid: &str,
    kbps: u32,
) -> Result<PathBuf, String> {
    let dir = media_dir.join("transcoded");
    let target = dir.join(format!("{upload_uuid}-{kbps}.mp3"));
    if target.exists() {
        return Ok(target);
    }
    let (samples, rate, channels) = decode(source)?;
    let bytes = encode(&samples, rate, channels, kbps)?;
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let tmp = dir.join(format!("{upload_uuid}-{kbps}.{}.tmp", uuid::Uuid::new_v4()));
    std::fs::write(&tmp, &bytes).map_err(|e| e.to_string())?;
    std::fs::rename(&tmp, &target).map_err(|e| e.to_string())?;
    Ok(target)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picks_bitrates() {
        assert_eq!(pick_kbps(None), 192);
        assert_eq!(pick_kbps(Some(320_000)), 320);
        assert_eq!(pick_kbps(Some(1_000_000)), 320);
        assert_eq!(pick_kbps(Some(130_000)), 128);
        assert_eq!(pick_kbps(Some(1)), 32);
    }

    #[test]
    fn transcodes_flac_to_mp3() {
        let dir = tempfile::tempdir().unwrap();
        let samples = crate::media::audio::melody(7, 1);
        let flac = crate::media::audio::encode_flac(&samples).unwrap();
        let source = dir.path().join("a.flac");
        std::fs::write(&source, flac).unwrap();
        let out = mp3(dir.path(), &source, "u1", 128).unwrap();
        let bytes = std::fs::read(&out).unwrap();
        assert!(bytes.len() > 1000);
        assert_eq!(bytes[0], 0xFF, "MPEG frame sync");
        assert_eq!(bytes[1] & 0xE0, 0xE0);
        // Cached: the same path comes back without re-encoding.
        assert_eq!(mp3(dir.path(), &source, "u1", 128).unwrap(), out);
    }
}

//! Synthesised demo music (short pentatonic melodies over a bass line) and its encoding to
//! FLAC (flacenc) and Ogg Vorbis (libvorbis through vorbis_rs).

use std::num::{NonZeroU32, NonZeroU8};

use flacenc::component::BitRepr;
use flacenc::error::Verify;

pub const SAMPLE_RATE: u32 = 22_050;

/// A tiny deterministic generator, so a seed number always gives the same tune.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}

fn midi_to_hz(note: f32) -> f32 {
    440.0 * 2f32.powf((note - 69.0) / 12.0)
}

/// Mono samples in -1.0..=1.0: a melody of `seconds` seconds, different for every `seed`.
pub fn melody(seed: u64, seconds: u32) -> Vec<f32> {
    let mut rng = XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let total = (SAMPLE_RATE * seconds) as usize;
    let mut out = vec![0f32; total];
    let root = 57.0 + rng.below(8) as f32; // A3..E4
    let scale = [0.0, 2.0, 4.0, 7.0, 9.0, 12.0, 14.0, 16.0];
    let bpm = 100.0 + rng.below(60) as f32;
    let beat = (60.0 / bpm * SAMPLE_RATE as f32) as usize;
    let eighth = (beat / 2).max(1);
    let bright = 0.2 + (rng.below(50) as f32) / 100.0;

    let mut start = 0usize;
    let mut degree = rng.below(scale.len() as u64) as i64;
    while start < total {
        let length = eighth * (1 + rng.below(2) as usize);
        degree = (degree + rng.below(5) as i64 - 2).clamp(0, scale.len() as i64 - 1);
        let rest = rng.below(8) == 0;
        if !rest {
            let freq = midi_to_hz(root + 12.0 + scale[degree as usize]);
            add_note(&mut out, start, length, freq, 0.28, bright);
        }
        start += length;
    }
    // Bass: root or fifth on every beat.
    let mut start = 0usize;
    let mut bar = 0usize;
    while start < total {
        let interval = if (bar / 4).is_multiple_of(2) {
            0.0
        } else {
            7.0
        };
        add_note(
            &mut out,
            start,
            beat,
            midi_to_hz(root - 12.0 + interval),
            0.22,
            0.1,
        );
        start += beat;
        bar += 1;
    }
    // Fade in and out.
    let fade = (SAMPLE_RATE / 2) as usize;
    for i in 0..fade.min(total) {
        let gain = i as f32 / fade as f32;
        out[i] *= gain;
        out[total - 1 - i] *= gain;
    }
    out
}

fn add_note(out: &mut [f32], start: usize, length: usize, freq: f32, amp: f32, bright: f32) {
    let step = std::f32::consts::TAU * freq / SAMPLE_RATE as f32;
    let attack = (SAMPLE_RATE / 100) as usize;
    let end = (start + length).min(out.len());
    let mut phase = 0f32;
    for (offset, sample) in out[start..end].iter_mut().enumerate() {
        let env = if offset < attack {
            offset as f32 / attack as f32
        } else {
            (-3.0 * (offset - attack) as f32 / length as f32).exp()
        };
        let voice = phase.sin() + bright * (2.0 * phase).sin() + 0.1 * (3.0 * phase).sin();
        *sample += amp * env * voice / (1.0 + bright);
        phase += step;
        if phase > std::f32::consts::TAU {
            phase -= std::f32::consts::TAU;
        }
    }
}

pub fn encode_flac(samples: &[f32]) -> Result<Vec<u8>, String> {
    let config = flacenc::config::Encoder::default()
        .into_verified()
        .map_err(|e| format!("{e:?}"))?;
    // Pad to whole blocks: flacenc records a short last block as the stream's minimum block
    // size, which strict decoders (symphonia) then take for a variable-block stream.
    let block = config.block_size.max(1);
    let mut ints: Vec<i32> = samples
        .iter()
        .map(|s| (s.clamp(-1.0, 1.0) * 32_000.0) as i32)
        .collect();
    ints.resize(ints.len().div_ceil(block) * block, 0);
    let source = flacenc::source::MemSource::from_samples(&ints, 1, 16, SAMPLE_RATE as usize);
    let stream = flacenc::encode_with_fixed_block_size(&config, source, config.block_size)
        .map_err(|e| format!("{e:?}"))?;
    let mut sink = flacenc::bitsink::ByteSink::new();
    stream.write(&mut sink).map_err(|e| format!("{e:?}"))?;
    Ok(sink.as_slice().to_vec())
}

pub fn encode_vorbis(samples: &[f32], tags: &[(&str, &str)]) -> Result<Vec<u8>, String> {
    let rate = NonZeroU32::new(SAMPLE_RATE).ok_or("sample rate")?;
    let channels = NonZeroU8::new(1).ok_or("channels")?;
    let mut builder =
        vorbis_rs::VorbisEncoderBuilder::new_with_serial(rate, channels, Vec::new(), 0x5107);
    for (tag, value) in tags {
        builder
            .comment_tag(*tag, *value)
            .map_err(|e| e.to_string())?;
    }
    let mut encoder = builder.build().map_err(|e| e.to_string())?;
    for block in samples.chunks(4096) {
        encoder
            .encode_audio_block([block])
            .map_err(|e| e.to_string())?;
    }
    encoder.finish().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn melodies_differ_and_are_not_silent() {
        let a = melody(1, 2);
        let b = melody(2, 2);
        assert_eq!(a.len(), (SAMPLE_RATE * 2) as usize);
        assert_ne!(a, b);
        let rms = (a.iter().map(|s| s * s).sum::<f32>() / a.len() as f32).sqrt();
        assert!(rms > 0.02, "rms {rms}");
        assert!(a.iter().all(|s| s.abs() <= 1.0));
    }

    #[test]
    fn encoders_produce_real_streams() {
        let samples = melody(3, 1);
        let flac = encode_flac(&samples).unwrap();
        assert_eq!(&flac[..4], b"fLaC");
        let ogg = encode_vorbis(&samples, &[("TITLE", "t")]).unwrap();
        assert_eq!(&ogg[..4], b"OggS");
    }
}

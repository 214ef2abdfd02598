//! Generated PNG covers: a two-colour gradient with concentric rings, per seed.

pub const SIZE: u32 = 256;

fn hue_to_rgb(hue: f32) -> [f32; 3] {
    let h = (hue.rem_euclid(1.0)) * 6.0;
    let x = 1.0 - ((h % 2.0) - 1.0).abs();
    match h as u32 {
        0 => [1.0, x, 0.0],
        1 => [x, 1.0, 0.0],
        2 => [0.0, 1.0, x],
        3 => [0.0, x, 1.0],
        4 => [x, 0.0, 1.0],
        _ => [1.0, 0.0, x],
    }
}

pub fn png(seed: u64) -> Result<Vec<u8>, String> {
    let a = hue_to_rgb((seed % 97) as f32 / 97.0);
    let b = hue_to_rgb(((seed * 31) % 89) as f32 / 89.0 + 0.4);
    let rings = 3.0 + (seed % 5) as f32;
    let mut pixels = Vec::with_capacity((SIZE * SIZE * 3) as usize);
    let half = SIZE as f32 / 2.0;
    for y in 0..SIZE {
        for x in 0..SIZE {
            let t = (x + y) as f32 / (2 * SIZE) as f32;
            let dx = x as f32 - half;
            let dy = y as f32 - half;
            let ring = ((dx * dx + dy * dy).sqrt() / half * rings * std::f32::consts::PI).sin();
            let shade = 0.75 + 0.25 * ring;
            for c in 0..3 {
                let v = (a[c] * (1.0 - t) + b[c] * t) * shade;
                pixels.push((v.clamp(0.0, 1.0) * 255.0) as u8);
            }
        }
    }
    let mut out = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut out, SIZE, SIZE);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().map_err(|e| e.to_string())?;
        writer
            .write_image_data(&pixels)
            .map_err(|e| e.to_string())?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    #[test]
    fn makes_a_png() {
        let bytes = super::png(4).unwrap();
        assert_eq!(&bytes[1..4], b"PNG");
        assert_ne!(bytes, super::png(5).unwrap());
    }
}

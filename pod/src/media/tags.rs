//! Reading an uploaded audio file's tags and properties with `lofty` (flac, ogg vorbis, opus,
//! mp3, aac/m4a, aiff).

use std::path::Path;

use lofty::file::FileType;
use lofty::prelude::*;
use lofty::probe::Probe;
use serde_json::{json, Value};

/// The extensions an upload may have (product.md: flac, ogg, mp3, opus, aac, m4a, aiff, aif).
pub const EXTENSIONS: &[&str] = &["flac", "ogg", "mp3", "opus", "aac", "m4a", "aiff", "aif"];

pub fn mimetype_for_extension(ext: &str) -> Option<&'static str> {
    Some(match ext.to_ascii_lowercase().as_str() {
        "flac" => "audio/x-flac",
        "ogg" => "audio/ogg",
        "opus" => "audio/opus",
        "mp3" => "audio/mpeg",
        "aac" => "audio/aac",
        "m4a" => "audio/x-m4a",
        "aiff" | "aif" => "audio/aiff",
        _ => return None,
    })
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Tags {
    pub title: Option<String>,
    pub artist: Option<String>,
    pub album: Option<String>,
    pub album_artist: Option<String>,
    pub position: Option<i64>,
    pub disc_number: Option<i64>,
    pub date: Option<String>,
    pub genre: Option<String>,
    /// Seconds.
    pub duration: i64,
    /// Bits per second.
    pub bitrate: i64,
    pub mimetype: &'static str,
}

impl Tags {
    /// What the upload's `metadata` / import details show of the file.
    pub fn to_json(&self) -> Value {
        json!({
            "title": self.title,
            "artist": self.artist,
            "album": self.album,
            "album_artist": self.album_artist,
            "position": self.position,
            "disc_number": self.disc_number,
            "date": self.date,
            "genre": self.genre,
            "duration": self.duration,
            "bitrate": self.bitrate,
        })
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TagError {
    #[error("unsupported or unreadable audio file: {0}")]
    Unreadable(String),
}

fn clean(value: Option<std::borrow::Cow<'_, str>>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

/// Reads the file's tags, guessing the format from its content.
pub fn read(path: &Path) -> Result<Tags, TagError> {
    let tagged = Probe::open(path)
        .map_err(|e| TagError::Unreadable(e.to_string()))?
        .guess_file_type()
        .map_err(|e| TagError::Unreadable(e.to_string()))?
        .read()
        .map_err(|e| TagError::Unreadable(e.to_string()))?;
    let mimetype = match tagged.file_type() {
        FileType::Flac => "audio/x-flac",
        FileType::Vorbis => "audio/ogg",
        FileType::Opus => "audio/opus",
        FileType::Mpeg => "audio/mpeg",
        FileType::Aac => "audio/aac",
        FileType::Mp4 => "audio/x-m4a",
        FileType::Aiff => "audio/aiff",
        other => {
            return Err(TagError::Unreadable(format!(
                "{other:?} files are not accepted"
            )))
        }
    };
    let properties = tagged.properties();
    let mut tags = Tags {
        duration: i64::try_from(properties.duration().as_secs()).unwrap_or(i64::MAX),
        bitrate: i64::from(
            properties
                .audio_bitrate()
                .or(properties.overall_bitrate())
                .unwrap_or(0),
        ) * 1000,
        mimetype,
        ..Tags::default()
    };
    if let Some(tag) = tagged.primary_tag().or_else(|| tagged.first_tag()) {
        tags.title = clean(tag.title());
        tags.artist = clean(tag.artist());
        tags.album = clean(tag.album());
        tags.genre = clean(tag.genre());
        tags.album_artist = tag
            .get_string(ItemKey::AlbumArtist)
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty());
        tags.position = tag.track().map(i64::from);
        tags.disc_number = tag.disk().map(i64::from);
        tags.date = tag.date().map(|d| match (d.month, d.day) {
            (Some(m), Some(day)) => format!("{:04}-{m:02}-{day:02}", d.year),
            _ => format!("{:04}-01-01", d.year),
        });
    }
    Ok(tags)
}

//! Media handling: Markdown rendering, audio synthesis and encoding, covers, byte ranges.

pub mod audio;
pub mod cover;
pub mod markdown;
pub mod tags;
pub mod transcode;

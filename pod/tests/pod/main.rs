//! Integration tests: a real pod on a random port with a fresh data dir per test. One test binary
//! (modules below), as in the gateway: each separate binary linked the whole pod again, which
//! cost link time and about 80 MB of disk apiece.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod accounts;
mod bad_input;
mod catalogue;
mod channel_rss_edit;
mod channel_rss_refresh;
mod channels;
mod common;
mod content_support;
mod content_uploads;
mod favorites;
mod follows;
mod fs_import;
mod large_catalogue;
mod listen;
mod live_events;
mod manage_users;
mod moderation;
mod mutations;
mod oauth;
mod playlists;
mod radios;
mod remote_libraries;
mod search;
mod signup;
mod subscriptions;

//! Integration tests: the real gateway on a random port, a web folder made by each test, and a
//! fake upstream pod for proxy mode. One test binary (modules below) to keep linking cheap.
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod binary;
mod embed;
mod front_config;
mod helpers;
mod proxy;
mod spa;
mod static_files;
mod traversal;
mod upload;
mod upstream;
mod websocket;

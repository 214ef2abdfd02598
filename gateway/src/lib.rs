//! Shoal's gateway: serves the built host shell and micro-frontends, and answers the pod's URLs
//! either with the embedded pod (same process, same port) or through a streaming reverse proxy
//! to a real pod. It keeps no state between requests, so any number can run behind a balancer.

pub mod config;
pub mod error;
pub mod front_config;
pub mod manifest;
pub mod proxy;
pub mod redirects;
pub mod security_headers;
pub mod startup;
pub mod static_files;
pub mod telemetry;
pub mod websocket;

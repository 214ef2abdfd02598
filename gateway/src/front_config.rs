//! Run-time configuration the front end fetches: `/settings.json` and `/remotes.json`.
//! Both are rendered once at start-up and served `no-cache`, so a restart with other flags is
//! seen by the next page load without rebuilding anything.

use actix_web::{http::header, web, HttpResponse};
use serde::Serialize;
use url::Url;

use crate::manifest::{Manifest, RemoteOverrides};

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct FrontSettings<'a> {
    default_server_url: &'a str,
    additional_stylesheets: [&'a str; 0],
}

/// The two documents, as JSON bytes.
#[derive(Debug, Clone)]
pub struct FrontConfig {
    settings: web::Bytes,
    remotes: web::Bytes,
}

impl FrontConfig {
    /// `public_url` is the gateway's own origin (it proxies or embeds the pod), with its
    /// trailing slash.
    pub fn new(public_url: &Url, overrides: &RemoteOverrides) -> Result<Self, serde_json::Error> {
        let settings = serde_json::to_vec(&FrontSettings {
            default_server_url: public_url.as_str(),
            additional_stylesheets: [],
        })?;
        let remotes = serde_json::to_vec(&Manifest::new(overrides))?;
        Ok(Self {
            settings: settings.into(),
            remotes: remotes.into(),
        })
    }
}

fn json(body: web::Bytes) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .body(body)
}

pub async fn settings(config: web::Data<FrontConfig>) -> HttpResponse {
    json(config.settings.clone())
}

pub async fn remotes(config: web::Data<FrontConfig>) -> HttpResponse {
    json(config.remotes.clone())
}

//! `channels/rss-subscribe/`: subscribe to a podcast by its RSS feed, as a real pod does.
//!
//! Body `{"url": …}`. A feed of this pod's own channels subscribes to that channel; a feed
//! already known reuses its external channel; otherwise the pod fetches the feed over HTTP(S)
//! (the remote fetches' client and timeout), makes an external channel with one episode per
//! item that has an audio enclosure (title, enclosure URL as the upload's remote source,
//! duration, publication date) and the feed's cover, then subscribes the caller. The answer is
//! the subscription with its channel (201). A bad URL is a field error; a feed that cannot be
//! fetched or read is a 400 `detail`, as on a real pod.
//!
//! The reading of a feed into a channel's episodes is shared with the periodic refresh
//! (`crate::rss_refresh`), which reads known feeds again: an item is known by its guid or its
//! enclosure URL, so it is never added twice.

use actix_web::{web, HttpResponse};
use rusqlite::Connection;
use serde_json::{json, Value};

use crate::auth::Auth;
use crate::error::{ApiError, FieldErrors};
use crate::routes::channels::{write_attachment_file, StoredAttachment};
use crate::routes::remote::FETCH_TIMEOUT;
use crate::routes::subscriptions::{channel_value, subscription_value};
use crate::routes::Body;
use crate::state::AppState;
use crate::store::catalogue as cat;
use crate::store::external_channels::{self as store, NewEpisode, NewExternalChannel};
use crate::store::subscriptions as subs;
use crate::store::users::now_iso;

/// The most of a feed that is read.
const FEED_LIMIT: usize = 10 * 1024 * 1024;
/// The most of a feed's cover picture that is read.
const COVER_LIMIT: usize = 5 * 1000 * 1000;
/// Episodes taken from one feed (its first items, the newest in practice).
const MAX_EPISODES: usize = 250;
const ITUNES: &str = "http://www.itunes.com/dtds/podcast-1.0.dtd";

/// The host (and port) of a URL.
pub fn feed_host(url: &str) -> String {
    url.split_once("://")
        .map_or(url, |(_, rest)| rest)
        .split(['/', '?', '#'])
        .next()
        .unwrap_or_default()
        .rsplit('@')
        .next()
        .unwrap_or_default()
        .to_owned()
}

/// The `url` field as DRF's `URLField` checks it (only http and https are fetched).
fn parse_url(body: &Body) -> Result<String, ApiError> {
    let mut errors = FieldErrors::new();
    let url = match body.0.get("url") {
        None | Some(Value::Null) => {
            errors.add("url", "This field is required.");
            None
        }
        Some(Value::String(s)) if s.trim().is_empty() => {
            errors.add("url", "This field may not be blank.");
            None
        }
        Some(Value::String(s)) => {
            let s = s.trim();
            let scheme_ok = s.starts_with("http://") || s.starts_with("https://");
            let parsed = s.parse::<actix_web::http::Uri>().ok();
            let host_ok = parsed
                .as_ref()
                .and_then(|u| u.host())
                .is_some_and(|h| !h.is_empty());
            if scheme_ok && host_ok && !s.contains(char::is_whitespace) && s.len() <= 500 {
                Some(s.to_owned())
            } else {
                errors.add("url", "Enter a valid URL.");
                None
            }
        }
        Some(_) => {
            errors.add("url", "Not a valid string.");
            None
        }
    };
    errors.into_result()?;
    url.ok_or_else(|| ApiError::field("url", "This field is required."))
}

/// The channel a URL of this pod's own feeds names (`/api/v1|v2/channels/{id}/rss[/]`).
fn local_feed<'a>(state: &AppState, url: &'a str) -> Option<&'a str> {
    let path = url.strip_prefix(state.base_url())?;
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let parts: Vec<&str> = path.trim_matches('/').split('/').collect();
    match parts.as_slice() {
        ["api", "v1" | "v2", "channels", id, "rss"] => Some(id),
        _ => None,
    }
}

fn feed_error(message: impl Into<String>) -> ApiError {
    ApiError::BadRequest(message.into())
}

async fn get_bytes(url: &str, accept: &str, limit: usize) -> Result<Vec<u8>, ApiError> {
    use awc::error::{PayloadError, SendRequestError};
    let host = feed_host(url);
    let client = awc::Client::builder().timeout(FETCH_TIMEOUT).finish();
    let mut res = client
        .get(url)
        .insert_header(("Accept", accept))
        .send()
        .await
        .map_err(|e| match e {
            SendRequestError::Timeout => feed_error(format!(
                "Cannot fetch the feed: {host} did not answer in time."
            )),
            SendRequestError::Url(_) => ApiError::field("url", "Enter a valid URL."),
            _ => feed_error(format!("Cannot fetch the feed: cannot connect to {host}.")),
        })?;
    if !res.status().is_success() {
        return Err(feed_error(format!(
            "Cannot fetch the feed: {host} answered with HTTP status {}.",
            res.status().as_u16()
        )));
    }
    let body = res.body().limit(limit).await.map_err(|e| match e {
        PayloadError::Overflow => feed_error("Cannot fetch the feed: it is too large."),
        _ => feed_error(format!(
            "Cannot fetch the feed: the answer from {host} was cut off."
        )),
    })?;
    Ok(body.to_vec())
}

/// What a feed says, read from its XML.
#[derive(Debug, Default, PartialEq)]
pub struct Feed {
    pub title: String,
    pub link: Option<String>,
    pub description: Option<String>,
    pub language: Option<String>,
    pub itunes_category: Option<String>,
    pub itunes_subcategory: Option<String>,
    pub author: Option<String>,
    pub copyright: Option<String>,
    pub explicit: bool,
    pub image: Option<String>,
    pub episodes: Vec<Episode>,
}

#[derive(Debug, Default, PartialEq)]
pub struct Episode {
    /// The item's `guid`, which names it across reads of the feed.
    pub guid: Option<String>,
    pub title: String,
    pub description: Option<String>,
    pub enclosure: String,
    pub mimetype: String,
    pub size: i64,
    pub duration: i64,
    pub position: Option<i64>,
    pub season: Option<i64>,
    /// ISO 8601.
    pub date: Option<String>,
}

fn is(node: &roxmltree::Node<'_, '_>, name: &str) -> bool {
    node.is_element() && node.tag_name().name() == name && node.tag_name().namespace().is_none()
}

fn is_itunes(node: &roxmltree::Node<'_, '_>, name: &str) -> bool {
    node.is_element()
        && node.tag_name().name() == name
        && node.tag_name().namespace() == Some(ITUNES)
}

fn text_of(node: roxmltree::Node<'_, '_>) -> Option<String> {
    let text: String = node
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    let text = text.trim();
    (!text.is_empty()).then(|| text.to_owned())
}

fn child_text(
    parent: roxmltree::Node<'_, '_>,
    test: impl Fn(&roxmltree::Node<'_, '_>) -> bool,
) -> Option<String> {
    parent.children().find(|n| test(n)).and_then(text_of)
}

/// `itunes:duration`: seconds, `MM:SS` or `HH:MM:SS`.
pub fn parse_duration(raw: &str) -> i64 {
    raw.trim()
        .split(':')
        .try_fold(0i64, |total, part| {
            let value = part.trim().split('.').next()?.parse::<i64>().ok()?;
            total.checked_mul(60)?.checked_add(value)
        })
        .filter(|d| *d >= 0)
        .unwrap_or(0)
}

/// An RFC 2822 date (RSS's `pubDate`) as the pod's ISO 8601.
fn parse_date(raw: &str) -> Option<String> {
    chrono::DateTime::parse_from_rfc2822(raw.trim())
        .ok()
        .map(|d| {
            d.with_timezone(&chrono::Utc)
                .to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
        })
}

fn http_url(raw: Option<&str>) -> Option<String> {
    raw.map(str::trim)
        .filter(|u| u.starts_with("http://") || u.starts_with("https://"))
        .map(str::to_owned)
}

/// Reads an RSS 2.0 podcast feed. `None` when the text is not one.
pub fn parse_feed(text: &str) -> Option<Feed> {
    let options = roxmltree::ParsingOptions {
        allow_dtd: true,
        ..roxmltree::ParsingOptions::default()
    };
    let doc = roxmltree::Document::parse_with_options(text, options).ok()?;
    let root = doc.root_element();
    if root.tag_name().name() != "rss" {
        return None;
    }
    let channel = root.children().find(|n| is(n, "channel"))?;
    let title = child_text(channel, |n| is(n, "title"))?;
    let category = channel.children().find(|n| is_itunes(n, "category"));
    let mut feed = Feed {
        title,
        link: http_url(child_text(channel, |n| is(n, "link")).as_deref()),
        description: child_text(channel, |n| is(n, "description"))
            .or_else(|| child_text(channel, |n| is_itunes(n, "summary"))),
        language: child_text(channel, |n| is(n, "language"))
            .map(|l| {
                l.split(['-', '_'])
                    .next()
                    .unwrap_or_default()
                    .to_ascii_lowercase()
            })
            .filter(|l| (2..=3).contains(&l.len()) && l.chars().all(|c| c.is_ascii_lowercase())),
        itunes_category: category
            .and_then(|c| c.attribute("text"))
            .map(str::to_owned),
        itunes_subcategory: category
            .and_then(|c| c.children().find(|n| is_itunes(n, "category")))
            .and_then(|c| c.attribute("text"))
            .map(str::to_owned),
        author: child_text(channel, |n| is_itunes(n, "author")),
        copyright: child_text(channel, |n| is(n, "copyright")),
        explicit: child_text(channel, |n| is_itunes(n, "explicit")).is_some_and(|e| {
            matches!(e.to_ascii_lowercase().as_str(), "yes" | "true" | "explicit")
        }),
        image: http_url(
            channel
                .children()
                .find(|n| is_itunes(n, "image"))
                .and_then(|n| n.attribute("href")),
        )
        .or_else(|| {
            channel
                .children()
                .find(|n| is(n, "image"))
                .and_then(|img| http_url(child_text(img, |n| is(n, "url")).as_deref()))
        }),
        episodes: Vec::new(),
    };
    for item in channel.children().filter(|n| is(n, "item")) {
        if feed.episodes.len() >= MAX_EPISODES {
            break;
        }
        let Some(enclosure) = item.children().find(|n| is(n, "enclosure")) else {
            continue;
        };
        let Some(url) = http_url(enclosure.attribute("url")) else {
            continue;
        };
        let mimetype = enclosure
            .attribute("type")
            .map(str::trim)
            .filter(|t| t.starts_with("audio/"))
            .unwrap_or("audio/mpeg")
            .to_owned();
        let title = child_text(item, |n| is(n, "title"))
            .or_else(|| child_text(item, |n| is_itunes(n, "title")))
            .unwrap_or_else(|| {
                url.rsplit('/')
                    .next()
                    .unwrap_or_default()
                    .split('?')
                    .next()
                    .unwrap_or_default()
                    .to_owned()
            });
        feed.episodes.push(Episode {
            guid: child_text(item, |n| is(n, "guid")).map(|g| g.chars().take(500).collect()),
            title: title.chars().take(255).collect(),
            description: child_text(item, |n| is(n, "description"))
                .or_else(|| child_text(item, |n| is_itunes(n, "summary"))),
            enclosure: url,
            mimetype,
            size: enclosure
                .attribute("length")
                .and_then(|l| l.trim().parse::<i64>().ok())
                .filter(|l| *l >= 0)
                .unwrap_or(0),
            duration: child_text(item, |n| is_itunes(n, "duration"))
                .map_or(0, |d| parse_duration(&d)),
            position: child_text(item, |n| is_itunes(n, "episode")).and_then(|e| e.parse().ok()),
            season: child_text(item, |n| is_itunes(n, "season")).and_then(|s| s.parse().ok()),
            date: child_text(item, |n| is(n, "pubDate")).and_then(|d| parse_date(&d)),
        });
    }
    Some(feed)
}

/// Text as the pod stores a description.
pub(crate) fn description_json(text: Option<&str>) -> Option<String> {
    text.map(|t| {
        json!({"text": t.chars().take(5000).collect::<String>(), "content_type": "text/html"})
            .to_string()
    })
}

/// A feed's cover, downloaded into the media folder; its attachment row is written with the
/// channel's.
pub(crate) struct FetchedCover {
    pub file: StoredAttachment,
    pub mimetype: &'static str,
    /// The feed's image URL it was downloaded from.
    pub source: String,
}

/// Downloads the feed's cover at `url`; `None` when it cannot be had (the channel is made, or
/// kept, without a new one).
pub(crate) async fn fetch_cover(state: &AppState, url: &str) -> Option<FetchedCover> {
    let bytes = get_bytes(url, "image/png, image/jpeg", COVER_LIMIT)
        .await
        .ok()?;
    let (mimetype, extension) = match imagesize::image_type(&bytes).ok()? {
        imagesize::ImageType::Png => ("image/png", "png"),
        imagesize::ImageType::Jpeg => ("image/jpeg", "jpg"),
        _ => return None,
    };
    // A cover that cannot be stored leaves the channel without one; the subscription goes on.
    let file = write_attachment_file(state, bytes, extension).await.ok()?;
    Some(FetchedCover {
        file,
        mimetype,
        source: url.to_owned(),
    })
}

/// Fetches and reads the feed at `url`.
pub(crate) async fn fetch_feed(url: &str) -> Result<Feed, ApiError> {
    let bytes = get_bytes(
        url,
        "application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
        FEED_LIMIT,
    )
    .await?;
    std::str::from_utf8(&bytes)
        .ok()
        .and_then(parse_feed)
        .ok_or_else(|| feed_error("The address does not point to a podcast RSS feed."))
}

/// The channel's `metadata` (JSON object) as the feed gives it.
pub(crate) fn feed_metadata(feed: &Feed) -> String {
    let mut metadata = serde_json::Map::new();
    for (key, value) in [
        ("language", &feed.language),
        ("itunes_category", &feed.itunes_category),
        ("itunes_subcategory", &feed.itunes_subcategory),
        ("owner_name", &feed.author),
        ("copyright", &feed.copyright),
    ] {
        if let Some(value) = value {
            metadata.insert(key.into(), json!(value));
        }
    }
    metadata.insert("explicit".into(), json!(feed.explicit));
    Value::Object(metadata).to_string()
}

/// The channel's name as the feed gives it.
pub(crate) fn feed_name(feed: &Feed) -> String {
    feed.title.chars().take(200).collect()
}

/// What a read of a feed did to a channel's episodes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct EpisodeChanges {
    pub added: usize,
    pub updated: usize,
}

/// Brings the channel's episodes in line with the feed, as a real pod does: an item the channel
/// already has (same guid, or same enclosure URL) is updated in place (title, description,
/// numbers, date, audio), never added twice; the others are added.
pub(crate) fn sync_episodes(
    conn: &Connection,
    artist: i64,
    library: i64,
    owner: i64,
    feed: &Feed,
    now: &str,
) -> Result<EpisodeChanges, ApiError> {
    let mut changes = EpisodeChanges::default();
    for episode in &feed.episodes {
        let description = description_json(episode.description.as_deref());
        let new = NewEpisode {
            guid: episode.guid.as_deref(),
            title: &episode.title,
            description: description.as_deref(),
            source: &episode.enclosure,
            mimetype: &episode.mimetype,
            duration: episode.duration,
            size: episode.size,
            position: episode.position,
            season: episode.season,
            date: episode.date.as_deref().unwrap_or(now),
        };
        match store::find_episode(
            conn,
            artist,
            library,
            episode.guid.as_deref(),
            &episode.enclosure,
        )? {
            Some((track, upload)) => {
                if store::update_episode(conn, track, upload, &new, episode.date.is_some())? {
                    changes.updated += 1;
                }
            }
            None => {
                store::insert_episode(conn, artist, library, owner, &new)?;
                changes.added += 1;
            }
        }
    }
    Ok(changes)
}

fn subscribe_to(
    state: &AppState,
    conn: &Connection,
    user: i64,
    composite: &str,
) -> Result<Value, ApiError> {
    let channel = subs::channel(conn, composite, &state.domain())?.ok_or(ApiError::NotFound)?;
    let uuid = uuid::Uuid::new_v4().to_string();
    let sub = subs::subscribe(conn, &uuid, user, channel.id, &now_iso())?;
    Ok(subscription_value(
        state,
        &sub,
        channel_value(state, conn, &channel)?,
    ))
}

#[tracing::instrument(skip_all)]
pub async fn rss_subscribe(
    state: web::Data<AppState>,
    auth: Auth,
    body: Body,
) -> Result<HttpResponse, ApiError> {
    let url = parse_url(&body)?;
    let user = auth.user.id;
    let state2 = state.get_ref().clone();
    let domain = state.domain();

    // One of this pod's own feeds: its channel.
    if let Some(id) = local_feed(&state, &url).map(str::to_owned) {
        let value = state
            .db
            .run(move |conn| {
                subs::channel(conn, &id, &domain)?
                    .ok_or_else(|| feed_error("This pod has no channel with this feed."))?;
                subscribe_to(&state2, conn, user, &id)
            })
            .await?;
        return Ok(HttpResponse::Created().json(value));
    }

    // A feed already known.
    let known = {
        let url = url.clone();
        state
            .db
            .run(move |conn| store::by_rss_url(conn, &url))
            .await?
    };
    if let Some(uuid) = known {
        let value = state
            .db
            .run(move |conn| subscribe_to(&state2, conn, user, &uuid))
            .await?;
        return Ok(HttpResponse::Created().json(value));
    }

    let feed = fetch_feed(&url).await?;
    let cover = match &feed.image {
        Some(image) => fetch_cover(&state, image).await,
        None => None,
    };
    let value = state
        .db
        .run(move |conn| {
            let now = now_iso();
            let tx = conn.transaction()?;
            // Someone else may have subscribed to the same feed meanwhile.
            let uuid = match store::by_rss_url(&tx, &url)? {
                Some(uuid) => uuid,
                None => {
                    let owner = store::service_user(&tx, &now)?;
                    if let Some(cover) = &cover {
                        let row = cover.file.row(cover.mimetype);
                        cat::insert_attachment(&tx, &row, Some(owner), &now)?;
                    }
                    let description = description_json(feed.description.as_deref());
                    let (uuid, artist, library) = store::insert_channel(
                        &tx,
                        owner,
                        &NewExternalChannel {
                            rss_url: &url,
                            cover_source: cover.as_ref().map(|c| c.source.as_str()),
                            link: feed.link.as_deref(),
                            name: &feed_name(&feed),
                            description: description.as_deref(),
                            cover_uuid: cover.as_ref().map(|c| c.file.uuid.as_str()),
                            metadata: &feed_metadata(&feed),
                        },
                        &now,
                    )?;
                    sync_episodes(&tx, artist, library, owner, &feed, &now)?;
                    uuid
                }
            };
            tx.commit()?;
            subscribe_to(&state2, conn, user, &uuid)
        })
        .await?;
    Ok(HttpResponse::Created().json(value))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FEED: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd">
<channel>
  <title>Harbour &amp; Tides</title>
  <link>https://tides.example/</link>
  <language>fr-FR</language>
  <description>Weekly talk.</description>
  <itunes:category text="Science"><itunes:category text="Earth Sciences"/></itunes:category>
  <itunes:image href="https://tides.example/cover.png"/>
  <itunes:explicit>no</itunes:explicit>
  <item>
    <title>First tide</title>
    <guid isPermaLink="false">  tides-0001 </guid>
    <enclosure url="https://tides.example/1.mp3" length="1234" type="audio/mpeg"/>
    <itunes:duration>01:02:03</itunes:duration>
    <pubDate>Tue, 03 Nov 2026 10:00:00 +0100</pubDate>
    <itunes:episode>1</itunes:episode>
  </item>
  <item><title>No audio</title></item>
  <item>
    <title>Second</title>
    <enclosure url="ftp://tides.example/2.mp3" type="audio/mpeg"/>
  </item>
</channel>
</rss>"#;

    #[test]
    fn reads_a_podcast_feed() {
        let feed = parse_feed(FEED).unwrap();
        assert_eq!(feed.title, "Harbour & Tides");
        assert_eq!(feed.language.as_deref(), Some("fr"));
        assert_eq!(feed.itunes_category.as_deref(), Some("Science"));
        assert_eq!(feed.itunes_subcategory.as_deref(), Some("Earth Sciences"));
        assert_eq!(
            feed.image.as_deref(),
            Some("https://tides.example/cover.png")
        );
        assert_eq!(feed.episodes.len(), 1);
        let first = &feed.episodes[0];
        assert_eq!(first.title, "First tide");
        assert_eq!(first.guid.as_deref(), Some("tides-0001"));
        assert_eq!(first.duration, 3723);
        assert_eq!(first.size, 1234);
        assert_eq!(first.position, Some(1));
        assert_eq!(first.date.as_deref(), Some("2026-11-03T09:00:00.000000Z"));
    }

    #[test]
    fn refuses_what_is_not_a_feed() {
        assert!(parse_feed("{\"id\": 1}").is_none());
        assert!(parse_feed("<html><body>hi</body></html>").is_none());
        assert!(parse_feed("<rss><channel></channel></rss>").is_none());
    }

    #[test]
    fn durations() {
        assert_eq!(parse_duration("90"), 90);
        assert_eq!(parse_duration("1:30"), 90);
        assert_eq!(parse_duration("1:00:00"), 3600);
        assert_eq!(parse_duration("soon"), 0);
    }

    #[test]
    fn hosts() {
        assert_eq!(
            feed_host("https://a.example:8443/feed.xml"),
            "a.example:8443"
        );
        assert_eq!(feed_host("http://u:p@b.example/x"), "b.example");
    }
}

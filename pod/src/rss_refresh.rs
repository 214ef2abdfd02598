//! The periodic refresh of external channels (podcasts subscribed to by their RSS feed), as a
//! real pod runs it: every round (hourly by default) reads again each external channel whose
//! feed was last read longer ago than the refresh delay (a day by default, Funkwhale's
//! `PODCASTS_RSS_FEED_REFRESH_DELAY`), updates the channel from the feed (name, description,
//! cover, link, metadata), adds the episodes it does not have yet and records the read.
//!
//! A feed that cannot be fetched or read is logged and left as it was (channel and episodes
//! intact, last read unchanged), so the next round tries it again; nothing here can stop the
//! pod. The task holds the pod weakly and ends when the pod is dropped.

use std::sync::{Arc, Weak};
use std::time::Duration;

use crate::error::ApiError;
use crate::routes::rss_subscribe::{
    description_json, feed_metadata, feed_name, fetch_cover, fetch_feed, sync_episodes,
    EpisodeChanges, Feed, FetchedCover,
};
use crate::state::{AppState, Inner};
use crate::store::catalogue as cat;
use crate::store::external_channels::{self as store, ChannelUpdate, ExternalChannelRow};
use crate::store::users::now_iso;

/// What one refresh round did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RefreshReport {
    /// External channels whose feed was due and read again successfully.
    pub refreshed: usize,
    /// Due channels whose feed could not be fetched or read (tried again next round).
    pub failed: usize,
    /// Episodes added across all channels.
    pub episodes_added: usize,
    /// Known episodes whose item changed (title, description, numbers, date or audio).
    pub episodes_updated: usize,
}

/// Reads again every external channel whose feed was last read more than the pod's refresh
/// delay ago. Rounds never overlap: a round asked for while one runs waits for it.
pub async fn refresh_due(state: &AppState) -> Result<RefreshReport, ApiError> {
    let _round = state.rss_refresh_lock.lock().await;
    let delay = chrono::Duration::from_std(state.options.rss_refresh_delay)
        .unwrap_or(chrono::Duration::MAX);
    let before = chrono::Utc::now()
        .checked_sub_signed(delay)
        .unwrap_or(chrono::DateTime::<chrono::Utc>::MIN_UTC)
        .to_rfc3339_opts(chrono::SecondsFormat::Micros, true);
    let due = state
        .db
        .run(move |conn| store::due_for_refresh(conn, &before))
        .await?;
    if !due.is_empty() {
        tracing::info!(feeds = due.len(), "refreshing podcast feeds");
    }
    let mut report = RefreshReport::default();
    for channel in due {
        match refresh_channel(state, &channel).await {
            Ok(changes) => {
                report.refreshed += 1;
                report.episodes_added += changes.added;
                report.episodes_updated += changes.updated;
                if changes != EpisodeChanges::default() {
                    tracing::info!(
                        channel = %channel.uuid,
                        feed = %channel.rss_url,
                        added = changes.added,
                        updated = changes.updated,
                        "podcast episodes refreshed"
                    );
                }
            }
            Err(error) => {
                report.failed += 1;
                tracing::warn!(
                    channel = %channel.uuid,
                    feed = %channel.rss_url,
                    error = %describe(&error),
                    "cannot refresh a podcast feed; it will be tried again at the next round"
                );
            }
        }
    }
    Ok(report)
}

fn describe(error: &ApiError) -> String {
    match error {
        ApiError::BadRequest(detail) => detail.clone(),
        other => other.to_string(),
    }
}

/// Reads one channel's feed again; answers what it did to the episodes.
async fn refresh_channel(
    state: &AppState,
    channel: &ExternalChannelRow,
) -> Result<EpisodeChanges, ApiError> {
    let feed = fetch_feed(&channel.rss_url).await?;
    // A new cover URL brings a new cover; one that cannot be had keeps the current one (and is
    // tried again at the next read).
    let cover = match feed.image.as_deref() {
        Some(image) if channel.cover_source.as_deref() != Some(image) => {
            fetch_cover(state, image).await
        }
        _ => None,
    };
    let id = channel.id;
    let rss_url = channel.rss_url.clone();
    let new_file = cover.as_ref().map(|cover| cover.file.relative.clone());
    let applied = state
        .db
        .run(move |conn| apply(conn, id, &rss_url, &feed, cover))
        .await;
    // The file no row uses any more: the replaced cover, or the new one when it was not kept.
    let (changes, unused_file) = match applied {
        Ok((changes, kept_cover, stale)) => {
            (Ok(changes), if kept_cover { stale } else { new_file })
        }
        Err(error) => (Err(error), new_file),
    };
    if let Some(file) = unused_file {
        let _ = tokio::fs::remove_file(state.media_dir.join(file)).await;
    }
    changes
}

/// Writes what a read of the feed brought, in one transaction. Answers the episode changes,
/// whether the new cover (if any) was kept, and the file of the cover it replaced.
fn apply(
    conn: &mut rusqlite::Connection,
    id: i64,
    rss_url: &str,
    feed: &Feed,
    cover: Option<FetchedCover>,
) -> Result<(EpisodeChanges, bool, Option<String>), ApiError> {
    let now = now_iso();
    let tx = conn.transaction()?;
    // Deleted meanwhile: nothing to do.
    let Some(channel) = store::external_channel(&tx, id, rss_url)? else {
        return Ok((EpisodeChanges::default(), false, None));
    };
    let description = description_json(feed.description.as_deref());
    store::update_from_feed(
        &tx,
        &channel,
        &ChannelUpdate {
            name: &feed_name(feed),
            description: description.as_deref(),
            link: feed.link.as_deref(),
            metadata: &feed_metadata(feed),
        },
        &now,
    )?;
    let mut stale_file = None;
    let kept_cover = cover.is_some();
    if let Some(cover) = cover {
        let row = cover.file.row(cover.mimetype);
        cat::insert_attachment(&tx, &row, Some(channel.owner), &now)?;
        stale_file = store::replace_cover(&tx, &channel, &cover.file.uuid, &cover.source)?;
    }
    let changes = sync_episodes(
        &tx,
        channel.artist,
        channel.library,
        channel.owner,
        feed,
        &now,
    )?;
    tx.commit()?;
    Ok((changes, kept_cover, stale_file))
}

/// Starts the periodic refresh on the current actix system: a first round right away, then
/// one every `interval`. Ends when the pod is dropped. `None` outside an actix system (nothing
/// to run the task on).
pub fn spawn(state: &AppState, interval: Duration) -> Option<actix_web::rt::task::JoinHandle<()>> {
    if actix_web::rt::System::try_current().is_none() {
        tracing::warn!("no actix system: podcast feeds will not be refreshed");
        return None;
    }
    // A zero interval would spin.
    let interval = interval.max(Duration::from_millis(10));
    let pod: Weak<Inner> = Arc::downgrade(&state.0);
    let mut stop = state.rss_refresh_stop.subscribe();
    Some(actix_web::rt::spawn(async move {
        loop {
            {
                let Some(inner) = pod.upgrade() else {
                    break;
                };
                let state = AppState(inner);
                if let Err(error) = refresh_due(&state).await {
                    tracing::warn!(error = %error, "podcast feed refresh round failed");
                }
            }
            tokio::select! {
                () = actix_web::rt::time::sleep(interval) => {}
                // The pod is gone (its sender dropped).
                _ = stop.changed() => break,
            }
        }
        tracing::debug!("podcast feed refresh stopped");
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Pod, PodConfig, PodOptions};

    #[actix_web::test]
    async fn the_background_task_ends_with_the_pod() {
        let dir = tempfile::tempdir().unwrap();
        let options = PodOptions::default()
            .with_fast_password_hashing(true)
            .with_seed_cache(std::env::temp_dir().join("shoal-pod-test-seed-cache"))
            .with_rss_refresh(Duration::ZERO, None);
        let pod = Pod::open_with(
            PodConfig::new(dir.path(), "http://127.0.0.1:9").with_demo_password("pw"),
            options,
        )
        .await
        .unwrap();
        let task = spawn(&pod.state, Duration::from_millis(10)).unwrap();
        // Rounds go on while the pod lives.
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        assert!(!task.is_finished());
        drop(pod);
        tokio::time::timeout(Duration::from_secs(5), task)
            .await
            .expect("the task ends once the pod is dropped")
            .unwrap();
    }
}

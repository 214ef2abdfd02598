//! Uploads stream through the proxy: memory does not grow with the body, and a long upload
//! whose bytes keep flowing is not cut by the pod timeout.

use std::{convert::Infallible, time::Duration};

use actix_web::{http::StatusCode, web::Bytes};
use futures_util::stream;

use crate::{helpers::*, upstream};

const CHUNK_LEN: usize = 64 * 1024;
static CHUNK: [u8; CHUNK_LEN] = [b'x'; CHUNK_LEN];
const BODY_LEN: u64 = 256 * 1024 * 1024;
const MAX_GROWTH: u64 = 64 * 1024 * 1024;

#[actix_web::test]
async fn a_256_mb_upload_streams_without_growing_memory() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(30)).await;
    // Warm up both servers so their buffers and workers exist before the measure.
    assert_eq!(get(&gw.url("/api/echo/warm")).await.status, StatusCode::OK);
    let before = peak_rss();

    // Generated on the fly from one static chunk: the client holds no copy of the body.
    let chunks = (BODY_LEN / CHUNK_LEN as u64) as usize;
    let body = stream::iter((0..chunks).map(|_| Ok::<_, Infallible>(Bytes::from_static(&CHUNK))));
    let mut res = client()
        .post(gw.url("/api/upload"))
        .timeout(Duration::from_secs(300))
        .send_stream(body)
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let counted: serde_json::Value = res.json().await.unwrap();
    assert_eq!(counted["bytes"], BODY_LEN);

    let growth = peak_rss().saturating_sub(before);
    eprintln!(
        "peak RSS before {} MB, growth {} KB",
        before / (1024 * 1024),
        growth / 1024
    );
    assert!(
        growth < MAX_GROWTH,
        "peak memory grew by {} MB for a {} MB upload",
        growth / (1024 * 1024),
        BODY_LEN / (1024 * 1024)
    );
}

#[actix_web::test]
async fn a_slow_upload_that_keeps_flowing_outlives_the_pod_timeout() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(1)).await;
    // Ten chunks 300 ms apart: 3 s in all, three times the timeout, never idle for 1 s.
    let body = stream::unfold(0u32, |i| async move {
        if i == 10 {
            return None;
        }
        actix_web::rt::time::sleep(Duration::from_millis(300)).await;
        Some((
            Ok::<_, Infallible>(Bytes::from_static(&CHUNK[..1000])),
            i + 1,
        ))
    });
    let mut res = client()
        .post(gw.url("/api/upload"))
        .send_stream(body)
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let counted: serde_json::Value = res.json().await.unwrap();
    assert_eq!(counted["bytes"], 10_000);
}

//! The websocket proxy on `/api/v1/activity`, both directions.

use std::time::Duration;

use actix_web::web::Bytes;
use awc::ws::{CloseCode, CloseReason, Frame, Message};
use futures_util::{SinkExt, StreamExt};

use crate::{helpers::*, upstream};

async fn next_frame<S>(conn: &mut S) -> Frame
where
    S: futures_util::Stream<Item = Result<Frame, awc::error::WsProtocolError>> + Unpin,
{
    tokio::time::timeout(Duration::from_secs(10), conn.next())
        .await
        .expect("a frame in time")
        .expect("the stream is open")
        .expect("a valid frame")
}

#[actix_web::test]
async fn messages_flow_both_ways() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(10)).await;
    let (_res, mut conn) = client()
        .ws(format!("ws://{}/api/v1/activity?token=t1", gw.addr))
        .header("cookie", "sessionid=abc")
        .origin(format!("http://{}", gw.addr))
        .connect()
        .await
        .unwrap();

    // Pushed by the pod, unprompted: it saw the cookie and the query, and our origin as its own.
    assert_eq!(
        next_frame(&mut conn).await,
        Frame::Text(Bytes::from(format!(
            "hello cookie=sessionid=abc query=token=t1 origin={}",
            pod.url()
        )))
    );

    conn.send(Message::Text("hi".into())).await.unwrap();
    assert_eq!(
        next_frame(&mut conn).await,
        Frame::Text(Bytes::from("echo:hi"))
    );

    conn.send(Message::Binary(Bytes::from_static(&[1, 2, 3])))
        .await
        .unwrap();
    assert_eq!(
        next_frame(&mut conn).await,
        Frame::Binary(Bytes::from_static(&[1, 2, 3, 0xff]))
    );

    conn.send(Message::Ping(Bytes::from_static(b"are you there")))
        .await
        .unwrap();
    assert_eq!(
        next_frame(&mut conn).await,
        Frame::Pong(Bytes::from_static(b"are you there"))
    );

    conn.send(Message::Close(Some(CloseReason::from(CloseCode::Normal))))
        .await
        .unwrap();
    match next_frame(&mut conn).await {
        Frame::Close(reason) => {
            assert_eq!(reason.map(|r| r.code), Some(CloseCode::Normal));
        }
        other => panic!("expected a close, got {other:?}"),
    }
}

#[actix_web::test]
async fn a_plain_get_on_the_websocket_path_is_proxied_as_http() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(10)).await;
    // The fake pod refuses a non-upgrade request on its websocket route; the answer is its own.
    let reply = get(&gw.url("/api/v1/activity")).await;
    assert_eq!(reply.status.as_u16(), 400);
}

#[actix_web::test]
async fn websocket_to_a_pod_that_is_down_is_502() {
    let gw = spawn_static().await;
    let Err(err) = client()
        .ws(format!("ws://{}/api/v1/activity", gw.addr))
        .connect()
        .await
    else {
        panic!("connected to a pod that is down");
    };
    assert!(
        matches!(err, awc::error::WsClientError::InvalidResponseStatus(s) if s.as_u16() == 502),
        "{err:?}"
    );
}

//! The reverse proxy: what crosses it, Range, redirects, and failures (502, 504).

use std::time::{Duration, Instant};

use actix_web::http::{Method, StatusCode};

use crate::{helpers::*, upstream};

fn header_values(echo: &serde_json::Value, name: &str) -> Vec<String> {
    echo["headers"][name]
        .as_array()
        .map(|values| {
            values
                .iter()
                .map(|v| v.as_str().unwrap().to_owned())
                .collect()
        })
        .unwrap_or_default()
}

#[actix_web::test]
async fn requests_pass_through_with_hop_by_hop_headers_stripped() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(10)).await;
    let body = r#"{"hello":"pod"}"#;
    // Raw, so that Connection/TE/Keep-Alive go out exactly as written.
    let request = format!(
        "POST /api/echo/sub?x=1&y=two%20words HTTP/1.1\r\n\
         Host: {gw}\r\n\
         Connection: close, X-Secret-Hop\r\n\
         X-Secret-Hop: 1\r\n\
         Keep-Alive: timeout=5\r\n\
         TE: trailers\r\n\
         Proxy-Authorization: Basic c2VjcmV0\r\n\
         Authorization: Bearer user-token\r\n\
         X-Custom: 42\r\n\
         Cookie: sessionid=abc; csrftoken=def\r\n\
         X-Forwarded-For: 10.9.8.7\r\n\
         Content-Type: application/json\r\n\
         Content-Length: {len}\r\n\
         \r\n{body}",
        gw = gw.addr,
        len = body.len(),
    );
    let reply = raw(gw.addr, &request).await;
    assert_eq!(reply.status, StatusCode::OK, "{}", reply.text());
    let echo = reply.json();
    assert_eq!(echo["method"], "POST");
    assert_eq!(echo["path"], "/api/echo/sub");
    assert_eq!(echo["query"], "x=1&y=two%20words");
    assert_eq!(echo["body"], body);
    assert_eq!(header_values(&echo, "x-custom"), ["42"]);
    assert_eq!(
        header_values(&echo, "cookie"),
        ["sessionid=abc; csrftoken=def"]
    );
    assert_eq!(header_values(&echo, "authorization"), ["Bearer user-token"]);
    assert_eq!(header_values(&echo, "content-type"), ["application/json"]);
    assert_eq!(
        header_values(&echo, "content-length"),
        [body.len().to_string()]
    );
    for hop in [
        "x-secret-hop",
        "keep-alive",
        "te",
        "proxy-authorization",
        "transfer-encoding",
    ] {
        assert!(
            header_values(&echo, hop).is_empty(),
            "{hop} reached the pod"
        );
    }
    assert_eq!(header_values(&echo, "host"), [pod.addr.to_string()]);
    assert_eq!(
        header_values(&echo, "x-forwarded-for"),
        ["10.9.8.7, 127.0.0.1"]
    );
    assert_eq!(header_values(&echo, "x-forwarded-proto"), ["http"]);
    assert_eq!(
        header_values(&echo, "x-forwarded-host"),
        [gw.addr.to_string()]
    );

    // And back: both cookies, the pod's own headers, not its hop-by-hop ones.
    let cookies: Vec<&str> = reply
        .headers
        .get_all("set-cookie")
        .map(|v| v.to_str().unwrap())
        .collect();
    assert_eq!(
        cookies,
        ["sessionid=abc; Path=/; HttpOnly", "csrftoken=def; Path=/"]
    );
    assert_eq!(reply.header("x-upstream"), Some("yes"));
    assert!(reply.header("keep-alive").is_none());
}

#[actix_web::test]
async fn every_method_and_bodyless_requests_stay_bodyless() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(10)).await;
    for method in [
        Method::GET,
        Method::DELETE,
        Method::PUT,
        Method::PATCH,
        Method::OPTIONS,
    ] {
        let reply = request(method.clone(), &gw.url("/api/echo/m?q=1"), &[]).await;
        assert_eq!(reply.status, StatusCode::OK, "{method}");
        let echo = reply.json();
        assert_eq!(echo["method"], method.as_str());
        assert_eq!(echo["query"], "q=1");
        // No body: neither chunked nor a length, as the client sent it.
        assert!(
            header_values(&echo, "transfer-encoding").is_empty(),
            "{method}"
        );
    }

    // A chunked body (no length) goes through chunked.
    let reply = client()
        .post(gw.url("/api/echo/chunked"))
        .send_stream(futures_util::stream::iter(
            ["part one, ", "part two"]
                .map(|s| Ok::<_, std::io::Error>(actix_web::web::Bytes::from(s))),
        ))
        .await
        .unwrap()
        .json::<serde_json::Value>()
        .await
        .unwrap();
    assert_eq!(reply["body"], "part one, part two");
    assert_eq!(header_values(&reply, "transfer-encoding"), ["chunked"]);
}

#[actix_web::test]
async fn ranges_stream_through() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(10)).await;
    let track = upstream::track_bytes();

    let part = request(
        Method::GET,
        &gw.url("/media/track.mp3"),
        &[("range", "bytes=100-199")],
    )
    .await;
    assert_eq!(part.status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        part.header("content-range"),
        Some(format!("bytes 100-199/{}", upstream::TRACK_LEN).as_str())
    );
    assert_eq!(part.header("content-length"), Some("100"));
    assert_eq!(&part.body[..], &track[100..200]);

    let whole = get(&gw.url("/media/track.mp3")).await;
    assert_eq!(whole.status, StatusCode::OK);
    assert_eq!(whole.header("accept-ranges"), Some("bytes"));
    assert_eq!(
        whole.header("content-length"),
        Some(upstream::TRACK_LEN.to_string().as_str())
    );
    assert_eq!(&whole.body[..], &track[..]);

    // HEAD keeps the pod's length and sends no body.
    let head = raw(
        gw.addr,
        &format!(
            "HEAD /media/track.mp3 HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            gw.addr
        ),
    )
    .await;
    assert_eq!(head.status, StatusCode::OK);
    assert_eq!(
        head.header("content-length"),
        Some(upstream::TRACK_LEN.to_string().as_str())
    );
    assert!(head.body.is_empty());
}

#[actix_web::test]
async fn redirects_are_returned_not_followed() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(10)).await;
    let reply = get(&gw.url("/api/redirect")).await;
    assert_eq!(reply.status, StatusCode::FOUND);
    // The pod's absolute URL becomes a path on the gateway.
    assert_eq!(
        reply.header("location"),
        Some("/api/echo/target?from=redirect")
    );
}

#[actix_web::test]
async fn a_pod_that_is_down_gives_502_json() {
    let port = closed_port();
    let gw = spawn_proxy(&format!("http://127.0.0.1:{port}"), Duration::from_secs(10)).await;
    let reply = get(&gw.url("/api/v1/instance/settings")).await;
    assert_eq!(reply.status, StatusCode::BAD_GATEWAY);
    assert!(reply
        .header("content-type")
        .unwrap()
        .starts_with("application/json"));
    assert_eq!(
        reply.json(),
        serde_json::json!({
            "detail": format!("The pod at http://127.0.0.1:{port} cannot be reached.")
        })
    );
}

#[actix_web::test]
async fn a_slow_pod_gives_504_json_within_the_bound() {
    let pod = upstream::spawn().await;
    let gw = spawn_proxy(&pod.url(), Duration::from_secs(1)).await;
    let started = Instant::now();
    let reply = get(&gw.url("/api/slow")).await;
    let took = started.elapsed();
    assert_eq!(reply.status, StatusCode::GATEWAY_TIMEOUT);
    assert!(reply.json()["detail"]
        .as_str()
        .unwrap()
        .contains("did not answer in time"));
    assert!(took < Duration::from_millis(2900), "took {took:?}");
}

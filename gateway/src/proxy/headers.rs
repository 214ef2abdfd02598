//! Which headers cross the proxy, in each direction.

use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};

use crate::config::PodUrl;

/// Headers that describe one connection, not the message (RFC 9110 §7.6.1).
const HOP_BY_HOP: [HeaderName; 8] = [
    header::CONNECTION,
    HeaderName::from_static("keep-alive"),
    header::PROXY_AUTHENTICATE,
    header::PROXY_AUTHORIZATION,
    header::TE,
    header::TRAILER,
    header::TRANSFER_ENCODING,
    header::UPGRADE,
];

const X_FORWARDED_FOR: HeaderName = HeaderName::from_static("x-forwarded-for");
const X_FORWARDED_PROTO: HeaderName = HeaderName::from_static("x-forwarded-proto");
const X_FORWARDED_HOST: HeaderName = HeaderName::from_static("x-forwarded-host");

/// What the gateway knows about the client connection, for the `X-Forwarded-*` headers.
#[derive(Debug, Clone)]
pub struct Forwarded {
    pub client_ip: Option<String>,
    pub proto: String,
    pub host: String,
}

/// Header names listed in `Connection`: the sender's extra hop-by-hop headers.
fn connection_listed(headers: &HeaderMap) -> Vec<HeaderName> {
    headers
        .get_all(header::CONNECTION)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|token| HeaderName::try_from(token.trim()).ok())
        .collect()
}

/// The message headers of `headers`: hop-by-hop ones (fixed and `Connection`-listed) removed.
fn end_to_end<'a>(
    headers: &'a HeaderMap,
) -> impl Iterator<Item = (&'a HeaderName, &'a HeaderValue)> + 'a {
    let listed = connection_listed(headers);
    headers
        .iter()
        .filter(move |(name, _)| !HOP_BY_HOP.contains(name) && !listed.contains(name))
}

/// The headers sent to the pod. `Host` becomes the pod's own (awc sets it from the URL);
/// `Content-Length` is set again from the body we stream; `Expect` is answered by the gateway
/// itself. `Accept-Encoding` passes unchanged, so the pod compresses only what the client can
/// decode, and the body flows through untouched.
pub fn to_pod(incoming: &HeaderMap, forwarded: &Forwarded) -> HeaderMap {
    let mut out = HeaderMap::new();
    for (name, value) in end_to_end(incoming) {
        let skipped = [
            header::HOST,
            header::CONTENT_LENGTH,
            header::EXPECT,
            X_FORWARDED_FOR,
            X_FORWARDED_PROTO,
            X_FORWARDED_HOST,
        ];
        if !skipped.contains(name) {
            out.append(name.clone(), value.clone());
        }
    }

    // Append to the chain a load balancer in front of us may have started.
    let mut chain: Vec<String> = incoming
        .get_all(X_FORWARDED_FOR)
        .filter_map(|v| v.to_str().ok())
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .collect();
    chain.extend(forwarded.client_ip.clone());
    let pairs = [
        (X_FORWARDED_FOR, chain.join(", ")),
        (X_FORWARDED_PROTO, forwarded.proto.clone()),
        (X_FORWARDED_HOST, forwarded.host.clone()),
    ];
    for (name, value) in pairs {
        if let Ok(value) = HeaderValue::from_str(&value) {
            if !value.is_empty() {
                out.insert(name, value);
            }
        }
    }
    out
}

/// The headers sent back to the client. `Content-Length` is left to the body we build (it is
/// kept by the caller where a response has none); a `Location` pointing at the pod itself is made
/// relative, so that redirects keep the browser on the gateway.
pub fn to_client(upstream: &HeaderMap, pod: &PodUrl) -> Vec<(HeaderName, HeaderValue)> {
    end_to_end(upstream)
        .filter(|(name, _)| **name != header::CONTENT_LENGTH)
        .map(|(name, value)| {
            let value = if *name == header::LOCATION {
                relative_location(value, pod).unwrap_or_else(|| value.clone())
            } else {
                value.clone()
            };
            (name.clone(), value)
        })
        .collect()
}

fn relative_location(value: &HeaderValue, pod: &PodUrl) -> Option<HeaderValue> {
    let location = value.to_str().ok()?;
    let rest = location.strip_prefix(pod.base())?;
    let relative = match rest.chars().next() {
        None => "/",
        Some('/' | '?') if !rest.starts_with("//") => rest,
        Some(_) => return None,
    };
    HeaderValue::from_str(relative).ok()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    fn map(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut m = HeaderMap::new();
        for (k, v) in pairs {
            m.append(HeaderName::from_static(k), HeaderValue::from_static(v));
        }
        m
    }

    #[test]
    fn hop_by_hop_and_listed_headers_are_dropped() {
        let incoming = map(&[
            ("connection", "keep-alive, x-secret-hop"),
            ("x-secret-hop", "1"),
            ("keep-alive", "timeout=5"),
            ("te", "trailers"),
            ("host", "gateway.example"),
            ("cookie", "a=1"),
            ("x-custom", "42"),
            ("x-forwarded-for", "10.1.2.3"),
        ]);
        let out = to_pod(
            &incoming,
            &Forwarded {
                client_ip: Some("127.0.0.1".into()),
                proto: "http".into(),
                host: "gateway.example".into(),
            },
        );
        for gone in ["connection", "x-secret-hop", "keep-alive", "te", "host"] {
            assert!(!out.contains_key(gone), "{gone}");
        }
        assert_eq!(out.get("cookie").unwrap(), "a=1");
        assert_eq!(out.get("x-custom").unwrap(), "42");
        assert_eq!(out.get("x-forwarded-for").unwrap(), "10.1.2.3, 127.0.0.1");
        assert_eq!(out.get("x-forwarded-host").unwrap(), "gateway.example");
    }

    #[test]
    fn locations_on_the_pod_become_relative() {
        let pod = PodUrl::parse("http://127.0.0.1:5000").unwrap();
        let up = map(&[
            ("location", "http://127.0.0.1:5000/api/v1/x?y=1"),
            ("set-cookie", "a=1"),
            ("set-cookie", "b=2"),
        ]);
        let out = to_client(&up, &pod);
        let location = out.iter().find(|(n, _)| n == header::LOCATION).unwrap();
        assert_eq!(location.1, "/api/v1/x?y=1");
        assert_eq!(
            out.iter().filter(|(n, _)| n == header::SET_COOKIE).count(),
            2
        );
        let elsewhere = map(&[("location", "http://127.0.0.1:50000/x")]);
        assert_eq!(to_client(&elsewhere, &pod)[0].1, "http://127.0.0.1:50000/x");
    }
}

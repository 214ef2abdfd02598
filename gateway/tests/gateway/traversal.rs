//! Path traversal: nothing outside the web folder's host/ and apps/ is ever served.

use actix_web::http::StatusCode;

use crate::helpers::*;

#[actix_web::test]
async fn traversal_attempts_are_refused() {
    let gw = spawn_static().await;
    let attempts = [
        "/../../secret",
        "/../secret.txt",
        "/%2e%2e/%2e%2e/secret",
        "/%2e%2e/secret.txt",
        "/%2E%2E%2Fsecret.txt",
        "/apps/listen/..%2f..%2fsecret.txt",
        "/apps/listen/..%2f..%2f..%2fsecret",
        "/apps/listen/../../secret.txt",
        "/apps/..%2f..%2fsecret/x",
        "/..%5c..%5csecret",
        "/assets/..%5c..%5c..%5csecret",
        "/leak.txt",
        "//etc/passwd",
        "/%2fetc%2fpasswd",
        "/.%2e/.%2e/secret",
    ];
    for path in attempts {
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {}\r\nConnection: close\r\n\r\n",
            gw.addr
        );
        let reply = raw(gw.addr, &request).await;
        assert!(
            matches!(
                reply.status,
                StatusCode::NOT_FOUND | StatusCode::BAD_REQUEST
            ),
            "{path}: {} {}",
            reply.status,
            reply.text()
        );
        assert_no_secret(&reply, path);
        assert!(!reply.text().contains("root:"), "{path} served /etc/passwd");
    }
    // The secret files exist: the refusals above are not just missing files.
    assert!(gw.dir.tmp.path().join("secret").is_file());
    assert!(gw.dir.web().join("secret.txt").is_file());
}

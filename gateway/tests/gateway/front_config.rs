//! `/settings.json`, `/remotes.json` and the security headers that depend on them.

use std::ffi::OsString;

use actix_web::http::StatusCode;
use clap::Parser;
use gateway::config::{Cli, Config};

use crate::helpers::*;

const DEFAULT_MANIFEST: &str = r#"{"remotes":[
 {"name":"listen","entry":"/apps/listen/remoteEntry.js","routes":[{"path":"/library"},{"path":"/search"},{"path":"/favorites","requires":"login"},{"path":"/subscriptions"},{"path":"/channels"},{"path":"/@*"}]},
 {"name":"content","entry":"/apps/content/remoteEntry.js","routes":[{"path":"/content"},{"path":"/upload"}]},
 {"name":"settings","entry":"/apps/settings/remoteEntry.js","routes":[{"path":"/settings"}]},
 {"name":"manage","entry":"/apps/manage/remoteEntry.js","routes":[{"path":"/manage/settings","requires":"settings"},{"path":"/manage/users","requires":"settings"},{"path":"/manage/library","requires":"library"},{"path":"/manage/moderation","requires":"moderation"},{"path":"/manage"}]}
]}"#;

/// Starts the gateway from a command line, as `shoal` would parse it.
async fn spawn_cli(args: &[&str], env: &[(&str, &str)]) -> TestGateway {
    let dir = WebDir::new();
    let web = dir.web();
    let data = dir.data();
    let mut argv = vec![
        "shoal".to_owned(),
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--web".into(),
        web.display().to_string(),
        "--data".into(),
        data.display().to_string(),
        "--pod".into(),
        format!("http://127.0.0.1:{}", closed_port()),
    ];
    argv.extend(args.iter().map(|a| a.to_string()));
    let cli = Cli::try_parse_from(argv).unwrap();
    let env = env
        .iter()
        .map(|(k, v)| (OsString::from(k), OsString::from(v)));
    let config = Config::from_args(cli.serve, env).unwrap();
    spawn_with(config, dir).await
}

#[actix_web::test]
async fn settings_json_points_at_the_gateway() {
    let gw = spawn_static().await;
    let reply = get(&gw.url("/settings.json")).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("cache-control"), Some("no-cache"));
    assert_eq!(
        reply.json(),
        serde_json::json!({
            "defaultServerUrl": format!("http://{}/", gw.addr),
            "additionalStylesheets": [],
        })
    );

    let public = spawn_cli(&["--public-url", "https://shoal.example"], &[]).await;
    let reply = get(&public.url("/settings.json")).await;
    assert_eq!(reply.json()["defaultServerUrl"], "https://shoal.example/");
}

#[actix_web::test]
async fn remotes_json_lists_the_four_remotes() {
    let gw = spawn_static().await;
    let reply = get(&gw.url("/remotes.json")).await;
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.header("cache-control"), Some("no-cache"));
    let expected: serde_json::Value = serde_json::from_str(DEFAULT_MANIFEST).unwrap();
    assert_eq!(reply.json(), expected);
}

#[actix_web::test]
async fn a_moved_remote_changes_the_manifest_and_the_csp() {
    let gw = spawn_cli(
        &["--remote", "manage=https://cdn.example/apps/manage/"],
        &[(
            "SHOAL_REMOTE_CONTENT",
            "https://other.example:8443/content/entry.js",
        )],
    )
    .await;
    let manifest = get(&gw.url("/remotes.json")).await.json();
    let entry = |name: &str| {
        manifest["remotes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == name)
            .unwrap()["entry"]
            .clone()
    };
    assert_eq!(
        entry("manage"),
        "https://cdn.example/apps/manage/remoteEntry.js"
    );
    assert_eq!(
        entry("content"),
        "https://other.example:8443/content/entry.js"
    );
    assert_eq!(entry("listen"), "/apps/listen/remoteEntry.js");

    let page = get(&gw.url("/library")).await;
    let csp = page.header("content-security-policy").unwrap();
    let script_src = csp
        .split(';')
        .find(|d| d.trim().starts_with("script-src"))
        .unwrap();
    assert_eq!(
        script_src.trim(),
        "script-src 'self' https://cdn.example https://other.example:8443"
    );
}

#[actix_web::test]
async fn security_headers_on_pages_and_everything_else() {
    let gw = spawn_static().await;
    let page = get(&gw.url("/library/albums/3")).await;
    let csp = page.header("content-security-policy").unwrap();
    assert_eq!(
        csp,
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob: http: https:; media-src 'self' blob: http: https:; \
         connect-src 'self' http: https: ws: wss:; font-src 'self' data:; \
         worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; \
         frame-ancestors 'none'"
    );
    assert_eq!(page.header("x-frame-options"), Some("DENY"));
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(
        page.header("referrer-policy"),
        Some("strict-origin-when-cross-origin")
    );

    // Other responses: nosniff and referrer policy, no page-only headers.
    for path in [
        "/assets/app-abc123.js",
        "/settings.json",
        "/api/v1/x",
        "/assets/nope.js",
    ] {
        let reply = get(&gw.url(path)).await;
        assert_eq!(
            reply.header("x-content-type-options"),
            Some("nosniff"),
            "{path}"
        );
        assert_eq!(
            reply.header("referrer-policy"),
            Some("strict-origin-when-cross-origin"),
            "{path}"
        );
        assert!(reply.header("content-security-policy").is_none(), "{path}");
    }

    // The embed player may be framed.
    let embed = get(&gw.url("/embed/track/1")).await;
    assert_eq!(embed.status, StatusCode::OK);
    let csp = embed.header("content-security-policy").unwrap();
    assert!(!csp.contains("frame-ancestors"), "{csp}");
    assert!(embed.header("x-frame-options").is_none());
}

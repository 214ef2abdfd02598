//! The `shoal` executable itself: start-up message, and start-up errors.

use std::{
    io::{BufRead, BufReader},
    process::{Command, Stdio},
};

use actix_web::http::StatusCode;

use crate::helpers::*;

fn shoal() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_shoal"));
    cmd.env_remove("SHOAL_POD")
        .env_remove("SHOAL_LISTEN")
        .env_remove("SHOAL_WEB")
        .env("RUST_LOG", "warn");
    cmd
}

#[actix_web::test]
async fn prints_the_url_it_listens_on() {
    let dir = WebDir::new();
    let mut child = shoal()
        .args(["--listen", "127.0.0.1:0", "--pod"])
        .arg(format!("http://127.0.0.1:{}", closed_port()))
        .arg("--web")
        .arg(dir.web())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let line = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        BufReader::new(stdout).read_line(&mut line).unwrap();
        line
    })
    .await
    .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://127.0.0.1:"))
        .unwrap_or_else(|| panic!("no URL in {line:?}"))
        .to_owned();
    let reply = get(&format!("{url}settings.json")).await;
    child.kill().unwrap();
    child.wait().unwrap();
    assert_eq!(reply.status, StatusCode::OK);
    assert_eq!(reply.json()["defaultServerUrl"], url);
}

#[test]
fn an_unknown_remote_is_a_clear_error() {
    let output = shoal()
        .args([
            "--listen",
            "127.0.0.1:0",
            "--remote",
            "player=https://cdn.example/",
        ])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("unknown remote 'player'"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");

    let output = shoal()
        .args(["--listen", "127.0.0.1:0", "--remote", "manage=not a url"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("not a valid URL"));
}

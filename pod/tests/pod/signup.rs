#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::time::Duration;

use actix_web::http::StatusCode;
use common::{assert_detail, Client, TestPod};
use futures_util::StreamExt;
use serde_json::{json, Value};

fn outbox(pod: &TestPod) -> Vec<String> {
    let mut mails: Vec<(std::path::PathBuf, String)> =
        std::fs::read_dir(pod.dir.path().join("outbox"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .map(|p| {
                let text = std::fs::read_to_string(&p).unwrap();
                (p, text)
            })
            .collect();
    mails.sort();
    mails.into_iter().map(|(_, text)| text).collect()
}

fn extract(mail: &str, label: &str) -> String {
    mail.lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap()
        .trim()
        .to_owned()
}

async fn set_prefs(admin: &Client, prefs: Value) {
    let res = admin
        .post_json("/api/v1/instance/admin/settings/bulk/", prefs)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
}

fn signup_body(username: &str) -> Value {
    json!({
        "username": username,
        "email": format!("{username}@example.org"),
        "password1": "long enough password",
        "password2": "long enough password",
    })
}

#[actix_web::test]
async fn open_signup_then_email_confirmation() {
    let pod = TestPod::start().await;
    let anon = pod.client();
    let res = anon
        .post_json("/api/v1/auth/registration/", signup_body("newbie"))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let mails = outbox(&pod);
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("To: newbie@example.org"));
    let key = extract(&mails[0], "Confirmation key:");

    assert_detail(
        &anon
            .post_json(
                "/api/v1/auth/registration/verify-email/",
                json!({"key": "wrong"}),
            )
            .await,
        404,
        "Not found.",
    );
    let ok = anon
        .post_json(
            "/api/v1/auth/registration/verify-email/",
            json!({"key": key}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK);
    // A key works once.
    assert_eq!(
        anon.post_json(
            "/api/v1/auth/registration/verify-email/",
            json!({"key": key})
        )
        .await
        .status,
        StatusCode::NOT_FOUND
    );
    let client = pod.client();
    assert_eq!(
        client.login("newbie", "long enough password").await.status,
        StatusCode::OK
    );
    assert_eq!(
        client.get("/api/v1/users/me/").await.json()["permissions"]["library"],
        false
    );

    // Field errors in the real shape.
    let res = anon
        .post_json(
            "/api/v1/auth/registration/",
            json!({"username": "newbie", "email": "bad", "password1": "123", "password2": "456"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let body = res.json();
    assert_eq!(body["email"][0], "Enter a valid email address.");
    assert!(body["password1"].as_array().unwrap().len() >= 2);
    assert_eq!(
        body["non_field_errors"][0],
        "The two password fields didn't match."
    );
    let res = anon
        .post_json("/api/v1/auth/registration/", signup_body("NEWBIE"))
        .await;
    assert_eq!(
        res.json()["username"][0],
        "A user with that username already exists."
    );
    let res = anon
        .post_json("/api/v1/auth/registration/", json!({}))
        .await;
    assert_eq!(res.json()["username"][0], "This field is required.");
}

#[actix_web::test]
async fn closed_signup_needs_a_case_insensitive_invitation() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    set_prefs(&admin, json!({"users__registration_enabled": false})).await;
    let anon = pod.client();
    assert_detail(
        &anon
            .post_json("/api/v1/auth/registration/", signup_body("closed"))
            .await,
        403,
        "You do not have permission to perform this action.",
    );
    let listener = pod.login("listener").await;
    assert_eq!(
        listener
            .post_json("/api/v1/manage/users/invitations/", json!({"code": "x"}))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let inv = admin
        .post_json(
            "/api/v1/manage/users/invitations/",
            json!({"code": "Welcome-Friend"}),
        )
        .await;
    assert_eq!(inv.status, StatusCode::CREATED, "{}", inv.text());
    let random = admin
        .post_json("/api/v1/manage/users/invitations/", json!({}))
        .await
        .json();
    assert!(random["code"].as_str().unwrap().len() >= 8);

    let mut body = signup_body("invited");
    body["invitation"] = json!("nope");
    let res = anon
        .post_json("/api/v1/auth/registration/", body.clone())
        .await;
    assert_eq!(res.json()["invitation"][0], "Invalid invitation code");
    body["invitation"] = json!("WELCOME-FRIEND");
    let res = anon
        .post_json("/api/v1/auth/registration/", body.clone())
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    // Used once.
    let mut again = signup_body("second");
    again["invitation"] = json!("welcome-friend");
    assert_eq!(
        anon.post_json("/api/v1/auth/registration/", again)
            .await
            .json()["invitation"][0],
        "Invalid invitation code"
    );
}

#[actix_web::test]
async fn moderated_signup_with_custom_fields_and_live_event() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    set_prefs(
        &admin,
        json!({
            "moderation__signup_approval_enabled": true,
            "moderation__signup_form_customization": {
                "help_text": {"text": "Tell us", "content_type": "text/markdown"},
                "fields": [{"label": "Why join?", "required": true, "input_type": "long_text"}]
            }
        }),
    )
    .await;

    // The moderator listens on the websocket (session cookie).
    let moderator = pod.login("moderator").await;
    let cookie = moderator.cookie_header();
    let ws_url = format!("{}/api/v1/activity", pod.base.replace("http://", "ws://"));
    let (_, mut socket) = awc::Client::new()
        .ws(ws_url.clone())
        .header("Cookie", cookie)
        .connect()
        .await
        .unwrap();
    // Anonymous websocket: refused.
    assert!(awc::Client::new().ws(ws_url).connect().await.is_err());

    let anon = pod.client();
    let res = anon
        .post_json("/api/v1/auth/registration/", signup_body("waiting"))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        res.json(),
        json!({"request_fields": {"Why join?": ["This field is required."]}})
    );
    let mut body = signup_body("waiting");
    body["request_fields"] = json!({"Why join?": "I like synthesised music"});
    let res = anon.post_json("/api/v1/auth/registration/", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());

    let frame = actix_web::rt::time::timeout(Duration::from_secs(10), socket.next())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let awc::ws::Frame::Text(text) = frame else {
        panic!("unexpected frame {frame:?}")
    };
    let event: Value = serde_json::from_slice(&text).unwrap();
    assert_eq!(event["type"], "user_request.created");
    assert_eq!(event["pending_count"], 1);

    // Pending: cannot sign in yet.
    let waiting = pod.client();
    let res = waiting.login("waiting", "long enough password").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    // The moderator approves the request.
    let requests = moderator
        .get("/api/v1/manage/moderation/requests/?status=pending")
        .await
        .json();
    assert_eq!(requests["count"], 1);
    assert_eq!(
        requests["results"][0]["metadata"]["Why join?"],
        "I like synthesised music"
    );
    let uuid = requests["results"][0]["uuid"].as_str().unwrap();
    let res = moderator
        .request(
            actix_web::http::Method::PATCH,
            &format!("/api/v1/manage/moderation/requests/{uuid}/"),
            common::Payload::Json(json!({"status": "approved"})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        waiting
            .login("waiting", "long enough password")
            .await
            .status,
        StatusCode::OK
    );
    let listener = pod.login("listener").await;
    assert_eq!(
        listener
            .get("/api/v1/manage/moderation/requests/")
            .await
            .status,
        StatusCode::FORBIDDEN
    );
}

#[actix_web::test]
async fn password_reset_request_and_confirm() {
    let pod = TestPod::start().await;
    let anon = pod.client();
    let res = anon
        .post_json(
            "/api/v1/auth/password/reset/",
            json!({"email": "nobody@example.org"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(outbox(&pod).is_empty(), "no mail for unknown addresses");
    let res = anon
        .post_json(
            "/api/v1/auth/password/reset/",
            json!({"email": "listener@shoal.invalid"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    let mails = outbox(&pod);
    assert_eq!(mails.len(), 1);
    let uid = extract(&mails[0], "uid:");
    let token = extract(&mails[0], "token:");

    let bad = anon
        .post_json(
            "/api/v1/auth/password/reset/confirm/",
            json!({"uid": uid, "token": "wrong", "new_password1": "fresh password 1", "new_password2": "fresh password 1"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(bad.json()["token"][0], "Invalid value");
    let ok = anon
        .post_json(
            "/api/v1/auth/password/reset/confirm/",
            json!({"uid": uid, "token": token, "new_password1": "fresh password 1", "new_password2": "fresh password 1"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    let client = pod.client();
    assert_eq!(
        client.login("listener", "fresh password 1").await.status,
        StatusCode::OK
    );
    let reuse = anon
        .post_json(
            "/api/v1/auth/password/reset/confirm/",
            json!({"uid": uid, "token": token, "new_password1": "another pass 2", "new_password2": "another pass 2"}),
        )
        .await;
    assert_eq!(reuse.status, StatusCode::BAD_REQUEST);
}

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use actix_web::http::{Method, StatusCode};
use common::{assert_detail, Payload, TestPod, PASSWORD};
use serde_json::json;

#[actix_web::test]
async fn instance_routes_answer_under_v1_and_v2() {
    let pod = TestPod::start().await;
    let client = pod.client();
    for version in ["v1", "v2"] {
        let res = client
            .get(&format!("/api/{version}/instance/nodeinfo/2.1/"))
            .await;
        assert_eq!(res.status, StatusCode::OK);
        let body = res.json();
        assert_eq!(body["version"], "2.1");
        assert_eq!(body["software"]["name"], "funkwhale");
        assert!(body["metadata"]["content"]["local"]["hoursOfContent"].is_u64());
        assert!(body["usage"]["users"]["total"].as_u64().unwrap() >= 3);
        assert!(body["metadata"]["features"].as_array().unwrap().len() >= 2);
        assert!(body["metadata"]["usage"]["listenings"]["total"].is_number());

        let res = client
            .get(&format!("/api/{version}/instance/settings"))
            .await;
        assert_eq!(res.status, StatusCode::OK);
        let list = res.json();
        let names: Vec<String> = list
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["identifier"].as_str().unwrap().to_owned())
            .collect();
        for needed in [
            "instance__name",
            "instance__short_description",
            "instance__long_description",
            "instance__funkwhale_support_message_enabled",
            "instance__support_message",
            "users__registration_enabled",
            "users__upload_quota",
            "moderation__signup_approval_enabled",
            "moderation__signup_form_customization",
            "subsonic__enabled",
            "ui__custom_css",
        ] {
            assert!(names.iter().any(|n| n == needed), "missing {needed}");
        }
        let entry = &list[0];
        for key in [
            "section",
            "name",
            "value",
            "identifier",
            "verbose_name",
            "help_text",
        ] {
            assert!(entry.get(key).is_some(), "missing {key}");
        }
    }
    let res = client.get("/.well-known/nodeinfo").await;
    assert_eq!(res.status, StatusCode::OK);
    assert!(res.json()["links"][0]["href"]
        .as_str()
        .unwrap()
        .contains("/nodeinfo/2.0/"));
}

#[actix_web::test]
async fn unknown_api_paths_and_methods() {
    let pod = TestPod::start().await;
    let client = pod.client();
    assert_detail(&client.get("/api/v1/nope/").await, 404, "Not found.");
    assert_detail(
        &client.get("/api/v3/instance/settings/").await,
        404,
        "Not found.",
    );
    assert_detail(&client.get("/api/whatever").await, 404, "Not found.");
    let res = client
        .request(
            Method::DELETE,
            "/api/v1/instance/settings/",
            Payload::None,
            &[],
        )
        .await;
    assert_detail(&res, 405, "Method \"DELETE\" not allowed.");
}

#[actix_web::test]
async fn session_login_me_logout() {
    let pod = TestPod::start().await;
    let client = pod.client();
    // Anonymous.
    assert_detail(
        &client.get("/api/v1/users/me/").await,
        401,
        "Authentication credentials were not provided.",
    );
    // A GET hands out the CSRF cookie.
    client.get("/api/v1/instance/settings/").await;
    let first_csrf = client.cookies.borrow().get("csrftoken").cloned().unwrap();

    let wrong = client.login("admin", "not the password").await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        wrong.json(),
        json!({"non_field_errors": ["Unable to log in with provided credentials."]})
    );
    let missing = client.post_form("/api/v1/users/login", &[]).await;
    assert_eq!(missing.status, StatusCode::BAD_REQUEST);
    assert_eq!(missing.json()["username"][0], "This field is required.");
    assert_eq!(missing.json()["password"][0], "This field is required.");

    let ok = client.login("admin", PASSWORD).await;
    assert_eq!(ok.status, StatusCode::OK);
    assert!(ok.body.is_empty());
    assert!(ok
        .set_cookies
        .iter()
        .any(|c| c.starts_with("sessionid=") && c.contains("HttpOnly")));
    let new_csrf = client.cookies.borrow().get("csrftoken").cloned().unwrap();
    assert_ne!(first_csrf, new_csrf, "csrftoken rotates at login");

    let me = client.get("/api/v1/users/me/").await;
    assert_eq!(me.status, StatusCode::OK);
    let me = me.json();
    assert_eq!(me["username"], "admin");
    assert!(me["full_username"]
        .as_str()
        .unwrap()
        .starts_with("admin@127.0.0.1:"));
    assert_eq!(
        me["permissions"],
        json!({"library": true, "moderation": true, "settings": true})
    );
    assert!(me["tokens"]["listen"].as_str().unwrap().len() >= 20);
    for key in [
        "id",
        "name",
        "email",
        "is_staff",
        "is_superuser",
        "date_joined",
        "privacy_level",
        "avatar",
        "instance_support_message_display_date",
        "funkwhale_support_message_display_date",
        "summary",
    ] {
        assert!(me.get(key).is_some(), "missing {key}");
    }
    // v2 answers too.
    assert_eq!(client.get("/api/v2/users/me").await.status, StatusCode::OK);

    let logout = client.post_form("/api/v1/users/logout", &[]).await;
    assert_eq!(logout.status, StatusCode::OK);
    assert_eq!(
        client.get("/api/v1/users/me/").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[actix_web::test]
async fn demo_users_have_their_permissions() {
    let pod = TestPod::start().await;
    for (user, library, moderation, settings) in [
        ("moderator", false, true, false),
        ("listener", false, false, false),
    ] {
        let client = pod.login(user).await;
        let me = client.get("/api/v1/users/me/").await.json();
        assert_eq!(
            me["permissions"],
            json!({"library": library, "moderation": moderation, "settings": settings})
        );
        // Admin settings need the settings permission.
        assert_detail(
            &client.get("/api/v1/instance/admin/settings/").await,
            403,
            "You do not have permission to perform this action.",
        );
    }
    let admin = pod.login("admin").await;
    assert_eq!(
        admin.get("/api/v1/instance/admin/settings/").await.status,
        StatusCode::OK
    );
}

#[actix_web::test]
async fn csrf_is_required_for_unsafe_session_requests() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    *client.send_csrf.borrow_mut() = false;
    let res = client
        .post_json("/api/v1/users/settings/", json!({"language": "fr"}))
        .await;
    assert_detail(&res, 403, "CSRF Failed: CSRF token missing.");
    let res = client
        .request(
            Method::POST,
            "/api/v1/users/settings/",
            Payload::Json(json!({"language": "fr"})),
            &[("X-CSRFToken", "wrong-token-value")],
        )
        .await;
    assert_detail(&res, 403, "CSRF Failed: CSRF token incorrect.");
    // Login itself is CSRF-protected.
    let fresh = pod.client();
    *fresh.send_csrf.borrow_mut() = false;
    let res = fresh.login("admin", PASSWORD).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert!(res.json()["detail"]
        .as_str()
        .unwrap()
        .starts_with("CSRF Failed"));
}

#[actix_web::test]
async fn user_settings_language() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let res = client
        .post_json("/api/v1/users/settings/", json!({"language": "fr"}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["settings"]["language"], "fr");
    let me = client.get("/api/v1/users/me/").await.json();
    assert_eq!(me["settings"]["language"], "fr");
    let bad = client
        .post_json("/api/v1/users/settings/", json!({"language": "<b>"}))
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.json()["language"][0].is_string());
    let unknown = client
        .post_json("/api/v1/users/settings/", json!({"colour": "red"}))
        .await;
    assert_eq!(unknown.status, StatusCode::BAD_REQUEST);
    assert!(unknown.json()["colour"].is_array());
    let anonymous = pod.client();
    assert_eq!(
        anonymous
            .post_json("/api/v1/users/settings/", json!({"language": "fr"}))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

#[actix_web::test]
async fn password_change_revokes_other_sessions() {
    let pod = TestPod::start().await;
    let first = pod.login("listener").await;
    let second = pod.login("listener").await;
    let bad = first
        .post_json(
            "/api/v1/auth/password/change/",
            json!({"old_password": "nope", "new_password1": "123", "new_password2": "1234"}),
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let body = bad.json();
    assert!(body["old_password"].is_array());
    assert!(body["new_password2"].as_array().unwrap().len() >= 2);
    let ok = first
        .post_json(
            "/api/v1/auth/password/change/",
            json!({"old_password": PASSWORD, "new_password1": "a much better one", "new_password2": "a much better one"}),
        )
        .await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text());
    assert_eq!(first.get("/api/v1/users/me/").await.status, StatusCode::OK);
    assert_eq!(
        second.get("/api/v1/users/me/").await.status,
        StatusCode::UNAUTHORIZED
    );
    let again = pod.client();
    assert_eq!(
        again.login("listener", PASSWORD).await.status,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        again.login("listener", "a much better one").await.status,
        StatusCode::OK
    );
}

#[actix_web::test]
async fn admin_can_change_instance_settings_and_state_survives_restart() {
    let pod = TestPod::start().await;
    let admin = pod.login("admin").await;
    let res = admin
        .post_json(
            "/api/v1/instance/admin/settings/bulk/",
            json!({"instance__name": "Renamed", "users__upload_quota": "many"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert!(res.json()["users__upload_quota"].is_array());
    let res = admin
        .post_json(
            "/api/v1/instance/admin/settings/bulk/",
            json!({"instance__name": "Renamed"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let listener = pod.login("listener").await;
    listener
        .post_json("/api/v1/users/settings/", json!({"language": "de"}))
        .await;

    let pod = pod.restart().await;
    let settings = pod.client().get("/api/v1/instance/settings/").await.json();
    let name = settings
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["identifier"] == "instance__name")
        .unwrap();
    assert_eq!(name["value"], "Renamed");
    // Sessions live in SQLite: the old cookie still works against the restarted pod.
    let listener = {
        let client = pod.client();
        *client.cookies.borrow_mut() = listener.cookies.borrow().clone();
        client
    };
    let me = listener.get("/api/v1/users/me/").await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json()["settings"]["language"], "de");
    assert!(
        std::fs::read_to_string(pod.dir.path().join("demo-passwords.txt"))
            .unwrap()
            .contains("admin ")
    );
}

#[actix_web::test]
async fn text_preview_renders_markdown() {
    let pod = TestPod::start().await;
    let client = pod.client();
    client.get("/api/v1/instance/settings/").await;
    let res = client
        .post_json(
            "/api/v1/text-preview/",
            json!({"text": "# Hi\nhttps://example.org <script>x</script>"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let html = res.json()["rendered"].as_str().unwrap().to_owned();
    assert!(html.contains("<h3>Hi</h3>"), "{html}");
    assert!(html.contains("target=\"_blank\""), "{html}");
    assert!(!html.contains("<script"), "{html}");
    let res = client.post_json("/api/v1/text-preview/", json!({})).await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json(), json!({"text": ["This field is required."]}));
}

#[actix_web::test]
async fn users_edit_their_own_profile() {
    let pod = TestPod::start().await;
    let client = pod.login("listener").await;
    let res = client
        .request(
            Method::PATCH,
            "/api/v1/users/listener/",
            Payload::Json(json!({
                "name": "Lis Tener",
                "privacy_level": "everyone",
                "summary": {"text": "Hello **there**", "content_type": "text/markdown"},
                "instance_support_message_display_date": "2030-01-01T00:00:00Z"
            })),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let body = res.json();
    assert_eq!(body["name"], "Lis Tener");
    assert_eq!(body["privacy_level"], "everyone");
    assert!(body["summary"]["html"]
        .as_str()
        .unwrap()
        .contains("<strong>there</strong>"));
    let me = client.get("/api/v1/users/me/").await.json();
    assert_eq!(
        me["instance_support_message_display_date"],
        "2030-01-01T00:00:00.000000Z"
    );

    let bad = client
        .request(
            Method::PATCH,
            "/api/v1/users/listener/",
            Payload::Json(json!({"privacy_level": "world", "summary": {"content_type": "x"}, "funkwhale_support_message_display_date": "soon"})),
            &[],
        )
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    let errors = bad.json();
    assert!(errors["privacy_level"].is_array());
    assert_eq!(errors["summary"]["text"][0], "This field is required.");
    assert!(errors["summary"]["content_type"].is_array());
    assert!(errors["funkwhale_support_message_display_date"].is_array());

    let other = client
        .request(
            Method::PATCH,
            "/api/v1/users/admin/",
            Payload::Json(json!({"name": "x"})),
            &[],
        )
        .await;
    assert_detail(
        &other,
        403,
        "You do not have permission to perform this action.",
    );
    let anonymous = pod.client();
    anonymous.get("/api/v1/instance/settings/").await;
    let res = anonymous
        .request(
            Method::PATCH,
            "/api/v1/users/listener/",
            Payload::Json(json!({"name": "x"})),
            &[],
        )
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
}

#![allow(clippy::unwrap_used, clippy::expect_used)]

use crate::common;

use std::time::Duration;

use actix_web::http::{Method, StatusCode};
use base64::Engine;
use common::{assert_detail, fast_options, Client, Payload, TestPod};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

const REDIRECT: &str = "https://client.example/auth/callback";
const VERIFIER: &str = "a-very-long-random-verifier-string-with-enough-entropy-123456";

fn challenge() -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(Sha256::digest(VERIFIER.as_bytes()))
}

async fn register_app(client: &Client) -> (String, String) {
    let res = client
        .post_json(
            "/api/v1/oauth/apps/",
            json!({"name": "Shoal test", "website": "https://client.example", "scopes": "read write", "redirect_uris": REDIRECT}),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{}", res.text());
    let app = res.json();
    (
        app["client_id"].as_str().unwrap().to_owned(),
        app["client_secret"].as_str().unwrap().to_owned(),
    )
}

async fn authorize(user: &Client, client_id: &str, xhr: bool) -> common::Response {
    authorize_for(user, client_id, xhr, "read write").await
}

async fn authorize_for(user: &Client, client_id: &str, xhr: bool, scope: &str) -> common::Response {
    let challenge = challenge();
    let form = [
        ("client_id", client_id),
        ("redirect_uri", REDIRECT),
        ("response_type", "code"),
        ("scope", scope),
        ("state", "xyz-state"),
        ("code_challenge", challenge.as_str()),
        ("code_challenge_method", "S256"),
    ];
    let pairs = form
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    let headers: &[(&str, &str)] = if xhr {
        &[("X-Requested-With", "XMLHttpRequest")]
    } else {
        &[]
    };
    user.request(
        actix_web::http::Method::POST,
        "/api/v1/oauth/authorize/",
        common::Payload::Form(pairs),
        headers,
    )
    .await
}

async fn exchange(
    anon: &Client,
    client_id: &str,
    secret: &str,
    code: &str,
    verifier: &str,
) -> common::Response {
    anon.post_form(
        "/api/v1/oauth/token/",
        &[
            ("grant_type", "authorization_code"),
            ("client_id", client_id),
            ("client_secret", secret),
            ("code", code),
            ("redirect_uri", REDIRECT),
            ("code_verifier", verifier),
        ],
    )
    .await
}

async fn refresh(anon: &Client, client_id: &str, secret: &str, token: &str) -> common::Response {
    anon.post_form(
        "/api/v1/oauth/token/",
        &[
            ("grant_type", "refresh_token"),
            ("client_id", client_id),
            ("client_secret", secret),
            ("refresh_token", token),
        ],
    )
    .await
}

/// Full flow: app, consent (XHR JSON), code exchange with PKCE; returns the token response.
async fn tokens_for(pod: &TestPod, username: &str) -> (String, String, Value) {
    let anon = pod.client();
    let (client_id, secret) = register_app(&anon).await;
    let user = pod.login(username).await;
    let res = authorize(&user, &client_id, true).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let body = res.json();
    let code = body["code"].as_str().unwrap().to_owned();
    let redirect = body["redirect_uri"].as_str().unwrap();
    assert!(
        redirect.starts_with(REDIRECT)
            && redirect.contains("state=xyz-state")
            && redirect.contains(&code)
    );
    let res = exchange(&anon, &client_id, &secret, &code, VERIFIER).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    (client_id, secret, res.json())
}

#[actix_web::test]
async fn code_flow_with_pkce_and_bearer_access() {
    let pod = TestPod::start().await;
    let (_, _, tokens) = tokens_for(&pod, "listener").await;
    assert_eq!(tokens["token_type"], "Bearer");
    assert_eq!(tokens["expires_in"], 36000);
    assert_eq!(tokens["scope"], "read write");
    assert!(tokens["refresh_token"].is_string());

    let api = pod.client();
    *api.bearer.borrow_mut() = Some(tokens["access_token"].as_str().unwrap().to_owned());
    let me = api.get("/api/v1/users/me/").await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.json()["username"], "listener");
    // Bearer requests need no CSRF token.
    *api.send_csrf.borrow_mut() = false;
    let res = api
        .post_json("/api/v1/users/settings/", json!({"language": "it"}))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(api.get("/api/v1/tracks/").await.status, StatusCode::OK);

    // Logout with the bearer revokes it.
    assert_eq!(
        api.post_form("/api/v1/users/logout", &[]).await.status,
        StatusCode::OK
    );
    assert_detail(
        &api.get("/api/v1/users/me/").await,
        401,
        "Authentication credentials were not provided.",
    );
    // A forged token is refused.
    *api.bearer.borrow_mut() = Some("eyJhbGciOiJIUzI1NiJ9.e30.bad".into());
    assert_eq!(
        api.get("/api/v1/users/me/").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[actix_web::test]
async fn authorize_redirects_and_refuses() {
    let pod = TestPod::start().await;
    let anon = pod.client();
    let (client_id, secret) = register_app(&anon).await;
    // Not signed in.
    anon.get("/api/v1/instance/settings/").await;
    assert_eq!(
        authorize(&anon, &client_id, true).await.status,
        StatusCode::UNAUTHORIZED
    );
    let user = pod.login("admin").await;
    let res = authorize(&user, &client_id, false).await;
    assert_eq!(res.status, StatusCode::FOUND);
    let location = res.header("location").unwrap().to_owned();
    assert!(
        location.starts_with(&format!("{REDIRECT}?code=")),
        "{location}"
    );
    let code = location
        .split("code=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .to_owned();

    // Wrong verifier: invalid_grant, and the code is spent.
    let res = exchange(&anon, &client_id, &secret, &code, "wrong-verifier").await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json()["error"], "invalid_grant");
    let res = exchange(&anon, &client_id, &secret, &code, VERIFIER).await;
    assert_eq!(res.json()["error"], "invalid_grant");
    // Wrong secret: invalid_client.
    let res = exchange(&anon, &client_id, "nope", "x", VERIFIER).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(res.json()["error"], "invalid_client");
    // Unknown grant.
    let res = anon
        .post_form("/api/v1/oauth/token/", &[("grant_type", "password")])
        .await;
    assert_eq!(res.json(), json!({"error": "unsupported_grant_type"}));
    // Redirect URI not registered.
    let form = vec![
        ("client_id".to_owned(), client_id.clone()),
        (
            "redirect_uri".to_owned(),
            "https://evil.example/".to_owned(),
        ),
        ("response_type".to_owned(), "code".to_owned()),
    ];
    let res = user
        .request(
            actix_web::http::Method::POST,
            "/api/v1/oauth/authorize/",
            common::Payload::Form(form),
            &[("X-Requested-With", "XMLHttpRequest")],
        )
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    assert_eq!(res.json()["error"], "invalid_request");
    // Bad app registration.
    let res = anon
        .post_json("/api/v1/oauth/apps/", json!({"scopes": "root"}))
        .await;
    assert_eq!(res.status, StatusCode::BAD_REQUEST);
    let body = res.json();
    assert_eq!(body["name"][0], "This field is required.");
    assert!(body["scopes"][0].as_str().unwrap().contains("root"));
    // The owner lists its apps.
    let owned = user
        .post_json(
            "/api/v1/oauth/apps/",
            json!({"name": "mine", "redirect_uris": REDIRECT}),
        )
        .await;
    assert_eq!(owned.status, StatusCode::CREATED);
    let list = user.get("/api/v1/oauth/apps/").await.json();
    assert_eq!(list["count"], 1);
    assert_eq!(list["results"][0]["name"], "mine");
}

#[actix_web::test]
async fn refresh_tokens_rotate_and_reuse_is_detected() {
    let pod = TestPod::start().await;
    let (client_id, secret, first) = tokens_for(&pod, "moderator").await;
    let anon = pod.client();
    let first_refresh = first["refresh_token"].as_str().unwrap();

    let second = refresh(&anon, &client_id, &secret, first_refresh).await;
    assert_eq!(second.status, StatusCode::OK, "{}", second.text());
    let second = second.json();
    assert_ne!(second["refresh_token"], first["refresh_token"]);
    assert_ne!(second["access_token"], first["access_token"]);

    let api = pod.client();
    *api.bearer.borrow_mut() = Some(first["access_token"].as_str().unwrap().to_owned());
    assert_eq!(
        api.get("/api/v1/users/me/").await.status,
        StatusCode::UNAUTHORIZED,
        "rotated access token is revoked"
    );
    *api.bearer.borrow_mut() = Some(second["access_token"].as_str().unwrap().to_owned());
    assert_eq!(api.get("/api/v1/users/me/").await.status, StatusCode::OK);

    // Reusing the first refresh token: invalid_grant, and the whole family is revoked.
    let reuse = refresh(&anon, &client_id, &secret, first_refresh).await;
    assert_eq!(reuse.status, StatusCode::BAD_REQUEST);
    assert_eq!(reuse.json()["error"], "invalid_grant");
    assert_eq!(
        api.get("/api/v1/users/me/").await.status,
        StatusCode::UNAUTHORIZED
    );
    let after = refresh(
        &anon,
        &client_id,
        &secret,
        second["refresh_token"].as_str().unwrap(),
    )
    .await;
    assert_eq!(after.json()["error"], "invalid_grant");
    let unknown = refresh(&anon, &client_id, &secret, "not-a-token").await;
    assert_eq!(unknown.json()["error"], "invalid_grant");
}

#[actix_web::test]
async fn expired_tokens_and_password_change() {
    let options =
        fast_options().with_token_lifetimes(Duration::from_secs(1), Duration::from_secs(2));
    let pod = TestPod::start_with(options).await;
    let (client_id, secret, tokens) = tokens_for(&pod, "listener").await;
    let api = pod.client();
    *api.bearer.borrow_mut() = Some(tokens["access_token"].as_str().unwrap().to_owned());
    assert_eq!(api.get("/api/v1/users/me/").await.status, StatusCode::OK);
    actix_web::rt::time::sleep(Duration::from_millis(2100)).await;
    assert_eq!(
        api.get("/api/v1/users/me/").await.status,
        StatusCode::UNAUTHORIZED,
        "access expired"
    );
    let expired = refresh(
        &pod.client(),
        &client_id,
        &secret,
        tokens["refresh_token"].as_str().unwrap(),
    )
    .await;
    assert_eq!(expired.status, StatusCode::BAD_REQUEST);
    assert_eq!(expired.json()["error"], "invalid_grant");

    // Password change revokes live tokens.
    let pod = TestPod::start().await;
    let (_, _, tokens) = tokens_for(&pod, "listener").await;
    let api = pod.client();
    *api.bearer.borrow_mut() = Some(tokens["access_token"].as_str().unwrap().to_owned());
    let res = api
        .post_json(
            "/api/v1/auth/password/change/",
            json!({"old_password": common::PASSWORD, "new_password1": "brand new secret", "new_password2": "brand new secret"}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(
        api.get("/api/v1/users/me/").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[actix_web::test]
async fn cross_origin_clients_may_call_the_api_without_credentials() {
    let pod = TestPod::start().await;
    let anon = pod.client();
    const ORIGIN: &str = "http://shoal.example:8080";

    // The preflight of a bearer call is answered before routing and rate limiting.
    let preflight = anon
        .request(
            actix_web::http::Method::OPTIONS,
            "/api/v1/tracks/",
            common::Payload::None,
            &[
                ("Origin", ORIGIN),
                ("Access-Control-Request-Method", "POST"),
                (
                    "Access-Control-Request-Headers",
                    "authorization, content-type",
                ),
            ],
        )
        .await;
    assert_eq!(preflight.status, StatusCode::OK);
    assert_eq!(preflight.header("access-control-allow-origin"), Some("*"));
    let methods = preflight.header("access-control-allow-methods").unwrap();
    assert!(
        methods.contains("POST") && methods.contains("DELETE"),
        "{methods}"
    );
    let headers = preflight.header("access-control-allow-headers").unwrap();
    assert!(
        headers.contains("authorization") && headers.contains("x-csrftoken"),
        "{headers}"
    );
    assert!(preflight.header("x-ratelimit-limit").is_none());
    // Cookies are never offered to another origin.
    assert!(preflight
        .header("access-control-allow-credentials")
        .is_none());

    // A real call from another origin: readable there, refusals included, rate headers exposed.
    let (_, _, tokens) = tokens_for(&pod, "listener").await;
    let user = pod.client();
    *user.bearer.borrow_mut() = Some(tokens["access_token"].as_str().unwrap().to_owned());
    let res = user
        .get_with("/api/v1/tracks/?page_size=1", &[("Origin", ORIGIN)])
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.header("access-control-allow-origin"), Some("*"));
    assert!(res
        .header("access-control-expose-headers")
        .unwrap()
        .contains("X-RateLimit-Remaining"));
    assert!(res.header("access-control-allow-credentials").is_none());
    let refused = anon
        .get_with("/api/v1/users/me/", &[("Origin", ORIGIN)])
        .await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert_eq!(refused.header("access-control-allow-origin"), Some("*"));

    // The pod's own pages (same origin, no Origin header on GET) carry no CORS headers.
    let own = user.get("/api/v1/tracks/?page_size=1").await;
    assert!(own.header("access-control-allow-origin").is_none());
}

/// A bearer client holding a token of the listener limited to `scope`.
async fn client_with_scope(pod: &TestPod, scope: &str) -> Client {
    user_client_with_scope(pod, "listener", scope).await
}

/// A bearer client holding a token of `username` limited to `scope`.
async fn user_client_with_scope(pod: &TestPod, username: &str, scope: &str) -> Client {
    let anon = pod.client();
    let (client_id, secret) = register_app(&anon).await;
    let user = pod.login(username).await;
    let res = authorize_for(&user, &client_id, true, scope).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    let code = res.json()["code"].as_str().unwrap().to_owned();
    let res = exchange(&anon, &client_id, &secret, &code, VERIFIER).await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_eq!(res.json()["scope"], scope);
    let api = pod.client();
    *api.bearer.borrow_mut() = Some(res.json()["access_token"].as_str().unwrap().to_owned());
    api
}

#[actix_web::test]
async fn bearer_tokens_are_held_to_their_scopes() {
    let pod = TestPod::start().await;
    const DENIED: &str = "You do not have permission to perform this action.";

    let reader = client_with_scope(&pod, "read").await;
    assert_eq!(
        reader.get("/api/v1/tracks/?page_size=1").await.status,
        StatusCode::OK
    );
    assert_eq!(reader.get("/api/v1/users/me/").await.status, StatusCode::OK);
    let write = reader
        .post_json("/api/v1/favorites/tracks/", json!({"track": 1}))
        .await;
    assert_detail(&write, 403, DENIED);
    // Nothing was written.
    assert_eq!(
        reader.get("/api/v1/favorites/tracks/all/").await.json()["results"]
            .as_array()
            .unwrap()
            .len(),
        0
    );

    let favorites = client_with_scope(&pod, "read:favorites write:favorites").await;
    let res = favorites
        .post_json("/api/v1/favorites/tracks/", json!({"track": 1}))
        .await;
    assert!(res.status.is_success(), "{}", res.text());
    assert_eq!(
        favorites.get("/api/v1/favorites/tracks/all/").await.status,
        StatusCode::OK
    );
    assert_detail(&favorites.get("/api/v1/tracks/").await, 403, DENIED);
    assert_detail(&favorites.get("/api/v1/playlists/").await, 403, DENIED);

    // The session cookie is not an OAuth token: no scopes apply to it.
    let session = pod.login("listener").await;
    let res = session
        .post_json("/api/v1/favorites/tracks/", json!({"track": 2}))
        .await;
    assert!(res.status.is_success(), "{}", res.text());
}

#[actix_web::test]
async fn administration_scopes_reach_their_own_area_only() {
    let pod = TestPod::start().await;
    const DENIED: &str = "You do not have permission to perform this action.";
    let settings = user_client_with_scope(&pod, "admin", "read:instance:settings").await;
    let res = settings.get("/api/v1/instance/admin/settings/").await;
    assert_eq!(res.status, StatusCode::OK, "{}", res.text());
    assert_detail(
        &settings.get("/api/v1/manage/users/invitations/").await,
        403,
        DENIED,
    );
    assert_detail(
        &settings.get("/api/v1/tracks/?page_size=1").await,
        403,
        DENIED,
    );
    // The scope does not stand in for the permission: a listener's token is still refused.
    let listener = user_client_with_scope(&pod, "listener", "read:instance:settings").await;
    assert_eq!(
        listener
            .get("/api/v1/instance/admin/settings/")
            .await
            .status,
        StatusCode::FORBIDDEN
    );
}

#[actix_web::test]
async fn anyone_reads_an_application_public_fields_for_the_consent_screen() {
    let pod = TestPod::start().await;
    let (client_id, secret) = register_app(&pod.client()).await;
    for client in [pod.client(), pod.login("moderator").await] {
        let res = client
            .get(&format!("/api/v1/oauth/apps/{client_id}/"))
            .await;
        assert_eq!(res.status, StatusCode::OK, "{}", res.text());
        let app = res.json();
        assert_eq!(app["name"], "Shoal test");
        assert_eq!(app["client_id"], client_id.as_str());
        assert_eq!(app["scopes"], "read write");
        assert!(app.get("client_secret").is_none());
        assert!(!res.text().contains(&secret));
    }
    assert_detail(
        &pod.client().get("/api/v1/oauth/apps/no-such-app/").await,
        404,
        "Not found.",
    );
}

#[actix_web::test]
async fn head_and_options_pass_the_scope_check() {
    let pod = TestPod::start().await;
    const DENIED: &str = "You do not have permission to perform this action.";
    let favorites = client_with_scope(&pod, "write:favorites").await;
    let reader = client_with_scope(&pod, "read").await;
    assert_detail(
        &favorites.get("/api/v1/tracks/?page_size=2").await,
        403,
        DENIED,
    );
    // HEAD answers as the GET of the same URL, without a body, whatever the token's scopes
    // (Funkwhale's scope permission lets HEAD and OPTIONS through).
    let get = reader.get("/api/v1/tracks/?page_size=2").await;
    assert_eq!(get.status, StatusCode::OK);
    for client in [&favorites, &reader] {
        let head = client
            .request(
                Method::HEAD,
                "/api/v1/tracks/?page_size=2",
                Payload::None,
                &[],
            )
            .await;
        assert_eq!(head.status, StatusCode::OK, "{}", head.text());
        assert!(head.body.is_empty());
        assert_eq!(head.header("content-type"), Some("application/json"));
        assert_eq!(
            head.header("content-length"),
            Some(get.body.len().to_string().as_str())
        );
    }
    // A HEAD on a missing object is the GET's 404; a HEAD never writes.
    let missing = favorites
        .request(Method::HEAD, "/api/v1/tracks/999999/", Payload::None, &[])
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    // OPTIONS is not refused for the token's scopes either.
    let options = favorites
        .request(Method::OPTIONS, "/api/v1/tracks/", Payload::None, &[])
        .await;
    assert_ne!(options.status, StatusCode::FORBIDDEN, "{}", options.text());
}

//! Only our own pages may drive the server: foreign hosts (DNS rebinding) and foreign origins are
//! refused, answers carry the security headers, and API answers are never cached.

mod common;

use qipan_server::config::{DbLocation, Limits};
use reqwest::StatusCode;
use serde_json::{Value, json};

async fn send(request: reqwest::RequestBuilder) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let response = request.send().await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, headers, body)
}

#[tokio::test]
async fn a_page_reaching_us_by_another_host_name_is_refused() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    // What a DNS-rebinding page sends: our address, its own host name.
    for path in ["/api/games", "/api/health", "/"] {
        let (status, _, body) = send(
            client
                .get(server.url(path))
                .header("Host", "attacker.example:8080"),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}");
        assert_eq!(common::code(&body), Some("host_not_allowed"), "{path}");
    }
    let (status, _, _) = send(
        client
            .post(server.url("/api/gomoku/games"))
            .header("Host", "attacker.example")
            .json(&json!({"mode": "pvp"})),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Our own names are served.
    for host in ["localhost", "127.0.0.1"] {
        let (status, _, _) = send(
            client
                .get(server.url("/api/health"))
                .header("Host", format!("{host}:{}", server.addr.port())),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{host}");
    }
    server.stop().await;
}

#[tokio::test]
async fn another_site_cannot_change_anything_but_our_pages_can() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    let ours = format!("http://127.0.0.1:{}", server.addr.port());
    let (status, _, created) = send(
        client
            .post(server.url("/api/gomoku/games"))
            .header("Origin", &ours)
            .json(&json!({"mode": "pvp"})),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{created}");
    let id = created["id"].as_i64().unwrap();
    for origin in ["http://attacker.example", "null", "http://127.0.0.1:1"] {
        let (status, _, body) = send(
            client
                .delete(server.url(&format!("/api/games/{id}")))
                .header("Origin", origin),
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}");
        assert_eq!(common::code(&body), Some("origin_not_allowed"));
    }
    // A foreign page may not open a game's WebSocket either.
    let (status, _, _) = send(
        client
            .get(server.url(&format!("/api/games/{id}/events")))
            .header("Origin", "http://attacker.example")
            .header("Connection", "upgrade")
            .header("Upgrade", "websocket")
            .header("Sec-WebSocket-Version", "13")
            .header("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, _) = send(client.get(server.url(&format!("/api/games/{id}")))).await;
    assert_eq!(status, StatusCode::OK, "the game is still there");
    server.stop().await;
}

#[tokio::test]
async fn answers_carry_the_security_headers_and_api_answers_are_not_cached() {
    let server = common::start(DbLocation::Memory, Limits::default()).await;
    let client = common::client();
    for path in [
        "/",
        "/xiangqi/",
        "/api/health",
        "/api/no/such/route",
        "/no/such/page",
    ] {
        let (_, headers, _) = send(client.get(server.url(path))).await;
        let csp = headers["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["referrer-policy"], "same-origin", "{path}");
        if path.starts_with("/api/") {
            assert_eq!(headers["cache-control"], "no-store", "{path}");
        }
    }
    server.stop().await;
}

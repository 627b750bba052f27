//! Connections cannot pile up: an idle or silent connection is closed after the header timeout,
//! a half-sent body gets 408 after the body timeout, idle sockets beyond the connection cap do not
//! keep the health check from answering, and a shutdown finishes even with a request stuck
//! mid-body. (The outer timeouts only turn a hang into a failure; they measure nothing.)

mod common;

use std::time::Duration;

use qipan_server::config::{DbLocation, Limits};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Long enough for any of these to happen on a loaded machine; a hang fails the test.
const HANG: Duration = Duration::from_secs(20);

fn tight() -> Limits {
    Limits {
        header_timeout: Duration::from_millis(300),
        body_timeout: Duration::from_millis(300),
        shutdown_grace: Duration::from_millis(500),
        max_connections: 16,
        ..Limits::default()
    }
}

/// Reads until the server closes the connection; what it sent.
async fn read_to_close(stream: &mut TcpStream) -> String {
    let mut seen = Vec::new();
    tokio::time::timeout(HANG, stream.read_to_end(&mut seen))
        .await
        .expect("the server closes the connection")
        .ok();
    String::from_utf8_lossy(&seen).into_owned()
}

#[tokio::test]
async fn a_silent_connection_is_closed() {
    let server = common::start(DbLocation::Memory, tight()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    assert_eq!(read_to_close(&mut stream).await, "");
    server.stop().await;
}

#[tokio::test]
async fn an_idle_keep_alive_connection_is_closed() {
    let server = common::start(DbLocation::Memory, tight()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let request = "GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
    stream.write_all(request.as_bytes()).await.unwrap();
    let answer = read_to_close(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    server.stop().await;
}

#[tokio::test]
async fn a_half_sent_body_gets_408() {
    let server = common::start(DbLocation::Memory, tight()).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let head = "POST /api/gomoku/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
                Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"mode\":";
    stream.write_all(head.as_bytes()).await.unwrap();
    let answer = read_to_close(&mut stream).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("body_timeout"), "{answer}");
    server.stop().await;
}

#[tokio::test]
async fn a_shutdown_finishes_with_a_request_stuck_mid_body() {
    let limits = Limits {
        body_timeout: Duration::from_secs(3600),
        ..tight()
    };
    let server = common::start(DbLocation::Memory, limits).await;
    let mut stream = TcpStream::connect(server.addr).await.unwrap();
    let head = "POST /api/gomoku/games HTTP/1.1\r\nHost: 127.0.0.1\r\n\
                Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{";
    stream.write_all(head.as_bytes()).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    tokio::time::timeout(HANG, server.stop())
        .await
        .expect("the shutdown ends within its grace period");
}

#[tokio::test]
async fn idle_sockets_beyond_the_cap_do_not_starve_the_health_check() {
    let server = common::start(DbLocation::Memory, tight()).await;
    let mut idle = Vec::new();
    for _ in 0..64 {
        idle.push(TcpStream::connect(server.addr).await.unwrap());
    }
    let health = tokio::time::timeout(HANG, reqwest::get(server.url("/api/health")))
        .await
        .expect("the health check answers once idle sockets are closed")
        .unwrap();
    assert_eq!(health.status(), reqwest::StatusCode::OK);
    drop(idle);
    server.stop().await;
}

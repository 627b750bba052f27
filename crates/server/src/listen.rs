//! Serving connections with bounds on each: a client has [`Limits::header_timeout`] to send a
//! request's head (the same bound closes an idle keep-alive connection), at most
//! [`Limits::max_connections`] are served at once, and a shutdown waits at most
//! [`Limits::shutdown_grace`] for requests in flight before it closes what is left.

use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::extract::Request;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tokio::task::JoinSet;
use tower::ServiceExt;

use crate::config::Limits;

/// Serves `router` on `listener` until `shutdown` completes, then lets requests in flight finish
/// for at most `limits.shutdown_grace`.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    trusted_proxies: Arc<[IpAddr]>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    // HTTP/1.1 only: its header timer runs from the moment a connection opens, so a client that
    // never sends a byte is closed too (HTTP/2 needs TLS in browsers; a TLS proxy in front
    // speaks HTTP/1.1 to us).
    let mut builder = http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    let max_connections = limits.max_connections.clamp(1, u32::MAX as usize);
    let slots = Arc::new(Semaphore::new(max_connections));
    let (closing, closed) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        while connections.try_join_next().is_some() {}
        let permit = tokio::select! {
            permit = Arc::clone(&slots).acquire_owned() => permit.map_err(io::Error::other)?,
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors and the like: pause instead of spinning.
                    tracing::warn!(%err, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = hyper::service::service_fn({
            let router = router.clone();
            let trusted_proxies = Arc::clone(&trusted_proxies);
            move |mut request: Request<Incoming>| {
                let client = client_of(peer, request.headers(), &trusted_proxies);
                request.extensions_mut().insert(ConnectInfo(client));
                let router = router.clone();
                async move {
                    let response = router.oneshot(request.map(axum::body::Body::new)).await;
                    Ok::<_, Infallible>(response.unwrap_or_else(|never| match never {}))
                }
            }
        });
        let connection = builder
            .serve_connection(TokioIo::new(stream), service)
            .with_upgrades();
        let mut closed = closed.clone();
        connections.spawn(async move {
            let mut connection = std::pin::pin!(connection);
            let ended = tokio::select! {
                ended = connection.as_mut() => ended,
                _ = async { closed.wait_for(|&closed| closed).await.is_ok() } => {
                    // Finish the request in flight, then close.
                    connection.as_mut().graceful_shutdown();
                    connection.await
                }
            };
            if let Err(err) = ended {
                tracing::debug!(%peer, %err, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    closing.send_replace(true);
    // Every slot free again means every connection has ended.
    let all_closed = slots.acquire_many(max_connections as u32);
    if tokio::time::timeout(limits.shutdown_grace, all_closed)
        .await
        .is_err()
    {
        tracing::warn!("shutdown grace period over: closing the connections still open");
    }
    connections.abort_all();
    Ok(())
}

/// Who a request comes from: the peer, or, when the peer is a trusted proxy, the nearest address
/// in `X-Forwarded-For` that is not one (proxies append the address they heard from; anything
/// further left was written by the client and cannot be trusted).
fn client_of(peer: SocketAddr, headers: &axum::http::HeaderMap, trusted: &[IpAddr]) -> SocketAddr {
    if !trusted.contains(&peer.ip()) {
        return peer;
    }
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    for hop in forwarded.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) if trusted.contains(&ip) => continue,
            Ok(ip) => return SocketAddr::new(ip, 0),
            // Not an address: nothing to its left can be trusted either.
            Err(_) => return peer,
        }
    }
    peer
}

#[cfg(test)]
mod client_tests {
    use super::*;

    fn headers(forwarded: &str) -> axum::http::HeaderMap {
        let mut headers = axum::http::HeaderMap::new();
        headers.insert("x-forwarded-for", forwarded.parse().unwrap());
        headers
    }

    #[test]
    fn a_trusted_proxy_names_the_client_and_nobody_else_can() {
        let proxy: SocketAddr = "10.0.0.2:4000".parse().unwrap();
        let trusted = ["10.0.0.2".parse().unwrap(), "10.0.0.3".parse().unwrap()];
        let client = |peer, value| client_of(peer, &headers(value), &trusted).ip().to_string();
        assert_eq!(client(proxy, "203.0.113.7"), "203.0.113.7");
        // A client's own claim, left of what the proxies saw, is not believed.
        assert_eq!(
            client(proxy, "1.2.3.4, 203.0.113.7, 10.0.0.3"),
            "203.0.113.7"
        );
        // From anyone but a trusted proxy the header means nothing.
        let stranger: SocketAddr = "198.51.100.9:5000".parse().unwrap();
        assert_eq!(client(stranger, "203.0.113.7"), "198.51.100.9");
        assert_eq!(client(proxy, "not-an-address"), "10.0.0.2");
        assert_eq!(
            client_of(proxy, &axum::http::HeaderMap::new(), &trusted)
                .ip()
                .to_string(),
            "10.0.0.2"
        );
    }
}

//! Serving connections with bounds on each: a client has [`Limits::header_timeout`] to send a
//! request's head (the same bound closes an idle keep-alive connection), at most
//! [`Limits::max_connections`] are served at once, and a shutdown waits at most
//! [`Limits::shutdown_grace`] for requests in flight before it closes what is left.

use std::convert::Infallible;
use std::future::Future;
use std::io;
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
            move |mut request: Request<Incoming>| {
                request.extensions_mut().insert(ConnectInfo(peer));
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

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
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto::Builder;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
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
    let mut builder = Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout);
    builder
        .http2()
        .timer(TokioTimer::new())
        .keep_alive_interval(limits.header_timeout)
        .keep_alive_timeout(limits.header_timeout);
    let builder = Arc::new(builder);
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
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
                    Ok::<_, Infallible>(
                        router
                            .oneshot(request.map(axum::body::Body::new))
                            .await
                            .unwrap_or_else(|e| match e {}),
                    )
                }
            }
        });
        let builder = Arc::clone(&builder);
        let connection = builder
            .serve_connection_with_upgrades(TokioIo::new(stream), service)
            .into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(%peer, %err, "connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(limits.shutdown_grace) => {
            tracing::warn!("shutdown grace period over: closing the connections still open");
        }
    }
    Ok(())
}

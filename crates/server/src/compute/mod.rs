//! Long work (engine searches, big solves) off the async threads: bounded in number, bounded in
//! time, cancellable, and fair. Work comes in two lanes, so that cheap interactive work (a
//! placement check, a Lianliankan move, a low-level engine reply) never waits behind long
//! searches; each lane has a bounded waiting line (a full one answers 503 with `Retry-After`)
//! and a cap per client, and hands a freed slot to the client with the least work in hand.
//!
//! Handlers reach the pool only through the [`Compute`] extractor, which knows the client.

mod lane;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;

use self::lane::{ClientKey, Lane, LaneLimits};
use crate::AppState;
use crate::config::Limits;
use crate::error::ApiError;

/// A flag a long computation polls; set when its time is up or its requester has gone.
#[derive(Debug, Clone, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// Whether the computation should stop now.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Asks the computation to stop.
    pub fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// The shared atomic, for libraries that take an `Arc<AtomicBool>`.
    pub fn as_atomic(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.0)
    }
}

/// Sets the flag when dropped: if the request is cancelled (client gone, server shutting down)
/// the computation is told to stop.
struct StopOnDrop(StopFlag);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.set();
    }
}

/// How costly a computation is, which decides its lane.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cost {
    /// Answers in well under a second whatever the input (a move check, a low-level reply).
    Quick,
    /// May run up to its time limit (hints, engine replies at higher levels, big solves).
    Search,
}

/// Runs blocking computations on tokio's blocking threads, in two lanes of at most `slots`
/// each.
#[derive(Debug, Clone)]
pub struct ComputePool {
    quick: Lane,
    search: Lane,
    max_time: Duration,
}

impl ComputePool {
    /// A pool running at most `slots` computations of each cost at once, each for at most
    /// `max_time`, with the default waiting line and share per client.
    pub fn new(slots: usize, max_time: Duration) -> Self {
        ComputePool::with_limits(&Limits {
            max_concurrent_computations: slots,
            max_compute_time: max_time,
            ..Limits::default()
        })
    }

    /// A pool with the computation bounds of `limits`.
    pub fn with_limits(limits: &Limits) -> Self {
        let lane = LaneLimits {
            slots: limits.max_concurrent_computations,
            max_waiting: limits.max_queued_computations,
            per_client: limits.max_computations_per_client.max(1),
        };
        ComputePool {
            quick: Lane::new(lane),
            search: Lane::new(lane),
            max_time: limits.max_compute_time,
        }
    }

    /// The longest any computation may run.
    pub fn max_time(&self) -> Duration {
        self.max_time
    }

    /// Runs `work` for `client` in the lane of `cost`. `work` gets a [`StopFlag`] that is set
    /// once `max_time` has passed or the request is dropped; it should poll the flag and return
    /// promptly when it is set.
    async fn run<T, F>(&self, client: ClientKey, cost: Cost, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(StopFlag) -> T + Send + 'static,
    {
        let lane = match cost {
            Cost::Quick => &self.quick,
            Cost::Search => &self.search,
        };
        let ticket = lane.admit(client).await?;
        let stop = StopFlag::default();
        let guard = StopOnDrop(stop.clone());
        let task = tokio::task::spawn_blocking({
            let stop = stop.clone();
            move || work(stop)
        });
        let timer = {
            let stop = stop.clone();
            let max_time = self.max_time;
            tokio::spawn(async move {
                tokio::time::sleep(max_time).await;
                stop.set();
            })
        };
        let outcome = task.await;
        timer.abort();
        drop(guard);
        drop(ticket);
        outcome.map_err(ApiError::internal)
    }
}

/// The compute pool as a handler sees it: bound to the client that asked.
#[derive(Clone)]
pub struct Compute {
    pool: ComputePool,
    client: ClientKey,
}

impl Compute {
    /// Runs `work` off the async threads in the lane of `cost`, counted against this client's
    /// share; see [`ComputePool`].
    pub async fn run<T, F>(&self, cost: Cost, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(StopFlag) -> T + Send + 'static,
    {
        self.pool.run(self.client, cost, work).await
    }

    /// The longest any computation may run.
    pub fn max_time(&self) -> Duration {
        self.pool.max_time()
    }
}

impl FromRequestParts<AppState> for Compute {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let client = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
        Ok(Compute {
            pool: state.compute.clone(),
            client,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const CLIENT: ClientKey = IpAddr::V4(Ipv4Addr::LOCALHOST);

    #[tokio::test]
    async fn a_computation_past_its_time_is_told_to_stop() {
        let pool = ComputePool::new(1, Duration::from_millis(50));
        let polled = pool
            .run(CLIENT, Cost::Search, |stop| {
                let mut rounds = 0u64;
                while !stop.is_set() {
                    std::thread::sleep(Duration::from_millis(5));
                    rounds += 1;
                }
                rounds
            })
            .await
            .expect("the computation finishes");
        assert!(polled > 0);
    }

    #[tokio::test]
    async fn a_quick_computation_returns_its_answer() {
        let pool = ComputePool::new(2, Duration::from_secs(5));
        let answer = pool
            .run(
                CLIENT,
                Cost::Quick,
                |stop| if stop.is_set() { 0 } else { 42 },
            )
            .await;
        assert_eq!(answer, Ok(42));
    }

    #[tokio::test]
    async fn quick_work_does_not_wait_behind_long_searches() {
        let pool = ComputePool::new(1, Duration::from_secs(5));
        let long = {
            let pool = pool.clone();
            tokio::spawn(async move {
                pool.run(CLIENT, Cost::Search, |stop| {
                    while !stop.is_set() {
                        std::thread::sleep(Duration::from_millis(5));
                    }
                })
                .await
            })
        };
        tokio::time::sleep(Duration::from_millis(30)).await;
        let quick =
            tokio::time::timeout(Duration::from_secs(2), pool.run(CLIENT, Cost::Quick, |_| 7))
                .await;
        assert_eq!(quick.expect("the quick lane is free"), Ok(7));
        long.abort();
    }
}

//! Long work (engine searches, big solves) off the async threads: bounded in number, bounded in
//! time, and cancellable.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tokio::sync::Semaphore;

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

/// Runs blocking computations on tokio's blocking threads, at most `slots` at once.
#[derive(Debug, Clone)]
pub struct ComputePool {
    slots: Arc<Semaphore>,
    max_time: Duration,
}

impl ComputePool {
    /// A pool running at most `slots` computations at once, each for at most `max_time`.
    pub fn new(slots: usize, max_time: Duration) -> Self {
        ComputePool {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            max_time,
        }
    }

    /// The longest any computation may run.
    pub fn max_time(&self) -> Duration {
        self.max_time
    }

    /// Runs `work` off the async threads. `work` gets a [`StopFlag`] that is set once
    /// `max_time` has passed (plus a grace period for it to return its best answer so far) or
    /// the request is dropped; it should poll the flag and return promptly when it is set.
    pub async fn run<T, F>(&self, work: F) -> Result<T, ApiError>
    where
        T: Send + 'static,
        F: FnOnce(StopFlag) -> T + Send + 'static,
    {
        let _permit =
            self.slots.acquire().await.map_err(|_| {
                ApiError::unavailable("shutting_down", "the server is shutting down")
            })?;
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
        outcome.map_err(ApiError::internal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_computation_past_its_time_is_told_to_stop() {
        let pool = ComputePool::new(1, Duration::from_millis(50));
        let polled = pool
            .run(|stop| {
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
        let answer = pool.run(|stop| if stop.is_set() { 0 } else { 42 }).await;
        assert_eq!(answer, Ok(42));
    }
}

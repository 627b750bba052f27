//! One lane of the compute pool: a fixed number of slots, a bounded waiting line, a cap per
//! client, and fair hand-over: a freed slot goes to the waiting client with the fewest
//! computations running, then the fewest waiting (the oldest among equals), so one client's burst
//! cannot keep another waiting behind all of it.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::oneshot;

use crate::error::ApiError;

/// Who asked for a computation: the client's address.
pub type ClientKey = IpAddr;

/// The bounds of a lane.
#[derive(Debug, Clone, Copy)]
pub struct LaneLimits {
    /// Computations running at once.
    pub slots: usize,
    /// Computations waiting for a slot, from all clients together.
    pub max_waiting: usize,
    /// Computations one client may have running or waiting.
    pub per_client: usize,
}

#[derive(Debug)]
struct Waiter {
    id: u64,
    client: ClientKey,
    wake: oneshot::Sender<()>,
}

#[derive(Debug, Default)]
struct State {
    running: usize,
    running_by: HashMap<ClientKey, usize>,
    admitted_by: HashMap<ClientKey, usize>,
    waiting: VecDeque<Waiter>,
    next_id: u64,
}

impl State {
    fn bump(map: &mut HashMap<ClientKey, usize>, client: ClientKey) {
        *map.entry(client).or_default() += 1;
    }

    fn drop_one(map: &mut HashMap<ClientKey, usize>, client: ClientKey) {
        if let Some(n) = map.get_mut(&client) {
            *n -= 1;
            if *n == 0 {
                map.remove(&client);
            }
        }
    }

    /// Takes the waiter whose client runs the fewest computations, then has the fewest waiting
    /// (the oldest among equals).
    fn take_fairest(&mut self) -> Option<Waiter> {
        let count = |map: &HashMap<ClientKey, usize>, c| map.get(&c).copied().unwrap_or(0);
        let index = (0..self.waiting.len()).min_by_key(|&i| {
            let client = self.waiting[i].client;
            (
                count(&self.running_by, client),
                count(&self.admitted_by, client),
                i,
            )
        })?;
        self.waiting.remove(index)
    }
}

/// A lane: cheap to clone.
#[derive(Debug, Clone)]
pub struct Lane {
    limits: LaneLimits,
    state: Arc<Mutex<State>>,
}

/// A running computation's slot; handed on to the next waiter when dropped.
#[derive(Debug)]
pub struct Ticket {
    lane: Lane,
    client: ClientKey,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        self.lane.release(self.client);
    }
}

/// A place in the waiting line; leaves it (or passes on a slot granted meanwhile) when dropped.
struct Place {
    lane: Lane,
    id: u64,
    client: ClientKey,
    granted: Option<oneshot::Receiver<()>>,
}

impl Drop for Place {
    fn drop(&mut self) {
        let Some(mut granted) = self.granted.take() else {
            return;
        };
        if granted.try_recv().is_ok() {
            // The slot came as the request went away: pass it on.
            drop(Ticket {
                lane: self.lane.clone(),
                client: self.client,
            });
            return;
        }
        let mut state = self.lane.lock();
        if let Some(i) = state.waiting.iter().position(|w| w.id == self.id) {
            state.waiting.remove(i);
            State::drop_one(&mut state.admitted_by, self.client);
        } else if granted.try_recv().is_ok() {
            drop(state);
            drop(Ticket {
                lane: self.lane.clone(),
                client: self.client,
            });
        }
    }
}

impl Lane {
    /// An empty lane with `limits`.
    pub fn new(limits: LaneLimits) -> Self {
        Lane {
            limits: LaneLimits {
                slots: limits.slots.max(1),
                ..limits
            },
            state: Arc::default(),
        }
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding this lock leaves only counters, which stay consistent.
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A slot for `client`: at once when one is free, else after waiting in line. Refused with
    /// 429 when the client already has its share, 503 when the line is full; both say when to
    /// retry.
    pub async fn admit(&self, client: ClientKey) -> Result<Ticket, ApiError> {
        let mut place = {
            let mut state = self.lock();
            if state.admitted_by.get(&client).copied().unwrap_or(0) >= self.limits.per_client {
                return Err(ApiError::new(
                    axum::http::StatusCode::TOO_MANY_REQUESTS,
                    "too_many_computations",
                    format!(
                        "you already have {} searches running or waiting; wait for them to answer",
                        self.limits.per_client
                    ),
                )
                .retry_after(2));
            }
            if state.running < self.limits.slots {
                state.running += 1;
                State::bump(&mut state.running_by, client);
                State::bump(&mut state.admitted_by, client);
                return Ok(Ticket {
                    lane: self.clone(),
                    client,
                });
            }
            if state.waiting.len() >= self.limits.max_waiting {
                return Err(ApiError::unavailable(
                    "compute_busy",
                    "the server is busy with other players' searches; try again in a moment",
                )
                .retry_after(2));
            }
            let (wake, granted) = oneshot::channel();
            let id = state.next_id;
            state.next_id += 1;
            state.waiting.push_back(Waiter { id, client, wake });
            State::bump(&mut state.admitted_by, client);
            Place {
                lane: self.clone(),
                id,
                client,
                granted: Some(granted),
            }
        };
        let granted = place
            .granted
            .as_mut()
            .expect("a new place has its receiver");
        let woken = granted.await;
        place.granted = None;
        match woken {
            Ok(()) => Ok(Ticket {
                lane: self.clone(),
                client,
            }),
            Err(_) => Err(ApiError::unavailable(
                "shutting_down",
                "the server is shutting down",
            )),
        }
    }

    /// Frees `client`'s slot: hands it to the fairest waiter, or leaves it free.
    fn release(&self, client: ClientKey) {
        let mut freed = client;
        loop {
            let next = {
                let mut state = self.lock();
                State::drop_one(&mut state.running_by, freed);
                State::drop_one(&mut state.admitted_by, freed);
                match state.take_fairest() {
                    Some(next) => {
                        State::bump(&mut state.running_by, next.client);
                        next
                    }
                    None => {
                        state.running -= 1;
                        return;
                    }
                }
            };
            match next.wake.send(()) {
                Ok(()) => return,
                // That request went away while we chose it: its slot is free again. Its place
                // was already out of the line, so only its counts need undoing.
                Err(()) => freed = next.client,
            }
        }
    }

    /// How many computations are running and waiting now.
    #[cfg(test)]
    pub fn load(&self) -> (usize, usize) {
        let state = self.lock();
        (state.running, state.waiting.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::Ipv4Addr;
    use std::time::Duration;

    fn client(n: u8) -> ClientKey {
        IpAddr::V4(Ipv4Addr::new(10, 0, 0, n))
    }

    fn lane(slots: usize, max_waiting: usize, per_client: usize) -> Lane {
        Lane::new(LaneLimits {
            slots,
            max_waiting,
            per_client,
        })
    }

    #[tokio::test]
    async fn one_client_cannot_hold_more_than_its_share() {
        let lane = lane(1, 10, 2);
        let _a = lane.admit(client(1)).await.unwrap();
        let waiting = tokio::spawn({
            let lane = lane.clone();
            async move { lane.admit(client(1)).await.map(|_| ()) }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let third = lane.admit(client(1)).await.unwrap_err();
        assert_eq!(third.status.as_u16(), 429);
        assert_eq!(third.retry_after, Some(2));
        waiting.abort();
    }

    #[tokio::test]
    async fn a_full_line_answers_503() {
        let lane = lane(1, 1, 5);
        let _running = lane.admit(client(1)).await.unwrap();
        let _waiting = tokio::spawn({
            let lane = lane.clone();
            async move { lane.admit(client(2)).await.map(|_| ()) }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        let refused = lane.admit(client(3)).await.unwrap_err();
        assert_eq!(refused.status.as_u16(), 503);
        assert_eq!(refused.code, "compute_busy");
    }

    #[tokio::test]
    async fn a_freed_slot_goes_to_the_client_running_fewest() {
        let lane = lane(1, 10, 10);
        let first = lane.admit(client(1)).await.unwrap();
        let (tx, mut order) = tokio::sync::mpsc::unbounded_channel();
        // Client 1 queues three more before client 2 asks once.
        for who in [1, 1, 1, 2] {
            let (lane, tx) = (lane.clone(), tx.clone());
            tokio::spawn(async move {
                let ticket = lane.admit(client(who)).await.unwrap();
                tx.send(who).unwrap();
                tokio::time::sleep(Duration::from_millis(5)).await;
                drop(ticket);
            });
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        drop(first);
        let mut served = Vec::new();
        for _ in 0..4 {
            served.push(order.recv().await.unwrap());
        }
        // When the slot frees, neither runs anything, but client 1 has three waiting and client 2
        // one: client 2 goes first, though it asked last.
        assert_eq!(served, vec![2, 1, 1, 1]);
    }

    #[tokio::test]
    async fn a_request_that_goes_away_leaves_the_line() {
        let lane = lane(1, 10, 10);
        let running = lane.admit(client(1)).await.unwrap();
        let gone = tokio::spawn({
            let lane = lane.clone();
            async move { lane.admit(client(2)).await.map(|_| ()) }
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(lane.load(), (1, 1));
        gone.abort();
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert_eq!(lane.load(), (1, 0));
        drop(running);
        assert_eq!(lane.load(), (0, 0));
        let _again = lane.admit(client(2)).await.unwrap();
    }
}

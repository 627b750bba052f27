//! The referee: one task that watches every running clock and, when a deadline passes, asks
//! whether the flag fell (`api::timed::flag_if_due`), so that a game ends on time even when
//! neither player's page is open. It keeps only the latest deadline of each game: every accepted
//! action reschedules its game.

use std::collections::{BTreeSet, HashMap};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::mpsc;

use crate::time::now_ms;

/// What the referee calls at a deadline: looks at game `id`, ends it if its flag fell, and says
/// when to look again (`None`: no clock runs any more).
pub type Check =
    Arc<dyn Fn(i64) -> Pin<Box<dyn Future<Output = Option<i64>> + Send>> + Send + Sync>;

/// A handle to the referee task; cheap to clone.
#[derive(Clone)]
pub struct Referee {
    deadlines: mpsc::UnboundedSender<(i64, Option<i64>)>,
}

/// A little after the deadline, so that the flag is checked once the time has surely passed.
const GRACE_MS: i64 = 5;

impl Referee {
    /// Starts the referee task on the current Tokio runtime, calling `check` at each deadline.
    pub fn start(check: Check) -> Referee {
        let (deadlines, changes) = mpsc::unbounded_channel();
        tokio::spawn(run(changes, check.clone(), deadlines.clone()));
        Referee { deadlines }
    }

    /// Game `id`'s running clock now falls at `deadline_ms` (Unix ms), or runs no more (`None`).
    pub fn schedule(&self, id: i64, deadline_ms: Option<i64>) {
        // The task ends only with the runtime; a send then has nobody to tell.
        let _ = self.deadlines.send((id, deadline_ms));
    }
}

async fn run(
    mut changes: mpsc::UnboundedReceiver<(i64, Option<i64>)>,
    check: Check,
    again: mpsc::UnboundedSender<(i64, Option<i64>)>,
) {
    let mut by_game: HashMap<i64, i64> = HashMap::new();
    let mut queue: BTreeSet<(i64, i64)> = BTreeSet::new();
    loop {
        let wait = queue.first().map(|&(deadline, _)| {
            Duration::from_millis((deadline + GRACE_MS - now_ms()).max(0) as u64)
        });
        let change = match wait {
            Some(wait) => tokio::select! {
                change = changes.recv() => change,
                () = tokio::time::sleep(wait) => {
                    while let Some(&(deadline, id)) = queue.first() {
                        if deadline + GRACE_MS > now_ms() {
                            break;
                        }
                        queue.pop_first();
                        by_game.remove(&id);
                        let check = check.clone();
                        let again = again.clone();
                        tokio::spawn(async move {
                            if let Some(next) = check(id).await {
                                let _ = again.send((id, Some(next)));
                            }
                        });
                    }
                    continue;
                }
            },
            None => changes.recv().await,
        };
        let Some((id, deadline)) = change else {
            return;
        };
        if let Some(old) = by_game.remove(&id) {
            queue.remove(&(old, id));
        }
        if let Some(deadline) = deadline {
            by_game.insert(id, deadline);
            queue.insert((deadline, id));
        }
    }
}

//! The referee: one task that watches every running clock and, when a deadline passes, asks
//! whether the flag fell (`api::timed::flag_if_due`), so that a game ends on time even when
//! neither player's page is open. It keeps only the latest deadline of each game: every accepted
//! action reschedules its game. Of several instances on one database, every one keeps the
//! deadlines (each tells the others its own) and one, the referee of the cluster
//! (`crate::cluster`), lets flags fall.

use std::collections::{BTreeSet, HashMap};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, watch};

use crate::cluster::{Event, Outbox};
use crate::time::now_ms;

/// What the referee calls at a deadline: looks at game `id`, ends it if its flag fell, and says
/// when to look again (`None`: no clock runs any more).
pub type Check =
    Arc<dyn Fn(i64) -> Pin<Box<dyn Future<Output = Option<i64>> + Send>> + Send + Sync>;

/// A handle to the referee task; cheap to clone.
#[derive(Clone)]
pub struct Referee {
    deadlines: mpsc::UnboundedSender<(i64, Option<i64>)>,
    outbox: Outbox,
    on_duty: watch::Receiver<bool>,
}

/// A little after the deadline, so that the flag is checked once the time has surely passed.
const GRACE_MS: i64 = 5;

impl Referee {
    /// Starts the referee task on the current Tokio runtime, calling `check` at each deadline
    /// while `on_duty` is true, and telling the other instances, through `outbox`, of the
    /// deadlines scheduled here.
    pub fn start(check: Check, on_duty: watch::Receiver<bool>, outbox: Outbox) -> Referee {
        let (deadlines, changes) = mpsc::unbounded_channel();
        tokio::spawn(run(
            changes,
            check.clone(),
            deadlines.clone(),
            on_duty.clone(),
        ));
        Referee {
            deadlines,
            outbox,
            on_duty,
        }
    }

    /// Whether this instance lets flags fall now (always, alone on SQLite).
    pub fn on_duty(&self) -> bool {
        *self.on_duty.borrow()
    }

    /// Game `id`'s running clock now falls at `deadline_ms` (Unix ms), or runs no more (`None`):
    /// on every instance.
    pub fn schedule(&self, id: i64, deadline_ms: Option<i64>) {
        self.outbox.publish(Event::Deadline {
            game: id,
            deadline: deadline_ms,
        });
        self.schedule_here(id, deadline_ms);
    }

    /// As [`Referee::schedule`], on this instance only (a deadline another instance told).
    pub fn schedule_here(&self, id: i64, deadline_ms: Option<i64>) {
        // The task ends only with the runtime; a send then has nobody to tell.
        let _ = self.deadlines.send((id, deadline_ms));
    }
}

async fn run(
    mut changes: mpsc::UnboundedReceiver<(i64, Option<i64>)>,
    check: Check,
    again: mpsc::UnboundedSender<(i64, Option<i64>)>,
    mut on_duty: watch::Receiver<bool>,
) {
    let mut by_game: HashMap<i64, i64> = HashMap::new();
    let mut queue: BTreeSet<(i64, i64)> = BTreeSet::new();
    loop {
        if !*on_duty.borrow_and_update() {
            // Another instance referees: keep the deadlines until this one takes over.
            tokio::select! {
                change = changes.recv() => match change {
                    Some((id, deadline)) => {
                        keep(&mut by_game, &mut queue, id, deadline);
                        continue;
                    }
                    None => return,
                },
                duty = on_duty.changed() => {
                    if duty.is_err() {
                        // The cluster is gone (its runtime is ending): nobody will take over.
                        return;
                    }
                    continue;
                }
            }
        }
        let wait = queue.first().map(|&(deadline, _)| {
            Duration::from_millis((deadline + GRACE_MS - now_ms()).max(0) as u64)
        });
        // While on duty, a change of duty (to off) is seen at once; a referee alone never
        // changes (its sender is gone, and that branch is disabled).
        let change = match wait {
            Some(wait) => tokio::select! {
                change = changes.recv() => change,
                Ok(()) = on_duty.changed() => continue,
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
            None => tokio::select! {
                change = changes.recv() => change,
                Ok(()) = on_duty.changed() => continue,
            },
        };
        let Some((id, deadline)) = change else {
            return;
        };
        keep(&mut by_game, &mut queue, id, deadline);
    }
}

/// Keeps `deadline` as game `id`'s only deadline (none: its clock stopped).
fn keep(
    by_game: &mut HashMap<i64, i64>,
    queue: &mut BTreeSet<(i64, i64)>,
    id: i64,
    deadline: Option<i64>,
) {
    if let Some(old) = by_game.remove(&id) {
        queue.remove(&(old, id));
    }
    if let Some(deadline) = deadline {
        by_game.insert(id, deadline);
        queue.insert((deadline, id));
    }
}

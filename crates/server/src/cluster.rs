//! Several qipan instances on one PostgreSQL database, as one site: what each tells the others
//! goes through PostgreSQL's own `LISTEN`/`NOTIFY` on one channel, [`CHANNEL`].
//!
//! - A change a game's watchers are told of (a move, a resignation, a seat taken) and a lobby
//!   change are sent on, so that a player connected to another instance sees them at once.
//! - Each instance's pages of a game (presence) are sent on whenever they change, and in full to
//!   an instance heard for the first time; an instance not heard for [`SILENCE`] (every instance
//!   says it is alive each [`HEARTBEAT`]) is forgotten, and its players count as gone.
//! - Running clocks: exactly one instance, the one holding the PostgreSQL advisory lock
//!   [`REFEREE_LOCK`] on a connection of its own, lets flags fall; the others send it the
//!   deadlines their moves set. When that instance dies, PostgreSQL ends its session and frees
//!   the lock, and another instance takes it within [`TAKE_OVER_EVERY`] and reads every running
//!   clock from the database.
//!
//! A game's moves and flags are notified inside the transaction that writes them (PostgreSQL
//! delivers the notification at the commit, and never without it), so that an instance killed
//! just after a commit cannot leave the other instances' pages unaware of a move. The rarer
//! changes (seats, rematches, lobby, presence, deadlines) are sent just after their commit; one
//! of those lost with a killed instance costs only a live update, which the page gets when it
//! reconnects or at its next action.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sqlx::postgres::{PgConnection, PgListener};
use sqlx::{Connection, Executor};
use tokio::sync::{mpsc, watch};

use crate::presence::Counts;
use crate::referee::Referee;
use crate::store::{PlayerId, Store};
use crate::watch::{Change, Watchers};

/// The notification channel every instance listens on.
pub const CHANNEL: &str = "qipan_events";

/// How often an instance says it is alive.
pub const HEARTBEAT: Duration = Duration::from_secs(1);

/// How long an instance may be silent before the others forget its pages.
pub const SILENCE: Duration = Duration::from_secs(5);

/// How often an instance that does not referee tries to take the referee's lock.
pub const TAKE_OVER_EVERY: Duration = Duration::from_secs(1);

/// The session advisory lock held by the instance that lets flags fall ("referee" in ASCII).
const REFEREE_LOCK: i64 = 0x0072_6566_6572_6565;

/// PostgreSQL refuses a notification payload of 8000 bytes or more.
const MAX_PAYLOAD: usize = 7900;

/// What one instance tells the others.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Event {
    /// A change for a game's watchers.
    Change {
        /// The change.
        change: Change,
    },
    /// A change for the lobby's pages.
    Lobby {
        /// The lobby's event, as its pages get it.
        event: Value,
    },
    /// The sender's pages of a game now.
    Presence {
        /// The game.
        game: i64,
        /// The sender's pages of it.
        counts: Counts,
    },
    /// How many lobby pages a player has open on the sender (its seeks go when it has none
    /// anywhere).
    LobbyPages {
        /// The player.
        player: PlayerId,
        /// Its lobby pages on the sender.
        pages: usize,
    },
    /// A running clock's new deadline (Unix ms), or none, for the referee.
    Deadline {
        /// The game.
        game: i64,
        /// When its flag falls, if a clock runs.
        deadline: Option<i64>,
    },
    /// The sender is alive.
    Heartbeat,
}

/// One notification: an event and the instance it comes from.
#[derive(Debug, Serialize, Deserialize)]
struct Envelope {
    from: u64,
    #[serde(flatten)]
    event: Event,
}

/// Where an instance's events wait to be sent to the others; sends nowhere until a cluster is
/// started (a single instance on SQLite). Cheap to clone: clones share one queue.
#[derive(Debug, Clone, Default)]
pub struct Outbox {
    queue: Arc<OnceLock<(u64, mpsc::UnboundedSender<Event>)>>,
}

impl Outbox {
    /// Queues `event` for the other instances (in order; nothing when there are none).
    pub fn publish(&self, event: Event) {
        if let Some((_, queue)) = self.queue.get() {
            // The sender task ends only with the runtime.
            let _ = queue.send(event);
        }
    }

    /// `event` as the notification that tells the other instances of it, for a write to send
    /// in its own transaction; `None` without other instances.
    pub fn notice(&self, event: Event) -> Option<String> {
        let (me, _) = self.queue.get()?;
        payload(*me, event)
    }
}

/// Whether this instance lets flags fall: always alone on SQLite; on PostgreSQL while it holds
/// the referee's lock.
pub fn sole_referee() -> watch::Receiver<bool> {
    let (tell, told) = watch::channel(true);
    // Never changes; the sender may go.
    drop(tell);
    told
}

/// The parts of a running server the cluster talks to.
#[derive(Clone)]
pub struct Parts {
    /// The store, to read a game's seats and the running clocks.
    pub store: Arc<dyn Store>,
    /// The watchers, told what the other instances announce.
    pub watchers: Watchers,
    /// The referee, told the other instances' deadlines.
    pub referee: Referee,
    /// How long an opponent must be gone before the win may be claimed.
    pub claim_after: Duration,
}

/// Starts this instance's part in the cluster of instances on the PostgreSQL database at `url`:
/// the sender, the listener and the heartbeat, and the contest for the referee's lock, whose
/// outcome `referee` is told. Returns once listening, so that nothing sent after is missed.
pub async fn start(
    url: &str,
    parts: Parts,
    referee: watch::Sender<bool>,
) -> Result<(), sqlx::Error> {
    let me = rand::random::<u64>();
    let (queue, outgoing) = mpsc::unbounded_channel();
    let mut listener = PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    let sender = PgConnection::connect(url).await?;
    if parts
        .watchers
        .outbox()
        .queue
        .set((me, queue.clone()))
        .is_err()
    {
        tracing::warn!("this server's cluster was already started");
        return Ok(());
    }
    tokio::spawn(send(url.to_owned(), sender, me, outgoing));
    tokio::spawn(listen(listener, me, parts.clone()));
    tokio::spawn(heartbeat(queue, parts.clone()));
    tokio::spawn(contest(url.to_owned(), parts, referee));
    tracing::info!(
        instance = format!("{me:016x}"),
        "joined the instances on this database"
    );
    Ok(())
}

/// Sends the queued events in order, on one connection (so that they arrive in order). While
/// the database is unreachable the events are dropped (the pages catch up when they reconnect),
/// with one warning when that starts and a note when it ends.
async fn send(
    url: String,
    mut conn: PgConnection,
    me: u64,
    mut events: mpsc::UnboundedReceiver<Event>,
) {
    let mut failing = false;
    while let Some(event) = events.recv().await {
        let Some(payload) = payload(me, event) else {
            continue;
        };
        // One retry on a fresh connection: the database may have restarted.
        let mut sent = false;
        for _ in 0..2 {
            let notified = sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(&payload)
                .execute(&mut conn)
                .await;
            if notified.is_ok() {
                sent = true;
                break;
            }
            if !failing {
                tracing::warn!("cannot tell the other instances: {}", notified.unwrap_err());
            }
            match PgConnection::connect(&url).await {
                Ok(fresh) => conn = fresh,
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
        if sent && failing {
            tracing::info!("telling the other instances again");
        }
        failing = !sent;
    }
}

/// The notification for `event`, within PostgreSQL's size limit: a change too big to send
/// whole goes without its actions (its watchers read the game instead).
fn payload(me: u64, event: Event) -> Option<String> {
    let text = serde_json::to_string(&Envelope {
        from: me,
        event: event.clone(),
    })
    .ok()?;
    if text.len() <= MAX_PAYLOAD {
        return Some(text);
    }
    match event {
        Event::Change { change } => {
            let bare = Change::at(change.id, change.revision);
            serde_json::to_string(&Envelope {
                from: me,
                event: Event::Change { change: bare },
            })
            .ok()
        }
        other => {
            tracing::warn!("an event too big to tell the other instances: {other:?}");
            None
        }
    }
}

/// Delivers the other instances' events here.
async fn listen(mut listener: PgListener, me: u64, parts: Parts) {
    loop {
        let notification = match listener.recv().await {
            Ok(notification) => notification,
            Err(err) => {
                // PgListener reconnects by itself at the next recv.
                tracing::warn!("lost the other instances' notifications: {err}");
                tokio::time::sleep(Duration::from_millis(200)).await;
                continue;
            }
        };
        let envelope: Envelope = match serde_json::from_str(notification.payload()) {
            Ok(envelope) => envelope,
            Err(err) => {
                tracing::warn!("an unreadable notification from another instance: {err}");
                continue;
            }
        };
        if envelope.from == me {
            continue;
        }
        receive(&parts, envelope).await;
    }
}

async fn receive(parts: &Parts, Envelope { from, event }: Envelope) {
    let presence = parts.watchers.presence();
    if presence.heard_from(from) {
        // A new instance: tell it every page here.
        for game in presence.local_games() {
            parts.watchers.outbox().publish(Event::Presence {
                game,
                counts: presence.local_counts(game),
            });
        }
        for (player, pages) in presence.local_lobby() {
            parts
                .watchers
                .outbox()
                .publish(Event::LobbyPages { player, pages });
        }
    }
    match event {
        Event::Change { change } => parts.watchers.deliver(change),
        Event::Lobby { event } => parts.watchers.deliver_lobby(event),
        Event::Presence { game, counts } => {
            presence.update_remote(from, game, counts);
            report_presence(parts, game).await;
        }
        Event::LobbyPages { player, pages } => presence.update_remote_lobby(from, player, pages),
        Event::Deadline { game, deadline } => parts.referee.schedule_here(game, deadline),
        Event::Heartbeat => {}
    }
}

/// Tells this instance's watchers of game `id`, if any, who has it open now.
async fn report_presence(parts: &Parts, id: i64) {
    if !parts.watchers.is_watched(id) {
        return;
    }
    let Ok(game) = parts.store.game(id).await else {
        return;
    };
    parts
        .watchers
        .report_presence(id, &game.seated_players(), parts.claim_after);
}

/// Says this instance is alive, and forgets the pages of instances that fell silent.
async fn heartbeat(queue: mpsc::UnboundedSender<Event>, parts: Parts) {
    let mut every = tokio::time::interval(HEARTBEAT);
    loop {
        every.tick().await;
        if queue.send(Event::Heartbeat).is_err() {
            return;
        }
        for game in parts.watchers.presence().forget_silent(SILENCE) {
            report_presence(&parts, game).await;
        }
    }
}

/// Takes the referee's lock when it is free and keeps it while this instance lives; whenever
/// this instance becomes the referee, it reads every running clock.
async fn contest(url: String, parts: Parts, referee: watch::Sender<bool>) {
    let mut conn: Option<PgConnection> = None;
    let mut every = tokio::time::interval(TAKE_OVER_EVERY);
    loop {
        every.tick().await;
        let held = *referee.borrow();
        if conn.is_none() {
            conn = PgConnection::connect(&url).await.ok();
        }
        let Some(c) = conn.as_mut() else {
            continue;
        };
        let checked: Result<bool, sqlx::Error> = if held {
            // The lock lives as long as this session: a query that answers says it still holds.
            c.execute("SELECT 1").await.map(|_| true)
        } else {
            sqlx::query_scalar("SELECT pg_try_advisory_lock($1)")
                .bind(REFEREE_LOCK)
                .fetch_one(&mut *c)
                .await
        };
        match checked {
            Ok(true) if !held => {
                tracing::info!("this instance now lets flags fall (referee)");
                referee.send_replace(true);
                match parts.store.clock_deadlines().await {
                    Ok(deadlines) => {
                        for (id, deadline) in deadlines {
                            parts.referee.schedule_here(id, Some(deadline));
                        }
                    }
                    Err(err) => tracing::error!("cannot read the running clocks: {err}"),
                }
            }
            Ok(_) => {}
            Err(err) => {
                if held {
                    tracing::warn!("lost the referee's lock: {err}");
                    referee.send_replace(false);
                }
                conn = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_goes_as_one_notification_and_comes_back_the_same() {
        let event = Event::Change {
            change: Change {
                actions: vec![serde_json::json!({"move": "h2e2"})],
                ..Change::at(3, Some(4))
            },
        };
        let text = payload(9, event.clone()).unwrap();
        let back: Envelope = serde_json::from_str(&text).unwrap();
        assert_eq!((back.from, back.event), (9, event));
    }

    #[test]
    fn a_change_too_big_for_postgres_goes_without_its_actions() {
        let big = Event::Change {
            change: Change {
                actions: vec![Value::String("x".repeat(10_000))],
                ..Change::at(3, Some(4))
            },
        };
        let text = payload(1, big).unwrap();
        assert!(text.len() < MAX_PAYLOAD);
        let back: Envelope = serde_json::from_str(&text).unwrap();
        assert_eq!(
            back.event,
            Event::Change {
                change: Change::at(3, Some(4))
            }
        );
    }
}

//! `GET /api/xiangqi/analysis`: the analysis board's WebSocket.
//!
//! The page says what it shows, whole, every time it changes:
//! `{"seq": 4, "fen": "<start FEN, the initial position when absent>", "moves": ["h2e2", ...],
//! "analyse": true, "lines": 3, "record": false}`. The server checks the position as the game
//! routes do and answers `{"type": "position", "seq": 4, "fen", "side_to_move", "in_check",
//! "legal": {"h2": ["e2", ...]}, "last": <the move that led here, as in a game's record>,
//! "ending": null | {"winner", "reason"}}` (with `"moves": [...]`, the whole record, when
//! `record` is true), or `{"type": "error", "seq", "code", "message", "details"}` with the codes
//! of `POST /api/xiangqi/games` (`fen_bad_char`, `bad_history`, ...).
//!
//! While `analyse` is true and the position is not over, the engine analyses it without end
//! (see `analysis_run.rs` for the bounds) and streams `{"type": "lines", "seq", "millis",
//! "lines": [<one per principal variation, all of one depth, best first: depth, score (side to
//! move's view), score_red, mate_in, pv in ICCS, chinese, wxf, nodes, nps>]}` at most every
//! [`SEND_EVERY`], and `{"type": "state", "seq", "state": "queued" | "running" | "busy" | "done"
//! | "failed", "reason"?, "lines"?}` (lines not sent yet; a `done` state always carries every
//! line, so that it alone tells the result). A page stops the analysis by sending `"analyse": false` (it does when
//! its tab is hidden); closing the socket stops it too. Messages are tagged with the `seq` they
//! answer, so a page drops what belongs to a position it has left.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::get;
use qipan_xiangqi::Position;
use qipan_xiangqi::engine::{Engine, MAX_MULTIPV};
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc::{UnboundedReceiver, unbounded_channel};
use tokio::task::JoinHandle;
use tokio::time::Instant;

use super::analysis_lines::ShownLines;
use super::analysis_run::{Event, Job, LineView, analyse};
use super::records;
use super::state::{Ending, Side};
use super::view::{MoveView, legal_by_square};
use crate::AppState;
use crate::compute::Compute;
use crate::error::ApiError;

pub fn routes() -> Router<AppState> {
    Router::new().route("/xiangqi/analysis", get(open))
}

/// The largest message a page may send: a position with a long game's moves (2,000 plies of
/// `"h2e2",` and a FEN).
const MAX_MESSAGE_BYTES: usize = 16 * 1024;
/// The analysis engine's transposition table, in MiB.
const HASH_MB: usize = 32;
/// The shortest time between two `lines` messages.
const SEND_EVERY: Duration = Duration::from_millis(150);

async fn open(
    State(app): State<AppState>,
    compute: Compute,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    let upgrade = upgrade.map_err(|_| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "websocket_expected",
            "this route is a WebSocket: open it with new WebSocket(...)",
        )
    })?;
    let place = app.watchers.open_socket().ok_or_else(|| {
        ApiError::unavailable(
            "too_many_watchers",
            "the server has as many open connections as it can; try again in a moment",
        )
        .retry_after(5)
    })?;
    Ok(upgrade
        .max_message_size(MAX_MESSAGE_BYTES)
        .max_frame_size(MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| async move {
            Session::new(compute).serve(app, socket).await;
            drop(place);
        }))
}

/// What the page asks for.
#[derive(Debug, Deserialize)]
struct Ask {
    seq: u64,
    fen: Option<String>,
    #[serde(default)]
    moves: Vec<String>,
    #[serde(default)]
    analyse: bool,
    lines: Option<usize>,
    /// Send the whole record of `moves` back (the page opening a position it has no record of).
    #[serde(default)]
    record: bool,
}

/// The analysis under way, stopped when dropped.
struct Running {
    /// The position's FEN (with its history's length) and lines, to tell a repeated ask.
    key: (String, usize, usize),
    /// The `seq` its events carry (the page's newer asks for the same analysis keep it going).
    job_seq: u64,
    task: JoinHandle<()>,
}

impl Drop for Running {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// One socket: its engine (made when first needed, dropped when analysis stops), the analysis
/// running, and the lines not yet sent.
struct Session {
    compute: Compute,
    engine: Option<Arc<Mutex<Engine>>>,
    running: Option<Running>,
    seq: u64,
    lines: ShownLines,
    started: Instant,
    dirty: bool,
    last_sent: Option<Instant>,
}

impl Session {
    fn new(compute: Compute) -> Session {
        Session {
            compute,
            engine: None,
            running: None,
            seq: 0,
            lines: ShownLines::default(),
            started: Instant::now(),
            dirty: false,
            last_sent: None,
        }
    }

    async fn serve(mut self, app: AppState, mut socket: WebSocket) {
        let (events_tx, mut events) = unbounded_channel();
        let mut closing = app.watchers.closing();
        loop {
            let flush_at = self
                .dirty
                .then(|| self.last_sent.map_or(Instant::now(), |at| at + SEND_EVERY));
            let reply = tokio::select! {
                message = socket.recv() => match message {
                    Some(Ok(Message::Text(text))) => Some(self.take(text.as_str(), &events_tx)),
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => break,
                    Some(Ok(_)) => None,
                },
                event = next_event(&mut events) => self.on_event(event),
                () = sleep_until(flush_at) => Some(self.lines_message()),
                _ = async { closing.wait_for(|&closed| closed).await.is_ok() } => break,
            };
            if let Some(reply) = reply
                && socket
                    .send(Message::Text(reply.to_string().into()))
                    .await
                    .is_err()
            {
                break;
            }
        }
        self.running = None;
        let _ = socket.send(Message::Close(None)).await;
    }

    /// Takes what the page said; answers with the position or the error.
    fn take(&mut self, text: &str, events: &tokio::sync::mpsc::UnboundedSender<Event>) -> Value {
        let ask: Ask = match serde_json::from_str(text) {
            Ok(ask) => ask,
            Err(err) => {
                return error_message(
                    0,
                    &ApiError::bad_request(
                        "bad_message",
                        format!("not an analysis request: {err}"),
                    ),
                );
            }
        };
        let seq = ask.seq;
        match self.position(&ask) {
            Err(err) => error_message(seq, &err),
            Ok((pos, mut view)) => {
                let lines = ask.lines.unwrap_or(1);
                let over = pos.outcome().is_some();
                let key = (pos.to_fen(), ask.moves.len(), lines);
                if !ask.analyse || over {
                    self.stop(!ask.analyse);
                    if over {
                        view["analysis"] = json!("game_over");
                    }
                } else if self.running.as_ref().is_none_or(|r| r.key != key) {
                    self.start(seq, pos, lines, key, events);
                } else {
                    // The same analysis goes on under the new tag.
                    self.seq = seq;
                }
                view
            }
        }
    }

    /// Checks the asked position: its start, its moves, the number of lines.
    fn position(&self, ask: &Ask) -> Result<(Position, Value), ApiError> {
        let lines = ask.lines.unwrap_or(1);
        if !(1..=MAX_MULTIPV).contains(&lines) {
            return Err(ApiError::unprocessable(
                "lines_out_of_range",
                format!("between 1 and {MAX_MULTIPV} lines can be shown"),
            ));
        }
        let start = match ask.fen.as_deref().map(str::trim) {
            Some(fen) if !fen.is_empty() => records::start_position(fen)?,
            _ => Position::startpos(),
        };
        let mut pos = records::replay(&start, &ask.moves)?;
        let (record, last) = if ask.record {
            let mut replay = start.clone();
            let all: Vec<MoveView> = pos
                .moves_played()
                .collect::<Vec<_>>()
                .into_iter()
                .map(|m| MoveView::play(&mut replay, m))
                .collect();
            let last = all.last().map(|m| json!(m));
            (Some(all), last)
        } else {
            let last_move = pos.moves_played().last();
            let last = last_move.map(|m| {
                pos.unmake();
                json!(MoveView::play(&mut pos, m))
            });
            (None, last)
        };
        let ending = pos.outcome().map(Ending::from_outcome);
        let mut view = json!({
            "type": "position",
            "seq": ask.seq,
            "fen": pos.to_fen(),
            "side_to_move": Side::from(pos.side_to_move()),
            "in_check": pos.in_check(),
            "legal": if ending.is_some() { Default::default() } else { legal_by_square(&pos) },
            "last": last,
            "ending": ending,
        });
        if let Some(record) = record {
            view["moves"] = json!(record);
        }
        Ok((pos, view))
    }

    fn start(
        &mut self,
        seq: u64,
        pos: Position,
        lines: usize,
        key: (String, usize, usize),
        events: &tokio::sync::mpsc::UnboundedSender<Event>,
    ) {
        self.running = None;
        self.seq = seq;
        self.lines = ShownLines::new(lines.min(pos.count_legal_moves() as usize));
        self.dirty = false;
        self.started = Instant::now();
        let engine = Arc::clone(
            self.engine
                .get_or_insert_with(|| Arc::new(Mutex::new(Engine::new(HASH_MB)))),
        );
        let job = Job { seq, pos, lines };
        let task = tokio::spawn(analyse(self.compute.clone(), engine, job, events.clone()));
        self.running = Some(Running {
            key,
            job_seq: seq,
            task,
        });
    }

    /// Stops the analysis; `idle` also frees the engine (the page stopped analysing).
    fn stop(&mut self, idle: bool) {
        self.running = None;
        self.lines = ShownLines::default();
        self.dirty = false;
        if idle {
            self.engine = None;
        }
    }

    /// What an analysis event changes, and what to send for it now.
    fn on_event(&mut self, event: Event) -> Option<Value> {
        let (seq, state, reason) = match event {
            Event::Line { seq, line } => {
                if self.is_current(seq) {
                    self.keep(line);
                }
                return None;
            }
            Event::Queued { seq } => (seq, "queued", None),
            Event::Running { seq } => (seq, "running", None),
            Event::Busy { seq, code } => (seq, "busy", Some(code)),
            Event::Finished { seq, reason } => (seq, "done", Some(reason.to_owned())),
            Event::Failed { seq, message } => (seq, "failed", Some(message)),
        };
        if !self.is_current(seq) {
            return None;
        }
        let seq = self.seq;
        if state == "done" || state == "failed" {
            self.running = None;
        }
        // Lines not sent yet go with the state; the final state carries them all, whether or
        // not a `lines` message just sent them, so that it alone tells the page the result.
        let mut message = json!({ "type": "state", "seq": seq, "state": state, "reason": reason });
        if self.dirty || state == "done" {
            message["lines"] = self.lines_message()["lines"].take();
        }
        Some(message)
    }

    /// Whether events tagged `seq` come from the analysis running now.
    fn is_current(&self, seq: u64) -> bool {
        self.running.as_ref().is_some_and(|r| r.job_seq == seq)
    }

    /// Keeps a completed line (see [`ShownLines`] for which are shown).
    fn keep(&mut self, line: LineView) {
        if self.lines.keep(line) {
            self.dirty = true;
        }
    }

    fn lines_message(&mut self) -> Value {
        self.dirty = false;
        self.last_sent = Some(Instant::now());
        json!({
            "type": "lines",
            "seq": self.seq,
            "millis": self.started.elapsed().as_millis() as u64,
            "lines": self.lines.shown(),
        })
    }
}

async fn next_event(events: &mut UnboundedReceiver<Event>) -> Event {
    match events.recv().await {
        Some(event) => event,
        // The session holds a sender, so the channel never closes while it runs.
        None => std::future::pending().await,
    }
}

async fn sleep_until(at: Option<Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

fn error_message(seq: u64, err: &ApiError) -> Value {
    json!({
        "type": "error",
        "seq": seq,
        "code": err.code,
        "message": err.message,
        "details": err.details,
    })
}

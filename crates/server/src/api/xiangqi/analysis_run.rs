//! One analysis of one position for the analysis board: an endless search, run on the compute
//! pool in turns of at most the pool's time limit (each turn queues again, so analysis boards
//! share the machine fairly with every other search), its lines reported as they complete,
//! until the search finishes by itself, the position's analysis time is spent, or the page asks
//! for something else (the task is aborted, which stops the search as a dropped request does).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use qipan_xiangqi::engine::{Engine, Limits, Report, score};
use qipan_xiangqi::{Color, Move, Notation, Position};
use serde::Serialize;
use tokio::sync::mpsc::UnboundedSender;

use crate::compute::{Compute, Cost};

/// The longest one position is analysed, over all its turns; then the page may ask again.
pub const ANALYSIS_PER_POSITION: Duration = Duration::from_secs(300);
/// How long to wait before queueing again when the pool is full.
const RETRY_WHEN_BUSY: Duration = Duration::from_secs(3);

/// One principal variation as the page shows it.
#[derive(Debug, Clone, Serialize)]
pub struct LineView {
    /// Which line, from 1 (the best).
    pub multipv: usize,
    pub depth: i32,
    pub seldepth: i32,
    /// Centipawns from the side to move's point of view.
    pub score: i32,
    /// Centipawns from Red's point of view.
    pub score_red: i32,
    /// Moves to mate, from the side to move's point of view (positive: it mates).
    pub mate_in: Option<i32>,
    /// The line in ICCS, Chinese and WXF notation.
    pub pv: Vec<String>,
    pub chinese: Vec<String>,
    pub wxf: Vec<String>,
    /// Nodes searched by this turn when the line completed, and its speed.
    pub nodes: u64,
    pub nps: u64,
}

/// What an analysis tells the socket that started it.
#[derive(Debug)]
pub enum Event {
    /// Waiting for a place in the pool.
    Queued { seq: u64 },
    /// The search is running.
    Running { seq: u64 },
    /// A line completed.
    Line { seq: u64, line: LineView },
    /// The pool is full (`code` says how, e.g. `compute_busy`): the analysis queues again in a
    /// moment.
    Busy { seq: u64, code: String },
    /// The analysis ended: `complete` (the search finished by itself) or `limit`
    /// ([`ANALYSIS_PER_POSITION`] spent).
    Finished { seq: u64, reason: &'static str },
    /// The analysis failed.
    Failed { seq: u64, message: String },
}

/// What one analysis works on.
pub struct Job {
    /// Tags every event, so that the socket can drop those of an analysis it has replaced.
    pub seq: u64,
    pub pos: Position,
    /// Principal variations wanted, 1..=5.
    pub lines: usize,
}

/// Analyses `job.pos` until it ends (see the module's doc), telling `events`. The engine is the
/// socket's, kept between positions so that its table helps the next one.
pub async fn analyse(
    compute: Compute,
    engine: Arc<Mutex<Engine>>,
    job: Job,
    events: UnboundedSender<Event>,
) {
    let seq = job.seq;
    let begun = Instant::now();
    let turn_limit = compute.max_time();
    let job = Arc::new(job);
    loop {
        let _ = events.send(Event::Queued { seq });
        let turn = {
            let (engine, job, events) = (Arc::clone(&engine), Arc::clone(&job), events.clone());
            move |stop: crate::compute::StopFlag| {
                let mut engine = engine
                    .lock()
                    .unwrap_or_else(|poisoned| poisoned.into_inner());
                let _ = events.send(Event::Running { seq });
                search_turn(&mut engine, &job, &stop, &events)
            }
        };
        let started = Instant::now();
        match compute.run(Cost::Search, turn).await {
            // A turn that ended well before the pool's limit was not stopped: the search is done.
            Ok(()) if started.elapsed() < turn_limit.mul_f32(0.9) => {
                let _ = events.send(Event::Finished {
                    seq,
                    reason: "complete",
                });
                return;
            }
            Ok(()) if begun.elapsed() + turn_limit > ANALYSIS_PER_POSITION => {
                let _ = events.send(Event::Finished {
                    seq,
                    reason: "limit",
                });
                return;
            }
            Ok(()) => {}
            Err(err) if err.status.is_server_error() && err.retry_after.is_some() => {
                let _ = events.send(Event::Busy {
                    seq,
                    code: err.code,
                });
                tokio::time::sleep(RETRY_WHEN_BUSY).await;
            }
            Err(err) => {
                let _ = events.send(Event::Failed {
                    seq,
                    message: err.message,
                });
                return;
            }
        }
    }
}

/// One turn: an endless search of the job's position until `stop` (the pool's time limit or
/// the analysis being dropped) or until it completes.
fn search_turn(
    engine: &mut Engine,
    job: &Job,
    stop: &crate::compute::StopFlag,
    events: &UnboundedSender<Event>,
) {
    engine.set_multipv(job.lines);
    let limits = Limits {
        infinite: true,
        ..Limits::default()
    };
    let red = if job.pos.side_to_move() == Color::Red {
        1
    } else {
        -1
    };
    let flag = stop.as_atomic();
    engine.search(&job.pos, &limits, &[], &flag, &mut |report| {
        if let Report::Line(info) = report {
            let (chinese, wxf) = written(&job.pos, &info.pv);
            let line = LineView {
                multipv: info.multipv,
                depth: info.depth,
                seldepth: info.seldepth,
                score: info.score,
                score_red: info.score * red,
                mate_in: score::mate_in_moves(info.score),
                pv: info
                    .pv
                    .iter()
                    .take(chinese.len())
                    .map(Move::to_string)
                    .collect(),
                chinese,
                wxf,
                nodes: info.nodes,
                nps: info.nps(),
            };
            let _ = events.send(Event::Line { seq: job.seq, line });
        }
    });
}

/// A line in Chinese and WXF notation, as far as its moves are legal in turn (a line read from
/// the transposition table may end in a move of another position).
fn written(pos: &Position, pv: &[Move]) -> (Vec<String>, Vec<String>) {
    let mut line = pos.clone();
    let (mut chinese, mut wxf) = (Vec::new(), Vec::new());
    for &m in pv {
        if !line.is_legal(m) {
            break;
        }
        chinese.push(Notation::Chinese.write(&line, m));
        wxf.push(Notation::Wxf.write(&line, m));
        line.make(m);
    }
    (chinese, wxf)
}

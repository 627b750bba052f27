//! The Xiangqi engine: search, evaluation, limits and playing levels.
//!
//! ```
//! use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
//! use qipan_xiangqi::Position;
//! use qipan_xiangqi::engine::{Engine, Limits};
//!
//! let mut engine = Engine::new(16);
//! let stop = AtomicBool::new(false);
//! let found = engine.search(&Position::startpos(), &Limits::depth(4), &[], &stop, &mut |_| {});
//! assert!(found.best.is_some());
//! ```
//!
//! One thread searches by default; at a fixed depth (or node count) the result is then
//! deterministic. With [`Engine::set_threads`] more threads search the same tree at once and share
//! the transposition table ("lazy SMP"): the helpers' results reach the main thread through the
//! table, and the main thread alone decides and reports. The [`Engine`] keeps its
//! transposition table and history between searches of a game; call [`Engine::new_game`]
//! between games.

pub mod eval;
pub mod level;
pub mod limits;
mod ordering;
pub mod score;
mod search;
mod see;
mod tt;
pub mod values;

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

pub use eval::evaluate;
pub use level::{Level, LevelError, Rng};
pub use limits::{Budget, Clock, Limits};
pub use score::Score;
pub use search::{Info, Outcome, Report};

use crate::moves::Move;
use crate::position::Position;
use ordering::Heuristics;
use search::{Bounds, Searcher};
use tt::TranspositionTable;

/// Default transposition-table size in MiB.
pub const DEFAULT_HASH_MB: usize = 64;
/// Largest transposition-table size accepted, in MiB.
pub const MAX_HASH_MB: usize = 4096;

/// A Xiangqi engine with its transposition table, history and playing level.
pub struct Engine {
    tt: TranspositionTable,
    heuristics: Heuristics,
    level: Level,
    rng: Rng,
    multipv: usize,
    threads: usize,
}

/// The most search threads (UCI/UCCI `Threads`).
pub const MAX_THREADS: usize = 64;

/// The most principal variations a search reports (UCI/UCCI `MultiPV`).
pub const MAX_MULTIPV: usize = 5;

impl Engine {
    /// An engine at full strength with a table of `hash_mb` MiB (clamped to 1..=[`MAX_HASH_MB`]).
    pub fn new(hash_mb: usize) -> Engine {
        Engine {
            tt: TranspositionTable::new(hash_mb.clamp(1, MAX_HASH_MB)),
            heuristics: Heuristics::default(),
            level: Level::MAX,
            rng: Rng::new(0x51_9A_4E),
            multipv: 1,
            threads: 1,
        }
    }

    /// Resizes (and clears) the transposition table.
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.tt = TranspositionTable::new(hash_mb.clamp(1, MAX_HASH_MB));
    }

    /// Sets the playing level.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// How many principal variations to find and report, 1..=[`MAX_MULTIPV`] (clamped): the
    /// best move is the first line's, and each further line costs a search of its own.
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.clamp(1, MAX_MULTIPV);
    }

    /// How many threads search, 1..=[`MAX_THREADS`] (clamped).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// How many threads search.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// How many principal variations a search reports.
    pub fn multipv(&self) -> usize {
        self.multipv
    }

    /// The playing level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Seeds the random choices of the lower levels (level 10 makes none).
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Forgets what was learnt in the previous game.
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.heuristics.clear();
    }

    /// Searches `pos` (with the history it carries, for repetitions) within `limits`, never
    /// choosing a move of `banned` (UCCI `banmoves`; `go searchmoves` bans the others), until done
    /// or `stop` is set. `on_info` sees every completed iteration of every principal variation,
    /// and the root move being searched once the search has run a second.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        banned: &[Move],
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Report),
    ) -> Outcome {
        let not_pondering = AtomicBool::new(false);
        self.search_pondering(pos, limits, banned, stop, &not_pondering, on_info)
    }

    /// [`Engine::search`] on the opponent's time (`go ponder`): while `pondering` is set the
    /// time budget of `limits` is suspended (depth and node limits still apply); once it is
    /// cleared (`ponderhit`) the search goes on as a normal timed search whose clock started at
    /// [`Limits::started`] (the `go ponder`), so it stops at once if the budget is already spent.
    pub fn search_pondering(
        &mut self,
        pos: &Position,
        limits: &Limits,
        banned: &[Move],
        stop: &AtomicBool,
        pondering: &AtomicBool,
        on_info: &mut dyn FnMut(&Report),
    ) -> Outcome {
        self.tt.new_search();
        self.heuristics.new_search();
        let budget = Budget::new(limits);
        let infinite = limits.infinite;
        let mut max_depth = if infinite {
            limits::MAX_DEPTH
        } else {
            limits.depth.unwrap_or(limits::MAX_DEPTH)
        };
        if let Some(cap) = self.level.max_depth() {
            max_depth = max_depth.min(cap);
        }
        let node_limit = if infinite { None } else { limits.nodes };
        let start = limits.started.unwrap_or_else(Instant::now);
        let shared_nodes = AtomicU64::new(0);
        let bounds = Bounds {
            stop,
            pondering,
            budget,
            node_limit,
            start,
            multipv: self.multipv,
            shared_nodes: &shared_nodes,
            first_depth: 1,
        };
        let tt = &self.tt;
        let mut searcher = Searcher::new(pos, tt, &mut self.heuristics, bounds, on_info);
        let helpers_done = AtomicBool::new(false);
        let never = AtomicBool::new(false);
        let mut outcome = std::thread::scope(|scope| {
            for k in 1..self.threads {
                let (done, never, shared_nodes) = (&helpers_done, &never, &shared_nodes);
                scope.spawn(move || {
                    let mut heuristics = Heuristics::default();
                    let bounds = Bounds {
                        stop: done,
                        pondering: never,
                        budget: Budget {
                            soft: None,
                            hard: None,
                        },
                        node_limit: None,
                        start,
                        multipv: 1,
                        shared_nodes,
                        first_depth: 1 + (k % 2) as i32,
                    };
                    let mut quiet = |_: &Report| {};
                    Searcher::new(pos, tt, &mut heuristics, bounds, &mut quiet)
                        .run(max_depth, banned);
                });
            }
            let outcome = searcher.run(max_depth, banned);
            helpers_done.store(true, Ordering::Relaxed);
            outcome
        });
        let chance = self.level.deviation_percent() as u64;
        if chance > 0 && outcome.depth > 0 && self.rng.below(100) < chance {
            let scored = searcher.score_root_moves(outcome.depth);
            if let Some(&(_, best)) = scored.first() {
                let near: Vec<(Move, Score)> = scored
                    .iter()
                    .skip(1)
                    .copied()
                    .filter(|&(_, s)| {
                        s >= best - self.level.margin() && s.abs() < score::MATE_BOUND
                    })
                    .collect();
                if !near.is_empty() && best.abs() < score::MATE_BOUND {
                    let (m, s) = near[self.rng.below(near.len() as u64) as usize];
                    outcome.best = Some(m);
                    outcome.ponder = None;
                    outcome.score = s;
                    outcome.pv = vec![m];
                }
            }
        }
        outcome
    }
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new(DEFAULT_HASH_MB)
    }
}

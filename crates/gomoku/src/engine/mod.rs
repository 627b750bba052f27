//! The engine: incremental pattern evaluation ([`state`]), threat-space search ([`threats`]) and
//! alpha-beta ([`search`]) under a time limit, at levels 1–10.

mod analysis;
mod deep_defence;
pub mod eval;
mod fail_cache;
mod level;
mod opening_play;
pub mod patterns;
mod search;
pub mod state;
mod threats;
mod time_shares;
mod tt;
mod win_memory;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use analysis::{Analysis, ForcedWin, MAX_LINES, ScoredMove, ThreatPoints, WinKind};
pub use level::Level;
use search::Searcher;
pub use search::{WIN, WIN_BOUND};
use state::State;
use time_shares::TimeShares;
use tt::Tt;
use win_memory::WinMemory;

use crate::board::Board;
use crate::point::{Color, Point};
use crate::rules::RuleSet;

/// Candidate moves searched at the root at full strength (all of them when every one loses).
const ROOT_BREADTH: usize = 24;

/// How long the engine may think, and a way to stop it early.
#[derive(Debug, Clone, Default)]
pub struct SearchLimits {
    /// Wall-clock time for this move.
    pub time: Duration,
    /// When set (by another thread), the search stops at once and answers with its best move so
    /// far. Polled where the clock is.
    pub stop: Option<Arc<AtomicBool>>,
}

impl SearchLimits {
    /// A limit of `ms` milliseconds.
    pub fn millis(ms: u64) -> SearchLimits {
        SearchLimits::time(Duration::from_millis(ms))
    }

    /// A limit of `time`.
    pub fn time(time: Duration) -> SearchLimits {
        SearchLimits { time, stop: None }
    }

    /// The same limits, also stopping when `stop` is set.
    pub fn with_stop(self, stop: Arc<AtomicBool>) -> SearchLimits {
        SearchLimits {
            stop: Some(stop),
            ..self
        }
    }
}

/// How the move was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// The only sensible move: the centre of an empty board, a five, a block of a five.
    Forced,
    /// The first move of a victory by continuous fours.
    Vcf,
    /// The first move of a victory by continuous threats.
    Vct,
    /// Alpha-beta search.
    Search,
    /// Chosen by shape (low levels).
    Shape,
}

/// The engine's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play.
    pub best: Point,
    /// Score for the side to move (positive is good; beyond ±999000 a forced win or loss).
    pub score: i32,
    /// Depth of the last completed alpha-beta iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// How the move was found.
    pub found: Found,
}

impl SearchResult {
    /// Whether the score announces a forced win (positive) or loss (negative).
    pub fn is_decisive(&self) -> bool {
        self.score.abs() > WIN_BOUND
    }
}

/// A Gomoku engine. It keeps its transposition table and the wins its threat searches proved
/// between moves.
pub struct Engine {
    level: Level,
    tt: Tt,
    wins: WinMemory,
    rng: ChaCha8Rng,
}

impl Engine {
    /// An engine at `level` (random choices at low levels seeded from `seed`).
    pub fn new(level: Level, seed: u64) -> Engine {
        Engine {
            level,
            tt: Tt::new(18),
            wins: WinMemory::new(16),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// The playing level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Changes the playing level.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Forgets what previous searches learnt (call between games).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.wins.clear();
    }

    /// The move for the side to move on `board` (Black after an even number of stones) under
    /// `rule_set`, or None when the board is full. Never returns an occupied point, nor a
    /// forbidden point for Black in renju unless every empty point is forbidden.
    pub fn best_move(
        &mut self,
        board: &Board,
        rule_set: RuleSet,
        limits: SearchLimits,
    ) -> Option<SearchResult> {
        let start = Instant::now();
        let deadline = start + limits.time;
        let shares = TimeShares::new(start, limits.time);
        let mut st = State::from_board(board, rule_set);
        let empties = st.empty_points();
        let first_empty = *empties.first()?;
        let me = st.side();
        let result =
            |i: usize, score: i32, found: Found, depth: u32, nodes: u64, st: &State| SearchResult {
                best: st.point(i),
                score,
                depth,
                nodes,
                found,
            };
        if st.stones() == 0 {
            let c = board.size() / 2;
            let i = st.index(Point::new(c, c));
            return Some(result(i, 0, Found::Forced, 0, 0, &st));
        }
        let level = self.level;
        let mut searcher = Searcher::new(&mut st, &mut self.tt, deadline, limits.stop.clone());
        // Forced: our five, or the opponent's five to block.
        if let Some(&p) = searcher.st.five_points(me, None).first() {
            return Some(result(p, search::WIN, Found::Forced, 0, 0, searcher.st));
        }
        let opp_fives = searcher.st.five_points(me.opponent(), None);
        if let Some(&p) = opp_fives.iter().find(|&&p| searcher.st.is_legal(p, me)) {
            let score = if opp_fives.len() > 1 { -search::WIN } else { 0 };
            if opp_fives.len() > 1 || searcher.st.kind(p, me) < state::kind::FOUR {
                return Some(result(p, score, Found::Forced, 0, 0, searcher.st));
            }
        }
        // A win proved at an earlier move (the opponent's replies since stayed within its proof).
        searcher.remember_wins(&mut self.wins);
        let remembered = searcher.remembered_win();
        if let Some(p) = remembered.filter(|&p| searcher.st.is_legal(p, me)) {
            return Some(result(p, search::WIN - 2, Found::Vct, 0, 0, searcher.st));
        }
        // Threat-space search to win.
        if level.vcf_depth() > 0 {
            searcher.set_deadline(shares.vcf_win());
            if let Some(p) = searcher.vcf(level.vcf_depth()) {
                let nodes = searcher.nodes;
                return Some(result(
                    p,
                    search::WIN - 1,
                    Found::Vcf,
                    0,
                    nodes,
                    searcher.st,
                ));
            }
        }
        if level.vct_depth() > 0 {
            searcher.set_deadline(shares.vct_win());
            if let Some(p) = searcher.vct(level.vct_depth(), level.vcf_depth()) {
                let nodes = searcher.nodes;
                return Some(result(
                    p,
                    search::WIN - 2,
                    Found::Vct,
                    0,
                    nodes,
                    searcher.st,
                ));
            }
        }
        searcher.set_deadline(deadline);
        let breadth = if level.max_depth() == 0 {
            12
        } else {
            ROOT_BREADTH
        };
        let mut moves = searcher.candidates(breadth);
        let listed = moves.len();
        if moves.is_empty() {
            // Every point is lost or forbidden: play anything legal, else anything.
            let fallback = empties
                .iter()
                .copied()
                .find(|&i| searcher.st.is_legal(i, me))
                .unwrap_or(first_empty);
            return Some(result(
                fallback,
                -search::WIN,
                Found::Forced,
                0,
                0,
                searcher.st,
            ));
        }
        if level.max_depth() == 0 {
            let noise = level.noise();
            let best = moves
                .iter()
                .copied()
                .max_by_key(|&i| {
                    let shape = searcher.st.move_shape(i);
                    // Noise proportional to a small shape value: big threats stay visible.
                    shape + self.rng.random_range(0..=noise) * (shape.min(400) / 40 + 1)
                })
                .unwrap_or(moves[0]);
            return Some(result(best, 0, Found::Shape, 0, 0, searcher.st));
        }
        // Defence against the opponent's VCF: keep the moves after which it fails.
        let (vcf_depth, vct_depth) = (level.vcf_depth(), level.vct_depth());
        let defences = shares.defences().filter(|_| moves.len() > 1);
        if let Some(until) = defences.filter(|_| vcf_depth > 0) {
            moves = searcher.filter_defences(moves, until, |s| s.vcf(vcf_depth).is_some());
        }
        // Against the opponent's VCT, likewise: a VCT found is a forced win, so a move after
        // which the opponent has one loses. (One after which none is found within the depth may
        // still lose deeper: the search has the last word among the moves kept.)
        if let Some(until) = defences.filter(|_| vct_depth > 0 && moves.len() > 1) {
            let depth = vct_depth.min(3);
            let before = moves.len();
            moves = searcher
                .filter_defences(moves, until, |s| s.vct(depth, vcf_depth.min(12)).is_some());
            // The short filter kept every move (no short VCT, or nothing stops it): look for a
            // long one, of connected threats, and the moves that stop it.
            if let Some(until) = shares.deep_defence().filter(|_| level == Level::MAX)
                && moves.len() == before
            {
                moves = searcher.deep_defence(moves, until, vcf_depth.min(8));
            }
        }
        // The breadth limit cut the list and the defences against threat-space wins kept every
        // move: the moves left out are as good candidates as those kept.
        let mut may_widen = listed == breadth && moves.len() == listed;
        searcher.leaf_vcf = if level.get() >= 8 { 4 } else { 0 };
        searcher.breadth = level.breadth();
        searcher.reduce_late_moves = level.reduces_late_moves();
        let mut best = (moves[0], 0);
        let mut depth_done = 0;
        let mut depth = 1;
        while depth <= level.max_depth() {
            let Some(iteration) = searcher.root(&mut moves, depth) else {
                break;
            };
            best = (iteration.best, iteration.score);
            if !iteration.complete {
                break;
            }
            depth_done = depth as u32;
            // Every root move tried loses: the points the breadth limit left out get their
            // chance at the same depth before the game is given up.
            if iteration.score < -WIN_BOUND && may_widen {
                may_widen = false;
                let rest = searcher.left_out(&moves);
                if !rest.is_empty() {
                    moves.extend(rest);
                    continue;
                }
            }
            if iteration.score.abs() > WIN_BOUND || searcher.out_of_time() {
                break;
            }
            depth += 1;
        }
        let nodes = searcher.nodes;
        Some(result(
            best.0,
            best.1,
            Found::Search,
            depth_done,
            nodes,
            searcher.st,
        ))
    }
}

impl Engine {
    /// A victory by continuous fours for the side to move, within `max_fours` attacking moves and
    /// the time limit: the whole line, attacker's fours and defender's forced blocks alternating,
    /// ending with the five. None when no VCF is found.
    pub fn solve_vcf(
        &mut self,
        board: &Board,
        rule_set: RuleSet,
        max_fours: u32,
        limits: SearchLimits,
    ) -> Option<Vec<Point>> {
        let deadline = Instant::now() + limits.time;
        let mut st = State::from_board(board, rule_set);
        let mut searcher = Searcher::new(&mut st, &mut self.tt, deadline, limits.stop);
        let mut line = vec![];
        let mut depth = max_fours;
        loop {
            let attacker = searcher.st.side();
            let p = searcher.vcf(depth)?;
            line.push(searcher.st.point(p));
            if searcher.st.kind(p, attacker) == state::kind::FIVE {
                return Some(line);
            }
            searcher.st.make(p);
            let fives = searcher.st.five_points(attacker, Some(p));
            let Some(&block) = fives.first() else {
                return Some(line);
            };
            if attacker == Color::White && searcher.st.is_forbidden(block) {
                // Black may not block: the five follows next move whatever Black does.
                return Some(line);
            }
            line.push(searcher.st.point(block));
            searcher.st.make(block);
            depth = depth.saturating_sub(1).max(1);
        }
    }
}

impl Searcher<'_> {
    fn set_deadline(&mut self, deadline: Instant) {
        self.deadline = deadline;
        self.stopped = self.out_of_time();
    }

    /// If the opponent would have a threat-space win (`threat`) were it to move, keeps only the
    /// moves after which it fails (all of them when none does, or when time runs short).
    fn filter_defences(
        &mut self,
        moves: Vec<usize>,
        deadline: Instant,
        threat: impl Fn(&mut Self) -> bool,
    ) -> Vec<usize> {
        let saved = self.deadline;
        self.set_deadline(deadline);
        self.st.pass();
        let threatened = threat(self);
        self.st.unpass();
        if !threatened || self.stopped {
            self.set_deadline(saved);
            return moves;
        }
        let mut kept = vec![];
        for &m in &moves {
            self.st.make(m);
            let refuted = !threat(self);
            self.st.unmake();
            if self.stopped {
                self.set_deadline(saved);
                return moves;
            }
            if refuted {
                kept.push(m);
            }
        }
        self.set_deadline(saved);
        if kept.is_empty() { moves } else { kept }
    }
}

/// Colour to move on a board: Black after an even number of stones.
pub fn side_to_move(board: &Board) -> Color {
    if board.stone_count().is_multiple_of(2) {
        Color::Black
    } else {
        Color::White
    }
}

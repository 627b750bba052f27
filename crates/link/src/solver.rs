//! The solver: can every tile be removed, and in which order?
//!
//! Deciding this is NP-complete for Shisen-Sho boards of any size ("Shisen-Sho is NP-complete",
//! IEICE Trans. Inf. & Syst. E95-D(11):2712-2715, 2012, doi:10.1587/transinf.E95.D.2712; and
//! M. de Bondt, "Solving Shisen-Sho boards", arXiv:2010.09014), so the solver is a depth-first
//! search over removals with limits, and answers [`Verdict::Unknown`] when they run out.
//!
//! What it guarantees:
//! - [`Verdict::Clearable`]: the moves, played in order in the given mode, clear the board.
//! - [`Verdict::Stuck`]: no sequence of removals clears the board. The search is exhaustive; it
//!   skips only positions already proven stuck (recognised by a 128-bit hash of the cells) and,
//!   in [`Mode::Classic`], orders that cannot matter, by this argument: without moving tiles a
//!   removal only empties cells, so a pair that can be removed now stays removable. Hence if a
//!   kind has just two tiles left and they can be removed now, or all four of its tiles can be
//!   removed now as two pairs, removing them first keeps every solution of the rest valid.
//! - [`Verdict::Unknown`]: the node or time limit ran out first.

use crate::board::{Board, MAX_KINDS};
use crate::mode::Mode;
use crate::point::Move;
use crate::reach::Reach;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

/// How much search the solver may spend before answering [`Verdict::Unknown`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Most positions to expand. Deals use a node limit alone, so they stay reproducible.
    pub max_nodes: u64,
    /// Most wall-clock time, if any.
    pub time: Option<Duration>,
}

impl Default for Limits {
    /// A million positions or ten seconds, whichever comes first.
    fn default() -> Self {
        Limits {
            max_nodes: 1_000_000,
            time: Some(Duration::from_secs(10)),
        }
    }
}

/// The solver's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The board can be cleared by these removals, in this order.
    Clearable(Vec<Move>),
    /// The board cannot be cleared: every order of removals gets stuck.
    Stuck,
    /// The limits ran out before the question was settled.
    Unknown,
}

/// A verdict and the work it took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution {
    /// The answer.
    pub verdict: Verdict,
    /// Positions expanded.
    pub nodes: u64,
}

/// Decides whether `board` can be cleared in `mode`, within `limits`.
pub fn solve(board: &Board, mode: Mode, limits: Limits) -> Solution {
    let mut solver = Solver {
        mode,
        max_nodes: limits.max_nodes,
        deadline: limits.time.map(|t| Instant::now() + t),
        nodes: 0,
        run_end: u64::MAX,
        out_of_limits: false,
        shuffle: None,
        reach: Reach::new(board),
        stuck: HashSet::new(),
    };
    let mut moves = Vec::new();
    // With moving tiles an early mistake can hide under a huge stuck subtree, so the search
    // restarts with a fresh random order and twice the budget whenever a run's budget is spent
    // (positions proven stuck stay known). Classic mode needs no restarts: order hardly matters.
    let mut budget = if mode.moves_tiles() {
        FIRST_RUN
    } else {
        u64::MAX
    };
    let verdict = loop {
        solver.run_end = solver.nodes.saturating_add(budget);
        match solver.search(board.clone(), &mut moves) {
            Some(true) => break Verdict::Clearable(moves),
            Some(false) => break Verdict::Stuck,
            None if solver.out_of_limits => break Verdict::Unknown,
            None => {
                budget = budget.saturating_mul(2);
                let seed = solver.nodes;
                solver.shuffle = Some(ChaCha8Rng::seed_from_u64(seed));
            }
        }
    };
    Solution {
        verdict,
        nodes: solver.nodes,
    }
}

/// Positions the first run may expand before a restart, with moving tiles.
const FIRST_RUN: u64 = 500;

struct Solver {
    mode: Mode,
    max_nodes: u64,
    deadline: Option<Instant>,
    nodes: u64,
    /// Node count at which the current run stops.
    run_end: u64,
    /// Whether the search stopped because the caller's limits ran out.
    out_of_limits: bool,
    /// The order of removals after a restart.
    shuffle: Option<ChaCha8Rng>,
    reach: Reach,
    stuck: HashSet<u128>,
}

impl Solver {
    /// Whether `board` can be cleared (appending the removals to `moves`), or `None` when a
    /// limit ran out. On `Some(false)` and `None`, `moves` is left as it was.
    fn search(&mut self, mut board: Board, moves: &mut Vec<Move>) -> Option<bool> {
        let depth = moves.len();
        let mut pairs = Vec::new();
        loop {
            if board.is_cleared() {
                return Some(true);
            }
            self.nodes += 1;
            if self.nodes > self.max_nodes
                || (self.nodes & 255 == 0 && self.deadline.is_some_and(|d| Instant::now() > d))
            {
                self.out_of_limits = true;
            }
            if self.out_of_limits || self.nodes > self.run_end {
                moves.truncate(depth);
                return None;
            }
            if self.stuck.contains(&key(&board)) {
                moves.truncate(depth);
                return Some(false);
            }
            self.reach.pairs(&board, &mut pairs);
            if self.mode == Mode::Classic && self.remove_safe_pairs(&mut board, &pairs, moves) {
                continue;
            }
            break;
        }
        for (child, m) in self.children(&board, &pairs) {
            moves.push(m);
            match self.search(child, moves) {
                Some(true) => return Some(true),
                Some(false) => {
                    moves.pop();
                }
                None => {
                    moves.truncate(depth);
                    return None;
                }
            }
        }
        self.stuck.insert(key(&board));
        moves.truncate(depth);
        Some(false)
    }

    /// The positions after each removable pair, in reading order or, after a restart, in a
    /// random order.
    fn children(&mut self, board: &Board, pairs: &[(usize, usize)]) -> Vec<(Board, Move)> {
        let mut order = pairs.to_vec();
        if let Some(rng) = &mut self.shuffle {
            order.shuffle(rng);
        }
        order
            .into_iter()
            .map(|(i, j)| {
                let m = Move::new(board.point(i), board.point(j));
                let mut child = board.clone();
                child.remove_unchecked(m.a, m.b, self.mode);
                (child, m)
            })
            .collect()
    }

    /// In classic mode, removes every pair that cannot spoil a solution (see the module docs).
    /// Returns whether it removed any.
    fn remove_safe_pairs(
        &mut self,
        board: &mut Board,
        pairs: &[(usize, usize)],
        moves: &mut Vec<Move>,
    ) -> bool {
        let mut count = [0u16; MAX_KINDS + 1];
        for &v in board.raw_cells() {
            count[v as usize] += 1;
        }
        let mut safe: Vec<(usize, usize)> = Vec::new();
        let used = |safe: &[(usize, usize)], i: usize| safe.iter().any(|&(a, b)| a == i || b == i);
        for (n, &(i, j)) in pairs.iter().enumerate() {
            let kind = board.raw(i);
            if used(&safe, i) || used(&safe, j) {
                continue;
            }
            match count[kind as usize] {
                2 => safe.push((i, j)),
                4 => {
                    // Another pair of the same kind disjoint from this one: all four go.
                    if let Some(&other) = pairs[n + 1..].iter().find(|&&(k, l)| {
                        board.raw(k) == kind && k != i && k != j && l != i && l != j
                    }) {
                        safe.push((i, j));
                        safe.push(other);
                    }
                }
                _ => {}
            }
        }
        for &(i, j) in &safe {
            let m = Move::new(board.point(i), board.point(j));
            board.remove_unchecked(m.a, m.b, Mode::Classic);
            moves.push(m);
        }
        !safe.is_empty()
    }
}

/// A 128-bit fingerprint of the cells.
fn key(board: &Board) -> u128 {
    let half = |salt: u64| {
        let mut h = DefaultHasher::new();
        salt.hash(&mut h);
        board.raw_cells().hash(&mut h);
        h.finish()
    };
    (u128::from(half(0x9e37_79b9_7f4a_7c15)) << 64) | u128::from(half(0xc2b2_ae3d_27d4_eb4f))
}

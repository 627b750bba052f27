//! The solver: can every tile be removed, and in which order?
//!
//! Deciding this is NP-complete for Shisen-Sho boards of any size ("Shisen-Sho is NP-complete",
//! IEICE Trans. Inf. & Syst. E95-D(11):2712-2715, 2012, doi:10.1587/transinf.E95.D.2712; and
//! M. de Bondt, "Solving Shisen-Sho boards", arXiv:2010.09014), so the solver is a depth-first
//! search over removals with limits, and answers [`Verdict::Unknown`] when they run out. It
//! first plays a few random greedy games (most boards are cleared by removing any pair until
//! none is left), then searches, restarting with a random order and twice the budget whenever
//! a run's budget is spent (search times are heavy-tailed: an early mistake can hide under a
//! huge stuck subtree).
//!
//! What it guarantees:
//! - [`Verdict::Clearable`]: the moves, played in order in the given mode, clear the board.
//! - [`Verdict::Stuck`]: no sequence of removals clears the board. The search is exhaustive; it
//!   skips only positions already proven stuck (recognised by a 128-bit hash of the cells) and,
//!   in [`Mode::Classic`], orders that cannot matter. Without moving tiles a removal only
//!   empties cells, so a pair that can be removed now stays removable, and removals of disjoint
//!   pairs commute. Hence:
//!   - if a kind has just two tiles left and they can be removed now, or all four of its tiles
//!     can be removed now as two pairs, removing them first keeps every solution of the rest
//!     valid;
//!   - once the position after removing pair `P` is proven stuck, the later siblings' subtrees
//!     never remove `P` ("sleep sets" of partial-order reduction): removing it there reaches a
//!     position below the one proven stuck. A pair asleep that is also safe to take first
//!     proves its position stuck at once.
//!
//! In classic mode the removable pairs of a position are updated from its parent's (only tiles
//! that can reach an emptied cell can gain a partner), not searched again from every tile.

use crate::board::{Board, MAX_KINDS};
use crate::mode::Mode;
use crate::point::Move;
use crate::reach::Reach;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
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
    // Most boards are cleared by removing any pair at random until none is left; trying that a
    // few times first costs little and spares the exhaustive search on them.
    for run in 0..GREEDY_RUNS {
        if let Some(moves) = solver.greedy(board, &mut ChaCha8Rng::seed_from_u64(run)) {
            return Solution {
                verdict: Verdict::Clearable(moves),
                nodes: solver.nodes,
            };
        }
    }
    let mut moves = Vec::new();
    // Restarts keep the positions proven stuck (see the module docs).
    let mut budget = FIRST_RUN;
    let verdict = loop {
        solver.run_end = solver.nodes.saturating_add(budget);
        match solver.search(board.clone(), None, Vec::new(), &mut moves) {
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

/// A position's parent's removable pairs (stored cell indices) and the two cells emptied since.
type Parent<'a> = (&'a [(usize, usize)], [usize; 2]);

/// Random greedy plays tried before the exhaustive search.
const GREEDY_RUNS: u64 = 4;

/// Positions the first run of the search may expand before a restart.
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
    /// limit ran out. On `Some(false)` and `None`, `moves` is left as it was. `parent` is the
    /// board's parent's removable pairs and the two cells emptied since, from which the
    /// board's own pairs follow cheaply (`None` at the root).
    fn search(
        &mut self,
        mut board: Board,
        parent: Option<Parent<'_>>,
        mut asleep: Vec<(usize, usize)>,
        moves: &mut Vec<Move>,
    ) -> Option<bool> {
        let mut known: Option<Vec<(usize, usize)>> = None;
        let depth = moves.len();
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
            let pairs = match known.take() {
                Some(pairs) => pairs,
                None => match parent {
                    Some((before, removed)) => self.pairs_after(&board, before, &removed),
                    None => {
                        let mut all = Vec::new();
                        self.reach.pairs(&board, &mut all);
                        all
                    }
                },
            };
            let safe = if self.mode == Mode::Classic {
                self.safe_pairs(&board, &pairs)
            } else {
                Vec::new()
            };
            if safe.is_empty() {
                known = Some(pairs);
                break;
            }
            if safe.iter().any(|p| asleep.contains(p)) {
                // Removing it first loses nothing, and that was proven stuck (see `asleep`).
                self.stuck.insert(key(&board));
                moves.truncate(depth);
                return Some(false);
            }
            let removed: Vec<usize> = safe.iter().flat_map(|&(i, j)| [i, j]).collect();
            for &(i, j) in &safe {
                let m = Move::new(board.point(i), board.point(j));
                board.remove_unchecked(m.a, m.b, Mode::Classic);
                moves.push(m);
            }
            asleep.retain(|&(i, j)| !removed.contains(&i) && !removed.contains(&j));
            known = Some(self.pairs_after(&board, &pairs, &removed));
        }
        let pairs = known.unwrap_or_default();
        let mut order = pairs.clone();
        if let Some(rng) = &mut self.shuffle {
            order.shuffle(rng);
        }
        for (i, j) in order {
            if asleep.contains(&(i, j)) {
                continue;
            }
            let m = Move::new(board.point(i), board.point(j));
            let mut child = board.clone();
            child.remove_unchecked(m.a, m.b, self.mode);
            let child_asleep = asleep
                .iter()
                .copied()
                .filter(|&(k, l)| k != i && k != j && l != i && l != j)
                .collect();
            moves.push(m);
            match self.search(child, Some((&pairs, [i, j])), child_asleep, moves) {
                Some(true) => return Some(true),
                Some(false) => {
                    moves.pop();
                    if self.mode == Mode::Classic {
                        asleep.push((i, j));
                    }
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

    /// Removes random removable pairs from `board` until it is cleared (returning the removals)
    /// or stuck, or the node limit is reached (each removal counts as a position).
    fn greedy(&mut self, board: &Board, rng: &mut ChaCha8Rng) -> Option<Vec<Move>> {
        let mut board = board.clone();
        let mut pairs = Vec::new();
        self.reach.pairs(&board, &mut pairs);
        let mut moves = Vec::new();
        while !board.is_cleared() {
            if pairs.is_empty() || self.nodes >= self.max_nodes {
                return None;
            }
            self.nodes += 1;
            let (i, j) = pairs[rng.random_range(0..pairs.len())];
            let m = Move::new(board.point(i), board.point(j));
            board.remove_unchecked(m.a, m.b, self.mode);
            moves.push(m);
            pairs = self.pairs_after(&board, &pairs, &[i, j]);
        }
        Some(moves)
    }

    /// The removable pairs of `board` just after the tiles at `removed` went, given those of
    /// the board before: updated incrementally in classic mode, from scratch when tiles move.
    fn pairs_after(
        &mut self,
        board: &Board,
        before: &[(usize, usize)],
        removed: &[usize],
    ) -> Vec<(usize, usize)> {
        let mut pairs = Vec::new();
        if self.mode == Mode::Classic {
            self.reach
                .pairs_after_removal(board, before, removed, &mut pairs);
        } else {
            self.reach.pairs(board, &mut pairs);
        }
        pairs
    }

    /// In classic mode, the pairs of `pairs` that cannot spoil a solution (see the module
    /// docs), pairwise disjoint.
    fn safe_pairs(&self, board: &Board, pairs: &[(usize, usize)]) -> Vec<(usize, usize)> {
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
        safe
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

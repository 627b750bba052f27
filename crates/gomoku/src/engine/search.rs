//! Alpha-beta (principal variation search) with a transposition table and iterative deepening.
//! Candidate moves are restricted by threats: a five must be blocked, an open three must be
//! answered by a block or a four; otherwise the best-valued points near the stones are tried.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::eval::evaluate;
use super::fail_cache::FailCache;
use super::patterns;
use super::state::{State, kind};
use super::tt::{Bound, Entry, Tt};
use super::win_memory::WinMemory;
use crate::point::Color;
use crate::rules::RuleSet;

/// A won position's score (minus the distance in plies).
pub const WIN: i32 = 1_000_000;
/// Scores beyond this are wins or losses.
pub const WIN_BOUND: i32 = WIN - 1000;
/// The first move (counted from 0, in the order tried) that late move reductions may reduce.
const LMR_FROM: usize = 2;

/// What one iteration of the root search found.
pub struct Iteration {
    /// The best move.
    pub best: usize,
    /// Its score.
    pub score: i32,
    /// Whether every root move was searched (else the time ran out part way).
    pub complete: bool,
}

/// The working state of one search.
pub struct Searcher<'a> {
    /// The board being searched.
    pub st: &'a mut State,
    tt: &'a mut Tt,
    pub(super) deadline: Instant,
    stop: Option<Arc<AtomicBool>>,
    /// Nodes visited (alpha-beta and threat search).
    pub nodes: u64,
    /// Set when the deadline passed; results after that are discarded.
    pub stopped: bool,
    pub(super) vcf_failed: FailCache,
    pub(super) vct_failed: FailCache,
    /// VCF depth used at the leaves of the alpha-beta search.
    pub leaf_vcf: u32,
    /// Candidate moves tried at plies 0–1, 2–3, 4–5 and beyond (when no threat must be answered).
    pub breadth: [usize; 4],
    /// Plies beyond which leaves facing an open three are no longer extended.
    max_ply: i32,
    /// When kept, the moves of the last threat-space win found (the attacker's and the
    /// defences they beat), for the root defence.
    pub(super) trace: Option<Vec<usize>>,
    /// The candidates' sort keys, kept between calls so that each node does not allocate them.
    keyed: Vec<(i32, u32, u32)>,
    /// Where the threat searches record the wins they prove, when the caller keeps them.
    wins: Option<&'a mut WinMemory>,
    /// Whether late quiet moves are searched a ply shallower first (see [`LMR_FROM`]).
    pub reduce_late_moves: bool,
}

impl<'a> Searcher<'a> {
    /// A searcher over `st` that stops at `deadline` or when `stop` is set.
    pub fn new(
        st: &'a mut State,
        tt: &'a mut Tt,
        deadline: Instant,
        stop: Option<Arc<AtomicBool>>,
    ) -> Searcher<'a> {
        let mut searcher = Searcher {
            st,
            tt,
            deadline,
            stop,
            nodes: 0,
            stopped: false,
            vcf_failed: FailCache::new(16),
            vct_failed: FailCache::new(14),
            leaf_vcf: 0,
            breadth: [20, 12, 7, 5],
            max_ply: 0,
            trace: None,
            keyed: vec![],
            wins: None,
            reduce_late_moves: false,
        };
        searcher.stopped = searcher.out_of_time();
        searcher
    }

    /// Lets the threat searches record in `wins` every position they prove won, with its
    /// winning move.
    pub fn remember_wins(&mut self, wins: &'a mut WinMemory) {
        self.wins = Some(wins);
    }

    /// Records that the side to move wins here with `p`, when wins are kept.
    pub(super) fn remember_win(&mut self, p: usize) {
        if let Some(wins) = self.wins.as_deref_mut() {
            wins.insert(self.st.hash(), p);
        }
    }

    /// The winning move recorded for this position, when wins are kept and it is an empty
    /// point of this board.
    pub fn remembered_win(&self) -> Option<usize> {
        let p = self.wins.as_deref()?.get(self.st.hash())?;
        (self.st.points().contains(&p) && self.st.is_empty(p)).then_some(p)
    }

    /// Counts a node; true once the time is up or the stop flag is set.
    pub fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(256) && self.out_of_time() {
            self.stopped = true;
        }
        self.stopped
    }

    /// Whether the deadline has passed or the stop flag is set.
    pub fn out_of_time(&self) -> bool {
        Instant::now() >= self.deadline
            || self
                .stop
                .as_ref()
                .is_some_and(|s| s.load(Ordering::Relaxed))
    }

    /// The candidate moves of the side to move, best first (empty when it has lost): the answers
    /// to the opponent's four or open three (all of them), else the `limit` best points near the
    /// stones.
    pub fn candidates(&mut self, mut limit: usize) -> Vec<usize> {
        let me = self.st.side();
        let opp = me.opponent();
        let opp_fives = self.st.five_points(opp, None);
        // The answers to a threat, or None when there is none to answer.
        let answers: Option<Vec<usize>> = if !opp_fives.is_empty() {
            Some(opp_fives)
        } else {
            let opp_threat: Vec<usize> = self.st.points_of_kind(opp, kind::FLEX_FOUR);
            let opp_threat: Vec<usize> = opp_threat
                .into_iter()
                .filter(|&q| self.st.is_legal(q, opp))
                .collect();
            if !opp_threat.is_empty() {
                limit = usize::MAX;
                let mut m = self.threat_defences(opp, &opp_threat);
                for q in self.st.points_of_kind(me, kind::FOUR) {
                    if !m.contains(&q) {
                        m.push(q);
                    }
                }
                Some(m)
            } else {
                None
            }
        };
        // Best value first, ties in the order found. Without a threat to answer, the points are
        // the empty ones near the stones (the compact near counts are read first), and only the
        // `limit` best are kept, in order, as they are found; the whole list is sorted when all
        // are wanted or when illegal points must be skipped past the best (renju, Black).
        let may_be_illegal = me == Color::Black && self.st.rule_set() == RuleSet::Renju;
        let st = &*self.st;
        let mut keyed = std::mem::take(&mut self.keyed);
        keyed.clear();
        let key = |(n, q): (usize, usize)| (-st.move_shape(q), n as u32, q as u32);
        match answers {
            Some(answers) => {
                keyed.extend(answers.into_iter().enumerate().map(key));
                keyed.sort_unstable();
            }
            None => {
                let near = st.points().iter().copied();
                let near = near.filter(|&q| st.near(q) > 0 && st.is_empty(q));
                if may_be_illegal || limit == usize::MAX {
                    keyed.extend(near.enumerate().map(key));
                    keyed.sort_unstable();
                } else {
                    keep_smallest(&mut keyed, near.enumerate().map(key), limit);
                }
            }
        }
        let mut out = Vec::with_capacity(keyed.len().min(limit));
        for &(_, _, q) in &keyed {
            if out.len() >= limit {
                break;
            }
            let q = q as usize;
            if !may_be_illegal || self.st.is_legal(q, me) {
                out.push(q);
            }
        }
        self.keyed = keyed;
        out
    }

    /// The candidate moves not in `tried`, best first: what the breadth limit left out.
    pub fn left_out(&mut self, tried: &[usize]) -> Vec<usize> {
        let mut rest = self.candidates(usize::MAX);
        rest.retain(|q| !tried.contains(q));
        rest
    }

    /// The points that stop `opp`'s threats to make an open four (or a double four) at
    /// `threats`: on each threatening line, the threat point itself and every point where `opp`
    /// would make a four along that line (the ends and gaps of the three). Counter-fours are the
    /// caller's to add.
    fn threat_defences(&self, opp: Color, threats: &[usize]) -> Vec<usize> {
        let mut out = Vec::with_capacity(8);
        let dirs = self.st.dirs();
        for &f in threats {
            for (d, &step) in dirs.iter().enumerate() {
                if self.st.pattern(f, opp, d) < patterns::FOUR {
                    continue;
                }
                for o in -5..=5isize {
                    let q = (f as isize + o * step) as usize;
                    let blocks = o == 0 || self.st.pattern(q, opp, d) >= patterns::FOUR;
                    if self.st.is_empty(q) && blocks && !out.contains(&q) {
                        out.push(q);
                    }
                }
            }
        }
        out
    }

    /// Quick verdicts that need no search: a win now, or a loss to two fives.
    fn tactical(&mut self, ply: i32) -> Option<i32> {
        let me = self.st.side();
        let opp = me.opponent();
        if self.st.has_kind(me, kind::FIVE) {
            return Some(WIN - ply);
        }
        if self.st.has_kind(opp, kind::FIVE) {
            let opp_fives = self.st.five_points(opp, None);
            let blockable = match opp_fives[..] {
                [q] => self.st.is_legal(q, me),
                [] => true,
                _ => false,
            };
            if !blockable {
                return Some(-(WIN - ply - 1));
            }
        } else if self.st.has_kind(me, kind::FLEX_FOUR) {
            let flex = self.st.points_of_kind(me, kind::FLEX_FOUR);
            if flex.into_iter().any(|q| self.st.is_legal(q, me)) {
                return Some(WIN - ply - 2);
            }
        }
        if self.st.is_full() {
            return Some(0);
        }
        None
    }

    /// Negamax principal variation search.
    pub fn negamax(&mut self, mut depth: i32, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        if let Some(score) = self.tactical(ply) {
            return score;
        }
        // Quiescence for threes: a leaf where the opponent threatens an open four is searched one
        // ply more (the answers are few: blocks and fours), so the horizon does not hide it.
        if depth <= 0 && ply < self.max_ply {
            let opp = self.st.side().opponent();
            if self.st.has_kind(opp, kind::FLEX_FOUR) {
                depth = 1;
            }
        }
        if depth <= 0 {
            // The leaf VCF can only raise the score: a leaf already at beta fails high without it.
            let standing = evaluate(self.st);
            if standing < beta && self.leaf_vcf > 0 && self.vcf_connected(self.leaf_vcf).is_some() {
                return WIN - ply - 10;
            }
            return standing;
        }
        let key = self.st.hash();
        let mut tt_move = usize::MAX;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if e.depth >= depth {
                let score = from_tt(e.score, ply);
                match e.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        // Narrower with depth: deep plies look only at the best few points, so that the time
        // goes into depth (answers to a four or an open three are never cut).
        let limit = self.breadth[(ply as usize / 2).min(3)];
        let mut moves = self.candidates(limit);
        if moves.is_empty() {
            return -(WIN - ply - 1);
        }
        if let Some(pos) = moves.iter().position(|&m| m == tt_move) {
            moves[..=pos].rotate_right(1);
        }
        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = moves[0];
        // A forced reply (the only move, e.g. blocking a four) costs no depth.
        let child = if moves.len() == 1 { depth } else { depth - 1 };
        let me = self.st.side();
        // Late move reductions: from the third move on, a move that makes no three or four is
        // searched a ply shallower first, and again at full depth only if it beats alpha there.
        // Not where a four or an open three of the opponent must be answered: those moves are
        // all real defences.
        let may_reduce = self.reduce_late_moves
            && depth >= 3
            && !self.st.has_kind(me.opponent(), kind::FLEX_FOUR);
        let mut widened = moves.len() < limit;
        let mut n = 0;
        while n < moves.len() {
            let m = moves[n];
            let reduce = may_reduce && n >= LMR_FROM && self.st.kind(m, me) < kind::THREE;
            self.st.make(m);
            let score = if n == 0 {
                -self.negamax(child, ply + 1, -beta, -alpha)
            } else {
                let reduced = reduce.then(|| -self.negamax(child - 1, ply + 1, -alpha - 1, -alpha));
                let s = match reduced {
                    Some(s) if s <= alpha => s,
                    _ => -self.negamax(child, ply + 1, -alpha - 1, -alpha),
                };
                if s > alpha && s < beta {
                    -self.negamax(child, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.st.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
            n += 1;
            // Every move tried loses: before calling the position lost, try the points the
            // breadth limit left out, so that a loss (and the opponent's win above it) is proven
            // over every move, not only over the best-shaped few.
            if n == moves.len() && !widened && best < -WIN_BOUND {
                widened = true;
                let rest = self.left_out(&moves);
                moves.extend(rest);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key,
            depth,
            score: to_tt(best, ply),
            bound,
            best: best_move,
        });
        best
    }

    /// Searches every root move to `depth` (moving the best to the front): the best move and its
    /// score, also when time ran out after the first move was searched (then only among the moves
    /// searched); None when it ran out before.
    pub fn root(&mut self, moves: &mut [usize], depth: i32) -> Option<Iteration> {
        self.max_ply = depth + 4;
        let mut alpha = -WIN - 1;
        let beta = WIN + 1;
        let mut best = (moves[0], -WIN - 1);
        for n in 0..moves.len() {
            let m = moves[n];
            self.st.make(m);
            let score = if n == 0 {
                -self.negamax(depth - 1, 1, -beta, -alpha)
            } else {
                let s = -self.negamax(depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha {
                    -self.negamax(depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            self.st.unmake();
            if self.stopped {
                return (n > 0).then_some(Iteration {
                    best: best.0,
                    score: best.1,
                    complete: false,
                });
            }
            if score > best.1 {
                best = (m, score);
                moves[..=n].rotate_right(1);
            }
            alpha = alpha.max(score);
        }
        Some(Iteration {
            best: best.0,
            score: best.1,
            complete: true,
        })
    }
    /// Searches every root move to `depth`, the best `count` of them with exact scores (the
    /// others against the `count`-th best score, so only bounded), and orders `moves` best
    /// first. Returns the moves with their scores, best first; None if stopped.
    pub(super) fn root_lines(
        &mut self,
        moves: &mut [usize],
        depth: i32,
        count: usize,
    ) -> Option<Vec<(usize, i32)>> {
        self.max_ply = depth + 4;
        let mut scored: Vec<(usize, i32)> = Vec::with_capacity(moves.len());
        for &m in moves.iter() {
            let alpha = scored.get(count - 1).map_or(-WIN - 1, |&(_, s)| s);
            self.st.make(m);
            let mut score = -self.negamax(depth - 1, 1, -alpha - 1, -alpha);
            if score > alpha && alpha > -WIN - 1 {
                score = -self.negamax(depth - 1, 1, -WIN - 1, -alpha);
            } else if alpha == -WIN - 1 {
                score = -self.negamax(depth - 1, 1, -WIN - 1, WIN + 1);
            }
            self.st.unmake();
            if self.stopped {
                return None;
            }
            let at = scored.partition_point(|&(_, s)| s >= score);
            scored.insert(at, (m, score));
        }
        for (slot, &(m, _)) in moves.iter_mut().zip(&scored) {
            *slot = m;
        }
        Some(scored)
    }
}

/// Keeps in `top` (empty) the `limit` smallest of `keys`, in order.
fn keep_smallest<K: Ord>(top: &mut Vec<K>, keys: impl Iterator<Item = K>, limit: usize) {
    if limit == 0 {
        return;
    }
    for k in keys {
        if top.len() == limit {
            if top.last().is_some_and(|last| k >= *last) {
                continue;
            }
            top.pop();
        }
        let at = top.partition_point(|x| *x < k);
        top.insert(at, k);
    }
}

fn to_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

fn from_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::point::Point;

    /// A random crowded position (stones dropped in the central 7×7 square, none making a five)
    /// where neither side threatens an open four yet; None when the drop gave one.
    fn crowded(rng: &mut ChaCha8Rng, stones: usize) -> Option<State> {
        let mut st = State::new(15, RuleSet::Freestyle);
        while st.stones() < stones {
            let i = st.index(Point::new(rng.random_range(4..11), rng.random_range(4..11)));
            if st.is_empty(i) && st.kind(i, st.side()) < kind::FIVE {
                st.make(i);
            }
        }
        let calm = [Color::Black, Color::White]
            .into_iter()
            .all(|c| !st.has_kind(c, kind::FLEX_FOUR));
        calm.then_some(st)
    }

    /// The score of `st` for the side to move at `depth`, trying `breadth` moves a node, with
    /// late move reductions or without.
    fn score(st: &mut State, breadth: usize, depth: i32, reduce: bool) -> i32 {
        let mut tt = Tt::new(16);
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut searcher = Searcher::new(st, &mut tt, deadline, None);
        searcher.breadth = [breadth; 4];
        searcher.reduce_late_moves = reduce;
        searcher.leaf_vcf = 4;
        searcher.max_ply = depth + 4;
        let score = searcher.negamax(depth, 0, -WIN - 1, WIN + 1);
        assert!(!searcher.stopped);
        score
    }

    /// The candidates' selection keeps what sorting everything and cutting the list would.
    #[test]
    fn keep_smallest_keeps_the_smallest_in_order() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..500 {
            let n = rng.random_range(0..60u32);
            let limit = rng.random_range(0..25);
            let keys: Vec<(i32, u32)> = (0..n).map(|i| (rng.random_range(-5..5), i)).collect();
            let mut top = vec![];
            keep_smallest(&mut top, keys.iter().copied(), limit);
            let mut want = keys;
            want.sort_unstable();
            want.truncate(limit);
            assert_eq!(top, want);
        }
    }

    /// A won or lost score must hold over every move, not only over the best-shaped few the
    /// breadth limit lets through: whenever a search of two moves a node calls a random crowded
    /// position won or lost, the full-width search to the same depth says the same. (Without
    /// the widening of lost nodes, 4 of these 74 positions get a win or a loss the full-width
    /// search refutes.)
    #[test]
    fn a_narrow_search_claims_only_the_wins_and_losses_a_full_width_search_finds() {
        narrow_claims_hold(2, 3, false);
    }

    /// The same with late move reductions: a reduced search may miss a win, never claim one
    /// (a move that looks winning is searched again at full depth).
    #[test]
    fn a_reduced_search_claims_only_the_wins_and_losses_a_full_width_search_finds() {
        narrow_claims_hold(4, 4, true);
    }

    /// Searches random crowded positions `breadth` moves a node to `depth`, and checks every
    /// decisive score against the full-width search (without reductions) to the same depth.
    fn narrow_claims_hold(breadth: usize, depth: i32, reduce: bool) {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut decisive = 0;
        for _ in 0..200 {
            let Some(mut st) = crowded(&mut rng, 16) else {
                continue;
            };
            let narrow = score(&mut st, breadth, depth, reduce);
            if narrow.abs() <= WIN_BOUND {
                continue;
            }
            decisive += 1;
            let wide = score(&mut st, usize::MAX, depth, false);
            assert!(
                wide.abs() > WIN_BOUND && wide.signum() == narrow.signum(),
                "narrow {narrow}, full width {wide}"
            );
        }
        assert!(decisive >= 20, "only {decisive} decisive positions");
    }
}

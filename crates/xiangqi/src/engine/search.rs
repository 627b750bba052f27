//! The search: iterative deepening principal-variation alpha-beta (Marsland and Campbell 1982,
//! "Parallel search of strongly ordered game trees") with aspiration windows, a transposition
//! table, quiescence search over captures, check evasions and (at its first ply) quiet checks,
//! static exchange evaluation to skip losing captures there, check extension, null-move
//! pruning (Donninger 1993, "Null move and deep search") with verification, late-move
//! reductions, futility pruning near the leaves and mate-distance pruning.
//!
//! Repetitions are judged by [`Position::repetition`], the rules crate's own verdict: a side that
//! checked throughout the cycle (长将) loses, other repetitions are draws. The search treats the
//! second occurrence of a position as the verdict, so it neither walks into a lost repetition
//! nor misses a won one.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

use super::eval::{EvalCache, evaluate};
use super::limits::{Budget, CLOCK_CHECK_NODES, MAX_DEPTH};
use super::ordering::{Heuristics, MAX_PLY, mvv_lva, pick, score_moves};
use super::score::{DRAW, INFINITE, MATE, MATE_BOUND, PERPETUAL_CHECK_WIN, Score, mated_in};
use super::see::loses_material;
use super::tt::{Bound, TranspositionTable};
use crate::moves::{MAX_MOVES, Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::rules::{Repetition, Rules};

/// Progress of a search, reported after every completed iteration (one line per principal
/// variation with MultiPV).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Info {
    /// Which principal variation this is, from 1 (the best).
    pub multipv: usize,
    /// Iteration depth.
    pub depth: i32,
    /// Deepest ply reached (including quiescence).
    pub seldepth: i32,
    /// Score from the side to move's point of view.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Milliseconds since the search started (since the `go`, when the limits say when).
    pub millis: u64,
    /// The principal variation.
    pub pv: Vec<Move>,
    /// Transposition-table fill in permille.
    pub hashfull: u32,
}

/// What a search tells while it runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Report<'a> {
    /// A completed iteration of one principal variation.
    Line(&'a Info),
    /// The root move being searched now (sent once the search has run a second).
    CurrMove {
        /// Iteration depth.
        depth: i32,
        /// The move.
        mv: Move,
        /// Its number in the root's move order, from 1.
        number: usize,
    },
}

/// How long a search runs before it reports the root move it is on.
const CURRMOVE_AFTER_MS: u64 = 1000;

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        self.nodes * 1000 / self.millis.max(1)
    }
}

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    /// The best move (`None` when there is no legal, unbanned move).
    pub best: Option<Move>,
    /// The expected reply.
    pub ponder: Option<Move>,
    /// Score of the best move.
    pub score: Score,
    /// Deepest completed iteration.
    pub depth: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// Principal variation.
    pub pv: Vec<Move>,
}

/// Late-move reduction in plies for a depth and move number: `0.75 + ln d * ln n / 2.25`
/// (the shape used by Stockfish and most modern engines).
fn lmr_reduction(depth: i32, move_number: usize) -> i32 {
    let d = (depth.max(1) as f64).ln();
    let n = (move_number.max(1) as f64).ln();
    (0.75 + d * n / 2.25) as i32
}

/// Late-move pruning: near the leaves of a node not on the principal variation, once this many
/// quiet moves have been searched the remaining quiet ones (checks excepted) are skipped; they
/// are ordered last by history for a reason. Measured at 100 ms a move, 40 games each: against
/// the same engine without it +14 =21 -5 (+80 +/- 75 Elo); against ElephantEye two runs gave
/// 36.2% and 17.5% (the latter, not the former, is nearer the 23.8% without it: 40 games cannot
/// tell).
fn late_move_count(depth: i32) -> usize {
    (3 + depth * depth) as usize
}
/// Deepest remaining depth at which late moves are pruned.
const LATE_MOVE_DEPTH: i32 = 3;

/// Futility margins by remaining depth (1 and 2).
const FUTILITY_MARGIN: [Score; 3] = [0, 200, 400];
/// Reverse futility margin per ply of remaining depth.
const STATIC_NULL_MARGIN: Score = 120;
/// Quiescence delta pruning margin.
const DELTA_MARGIN: Score = 200;
/// Half-width of the first aspiration window.
const ASPIRATION: Score = 30;

/// What ends a search besides its depth.
pub(crate) struct Bounds<'a> {
    /// Set by the GUI to stop at once.
    pub(crate) stop: &'a AtomicBool,
    /// Set while the search runs on the opponent's time: the budget does not bind.
    pub(crate) pondering: &'a AtomicBool,
    /// The time budget.
    pub(crate) budget: Budget,
    /// Nodes to search at most.
    pub(crate) node_limit: Option<u64>,
    /// When the budget started to run.
    pub(crate) start: Instant,
    /// How many principal variations to find and report.
    pub(crate) multipv: usize,
    /// The nodes of every thread of this search, counted in steps of [`CLOCK_CHECK_NODES`].
    pub(crate) shared_nodes: &'a AtomicU64,
    /// The first iteration's depth: helper threads start one deeper than the main thread on
    /// every other thread, so that the threads spread over the tree.
    pub(crate) first_depth: i32,
}

/// One search in progress.
pub(crate) struct Searcher<'a> {
    report: &'a mut dyn FnMut(&Report),
    pos: Position,
    tt: &'a TranspositionTable,
    heuristics: &'a mut Heuristics,
    stop: &'a AtomicBool,
    pondering: &'a AtomicBool,
    start: Instant,
    budget: Budget,
    node_limit: Option<u64>,
    nodes: u64,
    seldepth: i32,
    stopped: bool,
    root_moves: Vec<Move>,
    root_depth: i32,
    /// How many principal variations to find.
    multipv: usize,
    /// The root moves before this index are the better lines already found in this iteration.
    line: usize,
    /// Whether the current iteration has completed the search of a root move that raised alpha:
    /// its principal variation can be trusted even if the iteration is cut short.
    improved: bool,
    /// The score of that move.
    improved_score: Score,
    shared_nodes: &'a AtomicU64,
    first_depth: i32,
    pv: Vec<[Option<Move>; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    no_capture_plies: u32,
    eval_cache: EvalCache,
}

impl<'a> Searcher<'a> {
    /// A searcher of `pos` (which keeps its history for repetitions).
    pub(crate) fn new(
        pos: &Position,
        tt: &'a TranspositionTable,
        heuristics: &'a mut Heuristics,
        bounds: Bounds<'a>,
        report: &'a mut dyn FnMut(&Report),
    ) -> Searcher<'a> {
        Searcher {
            report,
            pos: pos.clone(),
            tt,
            heuristics,
            stop: bounds.stop,
            pondering: bounds.pondering,
            start: bounds.start,
            budget: bounds.budget,
            node_limit: bounds.node_limit,
            nodes: 0,
            seldepth: 0,
            stopped: false,
            root_moves: Vec::new(),
            root_depth: 0,
            multipv: bounds.multipv.max(1),
            line: 0,
            improved: false,
            improved_score: 0,
            shared_nodes: bounds.shared_nodes,
            first_depth: bounds.first_depth.max(1),
            pv: vec![[None; MAX_PLY]; MAX_PLY],
            pv_len: [0; MAX_PLY],
            no_capture_plies: Rules::default().no_capture_plies,
            eval_cache: EvalCache::default(),
        }
    }

    /// The static evaluation of the current position, from the cache when it is there.
    fn evaluate(&mut self) -> Score {
        let hash = self.pos.hash();
        if let Some(score) = self.eval_cache.probe(hash) {
            return score;
        }
        let score = evaluate(&self.pos);
        self.eval_cache.store(hash, score);
        score
    }

    fn millis(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// The nodes of every thread of this search so far (the others' to the last step).
    fn total_nodes(&self) -> u64 {
        self.shared_nodes.load(Ordering::Relaxed) + self.nodes % CLOCK_CHECK_NODES
    }

    /// Whether the search runs on the opponent's time, where the clock does not bind.
    fn pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// Checks the stop flag, the clock and the node limit (every [`CLOCK_CHECK_NODES`] nodes,
    /// and at once when `now` is set).
    fn check_limits(&mut self, now: bool) {
        let step = self.nodes.is_multiple_of(CLOCK_CHECK_NODES);
        if step && !now {
            self.shared_nodes
                .fetch_add(CLOCK_CHECK_NODES, Ordering::Relaxed);
        }
        if self.stopped || (!now && !step) {
            return;
        }
        if self.stop.load(Ordering::Relaxed)
            || (self.budget.hard.is_some_and(|h| self.start.elapsed() >= h) && !self.pondering())
            || self.node_limit.is_some_and(|n| self.nodes >= n)
        {
            self.stopped = true;
        }
    }

    /// Iterative deepening to `max_depth` over the root moves not in `banned`.
    pub(crate) fn run(&mut self, max_depth: i32, banned: &[Move]) -> Outcome {
        let mut list = MoveList::new();
        self.pos.legal_moves(&mut list);
        self.root_moves = list
            .iter()
            .copied()
            .filter(|m| !banned.contains(m))
            .collect();
        let mut outcome = Outcome {
            best: None,
            ponder: None,
            score: mated_in(0),
            depth: 0,
            nodes: 0,
            pv: Vec::new(),
        };
        if self.root_moves.is_empty() {
            return outcome;
        }
        // Order the root once by the usual heuristics so that an interrupted first iteration
        // still leaves a sensible move.
        let mut scores = vec![0; self.root_moves.len()];
        score_moves(
            &self.pos,
            &self.root_moves,
            None,
            [None; 2],
            self.heuristics,
            &mut scores,
        );
        let mut order: Vec<(Move, i32)> = self.root_moves.iter().copied().zip(scores).collect();
        order.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        self.root_moves = order.into_iter().map(|(m, _)| m).collect();
        outcome.best = self.root_moves.first().copied();

        let lines = self.multipv.min(self.root_moves.len());
        let mut won_by_repetition = false;
        let mut previous: Vec<Score> = vec![0; lines];
        for depth in self.first_depth.min(max_depth.max(1))..=max_depth.clamp(1, MAX_DEPTH) {
            if depth > 1 {
                // The budget may be spent already (the move's time counts from the `go`).
                self.check_limits(true);
                if self.stopped {
                    break;
                }
            }
            self.root_depth = depth;
            self.seldepth = 0;
            for (line, previous) in previous.iter_mut().enumerate() {
                self.line = line;
                let Some((score, pv)) = self.search_line(depth, *previous) else {
                    break;
                };
                let complete = !self.stopped || depth == 1;
                if let Some(&best) = pv.first() {
                    // Keep the lines in order at the front of the root list: this one next.
                    if let Some(i) = self.root_moves.iter().position(|&m| m == best) {
                        self.root_moves[line..=i].rotate_right(1);
                    }
                    if line == 0 {
                        outcome.best = Some(best);
                        outcome.ponder = pv.get(1).copied();
                        outcome.pv = pv.clone();
                    }
                }
                if line == 0 {
                    outcome.score = score;
                }
                if !complete {
                    // The best move of a cut-short iteration is kept, but not its depth.
                    break;
                }
                if line == 0 {
                    outcome.depth = depth;
                }
                *previous = score;
                let info = Info {
                    multipv: line + 1,
                    depth,
                    seldepth: self.seldepth,
                    score,
                    nodes: self.total_nodes(),
                    millis: self.millis(),
                    pv,
                    hashfull: self.tt.hashfull(),
                };
                (self.report)(&Report::Line(&info));
                if self.stopped {
                    break;
                }
            }
            if self.stopped {
                break;
            }
            let elapsed = self.start.elapsed();
            if self.budget.soft.is_some_and(|s| elapsed * 2 >= s) && !self.pondering() {
                break;
            }
            if self.root_moves.len() == 1 && self.budget.hard.is_some() {
                // The only move: nothing to weigh, answer at once.
                break;
            }
            let score = outcome.score;
            if score.abs() > MATE_BOUND && MATE - score.abs() < depth && lines == 1 {
                // A mate found and proved shorter than the depth searched: deeper is no better.
                break;
            }
            if score == PERPETUAL_CHECK_WIN && won_by_repetition && lines == 1 && depth >= 4 {
                // The opponent can only check forever (and lose by it) two iterations running.
                break;
            }
            won_by_repetition = score == PERPETUAL_CHECK_WIN;
        }
        outcome.nodes = self.total_nodes();
        outcome
    }

    /// One principal variation of an iteration at `depth` (the best of the root moves from
    /// [`Searcher::line`] on), with an aspiration window around `previous`: its score and line,
    /// or `None` when the search was stopped before anything of this iteration could be trusted.
    fn search_line(&mut self, depth: i32, previous: Score) -> Option<(Score, Vec<Move>)> {
        self.improved = false;
        let mut delta = ASPIRATION;
        let (mut alpha, mut beta) = if depth >= 5 && previous.abs() < MATE_BOUND {
            (previous - delta, previous + delta)
        } else {
            (-INFINITE, INFINITE)
        };
        let score = loop {
            let score = self.search(depth, alpha, beta, 0, true);
            if self.stopped {
                break score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INFINITE);
            } else if score >= beta {
                beta = (score + delta).min(INFINITE);
            } else {
                break score;
            }
            delta *= 2;
            if delta > 1000 {
                (alpha, beta) = (-INFINITE, INFINITE);
            }
        };
        // A cut-short iteration is trusted only if a root move was fully searched and raised
        // alpha: then its line is at least as good as what the last iteration said (the first
        // iteration always counts, so that there is a move).
        if self.stopped && depth > 1 && !self.improved {
            return None;
        }
        let pv: Vec<Move> = self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect();
        let score = if self.stopped {
            self.improved_score
        } else {
            score
        };
        Some((score, pv))
    }

    /// The verdict on a repetition for the side to move.
    fn repetition_score(&self, verdict: Repetition) -> Score {
        match verdict {
            Repetition::Draw => DRAW,
            Repetition::PerpetualCheck { loser } if loser == self.pos.side_to_move() => {
                -PERPETUAL_CHECK_WIN
            }
            Repetition::PerpetualCheck { .. } => PERPETUAL_CHECK_WIN,
        }
    }

    /// Whether the side to move has enough force that passing is no zugzwang risk: null-move
    /// pruning is unsound in the endgames where Xiangqi zugzwang is common.
    fn null_move_safe(&self) -> bool {
        let side = self.pos.side_to_move();
        let rooks = self.pos.count(side, Role::Rook);
        let minors = self.pos.count(side, Role::Horse) + self.pos.count(side, Role::Cannon);
        rooks >= 1 && rooks + minors >= 2
    }

    /// Whether the legal move `m` checks the opponent.
    fn gives_check(&mut self, m: Move) -> bool {
        self.pos.make(m);
        let check = self.pos.in_check();
        self.pos.unmake();
        check
    }

    fn update_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][ply] = Some(m);
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        for i in ply + 1..child_len {
            self.pv[ply][i] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = child_len;
    }

    /// Principal-variation alpha-beta search.
    fn search(
        &mut self,
        depth: i32,
        mut alpha: Score,
        mut beta: Score,
        ply: usize,
        null_ok: bool,
    ) -> Score {
        self.pv_len[ply] = ply;
        if depth <= 0 {
            return self.quiesce(alpha, beta, ply, true);
        }
        self.nodes += 1;
        self.check_limits(false);
        if self.stopped {
            return 0;
        }
        let root = ply == 0;
        if ply >= MAX_PLY - 2 {
            return self.evaluate();
        }
        if !root {
            if let Some(verdict) = self.pos.repetition(2) {
                return self.repetition_score(verdict);
            }
            if self.pos.halfmove_clock() >= self.no_capture_plies {
                return DRAW;
            }
            // Mate-distance pruning: no line from here can beat a mate already found nearer.
            alpha = alpha.max(mated_in(ply as i32));
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        let pv_node = beta - alpha > 1;
        let in_check = self.pos.in_check();
        let hash = self.pos.hash();
        let hit = self.tt.probe(hash, ply as i32);
        let tt_move = hit.and_then(|h| Move::from_u16(h.mv));
        if let Some(h) = hit
            && !pv_node
            && !root
            && h.depth >= depth
        {
            let usable = match h.bound {
                Bound::Exact => true,
                Bound::Lower => h.score >= beta,
                Bound::Upper => h.score <= alpha,
            };
            if usable {
                return h.score;
            }
        }
        let static_eval = if in_check { -INFINITE } else { self.evaluate() };

        if !pv_node && !in_check && beta.abs() < MATE_BOUND {
            // Reverse futility: far above beta near the leaves, the opponent will not allow this.
            if depth <= 3 && static_eval - STATIC_NULL_MARGIN * depth >= beta {
                return static_eval;
            }
            // Null move: if passing still fails high, a real move will too.
            if null_ok && depth >= 3 && static_eval >= beta && self.null_move_safe() {
                let r = 2 + depth / 4 + ((static_eval - beta) / 200).min(2);
                self.pos.make_null();
                let score = -self.search(depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.pos.unmake();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    if depth < 8 {
                        return score.min(MATE_BOUND);
                    }
                    // Verification search without null moves, against zugzwang.
                    let verified = self.search(depth - 1 - r, beta - 1, beta, ply, false);
                    if verified >= beta {
                        return verified.min(MATE_BOUND);
                    }
                }
            }
        }

        if root {
            self.improved = false;
        }
        let mut list = MoveList::new();
        if root {
            for &m in &self.root_moves[self.line..] {
                list.push(m);
            }
        } else {
            self.pos.legal_moves(&mut list);
        }
        let moves = list.as_mut_slice();
        if moves.is_empty() {
            // Checkmate and stalemate both lose.
            return mated_in(ply as i32);
        }
        let mut score_array = [0; MAX_MOVES];
        let scores = &mut score_array[..moves.len()];
        let killers = self.heuristics.killers(ply);
        if root {
            // The root list is already ordered (best of the last iteration first).
            for (i, score) in scores.iter_mut().enumerate() {
                *score = -(i as i32);
            }
        } else {
            score_moves(&self.pos, moves, tt_move, killers, self.heuristics, scores);
        }
        let futile = !pv_node
            && !in_check
            && depth <= 2
            && alpha.abs() < MATE_BOUND
            && static_eval + FUTILITY_MARGIN[depth as usize] <= alpha;

        let mut best = -INFINITE;
        let mut best_move = None;
        let mut quiets = MoveList::new();
        let side = self.pos.side_to_move();
        for i in 0..moves.len() {
            let m = pick(moves, scores, i);
            if root && self.millis() >= CURRMOVE_AFTER_MS {
                (self.report)(&Report::CurrMove {
                    depth,
                    mv: m,
                    number: self.line + i + 1,
                });
            }
            let capture = self.pos.is_capture(m);
            self.pos.make(m);
            let gives_check = self.pos.in_check();
            let late = !pv_node
                && !in_check
                && depth <= LATE_MOVE_DEPTH
                && best > -MATE_BOUND
                && quiets.len() >= late_move_count(depth);
            if (futile || late) && i > 0 && !capture && !gives_check {
                self.pos.unmake();
                continue;
            }
            let extension = (gives_check && (ply as i32) < 2 * self.root_depth) as i32;
            let new_depth = depth - 1 + extension;
            let score = if i == 0 {
                -self.search(new_depth, -beta, -alpha, ply + 1, true)
            } else {
                let mut reduction = 0;
                let killer = killers.contains(&Some(m));
                if depth >= 3 && i >= 3 && !capture && !in_check && !gives_check && !killer {
                    reduction = lmr_reduction(depth, i) - pv_node as i32;
                    if self.heuristics.history(side, m) > 4_000 {
                        reduction -= 1;
                    }
                    reduction = reduction.clamp(0, new_depth - 1);
                }
                let mut s = -self.search(new_depth - reduction, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && reduction > 0 {
                    s = -self.search(new_depth, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.search(new_depth, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    best_move = Some(m);
                    self.update_pv(ply, m);
                    if root {
                        self.improved = true;
                        self.improved_score = score;
                    }
                    if score >= beta {
                        if !capture {
                            self.heuristics.record_cutoff(ply, side, m, depth, &quiets);
                        }
                        break;
                    }
                }
            }
            if !capture {
                quiets.push(m);
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best_move.is_some() {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = best_move.or(tt_move).map_or(0, |m| m.to_u16());
        self.tt
            .store(hash, ply as i32, stored_move, best, depth, bound);
        best
    }

    /// Quiescence search: captures (all evasions when in check) until the position is quiet;
    /// captures that lose material by SEE are skipped. With `checks` (its first ply) quiet
    /// checking moves are searched too, so that a mate threat just past the horizon (a quiet
    /// sacrifice followed by a quiet check, as in the horse mates) is not pruned away as a
    /// harmless position by null move and reductions above. Measured in the arena against the
    /// same engine without it: +19 =15 -6 at 100 ms a move.
    fn quiesce(&mut self, mut alpha: Score, beta: Score, ply: usize, checks: bool) -> Score {
        self.pv_len[ply] = ply;
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as i32);
        self.check_limits(false);
        if self.stopped {
            return 0;
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate();
        }
        let in_check = self.pos.in_check();
        let mut list = MoveList::new();
        let stand_pat;
        let mut best;
        if in_check {
            self.pos.legal_moves(&mut list);
            if list.is_empty() {
                return mated_in(ply as i32);
            }
            stand_pat = -INFINITE;
            best = -INFINITE;
        } else {
            stand_pat = self.evaluate();
            if stand_pat >= beta {
                return stand_pat;
            }
            alpha = alpha.max(stand_pat);
            best = stand_pat;
            if checks {
                let mut all = MoveList::new();
                self.pos.legal_moves(&mut all);
                for &m in all.iter() {
                    if self.pos.is_capture(m) || self.gives_check(m) {
                        list.push(m);
                    }
                }
            } else {
                self.pos.legal_captures(&mut list);
            }
        }
        let moves = list.as_mut_slice();
        let mut score_array = [0; MAX_MOVES];
        let scores = &mut score_array[..moves.len()];
        for (&m, score) in moves.iter().zip(scores.iter_mut()) {
            *score = if self.pos.is_capture(m) {
                mvv_lva(&self.pos, m)
            } else {
                -100_000
            };
        }
        for i in 0..moves.len() {
            let m = pick(moves, scores, i);
            if !in_check && self.pos.is_capture(m) {
                let victim = self
                    .pos
                    .piece_at(m.to())
                    .map_or(0, |p| super::values::PIECE_VALUES[p.role.index()]);
                if stand_pat + victim + DELTA_MARGIN <= alpha || loses_material(&self.pos, m) {
                    continue;
                }
            }
            self.pos.make(m);
            let score = -self.quiesce(-beta, -alpha, ply + 1, false);
            self.pos.unmake();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    self.update_pv(ply, m);
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }

    /// Scores every root move with a full window at `depth` (for the weaker levels, which may
    /// choose among near-best moves). Returns (move, score) pairs, best first.
    pub(crate) fn score_root_moves(&mut self, depth: i32) -> Vec<(Move, Score)> {
        let mut scored = Vec::new();
        self.root_depth = depth;
        for m in self.root_moves.clone() {
            self.pos.make(m);
            let score = -self.search(depth - 1, -INFINITE, INFINITE, 1, true);
            self.pos.unmake();
            if self.stopped {
                break;
            }
            scored.push((m, score));
        }
        scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        scored
    }
}

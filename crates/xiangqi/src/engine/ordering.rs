//! Move ordering: the transposition-table move first, then captures that do not lose material
//! by [`see`](super::see) in MVV-LVA order (most valuable victim, least valuable attacker), then
//! the two killer moves of the ply, then quiet moves by their history score (Schaeffer 1989,
//! "The history heuristic and alpha-beta search enhancements in practice", IEEE PAMI 11(11)),
//! and last the captures that lose material.

use super::see::loses_material;
use super::values::PIECE_VALUES;
use crate::moves::Move;
use crate::piece::Color;
use crate::position::Position;

/// Deepest ply the search tracks.
pub const MAX_PLY: usize = 128;

/// Largest absolute history score.
const HISTORY_MAX: i32 = 16_384;

const TT_MOVE: i32 = 4_000_000;
const CAPTURE: i32 = 2_000_000;
const KILLER: [i32; 2] = [1_900_000, 1_800_000];
/// Below every history score.
const LOSING_CAPTURE: i32 = -2_000_000;

/// Killer moves and history scores, kept across the iterations of a search.
pub struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY],
    /// Indexed by colour, origin and target (dense square indices).
    history: Vec<i32>,
}

impl Default for Heuristics {
    fn default() -> Self {
        Heuristics {
            killers: [[None; 2]; MAX_PLY],
            history: vec![0; 2 * 90 * 90],
        }
    }
}

fn history_index(color: Color, m: Move) -> usize {
    color.index() * 8100 + m.from().index() * 90 + m.to().index()
}

impl Heuristics {
    /// Forgets killers (a new search) but keeps history, aged by half.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY];
        for h in &mut self.history {
            *h /= 2;
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = Heuristics::default();
    }

    /// The killers of a ply.
    pub fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply.min(MAX_PLY - 1)]
    }

    /// The history score of a quiet move.
    pub fn history(&self, color: Color, m: Move) -> i32 {
        self.history[history_index(color, m)]
    }

    fn adjust(&mut self, color: Color, m: Move, bonus: i32) {
        let h = &mut self.history[history_index(color, m)];
        // "Gravity": scores saturate at HISTORY_MAX instead of growing without bound.
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// A quiet move caused a beta cutoff at `ply` after the quiet moves `tried` failed.
    pub fn record_cutoff(&mut self, ply: usize, color: Color, m: Move, depth: i32, tried: &[Move]) {
        let ply = ply.min(MAX_PLY - 1);
        if self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        self.adjust(color, m, bonus);
        for &other in tried {
            if other != m {
                self.adjust(color, other, -bonus);
            }
        }
    }
}

/// The MVV-LVA score of a capture.
pub fn mvv_lva(pos: &Position, m: Move) -> i32 {
    let value = |sq| {
        pos.piece_at(sq)
            .map_or(0, |p: crate::piece::Piece| PIECE_VALUES[p.role.index()])
    };
    // A general "captured" can only appear in illegal lines; rank it first anyway.
    let victim = pos.piece_at(m.to()).map_or(0, |p| {
        if p.role.index() == 0 {
            10_000
        } else {
            value(m.to())
        }
    });
    victim * 16 - value(m.from()) / 10
}

/// Writes the ordering score of each of `moves` to the same index of `scores` (at least as
/// long).
pub fn score_moves(
    pos: &Position,
    moves: &[Move],
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    heuristics: &Heuristics,
    scores: &mut [i32],
) {
    let color = pos.side_to_move();
    for (&m, score) in moves.iter().zip(scores.iter_mut()) {
        *score = if Some(m) == tt_move {
            TT_MOVE
        } else if pos.is_capture(m) {
            let base = if loses_material(pos, m) {
                LOSING_CAPTURE
            } else {
                CAPTURE
            };
            base + mvv_lva(pos, m)
        } else if Some(m) == killers[0] {
            KILLER[0]
        } else if Some(m) == killers[1] {
            KILLER[1]
        } else {
            heuristics.history(color, m)
        };
    }
}

/// Moves the best-scored of `moves[from..]` to `from` (selection sort, one step at a time, so
/// that a cutoff early on wastes no sorting) and returns it.
pub fn pick(moves: &mut [Move], scores: &mut [i32], from: usize) -> Move {
    let mut best = from;
    for i in from + 1..moves.len() {
        if scores[i] > scores[best] {
            best = i;
        }
    }
    moves.swap(from, best);
    scores.swap(from, best);
    moves[from]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveList;

    #[test]
    fn captures_of_big_pieces_by_small_ones_come_first() {
        // The black rook on e8 can be taken by the rook on e5 or, over that rook, by the cannon
        // on e2: the cheaper attacker goes first.
        let pos = Position::from_fen("4k4/4r4/9/9/4R4/9/9/4C4/9/3K5 w - - 0 1").expect("fen");
        let mut list = MoveList::new();
        pos.legal_moves(&mut list);
        let mut moves: Vec<Move> = list.to_vec();
        let mut scores = vec![0; moves.len()];
        score_moves(
            &pos,
            &moves,
            None,
            [None; 2],
            &Heuristics::default(),
            &mut scores,
        );
        let first = pick(&mut moves, &mut scores, 0);
        assert_eq!(first.to_string(), "e2e8");
    }
}

//! The terms of the evaluation: one pass over the pieces that tells a [`Sink`] how often each
//! weight of [`super::params`] applies to each side.

use super::params as p;
use crate::engine::values::{ATTACK_UNITS, PHASE_MAX, PHASE_WEIGHT};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Square;

/// Receives the counts of the evaluation's terms.
pub(super) trait Sink {
    /// Weight `param` applies `count` times to `color`.
    fn add(&mut self, color: Color, param: usize, count: i32);
}

/// What the evaluation needs besides the weighted counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// Game phase, from [`PHASE_MAX`] (every piece on the board) down to 0.
    pub phase: i32,
    /// Whether Red and Black (in that order) still have a piece that can cross the river.
    pub attackers: [bool; 2],
}

/// Horse jumps as (leg file step, leg rank step, target file step, target rank step).
const HORSE_JUMPS: [(i8, i8, i8, i8); 8] = [
    (0, 1, 1, 2),
    (0, 1, -1, 2),
    (0, -1, 1, -2),
    (0, -1, -1, -2),
    (1, 0, 2, 1),
    (1, 0, 2, -1),
    (-1, 0, -2, 1),
    (-1, 0, -2, -1),
];

/// The four orthogonal directions as (file step, rank step).
const LINES: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];

fn offset(sq: Square, df: i8, dr: i8) -> Option<Square> {
    let file = sq.file() as i8 + df;
    let rank = sq.rank() as i8 + dr;
    if file < 0 || rank < 0 {
        return None;
    }
    Square::new(file as u8, rank as u8)
}

/// Whether `sq` lies in the palace of `color`'s opponent.
fn in_enemy_palace(sq: Square, color: Color) -> bool {
    let rank = sq.rank();
    (3..=5).contains(&sq.file())
        && match color {
            Color::Red => rank >= 7,
            Color::Black => rank <= 2,
        }
}

/// Counts along the four lines of a rook or cannon on `sq`.
#[derive(Default)]
struct LineReach {
    /// Empty points a slide reaches.
    empty: i32,
    /// Enemy pieces a rook would capture (the first piece on a line, if an enemy).
    rook_targets: i32,
    /// Enemy-palace points on a rook's lines (empty or enemy-occupied).
    rook_palace: i32,
    /// Enemy-palace points a cannon attacks over one screen (empty or enemy-occupied).
    cannon_palace: i32,
}

fn line_reach(pos: &Position, sq: Square, color: Color) -> LineReach {
    let mut reach = LineReach::default();
    for (df, dr) in LINES {
        let mut at = sq;
        let mut screened = false;
        while let Some(next) = offset(at, df, dr) {
            at = next;
            let piece = pos.piece_at(next);
            if screened {
                if piece.is_none_or(|q| q.color != color) && in_enemy_palace(next, color) {
                    reach.cannon_palace += 1;
                }
                if piece.is_some() {
                    break;
                }
                continue;
            }
            match piece {
                None => {
                    reach.empty += 1;
                    reach.rook_palace += in_enemy_palace(next, color) as i32;
                }
                Some(q) => {
                    if q.color != color {
                        reach.rook_targets += 1;
                        reach.rook_palace += in_enemy_palace(next, color) as i32;
                    }
                    screened = true;
                }
            }
        }
    }
    reach
}

/// Destinations of a horse on `sq` whose leg is free and that hold no friendly piece, and how
/// many of them lie in the enemy palace.
fn horse_reach(pos: &Position, sq: Square, color: Color) -> (i32, i32) {
    let mut moves = 0;
    let mut palace = 0;
    for &(lf, lr, tf, tr) in &HORSE_JUMPS {
        let leg_free = offset(sq, lf, lr).is_some_and(|leg| pos.piece_at(leg).is_none());
        if !leg_free {
            continue;
        }
        if let Some(to) = offset(sq, tf, tr)
            && pos.piece_at(to).is_none_or(|q| q.color != color)
        {
            moves += 1;
            palace += in_enemy_palace(to, color) as i32;
        }
    }
    (moves, palace)
}

/// Pieces strictly between two squares of the same file.
fn pieces_between_on_file(pos: &Position, a: Square, b: Square) -> i32 {
    let (low, high) = (a.rank().min(b.rank()), a.rank().max(b.rank()));
    (low + 1..high)
        .filter(|&r| Square::new(a.file(), r).is_some_and(|s| pos.piece_at(s).is_some()))
        .count() as i32
}

/// Whether no pawn of `color` stands in front of `sq` on its file.
fn open_forward(pos: &Position, sq: Square, color: Color) -> bool {
    let ahead = match color {
        Color::Red => sq.rank() + 1..10,
        Color::Black => 0..sq.rank(),
    };
    !ahead.into_iter().any(|r| {
        Square::new(sq.file(), r)
            .and_then(|s| pos.piece_at(s))
            .is_some_and(|q| q.color == color && q.role == Role::Pawn)
    })
}

/// Tells `sink` every term of `pos` and returns the rest of what the evaluation needs.
pub(super) fn collect(pos: &Position, sink: &mut impl Sink) -> Facts {
    let mut phase = 0;
    let mut attack = [0; 2];
    let mut attackers = [false; 2];
    let mut guards = [[0; 2]; 2];
    let kings = [pos.king_square(Color::Red), pos.king_square(Color::Black)];
    for color in Color::ALL {
        let enemy_king = kings[color.opposite().index()];
        for (sq, piece) in pos.pieces(color) {
            let role = piece.role;
            let rank = match color {
                Color::Red => sq.rank(),
                Color::Black => 9 - sq.rank(),
            } as usize;
            sink.add(color, p::material(role), 1);
            sink.add(color, p::pst(role, rank, sq.file() as usize), 1);
            phase += PHASE_WEIGHT[role.index()];
            match role {
                Role::Advisor => guards[color.index()][0] += 1,
                Role::Elephant => guards[color.index()][1] += 1,
                Role::Rook => {
                    let reach = line_reach(pos, sq, color);
                    sink.add(color, p::ROOK_MOBILITY, reach.empty + reach.rook_targets);
                    sink.add(color, p::ROOK_PALACE, reach.rook_palace);
                    if open_forward(pos, sq, color) {
                        sink.add(color, p::ROOK_OPEN_FILE, 1);
                    }
                }
                Role::Cannon => {
                    let reach = line_reach(pos, sq, color);
                    sink.add(color, p::CANNON_MOBILITY, reach.empty);
                    sink.add(color, p::CANNON_PALACE, reach.cannon_palace);
                    if sq.file() == 4 && enemy_king.file() == 4 {
                        match pieces_between_on_file(pos, sq, enemy_king) {
                            0 => sink.add(color, p::CANNON_EMPTY_HEAD, 1),
                            1 => sink.add(color, p::CANNON_CENTRAL_SCREEN, 1),
                            _ => {}
                        }
                    }
                }
                Role::Horse => {
                    let (moves, palace) = horse_reach(pos, sq, color);
                    sink.add(color, p::HORSE_MOBILITY, moves);
                    sink.add(color, p::HORSE_PALACE, palace);
                    if moves <= 1 {
                        sink.add(color, p::HORSE_TRAPPED, 1);
                    }
                }
                Role::Pawn if rank >= 5 => {
                    let beside = |df: i8| {
                        offset(sq, df, 0)
                            .and_then(|s| pos.piece_at(s))
                            .is_some_and(|q| q.color == color && q.role == Role::Pawn)
                    };
                    if beside(-1) || beside(1) {
                        sink.add(color, p::LINKED_PAWNS, 1);
                    }
                }
                _ => {}
            }
            if role.can_cross_river() && (role != Role::Pawn || rank >= 5) {
                attack[color.index()] += ATTACK_UNITS[role.index()];
                attackers[color.index()] = true;
            }
        }
    }
    for color in Color::ALL {
        let [advisors, elephants] = guards[color.index()];
        let enemy_attack = attack[color.opposite().index()];
        sink.add(color, p::MISSING_ADVISOR, (2 - advisors) * enemy_attack);
        sink.add(color, p::MISSING_ELEPHANT, (2 - elephants) * enemy_attack);
    }
    Facts {
        phase: phase.min(PHASE_MAX),
        attackers,
    }
}

//! The static evaluation: material, piece-square tables and the Xiangqi-specific terms whose
//! values live in [`super::values`].

use super::score::Score;
use super::values::*;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Square;

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

/// Points a rook reaches from `sq` (empty points, plus the first enemy piece on each line).
fn rook_mobility(pos: &Position, sq: Square, color: Color) -> i32 {
    let mut count = 0;
    for (df, dr) in LINES {
        let mut at = sq;
        while let Some(next) = offset(at, df, dr) {
            match pos.piece_at(next) {
                None => count += 1,
                Some(p) => {
                    count += (p.color != color) as i32;
                    break;
                }
            }
            at = next;
        }
    }
    count
}

/// Destinations of a horse on `sq` whose leg is free and that hold no friendly piece.
fn horse_mobility(pos: &Position, sq: Square, color: Color) -> i32 {
    HORSE_JUMPS
        .iter()
        .filter(|&&(lf, lr, tf, tr)| {
            offset(sq, lf, lr).is_some_and(|leg| pos.piece_at(leg).is_none())
                && offset(sq, tf, tr)
                    .is_some_and(|to| pos.piece_at(to).is_none_or(|p| p.color != color))
        })
        .count() as i32
}

/// Pieces strictly between two squares of the same file.
fn pieces_between_on_file(pos: &Position, a: Square, b: Square) -> i32 {
    let (low, high) = (a.rank().min(b.rank()), a.rank().max(b.rank()));
    (low + 1..high)
        .filter(|&r| Square::new(a.file(), r).is_some_and(|s| pos.piece_at(s).is_some()))
        .count() as i32
}

/// Per-side sums gathered in one pass over the pieces.
#[derive(Default, Clone, Copy)]
struct Side {
    mg: i32,
    eg: i32,
    advisors: i32,
    elephants: i32,
    attack: i32,
    attackers: i32,
}

/// The evaluation of `pos` in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> Score {
    let mut sides = [Side::default(); 2];
    let mut phase = 0;
    let kings = [pos.king_square(Color::Red), pos.king_square(Color::Black)];
    for color in Color::ALL {
        let s = &mut sides[color.index()];
        let enemy_king = kings[color.opposite().index()];
        for (sq, piece) in pos.pieces(color) {
            let role = piece.role.index();
            let rank = match color {
                Color::Red => sq.rank(),
                Color::Black => 9 - sq.rank(),
            } as usize;
            let pst = PST[role][rank][sq.file() as usize];
            s.mg += MATERIAL_MG[role] + pst;
            s.eg += MATERIAL_EG[role] + pst;
            phase += PHASE_WEIGHT[role];
            let mut positional = 0;
            match piece.role {
                Role::Advisor => s.advisors += 1,
                Role::Elephant => s.elephants += 1,
                Role::Rook => positional += ROOK_MOBILITY * rook_mobility(pos, sq, color),
                Role::Horse => {
                    let moves = horse_mobility(pos, sq, color);
                    positional += HORSE_MOBILITY * moves;
                    if moves <= 1 {
                        positional += HORSE_TRAPPED;
                    }
                }
                Role::Pawn if rank >= 5 => {
                    let beside = |df: i8| {
                        offset(sq, df, 0)
                            .and_then(|s| pos.piece_at(s))
                            .is_some_and(|p| p.color == color && p.role == Role::Pawn)
                    };
                    if beside(-1) || beside(1) {
                        positional += LINKED_PAWNS;
                    }
                }
                Role::Cannon if sq.file() == 4 && enemy_king.file() == 4 => {
                    positional += match pieces_between_on_file(pos, sq, enemy_king) {
                        0 => CANNON_EMPTY_HEAD,
                        1 => CANNON_CENTRAL_SCREEN,
                        _ => 0,
                    };
                }
                _ => {}
            }
            s.mg += positional;
            s.eg += positional;
            let crossed = piece.role != Role::Pawn || rank >= 5;
            if piece.role.can_cross_river() && crossed {
                s.attack += ATTACK_UNITS[role];
                s.attackers += 1;
            }
        }
    }
    let phase = phase.min(PHASE_MAX);
    let mut totals = [0; 2];
    for color in Color::ALL {
        let me = sides[color.index()];
        let enemy = sides[color.opposite().index()];
        let missing = (2 - me.advisors) * MISSING_ADVISOR + (2 - me.elephants) * MISSING_ELEPHANT;
        let safety = missing * enemy.attack / ATTACK_SCALE;
        totals[color.index()] = (me.mg * phase + me.eg * (PHASE_MAX - phase)) / PHASE_MAX + safety;
    }
    let mut red_view = totals[0] - totals[1];
    if (red_view > 0 && sides[0].attackers == 0) || (red_view < 0 && sides[1].attackers == 0) {
        red_view /= NO_ATTACKER_DIVISOR;
    }
    let side_view = match pos.side_to_move() {
        Color::Red => red_view,
        Color::Black => -red_view,
    };
    side_view + TEMPO
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid FEN")
    }

    #[test]
    fn the_start_position_is_level_and_symmetric() {
        let red = evaluate(&Position::startpos());
        assert_eq!(red, TEMPO);
        let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
        assert_eq!(evaluate(&black), TEMPO);
    }

    #[test]
    fn an_extra_rook_is_a_big_advantage() {
        // Black's a9 rook removed.
        let p = pos("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert!(evaluate(&p) > 700, "{}", evaluate(&p));
    }

    #[test]
    fn the_central_cannon_is_rewarded() {
        let central = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
        assert!(evaluate(&central) < -TEMPO, "{}", evaluate(&central));
    }
}

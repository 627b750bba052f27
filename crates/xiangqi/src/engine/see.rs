//! Static exchange evaluation (SEE): the material balance of the capture sequence on one point
//! when both sides capture with their least valuable attacker first and may stop at any time
//! (the "swap" algorithm of chess programs; see e.g. the Chess Programming Wiki, "Static
//! Exchange Evaluation").
//!
//! Xiangqi twist: a cannon attacks over exactly one screen, so every capture can open or close
//! a line. The attackers are therefore recomputed from the board after each capture (a copy of
//! the cells with the captured and moved pieces updated), which also finds rooks and cannons
//! lined up behind each other. Pins and checks are ignored, as usual; a general only captures
//! when nothing of the other side attacks the point any more.

use super::values::PIECE_VALUES;
use crate::board::{
    self, BLACK_HALF, DIAGONAL, EMPTY, FLAGS, NORTH, OFF, ORTHOGONAL, RED_HALF, SOUTH, is_role,
    role_of_id, step,
};
use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Position;

/// Value of a general as an attacker: only ever the last to capture.
const KING_VALUE: i32 = 10_000;

fn value(role: Role) -> i32 {
    match role {
        Role::King => KING_VALUE,
        _ => PIECE_VALUES[role.index()],
    }
}

/// The least valuable piece of `side` attacking `to` on `cells`: (its square, its role).
fn least_valuable_attacker(cells: &[u8; 256], to: u8, side: Color) -> Option<(u8, Role)> {
    let base = board::id_base(side);
    let mut best: Option<(u8, Role)> = None;
    let mut consider = |sq: u8, role: Role| {
        if best.is_none_or(|(_, r)| value(role) < value(r)) {
            best = Some((sq, role));
        }
    };
    // Pawns: from behind, or from beside once across the river.
    let behind = step(to, -board::forward(side));
    if is_role(cells[behind as usize], base, Role::Pawn) {
        consider(behind, Role::Pawn);
    }
    let across = if side == Color::Red {
        BLACK_HALF
    } else {
        RED_HALF
    };
    if FLAGS[to as usize] & across != 0 {
        for d in [board::EAST, board::WEST] {
            let sq = step(to, d);
            if is_role(cells[sq as usize], base, Role::Pawn) {
                consider(sq, Role::Pawn);
            }
        }
    }
    // Advisors and the general stay in the palace; elephants on their own half.
    let palace = board::palace(side);
    if FLAGS[to as usize] & palace != 0 {
        for d in DIAGONAL {
            let sq = step(to, d);
            if is_role(cells[sq as usize], base, Role::Advisor) {
                consider(sq, Role::Advisor);
            }
        }
        for d in ORTHOGONAL {
            let sq = step(to, d);
            if is_role(cells[sq as usize], base, Role::King) {
                consider(sq, Role::King);
            }
        }
    }
    if FLAGS[to as usize] & board::home_half(side) != 0 {
        for d in DIAGONAL {
            let eye = step(to, d);
            if cells[eye as usize] == EMPTY {
                let sq = step(eye, d);
                if is_role(cells[sq as usize], base, Role::Elephant) {
                    consider(sq, Role::Elephant);
                }
            }
        }
    }
    // Horses: the leg is the point diagonally next to the target.
    for d in DIAGONAL {
        let leg = step(to, d);
        if cells[leg as usize] == EMPTY {
            let vertical = if d > 0 { NORTH } else { SOUTH };
            for sq in [step(leg, vertical), step(leg, d - vertical)] {
                if is_role(cells[sq as usize], base, Role::Horse) {
                    consider(sq, Role::Horse);
                }
            }
        }
    }
    // Rooks as the first piece on a line, cannons as the second.
    for d in ORTHOGONAL {
        let mut sq = to;
        let mut seen = 0;
        loop {
            sq = step(sq, d);
            let cell = cells[sq as usize];
            if cell == EMPTY {
                continue;
            }
            if cell == OFF {
                break;
            }
            seen += 1;
            if seen == 1 && is_role(cell, base, Role::Rook) {
                consider(sq, Role::Rook);
            }
            if seen == 2 {
                if is_role(cell, base, Role::Cannon) {
                    consider(sq, Role::Cannon);
                }
                break;
            }
        }
    }
    best
}

/// The material the side to move gains (negative: loses) by the capture `m` and the best
/// sequence of recaptures on its target, in centipawns. `m` must be a capture of `pos`.
pub fn see(pos: &Position, m: Move) -> i32 {
    let mut cells = pos.cells;
    let (from, to) = (m.from().raw() as u8, m.to().raw() as u8);
    let victim = cells[to as usize];
    if victim == EMPTY || victim == OFF {
        return 0;
    }
    let mut gain = [0i32; 34];
    gain[0] = value(role_of_id(victim));
    let mut on_target = role_of_id(cells[from as usize]);
    cells[to as usize] = cells[from as usize];
    cells[from as usize] = EMPTY;
    let mut side = pos.side_to_move().opposite();
    let mut depth = 0;
    while let Some((sq, role)) = least_valuable_attacker(&cells, to, side) {
        if role == Role::King && least_valuable_attacker(&cells, to, side.opposite()).is_some() {
            // The general would capture into an attack: not a legal capture.
            break;
        }
        depth += 1;
        gain[depth] = value(on_target) - gain[depth - 1];
        if (-gain[depth - 1]).max(gain[depth]) < 0 {
            // Neither side can improve by going on.
            break;
        }
        on_target = role;
        cells[to as usize] = cells[sq as usize];
        cells[sq as usize] = EMPTY;
        side = side.opposite();
        if depth + 1 == gain.len() {
            break;
        }
    }
    while depth > 0 {
        gain[depth - 1] = -(-gain[depth - 1]).max(gain[depth]);
        depth -= 1;
    }
    gain[0]
}

/// Whether the capture `m` loses material by SEE. Cheap when the victim is worth at least the
/// attacker, which can never lose.
pub fn loses_material(pos: &Position, m: Move) -> bool {
    let role_at = |sq: crate::square::Square| pos.piece_at(sq).map(|p| p.role);
    match (role_at(m.from()), role_at(m.to())) {
        (Some(attacker), Some(victim)) if value(victim) < value(attacker) => see(pos, m) < 0,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, mv: &str) -> i32 {
        let pos = Position::from_fen(fen).expect("fen");
        let m = crate::ucci::parse_move(mv).expect("move");
        assert!(pos.is_legal(m) && pos.is_capture(m), "{mv}");
        see(&pos, m)
    }

    const PAWN: i32 = PIECE_VALUES[6];
    const ROOK: i32 = PIECE_VALUES[4];
    const HORSE: i32 = PIECE_VALUES[3];

    #[test]
    fn an_undefended_piece_is_won_whole() {
        // The rook on a4 takes the undefended horse on a7.
        assert_eq!(see_of("3k5/9/n8/9/9/R8/9/9/9/4K4 w - - 0 1", "a4a7"), HORSE);
    }

    #[test]
    fn a_rook_taking_a_defended_pawn_loses_the_exchange() {
        // The pawn on e6 is defended by the rook on e9 (the general stands aside on d9).
        assert_eq!(
            see_of("3kr4/9/9/4p4/9/9/4R4/9/9/5K3 w - - 0 1", "e3e6"),
            PAWN - ROOK
        );
    }

    #[test]
    fn a_cannon_over_a_screen_defends() {
        // The black cannon on e9 guards the horse on e5 over the pawn on e6: rook for horse.
        let fen = "3kc4/9/9/4p4/4n4/9/9/4R4/9/5K3 w - - 0 1";
        assert_eq!(see_of(fen, "e2e5"), HORSE - ROOK);
        let pos = Position::from_fen(fen).expect("fen");
        assert!(loses_material(
            &pos,
            crate::ucci::parse_move("e2e5").expect("move")
        ));
    }

    #[test]
    fn moving_the_screen_away_disarms_the_cannon() {
        // The red rook on e6 is the only piece between the black cannon on e9 and the pawn on
        // e3: when the rook takes the pawn, the cannon has no screen left and cannot recapture.
        assert_eq!(
            see_of("3kc4/9/9/4R4/9/9/4p4/9/9/5K3 w - - 0 1", "e6e3"),
            PAWN
        );
    }

    #[test]
    fn a_rook_behind_a_rook_counts_as_a_defender() {
        // Red's rooks on a1 and a0 against the horse on a7 guarded by the rook on a9: after
        // rook takes horse, the black rook would be taken back, so Black stops and Red keeps a
        // horse.
        assert_eq!(
            see_of("r2k5/9/n8/9/9/9/9/9/R8/R3K4 w - - 0 1", "a1a7"),
            HORSE
        );
    }

    #[test]
    fn a_cannon_captures_over_its_own_screen() {
        // The red cannon on b2 takes the undefended black rook on b7 over the pawn on b5.
        assert_eq!(
            see_of("4k4/9/1r7/9/1P7/9/9/1C7/9/3K5 w - - 0 1", "b2b7"),
            ROOK
        );
    }
}

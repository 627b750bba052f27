//! Where each tuned number of the evaluation sits in [`super::weights`].
//!
//! The evaluation is linear in its weights: every term is a count (how many rook moves, whether a
//! pawn stands on a square, missing advisors times the enemy's attacking force) times a weight
//! with a middlegame and an endgame value. The tuner (`qipan-tune`) reads the counts of a position
//! through [`super::trace`] and fits the weights to game results; these indices tie the two
//! together.

use crate::piece::Role;

/// Material, one weight per role (general unused).
pub const MATERIAL: usize = 0;
/// Piece-square tables: role, then rank from the owner's side (0-9), then file folded onto the
/// left half (a..e; Xiangqi is symmetric left to right).
pub const PST: usize = MATERIAL + 7;
/// Files a table keeps after folding.
pub const PST_FILES: usize = 5;
/// Entries of one role's table.
pub const PST_ROLE: usize = 10 * PST_FILES;

/// Rook: per reachable point (empty or enemy-occupied) along its four lines.
pub const ROOK_MOBILITY: usize = PST + 7 * PST_ROLE;
/// Horse: per destination whose leg is free and that does not hold a friendly piece.
pub const HORSE_MOBILITY: usize = ROOK_MOBILITY + 1;
/// Horse with at most one move.
pub const HORSE_TRAPPED: usize = HORSE_MOBILITY + 1;
/// Cannon: per empty point it can slide to.
pub const CANNON_MOBILITY: usize = HORSE_TRAPPED + 1;
/// Cannon on the centre file facing the enemy general with nothing between (空头炮).
pub const CANNON_EMPTY_HEAD: usize = CANNON_MOBILITY + 1;
/// Cannon on the centre file facing the enemy general over exactly one screen (中炮).
pub const CANNON_CENTRAL_SCREEN: usize = CANNON_EMPTY_HEAD + 1;
/// Crossed pawn beside another crossed pawn of its side (牵手兵).
pub const LINKED_PAWNS: usize = CANNON_CENTRAL_SCREEN + 1;
/// Per missing advisor, times the enemy's attacking force ([`super::super::values::ATTACK_UNITS`]).
pub const MISSING_ADVISOR: usize = LINKED_PAWNS + 1;
/// Per missing elephant, times the enemy's attacking force.
pub const MISSING_ELEPHANT: usize = MISSING_ADVISOR + 1;
/// Rook: per point of the enemy palace on its lines.
pub const ROOK_PALACE: usize = MISSING_ELEPHANT + 1;
/// Horse: per point of the enemy palace it can jump to.
pub const HORSE_PALACE: usize = ROOK_PALACE + 1;
/// Cannon: per point of the enemy palace it attacks over a screen.
pub const CANNON_PALACE: usize = HORSE_PALACE + 1;
/// Rook on a file where its side has no pawn in front of it (an open line forward).
pub const ROOK_OPEN_FILE: usize = CANNON_PALACE + 1;

/// How many weights there are.
pub const COUNT: usize = ROOK_OPEN_FILE + 1;

/// The single (non-table) weights, with their names as the tuner writes them.
pub const SCALARS: [(usize, &str); 13] = [
    (ROOK_MOBILITY, "ROOK_MOBILITY"),
    (HORSE_MOBILITY, "HORSE_MOBILITY"),
    (HORSE_TRAPPED, "HORSE_TRAPPED"),
    (CANNON_MOBILITY, "CANNON_MOBILITY"),
    (CANNON_EMPTY_HEAD, "CANNON_EMPTY_HEAD"),
    (CANNON_CENTRAL_SCREEN, "CANNON_CENTRAL_SCREEN"),
    (LINKED_PAWNS, "LINKED_PAWNS"),
    (MISSING_ADVISOR, "MISSING_ADVISOR"),
    (MISSING_ELEPHANT, "MISSING_ELEPHANT"),
    (ROOK_PALACE, "ROOK_PALACE"),
    (HORSE_PALACE, "HORSE_PALACE"),
    (CANNON_PALACE, "CANNON_PALACE"),
    (ROOK_OPEN_FILE, "ROOK_OPEN_FILE"),
];

/// The table entry of `role` on `rank` (from its owner's side) and `file`.
pub const fn pst(role: Role, rank: usize, file: usize) -> usize {
    let folded = if file > 4 { 8 - file } else { file };
    PST + role.index() * PST_ROLE + rank * PST_FILES + folded
}

/// The material weight of `role`.
pub const fn material(role: Role) -> usize {
    MATERIAL + role.index()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_scalars_follow_the_tables_in_order_and_fill_the_rest() {
        let first = PST + 7 * PST_ROLE;
        for (offset, (index, _)) in SCALARS.iter().enumerate() {
            assert_eq!(*index, first + offset);
        }
        assert_eq!(first + SCALARS.len(), COUNT);
    }
}

//! Is a general attacked? Used for check detection and for the legality of moves that the
//! fast path of move generation cannot clear (see [`crate::movegen`]).

use crate::board::{
    self, DIAGONAL, EAST, EMPTY, NORTH, OFF, ORTHOGONAL, SOUTH, WEST, is_role, step,
};
use crate::piece::{Color, Role};
use crate::position::Position;

/// Read access to the cells of a board, possibly with one move applied virtually.
pub(crate) trait Cells {
    /// The cell at a mailbox index.
    fn cell(&self, sq: u8) -> u8;
}

impl Cells for [u8; 256] {
    #[inline(always)]
    fn cell(&self, sq: u8) -> u8 {
        self[sq as usize]
    }
}

/// The board as it would be after a piece moves from `from` to `to`.
pub(crate) struct AfterMove<'a> {
    pub(crate) cells: &'a [u8; 256],
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) id: u8,
}

impl Cells for AfterMove<'_> {
    #[inline(always)]
    fn cell(&self, sq: u8) -> u8 {
        if sq == self.to {
            self.id
        } else if sq == self.from {
            EMPTY
        } else {
            self.cells[sq as usize]
        }
    }
}

/// The first occupied cell from `sq` (exclusive) in direction `d`, with its index.
#[inline(always)]
pub(crate) fn first_piece<C: Cells + ?Sized>(cells: &C, mut sq: u8, d: i8) -> (u8, u8) {
    loop {
        sq = step(sq, d);
        let c = cells.cell(sq);
        if c != EMPTY {
            return (sq, c);
        }
    }
}

/// Whether the general of `us` standing at `ksq` is attacked by the other side.
///
/// Attacks are looked up from the general outwards: rooks (and the other general, on the same
/// file) as the first piece on a line, cannons as the second, horses whose leg (the point
/// diagonally next to the general) is empty, and pawns in front or (past the river) beside.
#[inline(always)]
pub(crate) fn king_attacked_at<C: Cells + ?Sized>(cells: &C, ksq: u8, us: Color) -> bool {
    let them = board::id_base(us.opposite());
    for d in ORTHOGONAL {
        let (sq, first) = first_piece(cells, ksq, d);
        if first == OFF {
            continue;
        }
        if is_role(first, them, Role::Rook)
            || ((d == NORTH || d == SOUTH) && is_role(first, them, Role::King))
        {
            return true;
        }
        let (_, second) = first_piece(cells, sq, d);
        if second != OFF && is_role(second, them, Role::Cannon) {
            return true;
        }
    }
    for d in DIAGONAL {
        let leg = step(ksq, d);
        if cells.cell(leg) == EMPTY {
            let vertical = if d > 0 { NORTH } else { SOUTH };
            let horizontal = d - vertical;
            if is_role(cells.cell(step(leg, vertical)), them, Role::Horse)
                || is_role(cells.cell(step(leg, horizontal)), them, Role::Horse)
            {
                return true;
            }
        }
    }
    let ahead = step(ksq, board::forward(us));
    is_role(cells.cell(ahead), them, Role::Pawn)
        || is_role(cells.cell(step(ksq, EAST)), them, Role::Pawn)
        || is_role(cells.cell(step(ksq, WEST)), them, Role::Pawn)
}

impl Position {
    /// Whether `color`'s general is attacked on the current board.
    #[inline]
    pub(crate) fn king_attacked(&self, color: Color) -> bool {
        let ksq = self.squares[board::id_base(color) as usize];
        king_attacked_at(&self.cells, ksq, color)
    }
}

//! The board representation, shared by make/unmake, move generation and attack detection.
//!
//! **Why a padded 16x16 mailbox with piece ids.** Xiangqi has 90 points, too many for one
//! 64-bit bitboard, and its pieces are blocked one square at a time (horse legs, elephant eyes,
//! cannon screens), which mailbox code handles with a single load. Every point lives at
//! `16 * (rank + 3) + (file + 3)` in a 256-entry array (the layout of ElephantEye by Morning
//! Yellow), so every step, including a horse's two-square jump, stays inside the array and
//! lands on an `OFF` sentinel when it leaves the board: no bounds checks, and indices are `u8`
//! so the compiler drops Rust's own. Each cell holds a piece *id* (16 slots per side, one per
//! piece of the initial army) rather than a kind, and `squares[id]` maps back, so move
//! generation walks the at most 16 pieces of the side to move instead of scanning 90 points.

use crate::piece::{Color, Piece, Role};

/// An empty cell.
pub(crate) const EMPTY: u8 = 0;
/// A cell outside the board. It has both colour bits set, so "not my piece" tests fail on it.
pub(crate) const OFF: u8 = 0xFF;

/// Colour bit of piece ids: ids 16..32 are Red, 32..48 Black.
pub(crate) const fn color_bit(color: Color) -> u8 {
    16 << color as u8
}

/// First id of a colour's 16 slots.
pub(crate) const fn id_base(color: Color) -> u8 {
    16 + 16 * color as u8
}

/// Slot ranges (within a colour's 16 ids) of each role, in `Role` order:
/// general 0, advisors 1-2, elephants 3-4, horses 5-6, rooks 7-8, cannons 9-10, pawns 11-15.
pub(crate) const SLOT_START: [u8; 7] = [0, 1, 3, 5, 7, 9, 11];

/// Role of each slot.
const SLOT_ROLE: [Role; 16] = [
    Role::King,
    Role::Advisor,
    Role::Advisor,
    Role::Elephant,
    Role::Elephant,
    Role::Horse,
    Role::Horse,
    Role::Rook,
    Role::Rook,
    Role::Cannon,
    Role::Cannon,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
    Role::Pawn,
];

/// The piece with id `id` (16..48).
#[inline(always)]
pub(crate) const fn piece_of_id(id: u8) -> Piece {
    let color = if id & 32 != 0 {
        Color::Black
    } else {
        Color::Red
    };
    Piece::new(color, SLOT_ROLE[(id & 15) as usize])
}

/// Role of the piece with id `id`.
#[inline(always)]
pub(crate) const fn role_of_id(id: u8) -> Role {
    SLOT_ROLE[(id & 15) as usize]
}

/// Dense kind 0..14 (`color * 7 + role`) of a piece id, for hashing.
#[inline(always)]
pub(crate) const fn kind_of_id(id: u8) -> usize {
    ((id >> 5) & 1) as usize * 7 + role_of_id(id) as usize
}

/// One rank towards Black.
pub(crate) const NORTH: i8 = 16;
/// One rank towards Red.
pub(crate) const SOUTH: i8 = -16;
/// One file towards i.
pub(crate) const EAST: i8 = 1;
/// One file towards a.
pub(crate) const WEST: i8 = -1;
/// The four orthogonal steps.
pub(crate) const ORTHOGONAL: [i8; 4] = [NORTH, SOUTH, EAST, WEST];
/// The four diagonal steps.
pub(crate) const DIAGONAL: [i8; 4] = [NORTH + EAST, NORTH + WEST, SOUTH + EAST, SOUTH + WEST];

/// Horse jumps: (leg step, two targets).
pub(crate) const HORSE: [(i8, [i8; 2]); 4] = [
    (NORTH, [2 * NORTH + EAST, 2 * NORTH + WEST]),
    (SOUTH, [2 * SOUTH + EAST, 2 * SOUTH + WEST]),
    (EAST, [2 * EAST + NORTH, 2 * EAST + SOUTH]),
    (WEST, [2 * WEST + NORTH, 2 * WEST + SOUTH]),
];

/// Adds a step to a mailbox index. Steps from a board point never leave the 256 entries.
#[inline(always)]
pub(crate) const fn step(sq: u8, delta: i8) -> u8 {
    sq.wrapping_add(delta as u8)
}

const fn on_board(sq: usize) -> bool {
    let file = sq & 15;
    let rank = sq >> 4;
    file >= 3 && file <= 11 && rank >= 3 && rank <= 12
}

/// Flags per mailbox index.
pub(crate) const IN_BOARD: u8 = 1;
/// Inside Red's palace (files d–f, ranks 0–2).
pub(crate) const RED_PALACE: u8 = 2;
/// Inside Black's palace (files d–f, ranks 7–9).
pub(crate) const BLACK_PALACE: u8 = 4;
/// On Red's half (ranks 0–4).
pub(crate) const RED_HALF: u8 = 8;
/// On Black's half (ranks 5–9).
pub(crate) const BLACK_HALF: u8 = 16;

/// Board flags of every mailbox index.
pub(crate) static FLAGS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut sq = 0;
    while sq < 256 {
        if on_board(sq) {
            let file = (sq & 15) - 3;
            let rank = (sq >> 4) - 3;
            let mut f = IN_BOARD;
            if rank <= 4 {
                f |= RED_HALF;
            } else {
                f |= BLACK_HALF;
            }
            if file >= 3 && file <= 5 {
                if rank <= 2 {
                    f |= RED_PALACE;
                } else if rank >= 7 {
                    f |= BLACK_PALACE;
                }
            }
            t[sq] = f;
        }
        sq += 1;
    }
    t
};

/// The palace flag of a colour.
#[inline(always)]
pub(crate) const fn palace(color: Color) -> u8 {
    match color {
        Color::Red => RED_PALACE,
        Color::Black => BLACK_PALACE,
    }
}

/// The own-half flag of a colour.
#[inline(always)]
pub(crate) const fn home_half(color: Color) -> u8 {
    match color {
        Color::Red => RED_HALF,
        Color::Black => BLACK_HALF,
    }
}

/// The step a colour's pawns move forward.
#[inline(always)]
pub(crate) const fn forward(color: Color) -> i8 {
    match color {
        Color::Red => NORTH,
        Color::Black => SOUTH,
    }
}

/// Whether cell `cell` holds one of the pieces of `role` of the side whose ids start at `base`
/// (a single compare: each role owns a contiguous slot range).
#[inline(always)]
pub(crate) const fn is_role(cell: u8, base: u8, role: Role) -> bool {
    cell.wrapping_sub(base + SLOT_START[role as usize]) < role.count() as u8
}

/// An empty board: `EMPTY` on the 90 points, `OFF` elsewhere.
pub(crate) const fn empty_cells() -> [u8; 256] {
    let mut t = [OFF; 256];
    let mut sq = 0;
    while sq < 256 {
        if on_board(sq) {
            t[sq] = EMPTY;
        }
        sq += 1;
    }
    t
}

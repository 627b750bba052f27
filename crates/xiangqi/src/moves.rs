//! Moves and move lists.

use std::fmt;
use std::num::NonZeroU16;
use std::ops::Deref;

use crate::square::Square;

/// A move: the square a piece leaves and the square it goes to. Captures are implied by the
/// target being occupied. Printed in ICCS (`h2e2`).
///
/// A move is two bytes and `Option<Move>` is too, which suits transposition tables.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(NonZeroU16);

impl Move {
    /// The move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        // Board squares have mailbox values >= 51, so the packed value is never zero.
        match NonZeroU16::new(from.0 as u16 | (to.0 as u16) << 8) {
            Some(v) => Move(v),
            None => unreachable!(),
        }
    }

    /// The square the piece leaves.
    pub const fn from(self) -> Square {
        Square::from_raw(self.0.get() as u8)
    }

    /// The square the piece goes to.
    pub const fn to(self) -> Square {
        Square::from_raw((self.0.get() >> 8) as u8)
    }

    /// A compact 16-bit code (for hash tables); [`Move::from_u16`] reads it back.
    pub const fn to_u16(self) -> u16 {
        self.0.get()
    }

    /// Reads a code written by [`Move::to_u16`]; `None` if it does not name two different board
    /// squares.
    pub fn from_u16(code: u16) -> Option<Move> {
        let square = |raw: u8| {
            Square::new((raw & 15).wrapping_sub(3), (raw >> 4).wrapping_sub(3))
                .filter(|s| s.0 == raw)
        };
        let (from, to) = (square(code as u8)?, square((code >> 8) as u8)?);
        (from != to).then(|| Move::new(from, to))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from(), self.to())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// More than any Xiangqi position can have: a full army has at most 111 pseudo-legal moves
/// (rooks 2x17, cannons 2x17, horses 2x8, pawns 5x3, general 4, advisors 4, elephants 4).
pub const MAX_MOVES: usize = 128;

/// A fixed-capacity list of moves that lives on the stack, filled by
/// [`crate::Position::legal_moves`]. Dereferences to a slice.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::from_raw(51), Square::from_raw(52)); MAX_MOVES],
            len: 0,
        }
    }

    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move. The capacity covers every legal position (see [`MAX_MOVES`]); a move past
    /// it is dropped rather than written out of bounds.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// The moves as a mutable slice (e.g. to sort them for move ordering).
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_junk_is_refused() {
        for from in Square::all() {
            for to in Square::all().filter(|&to| to != from) {
                let m = Move::new(from, to);
                assert_eq!(Move::from_u16(m.to_u16()), Some(m));
                assert_eq!((m.from(), m.to()), (from, to));
            }
        }
        assert_eq!(Move::from_u16(0), None);
        assert_eq!(Move::from_u16(0xFFFF), None);
        assert_eq!(Move::from_u16(0x3333), None);
    }
}

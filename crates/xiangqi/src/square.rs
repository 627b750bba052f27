//! Board squares in ICCS coordinates: files `a`–`i` from Red's left, ranks `0`–`9` from Red's side.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// Number of files (columns) on the board.
pub const FILES: u8 = 9;
/// Number of ranks (rows) on the board.
pub const RANKS: u8 = 10;

/// A point of the board, named as in ICCS coordinates: `a0` is Red's bottom-left corner,
/// `i9` Black's.
///
/// The value is an index into a 16x16 padded mailbox (see [`crate::position`]): rank `r` and file
/// `f` live at `16 * (r + 3) + (f + 3)`. Use [`Square::index`] for a dense 0..90 index.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(pub(crate) u8);

/// Text that is not a square name such as `e0`.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("`{0}` is not a square: expected a file a-i followed by a rank 0-9, e.g. `e0`")]
pub struct ParseSquareError(pub String);

impl Square {
    /// The square at `file` (0 = a … 8 = i) and `rank` (0 = Red's back rank … 9 = Black's).
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square((rank + 3) * 16 + file + 3))
        } else {
            None
        }
    }

    /// The square with dense index `index` (`file + 9 * rank`, 0..90).
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Square::new((index % 9) as u8, (index / 9) as u8)
        } else {
            None
        }
    }

    /// Builds a square from a mailbox value known to be on the board.
    pub(crate) const fn from_raw(raw: u8) -> Square {
        Square(raw)
    }

    /// The mailbox value (see the type docs).
    pub(crate) const fn raw(self) -> usize {
        self.0 as usize
    }

    /// File, 0 = a … 8 = i.
    pub const fn file(self) -> u8 {
        (self.0 & 15) - 3
    }

    /// Rank, 0 = Red's back rank … 9 = Black's back rank.
    pub const fn rank(self) -> u8 {
        (self.0 >> 4) - 3
    }

    /// Dense index `file + 9 * rank` in 0..90, for arrays indexed by square.
    pub const fn index(self) -> usize {
        self.file() as usize + 9 * self.rank() as usize
    }

    /// The square mirrored top to bottom (Red's view to Black's): `a0` ↔ `a9`.
    pub const fn flip_vertical(self) -> Square {
        Square((12 - self.rank()) * 16 + self.0 % 16)
    }

    /// The square mirrored left to right: `a0` ↔ `i0`.
    pub const fn flip_horizontal(self) -> Square {
        Square((self.0 & !15) | (8 - self.file() + 3))
    }

    /// All 90 squares in dense-index order (`a0`, `b0`, … `i9`).
    pub fn all() -> impl Iterator<Item = Square> {
        (0..90).filter_map(Square::from_index)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    /// Parses `e0` (files may be upper case, as some ICCS writers use).
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let err = || ParseSquareError(s.to_string());
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(err());
        }
        let file = bytes[0].to_ascii_lowercase().wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'0');
        Square::new(file, rank).ok_or_else(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::new(sq.file(), sq.rank()), Some(sq));
            assert_eq!(Square::from_index(sq.index()), Some(sq));
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
            assert_eq!(sq.flip_vertical().flip_vertical(), sq);
            assert_eq!(sq.flip_horizontal().rank(), sq.rank());
            assert_eq!(sq.flip_horizontal().file(), 8 - sq.file());
            assert_eq!(sq.flip_vertical().rank(), 9 - sq.rank());
        }
        assert_eq!(Square::all().count(), 90);
        assert!("j0".parse::<Square>().is_err());
        assert!("a10".parse::<Square>().is_err());
        assert!(Square::new(9, 0).is_none());
    }
}

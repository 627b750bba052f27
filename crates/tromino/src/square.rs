//! Squares of the board: `x` is the column from the left and `y` the row from the bottom, both
//! from 0. Players write them as `c6` (column letters a, b, ..., z, aa, ab, ...; row from 1) or as
//! `x,y`.

use crate::Error;
use std::fmt;
use std::str::FromStr;

/// One square of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Column from the left, from 0.
    pub x: u32,
    /// Row from the bottom, from 0.
    pub y: u32,
}

impl Square {
    /// The square at column `x`, row `y`.
    pub const fn new(x: u32, y: u32) -> Self {
        Square { x, y }
    }

    /// Checks that the square lies on a `size` x `size` board.
    pub fn check_on_board(self, size: u32) -> Result<Self, Error> {
        if self.x < size && self.y < size {
            Ok(self)
        } else {
            Err(Error::SquareOutsideBoard {
                x: self.x.into(),
                y: self.y.into(),
                size,
            })
        }
    }

    /// The chess-like name of the square, e.g. `c6` for (2, 5).
    pub fn name(self) -> String {
        let mut letters = Vec::new();
        let mut column = u64::from(self.x) + 1;
        while column > 0 {
            column -= 1;
            letters.push(b'a' + (column % 26) as u8);
            column /= 26;
        }
        letters.reverse();
        format!(
            "{}{}",
            String::from_utf8_lossy(&letters),
            u64::from(self.y) + 1
        )
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

impl FromStr for Square {
    type Err = Error;

    /// Reads `c6` (letters for the column, the row from 1) or `x,y` (both from 0).
    fn from_str(text: &str) -> Result<Self, Error> {
        let bad = |why| Error::BadSquare {
            text: text.to_string(),
            why,
        };
        let trimmed = text.trim();
        if let Some((x, y)) = trimmed.split_once(',') {
            let x = x
                .trim()
                .parse::<u32>()
                .map_err(|_| bad("the column is not a number"))?;
            let y = y
                .trim()
                .parse::<u32>()
                .map_err(|_| bad("the row is not a number"))?;
            return Ok(Square::new(x, y));
        }
        let split = trimmed
            .find(|c: char| !c.is_ascii_alphabetic())
            .ok_or_else(|| bad("expected letters then a row number, like c6, or x,y"))?;
        let (letters, digits) = trimmed.split_at(split);
        if letters.is_empty() {
            return Err(bad("expected letters for the column, like the c of c6"));
        }
        let mut column: u64 = 0;
        for c in letters.bytes() {
            column = column * 26 + u64::from(c.to_ascii_lowercase() - b'a') + 1;
            if column > u64::from(u32::MAX) {
                return Err(bad("the column is too large"));
            }
        }
        let row: u64 = digits
            .parse()
            .map_err(|_| bad("the row must be a number from 1, like the 6 of c6"))?;
        if row == 0 || row > u64::from(u32::MAX) {
            return Err(bad("the row must be a number from 1, like the 6 of c6"));
        }
        Ok(Square::new((column - 1) as u32, (row - 1) as u32))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (x, y, name) in [
            (0, 0, "a1"),
            (2, 5, "c6"),
            (25, 9, "z10"),
            (26, 0, "aa1"),
            (27, 3, "ab4"),
        ] {
            let square = Square::new(x, y);
            assert_eq!(square.name(), name);
            assert_eq!(name.parse::<Square>(), Ok(square));
        }
    }

    #[test]
    fn reads_coordinates() {
        assert_eq!("3,4".parse::<Square>(), Ok(Square::new(3, 4)));
        assert_eq!(" 0 , 7 ".parse::<Square>(), Ok(Square::new(0, 7)));
    }

    #[test]
    fn rejects_nonsense() {
        for text in ["", "c", "6", "c0", "c-1", "x,", ",3", "c6x", "é4"] {
            let err = text.parse::<Square>().unwrap_err();
            assert_eq!(err.code(), "bad_square", "{text}");
        }
    }

    #[test]
    fn checks_the_board() {
        assert!(Square::new(7, 7).check_on_board(8).is_ok());
        assert_eq!(
            Square::new(8, 0).check_on_board(8).unwrap_err().code(),
            "square_outside_board"
        );
    }
}

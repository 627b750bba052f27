//! The board: a rectangle of `cols` × `rows` squares, indexed row by row from the bottom left.

use crate::error::Error;
use crate::square::Square;

/// The largest number of squares a board may have (10^8).
pub const MAX_SQUARES: u64 = 100_000_000;

/// The eight knight moves as (dx, dy).
pub const KNIGHT_MOVES: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// An m×n board: `cols` columns (x, from the left) and `rows` rows (y, from the bottom).
///
/// Square (x, y) has index `y * cols + x`; tours are sequences of such indices (`u32`, since a
/// board has at most [`MAX_SQUARES`] squares).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cols: u32,
    rows: u32,
}

impl Board {
    /// A board of `cols` columns and `rows` rows; both at least 1, at most [`MAX_SQUARES`] squares.
    pub fn new(cols: u64, rows: u64) -> Result<Self, Error> {
        if cols == 0 || rows == 0 {
            return Err(Error::EmptyBoard { cols, rows });
        }
        let squares = cols.saturating_mul(rows);
        if squares > MAX_SQUARES {
            return Err(Error::BoardTooLarge {
                cols,
                rows,
                max: MAX_SQUARES,
            });
        }
        // Both fit in u32 because their product is at most 10^8.
        Ok(Board {
            cols: cols as u32,
            rows: rows as u32,
        })
    }

    /// Reads a size written as `COLSxROWS`, e.g. `8x8` or `10x9` (also `×` or `*`).
    pub fn parse(text: &str) -> Result<Self, Error> {
        let bad = |why: &'static str| Error::BadSize {
            text: text.to_string(),
            why,
        };
        let trimmed = text.trim();
        let (c, r) = trimmed
            .split_once(['x', 'X', '×', '*'])
            .ok_or_else(|| bad("write it as COLSxROWS, e.g. 8x8"))?;
        let cols: u64 = c
            .trim()
            .parse()
            .map_err(|_| bad("the number of columns is not a whole number"))?;
        let rows: u64 = r
            .trim()
            .parse()
            .map_err(|_| bad("the number of rows is not a whole number"))?;
        Board::new(cols, rows)
    }

    /// Number of columns (the width, x runs over `0..cols`).
    pub fn cols(self) -> u32 {
        self.cols
    }

    /// Number of rows (the height, y runs over `0..rows`).
    pub fn rows(self) -> u32 {
        self.rows
    }

    /// Number of squares, `cols * rows`.
    pub fn squares(self) -> usize {
        self.cols as usize * self.rows as usize
    }

    /// The shorter side.
    pub fn short_side(self) -> u32 {
        self.cols.min(self.rows)
    }

    /// The longer side.
    pub fn long_side(self) -> u32 {
        self.cols.max(self.rows)
    }

    /// The board with columns and rows exchanged.
    pub fn transposed(self) -> Board {
        Board {
            cols: self.rows,
            rows: self.cols,
        }
    }

    /// Whether the square lies on this board.
    pub fn contains(self, sq: Square) -> bool {
        sq.x < self.cols && sq.y < self.rows
    }

    /// Checks that the square lies on this board.
    pub fn check(self, sq: Square) -> Result<(), Error> {
        if self.contains(sq) {
            Ok(())
        } else {
            Err(Error::SquareOffBoard {
                x: sq.x,
                y: sq.y,
                cols: self.cols,
                rows: self.rows,
            })
        }
    }

    /// The index of a square on this board (`y * cols + x`).
    pub fn index(self, sq: Square) -> u32 {
        sq.y * self.cols + sq.x
    }

    /// The square of an index.
    pub fn square(self, index: u32) -> Square {
        Square::new(index % self.cols, index / self.cols)
    }

    /// The squares a knight on `sq` can reach.
    pub fn knight_moves(self, sq: Square) -> impl Iterator<Item = Square> {
        let (cols, rows) = (self.cols as i64, self.rows as i64);
        KNIGHT_MOVES.iter().filter_map(move |&(dx, dy)| {
            let (x, y) = (sq.x as i64 + dx as i64, sq.y as i64 + dy as i64);
            (x >= 0 && y >= 0 && x < cols && y < rows).then(|| Square::new(x as u32, y as u32))
        })
    }

    /// Whether a knight can move between the two squares.
    pub fn is_knight_move(a: Square, b: Square) -> bool {
        let dx = a.x.abs_diff(b.x);
        let dy = a.y.abs_diff(b.y);
        (dx == 1 && dy == 2) || (dx == 2 && dy == 1)
    }
}

impl std::fmt::Display for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}x{}", self.cols, self.rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_as_columns_by_rows() {
        let b = Board::parse("10x9").unwrap();
        assert_eq!((b.cols(), b.rows()), (10, 9));
        assert!(Board::parse("0x5").is_err());
        assert!(Board::parse("8").is_err());
        assert!(Board::parse("axb").is_err());
        assert!(Board::parse("100000x1001").is_err());
        assert!(Board::parse("10000x10000").is_ok());
    }

    #[test]
    fn a_corner_has_two_knight_moves() {
        let b = Board::new(8, 8).unwrap();
        assert_eq!(b.knight_moves(Square::new(0, 0)).count(), 2);
        assert_eq!(b.knight_moves(Square::new(3, 3)).count(), 8);
    }
}

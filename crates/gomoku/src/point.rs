//! Points of the board, stone colours and the `h8` coordinate notation.

use crate::error::CoordError;

/// The largest board side supported (25×25).
pub const MAX_SIZE: u8 = 25;
/// The smallest board side supported (5×5).
pub const MIN_SIZE: u8 = 5;
/// The default board side (15×15).
pub const DEFAULT_SIZE: u8 = 15;

/// A stone colour. Black moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Color {
    /// The first player.
    Black,
    /// The second player.
    White,
}

impl Color {
    /// The other colour.
    pub fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White (for indexing tables).
    pub fn index(self) -> usize {
        match self {
            Color::Black => 0,
            Color::White => 1,
        }
    }
}

/// A point of the board: `x` is the column from the left, `y` the row from the top, both 0-based
/// (the convention of the Gomocup protocol).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 = leftmost.
    pub x: u8,
    /// Row, 0 = top.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y` (0-based, from the top-left corner).
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }

    /// Whether the point lies on a board of side `size`.
    pub fn on_board(self, size: u8) -> bool {
        self.x < size && self.y < size
    }

    /// The point in `h8` notation on a board of side `size`: the letter is the column (`a` on the
    /// left), the number the row counted from the bottom (as in renju diagrams).
    pub fn to_coord(self, size: u8) -> String {
        let letter = char::from(b'a' + self.x);
        format!("{letter}{}", u32::from(size) - u32::from(self.y))
    }

    /// Parses `h8` notation (case-insensitive) on a board of side `size`.
    pub fn parse_coord(text: &str, size: u8) -> Result<Point, CoordError> {
        let text = text.trim();
        let mut chars = text.chars();
        let letter = chars
            .next()
            .ok_or_else(|| CoordError::Malformed(text.to_string()))?
            .to_ascii_lowercase();
        if !letter.is_ascii_lowercase() {
            return Err(CoordError::Malformed(text.to_string()));
        }
        let row: u32 = chars
            .as_str()
            .parse()
            .map_err(|_| CoordError::Malformed(text.to_string()))?;
        let x = letter as u32 - 'a' as u32;
        if x >= u32::from(size) || row == 0 || row > u32::from(size) {
            return Err(CoordError::OffBoard {
                coord: text.to_string(),
                size,
            });
        }
        Ok(Point::new(x as u8, (u32::from(size) - row) as u8))
    }
}

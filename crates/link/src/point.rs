//! Points on the board and on the free ring around it.

use std::fmt;

/// A position: `x` the column and `y` the row, both from 0 at the top left of the board.
///
/// Tiles lie at `0 <= x < cols`, `0 <= y < rows`. The corners of a path may also lie on the free
/// ring around the board, at `x = -1`, `x = cols`, `y = -1` or `y = rows`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, from 0 at the left.
    pub x: i32,
    /// Row, from 0 at the top.
    pub y: i32,
}

impl Point {
    /// The point at column `x`, row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A removal: the two tiles taken off together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The first tile.
    pub a: Point,
    /// The second tile.
    pub b: Point,
}

impl Move {
    /// The removal of the tiles at `a` and `b`.
    pub const fn new(a: Point, b: Point) -> Self {
        Move { a, b }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.a, self.b)
    }
}

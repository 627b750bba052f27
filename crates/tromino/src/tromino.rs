//! The L-tromino: three squares of a 2x2 box, one corner of the box left empty. Its four shapes
//! are named by that empty corner.

use crate::Square;

/// The four L shapes, named by the corner of the tromino's 2x2 box that it leaves empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// Covers the lower-right, upper-left and upper-right squares of its box.
    EmptyLowerLeft = 0,
    /// Covers the lower-left, upper-left and upper-right squares of its box.
    EmptyLowerRight = 1,
    /// Covers the lower-left, lower-right and upper-right squares of its box.
    EmptyUpperLeft = 2,
    /// Covers the lower-left, lower-right and upper-left squares of its box.
    EmptyUpperRight = 3,
}

impl Shape {
    /// All four shapes, in the order of their index.
    pub const ALL: [Shape; 4] = [
        Shape::EmptyLowerLeft,
        Shape::EmptyLowerRight,
        Shape::EmptyUpperLeft,
        Shape::EmptyUpperRight,
    ];

    /// The index 0..4 of the shape; in binary `dy dx`, the empty corner of the box.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The shape of index `index & 3`.
    pub const fn from_index(index: u8) -> Shape {
        match index & 3 {
            0 => Shape::EmptyLowerLeft,
            1 => Shape::EmptyLowerRight,
            2 => Shape::EmptyUpperLeft,
            _ => Shape::EmptyUpperRight,
        }
    }

    /// A short stable name for files and the web API: `ll`, `lr`, `ul` or `ur` (the empty corner).
    pub const fn name(self) -> &'static str {
        match self {
            Shape::EmptyLowerLeft => "ll",
            Shape::EmptyLowerRight => "lr",
            Shape::EmptyUpperLeft => "ul",
            Shape::EmptyUpperRight => "ur",
        }
    }

    /// The shape named by [`Shape::name`].
    pub fn from_name(name: &str) -> Option<Shape> {
        Shape::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The three covered corners of the box as offsets `(dx, dy)`, in row-major order from the bottom.
    pub const fn offsets(self) -> [(u32, u32); 3] {
        match self {
            Shape::EmptyLowerLeft => [(1, 0), (0, 1), (1, 1)],
            Shape::EmptyLowerRight => [(0, 0), (0, 1), (1, 1)],
            Shape::EmptyUpperLeft => [(0, 0), (1, 0), (1, 1)],
            Shape::EmptyUpperRight => [(0, 0), (1, 0), (0, 1)],
        }
    }
}

/// One placed L-tromino.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Tromino {
    /// The lower-left corner of the tromino's 2x2 box (not covered when the shape is
    /// [`Shape::EmptyLowerLeft`]).
    pub corner: Square,
    /// Which of the four L shapes.
    pub shape: Shape,
}

impl Tromino {
    /// The tromino of `shape` whose box has its lower-left corner at `corner`.
    pub const fn new(corner: Square, shape: Shape) -> Self {
        Tromino { corner, shape }
    }

    /// The three squares it covers, in row-major order from the bottom.
    pub fn cells(self) -> [Square; 3] {
        self.shape
            .offsets()
            .map(|(dx, dy)| Square::new(self.corner.x + dx, self.corner.y + dy))
    }

    /// Whether all three squares lie on a `size` x `size` board.
    pub fn fits(self, size: u32) -> bool {
        u64::from(self.corner.x) + 1 < u64::from(size)
            && u64::from(self.corner.y) + 1 < u64::from(size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_leave_their_named_corner_empty() {
        for shape in Shape::ALL {
            let empty = (u32::from(shape.index() & 1), u32::from(shape.index() >> 1));
            let offsets = shape.offsets();
            assert!(!offsets.contains(&empty));
            assert_eq!(Shape::from_index(shape.index()), shape);
            assert_eq!(Shape::from_name(shape.name()), Some(shape));
        }
    }
}

//! Exact search for a tromino tiling of an arbitrary region.
//!
//! Deciding whether a region can be tiled by L-trominoes is NP-complete (C. Moore and J. M. Robson,
//! "Hard tiling problems with simple tiles", Discrete Comput. Geom. 26 (2001) 573-590), so no
//! algorithm is fast on every region: this one is a depth-first search with strong pruning and a
//! budget of nodes and time, and says "gave up" rather than hang.
//!
//! The search always covers the first free square in row-major order (from the bottom); that square
//! must be the first square of its tromino, which leaves four candidates. After each placement it
//! prunes when a free square next to the new tromino can no longer be covered, or when a
//! connected free area has a number of squares that is not a multiple of 3.

use crate::{Shape, Square, Tromino};
use std::time::Instant;

/// How long a search may run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchLimits {
    /// Most placements tried before giving up.
    pub max_nodes: u64,
    /// Time after which the search gives up.
    pub deadline: Option<Instant>,
}

impl SearchLimits {
    /// A budget of `max_nodes` placements and no deadline.
    pub const fn nodes(max_nodes: u64) -> Self {
        SearchLimits {
            max_nodes,
            deadline: None,
        }
    }
}

/// Why a region cannot be tiled.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Reason {
    /// The board is a known impossible case: its side is a multiple of 3, or it is the 5x5
    /// exception (Chu and Johnsonbaugh 1986). The error names which.
    Board(crate::Error),
    /// A connected free area (the one containing `square`) has `cells` squares, not a multiple of 3.
    AreaNotMultipleOfThree {
        /// A square of the area.
        square: Square,
        /// Its number of squares.
        cells: usize,
    },
    /// No tromino fits on this free square.
    SquareCannotBeCovered {
        /// The square.
        square: Square,
    },
    /// The exhaustive search found no tiling.
    NoTiling {
        /// Placements tried.
        nodes: u64,
    },
}

impl Reason {
    /// A stable identifier of the reason, for user interfaces that translate messages.
    pub fn code(&self) -> &'static str {
        match self {
            Reason::Board(error) => error.code(),
            Reason::AreaNotMultipleOfThree { .. } => "area_not_multiple_of_three",
            Reason::SquareCannotBeCovered { .. } => "square_cannot_be_covered",
            Reason::NoTiling { .. } => "no_tiling",
        }
    }
}

impl std::fmt::Display for Reason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Reason::Board(error) => write!(f, "{error}"),
            Reason::AreaNotMultipleOfThree { square, cells } => write!(
                f,
                "the free area around {square} has {cells} squares, which is not a multiple of 3"
            ),
            Reason::SquareCannotBeCovered { square } => {
                write!(f, "no tromino fits on the free square {square}")
            }
            Reason::NoTiling { nodes } => {
                write!(
                    f,
                    "an exhaustive search ({nodes} placements) found no tiling"
                )
            }
        }
    }
}

/// What a search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A tiling of the free squares.
    Tiled(Vec<Tromino>),
    /// Proof that there is none.
    Impossible(Reason),
    /// The budget ran out first: the answer is unknown.
    GaveUp {
        /// Placements tried.
        nodes: u64,
    },
}

/// A tromino seen from its first square: the x offset of its box corner, its shape, and its two
/// other squares as (dx, dy).
type Placement = (isize, Shape, [(isize, isize); 2]);

/// The four trominoes whose first square (row-major from the bottom) is a given square.
const FIRST_SQUARE_PLACEMENTS: [Placement; 4] = [
    (0, Shape::EmptyUpperRight, [(1, 0), (0, 1)]),
    (0, Shape::EmptyUpperLeft, [(1, 0), (1, 1)]),
    (0, Shape::EmptyLowerRight, [(0, 1), (1, 1)]),
    (-1, Shape::EmptyLowerLeft, [(-1, 1), (0, 1)]),
];

/// Searches for a tiling of the free squares of a `width` x `height` region (`free[y * width + x]`).
pub fn tile_region(width: usize, height: usize, free: &[bool], limits: SearchLimits) -> Outcome {
    let mut search = Search::new(width, height, free);
    if let Some(reason) = search.first_obstacle() {
        return Outcome::Impossible(reason);
    }
    search.run(limits)
}

/// The search state: a padded grid (a blocked border of one square all round) of free squares.
struct Search {
    stride: usize,
    blocked: Vec<bool>,
    free_count: usize,
    /// Flood-fill marks: a square is visited in the current pass when its mark equals `pass`.
    marks: Vec<u32>,
    pass: u32,
    stack: Vec<usize>,
    /// The placements made: (padded index of the first square, placement number).
    placed: Vec<(usize, usize)>,
}

impl Search {
    fn new(width: usize, height: usize, free: &[bool]) -> Self {
        let stride = width + 2;
        let mut blocked = vec![true; stride * (height + 2)];
        let mut free_count = 0;
        for y in 0..height {
            for x in 0..width {
                if free.get(y * width + x).copied().unwrap_or(false) {
                    blocked[(y + 1) * stride + x + 1] = false;
                    free_count += 1;
                }
            }
        }
        let marks = vec![0; blocked.len()];
        Search {
            stride,
            blocked,
            free_count,
            marks,
            pass: 0,
            stack: Vec::new(),
            placed: Vec::new(),
        }
    }

    fn square(&self, index: usize) -> Square {
        Square::new(
            (index % self.stride - 1) as u32,
            (index / self.stride - 1) as u32,
        )
    }

    /// The clearest reason the region is impossible before any search, if there is one.
    fn first_obstacle(&mut self) -> Option<Reason> {
        for index in 0..self.blocked.len() {
            if !self.blocked[index] && !self.coverable(index) {
                return Some(Reason::SquareCannotBeCovered {
                    square: self.square(index),
                });
            }
        }
        self.bad_area()
            .map(|(index, cells)| Reason::AreaNotMultipleOfThree {
                square: self.square(index),
                cells,
            })
    }

    /// Whether some tromino covers the free square `index`: some 2x2 box holding it has 3 free
    /// squares (any 3 squares of a 2x2 box form an L).
    fn coverable(&self, index: usize) -> bool {
        let s = self.stride;
        [index - s - 1, index - s, index - 1, index]
            .into_iter()
            .any(|corner| {
                let box_free = [corner, corner + 1, corner + s, corner + s + 1]
                    .into_iter()
                    .filter(|&i| !self.blocked[i])
                    .count();
                box_free >= 3
            })
    }

    /// A connected free area whose size is not a multiple of 3, as (a square of it, its size).
    fn bad_area(&mut self) -> Option<(usize, usize)> {
        self.pass += 1;
        let mut remaining = self.free_count;
        let mut start = 0;
        while remaining > 0 {
            while self.blocked[start] || self.marks[start] == self.pass {
                start += 1;
            }
            let size = self.flood(start);
            if !size.is_multiple_of(3) {
                return Some((start, size));
            }
            remaining -= size;
        }
        None
    }

    fn flood(&mut self, start: usize) -> usize {
        let s = self.stride;
        self.marks[start] = self.pass;
        self.stack.push(start);
        let mut size = 0;
        while let Some(index) = self.stack.pop() {
            size += 1;
            for next in [index - s, index - 1, index + 1, index + s] {
                if !self.blocked[next] && self.marks[next] != self.pass {
                    self.marks[next] = self.pass;
                    self.stack.push(next);
                }
            }
        }
        size
    }

    /// The padded indices of placement `which` at first square `index`.
    fn squares_of(&self, index: usize, which: usize) -> [usize; 3] {
        let (_, _, others) = FIRST_SQUARE_PLACEMENTS[which];
        let at =
            |(dx, dy): (isize, isize)| (index as isize + dy * self.stride as isize + dx) as usize;
        [index, at(others[0]), at(others[1])]
    }

    /// The squares of placement `which` at `index`, if all three are free.
    fn fits(&self, index: usize, which: usize) -> Option<[usize; 3]> {
        let squares = self.squares_of(index, which);
        squares.iter().all(|&i| !self.blocked[i]).then_some(squares)
    }

    fn set(&mut self, squares: [usize; 3], blocked: bool) {
        for i in squares {
            self.blocked[i] = blocked;
        }
        if blocked {
            self.free_count -= 3;
        } else {
            self.free_count += 3;
        }
    }

    /// Whether the position after placing `squares` is hopeless.
    fn dead_end(&mut self, squares: [usize; 3]) -> bool {
        let s = self.stride;
        for square in squares {
            for next in [square - s, square - 1, square + 1, square + s] {
                if !self.blocked[next] && !self.coverable(next) {
                    return true;
                }
            }
        }
        self.bad_area().is_some()
    }

    fn run(&mut self, limits: SearchLimits) -> Outcome {
        let mut nodes: u64 = 0;
        let mut cursor = 0;
        let mut next_choice = 0;
        loop {
            if self.free_count == 0 {
                return Outcome::Tiled(self.trominoes());
            }
            while self.blocked[cursor] {
                cursor += 1;
            }
            let mut advanced = false;
            for which in next_choice..FIRST_SQUARE_PLACEMENTS.len() {
                let Some(squares) = self.fits(cursor, which) else {
                    continue;
                };
                nodes += 1;
                if nodes > limits.max_nodes
                    || (nodes.is_multiple_of(1024)
                        && limits.deadline.is_some_and(|d| Instant::now() >= d))
                {
                    return Outcome::GaveUp { nodes };
                }
                self.set(squares, true);
                if self.dead_end(squares) {
                    self.set(squares, false);
                    continue;
                }
                self.placed.push((cursor, which));
                advanced = true;
                break;
            }
            if advanced {
                next_choice = 0;
                continue;
            }
            // Backtrack: undo the last placement and try its next alternative.
            let Some((index, which)) = self.placed.pop() else {
                return Outcome::Impossible(Reason::NoTiling { nodes });
            };
            let squares = self.squares_of(index, which);
            self.set(squares, false);
            cursor = index;
            next_choice = which + 1;
        }
    }

    fn trominoes(&self) -> Vec<Tromino> {
        self.placed
            .iter()
            .map(|&(index, which)| {
                let (corner_dx, shape, _) = FIRST_SQUARE_PLACEMENTS[which];
                let first = self.square(index);
                let corner = Square::new((first.x as isize + corner_dx) as u32, first.y);
                Tromino::new(corner, shape)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(rows: &[&str]) -> (usize, usize, Vec<bool>) {
        // Rows are given top first, as drawn; '.' is free.
        let height = rows.len();
        let width = rows[0].len();
        let mut free = vec![false; width * height];
        for (r, row) in rows.iter().enumerate() {
            for (x, c) in row.bytes().enumerate() {
                free[(height - 1 - r) * width + x] = c == b'.';
            }
        }
        (width, height, free)
    }

    #[test]
    fn tiles_a_two_by_three() {
        let (w, h, free) = region(&["..", "..", ".."]);
        let Outcome::Tiled(trominoes) = tile_region(w, h, &free, SearchLimits::nodes(1000)) else {
            panic!("2x3 is tileable");
        };
        assert_eq!(trominoes.len(), 2);
    }

    #[test]
    fn explains_impossible_regions() {
        let (w, h, free) = region(&["...", "#.#", "..."]);
        assert!(matches!(
            tile_region(w, h, &free, SearchLimits::nodes(1000)),
            Outcome::Impossible(Reason::AreaNotMultipleOfThree { cells: 7, .. })
        ));
        let (w, h, free) = region(&["...", "###", "..."]);
        // Two straight 1x3 areas: sizes are fine but no L fits anywhere.
        assert!(matches!(
            tile_region(w, h, &free, SearchLimits::nodes(1000)),
            Outcome::Impossible(Reason::SquareCannotBeCovered { .. })
        ));
        // 3x3: nine squares, every square coverable, yet no tiling.
        let (w, h, free) = region(&["...", "...", "..."]);
        assert!(matches!(
            tile_region(w, h, &free, SearchLimits::nodes(1000)),
            Outcome::Impossible(Reason::NoTiling { .. })
        ));
    }

    #[test]
    fn gives_up_when_the_budget_is_spent() {
        let (w, h, free) = region(&["...", "...", "..."]);
        assert!(matches!(
            tile_region(w, h, &free, SearchLimits::nodes(1)),
            Outcome::GaveUp { .. }
        ));
    }
}

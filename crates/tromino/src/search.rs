//! Exact search for a tromino tiling of an arbitrary region.
//!
//! Deciding whether a region can be tiled by L-trominoes is NP-complete (C. Moore and J. M. Robson,
//! "Hard tiling problems with simple tiles", Discrete Comput. Geom. 26 (2001) 573-590), so no
//! algorithm is fast on every region: this one is a depth-first search with strong pruning and a
//! budget of nodes and time, and says "gave up" rather than hang.
//!
//! The search branches on the free square with the fewest trominoes that could cover it (taking a
//! forced square at once, and backtracking at a square no tromino can cover). After each placement
//! it prunes when a connected free area has a number of squares that is not a multiple of 3, or
//! more than a third of its squares in one class of (x mod 2, y mod 2): every tromino covers one
//! square of three different classes.

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
    /// A connected free area (the one containing `square`, of `cells` squares) has more than a
    /// third of its squares in one class of (x mod 2, y mod 2); each tromino covers one square of
    /// three different classes, so it cannot be tiled.
    UnbalancedArea {
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
            Reason::UnbalancedArea { .. } => "unbalanced_area",
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
            Reason::UnbalancedArea { square, cells } => write!(
                f,
                "the free area around {square} ({cells} squares) has too many squares of one parity class for trominoes"
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

/// Searches for a tiling of the free squares of a `width` x `height` region (`free[y * width + x]`).
pub fn tile_region(width: usize, height: usize, free: &[bool], limits: SearchLimits) -> Outcome {
    let mut search = Search::new(width, height, free);
    if let Some(reason) = search.first_obstacle() {
        return Outcome::Impossible(reason);
    }
    search.run(limits)
}

/// What is wrong with a connected free area, if anything.
enum AreaFault {
    /// Its size is not a multiple of 3.
    Size(usize),
    /// One of the four parity classes (x mod 2, y mod 2) holds more than a third of its squares.
    /// A tromino covers three squares of one 2x2 box, one from each of three classes, so a tiling
    /// with t trominoes covers at most t squares of any class.
    Parity(usize),
}

/// The search state: a padded grid (a blocked border of one square all round) of free squares,
/// and for each 2x2 box (by its lower-left padded index) how many of its squares are free.
struct Search {
    stride: usize,
    blocked: Vec<bool>,
    box_free: Vec<u8>,
    free_count: usize,
    /// Flood-fill marks: a square is visited in the current pass when its mark equals `pass`.
    marks: Vec<u32>,
    pass: u32,
    stack: Vec<usize>,
    /// The placements made: (padded index of the square branched on, placement number 0..12).
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
        let mut box_free = vec![0u8; blocked.len()];
        for (corner, count) in box_free
            .iter_mut()
            .enumerate()
            .take(blocked.len() - stride - 1)
        {
            *count = [corner, corner + 1, corner + stride, corner + stride + 1]
                .iter()
                .filter(|&&i| !blocked[i])
                .count() as u8;
        }
        let marks = vec![0; blocked.len()];
        Search {
            stride,
            blocked,
            box_free,
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

    /// The lower-left corners of the four 2x2 boxes holding square `index`, with the square's
    /// quadrant (`dy * 2 + dx`) in each.
    fn boxes(&self, index: usize) -> [(usize, usize); 4] {
        let s = self.stride;
        [
            (index - s - 1, 3),
            (index - s, 2),
            (index - 1, 1),
            (index, 0),
        ]
    }

    /// The number of trominoes that could cover the free square `index`: in a box with k free
    /// squares (this one included), C(k - 1, 2).
    fn options(&self, index: usize) -> usize {
        self.boxes(index)
            .iter()
            .map(|&(corner, _)| match self.box_free[corner] {
                4 => 3,
                3 => 1,
                _ => 0,
            })
            .sum()
    }

    /// The clearest reason the region is impossible before any search, if there is one.
    fn first_obstacle(&mut self) -> Option<Reason> {
        for index in 0..self.blocked.len() {
            if !self.blocked[index] && self.options(index) == 0 {
                return Some(Reason::SquareCannotBeCovered {
                    square: self.square(index),
                });
            }
        }
        self.bad_area().map(|(index, fault)| match fault {
            AreaFault::Size(cells) => Reason::AreaNotMultipleOfThree {
                square: self.square(index),
                cells,
            },
            AreaFault::Parity(cells) => Reason::UnbalancedArea {
                square: self.square(index),
                cells,
            },
        })
    }

    /// A connected free area that cannot be tiled, as (a square of it, what is wrong).
    fn bad_area(&mut self) -> Option<(usize, AreaFault)> {
        self.pass += 1;
        let mut remaining = self.free_count;
        let mut start = 0;
        while remaining > 0 {
            while self.blocked[start] || self.marks[start] == self.pass {
                start += 1;
            }
            let (size, classes) = self.flood(start);
            if size % 3 != 0 {
                return Some((start, AreaFault::Size(size)));
            }
            if classes.iter().any(|&c| c > size / 3) {
                return Some((start, AreaFault::Parity(size)));
            }
            remaining -= size;
        }
        None
    }

    /// The size of the free area holding `start`, and its squares in each parity class.
    fn flood(&mut self, start: usize) -> (usize, [usize; 4]) {
        let s = self.stride;
        self.marks[start] = self.pass;
        self.stack.push(start);
        let mut size = 0;
        let mut classes = [0; 4];
        while let Some(index) = self.stack.pop() {
            size += 1;
            classes[((index % s) & 1) | (((index / s) & 1) << 1)] += 1;
            for next in [index - s, index - 1, index + 1, index + s] {
                if !self.blocked[next] && self.marks[next] != self.pass {
                    self.marks[next] = self.pass;
                    self.stack.push(next);
                }
            }
        }
        (size, classes)
    }

    /// Placement `which` (0..12) covering square `index`: its box corner, the box quadrant it
    /// leaves empty, and its three squares.
    fn placement(&self, index: usize, which: usize) -> (usize, usize, [usize; 3]) {
        let (corner, own) = self.boxes(index)[which / 3];
        let empty = (0..4).filter(|&q| q != own).nth(which % 3).unwrap_or(0);
        let s = self.stride;
        let at = |q: usize| corner + (q & 1) + (q >> 1) * s;
        let mut squares = [0; 3];
        for (slot, q) in squares.iter_mut().zip((0..4).filter(|&q| q != empty)) {
            *slot = at(q);
        }
        (corner, empty, squares)
    }

    fn set(&mut self, squares: [usize; 3], blocked: bool) {
        for i in squares {
            self.blocked[i] = blocked;
            for (corner, _) in self.boxes(i) {
                if blocked {
                    self.box_free[corner] -= 1;
                } else {
                    self.box_free[corner] += 1;
                }
            }
        }
        if blocked {
            self.free_count -= 3;
        } else {
            self.free_count += 3;
        }
    }

    /// The free square with the fewest ways to be covered (the first such in row-major order),
    /// with that number; a forced square (one way) is taken at once.
    fn most_constrained(&self) -> Option<(usize, usize)> {
        let mut best: Option<(usize, usize)> = None;
        for index in 0..self.blocked.len() {
            if self.blocked[index] {
                continue;
            }
            let options = self.options(index);
            if options <= 1 {
                return Some((index, options));
            }
            if best.is_none_or(|(_, b)| options < b) {
                best = Some((index, options));
            }
        }
        best
    }

    fn run(&mut self, limits: SearchLimits) -> Outcome {
        let mut nodes: u64 = 0;
        // The square to branch on and the next placement to try there.
        let mut branch: Option<(usize, usize)> = None;
        loop {
            if self.free_count == 0 {
                return Outcome::Tiled(self.trominoes());
            }
            let (cell, first) = match branch.take() {
                Some(resume) => resume,
                None => match self.most_constrained() {
                    Some((cell, options)) if options > 0 => (cell, 0),
                    _ => (usize::MAX, 12),
                },
            };
            let mut advanced = false;
            for which in first..12 {
                let (_, _, squares) = self.placement(cell, which);
                if squares.iter().any(|&i| self.blocked[i]) {
                    continue;
                }
                nodes += 1;
                if nodes > limits.max_nodes
                    || (nodes.is_multiple_of(256)
                        && limits.deadline.is_some_and(|d| Instant::now() >= d))
                {
                    return Outcome::GaveUp { nodes };
                }
                self.set(squares, true);
                if self.bad_area().is_some() {
                    self.set(squares, false);
                    continue;
                }
                self.placed.push((cell, which));
                advanced = true;
                break;
            }
            if advanced {
                continue;
            }
            // Backtrack: undo the last placement and try its next alternative.
            let Some((index, which)) = self.placed.pop() else {
                return Outcome::Impossible(Reason::NoTiling { nodes });
            };
            let (_, _, squares) = self.placement(index, which);
            self.set(squares, false);
            branch = Some((index, which + 1));
        }
    }

    fn trominoes(&self) -> Vec<Tromino> {
        self.placed
            .iter()
            .map(|&(index, which)| {
                let (corner, empty, _) = self.placement(index, which);
                Tromino::new(self.square(corner), Shape::from_index(empty as u8))
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
        // 3x3: nine squares, every square coverable, but four of them have both coordinates even
        // and three trominoes cover at most three such squares.
        let (w, h, free) = region(&["...", "...", "..."]);
        assert!(matches!(
            tile_region(w, h, &free, SearchLimits::nodes(1000)),
            Outcome::Impossible(Reason::UnbalancedArea { cells: 9, .. })
        ));
    }

    #[test]
    fn gives_up_when_the_budget_is_spent() {
        let (w, h, free) = region(&["....", "....", "....", "...."]);
        let mut free = free;
        free[0] = false;
        assert!(matches!(
            tile_region(w, h, &free, SearchLimits::nodes(1)),
            Outcome::GaveUp { .. }
        ));
    }
}

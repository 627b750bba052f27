//! Which tiles can be removed now: from each tile, every cell reachable with at most two turns.
//!
//! This is the same search as [`Board::connect`] ordered by turns instead of length: layer `t`
//! holds the cells first reached after `t` turns, each layer casting straight rays at right
//! angles from the cells of the one before. A (cell, direction) state is entered once, so one
//! search costs time linear in the size of the board. The first tile a ray meets is reachable.

use crate::board::Board;
use crate::error::Error;
use crate::path::{DIRECTIONS, MAX_TURNS, step};
use crate::point::{Move, Point};

/// Reusable scratch space for reachability searches on boards of one size.
pub(crate) struct Reach {
    seen: Vec<u32>,
    hit: Vec<u32>,
    stamp: u32,
    frontier: Vec<(usize, u8)>,
    next: Vec<(usize, u8)>,
    hits: Vec<usize>,
}

/// Direction mask of the rays a cell casts: both axes for the start, else the other axis.
const ALL: u8 = 0b1111;
const VERTICAL: u8 = 0b0101;
const HORIZONTAL: u8 = 0b1010;

impl Reach {
    /// Scratch space for boards like `board`.
    pub(crate) fn new(board: &Board) -> Self {
        Reach {
            seen: vec![0; board.len() * DIRECTIONS.len()],
            hit: vec![0; board.len()],
            stamp: 0,
            frontier: Vec::new(),
            next: Vec::new(),
            hits: Vec::new(),
        }
    }

    /// The stored indices of the tiles reachable from the tile at `start` with at most two turns.
    pub(crate) fn from(&mut self, board: &Board, start: usize) -> &[usize] {
        self.search(board, start, |_, _| {});
        &self.hits
    }

    /// The search behind [`Reach::from`]: fills `hits`, and tells `on_empty` each empty cell the
    /// first time it is reached, with the number of turns (0, 1 or 2) taken to get there.
    #[inline(always)]
    fn search(&mut self, board: &Board, start: usize, mut on_empty: impl FnMut(usize, usize)) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.hit.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        self.hits.clear();
        self.frontier.clear();
        self.frontier.push((start, ALL));
        for turns in 0..=MAX_TURNS {
            self.next.clear();
            for &(cell, mask) in &self.frontier {
                for dir in (0..4).filter(|d| mask & (1 << d) != 0) {
                    let cross = if dir % 2 == 0 { HORIZONTAL } else { VERTICAL };
                    let mut at = step(board, cell, dir);
                    while let Some(n) = at {
                        if board.raw(n) != 0 {
                            if n != start && self.hit[n] != stamp {
                                self.hit[n] = stamp;
                                self.hits.push(n);
                            }
                            break;
                        }
                        let s = n * 4 + dir;
                        if self.seen[s] == stamp {
                            break; // this ray was already cast from here with no more turns
                        }
                        if (0..4).all(|d| self.seen[n * 4 + d] != stamp) {
                            on_empty(n, turns);
                        }
                        self.seen[s] = stamp;
                        self.next.push((n, cross));
                        at = step(board, n, dir);
                    }
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
    }

    /// Every removable pair as stored indices `(i, j)` with `i < j`, in order of `i` then `j`.
    pub(crate) fn pairs(&mut self, board: &Board, out: &mut Vec<(usize, usize)>) {
        out.clear();
        for i in 0..board.len() {
            let kind = board.raw(i);
            if kind == 0 {
                continue;
            }
            let start = out.len();
            for &j in self.from(board, i) {
                if j > i && board.raw(j) == kind {
                    out.push((i, j));
                }
            }
            out[start..].sort_unstable();
        }
    }

    /// Every removable pair of `board` (in classic mode, where nothing moves) just after the
    /// tiles at `removed` were taken away, given `before`, the pairs of the board with them, in
    /// the order of [`Reach::pairs`].
    ///
    /// Emptying cells only opens paths, and a path that runs through an emptied cell joins two
    /// tiles that can each reach that cell with at most two turns (reachability is symmetric).
    /// So the pairs before stay, less those of the removed tiles, and only the tiles that can
    /// reach an emptied cell need a new search.
    pub(crate) fn pairs_after_removal(
        &mut self,
        board: &Board,
        before: &[(usize, usize)],
        removed: &[usize],
        out: &mut Vec<(usize, usize)>,
    ) {
        let mut touched: Vec<usize> = Vec::new();
        for &cell in removed {
            touched.extend_from_slice(self.from(board, cell));
        }
        touched.sort_unstable();
        touched.dedup();
        let is_touched = |i: usize| touched.binary_search(&i).is_ok();
        out.clear();
        out.extend(before.iter().copied().filter(|&(i, j)| {
            !removed.contains(&i) && !removed.contains(&j) && !is_touched(i) && !is_touched(j)
        }));
        for &i in &touched {
            let kind = board.raw(i);
            for &j in self.from(board, i) {
                // A pair of two touched tiles is found from both ends: keep it once.
                if board.raw(j) == kind && !(is_touched(j) && j < i) {
                    out.push((i.min(j), i.max(j)));
                }
            }
        }
        out.sort_unstable();
    }

    /// Whether any pair can be removed.
    pub(crate) fn any_pair(&mut self, board: &Board) -> bool {
        (0..board.len()).any(|i| {
            let kind = board.raw(i);
            kind != 0 && self.from(board, i).iter().any(|&j| board.raw(j) == kind)
        })
    }
}

/// What the path search sees from one tile, layer by layer (for showing the algorithm).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TurnLayers {
    /// The empty cells (the ring outside the board included) first reached with 0, 1 and 2
    /// turns.
    pub cells: [Vec<Point>; 3],
    /// The tiles a ray stops at: exactly the tiles that can be joined to the start if they
    /// match it.
    pub tiles: Vec<Point>,
}

impl Board {
    /// The layers of the path search from the tile at `start`: which empty cells a path with at
    /// most two turns reaches, by the number of turns, and which tiles it reaches.
    pub fn turn_layers(&self, start: Point) -> Result<TurnLayers, Error> {
        if self.get(start).is_none() {
            return Err(Error::EmptyCell { point: start });
        }
        let mut reach = Reach::new(self);
        let mut layers = TurnLayers::default();
        reach.search(self, self.index(start), |cell, turns| {
            layers.cells[turns].push(self.point(cell));
        });
        layers.tiles = reach.hits.iter().map(|&i| self.point(i)).collect();
        Ok(layers)
    }

    /// Every pair of equal tiles that can be removed now, each once, first tile first in reading
    /// order.
    pub fn removable_pairs(&self) -> Vec<Move> {
        let mut pairs = Vec::new();
        Reach::new(self).pairs(self, &mut pairs);
        pairs
            .into_iter()
            .map(|(i, j)| Move::new(self.point(i), self.point(j)))
            .collect()
    }

    /// Whether some pair can be removed now. A board with tiles left and no move is stuck
    /// (a shuffle can help).
    pub fn has_move(&self) -> bool {
        Reach::new(self).any_pair(self)
    }
}

//! The board: rows × cols cells, each empty or holding a tile of some kind, inside a free ring.

use crate::error::Error;
use crate::point::Point;

/// Most rows a board may have.
pub const MAX_ROWS: usize = 20;
/// Most columns a board may have.
pub const MAX_COLS: usize = 30;
/// Number of distinct kinds a board may hold (kinds are `0..MAX_KINDS`): enough for a full
/// 20 × 30 board of pairs.
pub const MAX_KINDS: usize = MAX_ROWS * MAX_COLS / 2;

/// The face of a tile: two tiles match when their kinds are equal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Kind(u16);

impl Kind {
    /// The kind numbered `index` (from 0), if it is below [`MAX_KINDS`].
    pub fn new(index: usize) -> Result<Kind, Error> {
        if index < MAX_KINDS {
            Ok(Kind(index as u16))
        } else {
            Err(Error::KindOutOfRange {
                kind: index,
                max: MAX_KINDS - 1,
            })
        }
    }

    /// Its number, from 0.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A Lianliankan board of `rows × cols` cells with a free ring of empty cells around it, through
/// which paths may run.
///
/// Cells are stored with the ring included, so that path searches need no special case at the
/// edges: the cell at board point `(x, y)` has index `(y + 1) * (cols + 2) + x + 1`, and the value
/// 0 means empty, `k + 1` a tile of kind `k`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    cells: Vec<u16>,
}

impl Board {
    /// An empty board of `rows × cols` cells (1..=20 rows, 1..=30 columns).
    pub fn new(rows: usize, cols: usize) -> Result<Board, Error> {
        if !(1..=MAX_ROWS).contains(&rows) || !(1..=MAX_COLS).contains(&cols) {
            return Err(Error::BoardSize { rows, cols });
        }
        Ok(Board {
            rows,
            cols,
            cells: vec![0; (rows + 2) * (cols + 2)],
        })
    }

    /// A board from its rows, top first, each cell a kind number or `None` for empty. Every row
    /// must be as wide as the first, and every kind must occur an even number of times.
    pub fn from_rows(rows: &[Vec<Option<usize>>]) -> Result<Board, Error> {
        let cols = rows.first().map_or(0, Vec::len);
        let mut board = Board::new(rows.len(), cols)?;
        for (y, row) in rows.iter().enumerate() {
            if row.len() != cols {
                return Err(Error::RowWidth {
                    row: y,
                    expected: cols,
                    found: row.len(),
                });
            }
            for (x, cell) in row.iter().enumerate() {
                let kind = cell.map(Kind::new).transpose()?;
                board.set(Point::new(x as i32, y as i32), kind)?;
            }
        }
        board.check_pairs()?;
        Ok(board)
    }

    /// The rows, top first, each cell a kind number or `None` for empty.
    pub fn to_rows(&self) -> Vec<Vec<Option<usize>>> {
        (0..self.rows as i32)
            .map(|y| {
                (0..self.cols as i32)
                    .map(|x| self.get(Point::new(x, y)).map(Kind::index))
                    .collect()
            })
            .collect()
    }

    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether `p` is a cell of the board (not the ring, not beyond).
    pub fn contains(&self, p: Point) -> bool {
        p.x >= 0 && p.y >= 0 && (p.x as usize) < self.cols && (p.y as usize) < self.rows
    }

    /// The tile at `p`, or `None` if the cell is empty or `p` is off the board.
    pub fn get(&self, p: Point) -> Option<Kind> {
        if !self.contains(p) {
            return None;
        }
        match self.cells[self.index(p)] {
            0 => None,
            v => Some(Kind(v - 1)),
        }
    }

    /// Puts `kind` (or nothing) at `p`.
    pub fn set(&mut self, p: Point, kind: Option<Kind>) -> Result<(), Error> {
        if !self.contains(p) {
            return Err(Error::OutOfBoard { point: p });
        }
        let i = self.index(p);
        self.cells[i] = kind.map_or(0, |k| k.0 + 1);
        Ok(())
    }

    /// Every tile with its point, row by row from the top left.
    pub fn tiles(&self) -> impl Iterator<Item = (Point, Kind)> + '_ {
        (0..self.rows as i32)
            .flat_map(move |y| (0..self.cols as i32).map(move |x| Point::new(x, y)))
            .filter_map(|p| self.get(p).map(|k| (p, k)))
    }

    /// Number of tiles on the board.
    pub fn tile_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// Whether every tile has been removed: the game is won.
    pub fn is_cleared(&self) -> bool {
        self.cells.iter().all(|&v| v == 0)
    }

    /// Checks that every kind occurs an even number of times.
    pub fn check_pairs(&self) -> Result<(), Error> {
        let mut counts: Vec<(usize, Point)> = vec![(0, Point::new(0, 0)); MAX_KINDS];
        for (p, k) in self.tiles() {
            let entry = &mut counts[k.index()];
            if entry.0 == 0 {
                entry.1 = p;
            }
            entry.0 += 1;
        }
        match counts.iter().enumerate().find(|(_, (n, _))| n % 2 == 1) {
            Some((kind, &(count, first))) => Err(Error::OddCount { kind, count, first }),
            None => Ok(()),
        }
    }

    /// Width of the stored grid, ring included.
    pub(crate) fn stride(&self) -> usize {
        self.cols + 2
    }

    /// Number of stored cells, ring included.
    pub(crate) fn len(&self) -> usize {
        self.cells.len()
    }

    /// The stored index of a point of the board or its ring.
    pub(crate) fn index(&self, p: Point) -> usize {
        (p.y + 1) as usize * self.stride() + (p.x + 1) as usize
    }

    /// The point of a stored index (ring points have a coordinate of -1, `cols` or `rows`).
    pub(crate) fn point(&self, i: usize) -> Point {
        let w = self.stride();
        Point::new((i % w) as i32 - 1, (i / w) as i32 - 1)
    }

    /// The raw stored value at an index: 0 for empty, `k + 1` for kind `k`.
    pub(crate) fn raw(&self, i: usize) -> u16 {
        self.cells[i]
    }

    /// All raw stored values, ring included.
    pub(crate) fn raw_cells(&self) -> &[u16] {
        &self.cells
    }

    /// Sets a raw stored value (0 for empty, `k + 1` for kind `k`).
    pub(crate) fn set_raw(&mut self, i: usize, v: u16) {
        self.cells[i] = v;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_outside_the_limits_are_refused() {
        assert_eq!(Board::new(0, 5).unwrap_err().code(), "board_size");
        assert_eq!(Board::new(21, 5).unwrap_err().code(), "board_size");
        assert_eq!(Board::new(20, 31).unwrap_err().code(), "board_size");
        assert!(Board::new(20, 30).is_ok());
    }

    #[test]
    fn rows_round_trip_and_odd_counts_are_refused() {
        let rows = vec![vec![Some(0), None, Some(1)], vec![Some(1), Some(0), None]];
        let board = Board::from_rows(&rows).unwrap();
        assert_eq!(board.to_rows(), rows);
        assert_eq!(board.tile_count(), 4);
        let odd = vec![vec![Some(0), Some(1), Some(1)]];
        assert_eq!(
            Board::from_rows(&odd).unwrap_err(),
            Error::OddCount {
                kind: 0,
                count: 1,
                first: Point::new(0, 0)
            }
        );
        let ragged = vec![vec![Some(0), Some(0)], vec![None]];
        assert_eq!(Board::from_rows(&ragged).unwrap_err().code(), "row_width");
    }

    #[test]
    fn index_and_point_are_inverse_including_the_ring() {
        let board = Board::new(3, 4).unwrap();
        for i in 0..board.len() {
            assert_eq!(board.index(board.point(i)), i);
        }
        assert_eq!(board.point(0), Point::new(-1, -1));
    }
}

//! Removing a pair: the checks a player's click goes through, then the removal.

use crate::board::Board;
use crate::error::Error;
use crate::mode::Mode;
use crate::path::Path;
use crate::point::Point;

impl Board {
    /// Checks that the tiles at `a` and `b` can be removed together now and returns the path
    /// that joins them; otherwise says why not (off the board, empty, the same tile, different
    /// kinds, or no path with at most two turns).
    pub fn check_pair(&self, a: Point, b: Point) -> Result<Path, Error> {
        for p in [a, b] {
            if !self.contains(p) {
                return Err(Error::OutOfBoard { point: p });
            }
            if self.get(p).is_none() {
                return Err(Error::EmptyCell { point: p });
            }
        }
        if a == b {
            return Err(Error::SameTile { point: a });
        }
        if self.get(a) != self.get(b) {
            return Err(Error::DifferentKinds { a, b });
        }
        self.connect(a, b).ok_or(Error::NoPath { a, b })
    }

    /// Removes the tiles at `a` and `b` if [`Board::check_pair`] allows it, then lets the other
    /// tiles move as `mode` says. Returns the path that joined them.
    pub fn play(&mut self, a: Point, b: Point, mode: Mode) -> Result<Path, Error> {
        let path = self.check_pair(a, b)?;
        self.remove_unchecked(a, b, mode);
        Ok(path)
    }

    /// Removes two tiles known to be a removable pair, then settles the board.
    pub(crate) fn remove_unchecked(&mut self, a: Point, b: Point, mode: Mode) {
        let (i, j) = (self.index(a), self.index(b));
        self.set_raw(i, 0);
        self.set_raw(j, 0);
        mode.settle(self, a, b);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_say_why() {
        let board = Board::from_text("AB.\nBCA\n.C.\n").unwrap();
        let p = Point::new;
        assert_eq!(
            board.check_pair(p(0, 0), p(1, 0)).unwrap_err().code(),
            "different_kinds"
        );
        assert_eq!(
            board.check_pair(p(0, 0), p(2, 0)).unwrap_err().code(),
            "empty_cell"
        );
        assert_eq!(
            board.check_pair(p(0, 0), p(0, 0)).unwrap_err().code(),
            "same_tile"
        );
        assert_eq!(
            board.check_pair(p(0, 0), p(3, 0)).unwrap_err().code(),
            "out_of_board"
        );
        assert_eq!(
            board.check_pair(p(1, 0), p(0, 1)).unwrap_err().code(),
            "no_path"
        );
        assert_eq!(board.check_pair(p(1, 1), p(1, 2)).unwrap().turns(), 0);
        // A at (0,0) and (2,1): B and C block every route but the one over the top.
        let blocked = Board::from_text("AB.\nBCA\nDCD\n").unwrap();
        assert_eq!(blocked.check_pair(p(0, 0), p(2, 1)).unwrap().turns(), 2);
        let walled = Board::from_text("ABE\nBCA\nDCD\nEFF\n").unwrap();
        assert_eq!(
            walled.check_pair(p(0, 0), p(2, 1)).unwrap_err().code(),
            "no_path"
        );
    }
}

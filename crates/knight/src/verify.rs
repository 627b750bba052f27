//! Checking any tour: every square once, every step a knight move, closed if claimed.

use crate::board::Board;
use crate::error::Error;

/// Checks that `path` (board indices) visits every square of `board` exactly once by knight moves,
/// and, when `closed`, that the last square is a knight move from the first.
///
/// Runs in time linear in the number of squares, with one bit per square of memory.
pub fn verify(board: Board, path: &[u32], closed: bool) -> Result<(), Error> {
    let n = board.squares();
    if path.len() != n {
        return Err(Error::WrongLength {
            found: path.len(),
            expected: n,
            cols: board.cols(),
            rows: board.rows(),
        });
    }
    let mut seen = vec![0u64; n.div_ceil(64)];
    for (step, &index) in path.iter().enumerate() {
        if index as usize >= n {
            return Err(Error::SquareOffBoard {
                x: index % board.cols(),
                y: index / board.cols(),
                cols: board.cols(),
                rows: board.rows(),
            });
        }
        let (word, bit) = (index as usize / 64, 1u64 << (index % 64));
        if seen[word] & bit != 0 {
            return Err(Error::RepeatedSquare {
                step: step + 1,
                square: board.square(index).name(),
            });
        }
        seen[word] |= bit;
        if step > 0 {
            let (a, b) = (board.square(path[step - 1]), board.square(index));
            if !Board::is_knight_move(a, b) {
                return Err(Error::NotAKnightMove {
                    step,
                    from: a.name(),
                    to: b.name(),
                });
            }
        }
    }
    if closed {
        let (first, last) = (board.square(path[0]), board.square(path[n - 1]));
        if !Board::is_knight_move(first, last) {
            return Err(Error::NotClosed {
                first: first.name(),
                last: last.name(),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_paths_are_named() {
        let b = Board::new(3, 4).unwrap();
        assert_eq!(
            verify(b, &[0, 1], false).unwrap_err().code(),
            "wrong_length"
        );
        // a1 -> b3 is a knight move; b3 -> c1 too; c1 -> b1 is not.
        let bad = [0, 7, 2, 1, 3, 4, 5, 6, 8, 9, 10, 11];
        assert_eq!(
            verify(b, &bad, false).unwrap_err().code(),
            "not_a_knight_move"
        );
        let mut off = bad;
        off[5] = 40;
        assert!(verify(b, &off, false).is_err());
    }

    #[test]
    fn the_one_square_board_is_an_open_tour() {
        let b = Board::new(1, 1).unwrap();
        assert!(verify(b, &[0], false).is_ok());
        assert_eq!(verify(b, &[0], true).unwrap_err().code(), "not_closed");
    }
}

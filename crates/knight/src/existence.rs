//! What the theorems say about the existence of tours, before any search.

use crate::board::Board;
use crate::error::Error;
use crate::square::Square;

/// Why no closed tour exists on `board`, by Schwenk's theorem, or `None` when one exists.
///
/// A. J. Schwenk, "Which rectangular chessboards have a knight's tour?", Mathematics Magazine
/// 64 (1991) 325–332: an m × n board (m ≤ n) has a closed tour unless (1) m and n are both odd,
/// (2) m is 1, 2 or 4, or (3) m = 3 and n is 4, 6 or 8.
pub fn closed_obstruction(board: Board) -> Option<Error> {
    let (m, n) = (board.short_side(), board.long_side());
    let (cols, rows) = (board.cols(), board.rows());
    if m % 2 == 1 && n % 2 == 1 {
        Some(Error::ClosedBothSidesOdd { cols, rows })
    } else if matches!(m, 1 | 2 | 4) {
        Some(Error::ClosedShortSide { cols, rows })
    } else if m == 3 && matches!(n, 4 | 6 | 8) {
        Some(Error::ClosedThreeBySmall { cols, rows })
    } else {
        None
    }
}

/// Why no open tour can start on `start`, by a theorem, or `None` when the theorems allow one.
///
/// - A board with short side 1 or 2 (other than 1 × 1) has no tour: the knight's graph is not
///   even connected (Cull and De Curtins, "Knight's tour revisited", Fibonacci Quarterly 16
///   (1978); Conrad, Hindrichs, Morsy and Wegener, "Solution of the knight's Hamiltonian path
///   problem on chessboards", Discrete Applied Mathematics 50 (1994) 125–134).
/// - A knight alternates colours, so on a board with an odd number of squares a tour starts and
///   ends on the colour of the corners, which has one square more (Conrad et al. 1994 show that
///   every such square starts one when both sides are at least 5).
/// - On a board 4 wide every move from an outer line lands on an inner line, so no two of the
///   2n outer squares are neighbours in a tour of the 4n squares. A tour from an inner square
///   would then have to alternate inner, outer, inner, … to its end, every inner square at an
///   odd step and so, as a knight changes colour at every move, of the start's colour; but the
///   inner lines hold both colours. So a tour starts and ends on an outer line (the argument
///   behind condition (2) of Schwenk 1991).
///
/// The remaining small cases (3 × 3, 3 × 4, 3 × 5, 3 × 6, 3 × 7, 3 × 8, 4 × 4) are decided by
/// exhaustive search.
pub fn open_obstruction(board: Board, start: Square) -> Option<Error> {
    let (m, n) = (board.short_side(), board.long_side());
    let (cols, rows) = (board.cols(), board.rows());
    if n == 1 {
        return None;
    }
    if m <= 2 {
        return Some(Error::OpenShortSide { cols, rows });
    }
    if board.squares() % 2 == 1 && !start.is_a1_colour() {
        return Some(Error::MinorityColourStart {
            square: start.name(),
            cols,
            rows,
        });
    }
    if m == 4 {
        let across = if rows == 4 { start.y } else { start.x };
        if across == 1 || across == 2 {
            return Some(Error::FourWideInnerStart {
                square: start.name(),
                cols,
                rows,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schwenk_conditions() {
        let no = |c, r| closed_obstruction(Board::new(c, r).unwrap()).map(|e| e.code());
        assert_eq!(no(8, 8), None);
        assert_eq!(no(10, 3), None);
        assert_eq!(no(5, 6), None);
        assert_eq!(no(5, 5), Some("closed_both_sides_odd"));
        assert_eq!(no(4, 100), Some("closed_short_side"));
        assert_eq!(no(8, 3), Some("closed_three_by_small"));
    }
}

//! Finding a tour: theorems first, then search on small boards and constructions on large ones.

use crate::board::Board;
use crate::budget::Budget;
use crate::construct::{Frame, grid, lanes};
use crate::error::Error;
use crate::existence::{closed_obstruction, open_obstruction};
use crate::search::{End, Outcome, Rect, Segment};
use crate::square::Square;
use crate::tour::{Tour, TourKind};

/// Node bound of the search on small boards; it decides every small case well within it.
pub const SMALL_SEARCH_BUDGET: u64 = 200_000_000;

/// Node bound of each quick search (with a different order of ties) before a construction is
/// tried: restarts beat one long search on the hard narrow boards.
const QUICK_BUDGET: u64 = 100_000;
const QUICK_TRIES: u64 = 16;

/// Boards where a board-wide impossibility is worth proving from every square.
const TINY: usize = 30;

/// A tour of `board` from `start`: an open tour, or a closed one when `kind` says so (a closed
/// tour may be rotated to start anywhere, so it is also returned from `start`).
///
/// Runs in time and memory linear in the number of squares. When no tour exists the error names
/// the theorem, or the exhaustive search, that rules it out.
///
/// ```
/// use qipan_knight::{tour, verify, Board, Square, TourKind};
/// let board = Board::new(8, 8)?;
/// let t = tour(board, Square::new(0, 0), TourKind::Closed)?;
/// assert!(verify(board, t.path(), true).is_ok());
/// # Ok::<(), qipan_knight::Error>(())
/// ```
pub fn tour(board: Board, start: Square, kind: TourKind) -> Result<Tour, Error> {
    tour_within(board, start, kind, Budget::UNLIMITED)
}

/// As [`tour`], with the searches on small boards also bounded by `budget` (a clock, a stop
/// flag): when it runs out before a tour is found or ruled out, the error is
/// [`Error::SearchLimit`]. The constructions for large boards run in linear time and are not
/// interrupted.
///
/// ```
/// use qipan_knight::{tour_within, Board, Budget, Error, Square, TourKind};
/// use std::sync::atomic::AtomicBool;
/// // 4x4 has no open tour, but only an exhaustive search shows it (Conrad et al. 1994 leave it
/// // to case analysis): stopped at once, the search cannot say.
/// let board = Board::new(4, 4)?;
/// let stopped = AtomicBool::new(true);
/// let budget = Budget::UNLIMITED.with_stop(&stopped);
/// let found = tour_within(board, Square::new(0, 0), TourKind::Open, budget);
/// assert!(matches!(found, Err(Error::SearchLimit { .. })));
/// let found = tour_within(board, Square::new(0, 0), TourKind::Open, Budget::UNLIMITED);
/// assert_eq!(found.unwrap_err().code(), "open_small_board");
/// # Ok::<(), qipan_knight::Error>(())
/// ```
pub fn tour_within(
    board: Board,
    start: Square,
    kind: TourKind,
    budget: Budget<'_>,
) -> Result<Tour, Error> {
    board.check(start)?;
    let closed = kind == TourKind::Closed;
    if closed {
        if let Some(why) = closed_obstruction(board) {
            return Err(why);
        }
    } else if let Some(why) = open_obstruction(board, start) {
        return Err(why);
    }
    let path = if is_small(board) {
        (0..QUICK_TRIES)
            .map(|salt| small(board, start, closed, budget.at_most(QUICK_BUDGET), salt))
            .find(|r| !matches!(r, Err(Error::SearchLimit { .. })))
            .unwrap_or(Err(Error::SearchLimit {
                nodes: QUICK_BUDGET * QUICK_TRIES,
            }))
            .or_else(|e| match e {
                Error::SearchLimit { .. } => large(board, start, closed).ok_or(e),
                e => Err(e),
            })
            .or_else(|e| match e {
                Error::SearchLimit { .. } if closed => closed_from_elsewhere(board, start, budget),
                e => Err(e),
            })
            .or_else(|e| match e {
                Error::SearchLimit { .. } => {
                    small(board, start, closed, budget.at_most(SMALL_SEARCH_BUDGET), 0)
                }
                e => Err(e),
            })?
    } else {
        large(board, start, closed).ok_or_else(|| Error::ConstructionFailed {
            square: start.name(),
            cols: board.cols(),
            rows: board.rows(),
        })?
    };
    Ok(Tour::new(board, closed, path))
}

/// Boards left to the search: small ones, and narrow ones too short for the lanes.
fn is_small(board: Board) -> bool {
    let (m, n) = (board.short_side(), board.long_side());
    board.squares() <= 64 || (m == 3 && n < 32) || (m == 4 && n <= 16)
}

fn small(
    board: Board,
    start: Square,
    closed: bool,
    budget: Budget<'_>,
    salt: u64,
) -> Result<Vec<u32>, Error> {
    let rect = Rect::new(board.cols() as usize, board.rows() as usize);
    let s = board.index(start) as u16;
    let end = if closed { End::NextTo(s) } else { End::Free };
    match rect.cover_rest(&[], &[Segment { start: s, end }], &[], budget, salt) {
        Outcome::Found(mut paths) => Ok(paths
            .pop()
            .unwrap_or_default()
            .into_iter()
            .map(u32::from)
            .collect()),
        Outcome::Limit { nodes } => Err(Error::SearchLimit { nodes }),
        Outcome::Impossible { nodes } => {
            let (cols, rows) = (board.cols(), board.rows());
            if !closed && board.squares() <= TINY && no_tour_anywhere(&rect, budget) {
                Err(Error::OpenSmallBoard { cols, rows })
            } else {
                Err(Error::NoTourFromSquare {
                    square: start.name(),
                    cols,
                    rows,
                    nodes,
                })
            }
        }
    }
}

/// A closed tour through `start` found by quick searches from the other squares: a closed tour
/// is a cycle, so one found from anywhere is rotated to begin at `start`. Some squares are far
/// harder to search from than others (on 3x20 a corner takes over 200 million nodes, its
/// neighbour a few thousand).
fn closed_from_elsewhere(
    board: Board,
    start: Square,
    budget: Budget<'_>,
) -> Result<Vec<u32>, Error> {
    let target = board.index(start);
    let mut nodes = 0;
    for other in (0..board.squares() as u32).filter(|&i| i != target) {
        match small(
            board,
            board.square(other),
            true,
            budget.at_most(QUICK_BUDGET),
            0,
        ) {
            Ok(mut path) => {
                let at = path.iter().position(|&i| i == target).unwrap_or(0);
                path.rotate_left(at);
                return Ok(path);
            }
            Err(Error::SearchLimit { nodes: n }) => nodes += n,
            Err(e) => return Err(e),
        }
        if budget.out_of_time() {
            break;
        }
    }
    Err(Error::SearchLimit { nodes })
}

/// Whether an exhaustive search from every square finds no open tour.
fn no_tour_anywhere(rect: &Rect, budget: Budget<'_>) -> bool {
    (0..rect.size() as u16).all(|c| {
        let seg = Segment {
            start: c,
            end: End::Free,
        };
        matches!(
            rect.cover_rest(&[], &[seg], &[], budget.at_most(SMALL_SEARCH_BUDGET), 0),
            Outcome::Impossible { .. }
        )
    })
}

fn large(board: Board, start: Square, closed: bool) -> Option<Vec<u32>> {
    if board.short_side() < 3 {
        return None;
    }
    let (cols, rows) = (board.cols() as usize, board.rows() as usize);
    let (x, y) = (start.x as usize, start.y as usize);
    let identity = Frame {
        origin: 0,
        sx: 1,
        sy: cols as i64,
    };
    if board.short_side() >= 5 {
        return if closed || board.squares().is_multiple_of(2) {
            grid::closed(cols, rows, (x, y), identity)
        } else {
            grid::open_odd(cols, rows, (x, y), identity)
        };
    }
    // Narrow boards: lay the long side along virtual x.
    let (n, h, s, frame) = if rows <= 4 {
        (cols, rows, (x, y), identity)
    } else {
        let transposed = Frame {
            origin: 0,
            sx: cols as i64,
            sy: 1,
        };
        (rows, cols, (y, x), transposed)
    };
    if h == 3 && n % 2 == 0 {
        lanes::closed_three(n, s, frame)
    } else {
        lanes::open(n, h, s, frame)
    }
}

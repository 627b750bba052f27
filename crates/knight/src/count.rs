//! Exhaustive counting of tours on small boards (at most 64 squares), by depth-first search over
//! bitboards.
//!
//! The only pruning is exact: an unvisited square whose every neighbour but the knight's square
//! is visited can only be entered next, and then the path must end there; two such squares, or
//! one that cannot be the end, mean no tour continues this path.

use crate::board::Board;
use crate::error::Error;
use crate::square::Square;
use crate::tour::TourKind;

/// The largest board, in squares, that [`count_tours`] accepts.
pub const MAX_COUNT_SQUARES: u32 = 64;

/// The result of counting tours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TourCount {
    /// Tours as sequences of squares (a tour and its reverse count twice). For open tours: those
    /// starting on the given square, or on any square. For closed tours: those starting on the
    /// given square (a1 when none is given), so twice the number of closed tours.
    pub directed: u64,
    /// Tours as sets of moves (a path and its reverse are one tour). For open tours without a
    /// start: `directed / 2`; with a start: the tours with an end on it (equal to `directed`).
    /// For closed tours: the closed tours of the board (`directed / 2`), as OEIS A001230 counts.
    pub undirected: u64,
    /// Search nodes visited.
    pub nodes: u64,
}

struct Counter {
    n: u32,
    adj: Vec<u64>,
    full: u64,
    /// For closed tours: the squares a knight move from the start (the path must end on one).
    close_to: u64,
    closed: bool,
    nodes: u64,
    budget: u64,
}

impl Counter {
    fn count(&mut self, head: u32, visited: u64) -> Option<u64> {
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        if visited == self.full {
            let ok = !self.closed || self.close_to & (1 << head) != 0;
            return Some(ok as u64);
        }
        if self.closed && self.close_to & !visited == 0 {
            return Some(0);
        }
        let next = self.adj[head as usize] & !visited;
        let after = visited | (1 << head);
        // Squares only reachable from here must be the very next and last.
        let mut stranded = 0u64;
        let mut bits = next;
        while bits != 0 {
            let u = bits.trailing_zeros();
            bits &= bits - 1;
            if self.adj[u as usize] & !after & !(1u64 << u) == 0 {
                stranded |= 1 << u;
            }
        }
        let choices = match stranded.count_ones() {
            0 => next,
            1 if (visited | stranded) == self.full => stranded,
            _ => return Some(0),
        };
        let mut total = 0;
        let mut bits = choices;
        while bits != 0 {
            let u = bits.trailing_zeros();
            bits &= bits - 1;
            total += self.count(u, visited | (1 << u))?;
        }
        Some(total)
    }
}

/// Counts every tour of `board` (at most [`MAX_COUNT_SQUARES`] squares) of the given kind,
/// starting on `start` or (open tours) on any square, visiting at most `budget` search nodes.
pub fn count_tours(
    board: Board,
    start: Option<Square>,
    kind: TourKind,
    budget: u64,
) -> Result<TourCount, Error> {
    let n = board.squares() as u32;
    if n > MAX_COUNT_SQUARES {
        return Err(Error::CountBoardTooLarge {
            cols: board.cols(),
            rows: board.rows(),
            max: MAX_COUNT_SQUARES,
        });
    }
    if let Some(s) = start {
        board.check(s)?;
    }
    let adj = (0..n)
        .map(|i| {
            board
                .knight_moves(board.square(i))
                .fold(0u64, |m, sq| m | 1 << board.index(sq))
        })
        .collect::<Vec<_>>();
    let full = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let closed = kind == TourKind::Closed;
    let starts: Vec<u32> = match (start, closed) {
        (Some(s), _) => vec![board.index(s)],
        (None, true) => vec![0],
        (None, false) => (0..n).collect(),
    };
    let mut counter = Counter {
        n,
        adj,
        full,
        close_to: 0,
        closed,
        nodes: 0,
        budget,
    };
    let mut directed = 0;
    for s in starts {
        counter.close_to = counter.adj[s as usize];
        if closed && counter.n == 1 {
            continue;
        }
        directed += counter.count(s, 1 << s).ok_or(Error::SearchLimit {
            nodes: counter.nodes,
        })?;
    }
    let undirected = match (closed, start) {
        (false, None) if n == 1 => directed,
        (true, _) | (false, None) => directed / 2,
        (false, Some(_)) => directed,
    };
    Ok(TourCount {
        directed,
        undirected,
        nodes: counter.nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tiny_boards() {
        let one = Board::new(1, 1).unwrap();
        let c = count_tours(one, None, TourKind::Open, 10).unwrap();
        assert_eq!((c.directed, c.undirected), (1, 1));
        let three = Board::new(3, 3).unwrap();
        assert_eq!(
            count_tours(three, None, TourKind::Open, 1_000_000)
                .unwrap()
                .directed,
            0
        );
        let big = Board::new(9, 8).unwrap();
        assert_eq!(
            count_tours(big, None, TourKind::Open, 1)
                .unwrap_err()
                .code(),
            "count_board_too_large"
        );
    }
}

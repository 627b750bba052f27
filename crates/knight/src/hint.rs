//! Hints for a player: the next move of a tour that completes the trail so far, if any.

use crate::board::Board;
use crate::budget::Budget;
use crate::error::Error;
use crate::search::{End, Outcome, Rect, Segment};
use crate::solve::tour_within;
use crate::square::Square;
use crate::tour::TourKind;

/// What the hint search found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hint {
    /// Moving here keeps a tour possible.
    Next(Square),
    /// No tour can be completed from this trail (proved by the theorems or exhaustive search).
    Stuck,
    /// The budget (nodes, clock or stop flag) ran out before the search decided.
    Unknown,
    /// The trail already visits every square.
    Complete,
}

/// The next move of a tour (closed if `kind` says so) that extends `trail`, searching within
/// `budget`. The trail must start a legal tour: distinct squares, knight moves.
///
/// ```
/// use qipan_knight::{hint, Board, Budget, Hint, Square, TourKind};
/// use std::time::{Duration, Instant};
/// let board = Board::new(5, 5)?;
/// let trail = [Square::new(0, 0), Square::new(1, 2)];
/// let clock = Budget::until(Instant::now() + Duration::from_secs(5));
/// assert!(matches!(hint(board, &trail, TourKind::Open, clock)?, Hint::Next(_)));
/// # Ok::<(), qipan_knight::Error>(())
/// ```
pub fn hint(
    board: Board,
    trail: &[Square],
    kind: TourKind,
    budget: Budget<'_>,
) -> Result<Hint, Error> {
    check_trail(board, trail)?;
    let (Some(&first), Some(&last)) = (trail.first(), trail.last()) else {
        return Err(Error::BadTrail {
            why: "the trail is empty: choose a start square first".into(),
        });
    };
    if trail.len() == board.squares() {
        return Ok(Hint::Complete);
    }
    if trail.len() == 1 {
        // From the start alone the full machinery answers at once, on any board.
        return Ok(match tour_within(board, first, kind, budget) {
            Ok(t) => t.squares().nth(1).map_or(Hint::Complete, Hint::Next),
            Err(Error::SearchLimit { .. }) => Hint::Unknown,
            Err(_) => Hint::Stuck,
        });
    }
    if board.squares() >= u16::MAX as usize {
        return Ok(Hint::Unknown);
    }
    let rect = Rect::new(board.cols() as usize, board.rows() as usize);
    let cell = |s: Square| board.index(s) as u16;
    let done: Vec<u16> = trail[..trail.len() - 1].iter().map(|&s| cell(s)).collect();
    let end = match kind {
        TourKind::Open => End::Free,
        TourKind::Closed => End::NextTo(cell(first)),
    };
    let seg = Segment {
        start: cell(last),
        end,
    };
    Ok(match rect.cover_rest(&done, &[seg], &[], budget, 0) {
        Outcome::Found(paths) => paths
            .first()
            .and_then(|p| p.get(1))
            .map_or(Hint::Unknown, |&c| Hint::Next(board.square(c as u32))),
        Outcome::Impossible { .. } => Hint::Stuck,
        Outcome::Limit { .. } => Hint::Unknown,
    })
}

fn check_trail(board: Board, trail: &[Square]) -> Result<(), Error> {
    let mut seen = vec![false; board.squares()];
    for (i, &s) in trail.iter().enumerate() {
        board.check(s)?;
        let index = board.index(s) as usize;
        if seen[index] {
            return Err(Error::BadTrail {
                why: format!("{s} is visited twice"),
            });
        }
        seen[index] = true;
        if i > 0 && !Board::is_knight_move(trail[i - 1], s) {
            return Err(Error::BadTrail {
                why: format!("{} to {s} is not a knight move", trail[i - 1]),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    #[test]
    fn hints_follow_a_tour_and_spot_dead_ends() {
        let b = Board::new(5, 5).unwrap();
        let s = |x, y| Square::new(x, y);
        // From the corner a tour exists.
        assert!(matches!(
            hint(b, &[s(0, 0)], TourKind::Open, Budget::nodes(1_000_000)).unwrap(),
            Hint::Next(_)
        ));
        // b1 is the minority colour of 5x5: no tour.
        assert_eq!(
            hint(b, &[s(1, 0)], TourKind::Open, Budget::nodes(1_000_000)).unwrap(),
            Hint::Stuck
        );
        // Follow hints all the way to a complete tour.
        let mut trail = vec![s(2, 2)];
        while let Hint::Next(next) =
            hint(b, &trail, TourKind::Open, Budget::nodes(1_000_000)).unwrap()
        {
            trail.push(next);
        }
        assert_eq!(trail.len(), 25);
        assert!(hint(b, &[s(0, 0), s(0, 1)], TourKind::Open, Budget::nodes(10)).is_err());
    }

    #[test]
    fn a_spent_budget_answers_unknown() {
        let b = Board::new(8, 8).unwrap();
        let trail = [Square::new(0, 0), Square::new(1, 2)];
        let open = TourKind::Open;
        assert!(matches!(
            hint(b, &trail, open, Budget::UNLIMITED).unwrap(),
            Hint::Next(_)
        ));
        let stopped = AtomicBool::new(true);
        let flagged = Budget::UNLIMITED.with_stop(&stopped);
        assert_eq!(hint(b, &trail, open, flagged).unwrap(), Hint::Unknown);
        let past = Budget::until(Instant::now());
        assert_eq!(hint(b, &trail, open, past).unwrap(), Hint::Unknown);
        assert_eq!(
            hint(b, &trail, open, Budget::nodes(3)).unwrap(),
            Hint::Unknown
        );
    }

    /// a1 is cut off (b3 and c2 are visited, the knight has moved on), which this search only
    /// finds out by trying every path of the other 896 squares: without a stop it would not end.
    #[test]
    fn another_thread_stops_a_hopeless_search() {
        let b = Board::new(30, 30).unwrap();
        let trail = [(1, 2), (3, 3), (2, 1), (4, 2)].map(|(x, y)| Square::new(x, y));
        let stop = AtomicBool::new(false);
        let answer = std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(Duration::from_millis(50));
                stop.store(true, Ordering::Relaxed);
            });
            hint(
                b,
                &trail,
                TourKind::Open,
                Budget::UNLIMITED.with_stop(&stop),
            )
        });
        assert_eq!(answer.unwrap(), Hint::Unknown);
        let later = Instant::now() + Duration::from_millis(50);
        assert_eq!(
            hint(b, &trail, TourKind::Open, Budget::until(later)).unwrap(),
            Hint::Unknown
        );
    }
}

//! The question a game asks after each move: with the trominoes placed so far, can the rest of the
//! board still be tiled? If so, one completion (from which a hint is one tromino).

use crate::search::{Outcome, Reason, SearchLimits, tile_region};
use crate::{Error, Square, Tiling, Tromino, construct};

/// Decides whether the `size` x `size` board without `missing`, with `placed` already on it, can be
/// completed, and returns the trominoes of one completion (not including `placed`).
///
/// An empty board is answered by the theorem of Chu and Johnsonbaugh and its construction, at
/// once; otherwise by the exact search of [`tile_region`] within `limits`, which on boards up to
/// 32 x 32 usually takes milliseconds but may give up ([`Outcome::GaveUp`]): the problem is
/// NP-complete in general. Fails if `placed` is itself wrong (off the board, overlapping, or on the
/// missing square).
pub fn complete(
    size: u32,
    missing: Square,
    placed: &[Tromino],
    limits: SearchLimits,
) -> Result<Outcome, Error> {
    let board = Tiling::from_trominoes(size, missing, placed)?;
    if placed.is_empty() {
        return match construct::tile(size, missing) {
            Ok(tiling) => Ok(Outcome::Tiled(tiling.trominoes().collect())),
            Err(
                error @ (Error::AreaNotDivisibleByThree { .. } | Error::FiveByFiveException { .. }),
            ) => Ok(Outcome::Impossible(Reason::Board(error))),
            Err(error) => Err(error),
        };
    }
    if let Err(error @ Error::AreaNotDivisibleByThree { .. }) =
        construct::check_tileable(size, missing)
    {
        return Ok(Outcome::Impossible(Reason::Board(error)));
    }
    let free: Vec<bool> = board
        .cells()
        .iter()
        .enumerate()
        .map(|(i, &c)| c == 0 && i != missing.y as usize * size as usize + missing.x as usize)
        .collect();
    Ok(tile_region(size as usize, size as usize, &free, limits))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Shape, verify_trominoes};

    #[test]
    fn completes_a_started_board() {
        let missing = Square::new(0, 0);
        let placed = [Tromino::new(Square::new(2, 2), Shape::EmptyUpperRight)];
        let Ok(Outcome::Tiled(rest)) = complete(8, missing, &placed, SearchLimits::nodes(100_000))
        else {
            panic!("this start can be completed");
        };
        let all: Vec<Tromino> = placed.iter().copied().chain(rest).collect();
        assert_eq!(verify_trominoes(8, missing, &all), Ok(()));
    }

    #[test]
    fn refuses_a_start_that_walls_off_a_corner() {
        // Two trominoes wall off the corner square (7, 7) of an 8x8 board missing (0, 0).
        let placed = [
            Tromino::new(Square::new(5, 6), Shape::EmptyUpperLeft),
            Tromino::new(Square::new(6, 5), Shape::EmptyUpperLeft),
        ];
        let outcome = complete(8, Square::new(0, 0), &placed, SearchLimits::nodes(100_000));
        assert!(matches!(outcome, Ok(Outcome::Impossible(_))), "{outcome:?}");
    }

    #[test]
    fn reports_the_board_theorem_on_an_empty_board() {
        let outcome = complete(6, Square::new(0, 0), &[], SearchLimits::nodes(10)).unwrap();
        assert_eq!(
            outcome,
            Outcome::Impossible(Reason::Board(Error::AreaNotDivisibleByThree {
                size: 6,
                cells: 35
            }))
        );
    }
}

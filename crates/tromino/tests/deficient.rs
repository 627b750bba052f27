//! Chu and Johnsonbaugh's theorem (I.-P. Chu, R. Johnsonbaugh, "Tiling deficient boards with
//! trominoes", Math. Magazine 59(1) (1986) 34-40; statement also at
//! https://www.cut-the-knot.org/Curriculum/Games/TrominoPuzzleN.shtml): for n != 5 a deficient
//! n x n board can be tiled by L-trominoes iff 3 does not divide n; some 5x5 deficient boards can
//! be tiled and others cannot. Checked on every missing square of every n x n board up to 20 x 20.

mod common;

use qipan_tromino::{Error, Outcome, SearchLimits, Square, colour, tile, tile_region, verify};

#[test]
fn every_deficient_board_up_to_20_is_tiled_or_refused_with_the_reason() {
    for n in 1..=20u32 {
        for y in 0..n {
            for x in 0..n {
                let missing = Square::new(x, y);
                let result = tile(n, missing);
                if n % 3 == 0 {
                    assert_eq!(
                        result.unwrap_err(),
                        Error::AreaNotDivisibleByThree {
                            size: n,
                            cells: u64::from(n * n - 1)
                        }
                    );
                } else if n == 5 && (x % 2 == 1 || y % 2 == 1) {
                    assert_eq!(result.unwrap_err(), Error::FiveByFiveException { x, y });
                } else {
                    let tiling =
                        result.unwrap_or_else(|e| panic!("{n}x{n} without {missing}: {e}"));
                    assert_eq!(verify(&tiling), Ok(()), "{n}x{n} without {missing}");
                    let colouring = colour(&tiling).unwrap();
                    common::check_tiling_and_colouring(&tiling, &colouring, u8::MAX);
                }
            }
        }
    }
}

/// The 5x5 exceptions, decided here by exhaustive search rather than by the rule the library
/// applies: the tileable missing squares are exactly the nine with both coordinates even (the
/// necessity half is Chu and Johnsonbaugh's colouring argument: the nine such squares can each
/// hold at most one of the 8 trominoes).
#[test]
fn the_five_by_five_exceptions_match_exhaustive_search() {
    for y in 0..5 {
        for x in 0..5 {
            let mut free = vec![true; 25];
            free[y * 5 + x] = false;
            let found = match tile_region(5, 5, &free, SearchLimits::nodes(10_000_000)) {
                Outcome::Tiled(_) => true,
                Outcome::Impossible(_) => false,
                Outcome::GaveUp { .. } => panic!("5x5 search gave up"),
            };
            assert_eq!(found, x % 2 == 0 && y % 2 == 0, "5x5 without ({x}, {y})");
        }
    }
}

#[test]
fn large_odd_and_even_boards_are_tiled() {
    for (n, missing) in [
        (97, Square::new(50, 3)),
        (100, Square::new(99, 42)),
        (1001, Square::new(500, 500)),
    ] {
        let tiling = tile(n, missing).unwrap();
        assert_eq!(verify(&tiling), Ok(()), "{n}x{n} without {missing}");
    }
}

#[test]
fn sizes_out_of_range_are_refused() {
    assert_eq!(
        tile(0, Square::new(0, 0)).unwrap_err().code(),
        "size_out_of_range"
    );
    assert_eq!(
        tile(16_385, Square::new(0, 0)).unwrap_err().code(),
        "size_out_of_range"
    );
}

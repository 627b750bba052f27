//! Golomb's theorem (S. W. Golomb, "Checker boards and polyominoes", Amer. Math. Monthly 61 (1954)
//! 675-682): every 2^k x 2^k board with one square missing can be tiled by L-trominoes. Checked on
//! every missing square of every board up to 64 x 64, with the 3-colouring proved in
//! src/colouring.rs.

mod common;

use qipan_tromino::{Square, colour, golomb, verify};

#[test]
fn every_missing_square_up_to_64_is_tiled_and_three_coloured() {
    for k in 0..=6 {
        let n = 1u32 << k;
        for y in 0..n {
            for x in 0..n {
                let missing = Square::new(x, y);
                let tiling = golomb(k, missing).unwrap();
                assert_eq!(verify(&tiling), Ok(()), "{n}x{n} without {missing}");
                assert_eq!(tiling.tromino_count() as u32, (n * n - 1) / 3);
                let colouring = colour(&tiling).unwrap();
                assert!(colouring.colours_used() <= 3);
                common::check_tiling_and_colouring(&tiling, &colouring, 3);
            }
        }
    }
}

#[test]
fn the_4x4_tilings_are_the_unique_ones() {
    // "for small (2x2 and 4x4) boards the solution is unique" (A. Bogomolny, Tromino Puzzle:
    // Deficient Squares, https://www.cut-the-knot.org/Curriculum/Games/TrominoPuzzleN.shtml).
    // The exhaustive count confirms it, and Golomb's tiling must then be that one tiling.
    for y in 0..4 {
        for x in 0..4 {
            let mut free = [true; 16];
            free[y * 4 + x] = false;
            let mut tilings = Vec::new();
            common::all_tilings(4, 4, &mut free, &mut Vec::new(), &mut tilings);
            assert_eq!(tilings.len(), 1, "4x4 without ({x}, {y})");
            let mut ours: Vec<_> = golomb(2, Square::new(x as u32, y as u32))
                .unwrap()
                .trominoes()
                .collect();
            ours.sort();
            assert_eq!(ours, tilings[0]);
        }
    }
}

#[test]
fn large_boards_verify() {
    for (k, missing) in [
        (10, Square::new(1023, 0)),
        (11, Square::new(777, 1500)),
        (12, Square::new(0, 4095)),
    ] {
        let tiling = golomb(k, missing).unwrap();
        assert_eq!(verify(&tiling), Ok(()));
    }
}

#[test]
#[ignore = "allocates 256 MiB and takes a few seconds; run with --ignored"]
fn the_largest_board_verifies_and_colours() {
    let tiling = golomb(14, Square::new(12_345, 6_789)).unwrap();
    assert_eq!(verify(&tiling), Ok(()));
    assert_eq!(colour(&tiling).unwrap().colours_used(), 3);
}

#[test]
fn rejects_k_above_14_and_squares_off_the_board() {
    assert_eq!(
        golomb(15, Square::new(0, 0)).unwrap_err().code(),
        "size_out_of_range"
    );
    assert_eq!(
        golomb(3, Square::new(8, 0)).unwrap_err().code(),
        "square_outside_board"
    );
}

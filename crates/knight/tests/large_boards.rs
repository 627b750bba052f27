//! A sample of large boards, verified: both constructions, odd and narrow boards, starts spread
//! over the board, and boards just past the sizes left to the search.

use qipan_knight::{Board, Square, TourKind, open_obstruction, tour, verify};

fn check(cols: u64, rows: u64, starts: &[(u32, u32)], kind: TourKind) {
    let board = Board::new(cols, rows).unwrap();
    for &(x, y) in starts {
        let start = Square::new(x, y);
        let t = tour(board, start, kind).unwrap_or_else(|e| panic!("{board} {start}: {e}"));
        assert_eq!(t.squares().next(), Some(start));
        verify(board, t.path(), kind == TourKind::Closed)
            .unwrap_or_else(|e| panic!("{board} {start}: {e}"));
    }
}

#[test]
fn square_and_rectangular_boards() {
    check(
        100,
        100,
        &[(0, 0), (50, 50), (99, 0), (37, 81)],
        TourKind::Closed,
    );
    check(
        1000,
        1000,
        &[(0, 0), (999, 999), (500, 3)],
        TourKind::Closed,
    );
    check(1001, 600, &[(1000, 599), (3, 4)], TourKind::Open);
    check(13, 700, &[(6, 350), (12, 0)], TourKind::Closed);
}

#[test]
fn odd_boards_from_the_corner_colour() {
    check(
        101,
        101,
        &[(0, 0), (50, 50), (1, 99), (100, 100)],
        TourKind::Open,
    );
    check(
        5,
        1001,
        &[(0, 0), (2, 500), (4, 1000), (1, 1)],
        TourKind::Open,
    );
    check(777, 9, &[(388, 4), (0, 8), (13, 3)], TourKind::Open);
}

#[test]
fn narrow_boards_from_every_allowed_square() {
    for (cols, rows) in [(3, 33), (32, 3), (35, 3), (4, 17), (18, 4), (4, 31)] {
        let board = Board::new(cols, rows).unwrap();
        let starts: Vec<(u32, u32)> = (0..rows as u32)
            .flat_map(|y| (0..cols as u32).map(move |x| (x, y)))
            .filter(|&(x, y)| open_obstruction(board, Square::new(x, y)).is_none())
            .collect();
        check(cols, rows, &starts, TourKind::Open);
    }
    check(1000, 3, &[(0, 0), (500, 1), (999, 2)], TourKind::Closed);
    check(
        4,
        100_001,
        &[(0, 0), (3, 50_000), (0, 77_777)],
        TourKind::Open,
    );
    check(100_001, 3, &[(50_000, 0), (2, 2)], TourKind::Open);
}

#[test]
fn the_theorems_name_the_missing_tours_on_large_boards() {
    let b = Board::new(1001, 1001).unwrap();
    assert_eq!(
        tour(b, Square::new(0, 1), TourKind::Open)
            .unwrap_err()
            .code(),
        "minority_colour_start"
    );
    assert_eq!(
        tour(b, Square::new(0, 0), TourKind::Closed)
            .unwrap_err()
            .code(),
        "closed_both_sides_odd"
    );
    let n = Board::new(4, 100_000).unwrap();
    assert_eq!(
        tour(n, Square::new(1, 500), TourKind::Open)
            .unwrap_err()
            .code(),
        "four_wide_inner_start"
    );
    assert_eq!(
        tour(n, Square::new(0, 500), TourKind::Closed)
            .unwrap_err()
            .code(),
        "closed_short_side"
    );
}

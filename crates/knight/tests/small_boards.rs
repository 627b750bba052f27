//! Every board from 1×1 to 12×12, every start square, open and closed: each tour is verified,
//! and each "no tour" agrees with the theorems or with an independent exhaustive count.

use qipan_knight::{
    Board, Error, Square, TourKind, closed_obstruction, count_tours, open_obstruction, tour, verify,
};

/// Boards the theorems leave to case analysis (short side 3 with long side at most 8, and 4×4):
/// only there may an exhaustive search be the reason for "no tour".
fn left_to_case_analysis(board: Board) -> bool {
    let (m, n) = (board.short_side(), board.long_side());
    (m == 3 && n <= 8) || (m == 4 && n == 4)
}

#[test]
fn every_board_up_to_twelve_by_twelve_from_every_square() {
    for cols in 1..=12u64 {
        for rows in 1..=12u64 {
            let board = Board::new(cols, rows).unwrap();
            for y in 0..rows as u32 {
                for x in 0..cols as u32 {
                    let start = Square::new(x, y);
                    check_open(board, start);
                    check_closed(board, start);
                }
            }
        }
    }
}

fn check_open(board: Board, start: Square) {
    let theorem = open_obstruction(board, start);
    match tour(board, start, TourKind::Open) {
        Ok(t) => {
            assert!(
                theorem.is_none(),
                "{board} {start}: a tour where a theorem forbids one"
            );
            assert_eq!(t.squares().next(), Some(start));
            verify(board, t.path(), false).unwrap_or_else(|e| panic!("{board} {start}: {e}"));
        }
        Err(e) if theorem.is_some() => assert_eq!(Some(e), theorem),
        Err(e @ (Error::NoTourFromSquare { .. } | Error::OpenSmallBoard { .. })) => {
            assert!(left_to_case_analysis(board), "{board} {start}: {e}");
            // An independent exhaustive count (bitboard search) agrees.
            let count = count_tours(board, Some(start), TourKind::Open, u64::MAX).unwrap();
            assert_eq!(count.directed, 0, "{board} {start}");
        }
        Err(e) => panic!("{board} {start}: {e}"),
    }
}

fn check_closed(board: Board, start: Square) {
    match (
        tour(board, start, TourKind::Closed),
        closed_obstruction(board),
    ) {
        (Ok(t), None) => {
            assert_eq!(t.squares().next(), Some(start));
            assert!(t.is_closed());
            verify(board, t.path(), true).unwrap_or_else(|e| panic!("{board} {start}: {e}"));
        }
        (Err(e), Some(why)) => assert_eq!(e, why),
        (got, want) => panic!("{board} {start}: got {got:?}, Schwenk says {want:?}"),
    }
}

#[test]
fn the_boards_without_any_tour_are_named() {
    for (c, r) in [(3, 3), (3, 5), (3, 6), (4, 4), (5, 3), (6, 3)] {
        let b = Board::new(c, r).unwrap();
        let e = tour(b, Square::new(0, 0), TourKind::Open).unwrap_err();
        assert_eq!(e.code(), "open_small_board", "{b}");
    }
    let e = tour(Board::new(2, 8).unwrap(), Square::new(0, 0), TourKind::Open).unwrap_err();
    assert_eq!(e.code(), "open_short_side");
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let b = Board::new(8, 8).unwrap();
    assert_eq!(
        tour(b, Square::new(8, 0), TourKind::Open)
            .unwrap_err()
            .code(),
        "square_off_board"
    );
    assert_eq!(Board::new(0, 8).unwrap_err().code(), "empty_board");
    assert_eq!(
        Board::new(100_000, 1_001).unwrap_err().code(),
        "board_too_large"
    );
}

/// Schwenk (1991): a 3×n board has a closed tour exactly when n is even and at least 10. The
/// 3×n boards too short for the lane construction (n < 26) are searched; from some corners that
/// search is hopeless (3×20 from a1 ran past 200 million nodes), so a closed tour found from
/// another square must be rotated to the start. Every start square of every such board, both
/// orientations, gets a verified closed tour.
#[test]
fn every_square_of_the_short_three_wide_boards_has_its_closed_tour() {
    for n in (10..=24u64).step_by(2) {
        for (cols, rows) in [(n, 3), (3, n)] {
            let board = Board::new(cols, rows).unwrap();
            assert_eq!(closed_obstruction(board), None, "{board}");
            for y in 0..rows as u32 {
                for x in 0..cols as u32 {
                    check_closed(board, Square::new(x, y));
                }
            }
        }
    }
}

//! Threat-space search on positions built for one rule each (coordinates x, y from the top-left).

use qipan_gomoku::engine::Found;
use qipan_gomoku::{Board, Color, Engine, Level, Point, RuleSet, SearchLimits};

fn board(black: &[(u8, u8)], white: &[(u8, u8)]) -> Board {
    let mut board = Board::new(15).unwrap();
    for (stones, c) in [(black, Color::Black), (white, Color::White)] {
        for &(x, y) in stones {
            board.set(Point::new(x, y), Some(c));
        }
    }
    board
}

/// The engine, Black to move on `position`, answers with the first move of a VCT at `at`.
fn assert_vct_at(position: &Board, at: Point) {
    let mut engine = Engine::new(Level::MAX, 1);
    let result = engine
        .best_move(position, RuleSet::Freestyle, SearchLimits::millis(2_000))
        .unwrap();
    assert_eq!(result.found, Found::Vct, "{result:?}");
    assert_eq!(result.best, at, "{result:?}");
}

/// Black's double open three at (8, 7) wins even though White can answer it with a four on the
/// top edge: Black blocks the four, and White, to move again, can stop only one of the threes.
/// (A VCT that took any counter-four for a refutation missed this win.)
#[test]
fn a_counter_four_does_not_refute_a_double_three() {
    let position = board(
        &[(6, 7), (7, 7), (8, 5), (8, 6)],
        &[(0, 0), (1, 0), (2, 0), (14, 14)],
    );
    assert_vct_at(&position, Point::new(8, 7));
}

/// Without White's edge three the same double three is a plain VCT too (the control case).
#[test]
fn a_double_three_is_a_vct() {
    let position = board(
        &[(6, 7), (7, 7), (8, 5), (8, 6)],
        &[(13, 14), (14, 14), (14, 0), (0, 14)],
    );
    assert_vct_at(&position, Point::new(8, 7));
}

/// The analysis view reports the same double three as Black's VCT and plays it out: every
/// stone on an empty point, colours alternating from Black, the last move a five.
#[test]
fn the_analysis_plays_a_vct_out_to_the_five() {
    let position = board(
        &[(6, 7), (7, 7), (8, 5), (8, 6)],
        &[(13, 14), (14, 14), (14, 0), (0, 14)],
    );
    let mut engine = Engine::new(Level::MAX, 1);
    let analysis = engine.analyse(
        &position,
        RuleSet::Freestyle,
        2,
        SearchLimits::millis(1_500),
    );
    let win = analysis.wins[0].as_ref().expect("Black's forced win");
    assert_eq!(win.kind, qipan_gomoku::engine::WinKind::Vct, "{win:?}");
    assert_eq!(win.line[0], Point::new(8, 7), "{win:?}");
    let mut b = position.clone();
    for (n, &p) in win.line.iter().enumerate() {
        assert!(b.get(p).is_none(), "{win:?}");
        b.set(
            p,
            Some(if n % 2 == 0 {
                Color::Black
            } else {
                Color::White
            }),
        );
    }
    let five = win.line.last().unwrap();
    assert!(
        b.five_through(*five, Color::Black, false).is_some(),
        "{win:?}\n{b}"
    );
    assert!(
        analysis.wins[1].is_none(),
        "White has no forced win: {:?}",
        analysis.wins[1]
    );
    assert_eq!(
        analysis.lines[0].point,
        Point::new(8, 7),
        "{:?}",
        analysis.lines
    );
}

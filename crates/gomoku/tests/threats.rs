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

/// The board after the first `n` moves of `line` (`h8` notation, Black first).
fn after(line: &str, n: usize) -> Board {
    let moves = qipan_gomoku::record::coords::parse(line, 15).unwrap().moves;
    let rules = qipan_gomoku::Rules::new(15, RuleSet::Freestyle).unwrap();
    qipan_gomoku::Game::from_moves(rules, &moves[..n])
        .unwrap()
        .board()
        .clone()
}

/// A win the VCT proved at one move is played on at the next without a search. From a match
/// game against pela (1 s a move, 2026-12-06): at move 19 Black's VCT starts with h9; after
/// White's j11 the engine of the time searched again, did not find the win within its share
/// of the second, and lost the game.
#[test]
fn a_proved_win_is_played_on_without_searching_it_again() {
    let game = "h10 h11 i6 k6 f10 g11 g9 f8 e11 d12 g10 e10 g8 i7 g6 g7 i10 j10 h9 j11 f11";
    let mut engine = Engine::new(Level::MAX, 1);
    let first = engine
        .best_move(
            &after(game, 18),
            RuleSet::Freestyle,
            SearchLimits::millis(20_000),
        )
        .unwrap();
    assert_eq!(
        (first.found, first.best),
        (Found::Vct, Point::new(7, 6)),
        "{first:?}"
    );
    // White answers j11; Black's next threat comes from memory, with no node searched.
    let next = engine
        .best_move(
            &after(game, 20),
            RuleSet::Freestyle,
            SearchLimits::millis(20_000),
        )
        .unwrap();
    assert_eq!(next.found, Found::Vct, "{next:?}");
    assert_eq!(next.nodes, 0, "{next:?}");
    assert_eq!(next.best, Point::new(5, 4), "f11: {next:?}");
    // A new game forgets it.
    engine.clear();
    let fresh = engine
        .best_move(
            &after(game, 20),
            RuleSet::Freestyle,
            SearchLimits::millis(300),
        )
        .unwrap();
    assert_ne!(fresh.nodes, 0, "{fresh:?}");
}

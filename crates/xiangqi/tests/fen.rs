//! FEN: parse, print, round trips, and precise errors.

mod common;

use common::playout_positions;
use qipan_xiangqi::{Color, FenError, Piece, Position, PositionError, Role, START_FEN, Square};

fn err(fen: &str) -> FenError {
    match Position::from_fen(fen) {
        Ok(pos) => panic!("{fen} was accepted as {}", pos.to_fen()),
        Err(e) => e,
    }
}

fn sq(name: &str) -> Square {
    name.parse().expect("square name")
}

#[test]
fn the_start_position_reads_and_prints() {
    let pos = Position::from_fen(START_FEN).expect("start FEN");
    assert_eq!(pos.to_fen(), START_FEN);
    assert_eq!(pos.side_to_move(), Color::Red);
    assert_eq!(
        pos.piece_at(sq("e0")),
        Some(Piece::new(Color::Red, Role::King))
    );
    assert_eq!(
        pos.piece_at(sq("b7")),
        Some(Piece::new(Color::Black, Role::Cannon))
    );
    assert_eq!(pos, Position::startpos());
    // `b` for Black and the short form without counters.
    let short = Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
        .expect("short FEN");
    assert_eq!(short.side_to_move(), Color::Black);
    assert_eq!(short.halfmove_clock(), 0);
    assert_eq!(short.fullmove_number(), 1);
}

#[test]
fn fen_round_trips_over_random_games() {
    let positions = playout_positions(5, 100, 150);
    assert!(positions.len() > 10_000);
    for pos in positions {
        let text = pos.to_fen();
        let back = Position::from_fen(&text).expect("printed FEN parses");
        assert_eq!(back, pos, "{text}");
        assert_eq!(back.to_fen(), text);
        assert_eq!(back.hash(), pos.hash());
        assert_eq!(back.in_check(), pos.in_check());
    }
}

#[test]
fn syntax_errors_name_the_field_and_the_character() {
    assert_eq!(err(""), FenError::Empty);
    assert_eq!(err("9/9/9 w"), FenError::RankCount(3));
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKXBNR w"),
        FenError::BadChar { rank: 0, ch: 'X' }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w"),
        FenError::RankWidth { rank: 0, files: 8 }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"),
        FenError::MissingSide
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x"),
        FenError::BadSide("x".into())
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQ - 0 1"),
        FenError::BadPlaceholder {
            field: 3,
            text: "KQ".into()
        }
    );
    assert_eq!(
        err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1"),
        FenError::BadNumber {
            field: 5,
            text: "x".into()
        }
    );
    let message = err("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKXBNR w").to_string();
    assert!(
        message.contains("rank 0") && message.contains('X'),
        "{message}"
    );
}

#[test]
fn impossible_positions_are_refused_with_the_reason() {
    let impossible = |fen: &str| match err(fen) {
        FenError::Impossible(reason) => reason,
        other => panic!("{fen}: {other}"),
    };
    assert_eq!(
        impossible("9/9/9/9/9/9/9/9/9/4K4 w"),
        PositionError::MissingKing(Color::Black)
    );
    assert_eq!(
        impossible("3kk4/9/9/9/9/9/9/9/9/4K4 w"),
        PositionError::TooMany {
            color: Color::Black,
            role: Role::King,
            count: 2,
            max: 1
        }
    );
    assert_eq!(
        impossible("3k5/9/9/9/9/9/9/9/9/K8 w"),
        PositionError::Unreachable {
            piece: Piece::new(Color::Red, Role::King),
            square: sq("a0")
        }
    );
    assert_eq!(
        impossible("3k5/9/9/9/9/9/9/9/3A5/4K4 w"),
        PositionError::Unreachable {
            piece: Piece::new(Color::Red, Role::Advisor),
            square: sq("d1")
        }
    );
    assert_eq!(
        impossible("3k5/9/9/9/9/9/9/3B5/9/4K4 w"),
        PositionError::Unreachable {
            piece: Piece::new(Color::Red, Role::Elephant),
            square: sq("d2")
        }
    );
    assert_eq!(
        impossible("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"),
        PositionError::TooMany {
            color: Color::Red,
            role: Role::Rook,
            count: 3,
            max: 2
        }
    );
    // Black to move would be able to take the red general: Red, not to move, is in check.
    assert_eq!(
        impossible("3k5/9/9/9/9/9/9/9/9/3rK4 b"),
        PositionError::OpponentInCheck(Color::Red)
    );
    // Facing generals on an open file count as check.
    assert_eq!(
        impossible("4k4/9/9/9/9/9/9/9/9/4K4 w"),
        PositionError::OpponentInCheck(Color::Black)
    );
}

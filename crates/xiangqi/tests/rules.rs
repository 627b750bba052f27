//! Game results: one position (or move sequence) per result of `qipan_xiangqi::rules`.

mod common;

use common::fen;
use qipan_xiangqi::notation::iccs;
use qipan_xiangqi::{Color, EndReason, Outcome, Position, Repetition, Rules};

fn play(pos: &mut Position, moves: &[&str]) {
    for text in moves {
        match iccs::read(pos, text) {
            Ok(m) => pos.make(m),
            Err(err) => panic!("{text}: {err}"),
        }
    }
}

#[test]
fn checkmate_loses() {
    // Two rooks: a9 checks along rank 9, b8 holds rank 8.
    let pos = fen("R3k4/1R7/9/9/9/9/9/9/9/3K5 b - - 0 1");
    assert!(pos.in_check());
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Some(Color::Red),
            reason: EndReason::Checkmate
        })
    );
}

#[test]
fn stalemate_loses_for_the_side_that_cannot_move() {
    // 困毙: Black is not in check, but d8 and e9 are covered by the rook on e8.
    let pos = fen("3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1");
    assert!(!pos.in_check());
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Some(Color::Red),
            reason: EndReason::Stalemate
        })
    );
}

/// Red's rook checks from a8 and a9 in turn while the black general steps between e8 and e9.
const PERPETUAL: [&str; 9] = [
    "a0a8", "e8e9", "a8a9", "e9e8", "a9a8", "e8e9", "a8a9", "e9e8", "a9a8",
];

#[test]
fn perpetual_check_loses() {
    let mut pos = fen("9/4k4/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    play(&mut pos, &PERPETUAL[..5]);
    // Second occurrence: a search already sees the perpetual, the game goes on.
    assert_eq!(
        pos.repetition(2),
        Some(Repetition::PerpetualCheck { loser: Color::Red })
    );
    assert_eq!(pos.outcome(), None);
    play(&mut pos, &PERPETUAL[5..]);
    // Third occurrence of the position after a0a8: Red, who checked with every move, loses.
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            reason: EndReason::PerpetualCheck
        })
    );
}

#[test]
fn other_repetitions_draw() {
    // Both sides move their horses out and back twice: the start position occurs three times.
    let mut pos = Position::startpos();
    let shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    play(&mut pos, &shuffle);
    play(&mut pos, &shuffle);
    assert_eq!(pos.repetition(3), Some(Repetition::Draw));
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::Repetition
        })
    );
    // A fresh position has no history to repeat.
    assert_eq!(Position::startpos().repetition(2), None);
}

#[test]
fn sixty_moves_per_side_without_a_capture_draw() {
    let mut pos = fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 119 80");
    assert_eq!(pos.outcome(), None);
    play(&mut pos, &["e1f1"]);
    assert_eq!(pos.halfmove_clock(), 120);
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::MoveLimit
        })
    );
    let off = Rules {
        no_capture_plies: 0,
        ..Rules::default()
    };
    assert_eq!(pos.outcome_with(&off), None);
    let fifty = Rules {
        no_capture_plies: 100,
        ..Rules::default()
    };
    let early = fen("3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 100 80");
    assert_eq!(
        early.outcome_with(&fifty).map(|o| o.reason),
        Some(EndReason::MoveLimit)
    );
}

#[test]
fn no_piece_that_can_cross_the_river_draws() {
    let pos = fen("2bk5/4a4/9/9/9/9/9/4B4/4A4/4K4 w - - 0 1");
    assert!(pos.insufficient_material());
    assert_eq!(
        pos.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::InsufficientMaterial
        })
    );
    // One pawn is enough to play on.
    let pos = fen("2bk5/4a4/9/9/9/9/4P4/4B4/4A4/4K4 w - - 0 1");
    assert!(!pos.insufficient_material());
    assert_eq!(pos.outcome(), None);
}

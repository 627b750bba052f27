//! Renju forbidden points. Definitions: Renju International Federation, "The International Rules
//! of Renju" (RIF, https://www.renju.net/rules/), article 9: Black may not make an overline
//! (9.2), a double-four (9.3) or a double-three (9.4); a three is a row that can become a
//! straight four, so a "three" whose completing points are themselves forbidden is not a three
//! (9.4, note); a five wins even when the same move makes a forbidden shape (9.3: "If Black
//! makes a five and simultaneously a forbidden move, the five wins"); a four-three is legal.

use qipan_gomoku::renju::{forbidden, forbidden_points};
use qipan_gomoku::{
    Board, Color, Forbidden, ForbiddenPolicy, Game, MoveError, Outcome, Point, RuleSet, Rules,
    WinReason,
};

fn board(black: &[(u8, u8)], white: &[(u8, u8)]) -> Board {
    let mut b = Board::new(15).unwrap();
    for &(x, y) in black {
        b.set(Point::new(x, y), Some(Color::Black));
    }
    for &(x, y) in white {
        b.set(Point::new(x, y), Some(Color::White));
    }
    b
}

#[test]
fn double_three_is_forbidden() {
    let b = board(&[(6, 7), (7, 7), (8, 5), (8, 6)], &[]);
    assert_eq!(
        forbidden(&b, Point::new(8, 7)),
        Some(Forbidden::DoubleThree)
    );
}

#[test]
fn split_three_counts_as_a_three() {
    // X.X? horizontally: (5,7) _ (7,7) + (8,7) makes X.XX; vertical (8,5),(8,6) makes XXX.
    let b = board(&[(5, 7), (7, 7), (8, 5), (8, 6)], &[]);
    assert_eq!(
        forbidden(&b, Point::new(8, 7)),
        Some(Forbidden::DoubleThree)
    );
}

#[test]
fn blocked_three_is_not_a_three() {
    // The horizontal three is blocked by White at (5,7) and (9,7)... only one side: still a
    // closed row that cannot become a straight four.
    let b = board(&[(6, 7), (7, 7), (8, 5), (8, 6)], &[(5, 7)]);
    assert_eq!(forbidden(&b, Point::new(8, 7)), None);
}

#[test]
fn four_three_is_legal() {
    let b = board(&[(5, 7), (6, 7), (7, 7), (8, 5), (8, 6)], &[(4, 7)]);
    assert_eq!(forbidden(&b, Point::new(8, 7)), None);
}

#[test]
fn double_four_is_forbidden() {
    let b = board(
        &[(5, 7), (6, 7), (7, 7), (8, 4), (8, 5), (8, 6)],
        &[(4, 7), (8, 3)],
    );
    assert_eq!(forbidden(&b, Point::new(8, 7)), Some(Forbidden::DoubleFour));
}

#[test]
fn double_four_on_one_line_is_forbidden() {
    // X.XXX.X with the middle stone played.
    let b = board(&[(3, 7), (5, 7), (7, 7), (9, 7)], &[]);
    assert_eq!(forbidden(&b, Point::new(6, 7)), Some(Forbidden::DoubleFour));
}

#[test]
fn overline_is_forbidden() {
    let b = board(&[(3, 7), (4, 7), (5, 7), (7, 7), (8, 7)], &[]);
    assert_eq!(forbidden(&b, Point::new(6, 7)), Some(Forbidden::Overline));
}

#[test]
fn five_wins_even_with_a_double_three() {
    // (7,7) completes 3..7 horizontally and also makes two open threes.
    let b = board(
        &[
            (3, 7),
            (4, 7),
            (5, 7),
            (6, 7),
            (7, 5),
            (7, 6),
            (8, 8),
            (9, 9),
        ],
        &[],
    );
    assert_eq!(forbidden(&b, Point::new(7, 7)), None);
}

#[test]
fn five_wins_even_with_an_overline_elsewhere() {
    // Horizontal five and vertical six through (7,7).
    let b = board(
        &[
            (3, 7),
            (4, 7),
            (5, 7),
            (6, 7),
            (7, 2),
            (7, 3),
            (7, 4),
            (7, 5),
            (7, 6),
        ],
        &[],
    );
    assert_eq!(forbidden(&b, Point::new(7, 7)), None);
}

/// Vertical black rows that make (5,7) and (9,7) overline points.
const OVERLINE_GUARDS: [(u8, u8); 10] = [
    (5, 4),
    (5, 5),
    (5, 6),
    (5, 8),
    (5, 9),
    (9, 4),
    (9, 5),
    (9, 6),
    (9, 8),
    (9, 9),
];

#[test]
fn three_whose_completing_points_are_forbidden_is_not_a_three() {
    // Horizontal .XXX. on (6..=8, 7) can only become a straight four on (5,7) or (9,7), both
    // overline points: it is not a three, so (8,7) makes one real three (vertical) and is legal.
    let mut black = vec![(6, 7), (7, 7), (8, 5), (8, 6)];
    black.extend(OVERLINE_GUARDS);
    let b = board(&black, &[]);
    assert_eq!(forbidden(&b, Point::new(5, 7)), Some(Forbidden::Overline));
    assert_eq!(forbidden(&b, Point::new(9, 7)), Some(Forbidden::Overline));
    assert_eq!(forbidden(&b, Point::new(8, 7)), None);
}

#[test]
fn three_with_one_completing_point_free_is_a_three() {
    // As above but only (5,7) is guarded: (9,7) still makes a straight four 6..=9.
    let mut black = vec![(6, 7), (7, 7), (8, 5), (8, 6)];
    black.extend(&OVERLINE_GUARDS[..5]);
    let b = board(&black, &[]);
    assert_eq!(
        forbidden(&b, Point::new(8, 7)),
        Some(Forbidden::DoubleThree)
    );
}

#[test]
fn white_is_never_forbidden_and_wins_with_an_overline() {
    let rules = Rules::new(15, RuleSet::Renju).unwrap();
    // White builds 2..=4 and 6..=7 on row 0, Black plays far away, then White fills 5: six.
    let moves = [
        (0, 14),
        (2, 0),
        (2, 14),
        (3, 0),
        (4, 14),
        (4, 0),
        (6, 14),
        (6, 0),
        (8, 14),
        (7, 0),
        (10, 14),
        (5, 0),
    ];
    let mut game = Game::new(rules);
    let mut last = None;
    for (x, y) in moves {
        last = game.play(Point::new(x, y)).unwrap().cloned();
    }
    match last {
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::Five { line },
        }) => {
            assert_eq!(line.len(), 6)
        }
        other => panic!("expected a White overline win, got {other:?}"),
    }
}

#[test]
fn forbidden_move_loses_or_is_refused_by_setting() {
    let moves = [
        (6, 7),
        (0, 0),
        (7, 7),
        (0, 2),
        (8, 5),
        (0, 4),
        (8, 6),
        (0, 6),
    ];
    let play_all = |rules| {
        let mut g = Game::new(rules);
        for (x, y) in moves {
            g.play(Point::new(x, y)).unwrap();
        }
        g
    };
    let rules = Rules::new(15, RuleSet::Renju).unwrap();
    let mut loses = play_all(rules);
    let outcome = loses.play(Point::new(8, 7)).unwrap().cloned();
    assert!(matches!(
        outcome,
        Some(Outcome::Win {
            winner: Color::White,
            reason: WinReason::ForbiddenMove {
                kind: Forbidden::DoubleThree,
                ..
            }
        })
    ));
    let mut refused = play_all(rules.with_forbidden(ForbiddenPolicy::Refused));
    assert!(matches!(
        refused.play(Point::new(8, 7)),
        Err(MoveError::Forbidden {
            kind: Forbidden::DoubleThree,
            ..
        })
    ));
    assert_eq!(refused.moves().len(), 8);
    assert!(
        refused
            .forbidden_points()
            .iter()
            .any(|&(p, _)| p == Point::new(8, 7))
    );
}

#[test]
fn empty_board_has_no_forbidden_point() {
    assert!(forbidden_points(&Board::new(15).unwrap()).is_empty());
}

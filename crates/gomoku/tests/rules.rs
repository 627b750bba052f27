//! Rules of play: sizes, occupied points, win detection in the four directions with the winning
//! line, standard (exactly five) against freestyle, draws on a full board.

use qipan_gomoku::{Color, Game, MoveError, Outcome, Point, RuleSet, Rules, WinReason};

fn play(rules: Rules, moves: &[(u8, u8)]) -> Game {
    let mut g = Game::new(rules);
    for &(x, y) in moves {
        g.play(Point::new(x, y)).unwrap();
    }
    g
}

fn winning_line(game: &Game) -> Option<(Color, Vec<Point>)> {
    match game.outcome()? {
        Outcome::Win {
            winner,
            reason: WinReason::Five { line },
        } => Some((*winner, line.clone())),
        _ => None,
    }
}

#[test]
fn sizes_5_to_25_only() {
    assert!(Rules::new(4, RuleSet::Freestyle).is_err());
    assert!(Rules::new(26, RuleSet::Freestyle).is_err());
    for s in [5, 15, 19, 25] {
        assert_eq!(Rules::new(s, RuleSet::Freestyle).unwrap().size(), s as u8);
    }
    assert_eq!(Rules::default().size(), 15);
}

#[test]
fn wins_in_all_four_directions_with_the_line() {
    let dirs: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];
    for (dx, dy) in dirs {
        let mut moves = vec![];
        for k in 0..5 {
            let b = ((5 + k * dx) as u8, (7 + k * dy) as u8);
            moves.push(b);
            if k < 4 {
                // White answers far away, on row 14 (or 0 for the downward diagonal).
                moves.push((k as u8 * 2, if dy == 1 { 0 } else { 14 }));
            }
        }
        let g = play(Rules::default(), &moves);
        let (winner, line) = winning_line(&g).expect("a win");
        assert_eq!(winner, Color::Black);
        assert_eq!(line.len(), 5);
        for k in 0..5 {
            assert!(line.contains(&Point::new((5 + k * dx) as u8, (7 + k * dy) as u8)));
        }
    }
}

#[test]
fn occupied_points_and_moves_after_the_end_are_refused() {
    let mut g = play(Rules::default(), &[(7, 7)]);
    assert_eq!(
        g.play(Point::new(7, 7)),
        Err(MoveError::Occupied("h8".into()))
    );
    assert!(matches!(
        g.play(Point::new(15, 0)),
        Err(MoveError::OffBoard { .. })
    ));
    let mut done = play(
        Rules::default(),
        &[
            (0, 0),
            (0, 1),
            (1, 0),
            (1, 1),
            (2, 0),
            (2, 1),
            (3, 0),
            (3, 1),
            (4, 0),
        ],
    );
    assert_eq!(done.play(Point::new(9, 9)), Err(MoveError::GameOver));
    assert_eq!(done.undo(), Some(Point::new(4, 0)));
    assert!(done.outcome().is_none());
}

#[test]
fn overline_wins_in_freestyle_but_not_in_standard() {
    // Black: 0,1,2 and 4,5 on row 0, then 3: six in a row.
    let moves = [
        (0, 0),
        (0, 5),
        (1, 0),
        (2, 5),
        (2, 0),
        (4, 5),
        (4, 0),
        (6, 5),
        (5, 0),
        (8, 5),
        (3, 0),
    ];
    let free = play(Rules::new(15, RuleSet::Freestyle).unwrap(), &moves);
    assert_eq!(
        winning_line(&free).map(|(c, l)| (c, l.len())),
        Some((Color::Black, 6))
    );
    let standard = play(Rules::new(15, RuleSet::Standard).unwrap(), &moves);
    assert!(standard.outcome().is_none());
}

#[test]
fn full_board_without_five_is_a_draw() {
    // On 5x5, fill columns in pairs so that no line of five forms: colour pattern by
    // (x / 2 + y) parity, played alternately.
    let size = 5u8;
    let mut black = vec![];
    let mut white = vec![];
    for y in 0..size {
        for x in 0..size {
            if (x / 2 + y) % 2 == 0 {
                black.push((x, y));
            } else {
                white.push((x, y));
            }
        }
    }
    assert_eq!(black.len(), 13);
    let mut moves = vec![];
    for i in 0..13 {
        moves.push(black[i]);
        if i < 12 {
            moves.push(white[i]);
        }
    }
    let g = play(Rules::new(5, RuleSet::Freestyle).unwrap(), &moves);
    assert_eq!(g.outcome(), Some(&Outcome::Draw));
}

#[test]
fn from_moves_reports_the_bad_move() {
    let rules = Rules::default();
    let err = Game::from_moves(rules, &[Point::new(1, 1), Point::new(1, 1)]).unwrap_err();
    assert_eq!(err.0, 2);
}

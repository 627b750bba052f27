//! VCF puzzles with published answers. Positions and answers are the renju VCF test suite of
//! the open-source engine mintaka by junghyun397 (https://github.com/junghyun397/mintaka, engine
//! tests `test_vcf`: `basic_vcf`, `trap_vcf`, `deep_vcf`), each a Black or White to move win by
//! continuous fours under renju rules.

mod support;

use qipan_gomoku::engine::WinKind;
use qipan_gomoku::{Board, Color, Engine, Level, Point, RuleSet, SearchLimits};
use support::diagram;

/// Solves the puzzle and checks that the line found is a real win: replayed under renju rules,
/// every attacking move is a legal four, every defence blocks it, and the line ends with a five.
fn check(text: &str) {
    let board = diagram(text);
    let attacker = side_to_move(&board);
    let mut engine = Engine::new(Level::MAX, 1);
    let line = engine
        .solve_vcf(&board, RuleSet::Renju, 200, SearchLimits::millis(20_000))
        .expect("a VCF");
    assert_line_wins(&board, attacker, &line);
    // The analysis view finds the same kind of win and plays it out in full. Its threat search
    // gets a sixth of the budget; the budget is generous because tests run unoptimised, two at a
    // time (at 1.5 s a deep VCF was once missed on a loaded CI machine).
    let analysis = engine.analyse(&board, RuleSet::Renju, 1, SearchLimits::millis(6_000));
    let win = analysis.wins[attacker.index()]
        .as_ref()
        .expect("the analysis finds the VCF");
    assert_eq!(win.kind, WinKind::Vcf);
    assert_line_wins(&board, attacker, &win.line);
}

fn side_to_move(board: &Board) -> Color {
    let blacks = board
        .points()
        .filter(|&p| board.get(p) == Some(Color::Black))
        .count();
    let whites = board.stone_count() - blacks;
    if blacks == whites {
        Color::Black
    } else {
        Color::White
    }
}

/// The points where `attacker` makes five (the defender must block one of them).
fn five_points(board: &Board, attacker: Color) -> Vec<Point> {
    let exact = attacker == Color::Black;
    board
        .points()
        .filter(|&p| board.get(p).is_none() && board.five_through(p, attacker, exact).is_some())
        .collect()
}

/// The single point where `attacker` makes five (the defender's only answer).
fn forced_block(board: &Board, attacker: Color) -> Option<Point> {
    let fives = five_points(board, attacker);
    (fives.len() == 1).then(|| fives[0])
}

fn assert_line_wins(board: &Board, attacker: Color, line: &[Point]) {
    // Replay on a game that starts from this position: build the move list with passes avoided by
    // setting stones directly, checking legality with a renju Game for the attacker's moves.
    let mut b = board.clone();
    for (i, &p) in line.iter().enumerate() {
        let color = if i % 2 == 0 {
            attacker
        } else {
            attacker.opponent()
        };
        assert!(b.get(p).is_none(), "move {i} on an occupied point");
        if color == Color::Black {
            assert!(
                qipan_gomoku::renju::forbidden(&b, p).is_none(),
                "Black's move {} is forbidden",
                p.to_coord(15)
            );
        }
        let exact = color == Color::Black;
        if i % 2 == 0 {
            if b.five_through(p, color, exact).is_some() {
                assert_eq!(i + 1, line.len(), "the line ends with the five");
                return;
            }
            b.set(p, Some(color));
            // Every attacking move is a four: the defender's reply blocks it.
            let fives = five_points(&b, attacker);
            assert!(!fives.is_empty(), "move {i} is a four");
            match line.get(i + 1) {
                Some(reply) => assert!(fives.contains(reply), "move {} blocks the four", i + 1),
                None => break,
            }
        } else {
            b.set(p, Some(color));
        }
    }
    // A line can also end with a four whose block Black may not play.
    let last_block = forced_block(&b, attacker);
    assert!(
        attacker == Color::White
            && last_block.is_some_and(|q| qipan_gomoku::renju::forbidden(&b, q).is_some()),
        "the line must end with a five"
    );
}

/// Published: a VCF whose five lands on i10 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn basic_vcf_1() {
    check(
        "
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . O . . . .
10 . . . . . . . . . X . X . . .
 9 . . . . . . . . . O . . . . .
 8 . . . . . . . X . X X O . . .
 7 . . . . . . X . X O . . . . .
 6 . . . . . . . O O . . . . . .
 5 . . . . . . O . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .",
    );
}

/// Published: a VCF whose five lands on k7 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn basic_vcf_2() {
    check(
        "
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . O . . . . .
10 . . . . . X . . . X . . . . .
 9 . . . . . O . O . . . O . . .
 8 . . O X X . . X . . X . . . .
 7 . . . . O . . . . X . . . . .
 6 . . . . . X O . . . . O . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . X . . . . . . .
 3 . . . . . . O . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .",
    );
}

/// Published: a VCF whose five lands on m10 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn basic_vcf_3() {
    check(
        "
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . O . . . . . . .
10 . . . . . . . . . X O . . . .
 9 . . . . . . . O X . X . . . .
 8 . . . . . . . X O . X . O . .
 7 . . . . . . O . . O . X . . .
 6 . . . . . . . . . X . O O X .
 5 . . . . . . . . X O . X X . .
 4 . . . . . . . O . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .",
    );
}

/// Published: a VCF whose five lands on l11 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn basic_vcf_4() {
    check(
        "
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . X . . . . . . . .
11 . . . . . . . . . . X . . . .
10 . . . . . . . O . . . . . . .
 9 . . . . O . . X . . O . . . .
 8 . . . . X O X X X . . . . . .
 7 . . . O . O O . . X . . . . .
 6 . . . . . . . . . . O . . . .
 5 . . . . . . . . . O X . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .",
    );
}

/// Published: a VCF whose five lands on g8 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn basic_vcf_5() {
    check(
        "
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . .
 9 . . . . O . . . O . . . . . .
 8 . . . . . . . X O O . . . . .
 7 . . . . O X . X . . . . . . .
 6 . . . . . X . . O X . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . X . . . X . . .
 3 . . . . . . O . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .",
    );
}

/// Published: a VCF whose five lands on d15 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn trap_vcf_1() {
    check(
        "
15 . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . .
13 . . . . O X . . O . . . . . .
12 . . . . . . . O . . . . . . .
11 . . . . O . X . . . . . . . .
10 . O . X . . O X O . . . . . .
 9 . . X X O . O X O . . . . . .
 8 . . . X X O . X X . . . . . .
 7 . . . . X . . . . . . . . . .
 6 . . . . . . . O X . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .",
    );
}

/// Published: a VCF whose five lands on m12 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn trap_vcf_2() {
    check(
        "
15 . . . . . . . X . . . . . . .
14 . . . . . X O . . O . . . . .
13 . . . . X . O . . O . X . . .
12 . . . . . . O . X O . . . . .
11 . . . . O X X X O X O . . . .
10 . . . X O O O O X O X X . . .
 9 . . . . . . X O X . . O X . .
 8 . . . . . . . X . . . . . . .
 7 . . . . . . . . . . . . . . .
 6 . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .",
    );
}

/// Published: a VCF whose five lands on g12 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn trap_vcf_3() {
    check(
        "
15 . . . . . . . . . . . . . . .
14 . . . . . . . O . . . O . . .
13 . . . . . . . X . . X . . . .
12 . . . . . . . . O . . . . . .
11 . . . O . X O X . . . . . . .
10 . . . X . . . . X . . . . . .
 9 . . . . . . . . . . . . . . .
 8 . . . . X . O X O . X . . . .
 7 . . . . . . O O X . . . . . .
 6 . . . . . . . . . . O . . . .
 5 . . . . . X . . . . X . O . .
 4 . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . .",
    );
}

/// Published: a VCF whose five lands on f15 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn deep_vcf_1() {
    check(
        "
15 O O . . X . X . . O X O O X .
14 O . X . . O . . . . X . . . X
13 O . . . . . . . . . . . . . .
12 O . . . . X . . . . . . . . X
11 X . X . . . . . . . . . . . .
10 O . . O . . X . . . . . . X .
 9 O . . . . . . . O . . . . O X
 8 . . . O . . O X . . . . X . .
 7 . X . . . . . . O . . . X . .
 6 . . . . O . . . O . X . . . O
 5 . . . X . . . . . . . . . . X
 4 X O . . . X . . X . . X . X O
 3 . X . . . . . . . . . . . . O
 2 . O . . . . . . . . O . . X O
 1 X O . O . O . X . X O O X O .",
    );
}

/// Published: a VCF whose five lands on b13 (a position may hold several VCFs; ours must
/// be a valid one, not necessarily the same).
#[test]
fn deep_vcf_2() {
    check(
        "
15 O . . . X . . . . . . . X . X
14 X . . . . O . . . O . . O . X
13 . . . . . . . O . . . . . O .
12 O . . . . . . . . . . X . . X
11 X . . . . . . . . . . . O . .
10 O . O . . . . . . . . . . . .
 9 O O X O . . . . X . . . O . .
 8 O . O O . . . X . O . . . . .
 7 . X . . . . . . . O . . X . .
 6 . . . . . . . . O . . . . . X
 5 X . . . . . . . . . . . X . X
 4 . . . . . . . . . . . . . X O
 3 X . . . . . . . . . . . . X .
 2 . . . . . . . X . . . . . . O
 1 X O O O . X . . X . X . . . .",
    );
}

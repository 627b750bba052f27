//! The solver against exhaustive search on small boards, in every mode.

mod common;

use common::{clears, exhaustively_clearable, random_pairs, rng};
use qipan_link::{Board, DealSpec, Limits, Mode, Verdict, deal, solve};

fn verdict(board: &Board, mode: Mode) -> Verdict {
    solve(board, mode, Limits::default()).verdict
}

#[test]
fn the_crossed_square_is_stuck_and_a_row_of_pairs_is_not() {
    let crossed = Board::from_text("AB\nBA\n").unwrap();
    assert_eq!(verdict(&crossed, Mode::Classic), Verdict::Stuck);
    let row = Board::from_text("ABBA\n").unwrap();
    let Verdict::Clearable(moves) = verdict(&row, Mode::Classic) else {
        panic!("ABBA clears: the Bs, then the As");
    };
    assert!(clears(&row, Mode::Classic, &moves));
    assert_eq!(
        verdict(&Board::new(3, 3).unwrap(), Mode::Classic),
        Verdict::Clearable(vec![])
    );
}

#[test]
fn hand_made_boards_agree_with_exhaustive_search_in_every_mode() {
    // The crossed square is stuck in classic play; below it a pair that, once removed, lets
    // the square fall or slide apart in some of the moving modes.
    for text in ["AB\nBA\n", "AB\nBA\nCC\n", "ABC\nCBA\n", "CAB\nCBA\n"] {
        let board = Board::from_text(text).unwrap();
        for mode in Mode::ALL {
            let want = exhaustively_clearable(&board, mode);
            let got = verdict(&board, mode);
            assert_eq!(
                matches!(got, Verdict::Clearable(_)),
                want,
                "{mode} on\n{text}"
            );
        }
    }
}

#[test]
fn verdicts_match_exhaustive_search_on_random_small_boards() {
    let mut rng = rng(20);
    let mut tally = [0usize; 2];
    for round in 0..420 {
        let mode = Mode::ALL[round % Mode::ALL.len()];
        let (rows, cols) = (2 + round % 3, 2 + (round / 7) % 3);
        // Full boards with many kinds of one pair each make stuck positions common.
        // Half the rounds use fewer kinds, so kinds with four or six tiles make the solver choose.
        let pairs = rows * cols / 2;
        let kinds = if round % 2 == 0 {
            pairs
        } else {
            pairs.div_ceil(2)
        };
        let board = random_pairs(&mut rng, rows, cols, pairs, kinds);
        let want = exhaustively_clearable(&board, mode);
        match verdict(&board, mode) {
            Verdict::Clearable(moves) => {
                assert!(want, "solver cleared a board exhaustive search could not");
                assert!(clears(&board, mode, &moves), "{mode}: moves do not clear");
            }
            Verdict::Stuck => assert!(
                !want,
                "{mode}: solver gave up on a clearable board\n{}",
                board.to_text().unwrap()
            ),
            Verdict::Unknown => panic!("a small board exhausted the default limits"),
        }
        tally[usize::from(want)] += 1;
    }
    // Both answers occurred often enough to mean something.
    assert!(tally.iter().all(|&n| n >= 20), "{tally:?}");
}

#[test]
fn stuck_verdicts_on_larger_classic_boards_are_confirmed_by_exhaustive_search() {
    // Boards of 20-30 tiles: big enough that the solver's pruning (removals
    // that commute, pairs that are safe to take first) does real work, small enough for the
    // brute-force search. Every "stuck" must be confirmed; every "clearable" must replay.
    let mut rng = rng(37);
    let mut tally = [0usize; 2];
    for round in 0..300 {
        let (rows, cols) = [(4, 6), (5, 6), (6, 6)][round % 3];
        let pairs = rows * cols / 2;
        // Three kinds for every four pairs: most kinds have two tiles, some four.
        let board = random_pairs(&mut rng, rows, cols, pairs, pairs * 3 / 4);
        let want = exhaustively_clearable(&board, Mode::Classic);
        match verdict(&board, Mode::Classic) {
            Verdict::Clearable(moves) => {
                assert!(want, "solver cleared a board exhaustive search could not");
                assert!(clears(&board, Mode::Classic, &moves));
            }
            Verdict::Stuck => assert!(
                !want,
                "solver called a clearable board stuck\n{}",
                board.to_text().unwrap()
            ),
            Verdict::Unknown => panic!("a small board exhausted the default limits"),
        }
        tally[usize::from(want)] += 1;
    }
    assert!(tally.iter().all(|&n| n >= 15), "{tally:?}");
}

#[test]
fn limits_give_unknown_instead_of_hanging() {
    // A full standard deal needs many steps; three are not enough to settle it.
    let board = deal(&DealSpec::standard(), 1).unwrap().board;
    let limits = Limits {
        max_nodes: 3,
        time: None,
    };
    let answer = solve(&board, Mode::Classic, limits);
    assert_eq!(answer.verdict, Verdict::Unknown);
    assert!(answer.nodes <= 4);
}

//! Strict legal moves: one test per rule of the game, and the fast generator against an
//! independent naive one over random games.

mod common;

use common::{fen, iccs_moves, naive, playout_positions};
use qipan_xiangqi::Position;

/// The legal moves of the piece on `from`, sorted.
fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    iccs_moves(pos)
        .into_iter()
        .filter(|m| m.starts_with(from))
        .collect()
}

#[test]
fn the_general_stays_in_its_palace() {
    // Red general in the corner f0 of its palace: g0 is outside, so only e0 and f1.
    let pos = fen("3k5/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
    assert_eq!(moves_from(&pos, "f0"), ["f0e0", "f0f1"]);
}

#[test]
fn the_advisor_stays_on_the_palace_diagonals() {
    // From f2 the advisor can only go back to e1 (e3, g1, g3 are outside the palace).
    let pos = fen("3k5/9/9/9/9/9/9/5A3/9/4K4 w - - 0 1");
    assert_eq!(moves_from(&pos, "f2"), ["f2e1"]);
}

#[test]
fn the_elephant_stays_home_and_is_blocked_on_its_eye() {
    // From c4: a6 and e6 are across the river, e2 is blocked by the horse on the eye d3.
    let pos = fen("3k5/9/9/9/9/2B6/3n5/9/9/4K4 w - - 0 1");
    assert_eq!(moves_from(&pos, "c4"), ["c4a2"]);
}

#[test]
fn the_horse_is_blocked_by_a_piece_on_its_leg() {
    // At the start the horse on b0 cannot reach d1: its leg c0 holds the elephant.
    let pos = Position::startpos();
    assert_eq!(moves_from(&pos, "b0"), ["b0a2", "b0c2"]);
}

#[test]
fn the_cannon_needs_exactly_one_screen_to_capture_and_none_to_move() {
    // At the start the cannon on h2 slides freely, cannot take h7 (no screen) but takes h9
    // over the screen h7; along rank 2 it stops before its own cannon on b2.
    let pos = Position::startpos();
    let mut expected = [
        "h2c2", "h2d2", "h2e2", "h2f2", "h2g2", "h2i2", "h2h1", "h2h3", "h2h4", "h2h5", "h2h6",
        "h2h9",
    ];
    expected.sort();
    assert_eq!(moves_from(&pos, "h2"), expected);
}

#[test]
fn pawns_move_sideways_only_after_the_river_and_never_back() {
    let pos = fen("3k5/9/9/9/4P4/9/4P4/9/9/5K3 w - - 0 1");
    assert_eq!(moves_from(&pos, "e3"), ["e3e4"]);
    assert_eq!(moves_from(&pos, "e5"), ["e5d5", "e5e6", "e5f5"]);
}

#[test]
fn the_generals_may_not_face_each_other() {
    // d0 would face the black general on the open d file.
    let pos = fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    assert_eq!(moves_from(&pos, "e0"), ["e0e1", "e0f0"]);
    // The horse between the two generals may not leave the file.
    let pos = fen("4k4/9/9/9/9/9/9/4N4/9/3K5 w - - 0 1");
    assert!(Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1").is_err());
    let pinned = fen("4k4/9/9/9/9/9/9/4N4/9/4K4 w - - 0 1");
    assert!(moves_from(&pinned, "e2").is_empty());
    assert!(!moves_from(&pos, "e2").is_empty());
}

#[test]
fn no_move_may_leave_the_own_general_attacked() {
    // The rook on e1 is pinned by the black rook on e8: it may only move along the file.
    let pos = fen("4k4/4r4/9/9/9/9/9/9/4R4/4K4 w - - 0 1");
    let expected = ["e1e2", "e1e3", "e1e4", "e1e5", "e1e6", "e1e7", "e1e8"];
    assert_eq!(moves_from(&pos, "e1"), expected);
    // Moving onto the line between the general and a cannon would give the cannon a screen.
    let pos = fen("4k4/9/9/9/4c4/9/9/9/3R5/4K4 w - - 0 1");
    assert!(!iccs_moves(&pos).contains(&"d1e1".to_string()));
    assert!(iccs_moves(&pos).contains(&"d1d2".to_string()));
}

#[test]
fn the_fast_generator_agrees_with_a_naive_one_over_random_games() {
    let positions = playout_positions(7, 120, 160);
    assert!(positions.len() > 10_000);
    for pos in &positions {
        assert_eq!(iccs_moves(pos), naive::legal_moves(pos), "{}", pos.to_fen());
        assert_eq!(pos.in_check(), naive::in_check(pos), "{}", pos.to_fen());
        assert_eq!(pos.count_legal_moves() as usize, iccs_moves(pos).len());
    }
}

#[test]
fn captures_are_exactly_the_legal_moves_onto_pieces() {
    for pos in playout_positions(11, 30, 120) {
        let mut all = qipan_xiangqi::MoveList::new();
        pos.legal_moves(&mut all);
        let mut captures = qipan_xiangqi::MoveList::new();
        pos.legal_captures(&mut captures);
        let expected: Vec<_> = all.iter().filter(|m| pos.is_capture(**m)).collect();
        assert_eq!(captures.iter().collect::<Vec<_>>(), expected);
        for m in all.iter() {
            assert!(pos.is_legal(*m));
        }
    }
}

#[test]
fn is_legal_accepts_exactly_the_legal_moves() {
    for pos in playout_positions(13, 10, 100).iter().step_by(10) {
        let legal = naive::legal_moves(pos);
        for from in qipan_xiangqi::Square::all() {
            for to in qipan_xiangqi::Square::all() {
                if from == to {
                    continue;
                }
                let m = qipan_xiangqi::Move::new(from, to);
                assert_eq!(
                    pos.is_legal(m),
                    legal.contains(&m.to_string()),
                    "{m} in {}",
                    pos.to_fen()
                );
            }
        }
    }
}

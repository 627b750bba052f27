//! The stop flag: a search asked to stop answers at once with a legal move.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use qipan_gomoku::record::coords;
use qipan_gomoku::{Board, Color, Engine, Level, RuleSet, SearchLimits};

/// A quiet middle-game position with no forced move, where the engine would think for its whole
/// time.
fn middle_game() -> Board {
    let record = coords::parse("h8 i9 g9 i7 i8 g8 j10 h10 f10 j8", 15).expect("a valid record");
    let mut board = Board::new(15).expect("a valid size");
    for (n, &p) in record.moves.iter().enumerate() {
        let colour = if n % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        board.set(p, Some(colour));
    }
    board
}

#[test]
fn a_search_with_the_flag_already_set_returns_a_legal_move() {
    let board = middle_game();
    for level in [1, 5, 10] {
        for rule_set in [RuleSet::Freestyle, RuleSet::Renju] {
            let stop = Arc::new(AtomicBool::new(true));
            let limits = SearchLimits::millis(600_000).with_stop(stop);
            let started = Instant::now();
            let result = Engine::new(Level::new(level), 1)
                .best_move(&board, rule_set, limits)
                .expect("the board has empty points");
            // A generous sanity bound: the limit was ten minutes.
            assert!(started.elapsed() < Duration::from_secs(60));
            assert!(
                board.get(result.best).is_none(),
                "{:?} is taken",
                result.best
            );
        }
    }
}

#[test]
fn a_search_stopped_from_another_thread_returns_its_best_move() {
    let board = middle_game();
    let stop = Arc::new(AtomicBool::new(false));
    let setter = {
        let stop = Arc::clone(&stop);
        thread::spawn(move || {
            thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let started = Instant::now();
    let result = Engine::new(Level::MAX, 1)
        .best_move(
            &board,
            RuleSet::Freestyle,
            SearchLimits::millis(600_000).with_stop(stop),
        )
        .expect("the board has empty points");
    setter.join().expect("the setter thread ends");
    assert!(started.elapsed() < Duration::from_secs(60));
    assert!(
        board.get(result.best).is_none(),
        "{:?} is taken",
        result.best
    );
}

/// Black to move wins by continuous fours: h11 (a four and an open three), White blocks h12,
/// then an open four.
fn vcf_position() -> Board {
    let mut board = Board::new(15).expect("a valid size");
    for (text, colour) in [
        ("h8 h9 h10 f11 g11", Color::Black),
        ("h7 a1 a15 o1 o15", Color::White),
    ] {
        for p in coords::parse(text, 15).expect("valid points").moves {
            board.set(p, Some(colour));
        }
    }
    board
}

#[test]
fn a_vcf_search_stops_too() {
    let solve = |stop: bool| {
        let limits = SearchLimits::millis(600_000).with_stop(Arc::new(AtomicBool::new(stop)));
        Engine::new(Level::MAX, 1).solve_vcf(&vcf_position(), RuleSet::Freestyle, 20, limits)
    };
    assert!(solve(false).is_some(), "the VCF is found with time to look");
    assert_eq!(solve(true), None, "and not looked for once stopped");
}

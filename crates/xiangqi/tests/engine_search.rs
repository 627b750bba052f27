//! Behaviour of the engine a user would check: legal moves in thousands of random positions,
//! determinism, repetition rules, levels. Mates at their distance: `engine_mates.rs`.

use std::sync::atomic::AtomicBool;

use qipan_xiangqi::engine::score::PERPETUAL_CHECK_WIN;
use qipan_xiangqi::engine::{Engine, Level, Limits, Outcome};
use qipan_xiangqi::{MoveList, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn search(engine: &mut Engine, pos: &Position, limits: Limits) -> Outcome {
    let stop = AtomicBool::new(false);
    engine.search(pos, &limits, &[], &stop, &mut |_| {})
}

fn fen(text: &str) -> Position {
    Position::from_fen(text).expect("valid FEN")
}

#[test]
fn the_engine_never_returns_an_illegal_move_in_random_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_129);
    let mut engine = Engine::new(4);
    let mut checked = 0;
    while checked < 2_000 {
        let mut pos = Position::startpos();
        let plies = rng.random_range(0..120);
        for _ in 0..plies {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            pos.make(moves[rng.random_range(0..moves.len())]);
        }
        let limits = Limits {
            depth: Some(rng.random_range(1..4)),
            nodes: Some(3_000),
            ..Limits::default()
        };
        let found = search(&mut engine, &pos, limits);
        match found.best {
            Some(m) => assert!(pos.is_legal(m), "{m} illegal in {}", pos.to_fen()),
            None => assert!(!pos.has_legal_move(), "no move in {}", pos.to_fen()),
        }
        if let Some(p) = found.ponder {
            let mut next = pos.clone();
            if let Some(m) = found.best {
                next.make(m);
            }
            assert!(next.is_legal(p), "ponder {p} illegal");
        }
        checked += 1;
    }
}

#[test]
fn a_fixed_depth_search_is_deterministic() {
    let pos = fen("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1");
    let a = search(&mut Engine::new(16), &pos, Limits::depth(7));
    let b = search(&mut Engine::new(16), &pos, Limits::depth(7));
    assert_eq!(a, b);
    assert!(a.nodes > 0 && a.depth == 7);
}

#[test]
fn the_engine_does_not_lose_by_perpetual_check() {
    // Red is behind (Black has horse, cannon, rook and pawns against a rook), so a draw by
    // repetition would suit Red; but Red's rook has checked on every move of the cycle
    // a8-a9+, Kd8, a9-a8+, Kd9, so a9+ again is a perpetual check, which loses. An engine that
    // scored every repetition as a draw would play it.
    let mut pos = fen("3k3nc/R8/9/p1p1p4/8r/9/9/9/9/3AKA3 w - - 0 1");
    for text in ["a8a9", "d9d8", "a9a8", "d8d9"] {
        let m = qipan_xiangqi::ucci::parse_move(text).expect("move");
        pos.play(m).expect("legal cycle move");
    }
    let found = search(&mut Engine::new(16), &pos, Limits::depth(6));
    let best = found.best.expect("a move");
    let mut after = pos.clone();
    after.make(best);
    assert_ne!(
        best.to_string(),
        "a8a9",
        "the engine repeats the perpetual check"
    );
    assert_eq!(after.repetition(2), None);
    assert!(
        found.score > -PERPETUAL_CHECK_WIN && found.score < 0,
        "{}",
        found.score
    );
}

#[test]
fn lower_levels_search_shallower_and_stay_legal() {
    let pos = Position::startpos();
    for n in 1..=9 {
        let level = Level::new(n).expect("level");
        let mut engine = Engine::new(4);
        engine.set_level(level);
        engine.set_seed(n as u64);
        let found = search(&mut engine, &pos, Limits::depth(20));
        assert!(found.depth <= level.max_depth().expect("capped"));
        assert!(pos.is_legal(found.best.expect("a move")));
    }
}

#[test]
fn no_level_gives_a_rook_away() {
    // Red's rook on a4 is attacked by Black's rook on a9: every level must save it or trade it,
    // never leave it hanging for nothing.
    let pos = fen("r2k5/9/9/9/9/R8/9/9/9/4K4 w - - 0 1");
    for n in 1..=10 {
        for seed in 0..8 {
            let mut engine = Engine::new(4);
            engine.set_level(Level::new(n).expect("level"));
            engine.set_seed(seed);
            let found = search(&mut engine, &pos, Limits::depth(20));
            let mut after = pos.clone();
            after.make(found.best.expect("a move"));
            // Whatever Black replies, Red keeps its rook or has taken Black's.
            let mut replies = MoveList::new();
            after.legal_moves(&mut replies);
            let loses_rook = replies.iter().any(|&r| {
                after.is_capture(r)
                    && after.piece_at(r.to()).map(|p| p.role) == Some(qipan_xiangqi::Role::Rook)
                    && after.count(qipan_xiangqi::Color::Black, qipan_xiangqi::Role::Rook) == 1
                    && {
                        // The capture is free if Red cannot take back.
                        after.make(r);
                        let mut back = MoveList::new();
                        after.legal_captures(&mut back);
                        let recapture = back.iter().any(|&b| b.to() == r.to());
                        after.unmake();
                        !recapture
                    }
            });
            assert!(
                !loses_rook,
                "level {n} seed {seed} hangs the rook with {:?}",
                found.best
            );
        }
    }
}

#[test]
fn time_is_counted_from_when_the_move_was_asked_for() {
    // The `go` arrived a second ago with 200 ms to think: the time is already spent, so the
    // search stops within its first iteration, still with a legal move.
    let pos = Position::startpos();
    let limits = Limits {
        started: std::time::Instant::now().checked_sub(std::time::Duration::from_secs(1)),
        ..Limits::movetime(std::time::Duration::from_millis(200))
    };
    let found = search(&mut Engine::new(4), &pos, limits);
    assert!(found.depth <= 1, "searched to depth {}", found.depth);
    assert!(pos.is_legal(found.best.expect("a move")));
}

#[test]
fn several_threads_search_together_and_answer_a_legal_move() {
    // Threads share the table and report one answer: a legal move, its line starting with it,
    // and every thread's nodes counted.
    let pos = Position::startpos();
    let mut one = Engine::new(16);
    let single = search(&mut one, &pos, Limits::depth(6));
    let mut two = Engine::new(16);
    two.set_threads(2);
    assert_eq!(two.threads(), 2);
    let shared = search(&mut two, &pos, Limits::depth(6));
    let best = shared.best.expect("a move");
    assert!(pos.is_legal(best));
    assert_eq!(shared.pv.first(), Some(&best));
    assert_eq!(shared.depth, 6);
    assert!(shared.nodes > 0 && single.nodes > 0);
    // A mate in one is still found with a helper thread searching beside the main one.
    let fen = "4k4/9/4P4/4R4/9/9/9/9/3R5/5K3 w - - 0 1";
    let mate = Position::from_fen(fen).expect("valid");
    let found = search(&mut two, &mate, Limits::depth(3));
    assert_eq!(found.best.map(|m| m.to_string()).as_deref(), Some("e7e8"));
}

//! Behaviour of the engine a user would check: mates found at the right distance, legal moves
//! in thousands of random positions, determinism, repetition rules, levels.

use std::sync::atomic::AtomicBool;

use qipan_xiangqi::engine::score::{MATE, PERPETUAL_CHECK_WIN};
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

/// Exhaustive proof, independent of the engine: can the side to move force a position where
/// the opponent has no legal move (mate, or stalemate, which also loses) within `moves` moves?
fn forced_win_within(pos: &mut Position, moves: u32) -> bool {
    if moves == 0 {
        return false;
    }
    let mut ours = MoveList::new();
    pos.legal_moves(&mut ours);
    ours.iter().any(|&m| {
        pos.make(m);
        let mut theirs = MoveList::new();
        pos.legal_moves(&mut theirs);
        let wins = theirs.is_empty()
            || (moves > 1
                && theirs.iter().all(|&r| {
                    pos.make(r);
                    let w = forced_win_within(pos, moves - 1);
                    pos.unmake();
                    w
                }));
        pos.unmake();
        wins
    })
}

/// The exact length of the shortest forced win, by the exhaustive proof.
fn proven_mate_length(pos: &Position, max: u32) -> Option<u32> {
    let mut p = pos.clone();
    (1..=max).find(|&n| forced_win_within(&mut p, n))
}

/// Mate problems, each illustrating a classic mating pattern (杀法) of the basic-kills literature
/// (e.g. xqinenglish.com, "Basic Kills"): the pawn-and-rook palace mate, double cannons (重炮,
/// xiangqi.com, "The Double Cannon Checkmate"), two rooks (双车错) and horse and cannon (马后炮,
/// Seattle Xiangqi Club, "Horse-Cannon Checkmate", 2014). No published collection gives these
/// patterns as FEN with move counts, so the positions are composed for this test and each stated
/// length is proven by the exhaustive search above, which uses the rules crate alone, before the
/// engine is asked: the engine must then score the mate at exactly that distance.
const MATE_PROBLEMS: [(&str, &str, u32); 6] = [
    // Pawn to e8, guarded by the rook; the d1 rook and the f0 general close files d and f.
    (
        "pawn and rook",
        "4k4/9/4P4/4R4/9/9/9/9/3R5/5K3 w - - 0 1",
        1,
    ),
    // The cannon on b3 slides to e3 behind the e2 cannon: no block helps.
    (
        "double cannon",
        "3akab2/9/9/9/9/9/1C7/4C4/9/3K5 w - - 0 1",
        1,
    ),
    // The pawn walks in: e6-e7, then e7-e8 mate; Black's only spare moves are its a-pawn's.
    ("pawn walk", "4k4/9/9/p3P4/4R4/9/9/9/3R5/5K3 w - - 0 1", 2),
    // Two rooks against the bare general.
    ("two rooks", "4k4/9/9/9/9/9/9/9/R8/1R1K5 w - - 0 1", 2),
    // The same pawn walk from one rank further back.
    ("pawn march", "4k4/9/9/9/9/p3P4/4R4/9/3R5/5K3 w - - 0 1", 3),
    // Horse and cannon against the bare general: the horse comes to the palace and the cannon
    // mates behind it.
    (
        "horse and cannon",
        "4k4/9/9/9/9/9/9/2N6/4C4/3K5 w - - 0 1",
        4,
    ),
];

#[test]
fn mate_problems_are_solved_at_their_distance() {
    for (name, text, moves) in MATE_PROBLEMS {
        let pos = fen(text);
        assert_eq!(
            proven_mate_length(&pos, moves + 1),
            Some(moves),
            "{name}: the composed problem is not a mate in {moves}"
        );
        let mut engine = Engine::new(16);
        let found = search(&mut engine, &pos, Limits::depth(2 * moves as i32 + 1));
        assert_eq!(
            found.score,
            MATE - (2 * moves as i32 - 1),
            "{name}: engine score {} (pv {:?})",
            found.score,
            found.pv
        );
        let best = found.best.expect("a move");
        let mut after = pos.clone();
        after.play(best).expect("legal");
        let rest = if moves == 1 {
            !after.has_legal_move()
        } else {
            let mut replies = MoveList::new();
            after.legal_moves(&mut replies);
            replies.iter().all(|&r| {
                after.make(r);
                let w = forced_win_within(&mut after, moves - 1);
                after.unmake();
                w
            })
        };
        assert!(rest, "{name}: {best} does not keep the mate");
    }
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

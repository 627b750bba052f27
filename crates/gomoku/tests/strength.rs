//! Playing strength. The 100-game matches are `#[ignore]`d (minutes of play); run them with
//! `cargo test --release -p qipan-gomoku --test strength -- --ignored --nocapture`
//! (`QIPAN_GAMES` and `QIPAN_MS` change the level-5 match's length and time per move).
//! A short match stays in the normal suite.

mod support;

use qipan_gomoku::Record;
use qipan_gomoku::record::coords;
use qipan_gomoku::{Color, Engine, Game, Level, Outcome, Point, RuleSet, Rules, SearchLimits};
use support::baseline::baseline_move;

const OPENINGS: &str = include_str!("../../arena/openings/gomoku-freestyle.txt");

fn openings() -> Vec<Vec<Point>> {
    OPENINGS
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| coords::parse(l, 15).expect("a valid opening").moves)
        .collect()
}

/// A player in the test matches.
enum Player {
    /// Our engine at a level, with a time per move.
    Engine(Box<Engine>, u64),
    /// The seed's greedy pattern-weight AI.
    Baseline,
}

impl Player {
    fn engine(level: u8, ms: u64, seed: u64) -> Player {
        Player::Engine(Box::new(Engine::new(Level::new(level), seed)), ms)
    }

    fn choose(&mut self, game: &Game) -> Option<Point> {
        match self {
            Player::Engine(engine, ms) => engine
                .best_move(game.board(), RuleSet::Freestyle, SearchLimits::millis(*ms))
                .map(|r| r.best),
            Player::Baseline => baseline_move(game.board()),
        }
    }
}

/// Plays one game from `opening`: the winner (None for a draw) and the moves. An illegal move
/// loses.
fn play(black: &mut Player, white: &mut Player, opening: &[Point]) -> (Option<Color>, Vec<Point>) {
    let mut game = Game::new(Rules::new(15, RuleSet::Freestyle).unwrap());
    for &p in opening {
        game.play(p).expect("a legal opening");
    }
    for e in [&mut *black, &mut *white] {
        if let Player::Engine(engine, _) = e {
            engine.clear();
        }
    }
    loop {
        let mover = game.to_move();
        let player = if mover == Color::Black {
            &mut *black
        } else {
            &mut *white
        };
        let Some(p) = player.choose(&game) else {
            return (None, game.moves().to_vec());
        };
        let winner = match game.play(p) {
            Err(_) => {
                let mut moves = game.moves().to_vec();
                moves.push(p);
                return (Some(mover.opponent()), moves);
            }
            Ok(Some(Outcome::Win { winner, .. })) => Some(*winner),
            Ok(Some(Outcome::Draw)) => None,
            Ok(None) => continue,
        };
        return (winner, game.moves().to_vec());
    }
}

/// Plays `games` games between `ours` and `theirs` from the openings, alternating colours (each
/// opening twice, colours swapped). Returns (wins, draws, losses) for `ours`.
fn match_score(ours: &mut Player, theirs: &mut Player, games: usize) -> (usize, usize, usize) {
    let openings = openings();
    let (mut w, mut d, mut l) = (0, 0, 0);
    let mut lost_as_black = 0;
    for g in 0..games {
        let opening = &openings[(g / 2) % openings.len()];
        let ours_black = g % 2 == 0;
        let (winner, moves) = if ours_black {
            play(ours, theirs, opening)
        } else {
            play(theirs, ours, opening)
        };
        let ours_colour = if ours_black {
            Color::Black
        } else {
            Color::White
        };
        let result = winner.map(|c| c == ours_colour);
        if result != Some(true) {
            // Lost and drawn games, for study (`qipan gomoku` replays a move list).
            let record = Record::new(15, moves);
            println!(
                "game {g} {result:?} ours {ours_colour:?}: {}",
                coords::format(&record)
            );
        }
        match result {
            Some(true) => w += 1,
            None => d += 1,
            Some(false) => {
                l += 1;
                lost_as_black += usize::from(ours_black);
            }
        }
    }
    println!(
        "losses as Black: {lost_as_black}, as White: {}",
        l - lost_as_black
    );
    (w, d, l)
}

#[test]
fn shipped_openings_are_balanced_candidates() {
    let openings = openings();
    assert!(openings.len() >= 24, "a few dozen openings");
    for o in &openings {
        assert!((3..=5).contains(&o.len()));
        let game = Game::from_moves(Rules::default(), o).expect("legal");
        assert!(game.outcome().is_none());
    }
}

#[test]
fn level_10_beats_the_baseline_in_a_short_match() {
    let mut ours = Player::engine(10, 30, 1);
    let (w, d, l) = match_score(&mut ours, &mut Player::Baseline, 8);
    assert_eq!((w, d, l), (8, 0, 0));
}

#[test]
#[ignore = "100 games at 200 ms per move: minutes"]
fn level_10_beats_the_baseline_95_percent() {
    let mut ours = Player::engine(10, 200, 1);
    let (w, d, l) = match_score(&mut ours, &mut Player::Baseline, 100);
    println!("level 10 (200 ms) vs baseline: +{w} ={d} -{l}");
    assert!(w >= 95);
}

#[test]
#[ignore = "100 games at 200 ms per move: minutes"]
fn full_strength_beats_level_5_90_percent() {
    let env = |name: &str, default: usize| {
        std::env::var(name)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    };
    let (games, ms) = (env("QIPAN_GAMES", 100), env("QIPAN_MS", 200) as u64);
    let mut ours = Player::engine(10, ms, 1);
    let mut theirs = Player::engine(5, ms, 2);
    let (w, d, l) = match_score(&mut ours, &mut theirs, games);
    println!("level 10 vs level 5 ({ms} ms): +{w} ={d} -{l}");
    assert!(w * 100 >= 90 * games);
}

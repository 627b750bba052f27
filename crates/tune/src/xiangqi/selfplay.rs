//! Self-play at a fixed node count: deterministic games whose quiet positions, labelled with the
//! result, make a reproducible data set.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::thread;

use anyhow::{Context, Result};
use clap::Args;
use qipan_arena::xiangqi::{Opening, parse_openings};
use qipan_xiangqi::engine::{Engine, Limits, Rng, score::MATE_BOUND};
use qipan_xiangqi::{Color, MoveList, Position};

use super::data::{self, Sample};

/// Options of `qipan-tune xiangqi games`.
#[derive(Args)]
pub struct Options {
    /// Games to play.
    #[arg(long, default_value_t = 2000)]
    games: usize,
    /// Nodes the engine searches per move.
    #[arg(long, default_value_t = 6000)]
    nodes: u64,
    /// Random legal moves played after the opening, for variety.
    #[arg(long, default_value_t = 2)]
    random_plies: usize,
    /// Seed of those random moves (game `i` uses `seed + i`).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (the file does not depend on it).
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// Openings file.
    #[arg(long, default_value = "crates/arena/openings/xiangqi.txt")]
    openings: PathBuf,
    /// Where to write the data set.
    #[arg(long)]
    out: PathBuf,
}

/// A game is adjudicated won once both engines' scores agree on this margin for
/// [`ADJUDICATE_PLIES`] plies running.
const ADJUDICATE_SCORE: i32 = 1500;
const ADJUDICATE_PLIES: usize = 6;
/// Plies after the opening at which a game is called a draw.
const MAX_PLIES: usize = 300;

/// Plays the games and writes the data set.
pub fn run(options: &Options) -> Result<()> {
    let text = std::fs::read_to_string(&options.openings)
        .with_context(|| format!("reading {}", options.openings.display()))?;
    let openings = parse_openings(&text)?;
    let threads = options.threads.max(1);
    let games: Vec<Vec<Sample>> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|worker| {
                let openings = &openings;
                scope.spawn(move || {
                    (worker..options.games)
                        .step_by(threads)
                        .map(|game| (game, play(options, &openings[game % openings.len()], game)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all: Vec<(usize, Vec<Sample>)> = workers
            .into_iter()
            .flat_map(|w| w.join().expect("a self-play worker panicked"))
            .collect();
        all.sort_by_key(|(game, _)| *game);
        all.into_iter().map(|(_, samples)| samples).collect()
    });
    let samples: Vec<Sample> = games.into_iter().flatten().collect();
    data::write(&options.out, &samples)?;
    eprintln!(
        "{} games, {} positions written to {}",
        options.games,
        samples.len(),
        options.out.display()
    );
    Ok(())
}

/// Plays game number `game` from `opening` and returns its quiet positions with the result.
fn play(options: &Options, opening: &Opening, game: usize) -> Vec<Sample> {
    let mut pos = Position::startpos();
    for &m in &opening.moves {
        pos.make(m);
    }
    let mut rng = Rng::new(options.seed.wrapping_add(game as u64));
    let mut moves = MoveList::new();
    for _ in 0..options.random_plies {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.make(moves[rng.below(moves.len() as u64) as usize]);
    }
    let mut engine = Engine::new(16);
    let limits = Limits {
        nodes: Some(options.nodes),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut fens = Vec::new();
    let mut streak: (Option<Color>, usize) = (None, 0);
    let mut winner = None;
    for _ in 0..MAX_PLIES {
        if let Some(outcome) = pos.outcome() {
            winner = outcome.winner;
            break;
        }
        let found = engine.search(&pos, &limits, &[], &stop, &mut |_| {});
        let Some(best) = found.best else { break };
        let side = pos.side_to_move();
        if found.score.abs() < MATE_BOUND && data::quiet(&pos, best) {
            fens.push(pos.to_fen());
        }
        let leader = match found.score {
            s if s >= ADJUDICATE_SCORE => Some(side),
            s if s <= -ADJUDICATE_SCORE => Some(side.opposite()),
            _ => None,
        };
        streak = match (leader, streak) {
            (Some(l), (Some(prev), n)) if l == prev => (Some(l), n + 1),
            (Some(l), _) => (Some(l), 1),
            (None, _) => (None, 0),
        };
        if streak.1 >= ADJUDICATE_PLIES {
            winner = streak.0;
            break;
        }
        pos.make(best);
    }
    let result = data::red_score(winner);
    fens.into_iter().map(|fen| Sample { fen, result }).collect()
}

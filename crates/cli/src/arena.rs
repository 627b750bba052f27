//! `qipan arena`: engine-versus-engine matches, one subcommand per game
//! (`qipan arena xiangqi …`).

mod common;
mod gomoku;

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use qipan_arena::referee::Player;
use qipan_arena::runner::{MatchConfig, play_match};
use qipan_arena::uci_engine::{Coordinates, Dialect, UciEngine};
use qipan_arena::xiangqi::{RandomMover, XiangqiReferee, parse_openings, write_pgn};

/// The shipped Xiangqi openings, used when `--openings` is not given.
const XIANGQI_OPENINGS: &str = include_str!("../../arena/openings/xiangqi.txt");

/// Options of `qipan arena`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    game: Game,
}

#[derive(clap::Subcommand)]
enum Game {
    /// A Xiangqi match between two UCCI or UCI engines (象棋引擎对弈).
    Xiangqi(XiangqiArgs),
    /// A Gomoku match between two Gomocup engines (五子棋引擎对弈).
    Gomoku(gomoku::GomokuArgs),
}

/// The protocol of the engines.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Proto {
    Ucci,
    Uci,
}

#[derive(clap::Args)]
struct XiangqiArgs {
    /// Engine command line, given twice (e.g. --engine "qipan ucci" --engine "qipan ucci
    /// --level 5"); `random` is a built-in random mover.
    #[arg(long = "engine", required = true)]
    engines: Vec<String>,
    /// Protocol spoken by both engines.
    #[arg(long, value_enum, default_value = "ucci")]
    proto: Proto,
    /// How the engines number ranks in their moves: iccs (0-9), 1-10 (Fairy-Stockfish,
    /// cutechess) or auto (assume 1-10 for a UCI engine offering UCI_Variant, ICCS otherwise,
    /// and follow what the engine's moves prove).
    #[arg(long, default_value = "auto", value_parser = parse_coordinates)]
    coordinates: CoordinatesArg,
    /// An engine option NAME=VALUE sent to both engines (repeatable).
    #[arg(long = "option")]
    options: Vec<String>,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Fixed time per move in milliseconds.
    #[arg(long, conflicts_with = "tc")]
    movetime: Option<u64>,
    /// Time control SECONDS+INCREMENT per engine, e.g. 10+0.1.
    #[arg(long)]
    tc: Option<String>,
    /// Openings file (default: the shipped crates/arena/openings/xiangqi.txt).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Where to write the PGN of every game.
    #[arg(long, default_value = "arena-xiangqi.pgn")]
    pgn: PathBuf,
    /// Plies after the opening at which a game is adjudicated a draw.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Milliseconds granted over the clock for process latency before a flag falls.
    #[arg(long, default_value_t = 200)]
    margin_ms: u64,
    /// Seed of the random mover.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// `--coordinates`: a numbering, or `None` to find it out.
#[derive(Clone, Copy)]
struct CoordinatesArg(Option<Coordinates>);

fn parse_coordinates(text: &str) -> Result<CoordinatesArg, String> {
    if text == "auto" {
        return Ok(CoordinatesArg(None));
    }
    Coordinates::from_name(text)
        .map(|c| CoordinatesArg(Some(c)))
        .ok_or_else(|| format!("expected auto, iccs or 1-10, not `{text}`"))
}

/// Runs `qipan arena`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.game {
        Game::Xiangqi(args) => run_xiangqi(args),
        Game::Gomoku(args) => gomoku::run(args),
    }
}

fn parse_options(options: &[String]) -> anyhow::Result<Vec<(String, String)>> {
    options
        .iter()
        .map(|o| match o.split_once('=') {
            Some((name, value)) if !name.trim().is_empty() => {
                Ok((name.trim().to_string(), value.trim().to_string()))
            }
            _ => Err(qipan_arena::ArenaError::BadOption(o.clone()).into()),
        })
        .collect()
}

fn start_player(
    spec: &str,
    proto: Proto,
    options: &[(String, String)],
    coordinates: CoordinatesArg,
    seed: u64,
) -> anyhow::Result<Box<dyn Player<XiangqiReferee>>> {
    if spec.trim() == "random" {
        return Ok(Box::new(RandomMover::new(seed)));
    }
    let dialect = match proto {
        Proto::Ucci => Dialect::Ucci,
        Proto::Uci => Dialect::Uci,
    };
    let engine = UciEngine::start(spec, dialect, "xiangqi", options, coordinates.0)
        .with_context(|| format!("starting engine `{spec}`"))?;
    Ok(Box::new(engine))
}

fn run_xiangqi(args: XiangqiArgs) -> anyhow::Result<()> {
    common::check_counts(&args.engines, args.games)?;
    let time_control = common::time_control(args.movetime, args.tc.as_deref())?;
    let openings_text = common::openings_text(args.openings.as_deref(), XIANGQI_OPENINGS)?;
    let openings = parse_openings(&openings_text).context("openings file")?;
    let options = parse_options(&args.options)?;
    let start = |spec: &str, seed| start_player(spec, args.proto, &options, args.coordinates, seed);
    let mut first = start(&args.engines[0], args.seed)?;
    let mut second = start(&args.engines[1], args.seed + 1)?;
    let config = MatchConfig {
        games: args.games,
        time_control,
        time_margin: Duration::from_millis(args.margin_ms),
        max_plies: args.max_plies,
    };
    let mut pgn = File::create(&args.pgn)
        .with_context(|| format!("creating PGN file {}", args.pgn.display()))?;
    let event = format!("qipan arena: {} vs {}", first.name(), second.name());
    println!("{event}");
    let referee = XiangqiReferee::default();
    let mut illegal = 0;
    let tally = play_match(
        &referee,
        &openings,
        first.as_mut(),
        second.as_mut(),
        &config,
        |record, tally| {
            let pgn_text = write_pgn(record, &event);
            pgn.write_all(pgn_text.as_bytes())
                .and_then(|()| pgn.flush())
                .map_err(|source| qipan_arena::ArenaError::Io {
                    path: args.pgn.display().to_string(),
                    source,
                })?;
            illegal += usize::from(record.verdict.reason.starts_with("illegal move"));
            let result = common::result_text(record.verdict.winner);
            println!(
                "对局 game {}/{}: {} (red) vs {} (black): {result} {} [{} plies] | {tally}",
                record.pairing.game + 1,
                config.games,
                record.starter,
                record.responder,
                record.verdict.reason,
                record.game.moves.len(),
            );
            Ok(())
        },
    )?;
    common::print_summary(&tally);
    common::warn_about_illegal_moves(illegal);
    println!("PGN: {}", args.pgn.display());
    Ok(())
}

//! `qipan arena`: engine-versus-engine matches, one subcommand per game
//! (`qipan arena xiangqi …`).

mod gomoku;

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, bail};
use qipan_arena::clock::TimeControl;
use qipan_arena::elo::EloEstimate;
use qipan_arena::referee::Player;
use qipan_arena::runner::{MatchConfig, play_match};
use qipan_arena::uci_engine::{Dialect, UciEngine};
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
    seed: u64,
) -> anyhow::Result<Box<dyn Player<XiangqiReferee>>> {
    if spec.trim() == "random" {
        return Ok(Box::new(RandomMover::new(seed)));
    }
    let dialect = match proto {
        Proto::Ucci => Dialect::Ucci,
        Proto::Uci => Dialect::Uci,
    };
    let engine = UciEngine::start(spec, dialect, "xiangqi", options)
        .with_context(|| format!("starting engine `{spec}`"))?;
    Ok(Box::new(engine))
}

fn run_xiangqi(args: XiangqiArgs) -> anyhow::Result<()> {
    if args.engines.len() != 2 {
        bail!(
            "give exactly two --engine options (请给出两个引擎), got {}",
            args.engines.len()
        );
    }
    if args.games == 0 {
        bail!("--games must be at least 1 (对局数至少为 1)");
    }
    let time_control = match (args.movetime, &args.tc) {
        (Some(ms), _) if ms > 0 => TimeControl::MoveTime(Duration::from_millis(ms)),
        (Some(_), _) => bail!("--movetime must be positive (每步时间须大于 0)"),
        (None, Some(tc)) => TimeControl::parse_fischer(tc)?,
        (None, None) => bail!("give --movetime MS or --tc SECONDS+INC (请给出时限)"),
    };
    let openings_text = match &args.openings {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("reading openings {}", path.display()))?,
        None => XIANGQI_OPENINGS.to_string(),
    };
    let openings = parse_openings(&openings_text).context("openings file")?;
    let options = parse_options(&args.options)?;
    let mut first = start_player(&args.engines[0], args.proto, &options, args.seed)?;
    let mut second = start_player(&args.engines[1], args.proto, &options, args.seed + 1)?;
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
            let result = match record.verdict.winner {
                Some(qipan_arena::referee::Seat::Starter) => "1-0",
                Some(qipan_arena::referee::Seat::Responder) => "0-1",
                None => "1/2-1/2",
            };
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
    println!(
        "结果 result ({} games, first engine's view): {tally}",
        tally.games()
    );
    if let Some(elo) = EloEstimate::from_tally(&tally) {
        println!("Elo 差 difference: {elo} (95%)");
    }
    println!("PGN: {}", args.pgn.display());
    Ok(())
}

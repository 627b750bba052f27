//! `qipan arena gomoku`: a match between two Gomocup engines (e.g. `qipan gomocup`, or any
//! `pbrain-*` brain), refereed by our rules, with PSQ files and W/D/L and Elo at the end.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::Context;
use qipan_arena::gomoku::{GomocupEngine, GomokuReferee, parse_openings, write_psq};
use qipan_arena::runner::{MatchConfig, play_match};
use qipan_gomoku::{RuleSet, Rules};

use super::common;

/// The shipped balanced 15×15 freestyle openings, used when `--openings` is not given.
const GOMOKU_OPENINGS: &str = include_str!("../../../arena/openings/gomoku-freestyle.txt");

/// Options of `qipan arena gomoku`.
#[derive(clap::Args)]
pub struct GomokuArgs {
    /// Engine command line, given twice (e.g. --engine "qipan gomocup" --engine "qipan gomocup
    /// --level 5", or a pbrain-* executable).
    #[arg(long = "engine", required = true)]
    engines: Vec<String>,
    /// Number of games (each opening is played twice, colours swapped).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Time per move in milliseconds (sent as INFO timeout_turn).
    #[arg(long, conflicts_with = "tc")]
    movetime: Option<u64>,
    /// Time control SECONDS+INCREMENT per engine (sent as timeout_match / time_left).
    #[arg(long)]
    tc: Option<String>,
    /// Rule set: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
    /// Board side.
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Openings file, one opening per line in h8 notation (default: the shipped
    /// crates/arena/openings/gomoku-freestyle.txt).
    #[arg(long)]
    openings: Option<PathBuf>,
    /// Directory for the PSQ file of every game.
    #[arg(long, default_value = "arena-gomoku")]
    psq_dir: PathBuf,
    /// Milliseconds granted over the clock for process latency before a flag falls.
    #[arg(long, default_value_t = 100)]
    margin_ms: u64,
}

/// Runs `qipan arena gomoku`.
pub fn run(args: GomokuArgs) -> anyhow::Result<()> {
    common::check_counts(&args.engines, args.games)?;
    let rule_set = RuleSet::from_name(&args.rule)
        .with_context(|| format!("unknown rule `{}` (freestyle, standard, renju)", args.rule))?;
    let rules = Rules::new(args.size, rule_set)?;
    let time_control = common::time_control(args.movetime, args.tc.as_deref())?;
    let openings_text = common::openings_text(args.openings.as_deref(), GOMOKU_OPENINGS)?;
    let openings = parse_openings(&openings_text, rules).context("openings file")?;
    let mut first = GomocupEngine::start(&args.engines[0], rules)
        .with_context(|| format!("starting engine `{}`", args.engines[0]))?;
    let mut second = GomocupEngine::start(&args.engines[1], rules)
        .with_context(|| format!("starting engine `{}`", args.engines[1]))?;
    std::fs::create_dir_all(&args.psq_dir)
        .with_context(|| format!("creating {}", args.psq_dir.display()))?;
    let config = MatchConfig {
        games: args.games,
        time_control,
        time_margin: Duration::from_millis(args.margin_ms),
        max_plies: usize::from(rules.size()) * usize::from(rules.size()),
    };
    use qipan_arena::referee::Player as _;
    println!("qipan arena gomoku: {} vs {}", first.name(), second.name());
    let referee = GomokuReferee { rules };
    let mut illegal = 0;
    let tally = play_match(
        &referee,
        &openings,
        &mut first,
        &mut second,
        &config,
        |record, tally| {
            let n = record.pairing.game + 1;
            let path = args.psq_dir.join(format!("game-{n:03}.psq"));
            std::fs::write(&path, write_psq(record, &[])).map_err(|source| {
                qipan_arena::ArenaError::Io {
                    path: path.display().to_string(),
                    source,
                }
            })?;
            illegal += usize::from(record.verdict.reason.starts_with("illegal move"));
            let result = common::result_text(record.verdict.winner);
            println!(
                "对局 game {n}/{}: {} (black) vs {} (white): {result} {} [{} moves] | {tally}",
                config.games,
                record.starter,
                record.responder,
                record.verdict.reason,
                record.game.game.moves().len(),
            );
            Ok(())
        },
    )?;
    common::print_summary(&tally);
    common::warn_about_illegal_moves(illegal);
    println!("PSQ: {}", args.psq_dir.display());
    Ok(())
}

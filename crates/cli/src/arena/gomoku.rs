//! `qipan arena gomoku`: a match between two Gomocup engines (e.g. `qipan gomocup`, or any
//! `pbrain-*` brain), refereed by our rules, with PSQ files and W/D/L and Elo at the end.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, bail};
use qipan_arena::clock::TimeControl;
use qipan_arena::elo::EloEstimate;
use qipan_arena::gomoku::{GomocupEngine, GomokuReferee, parse_openings, write_psq};
use qipan_arena::referee::Seat;
use qipan_arena::runner::{MatchConfig, play_match};
use qipan_gomoku::{RuleSet, Rules};

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
    if args.engines.len() != 2 {
        bail!(
            "give exactly two --engine options (请给出两个引擎), got {}",
            args.engines.len()
        );
    }
    if args.games == 0 {
        bail!("--games must be at least 1 (对局数至少为 1)");
    }
    let rule_set = RuleSet::from_name(&args.rule)
        .with_context(|| format!("unknown rule `{}` (freestyle, standard, renju)", args.rule))?;
    let rules = Rules::new(args.size, rule_set)?;
    let time_control = match (args.movetime, &args.tc) {
        (Some(ms), _) if ms > 0 => TimeControl::MoveTime(Duration::from_millis(ms)),
        (Some(_), _) => bail!("--movetime must be positive (每步时间须大于 0)"),
        (None, Some(tc)) => TimeControl::parse_fischer(tc)?,
        (None, None) => bail!("give --movetime MS or --tc SECONDS+INC (请给出时限)"),
    };
    let openings_text = match &args.openings {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("reading openings {}", path.display()))?,
        None => GOMOKU_OPENINGS.to_string(),
    };
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
            let result = match record.verdict.winner {
                Some(Seat::Starter) => "1-0",
                Some(Seat::Responder) => "0-1",
                None => "1/2-1/2",
            };
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
    println!(
        "结果 result ({} games, first engine's view): {tally}",
        tally.games()
    );
    if let Some(elo) = EloEstimate::from_tally(&tally) {
        println!("Elo 差 difference: {elo} (95%)");
    }
    println!("PSQ: {}", args.psq_dir.display());
    Ok(())
}

//! `qipan ucci`: the Xiangqi engine speaking UCCI (or UCI, when the GUI says `uci`) on standard
//! input and output, for Xiangqi GUIs and `qipan arena`.

use anyhow::Context;
use qipan_xiangqi::engine::{DEFAULT_HASH_MB, Engine, Level};

/// Options of `qipan ucci` (the GUI can change them later with `setoption`).
#[derive(clap::Args)]
pub struct Args {
    /// Playing level, 1 (beginner) to 10 (full strength).
    #[arg(long, default_value_t = 10)]
    level: i64,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = DEFAULT_HASH_MB)]
    hash: usize,
    /// Seed of the random choices of levels 1-9 (default: from the clock).
    #[arg(long)]
    seed: Option<u64>,
    /// Search threads sharing the transposition table.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=64))]
    threads: u16,
}

/// Runs the protocol loop until `quit` or the end of input.
pub fn run(args: Args) -> anyhow::Result<()> {
    let level = Level::new(args.level).context("--level")?;
    let mut engine = Engine::new(args.hash);
    engine.set_level(level);
    engine.set_threads(usize::from(args.threads));
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    engine.set_seed(seed);
    let stdin = std::io::stdin();
    qipan_xiangqi::ucci::run_with_engine(engine, stdin.lock(), std::io::stdout())
        .context("engine protocol I/O")
}

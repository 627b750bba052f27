//! `qipan`: the command-line front of qipan. Each subcommand is a thin layer over a library crate.

mod arena;
mod bench;
mod db;
mod gomocup;
mod gomoku;
mod knight;
mod link;
mod serve;
mod tromino;
mod ucci;
mod xiangqi;

use clap::{Parser, Subcommand};

/// qipan (棋盘): Xiangqi, Gomoku, Lianliankan, the knight's tour and tromino tiling, with real
/// engines and solvers, in one program. Without a subcommand it starts the web server.
#[derive(Parser)]
#[command(name = "qipan", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Start the web server (the default when no subcommand is given).
    Serve(serve::Args),
    /// Measure the engines and solvers and print a summary table.
    Bench(bench::Args),
    /// Run the Xiangqi engine over UCCI/UCI on stdin/stdout (象棋引擎协议).
    Ucci(ucci::Args),
    /// Play engine-versus-engine matches: `qipan arena xiangqi …` (引擎对弈).
    Arena(arena::Args),
    /// Xiangqi rules tools: perft, legal moves, a text board (象棋规则工具).
    Xiangqi(xiangqi::Args),
    /// Tile a board with one missing square by L-trominoes (棋盘覆盖).
    Tromino(tromino::Args),
    /// Gomoku records, rules and engine moves: `qipan gomoku check|convert|best|vcf` (五子棋).
    Gomoku(gomoku::Args),
    /// Run the Gomoku engine over the Gomocup (Piskvork) protocol on stdin/stdout; also started
    /// when the binary is invoked as `pbrain-*` (五子棋引擎协议).
    Gomocup(gomocup::Args),
    /// Find a knight's tour on any board from any square, or count tours (马踏棋盘).
    Knight(knight::Args),
    /// Deal and solve Lianliankan boards: `qipan link new`, `qipan link solve` (连连看).
    Link(link::Args),
    /// Database tools: `qipan db migrate --from sqlite:… --to postgres://…` (数据库工具).
    Db(db::Args),
}

fn main() -> std::process::ExitCode {
    init_logging();
    // Gomocup managers start brains named pbrain-*: a symlink pbrain-qipan -> qipan plays at once.
    if is_pbrain_name(std::env::args_os().next()) {
        return finish(gomocup::run(gomocup::Args::for_pbrain()));
    }
    let cli = Cli::parse();
    let result = match cli.command {
        None => serve::run(serve::Args::from_env_defaults()),
        Some(Command::Serve(args)) => serve::run(args),
        Some(Command::Bench(args)) => bench::run(args),
        Some(Command::Xiangqi(args)) => xiangqi::run(args),
        Some(Command::Ucci(args)) => ucci::run(args),
        Some(Command::Arena(args)) => arena::run(args),
        Some(Command::Tromino(args)) => tromino::run(args),
        Some(Command::Link(args)) => link::run(args),
        Some(Command::Knight(args)) => knight::run(args),
        Some(Command::Gomoku(args)) => gomoku::run(args),
        Some(Command::Gomocup(args)) => gomocup::run(args),
        Some(Command::Db(args)) => db::run(args),
    };
    finish(result)
}

/// Whether the program was started under a name beginning with `pbrain-`.
fn is_pbrain_name(argv0: Option<std::ffi::OsString>) -> bool {
    argv0
        .as_deref()
        .map(std::path::Path::new)
        .and_then(|p| p.file_name())
        .and_then(|n| n.to_str())
        .is_some_and(|n| n.starts_with("pbrain-"))
}

/// The exit code for a command's result, printing the error if any.
fn finish(result: anyhow::Result<()>) -> std::process::ExitCode {
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        // The reader went away (`qipan knight ... | head`): what it wanted was printed.
        Err(err) if is_broken_pipe(&err) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            // One clear line (with its causes), never a panic trace.
            eprintln!("qipan: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

/// Whether an error comes from writing to a pipe whose reader has closed it.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// Structured logs on stderr; the level comes from RUST_LOG (default `info`).
fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        // PostgreSQL's notices (e.g. that the migrations table exists) are not news.
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx::postgres::notice=warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}

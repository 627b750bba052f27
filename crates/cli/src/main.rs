//! `qipan`: the command-line front of qipan. Each subcommand is a thin layer over a library crate.

mod bench;
mod serve;

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
}

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => serve::run(serve::Args::from_env_defaults()),
        Some(Command::Serve(args)) => serve::run(args),
        Some(Command::Bench(args)) => bench::run(args),
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            // One clear line (with its causes), never a panic trace.
            eprintln!("qipan: {err:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

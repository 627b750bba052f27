//! Xiangqi: self-play games to a data set, positions from PGN, and the fit of the weights.

mod data;
mod fit;
mod pgn;
mod selfplay;
mod write;

use std::path::PathBuf;

use anyhow::Result;
use clap::{Args, Subcommand};

/// What `qipan-tune xiangqi` does.
#[derive(Subcommand)]
pub enum Command {
    /// Play the engine against itself at a fixed node count and write its quiet positions with
    /// the game's result (deterministic: the same flags give the same file).
    Games(selfplay::Options),
    /// Take the quiet positions of the games of a PGN file (e.g. the arena's) with their results.
    Pgn(PgnOptions),
    /// Fit the evaluation's weights to the results of the positions of one or more data sets.
    Fit(fit::Options),
}

/// Options of `qipan-tune xiangqi pgn`.
#[derive(Args)]
pub struct PgnOptions {
    /// The PGN file (any number of games).
    #[arg(long)]
    pgn: PathBuf,
    /// Skip this many plies of each game (the opening).
    #[arg(long, default_value_t = 8)]
    skip: usize,
    /// Where to write the data set.
    #[arg(long)]
    out: PathBuf,
}

/// Runs one command.
pub fn run(command: Command) -> Result<()> {
    match command {
        Command::Games(options) => selfplay::run(&options),
        Command::Pgn(options) => pgn::run(&options.pgn, options.skip, &options.out),
        Command::Fit(options) => fit::run(&options),
    }
}

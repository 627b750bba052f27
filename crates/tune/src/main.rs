//! `qipan-tune`: builds data sets of positions from played games and fits the engines'
//! evaluation weights to their results (Texel's method). A developer tool; see the README.

mod xiangqi;

use anyhow::Result;
use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "qipan-tune",
    about = "Tune qipan's evaluations on game results"
)]
struct Cli {
    #[command(subcommand)]
    game: Game,
}

#[derive(Subcommand)]
enum Game {
    /// Xiangqi: data sets and the fit of `crates/xiangqi/src/engine/eval/weights.rs`.
    #[command(subcommand)]
    Xiangqi(xiangqi::Command),
}

fn main() -> Result<()> {
    match Cli::parse().game {
        Game::Xiangqi(command) => xiangqi::run(command),
    }
}

//! Positions from the games of a PGN file, e.g. the arena's matches against other engines.

use std::path::Path;

use anyhow::{Context, Result};
use qipan_xiangqi::{GameRecord, GameResult};

use super::data::{self, Sample};

/// Splits a PGN file into its games: each starts at a tag line following move text.
fn games(text: &str) -> Vec<String> {
    let mut games = Vec::new();
    let mut current = String::new();
    let mut in_moves = false;
    for line in text.lines() {
        let tag = line.trim_start().starts_with('[');
        if tag && in_moves {
            games.push(std::mem::take(&mut current));
            in_moves = false;
        }
        if !tag && !line.trim().is_empty() {
            in_moves = true;
        }
        current.push_str(line);
        current.push('\n');
    }
    if !current.trim().is_empty() {
        games.push(current);
    }
    games
}

/// Writes the quiet positions after the first `skip` plies of every finished game of `pgn`.
pub fn run(pgn: &Path, skip: usize, out: &Path) -> Result<()> {
    let text =
        std::fs::read_to_string(pgn).with_context(|| format!("reading {}", pgn.display()))?;
    let mut samples = Vec::new();
    let mut used = 0;
    for (index, game) in games(&text).iter().enumerate() {
        let record = GameRecord::from_pgn(game)
            .with_context(|| format!("{}: game {}", pgn.display(), index + 1))?;
        let result = match record.result {
            GameResult::RedWins => 1.0,
            GameResult::BlackWins => 0.0,
            GameResult::Draw => 0.5,
            GameResult::Unknown => continue,
        };
        used += 1;
        let mut pos = record.start_position()?;
        for (ply, &m) in record.moves.iter().enumerate() {
            if ply >= skip && data::quiet(&pos, m) {
                samples.push(Sample {
                    fen: pos.to_fen(),
                    result,
                });
            }
            pos.make(m);
        }
    }
    data::write(out, &samples)?;
    eprintln!(
        "{used} games, {} positions written to {}",
        samples.len(),
        out.display()
    );
    Ok(())
}

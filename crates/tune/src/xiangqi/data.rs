//! Data sets: one position a line, `FEN;result`, the result from Red's side (1, 0.5 or 0).

use std::fs;
use std::io::{BufWriter, Write};
use std::path::Path;

use anyhow::{Context, Result, bail};
use qipan_xiangqi::{Color, Move, Position};

/// A position and the result of the game it came from.
pub struct Sample {
    /// The position.
    pub fen: String,
    /// Red's score in the game: 1 won, 0.5 drawn, 0 lost.
    pub result: f64,
}

/// Red's score for a game won by `winner` (`None`: drawn).
pub fn red_score(winner: Option<Color>) -> f64 {
    match winner {
        Some(Color::Red) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    }
}

/// Whether the position before `played` is quiet enough to judge by its static evaluation:
/// nobody is in check and the move played is no capture (so no exchange is under way).
pub fn quiet(pos: &Position, played: Move) -> bool {
    !pos.in_check() && !pos.is_capture(played)
}

/// Writes `samples` to `path`.
pub fn write(path: &Path, samples: &[Sample]) -> Result<()> {
    let file = fs::File::create(path).with_context(|| format!("creating {}", path.display()))?;
    let mut out = BufWriter::new(file);
    for s in samples {
        writeln!(out, "{};{}", s.fen, s.result)?;
    }
    out.flush()?;
    Ok(())
}

/// Reads a data set.
pub fn read(path: &Path) -> Result<Vec<(Position, f64)>> {
    let text = fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    let mut samples = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let Some((fen, result)) = line.rsplit_once(';') else {
            bail!("{}:{}: expected `FEN;result`", path.display(), index + 1);
        };
        let pos = Position::from_fen(fen)
            .with_context(|| format!("{}:{}: bad FEN", path.display(), index + 1))?;
        let result: f64 = result
            .trim()
            .parse()
            .with_context(|| format!("{}:{}: bad result", path.display(), index + 1))?;
        samples.push((pos, result));
    }
    Ok(samples)
}

//! What every `qipan arena` match shares: checking the engine and game counts, the time control,
//! the openings text, the result of a game and the report at the end.

use std::path::Path;
use std::time::Duration;

use anyhow::{Context, bail};
use qipan_arena::clock::TimeControl;
use qipan_arena::elo::EloEstimate;
use qipan_arena::referee::Seat;
use qipan_arena::tally::Tally;

/// Refuses anything but two engines and at least one game.
pub fn check_counts(engines: &[String], games: usize) -> anyhow::Result<()> {
    if engines.len() != 2 {
        bail!(
            "give exactly two --engine options (请给出两个引擎), got {}",
            engines.len()
        );
    }
    if games == 0 {
        bail!("--games must be at least 1 (对局数至少为 1)");
    }
    Ok(())
}

/// The time control from `--movetime MS` or `--tc SECONDS+INC`.
pub fn time_control(movetime: Option<u64>, tc: Option<&str>) -> anyhow::Result<TimeControl> {
    Ok(match (movetime, tc) {
        (Some(ms), _) if ms > 0 => TimeControl::MoveTime(Duration::from_millis(ms)),
        (Some(_), _) => bail!("--movetime must be positive (每步时间须大于 0)"),
        (None, Some(tc)) => TimeControl::parse_fischer(tc)?,
        (None, None) => bail!("give --movetime MS or --tc SECONDS+INC (请给出时限)"),
    })
}

/// The text of the openings file `path`, or the `shipped` openings when none is given.
pub fn openings_text(path: Option<&Path>, shipped: &str) -> anyhow::Result<String> {
    match path {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("reading openings {}", path.display())),
        None => Ok(shipped.to_string()),
    }
}

/// A game's result as PGN writes it, from the starter's side: `1-0`, `0-1` or `1/2-1/2`.
pub fn result_text(winner: Option<Seat>) -> &'static str {
    match winner {
        Some(Seat::Starter) => "1-0",
        Some(Seat::Responder) => "0-1",
        None => "1/2-1/2",
    }
}

/// Prints the match result from the first engine's view, and the Elo difference it implies.
pub fn print_summary(tally: &Tally) {
    println!(
        "结果 result ({} games, first engine's view): {tally}",
        tally.games()
    );
    if let Some(elo) = EloEstimate::from_tally(tally) {
        println!("Elo 差 difference: {elo} (95%)");
    }
}

/// Says loudly, on stderr, when games were lost by illegal moves: a result built on them
/// measures a protocol mismatch (a wrong numbering of ranks, a wrong variant), not strength.
pub fn warn_about_illegal_moves(games: usize) {
    if games > 0 {
        eprintln!(
            "警告 warning: {games} game(s) ended with an illegal move; check the engines' \
             protocol and numbering (--proto, --coordinates) before trusting this result"
        );
    }
}

//! Checks the balance of an openings file (one opening a line in `h8` notation, `#` comments):
//! each position is analysed at full strength for a long time, and the ones decided for a side
//! (a forced win found for the side to move, or a score beyond `--limit`) are listed, so that
//! they can be replaced.
//!
//! `cargo run --release -p qipan-gomoku --example check_openings -- crates/arena/openings/gomoku-freestyle.txt 5000 300`

use qipan_gomoku::record::coords;
use qipan_gomoku::{Board, Color, Engine, Level, RuleSet, SearchLimits};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = args
        .next()
        .ok_or("usage: check_openings FILE [ms] [limit]")?;
    let ms: u64 = args.next().map(|a| a.parse()).transpose()?.unwrap_or(5_000);
    let limit: i32 = args.next().map(|a| a.parse()).transpose()?.unwrap_or(300);
    let text = std::fs::read_to_string(&path)?;
    let mut decided = 0;
    for (n, line) in text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .enumerate()
    {
        let record = coords::parse(line, 15)?;
        let mut board = Board::new(15)?;
        for (i, &p) in record.moves.iter().enumerate() {
            board.set(
                p,
                Some(if i % 2 == 0 {
                    Color::Black
                } else {
                    Color::White
                }),
            );
        }
        let mut engine = Engine::new(Level::MAX, 1);
        let a = engine.analyse(&board, RuleSet::Freestyle, 1, SearchLimits::millis(ms));
        let score = a.lines.first().map_or(0, |l| l.score);
        let win = a.wins[a.to_move.index()].as_ref().map(|w| w.kind);
        let verdict = if win.is_some() || score.abs() > limit {
            decided += 1;
            "DECIDED"
        } else {
            "even"
        };
        println!(
            "{:>2} {line:<22} {:?} to move, score {score:>7}, depth {:>2}, win {win:?}: {verdict}",
            n + 1,
            a.to_move,
            a.depth
        );
    }
    println!("{decided} decided");
    Ok(())
}

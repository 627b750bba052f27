//! Tallies real games by opening: reads an openings file (one opening a line in `h8` notation,
//! `#` comments) and the SGF files a match manager wrote (c-gomoku-cli's `-sgf`, several games a
//! file), finds each game's opening as the opening whose stones begin its moves, and prints per
//! opening how often Black (the opening's first stone) won, lost and drew. An opening whose games
//! go to one colour whoever plays it (Black's share of the points at least `limit`, or at most
//! `1 − limit`, over at least `min` games) is marked DECIDED: matches from it only replay the
//! opening's verdict.
//!
//! `cargo run --release -p qipan-gomoku --example opening_results -- OPENINGS [--limit 0.85] [--min 8] GAMES.sgf…`

use qipan_gomoku::Point;
use qipan_gomoku::record::{coords, sgf};

/// Games from one opening, counted from Black's side.
#[derive(Default, Clone, Copy)]
struct Tally {
    black_wins: u32,
    white_wins: u32,
    draws: u32,
}

impl Tally {
    fn games(self) -> u32 {
        self.black_wins + self.white_wins + self.draws
    }

    /// Black's share of the points, a draw counting half.
    fn black_share(self) -> f64 {
        (f64::from(self.black_wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
    }
}

/// The options after the openings file.
struct Options {
    limit: f64,
    min_games: u32,
    sgf_files: Vec<String>,
}

fn options(args: &[String]) -> Result<Options, Box<dyn std::error::Error>> {
    let mut out = Options {
        limit: 0.85,
        min_games: 8,
        sgf_files: vec![],
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--limit" => out.limit = it.next().ok_or("--limit needs a value")?.parse()?,
            "--min" => out.min_games = it.next().ok_or("--min needs a value")?.parse()?,
            file => out.sgf_files.push(file.to_owned()),
        }
    }
    Ok(out)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (path, rest) = args
        .split_first()
        .ok_or("usage: opening_results OPENINGS [--limit L] [--min N] GAMES.sgf…")?;
    let options = options(rest)?;
    let mut openings: Vec<(String, Vec<Point>)> = vec![];
    for line in std::fs::read_to_string(path)?.lines() {
        if !line.trim().is_empty() && !line.starts_with('#') {
            openings.push((line.to_owned(), coords::parse(line, 15)?.moves));
        }
    }
    let mut tallies = vec![Tally::default(); openings.len()];
    let mut unmatched = 0;
    for file in &options.sgf_files {
        let text = std::fs::read_to_string(file)?;
        for game in sgf::split_games(&text) {
            let record = sgf::parse(game).map_err(|e| format!("{file}: {e}"))?;
            // c-gomoku-cli counts SGF rows from the bottom, the SGF standard from the top: the
            // game is matched as written and upside down (the same game by symmetry). The
            // longest opening that begins it wins, so one opening being the start of another
            // cannot misfile a game.
            let flipped: Vec<Point> = record
                .moves
                .iter()
                .map(|p| Point::new(p.x, record.size - 1 - p.y))
                .collect();
            let found = openings
                .iter()
                .enumerate()
                .filter(|(_, (_, stones))| {
                    record.moves.starts_with(stones) || flipped.starts_with(stones)
                })
                .max_by_key(|(_, (_, stones))| stones.len());
            let Some((i, _)) = found else {
                unmatched += 1;
                continue;
            };
            let tally = &mut tallies[i];
            match record.info.result.chars().next() {
                Some('B') => tally.black_wins += 1,
                Some('W') => tally.white_wins += 1,
                _ => tally.draws += 1,
            }
        }
    }
    let mut total = Tally::default();
    let mut decided = 0;
    println!(" n  opening                 games  Black +  =  −  Black's share");
    for (n, ((line, _), tally)) in openings.iter().zip(&tallies).enumerate() {
        total.black_wins += tally.black_wins;
        total.white_wins += tally.white_wins;
        total.draws += tally.draws;
        if tally.games() == 0 {
            println!("{:>2}  {line:<22}      0", n + 1);
            continue;
        }
        let share = tally.black_share();
        let is_decided = tally.games() >= options.min_games
            && (share >= options.limit || share <= 1.0 - options.limit);
        decided += u32::from(is_decided);
        println!(
            "{:>2}  {line:<22} {:>6}  {:>7} {:>2} {:>2}  {share:.2}{}",
            n + 1,
            tally.games(),
            tally.black_wins,
            tally.draws,
            tally.white_wins,
            if is_decided { "  DECIDED" } else { "" }
        );
    }
    if total.games() > 0 {
        println!(
            "all {} games: Black {:.2}; {decided} openings decided (share beyond {:.2}/{:.2} over {}+ games); {unmatched} games from no listed opening",
            total.games(),
            total.black_share(),
            options.limit,
            1.0 - options.limit,
            options.min_games
        );
    }
    Ok(())
}

//! Checks the balance of an openings file (one opening a line in `h8` notation, `#` comments):
//! each position is analysed at full strength for `ms` milliseconds, and the ones decided for a
//! side (a forced win found for the side to move, or a score beyond `limit`) are listed. With
//! `--replace`, each decided opening is replaced by a random one of the same kind (3 to 5 stones
//! near the centre, each within two points of another) that passes the same check, and the whole
//! file is printed with the replacements in place (the order kept, so that a match over the first
//! openings stays comparable where nothing changed).
//!
//! `cargo run --release -p qipan-gomoku --example check_openings -- crates/arena/openings/gomoku-freestyle.txt 3000 500 [--replace]`

use qipan_gomoku::record::{Record, coords};
use qipan_gomoku::{Board, Color, Engine, Level, Point, RuleSet, SearchLimits};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What a long analysis says of one opening.
struct Verdict {
    to_move: Color,
    score: i32,
    depth: u32,
    decided: bool,
}

fn board_of(moves: &[Point]) -> Board {
    let mut board = Board::new(15).expect("15 is a valid size");
    for (i, &p) in moves.iter().enumerate() {
        board.set(
            p,
            Some(if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            }),
        );
    }
    board
}

fn judge(moves: &[Point], ms: u64, limit: i32) -> Verdict {
    let mut engine = Engine::new(Level::MAX, 1);
    let a = engine.analyse(
        &board_of(moves),
        RuleSet::Freestyle,
        1,
        SearchLimits::millis(ms),
    );
    let score = a.lines.first().map_or(0, |l| l.score);
    // The other side's forced win "were it to move" is only a threat the side to move meets.
    let won = a.wins[a.to_move.index()].is_some();
    Verdict {
        to_move: a.to_move,
        score,
        depth: a.depth,
        decided: won || score.abs() > limit,
    }
}

/// A random opening like the shipped ones: 3 to 5 stones within the central 7×7, each within
/// two points of another.
fn random_opening(rng: &mut ChaCha8Rng) -> Vec<Point> {
    loop {
        let n = rng.random_range(3..=5);
        let mut moves: Vec<Point> = vec![];
        while moves.len() < n {
            let p = Point::new(rng.random_range(4..=10), rng.random_range(4..=10));
            if !moves.contains(&p) {
                moves.push(p);
            }
        }
        let connected = moves.iter().all(|p| {
            moves.iter().any(|q| {
                q != p
                    && (i32::from(p.x) - i32::from(q.x)).abs() <= 2
                    && (i32::from(p.y) - i32::from(q.y)).abs() <= 2
            })
        });
        if connected {
            return moves;
        }
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let replace = args.iter().any(|a| a == "--replace");
    let mut plain = args.iter().filter(|a| !a.starts_with("--"));
    let path = plain
        .next()
        .ok_or("usage: check_openings FILE [ms] [limit] [--replace]")?;
    let ms: u64 = plain
        .next()
        .map(|a| a.parse())
        .transpose()?
        .unwrap_or(3_000);
    let limit: i32 = plain.next().map(|a| a.parse()).transpose()?.unwrap_or(500);
    let text = std::fs::read_to_string(path)?;
    let mut rng = ChaCha8Rng::seed_from_u64(20_261_202);
    let mut out = vec![];
    let mut decided = 0;
    let mut n = 0;
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            out.push(line.to_owned());
            continue;
        }
        n += 1;
        let moves = coords::parse(line, 15)?.moves;
        let v = judge(&moves, ms, limit);
        eprintln!(
            "{n:>2} {line:<22} {:?} to move, score {:>6}, depth {:>2}: {}",
            v.to_move,
            v.score,
            v.depth,
            if v.decided { "DECIDED" } else { "even" }
        );
        if !v.decided {
            out.push(line.to_owned());
            continue;
        }
        decided += 1;
        if !replace {
            out.push(line.to_owned());
            continue;
        }
        loop {
            let candidate = random_opening(&mut rng);
            // A short look first, the long one only for what survives it.
            if judge(&candidate, ms / 8, limit).decided {
                continue;
            }
            let v = judge(&candidate, ms, limit);
            if v.decided {
                continue;
            }
            let text = coords::format(&Record::new(15, candidate));
            eprintln!(
                "   replaced by {text:<22} score {:>6}, depth {:>2}",
                v.score, v.depth
            );
            out.push(text);
            break;
        }
    }
    eprintln!("{decided} of {n} decided at {ms} ms (beyond ±{limit} or a forced win)");
    if replace {
        for line in out {
            println!("{line}");
        }
    }
    Ok(())
}

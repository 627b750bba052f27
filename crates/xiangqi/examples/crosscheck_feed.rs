//! Feeds `scripts/xiangqi-crosscheck.py`: random legal playouts from the start position, one JSON
//! line per position with the position after the last capture and the moves since, our sorted legal moves, check status and
//! verdict. Moves are random, but often take back the mover's previous move or give check, so
//! that repetitions and perpetual checks occur. Usage: `crosscheck_feed <games> <max plies> <seed> <no-capture plies>`.

use std::io::{BufWriter, Write};

use qipan_xiangqi::{Move, MoveList, Position, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() -> std::io::Result<()> {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().unwrap_or(0))
        .collect();
    let games = args.first().copied().unwrap_or(700);
    let plies = args.get(1).copied().unwrap_or(160) as usize;
    let mut rng = ChaCha8Rng::seed_from_u64(args.get(2).copied().unwrap_or(1));
    let rules = Rules {
        no_capture_plies: args.get(3).copied().unwrap_or(100) as u32,
        ..Rules::default()
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut moves = MoveList::new();
    for _ in 0..games {
        let mut pos = Position::startpos();
        let mut played: Vec<String> = Vec::new();
        // The position after the last capture and the moves since: all a repetition can see.
        let mut base = pos.to_fen();
        let mut since: Vec<String> = Vec::new();
        for _ in 0..=plies {
            pos.legal_moves(&mut moves);
            let mut legal: Vec<String> = moves.iter().map(|m| format!("\"{m}\"")).collect();
            legal.sort();
            let verdict = match pos.outcome_with(&rules) {
                Some(o) => format!("\"{} {}\"", o.pgn_result(), o.reason.code()),
                None => "null".to_string(),
            };
            let history: Vec<String> = since.iter().map(|m| format!("\"{m}\"")).collect();
            writeln!(
                out,
                "{{\"base\":\"{base}\",\"moves\":[{}],\"fen\":\"{}\",\"legal\":[{}],\"check\":{},\"insufficient\":{},\"verdict\":{}}}",
                history.join(","),
                pos.to_fen(),
                legal.join(","),
                pos.in_check(),
                pos.insufficient_material(),
                verdict
            )?;
            if moves.is_empty() || pos.outcome_with(&rules).is_some() {
                break;
            }
            let m = pick(&mut pos, &moves, &played, &mut rng);
            played.push(m.to_string());
            let capture = pos.is_capture(m);
            pos.make(m);
            if capture {
                base = pos.to_fen();
                since.clear();
            } else {
                since.push(m.to_string());
            }
        }
    }
    out.flush()
}

/// A random move, biased towards undoing the mover's last move and towards checks.
fn pick(pos: &mut Position, moves: &MoveList, played: &[String], rng: &mut ChaCha8Rng) -> Move {
    if played.len() >= 2 && rng.random_bool(0.15) {
        let last = &played[played.len() - 2];
        let back = format!("{}{}", &last[2..], &last[..2]);
        if let Some(&m) = moves.iter().find(|m| m.to_string() == back) {
            return m;
        }
    }
    if rng.random_bool(0.3) {
        let checks: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                pos.make(m);
                let check = pos.in_check();
                pos.unmake();
                check
            })
            .collect();
        if !checks.is_empty() {
            return checks[rng.random_range(0..checks.len())];
        }
    }
    moves[rng.random_range(0..moves.len())]
}

//! PGN records of arena games, in the Xiangqi PGN dialect read by common Xiangqi software:
//! `[Game "Chinese Chess"]`, `[Format "ICCS"]` and moves in ICCS coordinates.

use std::fmt::Write;

use super::referee::XiangqiGame;
use crate::runner::GameRecord;

/// The PGN result of a record: `1-0` (Red won), `0-1` or `1/2-1/2`.
fn result(record: &GameRecord<XiangqiGame>) -> &'static str {
    match record.verdict.winner {
        Some(crate::referee::Seat::Starter) => "1-0",
        Some(crate::referee::Seat::Responder) => "0-1",
        None => "1/2-1/2",
    }
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

/// One game as PGN text (ends with a blank line).
pub fn write_pgn(record: &GameRecord<XiangqiGame>, event: &str) -> String {
    let game = &record.game;
    let mut out = String::new();
    let tags = [
        ("Game", "Chinese Chess".to_string()),
        ("Event", event.to_string()),
        ("Round", (record.pairing.game + 1).to_string()),
        ("Red", record.starter.clone()),
        ("Black", record.responder.clone()),
        ("Result", result(record).to_string()),
        ("Opening", game.opening_name.clone()),
        ("Termination", record.verdict.reason.clone()),
        ("Format", "ICCS".to_string()),
    ];
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(&value));
    }
    if game.start_fen != qipan_xiangqi::START_FEN {
        let _ = writeln!(out, "[FEN \"{}\"]", escape(&game.start_fen));
    }
    out.push('\n');
    let mut line = String::new();
    for (ply, m) in game.moves.iter().enumerate() {
        if ply % 2 == 0 {
            let _ = write!(line, "{}. ", ply / 2 + 1);
        }
        let _ = write!(line, "{m} ");
        if ply + 1 == game.opening_plies {
            line.push_str("{end of opening} ");
        }
        if line.len() > 70 {
            out.push_str(line.trim_end());
            out.push('\n');
            line.clear();
        }
    }
    line.push_str(result(record));
    out.push_str(&line);
    out.push_str("\n\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{Referee, Seat, Verdict};
    use crate::schedule::Pairing;
    use crate::xiangqi::{XiangqiReferee, parse_openings};

    #[test]
    fn a_record_has_tags_numbered_moves_and_the_result() {
        let referee = XiangqiReferee::default();
        let opening = parse_openings("h2e2 h9g7 # 中炮").expect("valid").remove(0);
        let mut game = referee.start(&opening);
        referee.play(&mut game, "h0g2").expect("legal");
        let record = GameRecord {
            pairing: Pairing {
                game: 0,
                opening: 0,
                first_engine_starts: true,
            },
            game,
            starter: "a \"quoted\" engine".into(),
            responder: "b".into(),
            verdict: Verdict {
                winner: Some(Seat::Responder),
                reason: "checkmate".into(),
            },
        };
        let pgn = write_pgn(&record, "test");
        assert!(pgn.contains("[Red \"a \\\"quoted\\\" engine\"]"), "{pgn}");
        assert!(pgn.contains("[Result \"0-1\"]"));
        assert!(pgn.contains("[Opening \"中炮\"]"));
        assert!(
            pgn.contains("1. h2e2 h9g7 {end of opening} 2. h0g2 0-1"),
            "{pgn}"
        );
        assert!(!pgn.contains("[FEN"));
    }
}

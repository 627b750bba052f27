//! Protocol tests: scripted input fed to the UCCI/UCI loop, replies checked line by line.

use qipan_xiangqi::Position;
use qipan_xiangqi::ucci::{parse_move, parse_position, run};

/// Runs the loop over `script` and returns its output lines.
fn converse(script: &str) -> Vec<String> {
    let mut output = Vec::new();
    run(script.as_bytes(), &mut output).expect("the loop ends cleanly");
    String::from_utf8(output)
        .expect("UTF-8 output")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The move of the last `bestmove` line.
fn bestmove(lines: &[String]) -> Option<String> {
    lines.iter().rev().find_map(|l| {
        l.strip_prefix("bestmove ")
            .map(|r| r.split(' ').next().unwrap_or("").to_string())
    })
}

#[test]
fn ucci_handshake_names_the_engine_and_its_options() {
    let lines = converse("ucci\nisready\nquit\n");
    assert_eq!(lines.first().map(String::as_str), Some("id name qipan"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option hashsize type spin"))
    );
    let ok = lines.iter().position(|l| l == "ucciok").expect("ucciok");
    let ready = lines.iter().position(|l| l == "readyok").expect("readyok");
    assert!(ok < ready);
}

#[test]
fn uci_handshake_offers_hash_and_the_xiangqi_variant() {
    let lines = converse(
        "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Hash value 8\nisready\n",
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    assert!(lines.iter().any(|l| l.contains("UCI_Variant")));
    assert!(lines.contains(&"uciok".to_string()));
    assert!(!lines.iter().any(|l| l.contains("bad option")), "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn go_depth_reports_info_and_a_legal_bestmove() {
    let lines = converse("ucci\nposition startpos moves h2e2 h9g7\ngo depth 4\n");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4, "{lines:?}");
    for key in [" score ", " nodes ", " nps ", " pv "] {
        assert!(infos[3].contains(key), "{key} missing from {}", infos[3]);
    }
    let best = bestmove(&lines).expect("a bestmove line");
    let pos = parse_position("startpos moves h2e2 h9g7").expect("valid");
    let m = parse_move(&best).expect("ICCS move");
    assert!(pos.is_legal(m), "{best} is not legal");
}

#[test]
fn banmoves_keeps_the_engine_off_the_banned_moves() {
    // With a single legal move banned... ban every move but one instead: the engine must play it.
    let pos = Position::startpos();
    let mut moves = qipan_xiangqi::MoveList::new();
    pos.legal_moves(&mut moves);
    let keep = moves[7].to_string();
    let banned: Vec<String> = moves
        .iter()
        .map(|m| m.to_string())
        .filter(|m| *m != keep)
        .collect();
    let script = format!(
        "ucci\nposition startpos\nbanmoves {}\ngo depth 3\n",
        banned.join(" ")
    );
    assert_eq!(bestmove(&converse(&script)), Some(keep));
}

#[test]
fn a_mated_side_answers_nobestmove_in_ucci_and_none_in_uci() {
    // Black is mated: the pawn on e8 checks, the rook on e7 guards it, the rook on d1 holds
    // file d and the general on f0 file f. Checked below by the rules crate, not assumed.
    let fen = "4k4/4P4/4R4/9/9/9/9/9/3R5/5K3 b - - 0 1";
    let pos = Position::from_fen(fen).expect("valid FEN");
    assert!(pos.in_check() && !pos.has_legal_move());
    let ucci = converse(&format!("ucci\nposition fen {fen}\ngo depth 3\n"));
    assert_eq!(ucci.last().map(String::as_str), Some("nobestmove"));
    let uci = converse(&format!("uci\nposition fen {fen}\ngo depth 3\n"));
    assert_eq!(uci.last().map(String::as_str), Some("bestmove (none)"));
}

#[test]
fn bad_commands_are_reported_and_the_loop_goes_on() {
    let lines = converse(
        "ucci\nfrobnicate\nposition fen nonsense w\nposition startpos moves h2h8\ngo depth x\nsetoption hashsize 0\nsetoption level 11\nbanmoves zz\nisready\n",
    );
    let errors = lines
        .iter()
        .filter(|l| l.starts_with("info string"))
        .count();
    assert_eq!(errors, 7, "{lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn stop_ends_an_infinite_search_at_once_with_a_move() {
    // `go infinite` answers only after `stop`; the scripted `stop` arrives right away.
    let lines = converse("ucci\nposition startpos\ngo infinite\nstop\n");
    let best = bestmove(&lines).expect("bestmove after stop");
    assert!(parse_move(&best).is_some_and(|m| Position::startpos().is_legal(m)));
}

#[test]
fn uci_clock_and_mate_scores_are_understood() {
    // Red mates in one by advancing the pawn to e8 (the mate of the test above).
    let fen = "4k4/9/4P4/4R4/9/9/9/9/3R5/5K3 w - - 0 1";
    let lines = converse(&format!(
        "uci\nposition fen {fen}\ngo wtime 2000 btime 2000 winc 0 binc 0 depth 3\n"
    ));
    let best = bestmove(&lines).expect("bestmove");
    let mut pos = Position::from_fen(fen).expect("valid");
    pos.play(parse_move(&best).expect("move")).expect("legal");
    assert!(
        pos.in_check() && !pos.has_legal_move(),
        "{best} does not mate"
    );
    assert!(
        lines.iter().any(|l| l.contains("score mate 1")),
        "{lines:?}"
    );
}

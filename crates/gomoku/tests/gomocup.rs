//! The Gomocup protocol with scripted input, as a Piskvork-compatible manager sends it.

use qipan_gomoku::Level;
use qipan_gomoku::gomocup::run;

fn session(script: &str) -> Vec<String> {
    let mut out = vec![];
    run(
        std::io::Cursor::new(script.to_owned()),
        &mut out,
        Level::MAX,
    )
    .unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with("MESSAGE") && !l.starts_with("DEBUG"))
        .map(str::to_string)
        .collect()
}

fn point(reply: &str) -> (u32, u32) {
    let (x, y) = reply.split_once(',').expect("a move x,y");
    (x.parse().unwrap(), y.parse().unwrap())
}

#[test]
fn start_begin_turn_end() {
    let out = session("START 15\nINFO timeout_turn 100\nBEGIN\nTURN 0,0\nEND\nTURN 1,1\n");
    assert_eq!(out[0], "OK");
    assert_eq!(point(&out[1]), (7, 7));
    let second = point(&out[2]);
    assert!(second != (7, 7) && second != (0, 0));
    assert_eq!(out.len(), 3, "nothing after END");
}

#[test]
fn board_command_blocks_a_four_and_takes_a_five() {
    // Opponent (2) has four in a row on row 3 with one end open: we must block at 4,3 ...
    let out = session(
        "START 15\nINFO timeout_turn 100\nBOARD\n0,3,2\n1,3,2\n2,3,2\n3,3,2\n10,10,1\n11,11,1\n12,12,1\nDONE\n",
    );
    assert_eq!(out[1], "4,3");
    // ... and take our own five when we have one.
    let out = session(
        "START 15\nBOARD\n0,3,2\n1,3,2\n2,3,2\n3,3,2\n9,9,1\n10,10,1\n11,11,1\n12,12,1\nDONE\n",
    );
    assert!(out[1] == "13,13" || out[1] == "8,8", "{out:?}");
}

#[test]
fn a_winning_line_stone_of_a_continuous_game_is_occupied() {
    // Field 3 marks a stone of an earlier winning line: never a point to play. Row 3 holds our
    // four with 4,3 the only way to five, but 4,3 is such a stone, and the opponent's four on
    // row 8 must be blocked at 4,8.
    let out = session(
        "START 15\nINFO timeout_turn 100\nBOARD\n0,3,1\n1,3,1\n2,3,1\n3,3,1\n4,3,3\n0,8,2\n1,8,2\n2,8,2\n3,8,2\n10,10,1\nDONE\n",
    );
    assert_eq!(out[1], "4,8", "{out:?}");
}

#[test]
fn about_info_restart_takeback_and_unknown() {
    let out = session(
        "ABOUT\nSTART 20\nINFO rule 1\nINFO max_memory 83886080\nINFO game_type 1\nRESTART\nTAKEBACK 3,3\nFOO\n",
    );
    assert!(out[0].starts_with("name=\"qipan\""));
    assert_eq!(&out[1..3], ["OK", "OK"]);
    assert!(
        out[3].starts_with("ERROR"),
        "an empty point has nothing to take back: {out:?}"
    );
    assert!(out[4].starts_with("UNKNOWN"));
    // A stone that is there is taken back.
    let out = session("START 15\nINFO timeout_turn 50\nTURN 3,3\nTAKEBACK 3,3\n");
    assert_eq!(out.last().map(String::as_str), Some("OK"), "{out:?}");
}

#[test]
fn bad_input_gets_error_lines_not_a_crash() {
    let out = session(
        "TURN 1,1\nSTART 4\nSTART 30\nRECTSTART 15,20\nRECTSTART 15,15\nTURN 15,3\nTURN a,b\nTURN 7,7\nTURN 7,7\nBOARD\n1,1,7\nDONE\n",
    );
    assert!(out[0].starts_with("ERROR"), "{out:?}");
    assert!(out[1].starts_with("ERROR"));
    assert!(out[2].starts_with("ERROR"));
    assert!(out[3].starts_with("ERROR"));
    assert_eq!(out[4], "OK");
    assert!(out[5].starts_with("ERROR"));
    assert!(out[6].starts_with("ERROR"));
    point(&out[7]);
    assert!(out[8].starts_with("ERROR"), "occupied: {out:?}");
    assert!(out[9].starts_with("ERROR"), "bad field: {out:?}");
}

#[test]
fn renju_rule_never_plays_a_forbidden_point() {
    // We are Black (4 stones each, we move). (8,7) would be a double-three for Black: horizontal
    // 6,7 + vertical 8,5 8,6. It is also the best-looking point; Black must avoid it.
    let out = session(
        "START 15\nINFO rule 4\nINFO timeout_turn 200\nBOARD\n6,7,1\n7,7,1\n8,5,1\n8,6,1\n0,0,2\n0,14,2\n14,0,2\n14,14,2\nDONE\n",
    );
    assert_ne!(out[1], "8,7", "{out:?}");
    point(&out[1]);
}

#[test]
fn swap2_answers() {
    let out = session("START 15\nSWAP2BOARD\nDONE\n");
    let stones: Vec<&str> = out[1].split(' ').collect();
    assert_eq!(stones.len(), 3, "{out:?}");
    // Black centre, White beside it, Black within two points: three distinct points.
    let points: Vec<(u32, u32)> = stones.iter().map(|s| point(s)).collect();
    assert_eq!(points[0], (7, 7));
    assert!(points[1].0.abs_diff(7) <= 1 && points[1].1.abs_diff(7) <= 1 && points[1] != (7, 7));
    assert!(points[2].0.abs_diff(7) <= 2 && points[2].1.abs_diff(7) <= 2);
    assert!(points[2] != points[0] && points[2] != points[1]);
    let out = session("START 15\nINFO timeout_turn 200\nSWAP2BOARD\n7,7\n8,8\n6,9\nDONE\n");
    assert!(out[1] == "SWAP" || point(&out[1]).0 < 15, "{out:?}");
}

/// The proposal varies from game to game (it was always the same three stones).
#[test]
fn swap2_proposals_vary() {
    let proposals: std::collections::HashSet<String> = (0..6)
        .map(|_| session("START 15\nINFO timeout_turn 300\nSWAP2BOARD\nDONE\n")[1].clone())
        .collect();
    assert!(proposals.len() >= 2, "{proposals:?}");
}

/// A lone first stone is answered beside it, diagonally (two points away is a known weak reply).
#[test]
fn a_lone_stone_is_answered_diagonally_beside_it() {
    for (x, y) in [(7, 7), (3, 9), (0, 0)] {
        let out = session(&format!("START 15\nTURN {x},{y}\n"));
        let (rx, ry) = point(&out[1]);
        assert_eq!((rx.abs_diff(x), ry.abs_diff(y)), (1, 1), "{out:?}");
    }
}

/// `YXSTOP` (and `STOP`) during a search answers at once with a move, rather than after the turn
/// time (here five minutes). The input is a pipe the test keeps open, as a manager does.
#[test]
fn a_stop_during_a_search_answers_at_once() {
    for stop in ["YXSTOP", "STOP"] {
        let (from_test, mut to_brain) = std::io::pipe().unwrap();
        let (done, answered) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut out = vec![];
            run(std::io::BufReader::new(from_test), &mut out, Level::MAX).unwrap();
            let _ = done.send(String::from_utf8(out).unwrap());
        });
        use std::io::Write;
        writeln!(
            to_brain,
            "START 15\nINFO timeout_turn 600000\nBOARD\n7,7,2\n8,8,1\n7,9,2\n6,6,1\nDONE"
        )
        .unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
        writeln!(to_brain, "{stop}\nEND").unwrap();
        let out = answered
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the brain answered after the stop, well before its five minutes");
        let mv = out
            .lines()
            .find(|l| !l.starts_with("MESSAGE") && *l != "OK")
            .expect("a move");
        point(mv);
    }
}

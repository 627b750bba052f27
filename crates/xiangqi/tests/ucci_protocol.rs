//! Protocol tests: scripted input fed to the UCCI/UCI loop, replies checked line by line.

use std::collections::VecDeque;
use std::io::{self, BufReader, Read, Write};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

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

/// What passed between the GUI and the engine, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Event {
    /// A line the GUI sent.
    Sent(String),
    /// A line the engine answered.
    Replied(String),
}

/// One step of a conversation paced like a GUI's.
enum Step {
    /// Send a line.
    Send(&'static str),
    /// Wait before the next line.
    Pause(Duration),
    /// Wait (at most half a minute) until the engine has answered a line with this prefix.
    AwaitReply(&'static str),
}

type Log = Arc<Mutex<Vec<Event>>>;

/// The GUI side: hands the loop one line at a time, following the steps.
struct PacedInput {
    steps: VecDeque<Step>,
    log: Log,
    pending: Vec<u8>,
}

impl Read for PacedInput {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pending.is_empty() {
            match self.steps.pop_front() {
                None => return Ok(0),
                Some(Step::Send(line)) => {
                    self.log.lock().unwrap().push(Event::Sent(line.to_string()));
                    self.pending = format!("{line}\n").into_bytes();
                }
                Some(Step::Pause(d)) => thread::sleep(d),
                Some(Step::AwaitReply(prefix)) => {
                    let give_up = Instant::now() + Duration::from_secs(30);
                    while Instant::now() < give_up
                        && !self
                            .log
                            .lock()
                            .unwrap()
                            .iter()
                            .any(|e| matches!(e, Event::Replied(l) if l.starts_with(prefix)))
                    {
                        thread::sleep(Duration::from_millis(5));
                    }
                }
            }
        }
        let n = buf.len().min(self.pending.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.pending.drain(..n);
        Ok(n)
    }
}

/// The engine side: logs every complete line.
struct LoggedOutput {
    log: Log,
    partial: Vec<u8>,
}

impl Write for LoggedOutput {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        for &b in bytes {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.log.lock().unwrap().push(Event::Replied(line));
                self.partial.clear();
            } else {
                self.partial.push(b);
            }
        }
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Runs the loop over paced `steps` and returns everything said, in order.
fn converse_paced(steps: Vec<Step>) -> Vec<Event> {
    let log: Log = Arc::default();
    let input = PacedInput {
        steps: steps.into(),
        log: log.clone(),
        pending: Vec::new(),
    };
    let output = LoggedOutput {
        log: log.clone(),
        partial: Vec::new(),
    };
    run(BufReader::new(input), output).expect("the loop ends cleanly");
    log.lock().unwrap().clone()
}

/// Where the first event matching `wanted` happened.
fn first(events: &[Event], wanted: impl Fn(&Event) -> bool) -> Option<usize> {
    events.iter().position(wanted)
}

fn sent(line: &'static str) -> impl Fn(&Event) -> bool {
    move |e| *e == Event::Sent(line.to_string())
}

fn is_bestmove(e: &Event) -> bool {
    matches!(e, Event::Replied(l) if l.starts_with("bestmove"))
}

/// The first `bestmove` of a conversation, checked legal after `moves` from the start.
fn legal_bestmove(events: &[Event], moves: &str) -> String {
    let line = events
        .iter()
        .find_map(|e| match e {
            Event::Replied(l) if l.starts_with("bestmove ") => Some(l.clone()),
            _ => None,
        })
        .expect("a bestmove line");
    let best = line.split(' ').nth(1).unwrap_or("").to_string();
    let pos = parse_position(&format!("startpos moves {moves}")).expect("valid");
    assert!(
        parse_move(&best).is_some_and(|m| pos.is_legal(m)),
        "{best} is not legal"
    );
    best
}

/// Ponders on the start position after `h2e2` with `go`, sends `ponderhit` after `pause` and
/// waits for the answer, which must come after the `ponderhit`: everything said, and the places of
/// the `ponderhit` and the `bestmove` in it.
fn ponder_then_hit(
    handshake: &'static str,
    go: &'static str,
    pause: Duration,
) -> (Vec<Event>, usize, usize) {
    let events = converse_paced(vec![
        Step::Send(handshake),
        Step::Send("position startpos moves h2e2"),
        Step::Send(go),
        Step::Pause(pause),
        Step::Send("ponderhit"),
        Step::AwaitReply("bestmove"),
    ]);
    let hit = first(&events, sent("ponderhit")).expect("ponderhit sent");
    let answer = first(&events, is_bestmove).expect("an answer after ponderhit");
    assert!(hit < answer, "bestmove before ponderhit: {events:?}");
    (events, hit, answer)
}

#[test]
fn a_ponder_search_ignores_the_clock_until_ponderhit_then_answers_at_once_if_spent() {
    // A one-second clock would stop a normal search within a fraction of a second; while
    // pondering it does not bind. At `ponderhit` the budget, counted from `go ponder`, is
    // already spent, so the answer comes without a `stop`.
    let (events, _, _) = ponder_then_hit("ucci", "go ponder time 1", Duration::from_millis(600));
    legal_bestmove(&events, "h2e2");
}

#[test]
fn a_ponder_search_that_ends_early_answers_only_on_ponderhit() {
    // Depth 2 is searched in an instant, but the answer waits for the GUI.
    let (events, hit, _) = ponder_then_hit("ucci", "go ponder depth 2", Duration::from_millis(300));
    assert!(
        events[..hit]
            .iter()
            .any(|e| matches!(e, Event::Replied(l) if l.starts_with("info depth 2"))),
        "the search did not run while pondering: {events:?}"
    );
    legal_bestmove(&events, "h2e2");
}

#[test]
fn after_ponderhit_the_search_goes_on_under_the_clock_and_answers_by_itself() {
    // A fifteen-second clock leaves a budget of about half a second for this move: after an
    // early `ponderhit` the search keeps thinking on our time and answers without a `stop`.
    let (events, hit, answer) = ponder_then_hit(
        "uci",
        "go ponder wtime 15000 btime 15000",
        Duration::from_millis(50),
    );
    assert!(
        events[hit..answer]
            .iter()
            .any(|e| matches!(e, Event::Replied(l) if l.starts_with("info depth"))),
        "ponderhit ended the search instead of continuing it: {events:?}"
    );
    assert!(
        first(&events, sent("stop")).is_none(),
        "the test must not need stop"
    );
    legal_bestmove(&events, "h2e2");
}

#[test]
fn stop_during_ponder_answers_at_once() {
    let events = converse_paced(vec![
        Step::Send("ucci"),
        Step::Send("position startpos moves h2e2"),
        Step::Send("go ponder time 60"),
        Step::Pause(Duration::from_millis(200)),
        Step::Send("stop"),
        Step::AwaitReply("bestmove"),
        Step::Send("isready"),
        Step::AwaitReply("readyok"),
    ]);
    let stop = first(&events, sent("stop")).expect("stop sent");
    let answer = first(&events, is_bestmove).expect("an answer after stop");
    assert!(stop < answer, "bestmove before stop: {events:?}");
    assert!(first(&events, sent("ponderhit")).is_none());
    legal_bestmove(&events, "h2e2");
}

#[test]
fn a_refused_position_leaves_no_position_to_search() {
    for (hello, none) in [("ucci", "nobestmove"), ("uci", "bestmove (none)")] {
        let script = format!(
            "{hello}\nposition startpos moves h2e2\nposition startpos moves h2e2 h2e2\ngo depth 3\n"
        );
        let lines = converse(&script);
        assert!(
            lines.iter().any(|l| l.contains("bad position")),
            "{lines:?}"
        );
        assert!(lines.iter().any(|l| l.contains("no position")), "{lines:?}");
        assert_eq!(lines.last().map(String::as_str), Some(none), "{lines:?}");
        // A bad FEN too; a good position afterwards is searched again.
        let script =
            format!("{hello}\nposition fen 9/9/9 w\ngo depth 2\nposition startpos\ngo depth 2\n");
        let lines = converse(&script);
        let answers: Vec<&String> = lines.iter().filter(|l| l.contains("bestmove")).collect();
        assert_eq!(answers.len(), 2, "{lines:?}");
        assert_eq!(answers[0], none, "{lines:?}");
        assert!(bestmove(&lines).is_some_and(|m| m != "(none)"), "{lines:?}");
    }
}

/// cutechess's Xiangqi build and Fairy-Stockfish number ranks 1-10: a GUI that selects
/// `UCI_Variant xiangqi` gets moves in that numbering, and reads ours in it.
#[test]
fn a_fairy_stockfish_style_gui_gets_ranks_numbered_from_one() {
    let lines = converse(
        "uci\nsetoption name UCI_Variant value xiangqi\nposition startpos moves h3e3\ngo depth 3\n",
    );
    assert!(
        !lines.iter().any(|l| l.contains("bad position")),
        "{lines:?}"
    );
    let answer = bestmove(&lines).expect("a move");
    let mut pos = Position::startpos();
    pos.play(parse_move("h2e2").unwrap()).unwrap();
    let m = qipan_xiangqi::ucci::Coordinates::FromOne
        .parse(&answer)
        .expect("a move numbered from one");
    assert!(pos.is_legal(m), "{answer}");
    // Every pv move is in the same numbering: no rank 0 anywhere.
    for line in lines.iter().filter(|l| l.contains(" pv ")) {
        let pv = line.split(" pv ").nth(1).unwrap();
        assert!(
            pv.split(' ')
                .all(|m| qipan_xiangqi::ucci::Coordinates::FromOne.parse(m).is_some()),
            "{line}"
        );
    }
}

/// Without `UCI_Variant` (Pikafish-style GUIs) moves stay ICCS; a move with a rank 10 or 0 proves
/// the numbering whatever was guessed, and the `Coordinates` option fixes it.
#[test]
fn the_numbering_follows_the_moves_or_the_option() {
    let lines = converse("uci\nposition startpos moves b0c2\ngo depth 2\n");
    let answer = bestmove(&lines).expect("a move");
    assert!(parse_move(&answer).is_some(), "{answer}");
    let lines = converse("uci\nposition startpos moves h3e3 a10a9\ngo depth 2\n");
    assert!(
        !lines.iter().any(|l| l.contains("bad position")),
        "{lines:?}"
    );
    let lines = converse(
        "uci\nsetoption name UCI_Variant value xiangqi\nsetoption name Coordinates value iccs\n\
         position startpos moves h2e2\ngo depth 2\n",
    );
    assert!(!lines.iter().any(|l| l.contains("bad")), "{lines:?}");
    let answer = bestmove(&lines).expect("a move");
    assert!(parse_move(&answer).is_some(), "{answer}");
}

#[test]
fn multipv_reports_that_many_distinct_lines_best_first() {
    for hello in ["uci", "ucci"] {
        let option = if hello == "uci" {
            "setoption name MultiPV value 3"
        } else {
            "setoption multipv 3"
        };
        let lines = converse(&format!(
            "{hello}\n{option}\nposition startpos\ngo depth 4\n"
        ));
        let last_depth: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("info depth 4 "))
            .collect();
        assert_eq!(last_depth.len(), 3, "{lines:?}");
        let firsts: Vec<&str> = last_depth
            .iter()
            .map(|l| l.split(" pv ").nth(1).unwrap().split(' ').next().unwrap())
            .collect();
        for (i, l) in last_depth.iter().enumerate() {
            assert!(l.contains(&format!(" multipv {} ", i + 1)), "{l}");
            assert!(l.contains(" hashfull "), "{l}");
            assert!(l.contains(" seldepth "), "{l}");
        }
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        assert_eq!(bestmove(&lines).as_deref(), Some(firsts[0]));
    }
}

#[test]
fn searchmoves_limits_the_root() {
    let lines = converse("uci\nposition startpos\ngo depth 3 searchmoves a0a1 i3i4\n");
    let answer = bestmove(&lines).expect("a move");
    assert!(["a0a1", "i3i4"].contains(&answer.as_str()), "{answer}");
    let lines = converse("uci\nposition startpos\ngo depth 3 searchmoves e2e9\n");
    assert!(lines.iter().any(|l| l.contains("bad go")), "{lines:?}");
}

/// A decided move is answered at once, however long the move time: a proven mate in one stops
/// the deepening within a few iterations, and so does a position with a single legal move. (Were
/// it not so, the minute would be used; the depth reached shows it was not.)
#[test]
fn a_decided_move_is_answered_without_using_the_move_time() {
    let mate_in_one = "4k4/9/4P4/4R4/9/9/9/9/3R5/5K3 w - - 0 1";
    // Black's general on e9 is checked by the rook on e2; its only move is to the side.
    let one_move = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1";
    for fen in [mate_in_one, one_move] {
        let lines = converse(&format!("uci\nposition fen {fen}\ngo movetime 60000\n"));
        let deepest = lines
            .iter()
            .filter_map(|l| l.strip_prefix("info depth "))
            .filter_map(|l| l.split(' ').next()?.parse::<i32>().ok())
            .max()
            .expect("an info line");
        assert!(
            deepest <= 4,
            "{fen}: searched to depth {deepest}: {lines:?}"
        );
        assert!(bestmove(&lines).is_some(), "{lines:?}");
    }
}

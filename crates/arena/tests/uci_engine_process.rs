//! The UCI/UCCI driver against a scripted engine process (a small POSIX shell script), checking
//! what the arena sends and how it reads the answers.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use qipan_arena::clock::{Clock, TimeControl};
use qipan_arena::referee::{Player, Referee, Reply, Seat};
use qipan_arena::uci_engine::{Coordinates, Dialect, UciEngine};
use qipan_arena::xiangqi::{XiangqiReferee, parse_openings};

/// Writes a shell-script engine that logs every line it receives to `log` and answers the
/// handshake (offering `UCI_Variant` and `usemillisec`), `isready`, and `go` with `reply`.
fn script_engine(name: &str, reply: &str) -> (PathBuf, PathBuf) {
    let dir = std::env::temp_dir().join(format!("qipan-arena-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let log = dir.join("received.log");
    let script = dir.join("engine.sh");
    let body = format!(
        r#"while read -r line; do
  echo "$line" >> "{log}"
  case "$line" in
    uci) echo "id name scripted"; echo "option name UCI_Variant type combo default chess var chess var xiangqi"; echo uciok ;;
    ucci) echo "id name scripted"; echo "option usemillisec type check default false"; echo ucciok ;;
    isready) echo readyok ;;
    go*) echo "info depth 1 score 0"; echo "{reply}" ;;
    quit) exit 0 ;;
  esac
done
"#,
        log = log.display()
    );
    std::fs::write(&script, body).expect("write script");
    (script, log)
}

fn ask(engine: &mut UciEngine) -> Reply {
    let referee = XiangqiReferee::default();
    let opening = parse_openings("h2e2 h9g7 # test").expect("valid").remove(0);
    let game = referee.start(&opening);
    let clock = Clock::new(TimeControl::MoveTime(Duration::from_millis(100)));
    let view = clock.view(&clock);
    Player::<XiangqiReferee>::new_game(engine).expect("new game");
    Player::<XiangqiReferee>::request_move(
        engine,
        &game,
        Seat::Starter,
        view,
        Instant::now() + Duration::from_secs(5),
    )
    .expect("an answer")
}

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn a_uci_engine_gets_the_variant_the_position_and_a_movetime() {
    let (script, log) = script_engine("uci", "bestmove h0g2 ponder b9c7");
    let command = format!("sh {}", script.display());
    let mut engine = UciEngine::start(
        &command,
        Dialect::Uci,
        "xiangqi",
        &[("Hash".into(), "16".into())],
        Some(Coordinates::Iccs),
    )
    .expect("handshake");
    assert_eq!(Player::<XiangqiReferee>::name(&engine), "scripted");
    assert_eq!(ask(&mut engine), Reply::Move("h0g2".into()));
    drop(engine);
    let received = std::fs::read_to_string(&log).expect("log");
    let position = format!("position fen {START} moves h2e2 h9g7");
    for line in [
        "uci",
        "setoption name UCI_Variant value xiangqi",
        "setoption name Hash value 16",
        "ucinewgame",
        &position,
        "go movetime 100",
    ] {
        assert!(
            received.lines().any(|l| l == line),
            "`{line}` not sent:\n{received}"
        );
    }
}

/// A UCI engine offering `UCI_Variant` is first sent ranks 1-10 (Fairy-Stockfish's numbering);
/// its answer in ICCS (legal only when read so) proves its numbering, used from then on.
#[test]
fn an_engine_numbering_is_found_from_its_moves() {
    let (script, log) = script_engine("uci-auto", "bestmove h0g2");
    let command = format!("sh {}", script.display());
    let mut engine =
        UciEngine::start(&command, Dialect::Uci, "xiangqi", &[], None).expect("handshake");
    assert_eq!(ask(&mut engine), Reply::Move("h0g2".into()));
    assert_eq!(ask(&mut engine), Reply::Move("h0g2".into()));
    drop(engine);
    let received = std::fs::read_to_string(&log).expect("log");
    let positions: Vec<&str> = received
        .lines()
        .filter(|l| l.starts_with("position"))
        .collect();
    assert_eq!(
        positions,
        [
            format!("position fen {START} moves h3e3 h10g8"),
            format!("position fen {START} moves h2e2 h9g7"),
        ]
    );

    // An engine answering from one reads right too: h1g3 is h0g2.
    let (script, _) = script_engine("uci-one", "bestmove h1g3");
    let command = format!("sh {}", script.display());
    let mut engine =
        UciEngine::start(&command, Dialect::Uci, "xiangqi", &[], None).expect("handshake");
    assert_eq!(ask(&mut engine), Reply::Move("h0g2".into()));
}

#[test]
fn a_ucci_engine_gets_milliseconds_and_may_answer_nobestmove() {
    let (script, log) = script_engine("ucci", "nobestmove");
    let command = format!("sh {}", script.display());
    let mut engine =
        UciEngine::start(&command, Dialect::Ucci, "xiangqi", &[], None).expect("handshake");
    assert_eq!(ask(&mut engine), Reply::NoMove);
    drop(engine);
    let received = std::fs::read_to_string(&log).expect("log");
    assert!(
        received.lines().any(|l| l == "setoption usemillisec true"),
        "{received}"
    );
    assert!(
        received.lines().any(|l| l == "go time 100 movestogo 1"),
        "{received}"
    );
    assert!(!received.contains("UCI_Variant"));
}

#[test]
fn an_engine_that_never_answers_times_out() {
    let (script, _log) = script_engine("silent", "");
    let command = format!("sh {}", script.display());
    let mut engine =
        UciEngine::start(&command, Dialect::Uci, "xiangqi", &[], None).expect("handshake");
    let referee = XiangqiReferee::default();
    let opening = parse_openings("h2e2 # test").expect("valid").remove(0);
    let game = referee.start(&opening);
    let clock = Clock::new(TimeControl::MoveTime(Duration::from_millis(50)));
    let answer = Player::<XiangqiReferee>::request_move(
        &mut engine,
        &game,
        Seat::Responder,
        clock.view(&clock),
        Instant::now() + Duration::from_millis(200),
    );
    assert!(
        matches!(answer, Err(qipan_arena::ArenaError::Timeout { .. })),
        "{answer:?}"
    );
}

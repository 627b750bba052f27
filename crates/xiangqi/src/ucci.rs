//! The engine protocol loop: UCCI (Universal Chinese Chess Interface, the protocol of
//! ElephantEye and the classic Chinese GUIs) and UCI as spoken by modern Xiangqi GUIs for
//! Pikafish, over any reader and writer.
//!
//! The dialect is chosen by the first handshake command: `ucci` or `uci`. Both accept
//! `isready`, `setoption`, `position startpos|fen … [moves …]`, `go …`, `stop`, `ponderhit` and
//! `quit`; UCCI adds `banmoves` and `setoption newgame`, UCI adds `ucinewgame`. Options: `Hash`
//! (MiB), `Level` (1–10, see [`crate::engine::level`]), `usemillisec` (UCCI: times in
//! milliseconds instead of seconds), `Ponder` (accepted; see below) and, for GUIs that send it,
//! `UCI_Variant` (only `xiangqi`).
//! Moves are ICCS coordinates (`h2e2`), as both dialects write them for Xiangqi.
//!
//! `go` searches on a second thread, so `stop` (and `isready`) are answered at once. A bad
//! command is reported on an `info string` line and otherwise ignored.
//!
//! Pondering: `go ponder …` searches the position after the expected reply on the opponent's
//! time, with the clock it is given not binding and no `bestmove` until the GUI decides. On
//! `ponderhit` the same search becomes a normal timed search under that clock, counted from the
//! `go ponder` (the time already spent thinking counts against it): it answers when the budget
//! is used or the search ends, at once if either has already happened. On `stop` it answers at
//! once with the best move found so far.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use crate::engine::score::{MATE_BOUND, mate_in_moves};
use crate::engine::{Clock, DEFAULT_HASH_MB, Engine, Info, Level, Limits, MAX_HASH_MB};
use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;

/// Engine name sent in `id name`.
const NAME: &str = "qipan";
/// Engine author sent in `id author`.
const AUTHOR: &str = "the qipan authors";

/// Which protocol the GUI speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Dialect {
    Ucci,
    Uci,
}

/// Parses an ICCS move (`h2e2`) without checking legality.
pub fn parse_move(text: &str) -> Option<Move> {
    if text.len() != 4 || !text.is_ascii() {
        return None;
    }
    let from: Square = text[..2].parse().ok()?;
    let to: Square = text[2..].parse().ok()?;
    (from != to).then(|| Move::new(from, to))
}

/// Parses `startpos|fen <FEN> [moves <m>…]` (the words after `position`).
pub fn parse_position(args: &str) -> Result<Position, String> {
    let (setup, moves) = match args.split_once(" moves") {
        Some((setup, moves)) => (setup.trim(), moves.trim()),
        None => (args.trim(), ""),
    };
    let mut pos = if setup == "startpos" {
        Position::startpos()
    } else if let Some(fen) = setup.strip_prefix("fen") {
        Position::from_fen(fen.trim()).map_err(|e| format!("bad FEN: {e}"))?
    } else {
        return Err(format!("expected `startpos` or `fen <FEN>`, got `{setup}`"));
    };
    for (i, text) in moves.split_whitespace().enumerate() {
        let m = parse_move(text)
            .ok_or_else(|| format!("move {}: `{text}` is not an ICCS move", i + 1))?;
        pos.play(m)
            .map_err(|_| format!("move {}: `{text}` is illegal in this position", i + 1))?;
    }
    Ok(pos)
}

/// Reads the number after `key`, if present.
fn number_after(words: &[&str], key: &str) -> Result<Option<f64>, String> {
    match words.iter().position(|&w| w == key) {
        None => Ok(None),
        Some(i) => {
            let text = words
                .get(i + 1)
                .ok_or_else(|| format!("`{key}` needs a number"))?;
            let value: f64 = text
                .parse()
                .map_err(|_| format!("`{key}` needs a number, got `{text}`"))?;
            if value.is_finite() && value >= 0.0 {
                Ok(Some(value))
            } else {
                Err(format!(
                    "`{key}` must be a non-negative number, got `{text}`"
                ))
            }
        }
    }
}

/// The search limits of a `go` command (the words after `go`) for a side to move, with times in
/// milliseconds when `millis` (UCI, or UCCI with `usemillisec`) and seconds otherwise.
fn parse_go(
    words: &[&str],
    dialect: Dialect,
    red_to_move: bool,
    millis: bool,
) -> Result<Limits, String> {
    let time = |key: &str| -> Result<Option<Duration>, String> {
        Ok(number_after(words, key)?.map(|v| {
            if millis {
                Duration::from_secs_f64(v.min(1e12) / 1000.0)
            } else {
                Duration::from_secs_f64(v.min(1e9))
            }
        }))
    };
    let count = |key: &str| -> Result<Option<u64>, String> {
        Ok(number_after(words, key)?.map(|v| v.min(u64::MAX as f64) as u64))
    };
    let mut limits = Limits {
        depth: count("depth")?.map(|d| d.clamp(1, 64) as i32),
        nodes: count("nodes")?,
        movetime: time("movetime")?,
        clock: None,
        infinite: words.contains(&"infinite"),
        started: None,
    };
    let moves_to_go = count("movestogo")?.map(|m| m.clamp(1, 1000) as u32);
    let (own_time, own_inc) = match dialect {
        Dialect::Ucci => (time("time")?, time("increment")?),
        Dialect::Uci if red_to_move => (time("wtime")?, time("winc")?),
        Dialect::Uci => (time("btime")?, time("binc")?),
    };
    if let Some(t) = own_time {
        limits.clock = Some(Clock {
            time: t,
            increment: own_inc.unwrap_or(Duration::ZERO),
            moves_to_go,
        });
    }
    Ok(limits)
}

/// The protocol state between commands.
struct Session {
    dialect: Dialect,
    position: Position,
    banned: Vec<Move>,
    millis: bool,
}

/// Writes one line to the shared output.
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// Formats a search report.
fn info_line(info: &Info, dialect: Dialect) -> String {
    let score = match (dialect, mate_in_moves(info.score)) {
        (Dialect::Uci, Some(mate)) => format!("mate {mate}"),
        (Dialect::Uci, None) => format!("cp {}", info.score),
        (Dialect::Ucci, _) => info.score.to_string(),
    };
    let pv: Vec<String> = info.pv.iter().map(|m| m.to_string()).collect();
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {}",
        info.depth,
        info.seldepth,
        score,
        info.nodes,
        info.nps(),
        info.millis
    );
    if dialect == Dialect::Uci {
        line.push_str(&format!(" hashfull {}", info.hashfull));
    }
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// Runs the protocol with a default engine until `quit` or the end of `input`.
pub fn run<R: BufRead, W: Write + Send>(input: R, output: W) -> io::Result<()> {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut engine = Engine::new(DEFAULT_HASH_MB);
    engine.set_seed(seed);
    run_with_engine(engine, input, output)
}

/// Runs the protocol with `engine` (already configured, e.g. with a level) until `quit` or the
/// end of `input`.
pub fn run_with_engine<R: BufRead, W: Write + Send>(
    engine: Engine,
    input: R,
    output: W,
) -> io::Result<()> {
    let out = Mutex::new(output);
    let stop = AtomicBool::new(false);
    let pondering = AtomicBool::new(false);
    let mut session = Session {
        dialect: Dialect::Ucci,
        position: Position::startpos(),
        banned: Vec::new(),
        millis: false,
    };
    thread::scope(|scope| -> io::Result<()> {
        // The engine comes back from a search thread through this channel, handed over just
        // before its answer is written (see the thread below).
        let mut searching: Option<mpsc::Receiver<Engine>> = None;
        let mut engine = Some(engine);
        // Whether the running search answers only when the GUI says so (infinite or ponder).
        let mut waits_for_gui = false;
        // Takes the engine back from a running search, stopping it first if asked to.
        let join = |searching: &mut Option<mpsc::Receiver<Engine>>,
                    engine: &mut Option<Engine>,
                    stop_first: bool| {
            if let Some(handover) = searching.take() {
                if stop_first {
                    stop.store(true, Ordering::SeqCst);
                }
                // A search thread that panicked hands nothing over: start afresh.
                *engine = Some(
                    handover
                        .recv()
                        .unwrap_or_else(|_| Engine::new(DEFAULT_HASH_MB)),
                );
            }
        };
        let finish = |searching: &mut Option<mpsc::Receiver<Engine>>,
                      engine: &mut Option<Engine>| {
            join(searching, engine, true)
        };
        // One search thread for the whole session, waiting for `go` jobs: a thread that sleeps
        // and is woken gets the processor sooner on a busy machine than a new thread would, and
        // the move's clock is already running.
        let (jobs, queue) = mpsc::channel::<(Job, mpsc::Sender<Engine>)>();
        let (out_ref, stop_ref, pondering_ref) = (&out, &stop, &pondering);
        scope.spawn(move || {
            for (job, handover) in queue {
                think(job, out_ref, stop_ref, pondering_ref, handover);
            }
        });
        for line in input.lines() {
            let line = line?;
            // The GUI's clock for a `go` runs from here.
            let received = Instant::now();
            let line = line.trim();
            let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
            let rest = rest.trim();
            let words: Vec<&str> = rest.split_whitespace().collect();
            match command {
                "" => {}
                "ucci" | "uci" => {
                    session.dialect = if command == "ucci" {
                        Dialect::Ucci
                    } else {
                        Dialect::Uci
                    };
                    let level = engine.as_ref().map_or(10, |e| e.level().get());
                    let name = if level == 10 {
                        NAME.to_string()
                    } else {
                        format!("{NAME} level {level}")
                    };
                    let lines: Vec<String> = match session.dialect {
                        Dialect::Ucci => vec![
                            format!("id name {name}"),
                            format!("id author {AUTHOR}"),
                            "option usemillisec type check default false".into(),
                            format!(
                                "option hashsize type spin min 1 max {MAX_HASH_MB} default {DEFAULT_HASH_MB}"
                            ),
                            "option level type spin min 1 max 10 default 10".into(),
                            "option ponder type check default false".into(),
                            "ucciok".into(),
                        ],
                        Dialect::Uci => vec![
                            format!("id name {name}"),
                            format!("id author {AUTHOR}"),
                            format!(
                                "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
                            ),
                            "option name Level type spin default 10 min 1 max 10".into(),
                            "option name Ponder type check default false".into(),
                            "option name UCI_Variant type combo default xiangqi var xiangqi".into(),
                            "uciok".into(),
                        ],
                    };
                    for l in lines {
                        say(&out, &l);
                    }
                }
                "isready" => say(&out, "readyok"),
                "stop" => finish(&mut searching, &mut engine),
                // The expected move was played: the ponder search now runs on our clock.
                "ponderhit" => pondering.store(false, Ordering::SeqCst),
                "quit" => {
                    finish(&mut searching, &mut engine);
                    return Ok(());
                }
                "ucinewgame" => {
                    finish(&mut searching, &mut engine);
                    if let Some(e) = engine.as_mut() {
                        e.new_game();
                    }
                }
                "setoption" => {
                    finish(&mut searching, &mut engine);
                    if let Some(e) = engine.as_mut()
                        && let Err(why) = set_option(e, &mut session, &words)
                    {
                        say(&out, &format!("info string 选项错误 bad option: {why}"));
                    }
                }
                "position" => {
                    finish(&mut searching, &mut engine);
                    match parse_position(rest) {
                        Ok(pos) => {
                            session.position = pos;
                            session.banned.clear();
                        }
                        Err(why) => say(&out, &format!("info string 局面错误 bad position: {why}")),
                    }
                }
                "banmoves" => {
                    finish(&mut searching, &mut engine);
                    let parsed: Option<Vec<Move>> = words.iter().map(|w| parse_move(w)).collect();
                    match parsed {
                        Some(moves) => session.banned = moves,
                        None => say(
                            &out,
                            "info string 禁着错误 bad banmoves: expected ICCS moves",
                        ),
                    }
                }
                "go" => {
                    finish(&mut searching, &mut engine);
                    let red = session.position.side_to_move() == crate::piece::Color::Red;
                    let millis = session.millis || session.dialect == Dialect::Uci;
                    let limits = match parse_go(&words, session.dialect, red, millis) {
                        Ok(l) => Limits {
                            started: Some(received),
                            ..l
                        },
                        Err(why) => {
                            say(&out, &format!("info string 思考命令错误 bad go: {why}"));
                            continue;
                        }
                    };
                    let Some(e) = engine.take() else { continue };
                    let ponder = words.contains(&"ponder");
                    stop.store(false, Ordering::SeqCst);
                    pondering.store(ponder, Ordering::SeqCst);
                    waits_for_gui = limits.infinite || ponder;
                    let (handover, taken_back) = mpsc::channel();
                    let job = Job {
                        engine: e,
                        position: session.position.clone(),
                        limits,
                        banned: session.banned.clone(),
                        dialect: session.dialect,
                    };
                    match jobs.send((job, handover)) {
                        Ok(()) => searching = Some(taken_back),
                        Err(mpsc::SendError((job, _))) => {
                            engine = Some(job.engine);
                            say(&out, "info string 搜索线程已停止 the search thread is gone");
                        }
                    }
                }
                other => say(
                    &out,
                    &format!("info string 未知命令 unknown command: {other}"),
                ),
            }
        }
        // End of input: a bounded search may finish (so that scripted input works).
        join(&mut searching, &mut engine, waits_for_gui);
        Ok(())
    })
}

/// A search asked for by `go`.
struct Job {
    engine: Engine,
    position: Position,
    limits: Limits,
    banned: Vec<Move>,
    dialect: Dialect,
}

/// Runs a `go` job on the search thread: searches, waits for the GUI if the search was infinite
/// or pondering, hands the engine back through `handover` and answers `bestmove`.
fn think<W: Write>(
    job: Job,
    out: &Mutex<W>,
    stop: &AtomicBool,
    pondering: &AtomicBool,
    handover: mpsc::Sender<Engine>,
) {
    let Job {
        mut engine,
        position,
        limits,
        banned,
        dialect,
    } = job;
    let result =
        engine.search_pondering(&position, &limits, &banned, stop, pondering, &mut |info| {
            say(out, &info_line(info, dialect))
        });
    // An infinite search answers on `stop`; a ponder search on `stop` or, if it ended before,
    // on `ponderhit`.
    while !stop.load(Ordering::SeqCst) && (limits.infinite || pondering.load(Ordering::SeqCst)) {
        thread::sleep(Duration::from_millis(1));
    }
    let answer = match (result.best, dialect) {
        (None, Dialect::Ucci) => "nobestmove".to_string(),
        (None, Dialect::Uci) => "bestmove (none)".to_string(),
        (Some(best), _) => match result.ponder {
            Some(p) => format!("bestmove {best} ponder {p}"),
            None => format!("bestmove {best}"),
        },
    };
    // Hand the engine back while holding the output, then answer: the loop can take the next
    // command at once, and whatever it prints next comes after this answer.
    let Ok(mut w) = out.lock() else { return };
    let _ = handover.send(engine);
    if result.score.abs() > MATE_BOUND && dialect == Dialect::Ucci {
        let _ = writeln!(w, "info string mate score {}", result.score);
    }
    let _ = writeln!(w, "{answer}");
    let _ = w.flush();
}

/// Applies `setoption` (the words after it) in either dialect.
fn set_option(engine: &mut Engine, session: &mut Session, words: &[&str]) -> Result<(), String> {
    // UCI: `name <NAME…> value <VALUE…>`; UCCI: `<name> <value>`.
    let (name, value) = if words.first() == Some(&"name") {
        let value_at = words.iter().position(|&w| w == "value");
        let name_end = value_at.unwrap_or(words.len());
        let name = words[1..name_end].join(" ");
        let value = value_at
            .map(|i| words[i + 1..].join(" "))
            .unwrap_or_default();
        (name, value)
    } else {
        let name = words.first().copied().unwrap_or("").to_string();
        (
            name,
            words.get(1..).map(|w| w.join(" ")).unwrap_or_default(),
        )
    };
    let number = |v: &str| {
        v.parse::<i64>()
            .map_err(|_| format!("`{name}` needs a whole number, got `{v}`"))
    };
    match name.to_ascii_lowercase().as_str() {
        "hash" | "hashsize" => {
            let mb = number(&value)?;
            if !(1..=MAX_HASH_MB as i64).contains(&mb) {
                return Err(format!("Hash must be 1..{MAX_HASH_MB} MiB, got {mb}"));
            }
            engine.set_hash(mb as usize);
        }
        "level" | "skill level" => {
            let level = Level::new(number(&value)?).map_err(|e| e.to_string())?;
            engine.set_level(level);
        }
        "usemillisec" => session.millis = value.eq_ignore_ascii_case("true"),
        // Whether the GUI lets the engine ponder: `go ponder` works either way, and the time
        // budget does not assume pondering, so there is nothing to change.
        "ponder" => {}
        "newgame" => engine.new_game(),
        "uci_variant" => {
            if !value.eq_ignore_ascii_case("xiangqi") {
                return Err(format!("only the xiangqi variant is played, not `{value}`"));
            }
        }
        "" => return Err("no option name".into()),
        _ => return Err(format!("unknown option `{name}`")),
    }
    Ok(())
}

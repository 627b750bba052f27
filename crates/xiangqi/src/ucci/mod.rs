//! The engine protocol loop: UCCI (Universal Chinese Chess Interface, the protocol of
//! ElephantEye and the classic Chinese GUIs) and UCI as spoken by modern Xiangqi GUIs for
//! Pikafish, over any reader and writer.
//!
//! The dialect is chosen by the first handshake command: `ucci` or `uci`. Both accept
//! `isready`, `setoption`, `position startpos|fen … [moves …]`, `go …`, `stop`, `ponderhit` and
//! `quit`; UCCI adds `banmoves` and `setoption newgame`, UCI adds `ucinewgame`. Options: `Hash`
//! (MiB), `Level` (1–10, see [`crate::engine::level`]), `MultiPV` (1–5 principal variations, each
//! reported with `info multipv N`), `Threads` (search threads sharing the table), `usemillisec` (UCCI: times in milliseconds instead of
//! seconds), `Ponder` (accepted; see below), `UCI_Variant` (only `xiangqi`) and `Coordinates`.
//! `go searchmoves m…` searches only those moves.
//!
//! Moves are ICCS coordinates (`h2e2`, ranks 0–9) in UCCI and by default in UCI; a UCI GUI of the
//! Fairy-Stockfish family (cutechess among them) numbers ranks 1–10, and the engine follows it:
//! see [`Coordinates`].
//!
//! `go` searches on a second thread, so `stop` (and `isready`) are answered at once. A bad
//! command is reported on an `info string` line and otherwise ignored; after a refused
//! `position` there is no position, and `go` answers `nobestmove` (UCI: `bestmove (none)`) with
//! the reason, rather than a move for an older position.
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

mod coords;

pub use coords::Coordinates;

use crate::engine::score::{MATE_BOUND, mate_in_moves};
use crate::engine::{
    Clock, DEFAULT_HASH_MB, Engine, Info, Level, Limits, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS,
    Report,
};
use crate::moves::Move;
use crate::moves::MoveList;
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

/// Parses `startpos|fen <FEN> [moves <m>…]` (the words after `position`), moves in ICCS.
pub fn parse_position(args: &str) -> Result<Position, String> {
    parse_position_in(args, Coordinates::Iccs)
}

/// The words after `moves` in a `position` command.
fn position_moves(args: &str) -> &str {
    args.split_once(" moves").map_or("", |(_, moves)| moves)
}

/// As [`parse_position`], with moves in `coords`.
pub fn parse_position_in(args: &str, coords: Coordinates) -> Result<Position, String> {
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
        let m = coords.parse(text).ok_or_else(|| {
            format!(
                "move {}: `{text}` is not a move in {} coordinates",
                i + 1,
                coords.name()
            )
        })?;
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
    /// The position to search; `None` after a refused `position`, with the reason.
    position: Result<Position, String>,
    banned: Vec<Move>,
    millis: bool,
    coords: Coordinates,
    /// Set by the `Coordinates` option: no longer guessed from what the GUI sends.
    coords_fixed: bool,
}

impl Session {
    /// Follows the numbering that the GUI's moves prove (UCI only; UCCI is always ICCS).
    fn learn_coordinates(&mut self, moves: &str) {
        if self.dialect == Dialect::Uci
            && !self.coords_fixed
            && let Some(proven) = moves.split_whitespace().find_map(Coordinates::proven_by)
        {
            self.coords = proven;
        }
    }
}

/// Writes one line to the shared output.
fn say<W: Write>(out: &Mutex<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

/// Formats a search report.
fn info_line(report: &Report, dialect: Dialect, coords: Coordinates) -> String {
    match report {
        Report::Line(info) => line_info(info, dialect, coords),
        Report::CurrMove { depth, mv, number } => format!(
            "info depth {depth} currmove {} currmovenumber {number}",
            coords.write(*mv)
        ),
    }
}

/// Formats one principal variation's report.
fn line_info(info: &Info, dialect: Dialect, coords: Coordinates) -> String {
    let score = match (dialect, mate_in_moves(info.score)) {
        (Dialect::Uci, Some(mate)) => format!("mate {mate}"),
        (Dialect::Uci, None) => format!("cp {}", info.score),
        (Dialect::Ucci, _) => info.score.to_string(),
    };
    let pv: Vec<String> = info.pv.iter().map(|&m| coords.write(m)).collect();
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {}",
        info.depth,
        info.seldepth,
        info.multipv,
        score,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.millis
    );
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
        position: Ok(Position::startpos()),
        banned: Vec::new(),
        millis: false,
        coords: Coordinates::Iccs,
        coords_fixed: false,
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
                            format!("option multipv type spin min 1 max {MAX_MULTIPV} default 1"),
                            format!("option threads type spin min 1 max {MAX_THREADS} default 1"),
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
                            format!(
                                "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
                            ),
                            format!(
                                "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
                            ),
                            "option name Ponder type check default false".into(),
                            "option name UCI_Variant type combo default xiangqi var xiangqi".into(),
                            "option name Coordinates type combo default auto var auto var iccs var 1-10"
                                .into(),
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
                    session.learn_coordinates(position_moves(rest));
                    session.banned.clear();
                    session.position = parse_position_in(rest, session.coords);
                    if let Err(why) = &session.position {
                        say(&out, &format!("info string 局面错误 bad position: {why}"));
                    }
                }
                "banmoves" => {
                    finish(&mut searching, &mut engine);
                    let parsed: Option<Vec<Move>> =
                        words.iter().map(|w| session.coords.parse(w)).collect();
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
                    let position = match &session.position {
                        Ok(position) => position.clone(),
                        Err(why) => {
                            say(&out, &format!("info string 没有局面 no position: {why}"));
                            say(&out, no_move(session.dialect));
                            continue;
                        }
                    };
                    let banned = match searchmoves(&words, &position, session.coords) {
                        Ok(Some(only)) => {
                            let mut all = MoveList::new();
                            position.legal_moves(&mut all);
                            all.iter()
                                .copied()
                                .filter(|m| !only.contains(m) || session.banned.contains(m))
                                .collect()
                        }
                        Ok(None) => session.banned.clone(),
                        Err(why) => {
                            say(&out, &format!("info string 思考命令错误 bad go: {why}"));
                            continue;
                        }
                    };
                    let red = position.side_to_move() == crate::piece::Color::Red;
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
                        position,
                        limits,
                        banned,
                        dialect: session.dialect,
                        coords: session.coords,
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
    coords: Coordinates,
}

/// The answer to `go` when there is no move to give.
fn no_move(dialect: Dialect) -> &'static str {
    match dialect {
        Dialect::Ucci => "nobestmove",
        Dialect::Uci => "bestmove (none)",
    }
}

/// The go words that start a new part (so `searchmoves` ends at one of them).
const GO_KEYWORDS: [&str; 12] = [
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "movetime",
    "infinite",
    "time",
    "increment",
];

/// The moves after `searchmoves`, if given: each must be legal in `position`.
fn searchmoves(
    words: &[&str],
    position: &Position,
    coords: Coordinates,
) -> Result<Option<Vec<Move>>, String> {
    let Some(at) = words.iter().position(|&w| w == "searchmoves") else {
        return Ok(None);
    };
    let mut only = Vec::new();
    for &text in words[at + 1..]
        .iter()
        .take_while(|w| !GO_KEYWORDS.contains(w) && !w.starts_with("opp"))
    {
        let m = coords
            .parse(text)
            .filter(|&m| position.is_legal(m))
            .ok_or_else(|| format!("searchmoves: `{text}` is not a legal move here"))?;
        only.push(m);
    }
    if only.is_empty() {
        return Err("searchmoves needs at least one move".into());
    }
    Ok(Some(only))
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
        coords,
    } = job;
    let result = engine.search_pondering(
        &position,
        &limits,
        &banned,
        stop,
        pondering,
        &mut |report| say(out, &info_line(report, dialect, coords)),
    );
    // An infinite search answers on `stop`; a ponder search on `stop` or, if it ended before,
    // on `ponderhit`.
    while !stop.load(Ordering::SeqCst) && (limits.infinite || pondering.load(Ordering::SeqCst)) {
        thread::sleep(Duration::from_millis(1));
    }
    let answer = match (result.best, result.ponder) {
        (None, _) => no_move(dialect).to_string(),
        (Some(best), Some(p)) => {
            format!("bestmove {} ponder {}", coords.write(best), coords.write(p))
        }
        (Some(best), None) => format!("bestmove {}", coords.write(best)),
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
        "multipv" => {
            let lines = number(&value)?;
            if !(1..=MAX_MULTIPV as i64).contains(&lines) {
                return Err(format!("MultiPV must be 1..{MAX_MULTIPV}, got {lines}"));
            }
            engine.set_multipv(lines as usize);
        }
        "threads" => {
            let threads = number(&value)?;
            if !(1..=MAX_THREADS as i64).contains(&threads) {
                return Err(format!("Threads must be 1..{MAX_THREADS}, got {threads}"));
            }
            engine.set_threads(threads as usize);
        }
        "coordinates" => {
            if value.eq_ignore_ascii_case("auto") {
                session.coords_fixed = false;
            } else {
                session.coords = Coordinates::from_name(&value)
                    .ok_or_else(|| format!("Coordinates is auto, iccs or 1-10, not `{value}`"))?;
                session.coords_fixed = true;
            }
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
            // Only Fairy-Stockfish-style GUIs select a variant, and they number ranks 1-10.
            if !session.coords_fixed {
                session.coords = Coordinates::FromOne;
            }
        }
        "" => return Err("no option name".into()),
        _ => return Err(format!("unknown option `{name}`")),
    }
    Ok(())
}

//! The Gomocup (Piskvork) brain protocol over any `BufRead` + `Write`: the manager sends one
//! command per line; the brain answers `OK`, a move `x,y` (0-based column, row from the top), or
//! `ERROR`/`UNKNOWN` lines, and may send `MESSAGE`/`DEBUG` lines before an answer.
//! Specification: Petr Laštovička, "Piskvork / Gomocup protocol" (gomocup.org/detail-information),
//! including `INFO` keys, `BOARD … DONE`, `RECTSTART`, `RESTART`, `TAKEBACK`, `PLAY` and the
//! `SWAP2BOARD` extension.
//!
//! Input is read on a thread of its own, so that `YXSTOP` or `STOP` (Yixin's and Piskvork's stop
//! commands) end a search at once: the brain then answers with the best move found so far.

use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use crate::board::Board;
use crate::engine::{Engine, Level, SearchLimits, patterns};
use crate::point::{Color, MAX_SIZE, MIN_SIZE, Point};
use crate::rules::RuleSet;

/// Name, version and author reported by `ABOUT`.
pub const ABOUT: &str = concat!(
    "name=\"qipan\", version=\"",
    env!("CARGO_PKG_VERSION"),
    "\", author=\"qipan authors\", country=\"CN\""
);

/// The brain's view of the match: board, stones of each side, rules and clocks.
pub struct Brain {
    engine: Engine,
    size: Option<u8>,
    own: Vec<Point>,
    opp: Vec<Point>,
    rule_set: RuleSet,
    /// Milliseconds per move (0: as fast as possible).
    timeout_turn: u64,
    /// Milliseconds for the whole match (0: no limit).
    timeout_match: u64,
    /// Milliseconds left in the match, as last reported.
    time_left: Option<u64>,
    /// Set by the input thread when the manager says `YXSTOP` or `STOP`.
    stop: Arc<AtomicBool>,
}

impl Brain {
    /// A brain playing at `level`.
    pub fn new(level: Level) -> Brain {
        // Build the pattern tables now, not on the first (timed) move.
        patterns::table(false);
        patterns::table(true);
        Brain {
            engine: Engine::new(level, 0x5eed),
            size: None,
            own: vec![],
            opp: vec![],
            rule_set: RuleSet::Freestyle,
            timeout_turn: 5_000,
            timeout_match: 0,
            time_left: None,
            stop: Arc::default(),
        }
    }

    /// The thinking time for the next move: the turn limit (or a share of the match time left)
    /// less a tenth (at least 25 ms) for process and pipe latency.
    pub fn think_time(&self) -> Duration {
        let turn = if self.timeout_turn == 0 {
            50
        } else {
            self.timeout_turn
        };
        let mut budget = turn;
        if self.timeout_match > 0
            && let Some(left) = self.time_left
        {
            let size = u64::from(self.size.unwrap_or(15));
            let stones = (self.own.len() + self.opp.len()) as u64;
            let moves_left = ((size * size).saturating_sub(stones) / 2).clamp(15, 40);
            budget = budget.min(left / moves_left);
        }
        // The search stops within a millisecond of its deadline; the margin covers the process
        // and pipe latency (managers allow some tolerance, but a time-out loses the game).
        let margin = (budget / 10).max(25);
        let ms = budget.saturating_sub(margin).max(5);
        Duration::from_millis(ms)
    }

    /// A board where the side to move (by parity) owns our stones.
    fn board(&self) -> Option<Board> {
        let size = self.size?;
        let mut board = Board::new(u32::from(size)).ok()?;
        let me = if (self.own.len() + self.opp.len()).is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        };
        for &p in &self.own {
            board.set(p, Some(me));
        }
        for &p in &self.opp {
            board.set(p, Some(me.opponent()));
        }
        Some(board)
    }

    /// The reply to a first stone alone on the board: its diagonal neighbour nearest the centre
    /// (the "indirect" opening). A search this early sees nothing, and left to itself it may
    /// answer two points away, a known weak reply.
    fn answer_to_a_lone_stone(&self, board: &Board) -> Option<Point> {
        let [stone] = self.opp[..] else {
            return None;
        };
        if !self.own.is_empty() {
            return None;
        }
        let c = i32::from(board.size() / 2);
        [(1, 1), (1, -1), (-1, 1), (-1, -1)]
            .into_iter()
            .filter_map(|(dx, dy)| board.point_at(i32::from(stone.x) + dx, i32::from(stone.y) + dy))
            .min_by_key(|p| (i32::from(p.x) - c).abs() + (i32::from(p.y) - c).abs())
    }

    fn occupied(&self, p: Point) -> bool {
        self.own.contains(&p) || self.opp.contains(&p)
    }

    fn parse_point(&self, text: &str) -> Result<Point, String> {
        let size = self.size.ok_or("no board: send START first")?;
        let mut parts = text.split(',').map(str::trim);
        let (Some(x), Some(y)) = (parts.next(), parts.next()) else {
            return Err(format!("expected x,y, got `{text}`"));
        };
        let (Ok(x), Ok(y)) = (x.parse::<u32>(), y.parse::<u32>()) else {
            return Err(format!("expected x,y, got `{text}`"));
        };
        if x >= u32::from(size) || y >= u32::from(size) {
            return Err(format!("{x},{y} is off the {size}x{size} board"));
        }
        Ok(Point::new(x as u8, y as u8))
    }

    /// Thinks, records and returns our move as the protocol writes it, with a MESSAGE line.
    fn think(&mut self) -> Result<(String, String), String> {
        let board = self.board().ok_or("no board: send START first")?;
        if let Some(reply) = self.answer_to_a_lone_stone(&board) {
            self.own.push(reply);
            let message = "MESSAGE book: a diagonal neighbour of the first stone".to_string();
            return Ok((message, format!("{},{}", reply.x, reply.y)));
        }
        let limits = SearchLimits::time(self.think_time()).with_stop(Arc::clone(&self.stop));
        let result = self
            .engine
            .best_move(&board, self.rule_set, limits)
            .ok_or("the board is full")?;
        self.own.push(result.best);
        let message = format!(
            "MESSAGE depth {} score {} nodes {} ({:?})",
            result.depth, result.score, result.nodes, result.found
        );
        Ok((message, format!("{},{}", result.best.x, result.best.y)))
    }
}

/// Whether a line tells a search to stop.
fn is_stop(line: &str) -> bool {
    matches!(line.trim().to_ascii_uppercase().as_str(), "YXSTOP" | "STOP")
}

/// Runs the protocol until `END` or the end of input.
pub fn run<R: BufRead + Send + 'static, W: Write>(
    input: R,
    mut output: W,
    level: Level,
) -> io::Result<()> {
    let mut brain = Brain::new(level);
    // The input thread passes every line on and sets the stop flag as soon as a stop command
    // arrives, while the brain may be thinking. It is left to end with the input.
    let (sender, received) = mpsc::channel();
    let stop = Arc::clone(&brain.stop);
    std::thread::spawn(move || {
        for line in input.lines() {
            if line.as_deref().is_ok_and(is_stop) {
                stop.store(true, Ordering::SeqCst);
            }
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut lines = received.into_iter();
    while let Some(line) = lines.next() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (command, rest) = line.split_once(' ').unwrap_or((line, ""));
        let rest = rest.trim();
        // A stop that arrived between searches must not cut the next one short.
        brain.stop.store(false, Ordering::SeqCst);
        let replies: Vec<String> = match command.to_ascii_uppercase().as_str() {
            // The search it was for (if any) has already answered.
            "YXSTOP" | "STOP" => vec![],
            "START" => match rest.parse::<u32>() {
                Ok(n) if (u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&n) => {
                    start(&mut brain, n as u8);
                    vec!["OK".into()]
                }
                _ => vec![format!("ERROR unsupported board size `{rest}` (5 to 25)")],
            },
            "RECTSTART" => {
                let dims: Vec<u32> = rest
                    .split(',')
                    .filter_map(|v| v.trim().parse().ok())
                    .collect();
                match dims[..] {
                    [w, h]
                        if w == h && (u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&w) =>
                    {
                        start(&mut brain, w as u8);
                        vec!["OK".into()]
                    }
                    _ => vec![format!(
                        "ERROR only square boards 5 to 25 are supported, not `{rest}`"
                    )],
                }
            }
            "RESTART" => match brain.size {
                Some(size) => {
                    start(&mut brain, size);
                    vec!["OK".into()]
                }
                None => vec!["ERROR no board: send START first".into()],
            },
            "TURN" => match brain.parse_point(rest) {
                Ok(p) if brain.occupied(p) => vec![format!("ERROR {rest} is occupied")],
                Ok(p) => {
                    brain.opp.push(p);
                    answer(brain.think())
                }
                Err(e) => vec![format!("ERROR {e}")],
            },
            "BEGIN" => answer(brain.think()),
            "PLAY" => match brain.parse_point(rest) {
                Ok(p) if !brain.occupied(p) => {
                    brain.own.push(p);
                    vec![format!("{},{}", p.x, p.y)]
                }
                Ok(_) => vec![format!("ERROR {rest} is occupied")],
                Err(e) => vec![format!("ERROR {e}")],
            },
            "TAKEBACK" => match brain.parse_point(rest) {
                Ok(p) if brain.occupied(p) => {
                    brain.own.retain(|&q| q != p);
                    brain.opp.retain(|&q| q != p);
                    vec!["OK".into()]
                }
                Ok(_) => vec![format!("ERROR {rest} holds no stone to take back")],
                Err(e) => vec![format!("ERROR {e}")],
            },
            "BOARD" => match read_board(&mut brain, &mut lines) {
                Ok(()) => answer(brain.think()),
                Err(e) => vec![format!("ERROR {e}")],
            },
            "SWAP2BOARD" => match read_swap2(&brain, &mut lines) {
                Ok(stones) => swap2(&mut brain, &stones),
                Err(e) => vec![format!("ERROR {e}")],
            },
            "INFO" => {
                info(&mut brain, rest);
                vec![]
            }
            "ABOUT" => vec![ABOUT.into()],
            "END" => return Ok(()),
            _ => vec![format!("UNKNOWN command `{command}`")],
        };
        for reply in replies {
            writeln!(output, "{reply}")?;
        }
        output.flush()?;
    }
    Ok(())
}

fn start(brain: &mut Brain, size: u8) {
    brain.size = Some(size);
    brain.own.clear();
    brain.opp.clear();
    brain.engine.clear();
}

fn answer(result: Result<(String, String), String>) -> Vec<String> {
    match result {
        Ok((message, mv)) => vec![message, mv],
        Err(e) => vec![format!("ERROR {e}")],
    }
}

fn info(brain: &mut Brain, rest: &str) {
    let (key, value) = rest.split_once(' ').unwrap_or((rest, ""));
    let number = value.trim().parse::<u64>().ok();
    match (key.to_ascii_lowercase().as_str(), number) {
        ("timeout_turn", Some(v)) => brain.timeout_turn = v,
        ("timeout_match", Some(v)) => brain.timeout_match = v,
        ("time_left", Some(v)) => brain.time_left = Some(v),
        ("rule", Some(v)) => brain.rule_set = RuleSet::from_gomocup_bits(v as u32),
        // max_memory, game_type, evaluate, folder: nothing to adjust.
        _ => {}
    }
}

/// Reads `x,y,field` lines up to `DONE` (field 1 ours, 2 theirs, 3 a stone of a continuous
/// game's winning line, counted as theirs) into a fresh position. Managers send `BOARD` before every move: when the new
/// position continues the last one (every stone still there, with its owner), the engine keeps
/// what it learnt (its transposition table); otherwise it starts afresh.
fn read_board<I: Iterator<Item = io::Result<String>>>(
    brain: &mut Brain,
    lines: &mut I,
) -> Result<(), String> {
    let (old_own, old_opp) = (
        std::mem::take(&mut brain.own),
        std::mem::take(&mut brain.opp),
    );
    let read = read_board_lines(brain, lines);
    let continues = old_own.iter().all(|p| brain.own.contains(p))
        && old_opp.iter().all(|p| brain.opp.contains(p));
    if read.is_err() || !continues {
        brain.engine.clear();
    }
    read
}

fn read_board_lines<I: Iterator<Item = io::Result<String>>>(
    brain: &mut Brain,
    lines: &mut I,
) -> Result<(), String> {
    let mut error = None;
    for line in lines.by_ref() {
        let line = line.map_err(|e| e.to_string())?;
        let line = line.trim();
        if line.eq_ignore_ascii_case("DONE") {
            return error.map_or(Ok(()), Err);
        }
        if error.is_some() || line.is_empty() {
            continue;
        }
        let (xy, field) = line.rsplit_once(',').unwrap_or((line, ""));
        match (brain.parse_point(xy), field.trim()) {
            (Ok(p), _) if brain.occupied(p) => error = Some(format!("{xy} is given twice")),
            (Ok(p), "1") => brain.own.push(p),
            // A stone of a continuous game's winning line (or a point renju forbids): occupied,
            // and of no use to us, so it counts as the opponent's.
            (Ok(p), "2" | "3") => brain.opp.push(p),
            (Ok(_), f) => error = Some(format!("unknown field `{f}` in `{line}`")),
            (Err(e), _) => error = Some(e),
        }
    }
    Err("BOARD ended without DONE".into())
}

/// Reads the plain `x,y` lines of `SWAP2BOARD` up to `DONE`, in the order played.
fn read_swap2<I: Iterator<Item = io::Result<String>>>(
    brain: &Brain,
    lines: &mut I,
) -> Result<Vec<Point>, String> {
    let mut stones: Vec<Point> = vec![];
    for line in lines.by_ref() {
        let line = line.map_err(|e| e.to_string())?;
        let line = line.trim();
        if line.eq_ignore_ascii_case("DONE") {
            return Ok(stones);
        }
        if line.is_empty() {
            continue;
        }
        let p = brain.parse_point(line)?;
        if stones.contains(&p) {
            return Err(format!("{line} is given twice"));
        }
        stones.push(p);
    }
    Err("SWAP2BOARD ended without DONE".into())
}

/// Swap2: with no stones, propose a balanced three-stone opening; with three, play White or
/// `SWAP` to take Black, whichever the engine prefers; with five, likewise.
fn swap2(brain: &mut Brain, stones: &[Point]) -> Vec<String> {
    let Some(size) = brain.size else {
        return vec!["ERROR no board: send START first".into()];
    };
    match stones.len() {
        0 => {
            let opening = balanced_opening(brain, size);
            brain.own = vec![opening[0], opening[2]];
            brain.opp = vec![opening[1]];
            let text: Vec<String> = opening.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
            vec![text.join(" ")]
        }
        3 | 5 => {
            // Stones alternate Black, White, ...; White is to move next.
            let (black, white): (Vec<Point>, Vec<Point>) = {
                let mut b = vec![];
                let mut w = vec![];
                for (i, &p) in stones.iter().enumerate() {
                    if i % 2 == 0 { b.push(p) } else { w.push(p) }
                }
                (b, w)
            };
            brain.own = white;
            brain.opp = black;
            let Some(board) = brain.board() else {
                return vec!["ERROR no board".into()];
            };
            let limits = SearchLimits::time(brain.think_time());
            match brain.engine.best_move(&board, brain.rule_set, limits) {
                Some(r) if r.score >= 0 => {
                    brain.own.push(r.best);
                    vec![format!("{},{}", r.best.x, r.best.y)]
                }
                _ => {
                    // Take Black: our stones are the black ones now, the opponent (White) moves.
                    std::mem::swap(&mut brain.own, &mut brain.opp);
                    vec!["SWAP".into()]
                }
            }
        }
        n => vec![format!(
            "ERROR SWAP2BOARD with {n} stones (expected 0, 3 or 5)"
        )],
    }
}

/// A Swap2 proposal that varies from game to game (see [`Engine::propose_three`]).
fn balanced_opening(brain: &mut Brain, size: u8) -> [Point; 3] {
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let time = brain.think_time();
    let rule_set = brain.rule_set;
    brain.engine.propose_three(size, rule_set, time, seed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_time_leaves_a_margin_under_the_turn_and_match_limits() {
        let mut brain = Brain::new(Level::MAX);
        brain.size = Some(15);
        brain.timeout_turn = 100;
        assert_eq!(brain.think_time(), Duration::from_millis(75));
        brain.timeout_turn = 1_000;
        assert_eq!(brain.think_time(), Duration::from_millis(900));
        brain.timeout_turn = 10_000;
        brain.timeout_match = 60_000;
        brain.time_left = Some(3_000);
        // 3 s left on an empty board, 40 moves to go: 75 ms a move, less the margin.
        assert_eq!(brain.think_time(), Duration::from_millis(50));
        brain.timeout_turn = 0;
        brain.time_left = None;
        assert!(brain.think_time() <= Duration::from_millis(30));
    }
}

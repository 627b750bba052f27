//! A UCCI or UCI engine as a [`Player`]: the protocol of Xiangqi engines (and of chess-like
//! engines in general), spoken over an [`EngineProcess`].
//!
//! UCCI (Universal Chinese Chess Interface) and UCI differ in their handshake (`ucci`/`ucciok`
//! vs `uci`/`uciok`), in `setoption` syntax (`setoption Hash 64` vs
//! `setoption name Hash value 64`) and in how clocks are sent with `go`. Both use
//! `position fen … moves …` and answer with `bestmove`; UCCI may also answer `nobestmove`.
//!
//! Ranks: ICCS numbers them 0–9, Fairy-Stockfish-style UCI engines 1–10 (see
//! [`Coordinates`]). Unless told, the arena assumes 1–10 for a UCI engine that offers
//! `UCI_Variant` and ICCS otherwise, then follows what the engine's own moves prove: a move
//! that is legal only when read in the other numbering switches the engine to it, so a match is
//! never scored on moves read in the wrong numbering.

use std::time::{Duration, Instant};

pub use qipan_xiangqi::ucci::Coordinates;

use crate::clock::ClockView;
use crate::error::ArenaError;
use crate::process::EngineProcess;
use crate::referee::{Player, Referee, Reply, Seat};

/// How long an engine gets to answer a handshake or `isready`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);

/// The protocol an engine speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// UCCI, the classic Chinese chess protocol.
    Ucci,
    /// UCI as spoken by modern Xiangqi engines (Pikafish, Fairy-Stockfish).
    Uci,
}

/// A game whose positions can be sent as `position fen … moves …`.
pub trait FenGame {
    /// FEN of the position the game started from.
    fn start_fen(&self) -> String;
    /// Moves played since, written in `coords`.
    fn moves_in(&self, coords: Coordinates) -> Vec<String>;
    /// An engine's move as the referee reads it (ICCS), and the numbering it was written in:
    /// in `known` if the engine's numbering is known, else in whichever makes it legal here
    /// (`guess` first). `None` when it is no legal move in any.
    fn read_move(
        &self,
        text: &str,
        known: Option<Coordinates>,
        guess: Coordinates,
    ) -> Option<(String, Coordinates)>;
}

/// An engine process driven by UCCI or UCI.
pub struct UciEngine {
    process: EngineProcess,
    dialect: Dialect,
    /// UCCI only: times go in milliseconds (the engine offered `usemillisec`), else in seconds.
    millis: bool,
    /// A `go` was sent whose `bestmove` has not been read (the engine overran its time): it must
    /// be stopped and its answer discarded before the engine is asked anything else.
    awaiting: bool,
    /// The engine's numbering of ranks, once told or proven.
    coords: Option<Coordinates>,
    /// The numbering assumed until then.
    guess: Coordinates,
}

impl UciEngine {
    /// Starts `command`, performs the handshake, selects `variant` through `UCI_Variant` when a UCI
    /// engine offers that option, and sets `options` (name, value). `coords` is the engine's
    /// numbering of ranks, or `None` to find it out.
    pub fn start(
        command: &str,
        dialect: Dialect,
        variant: &str,
        options: &[(String, String)],
        coords: Option<Coordinates>,
    ) -> Result<UciEngine, ArenaError> {
        let mut process = EngineProcess::spawn(command)?;
        let (hello, ok) = match dialect {
            Dialect::Ucci => ("ucci", "ucciok"),
            Dialect::Uci => ("uci", "uciok"),
        };
        process.send(hello)?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        let mut name = None;
        let mut has_variant_option = false;
        let mut has_millis_option = false;
        loop {
            let line = process.read_line(deadline, ok)?;
            let line = line.trim();
            if line == ok {
                break;
            }
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
            if line.starts_with("option name UCI_Variant ") {
                has_variant_option = true;
            }
            if line.starts_with("option usemillisec ") {
                has_millis_option = true;
            }
        }
        if let Some(name) = name {
            process.set_name(name);
        }
        let millis = dialect == Dialect::Uci || has_millis_option;
        let guess = if dialect == Dialect::Uci && has_variant_option {
            Coordinates::FromOne
        } else {
            Coordinates::Iccs
        };
        let mut engine = UciEngine {
            process,
            dialect,
            millis,
            awaiting: false,
            coords,
            guess,
        };
        if dialect == Dialect::Uci && has_variant_option {
            engine.set_option("UCI_Variant", variant)?;
        }
        if dialect == Dialect::Ucci && has_millis_option {
            engine.set_option("usemillisec", "true")?;
        }
        for (name, value) in options {
            engine.set_option(name, value)?;
        }
        engine.sync()?;
        Ok(engine)
    }

    /// Sends one `setoption` in the engine's dialect.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ArenaError> {
        let line = match self.dialect {
            Dialect::Ucci => format!("setoption {name} {value}"),
            Dialect::Uci => format!("setoption name {name} value {value}"),
        };
        self.process.send(&line)
    }

    /// Stops a search that overran its time and discards its late answer.
    fn settle(&mut self) -> Result<(), ArenaError> {
        if self.awaiting {
            self.process.send("stop")?;
            let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
            self.process
                .read_until(deadline, "bestmove after stop", is_answer)?;
            self.awaiting = false;
        }
        Ok(())
    }

    /// `isready` / `readyok`, discarding anything said before.
    fn sync(&mut self) -> Result<(), ArenaError> {
        self.settle()?;
        self.process.send("isready")?;
        let deadline = Instant::now() + HANDSHAKE_TIMEOUT;
        self.process
            .read_until(deadline, "readyok", |l| l.trim() == "readyok")?;
        Ok(())
    }

    /// The `go` command for a clock.
    fn go_command(&self, seat: Seat, clock: &ClockView) -> String {
        let ms = |d: Duration| d.as_millis();
        // UCCI without `usemillisec` counts whole seconds.
        let ucci_time = |d: Duration| {
            if self.millis {
                d.as_millis()
            } else {
                d.as_millis().div_ceil(1000).max(1)
            }
        };
        match (self.dialect, clock.movetime) {
            (Dialect::Uci, Some(t)) => format!("go movetime {}", ms(t)),
            (Dialect::Ucci, Some(t)) => format!("go time {} movestogo 1", ucci_time(t)),
            (Dialect::Uci, None) => {
                let own = (clock.own_time, clock.own_increment);
                let opponent = (clock.opponent_time, clock.opponent_increment);
                let (red, black) = match seat {
                    Seat::Starter => (own, opponent),
                    Seat::Responder => (opponent, own),
                };
                format!(
                    "go wtime {} btime {} winc {} binc {}",
                    ms(red.0),
                    ms(black.0),
                    ms(red.1),
                    ms(black.1)
                )
            }
            (Dialect::Ucci, None) => format!(
                "go time {} increment {} opptime {} oppincrement {}",
                ucci_time(clock.own_time),
                ucci_time(clock.own_increment),
                ucci_time(clock.opponent_time),
                ucci_time(clock.opponent_increment)
            ),
        }
    }
}

impl<R: Referee> Player<R> for UciEngine
where
    R::Game: FenGame,
{
    fn name(&self) -> &str {
        self.process.name()
    }

    fn new_game(&mut self) -> Result<(), ArenaError> {
        if self.dialect == Dialect::Uci {
            self.process.send("ucinewgame")?;
        }
        self.sync()
    }

    fn request_move(
        &mut self,
        game: &R::Game,
        seat: Seat,
        clock: ClockView,
        deadline: Instant,
    ) -> Result<Reply, ArenaError> {
        let coords = self.coords.unwrap_or(self.guess);
        let moves = game.moves_in(coords);
        let mut position = format!("position fen {}", game.start_fen());
        if !moves.is_empty() {
            position.push_str(" moves ");
            position.push_str(&moves.join(" "));
        }
        self.settle()?;
        self.process.send(&position)?;
        let go = self.go_command(seat, &clock);
        self.process.send(&go)?;
        self.awaiting = true;
        let line = self.process.read_until(deadline, "bestmove", is_answer)?;
        self.awaiting = false;
        let reply = parse_bestmove(&line).ok_or_else(|| ArenaError::Protocol {
            engine: self.process.name().to_string(),
            detail: format!("cannot read `{line}`"),
        })?;
        let Reply::Move(text) = reply else {
            return Ok(reply);
        };
        match game.read_move(&text, self.coords, self.guess) {
            Some((iccs, proven)) => {
                if self.coords.is_none() {
                    if proven != self.guess {
                        eprintln!(
                            "arena: {} numbers ranks {}; its moves are read so from now on",
                            self.process.name(),
                            proven.name()
                        );
                    }
                    self.coords = Some(proven);
                }
                Ok(Reply::Move(iccs))
            }
            // Not legal in any numbering: the referee refuses it as it was written.
            None => Ok(Reply::Move(text)),
        }
    }
}

/// Whether a line answers `go`.
fn is_answer(line: &str) -> bool {
    line.starts_with("bestmove") || line.starts_with("nobestmove")
}

/// Reads a `bestmove` or `nobestmove` line.
fn parse_bestmove(line: &str) -> Option<Reply> {
    let mut words = line.split_whitespace();
    match words.next()? {
        "nobestmove" => Some(Reply::NoMove),
        "bestmove" => match words.next()? {
            "(none)" | "0000" => Some(Reply::NoMove),
            mv => Some(Reply::Move(mv.to_string())),
        },
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bestmove_lines_are_read() {
        assert_eq!(
            parse_bestmove("bestmove h2e2 ponder h9g7"),
            Some(Reply::Move("h2e2".into()))
        );
        assert_eq!(parse_bestmove("nobestmove"), Some(Reply::NoMove));
        assert_eq!(parse_bestmove("bestmove (none)"), Some(Reply::NoMove));
        assert_eq!(parse_bestmove("bestmove"), None);
    }
}

//! A Gomocup (Piskvork protocol) engine as an arena player. Each move request sends the clocks as
//! `INFO` lines and the whole position as `BOARD … DONE` (or `BEGIN` on an empty board), then
//! waits for the `x,y` answer, skipping `MESSAGE`/`DEBUG` lines; nothing is sent before the
//! previous command was answered. A crashed engine loses the game and is restarted for the next.

use std::time::{Duration, Instant};

use qipan_gomoku::{Color, Rules};

use super::referee::{GomokuGame, GomokuReferee};
use crate::clock::ClockView;
use crate::error::ArenaError;
use crate::process::EngineProcess;
use crate::referee::{Player, Reply, Seat};

/// How long an engine may take to answer `START`, `RESTART` or `ABOUT`.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// A Gomocup brain in a child process.
pub struct GomocupEngine {
    command: String,
    process: EngineProcess,
    name: String,
    rules: Rules,
    started: bool,
}

impl GomocupEngine {
    /// Starts `command` and asks its name with `ABOUT`.
    pub fn start(command: &str, rules: Rules) -> Result<GomocupEngine, ArenaError> {
        let process = EngineProcess::spawn(command)?;
        let mut engine = GomocupEngine {
            command: command.to_string(),
            process,
            name: command.to_string(),
            rules,
            started: false,
        };
        engine.process.send("ABOUT")?;
        let about = engine.read_reply(Instant::now() + HANDSHAKE, "ABOUT")?;
        if let Some(name) = about_name(&about) {
            engine.name = name;
            engine.process.set_name(engine.name.clone());
        }
        Ok(engine)
    }

    /// The next line that is not a MESSAGE or DEBUG line.
    fn read_reply(&mut self, deadline: Instant, waiting_for: &str) -> Result<String, ArenaError> {
        let line = self.process.read_until(deadline, waiting_for, |l| {
            let word = l
                .split_whitespace()
                .next()
                .unwrap_or("")
                .to_ascii_uppercase();
            !(word == "MESSAGE" || word == "DEBUG" || l.trim().is_empty())
        })?;
        Ok(line.trim().to_string())
    }

    fn expect_ok(&mut self, command: &str) -> Result<(), ArenaError> {
        self.process.send(command)?;
        let reply = self.read_reply(Instant::now() + HANDSHAKE, command)?;
        if reply.eq_ignore_ascii_case("OK") {
            Ok(())
        } else {
            Err(ArenaError::Protocol {
                engine: self.name.clone(),
                detail: format!("answered `{reply}` to `{command}`"),
            })
        }
    }

    fn send_position(
        &mut self,
        game: &GomokuGame,
        me: Color,
        clock: &ClockView,
    ) -> Result<(), ArenaError> {
        let turn = clock.movetime.unwrap_or(clock.own_time).as_millis();
        self.process.send(&format!("INFO timeout_turn {turn}"))?;
        if clock.movetime.is_none() {
            let total = clock.own_time.as_millis();
            self.process
                .send(&format!("INFO timeout_match {}", total.max(1)))?;
            self.process.send(&format!("INFO time_left {total}"))?;
        }
        let moves = game.game.moves();
        if moves.is_empty() {
            return self.process.send("BEGIN");
        }
        self.process.send("BOARD")?;
        for (i, p) in moves.iter().enumerate() {
            let color = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let field = if color == me { 1 } else { 2 };
            self.process.send(&format!("{},{},{field}", p.x, p.y))?;
        }
        self.process.send("DONE")
    }

    /// Maps a dead process to a lost game (the runner ends the match only on other errors).
    fn crash_loses(&self, error: ArenaError) -> ArenaError {
        match error {
            ArenaError::Exited { .. } | ArenaError::Write { .. } => ArenaError::Protocol {
                engine: self.name.clone(),
                detail: format!("crashed ({error})"),
            },
            other => other,
        }
    }
}

/// The `name="…"` field of an `ABOUT` answer.
fn about_name(about: &str) -> Option<String> {
    let start = about.find("name=\"")? + 6;
    let end = about[start..].find('"')? + start;
    Some(about[start..end].to_string()).filter(|n| !n.is_empty())
}

impl Player<GomokuReferee> for GomocupEngine {
    fn name(&self) -> &str {
        &self.name
    }

    fn new_game(&mut self) -> Result<(), ArenaError> {
        if self.started && self.expect_ok("RESTART").is_ok() {
            return Ok(());
        }
        if self.started {
            // A crashed or confused engine: start it afresh.
            self.process = EngineProcess::spawn(&self.command)?;
            self.process.set_name(self.name.clone());
        }
        self.expect_ok(&format!("START {}", self.rules.size()))?;
        self.process
            .send(&format!("INFO rule {}", self.rules.rule_set.gomocup_bits()))?;
        self.process.send("INFO game_type 1")?;
        self.started = true;
        Ok(())
    }

    fn request_move(
        &mut self,
        game: &GomokuGame,
        seat: Seat,
        clock: ClockView,
        deadline: Instant,
    ) -> Result<Reply, ArenaError> {
        let me = if seat == Seat::Starter {
            Color::Black
        } else {
            Color::White
        };
        self.send_position(game, me, &clock)
            .map_err(|e| self.crash_loses(e))?;
        let reply = self
            .read_reply(deadline, "a move x,y")
            .map_err(|e| self.crash_loses(e))?;
        if reply.to_ascii_uppercase().starts_with("ERROR")
            || reply.to_ascii_uppercase().starts_with("UNKNOWN")
        {
            return Err(ArenaError::Protocol {
                engine: self.name.clone(),
                detail: format!("answered `{reply}` instead of a move"),
            });
        }
        Ok(Reply::Move(reply))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_names_are_read() {
        assert_eq!(
            about_name("name=\"qipan\", version=\"0.1\", author=\"x\"").as_deref(),
            Some("qipan")
        );
        assert_eq!(about_name("nothing"), None);
    }
}

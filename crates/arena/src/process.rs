//! An engine running as a child process, spoken to line by line over its stdin and stdout.
//!
//! A reader thread forwards every output line into a channel so that each read can have a
//! deadline: an engine that hangs costs the game, never the whole match.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use crate::error::ArenaError;

/// How long an engine gets to exit after `quit` before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(500);

/// A running engine process.
pub struct EngineProcess {
    name: String,
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    /// Starts `command` (a program and its arguments separated by spaces).
    pub fn spawn(command: &str) -> Result<Self, ArenaError> {
        let mut parts = command.split_whitespace();
        let program = parts.next().ok_or(ArenaError::EmptyCommand)?;
        let mut child = Command::new(program)
            .args(parts)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|source| ArenaError::Spawn {
                command: command.to_string(),
                source,
            })?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            // Both were requested as pipes above, so this cannot happen; fail cleanly anyway.
            let _ = child.kill();
            return Err(ArenaError::Exited {
                engine: command.to_string(),
            });
        };
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(EngineProcess {
            name: command.to_string(),
            child,
            stdin,
            lines,
        })
    }

    /// The engine's display name (the command line until the engine names itself).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Renames the engine, e.g. after it sent `id name`.
    pub fn set_name(&mut self, name: impl Into<String>) {
        self.name = name.into();
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ArenaError> {
        writeln!(self.stdin, "{line}")
            .and_then(|()| self.stdin.flush())
            .map_err(|source| ArenaError::Write {
                engine: self.name.clone(),
                source,
            })
    }

    /// Reads the next line, waiting until `deadline` at most.
    pub fn read_line(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
    ) -> Result<String, ArenaError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(ArenaError::Timeout {
                engine: self.name.clone(),
                waiting_for: waiting_for.to_string(),
                millis: wait.as_millis() as u64,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(ArenaError::Exited {
                engine: self.name.clone(),
            }),
        }
    }

    /// Reads lines until one satisfies `accept`, which it returns; stops at `deadline`.
    pub fn read_until(
        &mut self,
        deadline: Instant,
        waiting_for: &str,
        mut accept: impl FnMut(&str) -> bool,
    ) -> Result<String, ArenaError> {
        loop {
            let line = self.read_line(deadline, waiting_for)?;
            if accept(&line) {
                return Ok(line);
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let until = Instant::now() + QUIT_GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_command_is_an_error() {
        assert!(matches!(
            EngineProcess::spawn("   "),
            Err(ArenaError::EmptyCommand)
        ));
    }

    #[test]
    fn a_missing_program_is_an_error() {
        assert!(matches!(
            EngineProcess::spawn("/nonexistent/qipan-no-such-engine"),
            Err(ArenaError::Spawn { .. })
        ));
    }

    #[test]
    fn lines_are_read_and_silence_times_out() {
        // `cat` echoes what it is sent: a stand-in engine available on every Unix.
        let mut cat = EngineProcess::spawn("cat").expect("cat runs");
        cat.send("hello").expect("send");
        let deadline = Instant::now() + Duration::from_secs(5);
        assert_eq!(cat.read_line(deadline, "echo").expect("echo"), "hello");
        let soon = Instant::now() + Duration::from_millis(50);
        assert!(matches!(
            cat.read_line(soon, "nothing"),
            Err(ArenaError::Timeout { .. })
        ));
    }
}

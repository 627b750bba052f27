//! Errors of the arena.

use thiserror::Error;

/// Everything that can go wrong while running a match.
#[derive(Debug, Error)]
pub enum ArenaError {
    /// The engine command line was empty.
    #[error("empty engine command")]
    EmptyCommand,
    /// The engine process could not be started.
    #[error("cannot start engine `{command}`: {source}")]
    Spawn {
        /// The command that failed.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// Writing to the engine failed (it probably exited).
    #[error("cannot write to engine `{engine}`: {source}")]
    Write {
        /// The engine's name.
        engine: String,
        /// Why.
        source: std::io::Error,
    },
    /// The engine closed its output.
    #[error("engine `{engine}` exited")]
    Exited {
        /// The engine's name.
        engine: String,
    },
    /// The engine did not answer in time.
    #[error("engine `{engine}` did not answer `{waiting_for}` within {millis} ms")]
    Timeout {
        /// The engine's name.
        engine: String,
        /// What the arena was waiting for.
        waiting_for: String,
        /// How long it waited.
        millis: u64,
    },
    /// The engine said something the protocol does not allow here.
    #[error("engine `{engine}` broke the protocol: {detail}")]
    Protocol {
        /// The engine's name.
        engine: String,
        /// What was wrong.
        detail: String,
    },
    /// An `--option NAME=VALUE` was malformed.
    #[error("bad engine option `{0}`: expected NAME=VALUE")]
    BadOption(String),
    /// A time control was malformed.
    #[error("bad time control `{0}`: expected SECONDS+INCREMENT, e.g. 10+0.1")]
    BadTimeControl(String),
    /// An openings file line could not be used.
    #[error("openings line {line}: {detail}")]
    BadOpening {
        /// 1-based line number.
        line: usize,
        /// What was wrong.
        detail: String,
    },
    /// The openings file held no opening.
    #[error("the openings file holds no opening")]
    NoOpenings,
    /// Reading or writing a file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

//! What the server is told at start-up: where to listen, where to keep data, and its limits.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// Where the database lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DbLocation {
    /// A SQLite file (created with its folder if missing).
    File(PathBuf),
    /// A throwaway in-memory database, gone when the server stops.
    Memory,
}

impl DbLocation {
    /// Reads a `--db` value: `:memory:` for a throwaway database, anything else is a file path.
    pub fn parse(text: &str) -> Self {
        if text == ":memory:" {
            DbLocation::Memory
        } else {
            DbLocation::File(PathBuf::from(text))
        }
    }

    /// The platform's usual data directory, e.g. `~/.local/share/qipan/qipan.sqlite3` on Linux;
    /// `None` when the platform has no home directory.
    pub fn default_file() -> Option<Self> {
        let dirs = directories::ProjectDirs::from("", "", "qipan")?;
        Some(DbLocation::File(dirs.data_dir().join("qipan.sqlite3")))
    }
}

impl std::fmt::Display for DbLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbLocation::File(path) => write!(f, "{}", path.display()),
            DbLocation::Memory => f.write_str(":memory:"),
        }
    }
}

/// Bounds on what one request may ask of the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body accepted, in bytes (larger gets 413).
    pub max_body_bytes: usize,
    /// The longest a single engine search or solve may run.
    pub max_compute_time: Duration,
    /// How many engine searches or solves may run at once (more wait their turn).
    pub max_concurrent_computations: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: 1024 * 1024,
            max_compute_time: Duration::from_secs(30),
            max_concurrent_computations: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2),
        }
    }
}

/// Everything `serve` needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    /// Address to listen on.
    pub addr: SocketAddr,
    /// The database.
    pub db: DbLocation,
    /// Request limits.
    pub limits: Limits,
}

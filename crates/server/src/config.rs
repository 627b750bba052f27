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
    /// A PostgreSQL database, by its `postgres://` address: what several instances share.
    Postgres(String),
}

impl DbLocation {
    /// Reads a `--db` value: `:memory:` for a throwaway database, a `postgres://` (or
    /// `postgresql://`) address for PostgreSQL, `sqlite:` followed by a path, or else a file
    /// path.
    pub fn parse(text: &str) -> Self {
        if text == ":memory:" || text == "sqlite::memory:" {
            DbLocation::Memory
        } else if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            DbLocation::Postgres(text.to_owned())
        } else if let Some(path) = text.strip_prefix("sqlite:") {
            DbLocation::File(PathBuf::from(path.strip_prefix("//").unwrap_or(path)))
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
            DbLocation::Postgres(url) => f.write_str(&without_password(url)),
        }
    }
}

/// A database address with its password (if any) replaced by `***`, for logs and messages.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let authority_end = rest.find(['/', '?']).unwrap_or(rest.len());
    let (authority, tail) = rest.split_at(authority_end);
    match authority.rsplit_once('@') {
        Some((userinfo, host)) => match userinfo.split_once(':') {
            Some((user, _password)) => format!("{scheme}://{user}:***@{host}{tail}"),
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

/// Bounds on what one request, connection or client may ask of the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// The largest request body accepted, in bytes (larger gets 413).
    pub max_body_bytes: usize,
    /// The longest a single engine search or solve may run.
    pub max_compute_time: Duration,
    /// How many engine searches or solves may run at once (more wait their turn).
    pub max_concurrent_computations: usize,
    /// How many computations may wait for a slot, in all (more get 503 with `Retry-After`).
    pub max_queued_computations: usize,
    /// How many computations one client (address) may have running or waiting at once.
    pub max_computations_per_client: usize,
    /// How long a client has to send a request's head; also how long an idle keep-alive
    /// connection is kept open.
    pub header_timeout: Duration,
    /// How long a client has to send a request's body (a half-sent body gets 408).
    pub body_timeout: Duration,
    /// How many connections are served at once (more wait in the listen queue).
    pub max_connections: usize,
    /// How long a shutdown waits for requests in flight before closing their connections.
    pub shutdown_grace: Duration,
    /// The largest WebSocket message a client may send, in bytes.
    pub max_ws_message_bytes: usize,
    /// The largest the database may grow, in bytes; `None` for no limit but the disk's.
    pub max_database_bytes: Option<u64>,
    /// Games, imports and invitations one player may create per minute (429 past it).
    pub creations_per_player_minute: u32,
    /// The same, for all players of one network address together.
    pub creations_per_address_minute: u32,
    /// Ongoing games against other players (or waiting for a friend) one player may have.
    pub max_live_games_per_player: u32,
    /// New guest players (browsers without a cookie) per minute from one address.
    pub guests_per_address_minute: u32,
    /// Sign-in attempts per minute from one address, and (separately) for one account name.
    pub sign_ins_per_minute: u32,
    /// How long a player must have had no page of a game against another player open before
    /// the opponent may claim the win.
    pub claim_after: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_body_bytes: 1024 * 1024,
            max_compute_time: Duration::from_secs(30),
            max_concurrent_computations: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(2),
            max_queued_computations: 64,
            max_computations_per_client: 4,
            header_timeout: Duration::from_secs(15),
            body_timeout: Duration::from_secs(15),
            max_connections: 1000,
            shutdown_grace: Duration::from_secs(10),
            max_ws_message_bytes: 4096,
            max_database_bytes: None,
            creations_per_player_minute: 30,
            creations_per_address_minute: 120,
            sign_ins_per_minute: 10,
            guests_per_address_minute: 60,
            max_live_games_per_player: 20,
            claim_after: Duration::from_secs(60),
        }
    }
}

/// Which host names and origins may reach the server: the defence against DNS rebinding and
/// cross-site requests.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Access {
    /// Host names accepted besides the loopback names (`127.0.0.1`, `localhost`, `[::1]`) and the
    /// address listened on, e.g. `qipan.example.org` behind a reverse proxy.
    pub allowed_hosts: Vec<String>,
    /// The address players use when it is not the one listened on, e.g.
    /// `https://qipan.example.org`: its host is allowed, its origin may post, and cookies are
    /// marked `Secure` when it is https.
    pub public_url: Option<String>,
    /// The reverse proxies in front (their addresses): a request from one of them is counted
    /// against the rate limits of the client its `X-Forwarded-For` names, not of the proxy.
    pub trusted_proxies: Vec<std::net::IpAddr>,
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
    /// Accepted host names and origins.
    pub access: Access,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_db_value_names_memory_a_file_or_postgres() {
        assert_eq!(DbLocation::parse(":memory:"), DbLocation::Memory);
        assert_eq!(
            DbLocation::parse("sqlite:///srv/q.sqlite3"),
            DbLocation::File(PathBuf::from("/srv/q.sqlite3"))
        );
        assert_eq!(
            DbLocation::parse("games.sqlite3"),
            DbLocation::File(PathBuf::from("games.sqlite3"))
        );
        assert_eq!(
            DbLocation::parse("postgresql://db.example/qipan"),
            DbLocation::Postgres("postgresql://db.example/qipan".into())
        );
    }

    #[test]
    fn a_postgres_address_is_shown_without_its_password() {
        let shown = DbLocation::parse("postgres://qipan:s3cret@db:5432/qipan?sslmode=require");
        assert_eq!(
            shown.to_string(),
            "postgres://qipan:***@db:5432/qipan?sslmode=require"
        );
        let no_password = DbLocation::parse("postgres://qipan@db/qipan");
        assert_eq!(no_password.to_string(), "postgres://qipan@db/qipan");
    }
}

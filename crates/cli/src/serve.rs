//! `qipan serve`: the web server.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::Context;
use qipan_server::config::{Access, Config, DbLocation, Limits};

/// Options of `qipan serve`; each can also be given by its environment variable.
#[derive(clap::Parser)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, env = "QIPAN_ADDR", default_value = "127.0.0.1:8080")]
    addr: SocketAddr,

    /// The SQLite database file (created if missing), `:memory:` for a throwaway database, or a
    /// PostgreSQL address (postgres://user:password@host:port/database) that several qipan
    /// instances share. Default: qipan.sqlite3 in the user's data directory
    /// (e.g. ~/.local/share/qipan/qipan.sqlite3).
    #[arg(long, env = "QIPAN_DB", value_name = "PATH|URL")]
    db: Option<String>,

    /// The largest request body accepted, in bytes; larger requests get 413.
    #[arg(long, env = "QIPAN_MAX_BODY_BYTES", default_value_t = 1024 * 1024)]
    max_body_bytes: usize,

    /// The longest one engine search or solve may run, in seconds.
    #[arg(long, env = "QIPAN_MAX_COMPUTE_SECONDS", default_value_t = 30.0,
          value_parser = parse_seconds)]
    max_compute_seconds: f64,

    /// How many engine searches or solves may run at once (default: the number of cores).
    #[arg(long, env = "QIPAN_COMPUTE_SLOTS", value_parser = clap::value_parser!(u16).range(1..))]
    compute_slots: Option<u16>,

    /// The largest the database may grow, in MiB (writes past it answer 507, as on a full
    /// disk). Default: no limit but the disk's.
    #[arg(long, env = "QIPAN_MAX_DB_MB", value_parser = clap::value_parser!(u64).range(1..=16_777_216))]
    max_db_mb: Option<u64>,

    /// How many connections are served at once; more wait in the listen queue.
    #[arg(long, env = "QIPAN_MAX_CONNECTIONS", default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,

    /// How many games, imports and invitations one player may create per minute (past it 429).
    #[arg(long, env = "QIPAN_CREATIONS_PER_MINUTE", default_value_t = 30,
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    creations_per_minute: u32,

    /// How many games, imports and invitations all players of one network address may create
    /// per minute together (behind a reverse proxy every player shares its address).
    #[arg(long, env = "QIPAN_CREATIONS_PER_ADDRESS_MINUTE", default_value_t = 120,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    creations_per_address_minute: u32,

    /// How many new players (browsers without a cookie) one network address may bring per minute.
    #[arg(long, env = "QIPAN_GUESTS_PER_ADDRESS_MINUTE", default_value_t = 60,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    guests_per_address_minute: u32,

    /// How long a player must have had no page of a game against another player open before the
    /// opponent may claim the win (a game abandoned).
    #[arg(long, env = "QIPAN_CLAIM_AFTER_SECONDS", default_value_t = 60.0, value_parser = parse_seconds)]
    claim_after_seconds: f64,

    /// Host names this server answers for besides 127.0.0.1, localhost and IP addresses
    /// (comma-separated), e.g. qipan.example.org behind a reverse proxy. Requests naming any
    /// other host are refused, which stops DNS-rebinding pages.
    #[arg(
        long,
        env = "QIPAN_ALLOWED_HOSTS",
        value_delimiter = ',',
        value_name = "HOSTS"
    )]
    allowed_hosts: Vec<String>,

    /// The address players use, when it is not the one listened on (behind a reverse proxy),
    /// e.g. https://qipan.example.org; its host is allowed and pages from it may post.
    #[arg(long, env = "QIPAN_PUBLIC_URL", value_name = "URL", value_parser = parse_public_url)]
    public_url: Option<String>,

    /// The reverse proxies in front of this server (comma-separated IP addresses, e.g.
    /// 127.0.0.1): requests from them are counted against the rate limits of the client their
    /// X-Forwarded-For header names, not of the proxy. Without it the header is ignored.
    #[arg(
        long,
        env = "QIPAN_TRUSTED_PROXIES",
        value_delimiter = ',',
        value_name = "ADDRESSES"
    )]
    trusted_proxies: Vec<std::net::IpAddr>,
}

fn parse_public_url(text: &str) -> Result<String, String> {
    let url = text.trim().trim_end_matches('/');
    match url.split_once("://") {
        Some(("http" | "https", rest)) if !rest.is_empty() && !rest.contains('/') => {
            Ok(url.to_owned())
        }
        _ => Err("expected an origin such as https://qipan.example.org (no path)".to_owned()),
    }
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    let seconds: f64 = text
        .parse()
        .map_err(|_| format!("{text:?} is not a number of seconds"))?;
    if seconds.is_finite() && seconds > 0.0 && seconds <= 3600.0 {
        Ok(seconds)
    } else {
        Err("must be more than 0 and at most 3600 seconds".to_owned())
    }
}

impl Args {
    /// The options used when `qipan` runs without a subcommand: defaults and environment.
    pub fn from_env_defaults() -> Self {
        <Args as clap::Parser>::parse_from(["qipan"])
    }

    fn config(self) -> anyhow::Result<Config> {
        let db = match self.db {
            Some(text) => DbLocation::parse(&text),
            None => DbLocation::default_file().context(
                "cannot find a data directory for the database; choose a file with --db PATH",
            )?,
        };
        let mut limits = Limits {
            max_body_bytes: self.max_body_bytes,
            max_compute_time: Duration::from_secs_f64(self.max_compute_seconds),
            max_connections: self.max_connections as usize,
            max_database_bytes: self.max_db_mb.map(|mb| mb * 1024 * 1024),
            creations_per_player_minute: self.creations_per_minute,
            creations_per_address_minute: self.creations_per_address_minute,
            guests_per_address_minute: self.guests_per_address_minute,
            claim_after: Duration::from_secs_f64(self.claim_after_seconds),
            ..Limits::default()
        };
        if let Some(slots) = self.compute_slots {
            limits.max_concurrent_computations = usize::from(slots);
        }
        Ok(Config {
            addr: self.addr,
            db,
            limits,
            access: Access {
                allowed_hosts: self.allowed_hosts,
                public_url: self.public_url,
                trusted_proxies: self.trusted_proxies,
            },
        })
    }
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(args: Args) -> anyhow::Result<()> {
    let config = args.config()?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    runtime.block_on(async {
        let db = config.db.clone();
        let server = qipan_server::Server::bind(config).await?;
        let shutdown =
            qipan_server::shutdown_signal().context("cannot listen for Ctrl-C and SIGTERM")?;
        let addr = server.local_addr();
        tracing::info!(%addr, database = %db, "qipan is serving");
        say(&format!(
            "qipan is running at http://{addr}/  (database: {db}; Ctrl-C to stop)"
        ));
        server.run(shutdown).await?;
        say("qipan stopped cleanly");
        anyhow::Ok(())
    })
}

/// Prints a line for the person who started the server. Unlike `println!` it does not panic when
/// stdout has gone away (e.g. piped into a program that has exited).
fn say(line: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "{line}").and_then(|()| stdout.flush());
}

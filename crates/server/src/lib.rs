//! qipan's server: the HTTP API under `/api`, saved games and leaderboards in SQLite, and the
//! embedded web UI.
//!
//! ```no_run
//! # async fn example() -> Result<(), qipan_server::ServeError> {
//! use qipan_server::{Server, config::{Access, Config, DbLocation, Limits}};
//! let config = Config {
//!     addr: "127.0.0.1:8080".parse().unwrap(),
//!     db: DbLocation::Memory,
//!     limits: Limits::default(),
//!     access: Access::default(),
//! };
//! let server = Server::bind(config).await?;
//! println!("listening on http://{}", server.local_addr());
//! server.run(std::future::pending()).await?;
//! # Ok(()) }
//! ```

mod api;
mod assets;
pub mod clock;
pub mod cluster;
pub mod compute;
pub mod config;
pub mod error;
pub mod extract;
mod guard;
mod listen;
pub mod names;
pub mod players;
pub mod presence;
pub mod quota;
pub mod rating;
pub mod referee;
pub mod store;
mod time;
pub mod watch;

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use tokio::net::TcpListener;
use tower_http::timeout::RequestBodyTimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::compute::ComputePool;
use crate::config::{Access, Config, DbLocation, Limits};
use crate::guard::HostPolicy;
use crate::referee::Referee;
use crate::store::{PlayerStore, SqlStore, Store, StoreError};
use crate::watch::{WatchedStore, Watchers};

/// What every handler can reach.
#[derive(Clone)]
pub struct AppState {
    /// Saved games and leaderboards.
    pub store: Arc<dyn Store>,
    /// Players, their sessions and accounts.
    pub players: Arc<dyn PlayerStore>,
    /// Where engine searches and big solves run.
    pub compute: ComputePool,
    /// The pages watching saved games, told of every change the store accepts.
    pub watchers: Watchers,
    /// The bounds on requests, connections and sockets.
    pub limits: Arc<Limits>,
    /// Whether player cookies are marked `Secure` (the public URL is https).
    pub secure_cookies: bool,
    /// Rate limits on creations and sign-ins.
    pub quotas: quota::Quotas,
    /// Ends timed games whose flag falls.
    pub referee: Referee,
    hosts: Arc<HostPolicy>,
}

impl AppState {
    /// The state of a server on `store` and `players`, with default limits and access (loopback
    /// only). Starts the referee task, so it must be called on a Tokio runtime.
    pub fn new(
        store: Arc<dyn Store>,
        players: Arc<dyn PlayerStore>,
        compute: ComputePool,
        watchers: Watchers,
    ) -> Self {
        AppState::with_referee(store, players, compute, watchers, cluster::sole_referee())
    }

    /// As [`AppState::new`], with a referee that lets flags fall while `on_duty` is true (one of
    /// several instances on one database: see `cluster`).
    pub fn with_referee(
        store: Arc<dyn Store>,
        players: Arc<dyn PlayerStore>,
        compute: ComputePool,
        watchers: Watchers,
        on_duty: tokio::sync::watch::Receiver<bool>,
    ) -> Self {
        let judged = Arc::clone(&store);
        let referee = Referee::start(
            Arc::new(move |id| {
                let store = Arc::clone(&judged);
                Box::pin(async move { api::timed::flag_if_due(&store, id).await })
            }),
            on_duty,
            watchers.outbox().clone(),
        );
        AppState {
            referee,
            store,
            players,
            compute,
            watchers,
            limits: Arc::new(Limits::default()),
            secure_cookies: false,
            quotas: quota::Quotas::new(&Limits::default()),
            hosts: HostPolicy::new(&Access::default()),
        }
    }

    /// The same state with other limits and access.
    pub fn configured(mut self, limits: Limits, access: &Access) -> Self {
        self.quotas = quota::Quotas::new(&limits);
        self.limits = Arc::new(limits);
        self.hosts = HostPolicy::new(access);
        self.secure_cookies = access
            .public_url
            .as_deref()
            .is_some_and(|url| url.starts_with("https://"));
        self
    }
}

/// The whole application as a router: `/api/...` and the web UI for every other path, behind
/// the host and origin guard, with bounded request bodies.
pub fn app(state: AppState) -> Router {
    let hosts = Arc::clone(&state.hosts);
    let limits = Arc::clone(&state.limits);
    Router::new()
        .nest("/api", api::routes())
        .fallback(assets::serve_asset)
        .layer(axum::middleware::from_fn(players::cookie_layer))
        .layer(DefaultBodyLimit::max(limits.max_body_bytes))
        .layer(RequestBodyTimeoutLayer::new(limits.body_timeout))
        .layer(axum::middleware::from_fn_with_state(hosts, guard::guard))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// Why the server could not start or stopped with an error.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The address could not be listened on.
    #[error("cannot listen on {addr}: {reason}{hint}", hint = bind_hint(reason))]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why.
        reason: io::Error,
    },
    /// The database could not be opened or migrated.
    #[error("cannot open the database {location}: {reason}{hint}", hint = db_hint(reason))]
    Database {
        /// Where it was looked for.
        location: DbLocation,
        /// Why.
        reason: StoreError,
    },
    /// The database folder could not be created.
    #[error("cannot create the database folder {path}: {reason}")]
    DatabaseFolder {
        /// The folder.
        path: std::path::PathBuf,
        /// Why.
        reason: io::Error,
    },
    /// Serving failed.
    #[error("the server stopped with an error: {0}")]
    Io(io::Error),
}

fn bind_hint(err: &io::Error) -> &'static str {
    match err.kind() {
        io::ErrorKind::AddrInUse => {
            " (is another qipan already running? choose another address with --addr)"
        }
        io::ErrorKind::PermissionDenied => {
            " (ports below 1024 need privileges; try --addr 127.0.0.1:8080)"
        }
        _ => "",
    }
}

fn db_hint(err: &StoreError) -> &'static str {
    let text = err.to_string();
    if text.contains("not a database") || text.contains("malformed") {
        " (the file is not a qipan database or is damaged; move it away or choose another with --db)"
    } else if text.contains("Connection refused") || text.contains("password authentication") {
        " (is the PostgreSQL server running, and are the address, user and password right?)"
    } else if text.contains("unable to open") || text.contains("readonly") {
        " (check that the folder exists and is writable, or choose another path with --db)"
    } else {
        ""
    }
}

/// A server bound to its address with its database open, ready to run.
pub struct Server {
    listener: TcpListener,
    state: AppState,
    trusted_proxies: Arc<[std::net::IpAddr]>,
}

impl Server {
    /// Opens the database (running migrations) and binds the address.
    pub async fn bind(config: Config) -> Result<Server, ServeError> {
        if let DbLocation::File(path) = &config.db
            && let Some(folder) = path.parent().filter(|p| !p.as_os_str().is_empty())
        {
            std::fs::create_dir_all(folder).map_err(|reason| ServeError::DatabaseFolder {
                path: folder.to_owned(),
                reason,
            })?;
        }
        let store = SqlStore::open_with(&config.db, config.limits.max_database_bytes)
            .await
            .map_err(|reason| ServeError::Database {
                location: config.db.clone(),
                reason,
            })?;
        let listener = match TcpListener::bind(config.addr).await {
            Ok(listener) => listener,
            Err(reason) => {
                store.close().await;
                return Err(ServeError::Bind {
                    addr: config.addr,
                    reason,
                });
            }
        };
        let watchers = Watchers::with_capacity(config.limits.max_connections);
        let store = Arc::new(store);
        let watched: Arc<dyn Store> = Arc::new(WatchedStore::new(store.clone(), watchers.clone()));
        // Alone on SQLite this instance is the referee; on PostgreSQL, the cluster decides.
        let (on_duty, duty) = match &config.db {
            DbLocation::Postgres(_) => {
                let (tell, told) = tokio::sync::watch::channel(false);
                (Some(tell), told)
            }
            _ => (None, cluster::sole_referee()),
        };
        let state = AppState::with_referee(
            watched,
            store,
            ComputePool::with_limits(&config.limits),
            watchers,
            duty,
        )
        .configured(config.limits, &config.access);
        if let (DbLocation::Postgres(url), Some(on_duty)) = (&config.db, on_duty) {
            let parts = cluster::Parts {
                store: Arc::clone(&state.store),
                watchers: state.watchers.clone(),
                referee: state.referee.clone(),
                claim_after: state.limits.claim_after,
            };
            cluster::start(url, parts, on_duty)
                .await
                .map_err(|err| ServeError::Database {
                    location: config.db.clone(),
                    reason: err.into(),
                })?;
        }
        // Clocks that ran while the server was down: their flags fall now (or when due).
        match state.store.clock_deadlines().await {
            Ok(deadlines) => {
                for (id, deadline) in deadlines {
                    state.referee.schedule_here(id, Some(deadline));
                }
            }
            Err(err) => tracing::error!("cannot read the running clocks: {err}"),
        }
        Ok(Server {
            listener,
            state,
            trusted_proxies: config.access.trusted_proxies.clone().into(),
        })
    }

    /// The address actually bound (useful with port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.listener
            .local_addr()
            .expect("a bound TCP listener has a local address")
    }

    /// The store the server uses (for tests and tools that seed or inspect data).
    pub fn store(&self) -> Arc<dyn Store> {
        Arc::clone(&self.state.store)
    }

    /// The player store the server uses (for tests that seed players).
    pub fn players(&self) -> Arc<dyn PlayerStore> {
        Arc::clone(&self.state.players)
    }

    /// Serves until `shutdown` completes, then lets in-flight requests finish (for at most the
    /// shutdown grace period) and closes the database cleanly.
    pub async fn run(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let store = Arc::clone(&self.state.store);
        let watchers = self.state.watchers.clone();
        let limits = Arc::clone(&self.state.limits);
        let router = app(self.state);
        // Open game watchers would keep their connections (and the shutdown) waiting: hang up.
        let shutdown = async move {
            shutdown.await;
            watchers.close();
        };
        let served = listen::serve(
            self.listener,
            router,
            &limits,
            self.trusted_proxies,
            shutdown,
        )
        .await;
        store.close().await;
        tracing::info!("database closed");
        served.map_err(ServeError::Io)
    }
}

/// A future that completes on Ctrl-C or (on Unix) SIGTERM. The handlers are installed when this
/// is called, so a signal that arrives before the server starts polling it is not lost.
pub fn shutdown_signal() -> io::Result<impl Future<Output = ()> + Send + 'static> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut terminate = signal(SignalKind::terminate())?;
        let mut interrupt = signal(SignalKind::interrupt())?;
        Ok(async move {
            tokio::select! {
                _ = terminate.recv() => {},
                _ = interrupt.recv() => {},
            }
            tracing::info!("shutting down: finishing requests in flight");
        })
    }
    #[cfg(not(unix))]
    {
        Ok(async {
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
            tracing::info!("shutting down: finishing requests in flight");
        })
    }
}

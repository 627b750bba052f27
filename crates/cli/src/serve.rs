//! `qipan serve`: the web server.

/// Options of `qipan serve`.
#[derive(clap::Args)]
pub struct Args {}

impl Args {
    /// The options used when `qipan` runs without a subcommand.
    pub fn from_env_defaults() -> Self {
        Args {}
    }
}

/// Runs the server until Ctrl-C or SIGTERM.
pub fn run(_args: Args) -> anyhow::Result<()> {
    anyhow::bail!("the server is being built")
}

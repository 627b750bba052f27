//! `qipan db`: database tools. `qipan db migrate --from sqlite:qipan.sqlite3 --to
//! postgres://…` copies a whole qipan database (every game, player, session, rating,
//! leaderboard entry and seek, with their ids) into a new, empty one: how a club's SQLite
//! database moves to the PostgreSQL server of a site with several instances.

use anyhow::Context;
use clap::{Args as ClapArgs, Subcommand};
use qipan_server::config::DbLocation;
use qipan_server::store::{SqlStore, Store};

/// `qipan db …`.
#[derive(Debug, ClapArgs)]
pub struct Args {
    #[command(subcommand)]
    command: DbCommand,
}

#[derive(Debug, Subcommand)]
enum DbCommand {
    /// Copy every row of one qipan database into a new, empty one (SQLite to PostgreSQL, or
    /// back). Both schemas are brought up to date first; the copy is one transaction.
    Migrate {
        /// The database to copy: a SQLite file (`sqlite:PATH` or just PATH) or a
        /// `postgres://` address. It is only read.
        #[arg(long, value_name = "DB")]
        from: String,
        /// The empty database to copy into (a `postgres://` address, or a SQLite file).
        #[arg(long, value_name = "DB")]
        to: String,
    },
}

/// Runs a `qipan db` command.
pub fn run(args: Args) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    match args.command {
        DbCommand::Migrate { from, to } => runtime.block_on(migrate(&from, &to)),
    }
}

async fn migrate(from: &str, to: &str) -> anyhow::Result<()> {
    let (from, to) = (DbLocation::parse(from), DbLocation::parse(to));
    if let DbLocation::File(path) = &from
        && !path.exists()
    {
        anyhow::bail!("{}: no such database file", path.display());
    }
    if from == DbLocation::Memory || to == DbLocation::Memory {
        anyhow::bail!("a database in memory has nothing to copy and keeps nothing copied");
    }
    let source = SqlStore::open(&from)
        .await
        .with_context(|| format!("cannot open {from}"))?;
    let target = SqlStore::open(&to)
        .await
        .with_context(|| format!("cannot open {to}"))?;
    let copied = source
        .copy_into(&target)
        .await
        .with_context(|| format!("cannot copy {from} into {to}"))?;
    source.close().await;
    target.close().await;
    println!("copied {from} into {to}:");
    for (table, rows) in copied {
        println!("  {table:<16} {rows:>8} rows");
    }
    Ok(())
}

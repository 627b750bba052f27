//! `qipan bench`: a summary table of what each engine and solver achieves on this machine.
//!
//! Each game contributes rows from its own module (`bench/<game>.rs`) as [`Case`]s listed in
//! [`all_cases`]. Figures are only meaningful from a release build (`cargo run --release -- bench`);
//! the criterion benchmarks in each crate's `benches/` are the detailed counterpart.

mod gomoku;
mod house;
mod knight;
mod link;
mod table;
mod timing;
mod tromino;
mod xiangqi;
mod xiangqi_engine;

use anyhow::bail;
use serde::Serialize;

/// Options of `qipan bench`.
#[derive(clap::Args)]
pub struct Args {
    /// Print the rows as JSON (an array of {what, figure, unit}) instead of a table.
    #[arg(long)]
    json: bool,
    /// Run only the cases whose name contains this text (case-insensitive), e.g. `knight`.
    #[arg(long)]
    filter: Option<String>,
}

/// One measured figure.
#[derive(Debug, Clone, Serialize)]
pub struct Row {
    /// What was measured, e.g. "knight tour 1000x1000".
    pub what: String,
    /// The figure.
    pub figure: f64,
    /// Its unit, e.g. "squares/s" or "ms".
    pub unit: String,
}

impl Row {
    /// A row from its parts.
    pub fn new(what: impl Into<String>, figure: f64, unit: impl Into<String>) -> Self {
        Row {
            what: what.into(),
            figure,
            unit: unit.into(),
        }
    }
}

/// A named measurement that yields one or more rows.
pub struct Case {
    /// Name matched by `--filter`, e.g. "knight 1000x1000".
    pub name: &'static str,
    /// Runs the measurement.
    pub run: fn() -> anyhow::Result<Vec<Row>>,
}

/// Every case of every game, in the order the table shows them.
fn all_cases() -> Vec<Case> {
    let mut cases = Vec::new();
    cases.extend(xiangqi::cases());
    cases.extend(house::cases());
    cases.extend(xiangqi_engine::cases());
    cases.extend(tromino::cases());
    cases.extend(link::cases());
    cases.extend(gomoku::cases());
    cases.extend(knight::cases());
    cases
}

/// Runs `qipan bench`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let filter = args.filter.map(|f| f.to_lowercase());
    let cases: Vec<Case> = all_cases()
        .into_iter()
        .filter(|c| {
            filter
                .as_ref()
                .is_none_or(|f| c.name.to_lowercase().contains(f))
        })
        .collect();
    if cases.is_empty() {
        bail!(
            "no benchmark matches the filter; run `qipan bench` without --filter to see them all"
        );
    }
    if cfg!(debug_assertions) && !args.json {
        eprintln!(
            "note: this is a debug build; use `cargo run --release -- bench` for real figures"
        );
    }
    let mut rows = Vec::new();
    for case in cases {
        let case_rows = (case.run)()?;
        if !args.json {
            for row in &case_rows {
                println!("{}", table::format_row(row));
            }
        }
        rows.extend(case_rows);
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
    }
    Ok(())
}

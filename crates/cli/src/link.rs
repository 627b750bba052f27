//! `qipan link`: deal and solve Lianliankan (连连看) boards.
//!
//! ```text
//! qipan link new --rows 8 --cols 12 --kinds 24 --seed 7          # a clearable board as text
//! qipan link new --rows 8 --cols 18 --kinds 36 --format json     # {"rows":8,"cols":18,"tiles":[[...]]}
//! qipan link new --rows 6 --cols 8 --kinds 12 --mode down        # clearable with gravity
//! qipan link solve board.txt                                     # the removals, one per line
//! qipan link new --rows 8 --cols 12 --kinds 24 | qipan link solve --format json
//! ```
//!
//! Text boards: one line per row, `A`-`Z`, `a`-`z`, `0`-`9` for kinds 0..61, `.` for an empty
//! cell, `#` starts a comment line. `solve` also reads the JSON board form (it starts with `{`).
//! Points are (x, y): x the column, y the row, from 0 at the top left.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use anyhow::{Context, bail};
use qipan_link::{Board, DealSpec, Limits, Mode, Verdict, deal, solve};
use serde::{Deserialize, Serialize};

/// Options of `qipan link`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: LinkCommand,
}

#[derive(clap::Subcommand)]
enum LinkCommand {
    /// Deal a new board (clearable unless --any) and print it.
    New(NewArgs),
    /// Solve a board read from a file (or stdin) and print the removals.
    Solve(SolveArgs),
}

/// Options of `qipan link new`.
#[derive(clap::Args)]
struct NewArgs {
    /// Rows (1 to 20).
    #[arg(long, default_value_t = 8)]
    rows: usize,
    /// Columns (1 to 30).
    #[arg(long, default_value_t = 18)]
    cols: usize,
    /// Kinds of tile; rows × cols must equal kinds × copies. Default: rows × cols / copies.
    #[arg(long)]
    kinds: Option<usize>,
    /// Tiles of each kind (even).
    #[arg(long, default_value_t = 4)]
    copies: usize,
    /// Seed of the deal (the same seed gives the same board); default: from the clock.
    #[arg(long)]
    seed: Option<u64>,
    /// The mode the board is dealt for: classic, down (gravity), up, left, right, centre-x,
    /// centre-y.
    #[arg(long, default_value = "classic")]
    mode: Mode,
    /// Deal any board, without making sure it can be cleared.
    #[arg(long)]
    any: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// Options of `qipan link solve`.
#[derive(clap::Args)]
struct SolveArgs {
    /// The board file (text or JSON); `-` or nothing for standard input.
    file: Option<PathBuf>,
    /// The mode to solve in: classic, down (gravity), up, left, right, centre-x, centre-y.
    #[arg(long, default_value = "classic")]
    mode: Mode,
    /// Give up with "unknown" after this many seconds.
    #[arg(long, default_value_t = 10.0)]
    time_limit: f64,
    /// Give up with "unknown" after expanding this many positions.
    #[arg(long, default_value_t = 10_000_000)]
    max_nodes: u64,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

/// The output formats.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

/// A board as JSON: rows from the top, kinds as small integers, null for an empty cell.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardJson {
    rows: usize,
    cols: usize,
    tiles: Vec<Vec<Option<usize>>>,
}

/// A solution as JSON: `solvable` is null when the solver gave up.
#[derive(Serialize)]
struct SolutionJson {
    solvable: Option<bool>,
    moves: Vec<[[i32; 2]; 2]>,
}

/// Runs `qipan link`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        LinkCommand::New(args) => new(args),
        LinkCommand::Solve(args) => solve_file(args),
    }
}

fn new(args: NewArgs) -> anyhow::Result<()> {
    let cells = args.rows * args.cols;
    let kinds = args.kinds.unwrap_or(cells / args.copies.max(1));
    let spec = DealSpec {
        rows: args.rows,
        cols: args.cols,
        kinds,
        copies: args.copies,
        mode: args.mode,
        clearable: !args.any,
    };
    let seed = args.seed.unwrap_or_else(clock_seed);
    let dealt = deal(&spec, seed)?;
    match args.format {
        Format::Text => {
            let text = dealt
                .board
                .to_text()
                .context("this board has more kinds than letters; use --format json")?;
            emit(&format!(
                "# qipan link: {}x{}, {kinds} kinds x {}, mode {}, seed {seed}\n{text}",
                args.rows, args.cols, args.copies, args.mode
            ))?;
        }
        Format::Json => {
            let json = BoardJson {
                rows: dealt.board.rows(),
                cols: dealt.board.cols(),
                tiles: dealt.board.to_rows(),
            };
            emit(&format!("{}\n", serde_json::to_string(&json)?))?;
        }
    }
    Ok(())
}

/// The longest `--time-limit` (a day): larger values would overflow the clock.
const MAX_TIME_LIMIT_SECONDS: f64 = 86_400.0;

fn solve_file(args: SolveArgs) -> anyhow::Result<()> {
    let (name, input) = read_input(args.file.as_ref())?;
    let board = parse_board(&input).with_context(|| format!("cannot read the board in {name}"))?;
    if !(args.time_limit > 0.0 && args.time_limit <= MAX_TIME_LIMIT_SECONDS) {
        bail!("--time-limit must be more than 0 and at most {MAX_TIME_LIMIT_SECONDS} seconds");
    }
    let limits = Limits {
        max_nodes: args.max_nodes,
        time: Some(Duration::from_secs_f64(args.time_limit)),
    };
    let start = Instant::now();
    let solution = solve(&board, args.mode, limits);
    let elapsed = start.elapsed();
    match args.format {
        Format::Json => {
            let (solvable, moves) = match &solution.verdict {
                Verdict::Clearable(moves) => (Some(true), moves.clone()),
                Verdict::Stuck => (Some(false), Vec::new()),
                Verdict::Unknown => (None, Vec::new()),
            };
            let json = SolutionJson {
                solvable,
                moves: moves
                    .iter()
                    .map(|m| [[m.a.x, m.a.y], [m.b.x, m.b.y]])
                    .collect(),
            };
            emit(&format!("{}\n", serde_json::to_string(&json)?))?;
        }
        Format::Text => {
            let work = format!(
                "{} positions, {:.1} ms",
                solution.nodes,
                elapsed.as_secs_f64() * 1e3
            );
            let out = match &solution.verdict {
                Verdict::Clearable(moves) => {
                    let mut out = format!(
                        "# clearable in {} removals ({work}); each line: x1,y1 x2,y2\n",
                        moves.len()
                    );
                    for m in moves {
                        out += &format!("{},{} {},{}\n", m.a.x, m.a.y, m.b.x, m.b.y);
                    }
                    out
                }
                Verdict::Stuck => {
                    format!("# stuck: no order of removals clears this board ({work})\n")
                }
                Verdict::Unknown => format!("# unknown: the solver gave up ({work})\n"),
            };
            emit(&out)?;
        }
    }
    Ok(())
}

/// The input's name for messages and its text.
fn read_input(file: Option<&PathBuf>) -> anyhow::Result<(String, String)> {
    match file.filter(|f| f.as_os_str() != "-") {
        Some(path) => {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            Ok((path.display().to_string(), text))
        }
        None => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read standard input")?;
            Ok(("standard input".to_string(), text))
        }
    }
}

/// A board from its text or JSON form (JSON when it starts with `{`).
fn parse_board(input: &str) -> anyhow::Result<Board> {
    if !input.trim_start().starts_with('{') {
        return Ok(Board::from_text(input)?);
    }
    let json: BoardJson = serde_json::from_str(input).context("bad board JSON")?;
    if json.tiles.len() != json.rows {
        bail!(
            "\"rows\" is {} but \"tiles\" has {} rows",
            json.rows,
            json.tiles.len()
        );
    }
    if let Some((y, row)) = json
        .tiles
        .iter()
        .enumerate()
        .find(|(_, r)| r.len() != json.cols)
    {
        bail!(
            "\"cols\" is {} but row {y} of \"tiles\" has {} cells",
            json.cols,
            row.len()
        );
    }
    Ok(Board::from_rows(&json.tiles)?)
}

/// Writes `text` to standard output; a reader that went away (`| head`) is not an error.
fn emit(text: &str) -> anyhow::Result<()> {
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        other => Ok(other.context("cannot write to standard output")?),
    }
}

/// A seed from the clock, for deals without --seed.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}

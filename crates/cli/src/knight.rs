//! `qipan knight`: a knight's tour (马踏棋盘) on any board from any square, or a count of tours.
//!
//! ```text
//! qipan knight --size 8x8 --start a1                     # the grid of step numbers
//! qipan knight --size 10x9 --start e5 --closed --format moves
//! qipan knight --size 8x8 --start 0,0 --format json      # {"rows":8,"cols":8,"closed":false,"path":[[0,0],...]}
//! qipan knight --size 12x12 --start a1 --format svg > tour.svg
//! qipan knight --size 10000x10000 --start 0,0            # time and verify only
//! qipan knight --count --size 5x5 --start a1             # exhaustive count (304)
//! ```
//!
//! Sizes are columns × rows; a square is `a1` (column letter, row from 1) or `x,y` (both from 0, y
//! from the bottom), which also names columns beyond z.

use std::io::{BufWriter, Write};
use std::time::Instant;

use anyhow::{Context, bail};
use qipan_knight::{Board, Square, Tour, TourKind, count_tours, tour, verify};

/// Largest board printed as text when no format is asked for.
const MAX_DEFAULT_PRINT: usize = 64 * 64;
/// Largest board drawn as SVG.
const MAX_SVG: usize = 250_000;

/// Options of `qipan knight`.
#[derive(clap::Args)]
pub struct Args {
    /// Board size as COLSxROWS, e.g. 8x8 or 10x9 (at most 100,000,000 squares).
    #[arg(long, allow_hyphen_values = true)]
    size: String,
    /// Start square: `a1` or `x,y` (from 0, y from the bottom). Required for a tour; optional for
    /// --count (without it every square counts).
    #[arg(long)]
    start: Option<String>,
    /// Ask for a closed tour (the last square a knight move from the first).
    #[arg(long)]
    closed: bool,
    /// Output: grid (step numbers, top row first), moves, json or svg. Without it: a grid for
    /// boards up to 64x64, otherwise only the timing and the verification.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Count every tour by exhaustive search instead (boards of at most 64 squares).
    #[arg(long)]
    count: bool,
    /// Search bound for --count, in nodes.
    #[arg(long, default_value_t = 100_000_000_000)]
    max_nodes: u64,
}

/// The output formats.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Grid,
    Moves,
    Json,
    Svg,
}

/// Runs `qipan knight`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let board = Board::parse(&args.size)?;
    let start = args.start.as_deref().map(Square::parse).transpose()?;
    if let Some(s) = start {
        board.check(s)?;
    }
    let kind = if args.closed {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    if args.count {
        return count(board, start, kind, args.max_nodes);
    }
    let start = start.context("a tour needs --start, e.g. --start a1 or --start 0,0")?;
    let began = Instant::now();
    let found = tour(board, start, kind)?;
    let took = began.elapsed();
    verify(board, found.path(), args.closed).context("the tour failed verification (a bug)")?;
    let format = match args.format {
        Some(f) => f,
        None if board.squares() <= MAX_DEFAULT_PRINT => Format::Grid,
        None => {
            eprintln!(
                "{} tour of {board} from {start}: {:.3} s ({:.0} squares/s), verified",
                if args.closed { "closed" } else { "open" },
                took.as_secs_f64(),
                board.squares() as f64 / took.as_secs_f64().max(1e-9)
            );
            return Ok(());
        }
    };
    let stdout = std::io::stdout();
    let mut out = BufWriter::with_capacity(1 << 20, stdout.lock());
    match format {
        Format::Grid => write_grid(&mut out, &found)?,
        Format::Moves => write_moves(&mut out, &found)?,
        Format::Json => write_json(&mut out, &found)?,
        Format::Svg => {
            if board.squares() > MAX_SVG {
                bail!(
                    "SVG drawings are offered for boards of at most {MAX_SVG} squares; use json or moves"
                );
            }
            write_svg(&mut out, &found)?
        }
    }
    out.flush()?;
    Ok(())
}

fn count(
    board: Board,
    start: Option<Square>,
    kind: TourKind,
    max_nodes: u64,
) -> anyhow::Result<()> {
    let c = count_tours(board, start, kind, max_nodes)?;
    let what = match kind {
        TourKind::Open => "open",
        TourKind::Closed => "closed",
    };
    let from = start.map_or("any square".to_string(), |s| s.to_string());
    println!("{what} tours on {board} from {from}:");
    println!(
        "  directed (a tour and its reverse both counted): {}",
        c.directed
    );
    match (kind, start) {
        (TourKind::Closed, _) => println!("  closed tours (undirected): {}", c.undirected),
        (TourKind::Open, None) => println!("  undirected: {}", c.undirected),
        (TourKind::Open, Some(_)) => {}
    }
    println!("  search nodes: {}", c.nodes);
    Ok(())
}

/// The grid of step numbers, top row first, as the seed printed it.
fn write_grid(out: &mut impl Write, t: &Tour) -> std::io::Result<()> {
    let b = t.board();
    let steps = t.step_numbers();
    let width = b.squares().to_string().len();
    for y in (0..b.rows() as usize).rev() {
        let row = &steps[y * b.cols() as usize..(y + 1) * b.cols() as usize];
        for (i, s) in row.iter().enumerate() {
            if i > 0 {
                out.write_all(b" ")?;
            }
            write!(out, "{s:>width$}")?;
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The squares in order, sixteen to a line.
fn write_moves(out: &mut impl Write, t: &Tour) -> std::io::Result<()> {
    for (i, sq) in t.squares().enumerate() {
        let sep = if i % 16 == 15 { "\n" } else { " " };
        write!(out, "{sq}{sep}")?;
    }
    if !t.path().len().is_multiple_of(16) {
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// `{"rows": m, "cols": n, "closed": bool, "path": [[x, y], ...]}`, written as it goes.
fn write_json(out: &mut impl Write, t: &Tour) -> std::io::Result<()> {
    let b = t.board();
    write!(
        out,
        "{{\"rows\":{},\"cols\":{},\"closed\":{},\"path\":[",
        b.rows(),
        b.cols(),
        t.is_closed()
    )?;
    for (i, sq) in t.squares().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(out, "[{},{}]", sq.x, sq.y)?;
    }
    out.write_all(b"]}\n")
}

/// The board and the knight's path, numbered at both ends.
fn write_svg(out: &mut impl Write, t: &Tour) -> std::io::Result<()> {
    let b = t.board();
    let (cols, rows) = (b.cols(), b.rows());
    let cell = 40;
    let (w, h) = (cols * cell, rows * cell);
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    )?;
    writeln!(out, r##"<rect width="{w}" height="{h}" fill="#f0d9b5"/>"##)?;
    for y in 0..rows {
        for x in (0..cols).filter(|x| (x + y).is_multiple_of(2)) {
            writeln!(
                out,
                r##"<rect x="{}" y="{}" width="{cell}" height="{cell}" fill="#b58863"/>"##,
                x * cell,
                (rows - 1 - y) * cell
            )?;
        }
    }
    let centre = |sq: Square| (sq.x * cell + cell / 2, (rows - 1 - sq.y) * cell + cell / 2);
    out.write_all(br##"<polyline fill="none" stroke="#1f4e8c" stroke-width="3" stroke-linejoin="round" points=""##)?;
    for sq in t.squares() {
        let (x, y) = centre(sq);
        write!(out, "{x},{y} ")?;
    }
    if t.is_closed()
        && let Some(first) = t.squares().next()
    {
        let (x, y) = centre(first);
        write!(out, "{x},{y}")?;
    }
    out.write_all(b"\"/>\n")?;
    let ends = [t.squares().next(), t.squares().last()];
    for (sq, fill) in ends.into_iter().zip(["#2e7d32", "#c62828"]) {
        if let Some(sq) = sq {
            let (x, y) = centre(sq);
            writeln!(
                out,
                r#"<circle cx="{x}" cy="{y}" r="{}" fill="{fill}"/>"#,
                cell / 4
            )?;
        }
    }
    writeln!(out, "</svg>")
}

//! `qipan tromino`: tile a board with one missing square by L-trominoes (棋盘覆盖) and print,
//! draw or save the tiling.
//!
//! ```text
//! qipan tromino --size 8 --missing c6                      # the tiling as a grid of tromino numbers
//! qipan tromino --size 8 --missing 2,5 --format json       # {"size":8,"missing":[2,5],"tiles":[...]}
//! qipan tromino --size 16 --missing a1 --format svg --colour > board.svg
//! qipan tromino --size 16384 --missing 100,200             # time and verify only
//! qipan tromino --size 16384 --missing 100,200 --format png --output board.png
//! ```

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context, bail};
use qipan_tromino::{Colouring, Square, Tiling, colour, tile, verify};

/// Largest side printed as a grid, JSON or SVG; larger boards are written as PNG or binary.
const MAX_TEXT_SIDE: u32 = 1024;
/// Largest side printed as a grid when no format is asked for.
const MAX_DEFAULT_GRID_SIDE: u32 = 64;

/// Options of `qipan tromino`.
#[derive(clap::Args)]
pub struct Args {
    /// Board side n (1 to 16384): 2^k boards are tiled by divide and conquer; any n not divisible
    /// by 3 can be tiled (on 5x5 only if the missing square has both coordinates even).
    #[arg(long, allow_hyphen_values = true)]
    size: u32,
    /// The missing (special) square: `c6` (column letter, row from 1) or `x,y` (from 0, y from the
    /// bottom).
    #[arg(long)]
    missing: String,
    /// Output: grid (text), json, svg, png or binary (one byte per square, see
    /// qipan_tromino::Tiling::cells, after a one-line header). Without it: a grid for boards up
    /// to 64, otherwise only the timing and the verification.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Colour the trominoes (three colours for 2^k boards) so that neighbours differ. PNG output
    /// is always coloured.
    #[arg(long, alias = "color")]
    colour: bool,
    /// Write the output to this file instead of standard output (required for png and binary).
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// Skip the independent check of the tiling (every square but the missing one covered once
    /// by whole trominoes), so that the time is the tiling's alone.
    #[arg(long)]
    no_verify: bool,
}

/// The output formats.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Grid,
    Json,
    Svg,
    Png,
    Binary,
}

/// Runs `qipan tromino`.
pub fn run(args: Args) -> anyhow::Result<()> {
    let missing: Square = args.missing.parse()?;
    let format = match args.format {
        Some(format) => Some(format),
        None if args.size <= MAX_DEFAULT_GRID_SIDE => Some(Format::Grid),
        None => None,
    };
    if let Some(format @ (Format::Grid | Format::Json | Format::Svg)) = format
        && args.size > MAX_TEXT_SIDE
    {
        let name = match format {
            Format::Grid => "grid",
            Format::Json => "json",
            _ => "svg",
        };
        bail!(
            "a {0}x{0} board is too large to print as {name} (at most {MAX_TEXT_SIDE}); use --format png or binary with --output",
            args.size
        );
    }
    if matches!(format, Some(Format::Png | Format::Binary)) && args.output.is_none() {
        bail!("--format png and binary need --output FILE");
    }

    let start = Instant::now();
    let tiling = tile(args.size, missing)?;
    let tiled_in = start.elapsed();
    let verified_in = if args.no_verify {
        None
    } else {
        let start = Instant::now();
        verify(&tiling).context("the tiling did not verify (a bug: please report it)")?;
        Some(start.elapsed())
    };
    let colouring = if args.colour || format == Some(Format::Png) {
        Some(colour(&tiling)?)
    } else {
        None
    };

    let Some(format) = format else {
        let squares = f64::from(args.size) * f64::from(args.size);
        let checked = match verified_in {
            Some(took) => format!("verified in {:.3} s", took.as_secs_f64()),
            None => "not verified (--no-verify)".to_string(),
        };
        println!(
            "tiled {0}x{0} without {1} ({2},{3}): {4} trominoes in {5:.3} s ({6:.0} M squares/s, {7:.0} MiB); {8}",
            args.size,
            missing,
            missing.x,
            missing.y,
            tiling.tromino_count(),
            tiled_in.as_secs_f64(),
            squares / tiled_in.as_secs_f64() / 1e6,
            squares / (1 << 20) as f64,
            checked,
        );
        if let Some(colouring) = &colouring {
            println!("coloured with {} colours", colouring.colours_used());
        }
        return Ok(());
    };

    let mut out: Box<dyn Write> = match &args.output {
        Some(path) => Box::new(BufWriter::new(
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?,
        )),
        None => Box::new(BufWriter::new(std::io::stdout().lock())),
    };
    match format {
        Format::Grid => {
            write_grid(&mut out, &tiling, colouring.as_ref())?;
            if let Some(colouring) = &colouring {
                writeln!(out, "coloured with {} colours", colouring.colours_used())?;
            }
        }
        Format::Json => write_json(&mut out, &tiling, colouring.as_ref())?,
        Format::Svg => write_svg(&mut out, &tiling, colouring.as_ref())?,
        Format::Png => match &colouring {
            Some(colouring) => write_png(&mut out, &tiling, colouring)?,
            None => bail!("internal: PNG output without a colouring"),
        },
        Format::Binary => {
            writeln!(
                out,
                "qipan-tromino cells {} {} {}",
                tiling.size(),
                missing.x,
                missing.y
            )?;
            out.write_all(tiling.cells())?;
        }
    }
    out.flush()?;
    Ok(())
}

/// The text grid, top row first, with row numbers and column letters: each square shows its
/// tromino's number (or its colour with --colour); the missing square is `X`.
fn write_grid(
    out: &mut dyn Write,
    tiling: &Tiling,
    colouring: Option<&Colouring>,
) -> anyhow::Result<()> {
    let n = tiling.size();
    let ids = tiling.tromino_ids();
    let width = match colouring {
        Some(_) => 1,
        None => (tiling.tromino_count().max(1) - 1).to_string().len(),
    };
    let label_width = n.to_string().len();
    for y in (0..n).rev() {
        write!(out, "{:>label_width$} ", y + 1)?;
        for x in 0..n {
            let square = Square::new(x, y);
            let text = if square == tiling.missing() {
                "X".to_string()
            } else if let Some(colouring) = colouring {
                colouring.colour_at(square).unwrap_or(0).to_string()
            } else {
                ids[(y * n + x) as usize].to_string()
            };
            write!(out, " {text:>width$}")?;
        }
        writeln!(out)?;
    }
    write!(out, "{:>label_width$} ", "")?;
    for x in 0..n {
        let name = Square::new(x, 0).name();
        write!(out, " {:>width$}", name.trim_end_matches('1'))?;
    }
    writeln!(out)?;
    Ok(())
}

/// `{"size": n, "missing": [x, y], "tiles": [[[x, y], [x, y], [x, y]], ...]}`, plus
/// `"colours": [c, ...]` (one per tile) and `"colours_used": k` with --colour.
fn write_json(
    out: &mut dyn Write,
    tiling: &Tiling,
    colouring: Option<&Colouring>,
) -> anyhow::Result<()> {
    let missing = tiling.missing();
    write!(
        out,
        "{{\"size\":{},\"missing\":[{},{}],\"tiles\":[",
        tiling.size(),
        missing.x,
        missing.y
    )?;
    for (i, tromino) in tiling.trominoes().enumerate() {
        let [a, b, c] = tromino.cells();
        if i > 0 {
            write!(out, ",")?;
        }
        write!(
            out,
            "[[{},{}],[{},{}],[{},{}]]",
            a.x, a.y, b.x, b.y, c.x, c.y
        )?;
    }
    write!(out, "]")?;
    if let Some(colouring) = colouring {
        write!(out, ",\"colours\":[")?;
        for (i, tromino) in tiling.trominoes().enumerate() {
            let colour = colouring.colour_at(tromino.cells()[0]).unwrap_or(0);
            write!(out, "{}{colour}", if i > 0 { "," } else { "" })?;
        }
        write!(out, "],\"colours_used\":{}", colouring.colours_used())?;
    }
    writeln!(out, "}}")?;
    Ok(())
}

/// Fill colours: the missing square, then colours 1, 2, 3, ... of a colouring.
const PALETTE: [[u8; 3]; 8] = [
    [0x33, 0x33, 0x33],
    [0xE6, 0x5C, 0x4F],
    [0xF2, 0xC1, 0x4E],
    [0x4F, 0x9D, 0xDE],
    [0x6C, 0xC0, 0x7A],
    [0xB3, 0x7B, 0xD6],
    [0xF2, 0x8C, 0x38],
    [0x9A, 0x9A, 0x9A],
];

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// An SVG drawing: squares filled by colour (or all alike), thick lines between trominoes.
fn write_svg(
    out: &mut dyn Write,
    tiling: &Tiling,
    colouring: Option<&Colouring>,
) -> anyhow::Result<()> {
    let n = tiling.size();
    let cell = (768 / n).clamp(2, 32);
    let side = n * cell;
    writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{side}\" height=\"{side}\" viewBox=\"0 0 {side} {side}\">"
    )?;
    writeln!(
        out,
        "<rect width=\"{side}\" height=\"{side}\" fill=\"#fdf6e3\"/>"
    )?;
    // y grows downwards in SVG: row y of the board is drawn at n - 1 - y.
    let top = |y: u32| (n - 1 - y) * cell;
    for y in 0..n {
        for x in 0..n {
            let square = Square::new(x, y);
            let fill = if square == tiling.missing() {
                hex(PALETTE[0])
            } else if let Some(colouring) = colouring {
                hex(PALETTE[usize::from(colouring.colour_at(square).unwrap_or(0)).min(7)])
            } else {
                "#e8dcc0".to_string()
            };
            writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\"/>",
                x * cell,
                top(y)
            )?;
        }
    }
    let stroke = (cell / 8).max(1);
    write!(
        out,
        "<path stroke=\"#222\" stroke-width=\"{stroke}\" stroke-linecap=\"square\" d=\""
    )?;
    for y in 0..n {
        for x in 0..n {
            let here = tiling.tromino_at(Square::new(x, y));
            if x + 1 < n && here != tiling.tromino_at(Square::new(x + 1, y)) {
                let lx = (x + 1) * cell;
                write!(out, "M{lx} {}v{cell}", top(y))?;
            }
            if y + 1 < n && here != tiling.tromino_at(Square::new(x, y + 1)) {
                write!(out, "M{} {}h{cell}", x * cell, top(y))?;
            }
        }
    }
    writeln!(out, "M0 0H{side}V{side}H0Z\" fill=\"none\"/>")?;
    writeln!(out, "</svg>")?;
    Ok(())
}

/// A PNG, one pixel (or a few, on small boards) per square, coloured; written row by row so that
/// even the 2^14 board needs no second copy in memory.
fn write_png(out: &mut dyn Write, tiling: &Tiling, colouring: &Colouring) -> anyhow::Result<()> {
    let n = tiling.size() as usize;
    let scale = (1024 / n).clamp(1, 16);
    let side = u32::try_from(n * scale)?;
    let mut encoder = png::Encoder::new(out, side, side);
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(PALETTE.concat());
    let mut writer = encoder.write_header()?;
    let mut stream = writer.stream_writer()?;
    let cells = colouring.cells();
    let mut row = vec![0u8; n * scale];
    for y in (0..n).rev() {
        for (x, &colour) in cells[y * n..(y + 1) * n].iter().enumerate() {
            row[x * scale..(x + 1) * scale].fill(colour.min(7));
        }
        for _ in 0..scale {
            stream.write_all(&row)?;
        }
    }
    stream.finish()?;
    Ok(())
}

//! Times tours on large boards: `cargo run --release --example timing -- 10000 10000 a1`.
use qipan_knight::{Board, Square, TourKind, tour, verify};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (cols, rows): (u64, u64) = (args[0].parse()?, args[1].parse()?);
    let board = Board::new(cols, rows)?;
    let start = Square::parse(args.get(2).map_or("0,0", |s| s))?;
    let kind = if args.get(3).is_some_and(|k| k == "closed") {
        TourKind::Closed
    } else {
        TourKind::Open
    };
    let t = std::time::Instant::now();
    let tour = tour(board, start, kind)?;
    let e = t.elapsed().as_secs_f64();
    println!(
        "{board} from {start}: {e:.3}s, {:.0} squares/s",
        board.squares() as f64 / e
    );
    let t = std::time::Instant::now();
    verify(board, tour.path(), kind == TourKind::Closed)?;
    println!("verified in {:.3}s", t.elapsed().as_secs_f64());
    Ok(())
}

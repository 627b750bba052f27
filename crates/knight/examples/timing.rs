use qipan_knight::*;
fn main() {
    for cols in 1..=12u64 {
        for rows in 1..=12u64 {
            let b = Board::new(cols, rows).unwrap();
            let t = std::time::Instant::now();
            for y in 0..rows as u32 {
                for x in 0..cols as u32 {
                    let _ = tour(b, Square::new(x, y), TourKind::Open);
                    let _ = tour(b, Square::new(x, y), TourKind::Closed);
                }
            }
            let e = t.elapsed().as_secs_f64();
            if e > 0.3 {
                println!("{cols}x{rows}: {e:.2}s");
            }
        }
    }
}

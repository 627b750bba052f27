//! Timing helpers shared by the bench rows.

use std::time::{Duration, Instant};

/// The fastest of `runs` timings of `work` (the least disturbed by the rest of the machine).
pub fn best_of<T>(
    runs: usize,
    mut work: impl FnMut() -> anyhow::Result<T>,
) -> anyhow::Result<Duration> {
    let mut best = Duration::MAX;
    for _ in 0..runs {
        let start = Instant::now();
        std::hint::black_box(work()?);
        best = best.min(start.elapsed());
    }
    Ok(best)
}

//! Criterion benchmarks: a path query, all removable pairs, a deal and a solve of the standard
//! 144-tile board (8 × 18, 36 kinds × 4).

use criterion::{Criterion, criterion_group, criterion_main};
use qipan_link::{DealSpec, Limits, Mode, deal, solve};
use std::hint::black_box;

fn standard_board() -> qipan_link::Board {
    let mut spec = DealSpec::standard();
    spec.clearable = false;
    deal(&spec, 1).expect("the standard deal fits").board
}

fn benches(c: &mut Criterion) {
    let board = standard_board();
    // A pair far apart, so the search explores most of the board.
    let pairs = board.removable_pairs();
    let far = pairs
        .iter()
        .max_by_key(|m| (m.a.x - m.b.x).abs() + (m.a.y - m.b.y).abs())
        .copied()
        .expect("a full board has a removable pair on its rim");
    c.bench_function("connect 8x18", |b| {
        b.iter(|| black_box(&board).connect(far.a, far.b))
    });
    c.bench_function("removable pairs 8x18", |b| {
        b.iter(|| black_box(&board).removable_pairs())
    });
    let mut seed = 0;
    c.bench_function("clearable deal 8x18", |b| {
        b.iter(|| {
            seed += 1;
            deal(&DealSpec::standard(), seed)
        })
    });
    c.bench_function("solve 8x18", |b| {
        b.iter(|| solve(black_box(&board), Mode::Classic, Limits::default()))
    });
}

criterion_group!(link, benches);
criterion_main!(link);

//! Criterion benchmarks: closed tours on 100×100 ... 10000×10000 (squares per second), an open
//! tour on an odd board, a long 4-wide board, verification, the Warnsdorff search on 8×8, and a
//! hint for a trail on 8×8.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use qipan_knight::{Board, Budget, Square, TourKind, hint, tour, verify};
use std::hint::black_box;

fn square_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("closed tour");
    group.sample_size(10);
    for side in [100u64, 1000, 10_000] {
        let board = Board::new(side, side).expect("valid size");
        group.throughput(Throughput::Elements(side * side));
        group.bench_with_input(BenchmarkId::from_parameter(board), &board, |b, &board| {
            b.iter(|| tour(board, black_box(Square::new(0, 0)), TourKind::Closed))
        });
    }
    group.finish();
}

fn other_work(c: &mut Criterion) {
    let mut group = c.benchmark_group("knight");
    group.sample_size(10);
    let odd = Board::new(999, 999).expect("valid size");
    group.throughput(Throughput::Elements(999 * 999));
    group.bench_function("open tour 999x999 from the centre", |b| {
        b.iter(|| tour(odd, black_box(Square::new(499, 499)), TourKind::Open))
    });
    let narrow = Board::new(4, 1_000_000).expect("valid size");
    group.throughput(Throughput::Elements(4_000_000));
    group.bench_function("open tour 4x1000000 from the middle", |b| {
        b.iter(|| tour(narrow, black_box(Square::new(0, 500_000)), TourKind::Open))
    });
    let board = Board::new(1000, 1000).expect("valid size");
    let t = tour(board, Square::new(0, 0), TourKind::Closed).expect("a closed tour exists");
    group.throughput(Throughput::Elements(1_000_000));
    group.bench_function("verify 1000x1000", |b| {
        b.iter(|| verify(board, black_box(t.path()), true))
    });
    let small = Board::new(8, 8).expect("valid size");
    group.throughput(Throughput::Elements(64));
    group.bench_function("search 8x8 from b1", |b| {
        b.iter(|| tour(small, black_box(Square::new(1, 0)), TourKind::Open))
    });
    let trail = [(0, 0), (1, 2), (2, 4), (0, 5)].map(|(x, y)| Square::new(x, y));
    group.bench_function("hint 8x8 after 3 moves", |b| {
        b.iter(|| {
            hint(
                small,
                black_box(&trail),
                TourKind::Open,
                Budget::nodes(20_000_000),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, square_boards, other_work);
criterion_main!(benches);

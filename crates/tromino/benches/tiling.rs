//! Criterion benchmarks: Golomb's tiling of 2^10 ... 2^14 boards (cells per second), the general
//! construction, verification, colouring and the tileability search of a half-played 32x32 game.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use qipan_tromino::{SearchLimits, Square, Tromino, colour, complete, golomb, tile, verify};
use std::hint::black_box;

fn golomb_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("golomb");
    group.sample_size(10);
    for k in 10..=14u32 {
        let n = 1u64 << k;
        group.throughput(Throughput::Elements(n * n));
        let missing = Square::new((n / 3) as u32, (n / 5) as u32);
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("2^{k}")),
            &k,
            |b, &k| b.iter(|| golomb(k, black_box(missing))),
        );
    }
    group.finish();
}

fn other_work(c: &mut Criterion) {
    let mut group = c.benchmark_group("tromino");
    group.sample_size(10);
    let big = golomb(12, Square::new(1000, 3000)).expect("tileable");
    group.throughput(Throughput::Elements(1 << 24));
    group.bench_function("verify 2^12", |b| b.iter(|| verify(black_box(&big))));
    group.bench_function("colour 2^12", |b| b.iter(|| colour(black_box(&big))));
    group.throughput(Throughput::Elements(1001 * 1001));
    group.bench_function("tile 1001x1001", |b| {
        b.iter(|| tile(1001, black_box(Square::new(500, 77))))
    });
    group.throughput(Throughput::Elements(1));
    let missing = Square::new(5, 17);
    let placed: Vec<Tromino> = golomb(5, missing)
        .expect("tileable")
        .trominoes()
        .filter(|t| t.corner.y < 10 || t.corner.y > 20)
        .collect();
    group.bench_function("complete half-played 32x32", |b| {
        b.iter(|| {
            complete(
                32,
                missing,
                black_box(&placed),
                SearchLimits::nodes(10_000_000),
            )
        })
    });
    group.finish();
}

criterion_group!(benches, golomb_boards, other_work);
criterion_main!(benches);

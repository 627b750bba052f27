//! Criterion benchmarks of move generation: perft from the start position and from px0's
//! position 2 (a busy middlegame), leaves bulk-counted at the last ply.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use qipan_xiangqi::{Position, START_FEN, perft};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi perft");
    group.sample_size(10);
    let cases = [
        ("start depth 4", START_FEN, 4, 3_290_240u64),
        ("start depth 5", START_FEN, 5, 133_312_995),
        (
            "px0 position 2 depth 4",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            4,
            1_339_047,
        ),
    ];
    for (name, fen, depth, leaves) in cases {
        let Ok(start) = Position::from_fen(fen) else {
            continue;
        };
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(name, |b| {
            let mut pos = start.clone();
            b.iter(|| perft(black_box(&mut pos), depth));
        });
    }
    group.finish();
}

fn bench_movegen(c: &mut Criterion) {
    let pos = Position::startpos();
    c.bench_function("xiangqi legal moves, start position", |b| {
        let mut moves = qipan_xiangqi::MoveList::new();
        b.iter(|| {
            black_box(&pos).legal_moves(&mut moves);
            moves.len()
        });
    });
}

criterion_group!(benches, bench_perft, bench_movegen);
criterion_main!(benches);

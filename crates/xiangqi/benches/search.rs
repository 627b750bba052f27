//! Search benchmarks: fixed-depth searches from the start position and a middlegame position
//! (nodes per second follow from the node counts the engine reports; `qipan bench` prints them).

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use criterion::{Criterion, criterion_group, criterion_main};
use qipan_xiangqi::Position;
use qipan_xiangqi::engine::{Engine, Limits};

const POSITIONS: [(&str, &str); 2] = [
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ),
    (
        "central cannon vs screen horses",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R w - - 0 1",
    ),
];

fn search_to_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, fen) in POSITIONS {
        let pos = Position::from_fen(fen).expect("valid FEN");
        group.bench_function(format!("depth 8, {name}"), |b| {
            b.iter(|| {
                let mut engine = Engine::new(16);
                let stop = AtomicBool::new(false);
                black_box(engine.search(&pos, &Limits::depth(8), &[], &stop, &mut |_| {}))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, search_to_depth);
criterion_main!(benches);

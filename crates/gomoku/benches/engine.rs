//! Criterion benchmarks: incremental pattern updates, renju forbidden points, a VCF puzzle and a
//! depth-limited search (level 6: alpha-beta to depth 3 plus VCF/VCT defence checks).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use qipan_gomoku::engine::state::State;
use qipan_gomoku::{Board, Color, Engine, Level, Point, RuleSet, SearchLimits, renju};

fn board(black: &[&str], white: &[&str]) -> Board {
    let mut b = Board::new(15).unwrap();
    for (list, c) in [(black, Color::Black), (white, Color::White)] {
        for s in list {
            b.set(Point::parse_coord(s, 15).unwrap(), Some(c));
        }
    }
    b
}

/// The first VCF puzzle of the mintaka suite (see tests/vcf.rs), Black to move.
fn puzzle() -> Board {
    board(
        &["j10", "l10", "h8", "j8", "k8", "g7", "i7"],
        &["k11", "j9", "l8", "j7", "h6", "i6", "g5"],
    )
}

fn benches(c: &mut Criterion) {
    let position = puzzle();
    c.bench_function("make+unmake every empty point", |b| {
        let mut st = State::from_board(&position, RuleSet::Freestyle);
        let empties = st.empty_points();
        b.iter(|| {
            for &i in &empties {
                st.make(i);
                black_box(st.total(Color::Black));
                st.unmake();
            }
        })
    });
    c.bench_function("renju forbidden points, 14 stones", |b| {
        b.iter(|| black_box(renju::forbidden_points(&position)))
    });
    c.bench_function("VCF puzzle (mintaka basic 1)", |b| {
        b.iter(|| {
            let mut engine = Engine::new(Level::MAX, 1);
            black_box(engine.solve_vcf(
                &position,
                RuleSet::Renju,
                200,
                SearchLimits::millis(10_000),
            ))
        })
    });
    c.bench_function("level 6 move, 14 stones", |b| {
        b.iter(|| {
            let mut engine = Engine::new(Level::new(6), 1);
            black_box(engine.best_move(&position, RuleSet::Freestyle, SearchLimits::millis(10_000)))
        })
    });
}

criterion_group!(engine, benches);
criterion_main!(engine);

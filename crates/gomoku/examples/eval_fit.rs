//! Fits the static evaluation's values to real game results (Texel's method): reads the SGF files
//! a match manager wrote, takes every quiet position of every game (no five point for either
//! side, no open four, four-three or double four for the side to move), and finds the values that
//! best predict the game's result from the side to move's evaluation, `σ(eval / scale)`.
//!
//! The evaluation is linear in its values: per colour, the count of each line pattern over the
//! empty points' four directions, the points of each double-threat kind and the points that
//! earn a building bonus, the side to move's weighted `MINE : THEIRS` (see `engine::eval`). So
//! the fit is a logistic regression on those counts. It also scans that weight with today's
//! values. `--keep one,two` holds the named features at today's values.
//!
//! `cargo run --release -p qipan-gomoku --example eval_fit -- [--keep NAMES] GAMES.sgf…`

use qipan_gomoku::engine::eval::{DOUBLE_KINDS, MINE, THEIRS};
use qipan_gomoku::engine::state::{
    BUILDING_BONUS, PATTERN_VALUE, State, building, combination_bonus, kind,
};
use qipan_gomoku::record::sgf;
use qipan_gomoku::{Color, RuleSet};

/// Line patterns 1..=9, then the double kinds, then the building classes.
const FEATURES: usize = 9 + 3 + 3;
const NAMES: [&str; FEATURES] = [
    "one_c",
    "one",
    "two_c",
    "two",
    "three_c",
    "three",
    "four",
    "four_open",
    "five",
    "flex4",
    "four3",
    "three3",
    "b_three",
    "b_four",
    "b_quiet",
];

/// The values the engine uses today, in feature order.
fn current() -> [f64; FEATURES] {
    let mut out = [0.0; FEATURES];
    for (f, &v) in PATTERN_VALUE[1..].iter().enumerate() {
        out[f] = f64::from(v);
    }
    for (n, &k) in DOUBLE_KINDS.iter().enumerate() {
        out[9 + n] = f64::from(combination_bonus(k));
    }
    for (n, &v) in BUILDING_BONUS.iter().enumerate() {
        out[12 + n] = f64::from(v);
    }
    out
}

/// Colour `c`'s counts; for the opponent of the side to move (`strongest_only`) the double kinds
/// count only the strongest present, as the evaluation counts them.
fn counts(st: &State, c: Color, strongest_only: bool) -> [f64; FEATURES] {
    let mut out = [0.0; FEATURES];
    for &i in st.points() {
        if !st.is_empty(i) {
            continue;
        }
        let mut per = [0u8; 10];
        for d in 0..4 {
            let p = st.pattern(i, c, d);
            per[usize::from(p)] += 1;
            if p > 0 {
                out[usize::from(p) - 1] += 1.0;
            }
        }
        let k = st.kind(i, c);
        if let Some(n) = DOUBLE_KINDS.iter().position(|&x| x == k) {
            out[9 + n] += 1.0;
        }
        if let Some(class) = building(k, &per) {
            out[12 + class] += 1.0;
        }
    }
    if strongest_only {
        let first = (9..12).find(|&n| out[n] > 0.0);
        for (n, x) in out.iter_mut().enumerate().take(12).skip(9) {
            *x = if Some(n) == first { 1.0 } else { 0.0 };
        }
    }
    out
}

/// A quiet position: the side to move's and the opponent's counts, and the side to move's result.
struct Sample {
    mine: [f64; FEATURES],
    theirs: [f64; FEATURES],
    /// `ratio * mine - theirs`, the evaluation's features.
    x: [f64; FEATURES],
    result: f64,
}

fn is_quiet(st: &State) -> bool {
    let me = st.side();
    !st.has_kind(me, kind::FOUR_THREE) && !st.has_kind(me.opponent(), kind::FIVE)
}

fn samples(files: &[String]) -> Result<Vec<Sample>, Box<dyn std::error::Error>> {
    let mut out = vec![];
    for file in files {
        let text = std::fs::read_to_string(file)?;
        for game in sgf::split_games(&text) {
            let record = sgf::parse(game).map_err(|e| format!("{file}: {e}"))?;
            if !matches!(record.info.rule.as_str(), "" | "0") {
                continue;
            }
            let black_result = match record.info.result.chars().next() {
                Some('B') => 1.0,
                Some('W') => 0.0,
                _ => 0.5,
            };
            let mut st = State::new(record.size, RuleSet::Freestyle);
            for (n, &p) in record.moves.iter().enumerate() {
                if n >= 3 && is_quiet(&st) {
                    let me = st.side();
                    let mine = counts(&st, me, false);
                    let theirs = counts(&st, me.opponent(), true);
                    let result = if me == Color::Black {
                        black_result
                    } else {
                        1.0 - black_result
                    };
                    out.push(Sample {
                        mine,
                        theirs,
                        x: [0.0; FEATURES],
                        result,
                    });
                }
                st.make(st.index(p));
            }
        }
    }
    Ok(out)
}

fn set_ratio(data: &mut [Sample], ratio: f64) {
    for s in data {
        s.x = std::array::from_fn(|f| ratio * s.mine[f] - s.theirs[f]);
    }
}

fn sigmoid(v: f64) -> f64 {
    1.0 / (1.0 + (-v).exp())
}

fn loss(data: &[Sample], theta: &[f64; FEATURES], scale: f64) -> f64 {
    let sum: f64 = data
        .iter()
        .map(|s| {
            let e: f64 = s.x.iter().zip(theta).map(|(a, b)| a * b).sum();
            (s.result - sigmoid(e / scale)).powi(2)
        })
        .sum();
    sum / data.len() as f64
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    // `--keep a,b`: features held at today's values.
    let mut keep: Vec<usize> = vec![];
    if let Some(at) = files.iter().position(|a| a == "--keep") {
        let list = files.get(at + 1).ok_or("--keep needs a list")?.clone();
        for name in list.split(',') {
            keep.push(
                NAMES
                    .iter()
                    .position(|n| *n == name)
                    .ok_or("unknown feature")?,
            );
        }
        files.drain(at..at + 2);
    }
    if files.is_empty() {
        return Err("usage: eval_fit [--keep NAMES] GAMES.sgf…".into());
    }
    let mut data = samples(&files)?;
    println!("{} quiet positions", data.len());
    let start = current();
    let today = f64::from(MINE) / f64::from(THEIRS);
    // The side to move's weight (today MINE : THEIRS), scanned with today's values at their best scale.
    for ratio in [1.0, 1.25, 1.5, 1.75, 2.0, 2.5] {
        set_ratio(&mut data, ratio);
        let best = (1..=60)
            .map(|n| loss(&data, &start, f64::from(n) * 50.0))
            .fold(f64::INFINITY, f64::min);
        println!("ratio {ratio}: loss {best:.5}");
    }
    set_ratio(&mut data, today);
    let scale = (1..=60)
        .map(|n| f64::from(n) * 50.0)
        .min_by(|a, b| loss(&data, &start, *a).total_cmp(&loss(&data, &start, *b)))
        .expect("a non-empty range");
    println!(
        "scale {scale}, loss with today's values {:.5}",
        loss(&data, &start, scale)
    );
    // Adam on the mean squared error, in units of today's values so every feature moves at the
    // same relative speed.
    let unit = start.map(|v| v.max(1.0));
    let mut w = [1.0; FEATURES];
    let (mut m, mut v) = ([0.0; FEATURES], [0.0; FEATURES]);
    let (rate, b1, b2) = (0.01, 0.9, 0.999);
    for step in 1..=3000 {
        let theta: [f64; FEATURES] = std::array::from_fn(|f| w[f] * unit[f]);
        let mut grad = [0.0; FEATURES];
        for s in &data {
            let e: f64 = s.x.iter().zip(&theta).map(|(a, b)| a * b).sum();
            let p = sigmoid(e / scale);
            let g = -2.0 * (s.result - p) * p * (1.0 - p) / scale;
            for f in 0..FEATURES {
                grad[f] += g * s.x[f] * unit[f];
            }
        }
        for f in 0..FEATURES {
            let g = grad[f] / data.len() as f64;
            m[f] = b1 * m[f] + (1.0 - b1) * g;
            v[f] = b2 * v[f] + (1.0 - b2) * g * g;
            let mh = m[f] / (1.0 - b1.powi(step));
            let vh = v[f] / (1.0 - b2.powi(step));
            if !keep.contains(&f) {
                w[f] = (w[f] - rate * mh / (vh.sqrt() + 1e-12)).max(0.0);
            }
        }
        if step % 500 == 0 {
            println!("step {step}: loss {:.5}", loss(&data, &theta, scale));
        }
    }
    let fitted: [f64; FEATURES] = std::array::from_fn(|f| w[f] * unit[f]);
    for f in 0..FEATURES {
        println!("{:>10} {:>8.1} -> {:>8.1}", NAMES[f], start[f], fitted[f]);
    }
    Ok(())
}

//! Texel's method: choose the weights that best predict the results of the data set's games from
//! its positions, `result ~ 1 / (1 + 10^(-K * eval / 400))`, by minimising the mean squared error
//! with Adam over the whole set (full batches, so the fit is deterministic).

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use qipan_xiangqi::engine::eval::{self, Trace, params, weights};

use super::{data, write};

/// Options of `qipan-tune xiangqi fit`.
#[derive(Args)]
pub struct Options {
    /// Data sets (`FEN;result` lines), from `games` or `pgn`.
    #[arg(long, required = true)]
    data: Vec<PathBuf>,
    /// Passes of gradient descent over the whole set.
    #[arg(long, default_value_t = 400)]
    epochs: usize,
    /// Adam's step size, in centipawns.
    #[arg(long, default_value_t = 1.0)]
    rate: f64,
    /// Pull of every weight back toward its present value (L2, per squared centipawn), so that
    /// rarely seen table entries and the overall scale do not drift on noise.
    #[arg(long, default_value_t = 2e-8)]
    l2: f64,
    /// Where to write the weights (normally crates/xiangqi/src/engine/eval/weights.rs).
    #[arg(long)]
    out: PathBuf,
}

/// One position ready for the fit.
struct Example {
    trace: Trace,
    result: f64,
}

fn sigmoid(k: f64, eval: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-k * eval / 400.0))
}

/// Mean squared error of the predictions under weights `w` (middlegame then endgame halves).
fn error(examples: &[Example], k: f64, mg: &[f64], eg: &[f64]) -> f64 {
    let sum: f64 = examples
        .iter()
        .map(|e| (e.result - sigmoid(k, e.trace.red_view(mg, eg))).powi(2))
        .sum();
    sum / examples.len().max(1) as f64
}

/// The scaling constant `K` that fits the current weights best (golden-section search).
fn best_k(examples: &[Example], mg: &[f64], eg: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.1f64, 3.0f64);
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..40 {
        let a = hi - ratio * (hi - lo);
        let b = lo + ratio * (hi - lo);
        if error(examples, a, mg, eg) < error(examples, b, mg, eg) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// The gradient of the error with respect to every weight, middlegame then endgame.
fn gradient(examples: &[Example], k: f64, mg: &[f64], eg: &[f64]) -> (Vec<f64>, Vec<f64>) {
    let mut g_mg = vec![0.0; params::COUNT];
    let mut g_eg = vec![0.0; params::COUNT];
    let scale = k * std::f64::consts::LN_10 / 400.0;
    for e in examples {
        let tapered = e.trace.tapered(mg, eg);
        let divisor = e.trace.divisor(tapered);
        let s = sigmoid(k, tapered / divisor);
        // d error / d eval, then through the divisor and the taper.
        let d = -2.0 * (e.result - s) * s * (1.0 - s) * scale / divisor;
        let phase = e.trace.middlegame_share();
        for &(param, count) in &e.trace.counts {
            g_mg[param as usize] += d * count as f64 * phase;
            g_eg[param as usize] += d * count as f64 * (1.0 - phase);
        }
    }
    let n = examples.len().max(1) as f64;
    g_mg.iter_mut().chain(g_eg.iter_mut()).for_each(|g| *g /= n);
    (g_mg, g_eg)
}

/// Adam's running moments for one vector of weights.
struct Adam {
    m: Vec<f64>,
    v: Vec<f64>,
}

impl Adam {
    fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
        }
    }

    fn step(&mut self, w: &mut [f64], g: &[f64], rate: f64, t: i32) {
        const B1: f64 = 0.9;
        const B2: f64 = 0.999;
        for i in 0..w.len() {
            self.m[i] = B1 * self.m[i] + (1.0 - B1) * g[i];
            self.v[i] = B2 * self.v[i] + (1.0 - B2) * g[i] * g[i];
            let m = self.m[i] / (1.0 - B1.powi(t));
            let v = self.v[i] / (1.0 - B2.powi(t));
            w[i] -= rate * m / (v.sqrt() + 1e-12);
        }
    }
}

/// Fits and writes the weights.
pub fn run(options: &Options) -> Result<()> {
    let mut examples = Vec::new();
    for path in &options.data {
        for (pos, result) in data::read(path)? {
            examples.push(Example {
                trace: eval::trace(&pos),
                result,
            });
        }
    }
    if examples.len() < 1000 {
        bail!(
            "{} positions are too few to fit {} weights",
            examples.len(),
            2 * params::COUNT
        );
    }
    // Every tenth position is held out, to tell fitting from over-fitting.
    let (train, check): (Vec<_>, Vec<_>) = examples
        .into_iter()
        .enumerate()
        .partition(|(i, _)| i % 10 != 0);
    let train: Vec<Example> = train.into_iter().map(|(_, e)| e).collect();
    let check: Vec<Example> = check.into_iter().map(|(_, e)| e).collect();
    let mut mg: Vec<f64> = weights::MG.iter().map(|&w| w as f64).collect();
    let mut eg: Vec<f64> = weights::EG.iter().map(|&w| w as f64).collect();
    let k = best_k(&train, &mg, &eg);
    eprintln!(
        "{} positions ({} held out), K = {k:.3}; error {:.6} (held out {:.6})",
        train.len() + check.len(),
        check.len(),
        error(&train, k, &mg, &eg),
        error(&check, k, &mg, &eg)
    );
    let (start_mg, start_eg) = (mg.clone(), eg.clone());
    let (mut adam_mg, mut adam_eg) = (Adam::new(params::COUNT), Adam::new(params::COUNT));
    for epoch in 1..=options.epochs {
        let (mut g_mg, mut g_eg) = gradient(&train, k, &mg, &eg);
        for (g, (w, w0)) in g_mg.iter_mut().zip(mg.iter().zip(&start_mg)) {
            *g += 2.0 * options.l2 * (w - w0);
        }
        for (g, (w, w0)) in g_eg.iter_mut().zip(eg.iter().zip(&start_eg)) {
            *g += 2.0 * options.l2 * (w - w0);
        }
        adam_mg.step(&mut mg, &g_mg, options.rate, epoch as i32);
        adam_eg.step(&mut eg, &g_eg, options.rate, epoch as i32);
        // The general's material never varies; keep it at zero.
        mg[params::MATERIAL] = 0.0;
        eg[params::MATERIAL] = 0.0;
        if epoch % 50 == 0 || epoch == options.epochs {
            eprintln!(
                "epoch {epoch}: error {:.6} (held out {:.6})",
                error(&train, k, &mg, &eg),
                error(&check, k, &mg, &eg)
            );
        }
    }
    let round = |w: &[f64]| -> Vec<i16> { w.iter().map(|x| x.round() as i16).collect() };
    std::fs::write(&options.out, write::source(&round(&mg), &round(&eg)))?;
    eprintln!("weights written to {}", options.out.display());
    Ok(())
}

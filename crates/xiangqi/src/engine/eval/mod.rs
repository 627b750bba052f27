//! The static evaluation: material, piece-square tables and the Xiangqi-specific terms of
//! [`params`], weighted by the tuned [`weights`] and tapered between middlegame and endgame.
//!
//! The evaluation is linear in its weights, so the same pass over the pieces
//! ([`terms`](self)) serves the search (which adds the weights up at once) and the tuner
//! (which reads the counts through [`trace`] and fits the weights to game results).

mod cache;
pub mod params;
mod terms;
pub mod weights;

use super::score::Score;
use super::values::{NO_ATTACKER_DIVISOR, PHASE_MAX, TEMPO};
use crate::piece::Color;
use crate::position::Position;
pub use cache::EvalCache;
pub use terms::Facts;
use terms::Sink;

/// Adds the weights up as the terms arrive, from Red's point of view.
#[derive(Default)]
struct Sum {
    mg: i32,
    eg: i32,
}

impl Sink for Sum {
    #[inline(always)]
    fn add(&mut self, color: Color, param: usize, count: i32) {
        let count = match color {
            Color::Red => count,
            Color::Black => -count,
        };
        self.mg += weights::MG[param] as i32 * count;
        self.eg += weights::EG[param] as i32 * count;
    }
}

/// Tapers a middlegame and an endgame value by the phase, then scales down the advantage of a
/// side that has nothing left to mate with; Red's point of view.
fn combine(mg: i32, eg: i32, facts: Facts) -> i32 {
    let red_view = (mg * facts.phase + eg * (PHASE_MAX - facts.phase)) / PHASE_MAX;
    let [red_attacks, black_attacks] = facts.attackers;
    if (red_view > 0 && !red_attacks) || (red_view < 0 && !black_attacks) {
        red_view / NO_ATTACKER_DIVISOR
    } else {
        red_view
    }
}

/// The evaluation of `pos` in centipawns from the side to move's point of view.
pub fn evaluate(pos: &Position) -> Score {
    let mut sum = Sum::default();
    let facts = terms::collect(pos, &mut sum);
    let red_view = combine(sum.mg, sum.eg, facts);
    let side_view = match pos.side_to_move() {
        Color::Red => red_view,
        Color::Black => -red_view,
    };
    side_view + TEMPO
}

/// The evaluation's terms for one position, as the tuner sees them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trace {
    /// (weight index, Red's count minus Black's) for every weight that applies; an index may
    /// repeat.
    pub counts: Vec<(u16, i16)>,
    /// The phase and the attackers.
    pub facts: Facts,
    /// The side to move.
    pub side_to_move: Color,
}

impl Sink for Trace {
    fn add(&mut self, color: Color, param: usize, count: i32) {
        if count != 0 {
            let count = match color {
                Color::Red => count,
                Color::Black => -count,
            };
            self.counts.push((param as u16, count as i16));
        }
    }
}

impl Trace {
    /// How far the position is from the endgame: 1 with every piece on the board, 0 in a pure
    /// endgame. Middlegame weights count this much, endgame weights the rest.
    pub fn middlegame_share(&self) -> f64 {
        self.facts.phase as f64 / PHASE_MAX as f64
    }

    /// The tapered sum of the weights `mg` and `eg` (indexed as in [`params`]), Red's view,
    /// before the no-attacker divisor.
    pub fn tapered(&self, mg: &[f64], eg: &[f64]) -> f64 {
        let (mut m, mut e) = (0.0, 0.0);
        for &(param, count) in &self.counts {
            m += mg[param as usize] * count as f64;
            e += eg[param as usize] * count as f64;
        }
        let share = self.middlegame_share();
        m * share + e * (1.0 - share)
    }

    /// What the tapered sum is divided by: [`NO_ATTACKER_DIVISOR`] when the side it favours has
    /// nothing left to mate with, else 1.
    pub fn divisor(&self, tapered: f64) -> f64 {
        let [red_attacks, black_attacks] = self.facts.attackers;
        if (tapered > 0.0 && !red_attacks) || (tapered < 0.0 && !black_attacks) {
            NO_ATTACKER_DIVISOR as f64
        } else {
            1.0
        }
    }

    /// The evaluation from Red's point of view under the weights `mg` and `eg`, without the
    /// tempo bonus: what [`evaluate`] computes, in floating point.
    pub fn red_view(&self, mg: &[f64], eg: &[f64]) -> f64 {
        let tapered = self.tapered(mg, eg);
        tapered / self.divisor(tapered)
    }
}

/// The terms of `pos`, for tuning.
pub fn trace(pos: &Position) -> Trace {
    let mut trace = Trace {
        counts: Vec::with_capacity(96),
        facts: Facts {
            phase: 0,
            attackers: [false; 2],
        },
        side_to_move: pos.side_to_move(),
    };
    trace.facts = terms::collect(pos, &mut trace);
    trace
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).expect("valid FEN")
    }

    #[test]
    fn the_start_position_is_level_and_symmetric() {
        let red = evaluate(&Position::startpos());
        assert_eq!(red, TEMPO);
        let black = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1");
        assert_eq!(evaluate(&black), TEMPO);
    }

    #[test]
    fn an_extra_rook_is_a_big_advantage() {
        // Black's a9 rook removed.
        let p = pos("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert!(evaluate(&p) > 700, "{}", evaluate(&p));
    }

    #[test]
    fn the_central_cannon_is_rewarded() {
        let central = pos("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
        assert!(evaluate(&central) < -TEMPO, "{}", evaluate(&central));
    }

    #[test]
    fn the_trace_gives_the_evaluation() {
        let mg: Vec<f64> = weights::MG.iter().map(|&w| w as f64).collect();
        let eg: Vec<f64> = weights::EG.iter().map(|&w| w as f64).collect();
        for fen in [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
            "1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "3k5/4a4/9/9/2b6/9/9/4C4/4A4/4K4 w - - 0 1",
            "r1bakab2/9/2n1c1n2/p3p1p1p/2p6/6P2/P1P1P3P/1CN1C1N2/9/R1BAKABR1 b - - 0 1",
        ] {
            let p = pos(fen);
            let t = trace(&p);
            let red = t.red_view(&mg, &eg);
            let side = if p.side_to_move() == Color::Red {
                red
            } else {
                -red
            };
            let exact = evaluate(&p) - TEMPO;
            assert!(
                (side - exact as f64).abs() <= 1.0,
                "{fen}: {side} vs {exact}"
            );
        }
    }
}

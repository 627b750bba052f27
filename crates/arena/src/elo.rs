//! The Elo difference implied by a match score, with its 95% error margin.
//!
//! The estimate is the logistic model `score = 1 / (1 + 10^(-diff/400))`; the margin comes from the
//! standard error of the per-game score (trinomial W/D/L), mapped through the same curve, as
//! cutechess-cli reports it.

use crate::tally::Tally;

/// The two-sided 95% quantile of the normal distribution.
const Z_95: f64 = 1.959_963_984_540_054;

/// An Elo difference and its 95% error margin.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// Elo of the first engine minus Elo of the second (infinite after a clean sweep).
    pub diff: f64,
    /// Half-width of the 95% confidence interval (infinite when undefined).
    pub margin: f64,
}

/// Elo difference for an expected score in (0, 1).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

impl EloEstimate {
    /// The estimate from a tally of the first engine's games. `None` before any game.
    pub fn from_tally(tally: &Tally) -> Option<EloEstimate> {
        let n = tally.games() as f64;
        if n == 0.0 {
            return None;
        }
        let (w, d, l) = (tally.wins as f64, tally.draws as f64, tally.losses as f64);
        let mu = (w + d / 2.0) / n;
        let variance =
            (w * (1.0 - mu).powi(2) + d * (0.5 - mu).powi(2) + l * (0.0 - mu).powi(2)) / n;
        let stderr = (variance / n).sqrt();
        let low = elo_from_score(mu - Z_95 * stderr);
        let high = elo_from_score(mu + Z_95 * stderr);
        let margin = if low.is_finite() && high.is_finite() {
            (high - low) / 2.0
        } else {
            f64::INFINITY
        };
        Some(EloEstimate {
            diff: elo_from_score(mu),
            margin,
        })
    }
}

impl std::fmt::Display for EloEstimate {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.diff.is_finite(), self.margin.is_finite()) {
            (true, true) => write!(f, "{:+.1} +/- {:.1}", self.diff, self.margin),
            (true, false) => write!(f, "{:+.1} +/- inf", self.diff),
            (false, _) if self.diff > 0.0 => write!(f, "+inf"),
            (false, _) => write!(f, "-inf"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(wins: u32, draws: u32, losses: u32) -> Tally {
        Tally {
            wins,
            draws,
            losses,
        }
    }

    #[test]
    fn the_logistic_curve_has_its_textbook_points() {
        assert_eq!(elo_from_score(0.5), 0.0);
        // A 10:1 odds ratio (score 10/11) is exactly 400 Elo by definition of the scale.
        assert!((elo_from_score(10.0 / 11.0) - 400.0).abs() < 1e-9);
        assert!((elo_from_score(1.0 / 11.0) + 400.0).abs() < 1e-9);
    }

    #[test]
    fn an_even_match_is_zero_with_a_margin() {
        let e = EloEstimate::from_tally(&tally(10, 0, 10)).expect("games played");
        assert_eq!(e.diff, 0.0);
        // mu = 0.5, stdev of a game = 0.5, stderr = 0.5/sqrt(20) = 0.1118; bound scores
        // 0.5 +/- 0.2191 -> Elo +/- 400*log10(0.7191/0.2809) = 163.3.
        assert!((e.margin - 163.3).abs() < 0.2, "{}", e.margin);
    }

    #[test]
    fn draws_narrow_the_margin() {
        let decisive = EloEstimate::from_tally(&tally(30, 0, 30)).expect("games");
        let drawish = EloEstimate::from_tally(&tally(10, 40, 10)).expect("games");
        assert!(drawish.margin < decisive.margin);
    }

    #[test]
    fn a_sweep_is_infinite_and_no_games_is_nothing() {
        let e = EloEstimate::from_tally(&tally(40, 0, 0)).expect("games");
        assert_eq!(e.diff, f64::INFINITY);
        assert_eq!(e.to_string(), "+inf");
        assert!(EloEstimate::from_tally(&tally(0, 0, 0)).is_none());
    }
}

//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): each player's
//! rating, rating deviation and volatility, updated after every rated game as a rating period of
//! one game (as lichess does). Pure arithmetic; the store applies it inside the transaction that
//! records the result.

use serde::Serialize;

/// The rating a new player starts with.
pub const START_RATING: f64 = 1500.0;
/// Its deviation.
pub const START_DEVIATION: f64 = 350.0;
/// Its volatility.
pub const START_VOLATILITY: f64 = 0.06;
/// How fast volatility may change (Glickman suggests 0.3–1.2; lichess uses 0.75).
const TAU: f64 = 0.75;
/// Glicko-2's scale factor between the Glicko and Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// A rating is provisional while its deviation is above this (lichess's 110).
pub const PROVISIONAL_DEVIATION: f64 = 110.0;
/// The smallest deviation a rating keeps, so that it can still move.
const MIN_DEVIATION: f64 = 45.0;

/// A player's rating.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Rating {
    /// The rating (Glicko scale, 1500 to start).
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating {
            rating: START_RATING,
            deviation: START_DEVIATION,
            volatility: START_VOLATILITY,
        }
    }
}

/// One game's result against an opponent.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outcome {
    /// The opponent's rating before the game.
    pub opponent: Rating,
    /// 1 for a win, 0.5 for a draw, 0 for a loss.
    pub score: f64,
}

impl Rating {
    /// Whether the rating is still provisional (too few games to trust).
    pub fn provisional(&self) -> bool {
        self.deviation > PROVISIONAL_DEVIATION
    }

    /// The rating after one rating period with `results` (Glickman's steps 2–8).
    pub fn after(&self, results: &[Outcome]) -> Rating {
        self.after_with_tau(results, TAU)
    }

    /// [`Rating::after`] with the system constant `tau`.
    fn after_with_tau(&self, results: &[Outcome], tau: f64) -> Rating {
        let mu = (self.rating - START_RATING) / SCALE;
        let phi = self.deviation / SCALE;
        if results.is_empty() {
            let phi = (phi * phi + self.volatility * self.volatility).sqrt();
            return Rating {
                deviation: (phi * SCALE).min(START_DEVIATION),
                ..*self
            };
        }
        let g = |phi: f64| 1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI.powi(2))).sqrt();
        let terms: Vec<(f64, f64, f64)> = results
            .iter()
            .map(|o| {
                let mu_j = (o.opponent.rating - START_RATING) / SCALE;
                let g_j = g(o.opponent.deviation / SCALE);
                let e = 1.0 / (1.0 + (-g_j * (mu - mu_j)).exp());
                (g_j, e, o.score)
            })
            .collect();
        let v = 1.0
            / terms
                .iter()
                .map(|&(g, e, _)| g * g * e * (1.0 - e))
                .sum::<f64>();
        let delta = v * terms.iter().map(|&(g, e, s)| g * (s - e)).sum::<f64>();
        let sigma = new_volatility(phi, self.volatility, v, delta, tau);
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new =
            mu + phi_new * phi_new * terms.iter().map(|&(g, e, s)| g * (s - e)).sum::<f64>();
        Rating {
            rating: mu_new * SCALE + START_RATING,
            deviation: (phi_new * SCALE).clamp(MIN_DEVIATION, START_DEVIATION),
            volatility: sigma,
        }
    }
}

/// Step 5: the new volatility, by the Illinois algorithm on Glickman's f.
fn new_volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= 1e-6 {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example ("Example of the Glicko-2 system", 2013, section "Example
    /// calculation", τ = 0.5): a 1500 player (RD 200, σ 0.06) beats a 1400 (RD 30), loses to a
    /// 1550 (RD 100) and to a 1700 (RD 300), and ends at 1464.06, RD 151.52, σ 0.05999.
    #[test]
    fn glickmans_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let opponent = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let results = [
            Outcome {
                opponent: opponent(1400.0, 30.0),
                score: 1.0,
            },
            Outcome {
                opponent: opponent(1550.0, 100.0),
                score: 0.0,
            },
            Outcome {
                opponent: opponent(1700.0, 300.0),
                score: 0.0,
            },
        ];
        let after = player.after_with_tau(&results, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_new_players_are_provisional() {
        let new = Rating::default();
        assert!(new.provisional());
        let won = new.after(&[Outcome {
            opponent: Rating::default(),
            score: 1.0,
        }]);
        let lost = new.after(&[Outcome {
            opponent: Rating::default(),
            score: 0.0,
        }]);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!(
            (won.rating - 1500.0 + lost.rating - 1500.0).abs() < 1e-6,
            "symmetric"
        );
        assert!(won.deviation < new.deviation);
    }
}

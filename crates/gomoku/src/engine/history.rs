//! The history heuristic: per colour and point, how often a move there refuted the opponent's
//! play (a beta cutoff) in the searches so far, weighted by depth. It orders the candidate moves
//! after their static value and survives between the moves of a game, halved at each new search
//! so that old positions fade.

use crate::point::Color;

/// The largest magnitude a score reaches (each update moves it towards ±`LIMIT`).
const LIMIT: i32 = 8192;

/// Divides a score into move-value units when ordering: at most ±128, below a four-three's value
/// (so history reorders ordinary moves, never a double threat below a quiet point).
const SCALE: i32 = 64;

/// History scores, by colour and padded point index.
#[derive(Debug, Clone, Default)]
pub struct History {
    scores: [Vec<i32>; 2],
}

impl History {
    /// Prepares for a new search over a board of `len` padded cells: keeps half of what was
    /// learnt (all of it is dropped when the board changed size).
    pub fn age(&mut self, len: usize) {
        for scores in &mut self.scores {
            if scores.len() == len {
                scores.iter_mut().for_each(|s| *s /= 2);
            } else {
                *scores = vec![0; len];
            }
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.scores = Default::default();
    }

    /// The ordering bonus of `c`'s move at `i`, in move-value units.
    pub fn bonus(&self, c: Color, i: usize) -> i32 {
        self.scores[c.index()].get(i).map_or(0, |&s| s / SCALE)
    }

    /// `c`'s move at `cut` refuted the opponent at `depth`, after the moves `tried` failed to.
    pub fn reward(&mut self, c: Color, cut: usize, tried: &[usize], depth: i32) {
        let amount = (depth * depth).min(LIMIT);
        let scores = &mut self.scores[c.index()];
        if scores.is_empty() {
            return;
        }
        update(&mut scores[cut], amount);
        for &i in tried {
            update(&mut scores[i], -amount);
        }
    }
}

/// Moves `score` by `amount`, less as it nears ±`LIMIT` (so it stays within the limit).
fn update(score: &mut i32, amount: i32) {
    *score += amount - *score * amount.abs() / LIMIT;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_rank_the_refuting_move_first_and_stay_bounded() {
        let mut h = History::default();
        h.age(100);
        for _ in 0..10_000 {
            h.reward(Color::Black, 5, &[6, 7], 20);
        }
        assert!(h.bonus(Color::Black, 5) > 0 && h.bonus(Color::Black, 6) < 0);
        assert!(h.bonus(Color::Black, 5) <= LIMIT / SCALE);
        assert!(h.bonus(Color::Black, 6) >= -LIMIT / SCALE);
        assert_eq!(h.bonus(Color::White, 5), 0, "each colour learns apart");
        let before = h.bonus(Color::Black, 5);
        h.age(100);
        assert!(
            (h.bonus(Color::Black, 5) - before / 2).abs() <= 1,
            "ageing halves"
        );
        h.age(50);
        assert_eq!(
            h.bonus(Color::Black, 5),
            0,
            "a new board size starts afresh"
        );
    }
}

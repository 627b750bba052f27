//! Playing levels 1–10 for people.
//!
//! Level 10 is the full engine under whatever limits are given. Lower levels are weaker the way a
//! person is: they look fewer moves ahead, and now and then they play a good but not the best
//! move. The alternative is drawn only among moves whose score is within a small margin of the
//! best one, after a search deep enough to see captures (every level searches captures to the
//! end in quiescence), so no level leaves a piece hanging for nothing or misses a mate in one.
//!
//! | level | depth | chance of a near-best move | margin (centipawns) |
//! |------:|------:|---------------------------:|--------------------:|
//! | 1 | 1 | 50% | 150 |
//! | 2 | 2 | 40% | 120 |
//! | 3 | 2 | 30% | 100 |
//! | 4 | 3 | 25% | 80 |
//! | 5 | 4 | 20% | 60 |
//! | 6 | 5 | 15% | 50 |
//! | 7 | 6 | 10% | 40 |
//! | 8 | 7 | 6% | 30 |
//! | 9 | 9 | 3% | 20 |
//! | 10 | unlimited | never | — |

use thiserror::Error;

/// A playing level from 1 (beginner) to 10 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Level(u8);

/// A level outside 1–10.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("level {0} is out of range: levels go from 1 to 10")]
pub struct LevelError(pub i64);

/// Depth cap, percent chance of a near-best move, margin, per level 1..=9.
const TABLE: [(i32, u32, i32); 9] = [
    (1, 50, 150),
    (2, 40, 120),
    (2, 30, 100),
    (3, 25, 80),
    (4, 20, 60),
    (5, 15, 50),
    (6, 10, 40),
    (7, 6, 30),
    (9, 3, 20),
];

impl Level {
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// The level `n`, if 1 ≤ n ≤ 10.
    pub fn new(n: i64) -> Result<Level, LevelError> {
        if (1..=10).contains(&n) {
            Ok(Level(n as u8))
        } else {
            Err(LevelError(n))
        }
    }

    /// The level as a number 1..=10.
    pub fn get(self) -> u8 {
        self.0
    }

    fn row(self) -> Option<(i32, u32, i32)> {
        TABLE.get(self.0 as usize - 1).copied()
    }

    /// The deepest iteration this level searches (`None`: no cap).
    pub fn max_depth(self) -> Option<i32> {
        self.row().map(|r| r.0)
    }

    /// Percent chance of playing a near-best move instead of the best.
    pub fn deviation_percent(self) -> u32 {
        self.row().map_or(0, |r| r.1)
    }

    /// How far below the best a near-best move may score, in centipawns.
    pub fn margin(self) -> i32 {
        self.row().map_or(0, |r| r.2)
    }
}

impl Default for Level {
    fn default() -> Self {
        Level::MAX
    }
}

/// A small deterministic random generator (SplitMix64; Steele, Lea and Flood 2014) for the
/// levels' choices, seeded by the caller so that games can be replayed.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in 0..n (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_bounded_and_grow_stronger() {
        assert!(Level::new(0).is_err());
        assert!(Level::new(11).is_err());
        let levels: Vec<Level> = (1..=10).map(|n| Level::new(n).expect("in range")).collect();
        for pair in levels.windows(2) {
            let (weak, strong) = (pair[0], pair[1]);
            assert!(strong.max_depth().unwrap_or(i32::MAX) >= weak.max_depth().unwrap_or(0));
            assert!(strong.deviation_percent() <= weak.deviation_percent());
            assert!(strong.margin() <= weak.margin());
        }
        assert_eq!(Level::MAX.max_depth(), None);
        assert_eq!(Level::MAX.deviation_percent(), 0);
    }
}

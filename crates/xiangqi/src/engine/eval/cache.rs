//! A small direct-mapped cache of static evaluations keyed by the position's hash.
//!
//! The quiescence search evaluates the same positions again and again (the same captures in
//! another order, the same leaves in the next iteration); a hit costs one load instead of a pass
//! over the pieces.

use crate::engine::score::Score;

/// Entries of the cache (a power of two): 256 KB, which stays in the second-level cache.
const ENTRIES: usize = 1 << 15;

/// Evaluations by position hash; one per search thread.
pub struct EvalCache {
    /// The hash's upper 48 bits, then the score in the lower 16.
    entries: Box<[u64]>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            entries: vec![0; ENTRIES].into_boxed_slice(),
        }
    }
}

impl EvalCache {
    /// The cached evaluation of the position with `hash`, if there is one.
    #[inline(always)]
    pub fn probe(&self, hash: u64) -> Option<Score> {
        let entry = self.entries[hash as usize & (ENTRIES - 1)];
        ((entry ^ hash) >> 16 == 0 && entry != 0).then_some(entry as u16 as i16 as Score)
    }

    /// Remembers the evaluation of the position with `hash`.
    #[inline(always)]
    pub fn store(&mut self, hash: u64, score: Score) {
        let packed = score.clamp(i16::MIN as Score, i16::MAX as Score) as i16 as u16 as u64;
        self.entries[hash as usize & (ENTRIES - 1)] = (hash & !0xFFFF) | packed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_score_comes_back_for_its_hash_only() {
        let mut cache = EvalCache::default();
        let hash = 0x1234_5678_9abc_def0;
        assert_eq!(cache.probe(hash), None);
        cache.store(hash, -321);
        assert_eq!(cache.probe(hash), Some(-321));
        // Same slot, other position: a miss, not the other's score.
        assert_eq!(cache.probe(hash ^ (1 << 40)), None);
        cache.store(hash ^ (1 << 40), 55);
        assert_eq!(cache.probe(hash), None);
    }
}

//! The transposition table: search results keyed by position hash.
//!
//! **Layout.** The table is a vector of buckets of [`BUCKET`] entries (48 bytes, within one
//! 64-byte cache line); a position's bucket is chosen from the low 32 bits of its hash by a
//! multiply-shift (so any size works, not only powers of two) and the entry is recognised by the
//! high 32 bits.
//!
//! **Replacement.** A store goes to (1) the entry already holding this position, else (2) the
//! entry of the bucket worth least, where worth is `depth - 8 * age` and age counts searches since
//! the entry was written (entries from earlier searches are replaced first, then shallow ones).
//! An existing entry of the same position keeps its move when the new result has none, and is
//! only overwritten by a shallower result if the new one is exact or the old one is stale.

use super::score::{Score, from_tt, to_tt};

/// Entries per bucket.
const BUCKET: usize = 4;

/// What a stored score means relative to the true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (the search failed low).
    Upper = 1,
    /// The true value is at least the score (the search failed high).
    Lower = 2,
    /// The score is exact.
    Exact = 3,
}

/// One stored result.
#[derive(Debug, Clone, Copy, Default)]
#[repr(C)]
struct Entry {
    check: u32,
    mv: u16,
    score: i16,
    depth: u8,
    /// Generation in the high six bits, bound in the low two.
    gen_bound: u8,
}

impl Entry {
    fn bound(&self) -> Option<Bound> {
        match self.gen_bound & 3 {
            1 => Some(Bound::Upper),
            2 => Some(Bound::Lower),
            3 => Some(Bound::Exact),
            _ => None,
        }
    }

    fn generation(&self) -> u8 {
        self.gen_bound >> 2
    }
}

/// A probe's answer.
#[derive(Debug, Clone, Copy)]
pub struct Hit {
    /// The best move found (its 16-bit code), 0 if none.
    pub mv: u16,
    /// The score, already adjusted to the probing ply.
    pub score: Score,
    /// Depth of the search that produced it.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
}

/// The table.
pub struct TranspositionTable {
    buckets: Vec<[Entry; BUCKET]>,
    generation: u8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let count = (bytes / std::mem::size_of::<[Entry; BUCKET]>()).max(1);
        TranspositionTable {
            buckets: vec![[Entry::default(); BUCKET]; count],
            generation: 0,
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill([Entry::default(); BUCKET]);
        self.generation = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    fn bucket_index(&self, hash: u64) -> usize {
        (((hash & 0xFFFF_FFFF) * self.buckets.len() as u64) >> 32) as usize
    }

    /// Looks a position up; `ply` converts mate scores to distance from this node.
    pub fn probe(&self, hash: u64, ply: i32) -> Option<Hit> {
        let check = (hash >> 32) as u32;
        let bucket = &self.buckets[self.bucket_index(hash)];
        bucket
            .iter()
            .find(|e| e.check == check && e.bound().is_some())
            .and_then(|e| {
                Some(Hit {
                    mv: e.mv,
                    score: from_tt(e.score as Score, ply),
                    depth: e.depth as i32,
                    bound: e.bound()?,
                })
            })
    }

    /// Stores a result.
    pub fn store(&mut self, hash: u64, ply: i32, mv: u16, score: Score, depth: i32, bound: Bound) {
        let check = (hash >> 32) as u32;
        let generation = self.generation;
        let index = self.bucket_index(hash);
        let bucket = &mut self.buckets[index];
        let age = |e: &Entry| ((generation.wrapping_sub(e.generation())) & 63) as i32;
        let slot = match bucket
            .iter()
            .position(|e| e.check == check && e.bound().is_some())
        {
            Some(i) => {
                let old = bucket[i];
                let stale = old.generation() != generation;
                if depth < old.depth as i32 && bound != Bound::Exact && !stale {
                    return;
                }
                i
            }
            None => (0..BUCKET)
                .min_by_key(|&i| {
                    let e = &bucket[i];
                    if e.bound().is_none() {
                        i32::MIN
                    } else {
                        e.depth as i32 - 8 * age(e)
                    }
                })
                .unwrap_or(0),
        };
        let keep_move = if mv == 0 && bucket[slot].check == check {
            bucket[slot].mv
        } else {
            mv
        };
        bucket[slot] = Entry {
            check,
            mv: keep_move,
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: (generation << 2) | bound as u8,
        };
    }

    /// Permille of the first thousand buckets' entries written in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.len().min(250);
        let used: usize = self.buckets[..sample]
            .iter()
            .flatten()
            .filter(|e| e.bound().is_some() && e.generation() == self.generation)
            .count();
        (used * 1000 / (sample * BUCKET).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::score::MATE;

    #[test]
    fn stored_results_are_found_and_mates_are_relative_to_the_ply() {
        let mut tt = TranspositionTable::new(1);
        let hash = 0x1234_5678_9abc_def0;
        tt.store(hash, 3, 77, MATE - 10, 5, Bound::Exact);
        let hit = tt.probe(hash, 5).expect("stored");
        assert_eq!((hit.mv, hit.depth, hit.bound), (77, 5, Bound::Exact));
        // Mate 10 plies from the root seen at ply 3 is mate in 7 from that node; at ply 5 it is
        // mate 12 plies from the root.
        assert_eq!(hit.score, MATE - 12);
        assert!(tt.probe(hash ^ (1 << 40), 0).is_none());
    }

    #[test]
    fn a_shallower_bound_does_not_replace_a_deeper_result_of_this_search() {
        let mut tt = TranspositionTable::new(1);
        tt.store(42, 0, 1, 50, 8, Bound::Lower);
        tt.store(42, 0, 0, 10, 2, Bound::Upper);
        let hit = tt.probe(42, 0).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.depth), (1, 50, 8));
        tt.new_search();
        tt.store(42, 0, 0, 10, 2, Bound::Upper);
        let hit = tt.probe(42, 0).expect("stored");
        assert_eq!((hit.mv, hit.score, hit.depth), (1, 10, 2));
    }
}

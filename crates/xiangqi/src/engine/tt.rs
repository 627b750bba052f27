//! The transposition table: search results keyed by position hash, shared by the search threads.
//!
//! **Layout.** The table is a vector of buckets of [`BUCKET`] entries (32 bytes, half a cache
//! line); a position's bucket is chosen from the low 32 bits of its hash by a multiply-shift (so
//! any size works, not only powers of two) and the entry is recognised by 16 more bits of the
//! hash. A false match costs at most a poorer move order or score: the move a hit suggests is only
//! ever used to order the legal moves of the position.
//!
//! **Sharing.** Each entry is one 64-bit word (check, move, score, depth, generation and bound
//! packed), read and written with relaxed atomics, so threads share the table without locks
//! and a reader never sees half of another thread's write (the "lazy SMP" of most engines).
//!
//! **Replacement.** A store goes to (1) the entry already holding this position, else (2) the
//! entry of the bucket worth least, where worth is `depth - 8 * age` and age counts searches since
//! the entry was written (entries from earlier searches are replaced first, then shallow ones).
//! An existing entry of the same position keeps its move when the new result has none, and is
//! only overwritten by a shallower result if the new one is exact or the old one is stale.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

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

/// One stored result, unpacked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Entry {
    check: u16,
    mv: u16,
    score: i16,
    depth: u8,
    /// Generation in the high six bits, bound in the low two.
    gen_bound: u8,
}

impl Entry {
    fn pack(self) -> u64 {
        u64::from(self.check)
            | u64::from(self.mv) << 16
            | u64::from(self.score as u16) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.gen_bound) << 56
    }

    fn unpack(word: u64) -> Entry {
        Entry {
            check: word as u16,
            mv: (word >> 16) as u16,
            score: (word >> 32) as u16 as i16,
            depth: (word >> 48) as u8,
            gen_bound: (word >> 56) as u8,
        }
    }

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

type Bucket = [AtomicU64; BUCKET];

/// The table.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table of about `megabytes` MiB (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let bytes = megabytes.max(1) * 1024 * 1024;
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        TranspositionTable {
            buckets: (0..count).map(|_| Default::default()).collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        for word in self.buckets.iter_mut().flatten() {
            *word.get_mut() = 0;
        }
        *self.generation.get_mut() = 0;
    }

    /// Starts a new search: older entries become preferred victims.
    pub fn new_search(&mut self) {
        let generation = self.generation.get_mut();
        *generation = (*generation + 1) & 63;
    }

    fn bucket(&self, hash: u64) -> &Bucket {
        &self.buckets[(((hash & 0xFFFF_FFFF) * self.buckets.len() as u64) >> 32) as usize]
    }

    /// Looks a position up; `ply` converts mate scores to distance from this node.
    pub fn probe(&self, hash: u64, ply: i32) -> Option<Hit> {
        let check = (hash >> 48) as u16;
        self.bucket(hash)
            .iter()
            .map(|word| Entry::unpack(word.load(Ordering::Relaxed)))
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
    pub fn store(&self, hash: u64, ply: i32, mv: u16, score: Score, depth: i32, bound: Bound) {
        let check = (hash >> 48) as u16;
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = self.bucket(hash);
        let entries: [Entry; BUCKET] =
            std::array::from_fn(|i| Entry::unpack(bucket[i].load(Ordering::Relaxed)));
        let age = |e: &Entry| ((generation.wrapping_sub(e.generation())) & 63) as i32;
        let slot = match entries
            .iter()
            .position(|e| e.check == check && e.bound().is_some())
        {
            Some(i) => {
                let old = entries[i];
                let stale = old.generation() != generation;
                if depth < old.depth as i32 && bound != Bound::Exact && !stale {
                    return;
                }
                i
            }
            None => (0..BUCKET)
                .min_by_key(|&i| {
                    let e = &entries[i];
                    if e.bound().is_none() {
                        i32::MIN
                    } else {
                        e.depth as i32 - 8 * age(e)
                    }
                })
                .unwrap_or(0),
        };
        let keep_move = if mv == 0 && entries[slot].check == check {
            entries[slot].mv
        } else {
            mv
        };
        let entry = Entry {
            check,
            mv: keep_move,
            score: to_tt(score, ply) as i16,
            depth: depth.clamp(0, 255) as u8,
            gen_bound: (generation << 2) | bound as u8,
        };
        bucket[slot].store(entry.pack(), Ordering::Relaxed);
    }

    /// Permille of the first thousand entries written in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Ordering::Relaxed);
        let sample = self.buckets.len().min(250);
        let used = self.buckets[..sample]
            .iter()
            .flatten()
            .map(|word| Entry::unpack(word.load(Ordering::Relaxed)))
            .filter(|e| e.bound().is_some() && e.generation() == generation)
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
        let tt = TranspositionTable::new(1);
        let hash = 0x1234_5678_9abc_def0;
        tt.store(hash, 3, 77, MATE - 10, 5, Bound::Exact);
        let hit = tt.probe(hash, 5).expect("stored");
        assert_eq!((hit.mv, hit.depth, hit.bound), (77, 5, Bound::Exact));
        // Mate 10 plies from the root seen at ply 3 is mate in 7 from that node; at ply 5 it is
        // mate 12 plies from the root.
        assert_eq!(hit.score, MATE - 12);
        assert!(tt.probe(hash ^ (1 << 50), 0).is_none());
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

    #[test]
    fn an_entry_packs_into_one_word_and_back() {
        let entry = Entry {
            check: 0xBEEF,
            mv: 0x1234,
            score: -30_000,
            depth: 200,
            gen_bound: (63 << 2) | 2,
        };
        assert_eq!(Entry::unpack(entry.pack()), entry);
        assert_eq!(std::mem::size_of::<Bucket>(), 32);
    }
}

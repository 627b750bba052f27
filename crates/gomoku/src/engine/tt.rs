//! Transposition table: a fixed-size, always-replace table keyed by the Zobrist hash.

/// Bound type of a stored score.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Bound {
    /// The exact score.
    Exact,
    /// A lower bound (the search failed high).
    Lower,
    /// An upper bound (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Full hash, to reject collisions.
    pub key: u64,
    /// Depth searched.
    pub depth: i32,
    /// Score (mate scores relative to this node).
    pub score: i32,
    /// Bound type.
    pub bound: Bound,
    /// Best move (padded index), usize::MAX for none.
    pub best: usize,
}

/// The table.
pub struct Tt {
    entries: Vec<Option<Entry>>,
    mask: usize,
}

impl Tt {
    /// A table of 2^`bits` entries.
    pub fn new(bits: u32) -> Tt {
        Tt {
            entries: vec![None; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// The entry stored for `key`, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores an entry (replacing a shallower one or another position).
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if slot.is_none_or(|old| old.key != entry.key || old.depth <= entry.depth) {
            *slot = Some(entry);
        }
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }
}

//! A cache of positions where a threat search failed: a direct-mapped table of hash keys. A
//! newer key overwrites an older one in its slot, so memory stays fixed however long the search,
//! and a lookup is one load, not a hash-set probe.

/// Keys of failed threat searches (each key already mixes in the search's depth).
pub struct FailCache {
    slots: Vec<u64>,
    mask: usize,
}

impl FailCache {
    /// A cache of 2^`bits` slots.
    pub fn new(bits: u32) -> FailCache {
        FailCache {
            slots: vec![0; 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// Whether `key` was recorded (and not overwritten since).
    pub fn contains(&self, key: u64) -> bool {
        self.slots[key as usize & self.mask] == key | 1
    }

    /// Records `key`.
    pub fn insert(&mut self, key: u64) {
        // The low bit set keeps an empty slot (0) from matching any key.
        self.slots[key as usize & self.mask] = key | 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_until_overwritten() {
        let mut cache = FailCache::new(4);
        assert!(!cache.contains(0) && !cache.contains(0x30));
        cache.insert(0x30);
        assert!(cache.contains(0x30));
        assert!(!cache.contains(0x40), "another key in another slot");
        cache.insert(0x130); // same slot
        assert!(cache.contains(0x130) && !cache.contains(0x30));
    }
}

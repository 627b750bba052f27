//! Positions a threat search proved won for the side to move, each with its winning move, kept
//! between the moves of a game. A win proved at one move is played on at the next without being
//! searched again: the threat search has only a share of the time and may not find the same
//! win again (in a game against pela, a VCT found at one move was lost from sight at the next,
//! and the game with it).

/// A direct-mapped table of (position key, winning move): a newer win overwrites an older one in
/// its slot, so memory stays fixed.
pub struct WinMemory {
    slots: Vec<(u64, u32)>,
    mask: usize,
}

impl WinMemory {
    /// A memory of 2^`bits` slots.
    pub fn new(bits: u32) -> WinMemory {
        WinMemory {
            slots: vec![(0, 0); 1 << bits],
            mask: (1 << bits) - 1,
        }
    }

    /// The winning move recorded for `key`, if any (and not overwritten since).
    pub fn get(&self, key: u64) -> Option<usize> {
        let (stored, mv) = self.slots[key as usize & self.mask];
        // The low bit set keeps an empty slot (0) from matching any key.
        (stored == key | 1).then_some(mv as usize)
    }

    /// Records that the side to move at `key` wins with the move at `mv`.
    pub fn insert(&mut self, key: u64, mv: usize) {
        self.slots[key as usize & self.mask] = (key | 1, mv as u32);
    }

    /// Forgets everything (between games).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = (0, 0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_the_move_until_overwritten() {
        let mut wins = WinMemory::new(4);
        assert_eq!(wins.get(0), None, "an empty slot matches nothing");
        wins.insert(0x30, 7);
        assert_eq!(wins.get(0x30), Some(7));
        assert_eq!(wins.get(0x40), None, "another key in another slot");
        wins.insert(0x130, 9); // same slot
        assert_eq!((wins.get(0x130), wins.get(0x30)), (Some(9), None));
        wins.clear();
        assert_eq!(wins.get(0x130), None);
    }
}

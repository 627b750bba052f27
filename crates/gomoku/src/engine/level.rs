//! Playing levels 1–10: how deep and how precisely the engine looks. Low levels play like a
//! beginner who sees fives and fours and likes good shapes, but overlooks deeper threats; they are
//! weaker, never absurd (a five is always taken or blocked).

/// A playing level from 1 (beginner) to 10 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Level(u8);

impl Level {
    /// Full strength.
    pub const MAX: Level = Level(10);

    /// The level `n`, clamped to 1..=10.
    pub fn new(n: u8) -> Level {
        Level(n.clamp(1, 10))
    }

    /// The level number.
    pub fn get(self) -> u8 {
        self.0
    }

    /// Alpha-beta depth limit in plies (0: no search, pick by shape).
    pub(crate) fn max_depth(self) -> i32 {
        [0, 0, 0, 1, 2, 3, 4, 6, 8, 64][usize::from(self.0 - 1)]
    }

    /// VCF depth in attacking moves (0: none).
    pub(crate) fn vcf_depth(self) -> u32 {
        [0, 0, 3, 4, 5, 7, 10, 14, 18, 24][usize::from(self.0 - 1)]
    }

    /// VCT depth in attacking moves (0: none).
    pub(crate) fn vct_depth(self) -> u32 {
        [0, 0, 0, 0, 0, 0, 2, 3, 4, 4][usize::from(self.0 - 1)]
    }

    /// Candidate moves tried at plies 0–1, 2–3, 4–5 and beyond. Full strength looks one move
    /// wider from ply 4 on, and searches the late quiet moves a ply shallower first (see
    /// [`Level::reduces_late_moves`]).
    pub(crate) fn breadth(self) -> [usize; 4] {
        if self == Level::MAX {
            [20, 12, 8, 6]
        } else {
            [20, 12, 7, 5]
        }
    }

    /// Whether the search reduces late quiet moves (full strength only: the depth-limited
    /// levels keep the plain search their strength was set with).
    pub(crate) fn reduces_late_moves(self) -> bool {
        self == Level::MAX
    }

    /// Random spread added to the shape value when choosing by shape (levels 1–3).
    pub(crate) fn noise(self) -> i32 {
        [40, 20, 10, 0, 0, 0, 0, 0, 0, 0][usize::from(self.0 - 1)]
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::MAX
    }
}

//! Zobrist keys (Zobrist 1970, "A new hashing method with application for game playing").
//!
//! The keys are fixed at compile time by SplitMix64 (Steele, Lea and Flood 2014) so that hashes
//! are the same in every run and on every machine.

/// One key per piece kind (`color * 7 + role`) and mailbox index.
pub(crate) static PIECE_KEYS: [[u64; 256]; 14] = {
    let mut keys = [[0u64; 256]; 14];
    let mut state = 0x5851_F42D_4C95_7F2D_u64;
    let mut kind = 0;
    while kind < 14 {
        let mut sq = 0;
        while sq < 256 {
            let (next, key) = splitmix64(state);
            state = next;
            keys[kind][sq] = key;
            sq += 1;
        }
        kind += 1;
    }
    keys
};

/// Toggled when Black is to move.
pub(crate) const SIDE_KEY: u64 = splitmix64(0x1234_5678_9ABC_DEF0).1;

const fn splitmix64(state: u64) -> (u64, u64) {
    let next = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = next;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (next, z ^ (z >> 31))
}

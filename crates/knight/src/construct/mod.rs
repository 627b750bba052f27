//! Linear-time constructions for large boards: small pieces found by search, glued together.
//!
//! - [`grid`]: boards whose short side is at least 5. The board is cut into blocks of 5 to 11
//!   squares a side, each with a closed tour containing fixed "seam" moves; neighbouring tours are
//!   joined by exchanging one move of each for two moves across the seam (Parberry 1997, "An
//!   efficient algorithm for the knight's tour problem"; Conrad, Hindrichs, Morsy and Wegener 1994,
//!   "Solution of the knight's Hamiltonian path problem on chessboards"). On boards with both sides
//!   odd the block holding the start square carries a path instead of a cycle.
//! - [`lanes`]: boards 3 or 4 squares wide, cut into a row of blocks crossed by two lanes, one out
//!   and one back, in the manner of the constructions for narrow boards in Conrad et al. 1994.

pub(crate) mod grid;
pub(crate) mod lanes;
pub(crate) mod piece;

/// Where the squares of a virtual board land on the real one: virtual (x, y) has real index
/// `origin + x * sx + y * sy`. A frame can transpose or mirror the board for free.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    pub origin: i64,
    pub sx: i64,
    pub sy: i64,
}

/// Writes the cells of a piece at steps `from..=to` of a walk that starts at position `p0` and
/// moves `forward` (or backward) around the piece; `offs` holds each position's offset.
pub(crate) fn emit(
    out: &mut Vec<u32>,
    offs: &[i64],
    base: i64,
    p0: usize,
    forward: bool,
    from: usize,
    to: usize,
) {
    let len = offs.len();
    let mut k = from;
    while k <= to {
        if forward {
            let p = (p0 + k) % len;
            let run = (len - p).min(to - k + 1);
            out.extend(offs[p..p + run].iter().map(|&o| (base + o) as u32));
            k += run;
        } else {
            let p = (p0 + len - k % len) % len;
            let run = (p + 1).min(to - k + 1);
            out.extend(
                offs[p + 1 - run..=p]
                    .iter()
                    .rev()
                    .map(|&o| (base + o) as u32),
            );
            k += run;
        }
    }
}

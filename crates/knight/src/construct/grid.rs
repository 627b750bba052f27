//! Tours on boards whose short side is at least 5, glued from block tours (Parberry 1997;
//! Conrad, Hindrichs, Morsy and Wegener 1994).
//!
//! The board is cut into columns and rows of 5 to 11 squares; each block gets a closed tour with
//! the seam moves of [`seam_moves`]. Blocks are joined along a comb: every block to its left and
//! right neighbours, and the blocks of one "spine" column to those above and below. Joining two
//! cycles removes one seam move from each and adds the two knight moves across the seam, which
//! always leaves one cycle. The tour is written by walking the root block's cycle and detouring
//! through each joined neighbour when its seam move comes up, so nothing but the output is stored.
//!
//! On a board with both sides odd the start block (both sides odd, at even coordinates so that
//! its colouring agrees with the board's) carries a path from the start square instead of a
//! cycle; the rest is unchanged.

use std::sync::Arc;

use super::piece::{Piece, block_cycle, find_cover, seam_moves};
use super::{Frame, emit};

const LEFT: usize = 0;
const RIGHT: usize = 1;
const BOTTOM: usize = 2;
const TOP: usize = 3;
const OPPOSITE: [usize; 4] = [RIGHT, LEFT, TOP, BOTTOM];

/// Node bounds per attempt at the start block's path: a quick pass over every cut, then a
/// thorough one.
const SPECIAL_BUDGETS: [u64; 2] = [50_000, 2_000_000];

/// Splits an even length (0 or at least 6) into parts of 6, 8 and 10.
fn even_parts(mut len: usize, out: &mut Vec<usize>) {
    while len > 10 {
        out.push(6);
        len -= 6;
    }
    if len > 0 {
        out.push(len);
    }
}

/// Splits a length of at least 5 into parts of 5 to 10 (at most one odd, first).
fn plain_parts(len: usize) -> Vec<usize> {
    let mut out = Vec::new();
    if len % 2 == 1 {
        let first = if len <= 9 { len } else { 5 };
        out.push(first);
        even_parts(len - first, &mut out);
    } else {
        even_parts(len, &mut out);
    }
    out
}

/// Ways to split an odd length so that one odd part (5 to 11, at an even offset) holds `t`:
/// (parts, index of the odd part).
fn parts_around(len: usize, t: usize) -> Vec<(Vec<usize>, usize)> {
    let mut ways = Vec::new();
    for odd in [7, 9, 5, 11] {
        if odd > len {
            continue;
        }
        let lowest = (t + 1).saturating_sub(odd);
        for a in (lowest..=t.min(len - odd)).filter(|a| a % 2 == 0) {
            let right = len - a - odd;
            let fits = |l: usize| l == 0 || l >= 6;
            if fits(a) && fits(right) {
                let mut parts = Vec::new();
                even_parts(a, &mut parts);
                let index = parts.len();
                parts.push(odd);
                even_parts(right, &mut parts);
                ways.push((parts, index));
            }
        }
    }
    ways
}

/// The seam moves of one side of a piece, as positions in its sequence.
#[derive(Debug, Clone, Copy)]
struct SidePos {
    /// Index of the move: between positions `edge` and `edge + 1` (cyclically for a cycle).
    edge: usize,
    outer: usize,
    inner: usize,
}

/// A piece ready to walk: offsets on the real board and its seam moves.
struct Kind {
    offs: Vec<i64>,
    sides: [Option<SidePos>; 4],
}

impl Kind {
    fn new(piece: &Piece, closed: bool, frame: Frame) -> Kind {
        let offs = piece
            .cells
            .iter()
            .map(|&c| {
                (c as usize % piece.w) as i64 * frame.sx + (c as usize / piece.w) as i64 * frame.sy
            })
            .collect();
        let pos = piece.positions();
        let len = piece.cells.len();
        let mut sides = [None; 4];
        for (side, ((ox, oy), (ix, iy))) in seam_moves(piece.w, piece.h).into_iter().enumerate() {
            let (po, pi) = (pos[oy * piece.w + ox], pos[iy * piece.w + ix]);
            let edge = if pi == (po + 1) % len && (closed || pi == po + 1) {
                Some(po)
            } else if po == (pi + 1) % len && (closed || po == pi + 1) {
                Some(pi)
            } else {
                None
            };
            sides[side] = edge.map(|edge| SidePos {
                edge,
                outer: po,
                inner: pi,
            });
        }
        Kind { offs, sides }
    }
}

/// The cut of the board into blocks and the pieces on them.
struct Layout {
    col_start: Vec<usize>,
    row_start: Vec<usize>,
    /// Kind index of each block class: `kinds[class_of_col[c]][class_of_row[r]]`.
    col_class: Vec<usize>,
    row_class: Vec<usize>,
    class_kind: Vec<Vec<usize>>,
    kinds: Vec<Kind>,
    spine: usize,
    /// The start block carrying a path, if any, and its kind index.
    special: Option<(usize, usize, usize)>,
    frame: Frame,
}

impl Layout {
    fn cols(&self) -> usize {
        self.col_start.len()
    }

    fn rows(&self) -> usize {
        self.row_start.len()
    }

    fn kind_at(&self, r: usize, c: usize) -> usize {
        match self.special {
            Some((sr, sc, k)) if sr == r && sc == c => k,
            _ => self.class_kind[self.col_class[c]][self.row_class[r]],
        }
    }

    fn base(&self, r: usize, c: usize) -> i64 {
        self.frame.origin
            + self.col_start[c] as i64 * self.frame.sx
            + self.row_start[r] as i64 * self.frame.sy
    }

    fn neighbour(&self, r: usize, c: usize, side: usize) -> Option<(usize, usize)> {
        match side {
            LEFT => (c > 0).then(|| (r, c - 1)),
            RIGHT => (c + 1 < self.cols()).then(|| (r, c + 1)),
            BOTTOM => (c == self.spine && r > 0).then(|| (r - 1, c)),
            _ => (c == self.spine && r + 1 < self.rows()).then(|| (r + 1, c)),
        }
    }

    /// Sides of block (r, c) that are joined to a neighbour.
    fn joined_sides(&self, r: usize, c: usize) -> impl Iterator<Item = usize> + '_ {
        (0..4).filter(move |&s| self.neighbour(r, c, s).is_some())
    }
}

/// Builds the layout for the given cut; `None` if some block has no suitable piece.
fn layout(
    col_parts: &[usize],
    row_parts: &[usize],
    special: Option<(usize, usize, &Piece)>,
    frame: Frame,
) -> Option<Layout> {
    let starts = |parts: &[usize]| {
        parts
            .iter()
            .scan(0, |acc, &p| {
                let s = *acc;
                *acc += p;
                Some(s)
            })
            .collect::<Vec<_>>()
    };
    let classes = |parts: &[usize]| {
        let mut values: Vec<usize> = parts.to_vec();
        values.sort_unstable();
        values.dedup();
        let class = parts
            .iter()
            .map(|p| values.iter().position(|v| v == p).unwrap_or(0))
            .collect::<Vec<_>>();
        (values, class)
    };
    let (widths, col_class) = classes(col_parts);
    let (heights, row_class) = classes(row_parts);
    let mut kinds = Vec::new();
    let mut class_kind = Vec::new();
    for &w in &widths {
        let mut row = Vec::new();
        for &h in &heights {
            if (w * h) % 2 == 1 {
                // Only the start block may have both sides odd; it has its own kind.
                row.push(usize::MAX);
                continue;
            }
            let piece = block_cycle(w, h)?;
            let kind = Kind::new(&piece, true, frame);
            if kind.sides.iter().any(Option::is_none) {
                return None;
            }
            row.push(kinds.len());
            kinds.push(kind);
        }
        class_kind.push(row);
    }
    let cols = col_parts.len();
    let spine = match special {
        Some((_, 0, _)) if cols > 1 => cols - 1,
        _ => 0,
    };
    let special = special.map(|(r, c, piece)| {
        kinds.push(Kind::new(piece, false, frame));
        (r, c, kinds.len() - 1)
    });
    Some(Layout {
        col_start: starts(col_parts),
        row_start: starts(row_parts),
        col_class,
        row_class,
        class_kind,
        kinds,
        spine,
        special,
        frame,
    })
}

/// One block being walked.
struct Walk {
    kind: usize,
    base: i64,
    r: usize,
    c: usize,
    p0: usize,
    forward: bool,
    /// Next step to write.
    step: usize,
    /// Joins still ahead: (step after which to detour, side), sorted by step.
    events: [(usize, usize); 4],
    n_events: usize,
    next_event: usize,
}

impl Walk {
    fn new(layout: &Layout, r: usize, c: usize, p0: usize, forward: bool, edges: usize) -> Walk {
        let kind = layout.kind_at(r, c);
        let k = &layout.kinds[kind];
        let len = k.offs.len();
        let mut events = [(usize::MAX, 0); 4];
        let mut n_events = 0;
        for side in layout.joined_sides(r, c) {
            let Some(sp) = k.sides[side] else { continue };
            let t = if forward {
                (sp.edge + len - p0) % len
            } else {
                (p0 + len - (sp.edge + 1) % len) % len
            };
            if t < edges {
                events[n_events] = (t, side);
                n_events += 1;
            }
        }
        events[..n_events].sort_unstable();
        Walk {
            kind,
            base: layout.base(r, c),
            r,
            c,
            p0,
            forward,
            step: 0,
            events,
            n_events,
            next_event: 0,
        }
    }
}

/// Writes the tour: the root block's sequence from `p0`, with every joined block detoured into.
fn walk(layout: &Layout, root: (usize, usize), p0: usize, root_closed: bool, out: &mut Vec<u32>) {
    let root_len = layout.kinds[layout.kind_at(root.0, root.1)].offs.len();
    let edges = if root_closed { root_len } else { root_len - 1 };
    let mut stack = vec![Walk::new(layout, root.0, root.1, p0, true, edges)];
    while let Some(top) = stack.last_mut() {
        let kind = &layout.kinds[top.kind];
        let len = kind.offs.len();
        if top.next_event == top.n_events {
            emit(
                out,
                &kind.offs,
                top.base,
                top.p0,
                top.forward,
                top.step,
                len - 1,
            );
            stack.pop();
            continue;
        }
        let (t, side) = top.events[top.next_event];
        top.next_event += 1;
        emit(out, &kind.offs, top.base, top.p0, top.forward, top.step, t);
        top.step = t + 1;
        let leaving = if top.forward {
            (top.p0 + t) % len
        } else {
            (top.p0 + len - t % len) % len
        };
        let Some(sp) = kind.sides[side] else { continue };
        let outer = leaving == sp.outer;
        let Some((nr, nc)) = layout.neighbour(top.r, top.c, side) else {
            continue;
        };
        let child = &layout.kinds[layout.kind_at(nr, nc)];
        let Some(csp) = child.sides[OPPOSITE[side]] else {
            continue;
        };
        let (enter, other) = if outer {
            (csp.outer, csp.inner)
        } else {
            (csp.inner, csp.outer)
        };
        let clen = child.offs.len();
        let forward = other != (enter + 1) % clen;
        let w = Walk::new(layout, nr, nc, enter, forward, clen - 1);
        stack.push(w);
    }
}

/// A closed tour of a `w` × `h` virtual board (both sides at least 5, not both odd) starting at
/// `start`, written through `frame`.
pub(crate) fn closed(w: usize, h: usize, start: (usize, usize), frame: Frame) -> Option<Vec<u32>> {
    let (cols, rows) = (plain_parts(w), plain_parts(h));
    let layout = layout(&cols, &rows, None, frame)?;
    let c = layout.col_start.iter().rposition(|&s| s <= start.0)?;
    let r = layout.row_start.iter().rposition(|&s| s <= start.1)?;
    let bw = cols[c];
    let cycle = block_cycle(bw, rows[r])?;
    let local = (start.1 - layout.row_start[r]) * bw + (start.0 - layout.col_start[c]);
    let p0 = cycle.cells.iter().position(|&x| x as usize == local)?;
    let mut out = Vec::with_capacity(w * h);
    walk(&layout, (r, c), p0, true, &mut out);
    Some(out)
}

/// An open tour of a `w` × `h` virtual board with both sides odd (at least 5) from `start`,
/// which must be on the colour of the corners.
pub(crate) fn open_odd(
    w: usize,
    h: usize,
    start: (usize, usize),
    frame: Frame,
) -> Option<Vec<u32>> {
    SPECIAL_BUDGETS
        .into_iter()
        .find_map(|budget| open_odd_within(w, h, start, frame, budget))
}

fn open_odd_within(
    w: usize,
    h: usize,
    start: (usize, usize),
    frame: Frame,
    budget: u64,
) -> Option<Vec<u32>> {
    for (cols, ci) in parts_around(w, start.0) {
        for (rows, ri) in parts_around(h, start.1) {
            let (bx, by): (usize, usize) = (cols[..ci].iter().sum(), rows[..ri].iter().sum());
            let (bw, bh) = (cols[ci], rows[ri]);
            let spine = if ci == 0 && cols.len() > 1 {
                cols.len() - 1
            } else {
                0
            };
            let need = |side: usize| match side {
                LEFT => ci > 0,
                RIGHT => ci + 1 < cols.len(),
                BOTTOM => ci == spine && ri > 0,
                _ => ci == spine && ri + 1 < rows.len(),
            };
            let forced: Vec<_> = seam_moves(bw, bh)
                .into_iter()
                .enumerate()
                .filter(|&(side, _)| need(side))
                .map(|(_, m)| m)
                .collect();
            let segs = [((start.0 - bx, start.1 - by), None)];
            let Some(mut paths) = find_cover(bw, bh, &segs, &forced, budget, 1) else {
                continue;
            };
            let Some(cells) = paths.pop() else { continue };
            let piece = Arc::new(Piece {
                w: bw,
                h: bh,
                cells,
            });
            let Some(layout) = layout(&cols, &rows, Some((ri, ci, &piece)), frame) else {
                continue;
            };
            let mut out = Vec::with_capacity(w * h);
            walk(&layout, (ri, ci), 0, false, &mut out);
            return Some(out);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::verify::verify;

    fn identity(w: usize) -> Frame {
        Frame {
            origin: 0,
            sx: 1,
            sy: w as i64,
        }
    }

    #[test]
    fn every_block_has_a_structured_cycle() {
        for w in 5..=11 {
            for h in 5..=11 {
                if (w * h) % 2 == 0 {
                    let cycle = block_cycle(w, h).unwrap_or_else(|| panic!("{w}x{h}"));
                    let kind = Kind::new(&cycle, true, identity(w));
                    assert!(kind.sides.iter().all(Option::is_some), "{w}x{h}");
                }
            }
        }
    }

    #[test]
    fn parts_cover_lengths() {
        for len in 5..200 {
            let p = plain_parts(len);
            assert_eq!(p.iter().sum::<usize>(), len);
            assert!(p.iter().all(|&x| (5..=10).contains(&x)));
        }
        for len in (5..60).step_by(2) {
            for t in 0..len {
                let ways = parts_around(len, t);
                assert!(!ways.is_empty(), "{len} {t}");
            }
        }
    }

    #[test]
    fn closed_tours_from_every_square_of_some_boards() {
        for (w, h) in [(12, 12), (16, 11), (21, 14), (13, 18)] {
            let b = Board::new(w as u64, h as u64).unwrap();
            for y in 0..h {
                for x in 0..w {
                    let path = closed(w, h, (x, y), identity(w)).unwrap();
                    assert_eq!(path[0] as usize, y * w + x);
                    verify(b, &path, true).unwrap();
                }
            }
        }
    }

    #[test]
    fn open_tours_from_every_majority_square_of_odd_boards() {
        for (w, h) in [(11, 11), (13, 15), (25, 7), (5, 19)] {
            let b = Board::new(w as u64, h as u64).unwrap();
            for y in 0..h {
                for x in (0..w).filter(|x| (x + y) % 2 == 0) {
                    let path = open_odd(w, h, (x, y), identity(w))
                        .unwrap_or_else(|| panic!("{w}x{h} {x},{y}"));
                    assert_eq!(path[0] as usize, y * w + x);
                    verify(b, &path, false).unwrap();
                }
            }
        }
    }
}

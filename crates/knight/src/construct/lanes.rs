//! Tours on boards 3 or 4 squares wide, built from a row of blocks crossed by lanes.
//!
//! Seen with the long side horizontal, the board is cut into blocks 4 to 16 squares long. Two
//! knight moves cross every seam between a block X and the block Y to its right: the upper lane
//! joins X's (w-1, h-1) to Y's (0, h-3), the lower lane X's (w-1, 0) to Y's (0, 2). Each block is
//! covered by one or more paths between these ports, found once by the bounded search:
//!
//! - an *out-and-back* part: double blocks crossed out on the upper lane and back on the lower
//!   one, and a turn block at the far end;
//! - a closed tour on a 3-wide board: a bridge block between two out-and-back parts;
//! - an open tour from s: the block holding s is searched for paths from s into the parts on
//!   either side and back.
//!
//! On 4-wide boards every move joins an outer line to an inner one except a single move of the
//! tour, so every block covered by one path holds that move (an argument of Schwenk 1991). A tour
//! from the middle therefore crosses the part on one side three times (out, back, and out again
//! to its end, with *triple* blocks), and the other side twice with the one turn. This is the
//! out-and-back scheme of the narrow-board constructions of Conrad, Hindrichs, Morsy and
//! Wegener 1994.

use std::sync::Arc;

use super::Frame;
use super::piece::{Cell, SegSpec, block_cover, find_cover};

type Spec = Vec<SegSpec>;

/// Block lengths tried for each role: 3-wide blocks need more room to turn.
fn block_widths(h: usize) -> std::ops::RangeInclusive<usize> {
    if h == 3 { 4..=16 } else { 4..=9 }
}
/// Node bounds per attempt at the start block: a quick pass over every placement, then a
/// thorough one.
const SPECIAL_BUDGETS: [u64; 2] = [20_000, 1_000_000];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    /// The block at the far end of an out-and-back part.
    Turn,
    /// A block crossed twice, out on the upper lane and back on the lower.
    Double,
    /// The block between two out-and-back parts in a closed tour.
    Bridge,
    /// On 4-wide boards, a block crossed three times: out, back, and out again to the tour's end.
    Triple,
    /// On 4-wide boards, the far block of a triple part: a turn, and the tour's end.
    TripleEnd,
}

/// The ports of a `w` × `h` block: where the lanes enter and leave it.
struct Ports {
    /// Left side, upper lane (leaving to the left).
    lu: Cell,
    /// Left side, lower lane (coming back from the left).
    ld: Cell,
    /// Right side, upper lane (coming in from the right).
    ru: Cell,
    /// Right side, lower lane (leaving to the right).
    rd: Cell,
    /// For a block with an out-and-back part on its right (seen in the mirror): leaving to it.
    right_out: Cell,
    /// Coming back from it.
    right_in: Cell,
}

fn ports(w: usize, h: usize) -> Ports {
    Ports {
        lu: (0, h - 3),
        ld: (0, 2),
        ru: (w - 1, h - 1),
        rd: (w - 1, 0),
        right_out: (w - 1, h - 3),
        right_in: (w - 1, 2),
    }
}

/// The three lanes of a triple part on a 4-wide board, as (right-side cell, left-side cell)
/// pairs: lane k joins cell `TRIPLE_IN[k]` of a block (x counted from its right side, 0 = last
/// column) to cell `TRIPLE_OUT[k]` of the next block to its right. Lanes 0 and 2 run leftwards,
/// lane 1 rightwards. Found by trying every set of three disjoint seam moves.
const TRIPLE_IN: [Cell; 3] = [(0, 0), (0, 1), (0, 2)];
const TRIPLE_OUT: [Cell; 3] = [(0, 2), (0, 3), (0, 0)];

/// A cell of `TRIPLE_IN` in block coordinates, or a left-side cell unchanged.
fn right_side(c: Cell, w: usize) -> Cell {
    (w - 1 - c.0, c.1)
}

fn spec(role: Role, w: usize, h: usize) -> Spec {
    let p = ports(w, h);
    match role {
        Role::Turn => vec![(p.ru, Some(p.rd))],
        Role::Double => vec![(p.ru, Some(p.lu)), (p.ld, Some(p.rd))],
        Role::Bridge => vec![(p.ld, Some(p.right_out)), (p.right_in, Some(p.lu))],
        Role::Triple => vec![
            (right_side(TRIPLE_IN[0], w), Some(TRIPLE_OUT[0])),
            (TRIPLE_OUT[1], Some(right_side(TRIPLE_IN[1], w))),
            (right_side(TRIPLE_IN[2], w), Some(TRIPLE_OUT[2])),
        ],
        Role::TripleEnd => vec![
            (
                right_side(TRIPLE_IN[0], w),
                Some(right_side(TRIPLE_IN[1], w)),
            ),
            (right_side(TRIPLE_IN[2], w), None),
        ],
    }
}

fn piece(role: Role, w: usize, h: usize) -> Option<Arc<Vec<Vec<u16>>>> {
    block_cover(w, h, &spec(role, w, h))
}

/// The block lengths each role uses. A path through a block alternates colours, which rules out
/// the other lengths (e.g. odd double blocks on 3-wide boards); the pieces themselves are found
/// by search, and a test checks that every listed one exists.
fn candidate_widths(role: Role, h: usize) -> &'static [usize] {
    match (role, h) {
        (Role::Turn, 3) => &[9, 11, 13, 15],
        (Role::Double | Role::Bridge, 3) => &[8, 10, 12, 14, 16],
        (Role::Turn, _) => &[5, 6, 7, 8, 9],
        (Role::Double | Role::Triple, _) => &[4, 6, 8],
        (Role::TripleEnd, _) => &[4, 5, 6, 7, 8],
        (Role::Bridge, _) => &[],
    }
}

fn widths(role: Role, h: usize) -> Vec<usize> {
    candidate_widths(role, h)
        .iter()
        .copied()
        .filter(|&w| piece(role, w, h).is_some())
        .collect()
}

/// The block lengths of one part of the board, from its far end: a first block, some blocks of
/// various lengths, then `n_big` blocks of length `big` (stored as a count, so a part of a huge
/// board takes no memory).
#[derive(Debug, Clone, Default)]
struct Parts {
    first: usize,
    small: Vec<usize>,
    big: usize,
    n_big: usize,
}

impl Parts {
    fn len(&self) -> usize {
        1 + self.small.len() + self.n_big
    }

    fn width(&self, i: usize) -> usize {
        match i {
            0 => self.first,
            i if i <= self.small.len() => self.small[i - 1],
            _ => self.big,
        }
    }

    fn start(&self, i: usize) -> usize {
        if i <= self.small.len() {
            self.first + self.small[..i.saturating_sub(1)].iter().sum::<usize>()
        } else {
            self.first + self.small.iter().sum::<usize>() + (i - 1 - self.small.len()) * self.big
        }
    }
}

/// Splits `len` into a first block from `first` and others from `body`.
fn split(len: usize, first: &[usize], body: &[usize]) -> Option<Parts> {
    let big = *body.iter().max()?;
    first.iter().filter(|&&f| f <= len).find_map(|&f| {
        let rest = len - f;
        // Long stretches take the longest block; the remainder is split exactly.
        let n_big = rest.saturating_sub(120) / big;
        let rem = rest - n_big * big;
        let mut best: Vec<Option<usize>> = vec![None; rem + 1];
        best[0] = Some(0);
        for l in 1..=rem {
            best[l] = body
                .iter()
                .filter(|&&b| b <= l && best[l - b].is_some())
                .copied()
                .max();
        }
        let mut small = Vec::new();
        let mut l = rem;
        while l > 0 {
            let b = best[l]?;
            small.push(b);
            l -= b;
        }
        Some(Parts {
            first: f,
            small,
            big,
            n_big,
        })
    })
}

/// Splits the length of an out-and-back part: a turn block first, then double blocks.
fn split_out_and_back(len: usize, h: usize) -> Option<Parts> {
    split(len, &widths(Role::Turn, h), &widths(Role::Double, h))
}

/// Writes paths of a block at virtual column `x0`.
fn put(out: &mut Vec<u32>, frame: Frame, x0: usize, w: usize, cells: &[u16]) {
    let base = frame.origin + x0 as i64 * frame.sx;
    out.extend(cells.iter().map(|&c| {
        let (x, y) = ((c as usize % w) as i64, (c as usize / w) as i64);
        (base + x * frame.sx + y * frame.sy) as u32
    }));
}

/// For each block length, the offsets on the real board of path `seg` of a role's piece.
fn offsets(role: Role, seg: usize, h: usize, frame: Frame) -> Vec<Option<Vec<i64>>> {
    (0..=*block_widths(h).end())
        .map(|w| {
            if w < 4 {
                return None;
            }
            let cells = piece(role, w, h)?.get(seg)?.clone();
            Some(
                cells
                    .iter()
                    .map(|&c| {
                        (c as usize % w) as i64 * frame.sx + (c as usize / w) as i64 * frame.sy
                    })
                    .collect(),
            )
        })
        .collect()
}

/// Writes one path through every block of `parts` but the first, from the far end towards the
/// first block (`towards_first`) or away from it.
fn sweep(
    out: &mut Vec<u32>,
    frame: Frame,
    parts: &Parts,
    offs: &[Option<Vec<i64>>],
    towards_first: bool,
) -> Option<()> {
    let mut put_block = |i: usize, x: usize| -> Option<()> {
        let o = offs.get(parts.width(i))?.as_ref()?;
        let base = frame.origin + x as i64 * frame.sx;
        out.extend(o.iter().map(|&d| (base + d) as u32));
        Some(())
    };
    if towards_first {
        let mut x = parts.start(parts.len() - 1) + parts.width(parts.len() - 1);
        for i in (1..parts.len()).rev() {
            x -= parts.width(i);
            put_block(i, x)?;
        }
    } else {
        let mut x = parts.first;
        for i in 1..parts.len() {
            put_block(i, x)?;
            x += parts.width(i);
        }
    }
    Some(())
}

/// Writes an out-and-back part whose blocks (turn block first) start at virtual column 0: in on
/// the upper lane from the right, turn, back on the lower lane.
fn out_and_back(out: &mut Vec<u32>, frame: Frame, h: usize, parts: &Parts) -> Option<()> {
    sweep(out, frame, parts, &offsets(Role::Double, 0, h, frame), true)?;
    put(
        out,
        frame,
        0,
        parts.first,
        &piece(Role::Turn, parts.first, h)?[0],
    );
    sweep(
        out,
        frame,
        parts,
        &offsets(Role::Double, 1, h, frame),
        false,
    )
}

/// Writes lanes 0 and 1 of a triple part (blocks from virtual column 0, end block first):
/// in from the right, turn in the end block, back to the right.
fn triple_out_and_back(out: &mut Vec<u32>, frame: Frame, h: usize, parts: &Parts) -> Option<()> {
    sweep(out, frame, parts, &offsets(Role::Triple, 0, h, frame), true)?;
    put(
        out,
        frame,
        0,
        parts.first,
        &piece(Role::TripleEnd, parts.first, h)?[0],
    );
    sweep(
        out,
        frame,
        parts,
        &offsets(Role::Triple, 1, h, frame),
        false,
    )
}

/// Writes lane 2 of a triple part: in from the right to the tour's end in the end block.
fn triple_home(out: &mut Vec<u32>, frame: Frame, h: usize, parts: &Parts) -> Option<()> {
    sweep(out, frame, parts, &offsets(Role::Triple, 2, h, frame), true)?;
    put(
        out,
        frame,
        0,
        parts.first,
        &piece(Role::TripleEnd, parts.first, h)?[1],
    );
    Some(())
}

/// Splits the length of a triple part: an end block first, then triple blocks.
fn split_triple(len: usize, h: usize) -> Option<Parts> {
    split(len, &widths(Role::TripleEnd, h), &widths(Role::Triple, h))
}

/// The frame seen in a mirror: virtual column x becomes `n - 1 - x`.
fn mirror(frame: Frame, n: usize) -> Frame {
    Frame {
        origin: frame.origin + (n as i64 - 1) * frame.sx,
        sx: -frame.sx,
        sy: frame.sy,
    }
}

/// A closed tour of a virtual `n` × 3 board (`n` even, large), starting at `start`.
pub(crate) fn closed_three(n: usize, start: Cell, frame: Frame) -> Option<Vec<u32>> {
    let h = 3;
    for wb in widths(Role::Bridge, h) {
        for a in 4..n.saturating_sub(wb).min(200) {
            let (Some(left), Some(right)) =
                (split_out_and_back(a, h), split_out_and_back(n - a - wb, h))
            else {
                continue;
            };
            let bridge = piece(Role::Bridge, wb, h)?;
            let mut out = Vec::with_capacity(n * h);
            put(&mut out, frame, a, wb, &bridge[0]);
            out_and_back(&mut out, mirror(frame, n), h, &right)?;
            put(&mut out, frame, a, wb, &bridge[1]);
            out_and_back(&mut out, frame, h, &left)?;
            let index =
                (frame.origin + start.0 as i64 * frame.sx + start.1 as i64 * frame.sy) as u32;
            let at = out.iter().position(|&i| i == index)?;
            out.rotate_left(at);
            return Some(out);
        }
    }
    None
}

/// An open tour of a virtual `n` × `h` board (`h` 3 or 4, `n` large) from `start`, if the
/// construction finds one (trying the board and its mirror image).
pub(crate) fn open(n: usize, h: usize, start: Cell, frame: Frame) -> Option<Vec<u32>> {
    SPECIAL_BUDGETS.into_iter().find_map(|budget| {
        open_from(n, h, start, frame, budget)
            .or_else(|| open_from(n, h, (n - 1 - start.0, start.1), mirror(frame, n), budget))
    })
}

fn open_from(n: usize, h: usize, start: Cell, frame: Frame, budget: u64) -> Option<Vec<u32>> {
    for ws in block_widths(h).rev() {
        for a in start.0.saturating_sub(ws - 1)..=start.0 {
            if a + ws > n || (a == 0 && a + ws == n) {
                continue;
            }
            let right_len = n - a - ws;
            // On 4-wide boards a start between two parts needs the triple part on its left.
            let triple = h == 4 && a > 0 && right_len > 0;
            let left = match (a, triple) {
                (0, _) => None,
                (_, true) => match split_triple(a, h) {
                    Some(p) => Some(p),
                    None => continue,
                },
                (_, false) => match split_out_and_back(a, h) {
                    Some(p) => Some(p),
                    None => continue,
                },
            };
            let right = match right_len {
                0 => None,
                _ => match split_out_and_back(right_len, h) {
                    Some(p) => Some(p),
                    None => continue,
                },
            };
            let p = ports(ws, h);
            let s = (start.0 - a, start.1);
            let segs: Spec = match (&left, &right) {
                _ if triple => vec![
                    (s, Some(TRIPLE_OUT[0])),
                    (TRIPLE_OUT[1], Some(p.right_out)),
                    (p.right_in, Some(TRIPLE_OUT[2])),
                ],
                (None, _) => vec![(s, Some(p.right_out)), (p.right_in, None)],
                (Some(_), None) => vec![(s, Some(p.lu)), (p.ld, None)],
                (Some(_), Some(_)) => vec![
                    (s, Some(p.lu)),
                    (p.ld, Some(p.right_out)),
                    (p.right_in, None),
                ],
            };
            let Some(special) = find_cover(ws, h, &segs, &[], budget, 1) else {
                continue;
            };
            let mut out = Vec::with_capacity(n * h);
            put(&mut out, frame, a, ws, &special[0]);
            if triple {
                let (left, right) = (left?, right?);
                triple_out_and_back(&mut out, frame, h, &left)?;
                put(&mut out, frame, a, ws, &special[1]);
                out_and_back(&mut out, mirror(frame, n), h, &right)?;
                put(&mut out, frame, a, ws, &special[2]);
                triple_home(&mut out, frame, h, &left)?;
                return Some(out);
            }
            if let Some(left) = &left {
                out_and_back(&mut out, frame, h, left)?;
                put(&mut out, frame, a, ws, &special[1]);
            }
            if let Some(right) = &right {
                out_and_back(&mut out, mirror(frame, n), h, right)?;
                put(&mut out, frame, a, ws, &special[special.len() - 1]);
            }
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

    #[test]
    fn every_listed_block_has_its_paths() {
        for h in [3, 4] {
            for role in [
                Role::Turn,
                Role::Double,
                Role::Bridge,
                Role::Triple,
                Role::TripleEnd,
            ] {
                if h == 3 && matches!(role, Role::Triple | Role::TripleEnd) {
                    continue;
                }
                assert_eq!(widths(role, h), candidate_widths(role, h), "{role:?} h={h}");
            }
        }
    }

    #[test]
    fn narrow_boards_from_every_allowed_square() {
        for (n, h) in [(40, 3), (41, 3), (40, 4), (37, 4)] {
            let b = Board::new(n as u64, h as u64).unwrap();
            let frame = Frame {
                origin: 0,
                sx: 1,
                sy: n as i64,
            };
            for y in 0..h {
                for x in 0..n {
                    let allowed = if h == 4 {
                        y == 0 || y == 3
                    } else {
                        (n * h) % 2 == 0 || (x + y) % 2 == 0
                    };
                    if !allowed {
                        continue;
                    }
                    let path =
                        open(n, h, (x, y), frame).unwrap_or_else(|| panic!("{n}x{h} {x},{y}"));
                    assert_eq!(path[0] as usize, y * n + x);
                    verify(b, &path, false).unwrap();
                }
            }
        }
    }

    #[test]
    fn closed_three_row_boards() {
        for n in [26, 28, 40] {
            let b = Board::new(n as u64, 3).unwrap();
            let frame = Frame {
                origin: 0,
                sx: 1,
                sy: n as i64,
            };
            for x in 0..n {
                for y in 0..3 {
                    let path = closed_three(n, (x, y), frame).unwrap();
                    verify(b, &path, true).unwrap();
                }
            }
        }
    }
}

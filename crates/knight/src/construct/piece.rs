//! Pieces: small tours (cycles) or paths on a block, found once by the bounded search and reused.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::search::{End, Outcome, Rect, Segment};

/// A cell of a block as (x, y).
pub(crate) type Cell = (usize, usize);
/// A path to find: from a cell to a cell, or to anywhere.
pub(crate) type SegSpec = (Cell, Option<Cell>);
/// A knight move the paths must use.
pub(crate) type Move = (Cell, Cell);
type Cache<K, V> = OnceLock<Mutex<HashMap<K, Option<Arc<V>>>>>;

/// Node bound for finding one block piece; the blocks are at most 11×11, where the search with
/// Warnsdorff ordering succeeds within a few thousand nodes.
pub(crate) const PIECE_BUDGET: u64 = 2_000_000;

/// A sequence of cells of a `w` × `h` block (cell = `y * w + x`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Piece {
    pub w: usize,
    pub h: usize,
    pub cells: Vec<u16>,
}

impl Piece {
    /// The position of each cell in the sequence.
    pub fn positions(&self) -> Vec<usize> {
        let mut pos = vec![usize::MAX; self.w * self.h];
        for (i, &c) in self.cells.iter().enumerate() {
            pos[c as usize] = i;
        }
        pos
    }
}

/// The four knight moves a grid block must contain so that neighbouring blocks can be joined
/// (Parberry 1997 calls tours with such moves "structured"). With x right and y up in a `w` × `h`
/// block, seen from the block:
/// - right: (w-1, h-1)–(w-2, h-3), joined to the left move of the block to the right;
/// - left: (1, h-2)–(0, h-4);
/// - top: (w-1, h-1)–(w-3, h-2), joined to the bottom move of the block above;
/// - bottom: (w-2, 1)–(w-4, 0).
///
/// The right and top moves are the only two moves of the top-right corner, so every tour of the
/// block has them; the left and bottom moves are forced in the search.
pub(crate) fn seam_moves(w: usize, h: usize) -> [Move; 4] {
    [
        ((1, h - 2), (0, h - 4)),         // left: (outer, inner)
        ((w - 1, h - 1), (w - 2, h - 3)), // right
        ((w - 2, 1), (w - 4, 0)),         // bottom
        ((w - 1, h - 1), (w - 3, h - 2)), // top
    ]
}

/// A closed tour of a `w` × `h` block (5 ≤ w, h ≤ 11, w·h even) containing the seam moves.
pub(crate) fn block_cycle(w: usize, h: usize) -> Option<Arc<Piece>> {
    static CACHE: Cache<(usize, usize), Piece> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(&(w, h)).cloned()) {
        return found;
    }
    let piece = find_block_cycle(w, h).map(Arc::new);
    if let Ok(mut c) = cache.lock() {
        c.insert((w, h), piece.clone());
    }
    piece
}

fn find_block_cycle(w: usize, h: usize) -> Option<Piece> {
    let rect = Rect::new(w, h);
    let seams = seam_moves(w, h);
    let forced: Vec<(u16, u16)> = [seams[0], seams[2]]
        .iter()
        .map(|&((ax, ay), (bx, by))| (rect.cell(ax, ay), rect.cell(bx, by)))
        .collect();
    // Start in the middle, away from the forced moves.
    let start = rect.cell(w / 2, h / 2);
    let segs = [Segment {
        start,
        end: End::NextTo(start),
    }];
    for salt in 0..8 {
        if let Outcome::Found(mut paths) = rect.cover(&segs, &forced, PIECE_BUDGET, salt) {
            return paths.pop().map(|cells| Piece { w, h, cells });
        }
    }
    None
}

/// Paths covering a `w` × `h` block for the given segments (cells as (x, y)), cached.
pub(crate) fn block_cover(w: usize, h: usize, segments: &[SegSpec]) -> Option<Arc<Vec<Vec<u16>>>> {
    type Key = (usize, usize, Vec<SegSpec>);
    static CACHE: Cache<Key, Vec<Vec<u16>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let key = (w, h, segments.to_vec());
    if let Some(found) = cache.lock().ok().and_then(|c| c.get(&key).cloned()) {
        return found;
    }
    let found = find_cover(w, h, segments, &[], PIECE_BUDGET, 4).map(Arc::new);
    if let Ok(mut c) = cache.lock() {
        c.insert(key, found.clone());
    }
    found
}

/// Searches (uncached) for paths covering a block: each segment from a cell to a cell, or to
/// anywhere when `None` (last segment only), using the forced moves.
pub(crate) fn find_cover(
    w: usize,
    h: usize,
    segments: &[SegSpec],
    forced: &[Move],
    budget: u64,
    tries: u64,
) -> Option<Vec<Vec<u16>>> {
    let rect = Rect::new(w, h);
    let segs: Vec<Segment> = segments
        .iter()
        .map(|&((sx, sy), end)| Segment {
            start: rect.cell(sx, sy),
            end: match end {
                Some((ex, ey)) => End::At(rect.cell(ex, ey)),
                None => End::Free,
            },
        })
        .collect();
    let forced: Vec<(u16, u16)> = forced
        .iter()
        .map(|&((ax, ay), (bx, by))| (rect.cell(ax, ay), rect.cell(bx, by)))
        .collect();
    for salt in 0..tries {
        match rect.cover(&segs, &forced, budget, salt) {
            Outcome::Found(paths) => return Some(paths),
            Outcome::Impossible { .. } => return None,
            Outcome::Limit { .. } => {}
        }
    }
    None
}

//! Colouring the trominoes of a tiling so that two trominoes sharing an edge differ.
//!
//! Three colours for Golomb's tilings of 2^k x 2^k boards. We found no published statement of this
//! to cite, so here is the proof, which the tests check on every missing square of every 2^k board
//! up to 64 x 64 (and the colouring is checked for every tiling it is used on):
//!
//! 1. In Golomb's recursion every aligned 2x2 block (lower-left corner at even coordinates) is a
//!    subproblem of side 2, so it holds exactly one "small" tromino, whose box is that block.
//!    Every other tromino is the central tromino of a subproblem of side 2^j >= 4: its box is the
//!    2x2 around the centre c of that subproblem, so its box corner c - (1, 1) has odd coordinates.
//! 2. Two central trominoes never share an edge. The centre of a side-2^j subproblem has
//!    coordinates = 2^(j-1) mod 2^j. Two distinct centres of the same level differ by a non-zero
//!    multiple of 2^j >= 4 in some coordinate (and their boxes are then at least 2 apart in it, with
//!    no overlap in the other); centres of different levels j < j' differ in both coordinates (one
//!    is = 2^(j-1), the other = 0, mod 2^j), by an even amount, so by at least 2 in both: their
//!    2x2 boxes can only touch at a corner.
//! 3. Small trominoes lie inside their blocks, so two of them share an edge only if their blocks do,
//!    and the blocks, as a grid, are 2-coloured like a chessboard.
//!
//! So colour 1 for every central tromino, and colours 2 and 3 for the small trominoes by the
//! chessboard parity of their block, is a proper 3-colouring. The same rule is tried on any
//! tiling, and kept when a check of every edge shows it is proper; otherwise a general graph
//! colouring is used: DSatur (D. Brelaz, "New methods to color the vertices of a graph",
//! Comm. ACM 22 (1979) 251-256), then, on small tilings, an exact search for 3 colours and, if
//! there is none, for 4 (which always exist, the tromino graph being planar).

use crate::{Error, Square, Tiling};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The most squares the general (graph) colouring accepts.
const MAX_GRAPH_CELLS: u64 = 1 << 24;
/// The most trominoes for which an exact 3-colouring is searched when DSatur needs more colours.
const MAX_EXACT_TROMINOES: usize = 20_000;

/// A colour (1, 2, 3, ...) for each square's tromino; 0 for uncovered squares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Colouring {
    size: u32,
    cells: Vec<u8>,
    used: u8,
}

impl Colouring {
    /// One colour per square, row by row from the bottom; 0 for an uncovered square.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The colour of the tromino covering `square`, or `None` if uncovered or off the board.
    pub fn colour_at(&self, square: Square) -> Option<u8> {
        if square.x >= self.size || square.y >= self.size {
            return None;
        }
        let colour = self.cells[square.y as usize * self.size as usize + square.x as usize];
        (colour != 0).then_some(colour)
    }

    /// The number of distinct colours used.
    pub fn colours_used(&self) -> u8 {
        self.used
    }
}

/// Colours the trominoes of `tiling` so that no two sharing an edge have the same colour; three
/// colours on Golomb's tilings (see the module documentation), few on the others.
pub fn colour(tiling: &Tiling) -> Result<Colouring, Error> {
    let size = tiling.size() as usize;
    let mut cells = vec![0u8; tiling.cells().len()];
    for (y, (codes, colours)) in tiling
        .cells()
        .chunks(size)
        .zip(cells.chunks_mut(size))
        .enumerate()
    {
        for (x, (&code, colour)) in codes.iter().zip(colours.iter_mut()).enumerate() {
            if code != 0 {
                // The corner of the tromino's box, from the square's quadrant in it.
                let (cx, cy) = (x - usize::from(code & 1), y - usize::from((code >> 1) & 1));
                *colour = if (cx | cy) & 1 == 0 {
                    2 + ((cx / 2 + cy / 2) & 1) as u8
                } else {
                    1
                };
            }
        }
    }
    if is_proper(tiling, &cells) {
        let used = [1u8, 2, 3].iter().filter(|c| cells.contains(c)).count() as u8;
        return Ok(Colouring {
            size: tiling.size(),
            cells,
            used,
        });
    }
    graph_colouring(tiling)
}

/// Whether no two edge-adjacent squares of different trominoes have the same colour.
///
/// Two squares side by side belong to the same tromino exactly when the left one is at dx = 0 of
/// the box and the right one carries the same code with dx = 1 (code + 1); one above the other,
/// when the lower one is at dy = 0 and the upper one carries code + 2.
fn is_proper(tiling: &Tiling, colours: &[u8]) -> bool {
    let size = tiling.size() as usize;
    let codes = tiling.cells();
    let same_right = |a: u8, b: u8| a & 1 == 0 && b == a + 1;
    let same_above = |a: u8, b: u8| a & 2 == 0 && b == a + 2;
    for y in 0..size {
        let row = y * size;
        for x in 0..size {
            let i = row + x;
            let (code, colour) = (codes[i], colours[i]);
            if code == 0 {
                continue;
            }
            if x + 1 < size && colours[i + 1] == colour && !same_right(code, codes[i + 1]) {
                return false;
            }
            if y + 1 < size && colours[i + size] == colour && !same_above(code, codes[i + size]) {
                return false;
            }
        }
    }
    true
}

/// The general colouring: the adjacency graph of the trominoes, DSatur, then an exact 3-colouring
/// search on small tilings if DSatur used more.
fn graph_colouring(tiling: &Tiling) -> Result<Colouring, Error> {
    let cells = tiling.cells().len() as u64;
    if cells > MAX_GRAPH_CELLS {
        return Err(Error::TooLargeToColour {
            cells,
            max: MAX_GRAPH_CELLS,
        });
    }
    let size = tiling.size() as usize;
    let ids = tiling.tromino_ids();
    let count = tiling.tromino_count();
    let mut edges = Vec::new();
    for i in 0..ids.len() {
        let (x, y) = (i % size, i / size);
        for j in [
            (x + 1 < size).then_some(i + 1),
            (y + 1 < size).then_some(i + size),
        ]
        .into_iter()
        .flatten()
        {
            let (a, b) = (ids[i], ids[j]);
            if a != u32::MAX && b != u32::MAX && a != b {
                edges.push((a.min(b), a.max(b)));
            }
        }
    }
    edges.sort_unstable();
    edges.dedup();
    let mut neighbours = vec![Vec::new(); count];
    for &(a, b) in &edges {
        neighbours[a as usize].push(b as usize);
        neighbours[b as usize].push(a as usize);
    }
    let mut colours = dsatur(&neighbours);
    // Four colours always suffice (the graph is planar) and three often do: search for the
    // fewest, from three, below what DSatur used.
    if count <= MAX_EXACT_TROMINOES {
        let dsatur_used = colours.iter().copied().max().unwrap_or(0);
        if let Some(fewer) = (3..dsatur_used).find_map(|k| k_colour(&neighbours, k)) {
            colours = fewer;
        }
    }
    let used = colours.iter().copied().max().unwrap_or(0);
    let cells = ids
        .iter()
        .map(|&id| {
            if id == u32::MAX {
                0
            } else {
                colours[id as usize]
            }
        })
        .collect();
    Ok(Colouring {
        size: tiling.size(),
        cells,
        used,
    })
}

/// DSatur: repeatedly colour the vertex with the most distinct colours among its neighbours
/// (ties: most neighbours) with the smallest colour free there. Colours from 1.
fn dsatur(neighbours: &[Vec<usize>]) -> Vec<u8> {
    let n = neighbours.len();
    let mut colours = vec![0u8; n];
    let mut seen = vec![0u32; n]; // bit c set: some neighbour has colour c
    let mut heap: BinaryHeap<(u32, usize, Reverse<usize>)> = (0..n)
        .map(|v| (0, neighbours[v].len(), Reverse(v)))
        .collect();
    while let Some((saturation, _, Reverse(v))) = heap.pop() {
        if colours[v] != 0 || saturation != seen[v].count_ones() {
            continue; // already coloured, or a stale entry
        }
        let colour = (1..32).find(|c| seen[v] & (1 << c) == 0).unwrap_or(31) as u8;
        colours[v] = colour;
        for &w in &neighbours[v] {
            if colours[w] == 0 && seen[w] & (1 << colour) == 0 {
                seen[w] |= 1 << colour;
                heap.push((seen[w].count_ones(), neighbours[w].len(), Reverse(w)));
            }
        }
    }
    colours
}

/// An exact search for a colouring with `k` colours, vertices in breadth-first order, within a
/// node budget.
fn k_colour(neighbours: &[Vec<usize>], k: u8) -> Option<Vec<u8>> {
    let n = neighbours.len();
    let mut order = Vec::with_capacity(n);
    let mut queued = vec![false; n];
    for start in 0..n {
        if queued[start] {
            continue;
        }
        queued[start] = true;
        order.push(start);
        let mut head = order.len() - 1;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in &neighbours[v] {
                if !queued[w] {
                    queued[w] = true;
                    order.push(w);
                }
            }
        }
    }
    let mut colours = vec![0u8; n];
    let mut budget: u32 = 2_000_000;
    let mut depth = 0;
    while depth < n {
        let v = order[depth];
        let next = (colours[v] + 1..=k).find(|&c| neighbours[v].iter().all(|&w| colours[w] != c));
        budget = budget.checked_sub(1)?;
        match next {
            Some(c) => {
                colours[v] = c;
                depth += 1;
            }
            None => {
                colours[v] = 0;
                depth = depth.checked_sub(1)?;
            }
        }
    }
    Some(colours)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Shape, Tromino};

    #[test]
    fn dsatur_and_exact_search_colour_an_odd_cycle() {
        let cycle: Vec<Vec<usize>> = (0..5).map(|v| vec![(v + 1) % 5, (v + 4) % 5]).collect();
        let check = |colours: &[u8]| (0..5).all(|v| colours[v] != colours[(v + 1) % 5]);
        assert!(check(&dsatur(&cycle)));
        assert!(check(&k_colour(&cycle, 3).unwrap()));
        let k4: Vec<Vec<usize>> = (0..4)
            .map(|v| (0..4).filter(|&w| w != v).collect())
            .collect();
        assert_eq!(k_colour(&k4, 3), None);
        assert!(k_colour(&k4, 4).is_some());
        assert_eq!(dsatur(&k4).iter().max(), Some(&4));
    }

    #[test]
    fn falls_back_when_the_parity_rule_clashes() {
        // Two trominoes with odd box corners, stacked: the parity rule gives both colour 1.
        let tiling = Tiling::from_trominoes(
            5,
            Square::new(0, 0),
            &[
                Tromino::new(Square::new(1, 1), Shape::EmptyUpperRight),
                Tromino::new(Square::new(1, 3), Shape::EmptyLowerRight),
            ],
        )
        .unwrap();
        let colouring = colour(&tiling).unwrap();
        assert_ne!(
            colouring.colour_at(Square::new(1, 1)),
            colouring.colour_at(Square::new(1, 3))
        );
        assert_eq!(colouring.colour_at(Square::new(0, 0)), None);
    }
}

//! Independent checks for the tests: a brute-force path enumerator and an exhaustive solver.

#![allow(dead_code)] // each test file uses part of this module

use qipan_link::{Board, Mode, Point};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashSet;

/// Whether the cell at `p` is free for a path: empty, on the ring, and not beyond it.
fn free(board: &Board, p: Point) -> bool {
    let inside_ring =
        p.x >= -1 && p.y >= -1 && p.x <= board.cols() as i32 && p.y <= board.rows() as i32;
    inside_ring && board.get(p).is_none()
}

/// Whether the polyline through `corners` is a legal path: axis-parallel segments, no two in a
/// row on the same line, every point but the two ends free.
pub fn legal(board: &Board, corners: &[Point]) -> bool {
    if corners.len() < 2 || corners.len() > 4 {
        return false;
    }
    let (first, last) = (corners[0], corners[corners.len() - 1]);
    let mut previous_axis = None;
    for w in corners.windows(2) {
        let (p, q) = (w[0], w[1]);
        if p == q || (p.x != q.x && p.y != q.y) {
            return false;
        }
        let axis = p.x == q.x;
        if previous_axis == Some(axis) {
            return false;
        }
        previous_axis = Some(axis);
        let (dx, dy) = ((q.x - p.x).signum(), (q.y - p.y).signum());
        let mut c = p;
        while c != q {
            c = Point::new(c.x + dx, c.y + dy);
            if c != last && c != first && !free(board, c) {
                return false;
            }
        }
    }
    true
}

fn length(corners: &[Point]) -> usize {
    corners
        .windows(2)
        .map(|w| (w[0].x.abs_diff(w[1].x) + w[0].y.abs_diff(w[1].y)) as usize)
        .sum()
}

/// The best (turns, length) of any path from `a` to `b`, by trying every choice of corners.
pub fn brute_best(board: &Board, a: Point, b: Point) -> Option<(usize, usize)> {
    let mut candidates: Vec<Vec<Point>> = vec![vec![a, b]];
    candidates.push(vec![a, Point::new(a.x, b.y), b]);
    candidates.push(vec![a, Point::new(b.x, a.y), b]);
    for x in -1..=board.cols() as i32 {
        candidates.push(vec![a, Point::new(x, a.y), Point::new(x, b.y), b]);
    }
    for y in -1..=board.rows() as i32 {
        candidates.push(vec![a, Point::new(a.x, y), Point::new(b.x, y), b]);
    }
    candidates
        .into_iter()
        .filter(|c| legal(board, c))
        .map(|c| (c.len() - 2, length(&c)))
        .min()
}

/// A random board of up to `max_rows × max_cols` with about `fill` of its cells holding one of
/// `kinds` kinds (counts need not be even).
pub fn random_board(
    rng: &mut ChaCha8Rng,
    max_rows: usize,
    max_cols: usize,
    fill: f64,
    kinds: usize,
) -> Board {
    let rows = rng.random_range(1..=max_rows);
    let cols = rng.random_range(1..=max_cols);
    let mut board = Board::new(rows, cols).unwrap();
    for y in 0..rows as i32 {
        for x in 0..cols as i32 {
            if rng.random_bool(fill) {
                let kind = qipan_link::Kind::new(rng.random_range(0..kinds)).unwrap();
                board.set(Point::new(x, y), Some(kind)).unwrap();
            }
        }
    }
    board
}

/// A random board of pairs: `pairs` pairs of `kinds` kinds scattered over `rows × cols`.
pub fn random_pairs(
    rng: &mut ChaCha8Rng,
    rows: usize,
    cols: usize,
    pairs: usize,
    kinds: usize,
) -> Board {
    let mut cells: Vec<Point> = (0..rows * cols)
        .map(|n| Point::new((n % cols) as i32, (n / cols) as i32))
        .collect();
    rand::seq::SliceRandom::shuffle(cells.as_mut_slice(), rng);
    let mut board = Board::new(rows, cols).unwrap();
    for (n, pair) in cells.chunks(2).take(pairs).enumerate() {
        let kind = qipan_link::Kind::new(if n < kinds {
            n
        } else {
            rng.random_range(0..kinds)
        })
        .unwrap();
        for &p in pair {
            board.set(p, Some(kind)).unwrap();
        }
    }
    board
}

/// A seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Whether `board` can be cleared in `mode`, by trying every removal allowed by the brute-force
/// path check, remembering only boards already found stuck.
pub fn exhaustively_clearable(board: &Board, mode: Mode) -> bool {
    fn go(board: &Board, mode: Mode, stuck: &mut HashSet<Board>) -> bool {
        if board.is_cleared() {
            return true;
        }
        if stuck.contains(board) {
            return false;
        }
        let tiles: Vec<(Point, qipan_link::Kind)> = board.tiles().collect();
        for (n, &(a, ka)) in tiles.iter().enumerate() {
            for &(b, kb) in &tiles[n + 1..] {
                if ka == kb && brute_best(board, a, b).is_some() {
                    let mut child = board.clone();
                    child
                        .play(a, b, mode)
                        .expect("the brute-force path check allowed it");
                    if go(&child, mode, stuck) {
                        return true;
                    }
                }
            }
        }
        stuck.insert(board.clone());
        false
    }
    go(board, mode, &mut HashSet::new())
}

/// Plays `moves` on a copy of `board` in `mode` and says whether they clear it.
pub fn clears(board: &Board, mode: Mode, moves: &[qipan_link::Move]) -> bool {
    let mut b = board.clone();
    moves.iter().all(|m| b.play(m.a, m.b, mode).is_ok()) && b.is_cleared()
}

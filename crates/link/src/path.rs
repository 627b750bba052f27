//! Exact paths between two tiles: fewest turns (at most two), then shortest, found by a
//! breadth-first search over (cell, direction, turns).

use crate::board::Board;
use crate::point::Point;
use std::collections::VecDeque;

/// Most turns a path may make: three straight segments.
pub const MAX_TURNS: usize = 2;

/// A path joining two tiles: its corner points, from the first tile to the second.
///
/// The first and last corners are the tiles themselves; the others are where the path turns, and
/// may lie on the free ring around the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Path {
    corners: Vec<Point>,
}

impl Path {
    /// The corner points, first tile first, last tile last.
    pub fn corners(&self) -> &[Point] {
        &self.corners
    }

    /// How many times the path turns (0, 1 or 2).
    pub fn turns(&self) -> usize {
        self.corners.len() - 2
    }

    /// Its length in cell steps.
    pub fn length(&self) -> usize {
        self.corners
            .windows(2)
            .map(|w| (w[0].x.abs_diff(w[1].x) + w[0].y.abs_diff(w[1].y)) as usize)
            .sum()
    }
}

/// The four directions, in the order the search tries them: up, right, down, left.
pub(crate) const DIRECTIONS: [(i32, i32); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

/// The neighbour of stored cell `i` in direction `d`, if it is inside the ring.
pub(crate) fn step(board: &Board, i: usize, d: usize) -> Option<usize> {
    let w = board.stride();
    let h = board.len() / w;
    let (x, y) = (i % w, i / w);
    match d {
        0 if y > 0 => Some(i - w),
        1 if x + 1 < w => Some(i + 1),
        2 if y + 1 < h => Some(i + w),
        3 if x > 0 => Some(i - 1),
        _ => None,
    }
}

const UNSEEN: u16 = u16::MAX;
const NO_PARENT: u32 = u32::MAX;

impl Board {
    /// The path joining the tiles at `a` and `b` with the fewest turns (at most two) and, among
    /// those, the shortest; `None` if there is none, or if `a` and `b` are not two distinct tiles.
    ///
    /// Only cells are checked, not kinds: see [`Board::play`](crate::Board::play) for a removal.
    /// The path may run through empty cells and the free ring around the board.
    pub fn connect(&self, a: Point, b: Point) -> Option<Path> {
        if a == b || self.get(a).is_none() || self.get(b).is_none() {
            return None;
        }
        let (start, goal) = (self.index(a), self.index(b));
        let state =
            |cell: usize, dir: usize, turns: usize| (cell * 4 + dir) * (MAX_TURNS + 1) + turns;
        let mut dist = vec![UNSEEN; self.len() * 4 * (MAX_TURNS + 1)];
        let mut parent = vec![NO_PARENT; dist.len()];
        let mut queue = VecDeque::new();
        let open = |c: usize| c == goal || self.raw(c) == 0;
        for dir in 0..4 {
            if let Some(n) = step(self, start, dir).filter(|&n| open(n)) {
                dist[state(n, dir, 0)] = 1;
                queue.push_back((n, dir, 0));
            }
        }
        // Plain BFS: every move is one cell long, so `dist` is the shortest length of each state.
        while let Some((cell, dir, turns)) = queue.pop_front() {
            if cell == goal {
                continue;
            }
            let s = state(cell, dir, turns);
            for next_dir in 0..4 {
                if next_dir == (dir + 2) % 4 {
                    continue; // going back over the same cells never helps
                }
                let next_turns = turns + usize::from(next_dir != dir);
                if next_turns > MAX_TURNS {
                    continue;
                }
                let Some(n) = step(self, cell, next_dir).filter(|&n| open(n)) else {
                    continue;
                };
                let t = state(n, next_dir, next_turns);
                if dist[t] == UNSEEN {
                    dist[t] = dist[s] + 1;
                    parent[t] = s as u32;
                    queue.push_back((n, next_dir, next_turns));
                }
            }
        }
        let end = (0..=MAX_TURNS)
            .flat_map(|t| (0..4).map(move |d| (t, d)))
            .map(|(t, d)| state(goal, d, t))
            .filter(|&s| dist[s] != UNSEEN)
            .min_by_key(|&s| (s % (MAX_TURNS + 1), dist[s]))?;
        // Walk back to the start, noting where the direction changes.
        let mut corners = vec![b];
        let mut s = end;
        loop {
            let p = parent[s];
            if p == NO_PARENT {
                break;
            }
            let p = p as usize;
            let (dir, prev_dir) = ((s / (MAX_TURNS + 1)) % 4, (p / (MAX_TURNS + 1)) % 4);
            if dir != prev_dir {
                corners.push(self.point(p / (4 * (MAX_TURNS + 1))));
            }
            s = p;
        }
        corners.push(a);
        corners.reverse();
        Some(Path { corners })
    }
}

//! Bounded backtracking search for knight paths on a small rectangle, ordered by Warnsdorff's rule.
//!
//! Warnsdorff (1823) moves to the square with the fewest onward moves. Ties are broken by Roth's
//! rule (A. Roth, 2000s, discussed in Squirrel and Cull, "A Warnsdorff-rule algorithm for knight's
//! tours on square chessboards", 1996): prefer the square farthest from the centre, which keeps the
//! knight near the rim where squares are hardest to reach later. With backtracking and a node bound
//! this finds tours on small boards quickly and never runs without bound.
//!
//! The same search covers a rectangle by several vertex-disjoint paths with given end points
//! ("segments") and may be forced to use given knight moves: the divide-and-conquer constructions
//! use it to find the small pieces they glue together.

use crate::board::KNIGHT_MOVES;
use crate::budget::Budget;

const NONE: u16 = u16::MAX;

/// How a segment of a cover must end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// On this cell.
    At(u16),
    /// Anywhere (only for the last segment).
    Free,
    /// A knight move from this cell (from the segment's start: the path closes into a cycle).
    NextTo(u16),
}

/// One path of a cover: from `start` to `end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Segment {
    /// The first cell.
    pub start: u16,
    /// Where the path must end.
    pub end: End,
}

/// What the search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// The paths, one per segment, covering every cell once.
    Found(Vec<Vec<u16>>),
    /// No cover exists: the search was exhaustive.
    Impossible { nodes: u64 },
    /// The budget (nodes, clock or stop flag) ran out first.
    Limit { nodes: u64 },
}

/// A `w` × `h` rectangle with its knight moves, cells indexed `y * w + x`.
pub(crate) struct Rect {
    w: usize,
    h: usize,
    adj: Vec<[u16; 8]>,
    deg: Vec<u8>,
    /// Twice the squared distance from the centre, for Roth's tie-break.
    rim: Vec<u32>,
}

impl Rect {
    /// The rectangle; `w * h` must be below 65535.
    pub fn new(w: usize, h: usize) -> Self {
        let n = w * h;
        let mut adj = vec![[NONE; 8]; n];
        let mut deg = vec![0u8; n];
        let mut rim = vec![0u32; n];
        for y in 0..h {
            for x in 0..w {
                let c = y * w + x;
                for &(dx, dy) in &KNIGHT_MOVES {
                    let (nx, ny) = (x as i64 + dx as i64, y as i64 + dy as i64);
                    if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                        adj[c][deg[c] as usize] = (ny as usize * w + nx as usize) as u16;
                        deg[c] += 1;
                    }
                }
                let (cx, cy) = (2 * x as i64 - (w as i64 - 1), 2 * y as i64 - (h as i64 - 1));
                rim[c] = (cx * cx + cy * cy) as u32;
            }
        }
        Rect {
            w,
            h,
            adj,
            deg,
            rim,
        }
    }

    /// The cell at (x, y).
    pub fn cell(&self, x: usize, y: usize) -> u16 {
        (y * self.w + x) as u16
    }

    /// Number of cells.
    pub fn size(&self) -> usize {
        self.w * self.h
    }

    fn neighbours(&self, c: u16) -> &[u16] {
        &self.adj[c as usize][..self.deg[c as usize] as usize]
    }

    /// Whether `a` and `b` are a knight move apart.
    pub fn adjacent(&self, a: u16, b: u16) -> bool {
        self.neighbours(a).contains(&b)
    }

    /// Searches for vertex-disjoint paths, one per segment, covering every cell, using every
    /// `forced` knight move, visiting at most `budget` nodes. `salt` varies the order of ties.
    pub fn cover(
        &self,
        segments: &[Segment],
        forced: &[(u16, u16)],
        budget: u64,
        salt: u64,
    ) -> Outcome {
        self.cover_rest(&[], segments, forced, Budget::nodes(budget), salt)
    }

    /// As [`Rect::cover`], with the cells of `done` already visited (they are not covered again),
    /// within a budget that may also be a clock or a stop flag.
    pub fn cover_rest(
        &self,
        done: &[u16],
        segments: &[Segment],
        forced: &[(u16, u16)],
        budget: Budget<'_>,
        salt: u64,
    ) -> Outcome {
        let n = self.size();
        let mut s = State {
            rect: self,
            segments,
            visited: vec![false; n],
            free: self.deg.clone(),
            reserved: vec![NONE; n],
            forced: vec![[NONE; 2]; n],
            paths: vec![Vec::new(); segments.len()],
            count: 0,
            nodes: 0,
            budget,
            salt,
        };
        for (k, seg) in segments.iter().enumerate() {
            if s.reserved[seg.start as usize] != NONE {
                return Outcome::Impossible { nodes: 0 };
            }
            s.reserved[seg.start as usize] = k as u16;
            if let End::At(e) = seg.end
                && e != seg.start
            {
                if s.reserved[e as usize] != NONE {
                    return Outcome::Impossible { nodes: 0 };
                }
                s.reserved[e as usize] = k as u16;
            }
        }
        for &(a, b) in forced {
            if !self.adjacent(a, b) {
                return Outcome::Impossible { nodes: 0 };
            }
            for (p, q) in [(a, b), (b, a)] {
                let slot = &mut s.forced[p as usize];
                if slot[0] == NONE {
                    slot[0] = q;
                } else if slot[1] == NONE {
                    slot[1] = q;
                } else {
                    return Outcome::Impossible { nodes: 0 };
                }
            }
        }
        for &c in done {
            if s.visited[c as usize] || s.reserved[c as usize] != NONE {
                return Outcome::Impossible { nodes: 0 };
            }
            s.visit(c);
        }
        if segments.is_empty() {
            return Outcome::Impossible { nodes: 0 };
        }
        match s.enter(0, segments[0].start, NONE) {
            Flow::Done => Outcome::Found(s.paths),
            Flow::Back => Outcome::Impossible { nodes: s.nodes },
            Flow::Stop => Outcome::Limit { nodes: s.nodes },
        }
    }
}

enum Flow {
    Done,
    Back,
    Stop,
}

struct State<'a> {
    rect: &'a Rect,
    segments: &'a [Segment],
    visited: Vec<bool>,
    /// Unvisited neighbours of each cell.
    free: Vec<u8>,
    /// The segment whose start or end a cell is, or NONE.
    reserved: Vec<u16>,
    forced: Vec<[u16; 2]>,
    paths: Vec<Vec<u16>>,
    count: usize,
    nodes: u64,
    budget: Budget<'a>,
    salt: u64,
}

impl State<'_> {
    fn visit(&mut self, c: u16) {
        self.visited[c as usize] = true;
        self.count += 1;
        for &u in self.rect.neighbours(c) {
            self.free[u as usize] -= 1;
        }
    }

    fn unvisit(&mut self, c: u16) {
        self.visited[c as usize] = false;
        self.count -= 1;
        for &u in self.rect.neighbours(c) {
            self.free[u as usize] += 1;
        }
    }

    /// Steps onto `c` as the next cell of segment `k`, having come from `prev`.
    fn enter(&mut self, k: usize, c: u16, prev: u16) -> Flow {
        self.nodes += 1;
        if self.budget.spent(self.nodes) {
            return Flow::Stop;
        }
        self.visit(c);
        self.paths[k].push(c);
        let flow = self.extend(k, c, prev);
        if !matches!(flow, Flow::Done) {
            self.paths[k].pop();
            self.unvisit(c);
        }
        flow
    }

    /// The path of segment `k` now ends on `c`: finish it or move on.
    fn extend(&mut self, k: usize, c: u16, prev: u16) -> Flow {
        let seg = self.segments[k];
        // A forced partner already visited must be where we came from.
        let mut must = NONE;
        for &f in &self.forced[c as usize] {
            if f == NONE || f == prev {
                continue;
            }
            if self.visited[f as usize] {
                if !(seg.end == End::NextTo(f) && self.count == self.rect.size()) {
                    return Flow::Back;
                }
            } else if must == NONE {
                must = f;
            } else {
                return Flow::Back;
            }
        }
        let at_end = match seg.end {
            End::At(e) => e == c,
            End::Free => self.count == self.rect.size(),
            End::NextTo(t) => self.count == self.rect.size() && self.rect.adjacent(c, t),
        };
        if at_end {
            if must != NONE {
                return Flow::Back;
            }
            if k + 1 == self.segments.len() {
                return if self.count == self.rect.size() {
                    Flow::Done
                } else {
                    Flow::Back
                };
            }
            let next = self.segments[k + 1].start;
            return self.enter(k + 1, next, NONE);
        }
        if self.count == self.rect.size() {
            return Flow::Back;
        }
        if let End::At(e) = seg.end
            && self.free[e as usize] == 0
            && !self.rect.adjacent(c, e)
        {
            return Flow::Back;
        }
        if let End::NextTo(t) = seg.end
            && self.free[t as usize] == 0
        {
            return Flow::Back;
        }
        // Candidates: unvisited, not another segment's end point; a neighbour left with no other
        // way in must be taken now, and must be where this segment may end.
        let mut cand: [(u32, u16); 8] = [(0, NONE); 8];
        let mut len = 0;
        let mut stranded = NONE;
        for &u in self.rect.neighbours(c) {
            if self.visited[u as usize] {
                continue;
            }
            let r = self.reserved[u as usize];
            if r != NONE && !(r as usize == k && seg.end == End::At(u)) {
                continue;
            }
            if self.free[u as usize] == 0 && r == NONE {
                if stranded != NONE {
                    return Flow::Back;
                }
                stranded = u;
            }
            let key = (self.free[u as usize] as u32) << 24
                | (0xFFFFFF - self.rect.rim[u as usize].min(0xFFFFFF));
            cand[len] = (key ^ self.tie(u), u);
            len += 1;
        }
        if stranded != NONE {
            if must != NONE && must != stranded {
                return Flow::Back;
            }
            must = stranded;
        }
        if must != NONE {
            if self.visited[must as usize] {
                return Flow::Back;
            }
            if !cand[..len].iter().any(|&(_, u)| u == must) {
                return Flow::Back;
            }
            return self.enter(k, must, c);
        }
        cand[..len].sort_unstable();
        for &(_, u) in &cand[..len] {
            match self.enter(k, u, c) {
                Flow::Back => {}
                other => return other,
            }
        }
        Flow::Back
    }

    /// Bits that permute ties (same onward degree and distance) when a salt is given.
    fn tie(&self, u: u16) -> u32 {
        if self.salt == 0 {
            return 0;
        }
        let h = (u as u64 ^ self.salt).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        ((h >> 40) as u32) & 0xFF
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_cover(rect: &Rect, segs: &[Segment], paths: &[Vec<u16>]) {
        let mut seen = vec![false; rect.size()];
        for (seg, p) in segs.iter().zip(paths) {
            assert_eq!(p[0], seg.start);
            for w in p.windows(2) {
                assert!(rect.adjacent(w[0], w[1]));
            }
            for &c in p {
                assert!(!seen[c as usize]);
                seen[c as usize] = true;
            }
            match seg.end {
                End::At(e) => assert_eq!(*p.last().unwrap(), e),
                End::NextTo(t) => assert!(rect.adjacent(*p.last().unwrap(), t)),
                End::Free => {}
            }
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn finds_an_eight_by_eight_tour_from_a_corner() {
        let r = Rect::new(8, 8);
        let segs = [Segment {
            start: 0,
            end: End::Free,
        }];
        let Outcome::Found(p) = r.cover(&segs, &[], 1_000_000, 0) else {
            panic!()
        };
        check_cover(&r, &segs, &p);
    }

    #[test]
    fn finds_a_closed_tour_with_forced_moves() {
        let r = Rect::new(6, 6);
        let segs = [Segment {
            start: r.cell(2, 2),
            end: End::NextTo(r.cell(2, 2)),
        }];
        let forced = [(r.cell(1, 4), r.cell(0, 2)), (r.cell(4, 1), r.cell(2, 0))];
        let Outcome::Found(p) = r.cover(&segs, &forced, 10_000_000, 0) else {
            panic!()
        };
        check_cover(&r, &segs, &p);
        let q = &p[0];
        let pos = |c: u16| q.iter().position(|&x| x == c).unwrap();
        for (a, b) in forced {
            let d = pos(a).abs_diff(pos(b));
            assert!(d == 1 || d == q.len() - 1);
        }
    }

    #[test]
    fn two_segments_cover_a_block() {
        let r = Rect::new(5, 4);
        let segs = [
            Segment {
                start: r.cell(4, 3),
                end: End::At(r.cell(0, 1)),
            },
            Segment {
                start: r.cell(0, 2),
                end: End::At(r.cell(4, 0)),
            },
        ];
        match r.cover(&segs, &[], 10_000_000, 0) {
            Outcome::Found(p) => check_cover(&r, &segs, &p),
            Outcome::Impossible { .. } => {}
            Outcome::Limit { .. } => panic!("5x4 should be decided quickly"),
        }
    }

    #[test]
    fn three_by_three_has_no_tour() {
        let r = Rect::new(3, 3);
        let segs = [Segment {
            start: 0,
            end: End::Free,
        }];
        assert!(matches!(
            r.cover(&segs, &[], 1_000_000, 0),
            Outcome::Impossible { .. }
        ));
    }
}

//! The baseline opponent the seed program describes (a greedy pattern-weight table, no search),
//! written anew for our tests: for each empty point and each of the eight directions, the run of
//! same-coloured stones next to it is weighed by its length and by whether the run ends on an
//! empty point ("live") or on a stone of the other colour or the edge ("dead"); the point with the
//! largest total is played. Stones of either colour count the same (attack and defence alike).

use qipan_gomoku::{Board, Point};

/// Weight of a run of `len` stones, live (ends on an empty point) or dead.
fn weight(len: usize, live: bool) -> u32 {
    match (len, live) {
        (1, true) => 10,
        (2, true) => 50,
        (3, true) => 500,
        (4, true) => 2000,
        (1, false) => 5,
        (2, false) => 25,
        (3, false) => 250,
        (4, false) => 1000,
        _ => 0,
    }
}

/// The baseline's move: the empty point of largest weight (first in row order on ties).
pub fn baseline_move(board: &Board) -> Option<Point> {
    let size = i32::from(board.size());
    let mut best: Option<(u32, Point)> = None;
    for p in board.points() {
        if board.get(p).is_some() {
            continue;
        }
        let mut total = 0;
        for (dx, dy) in [
            (1, 0),
            (-1, 0),
            (0, 1),
            (0, -1),
            (1, 1),
            (-1, -1),
            (1, -1),
            (-1, 1),
        ] {
            let (mut x, mut y) = (i32::from(p.x) + dx, i32::from(p.y) + dy);
            let Some(color) = board.get_signed(x, y) else {
                continue;
            };
            let mut len = 0;
            while board.get_signed(x, y) == Some(color) {
                len += 1;
                x += dx;
                y += dy;
            }
            let on_board = (0..size).contains(&x) && (0..size).contains(&y);
            let live = on_board && board.get_signed(x, y).is_none();
            total += weight(len, live);
        }
        if best.is_none_or(|(w, _)| total > w) {
            best = Some((total, p));
        }
    }
    best.map(|(_, p)| p)
        .or_else(|| board.points().find(|&p| board.get(p).is_none()))
}

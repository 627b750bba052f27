//! Renju forbidden points for Black: overline, double-four, double-three.
//!
//! Definitions follow the RIF rules of renju (Renju International Federation, "The International
//! Rules of Renju", articles 9.2–9.4): a *four* is a row that can become a five with one more
//! stone; a *straight four* has two such points for the same four stones; a *three* is a row that
//! can become a straight four by one more stone **on a point that is not itself forbidden**
//! (checked recursively). A move that makes a five is never forbidden, even if it also makes an
//! overline, double-four or double-three elsewhere (RIF 9.3: "five wins").

use crate::board::{Board, DIRECTIONS};
use crate::point::{Color, Point};

/// Why a point is forbidden for Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Forbidden {
    /// Six or more black stones in a row.
    Overline,
    /// Two or more fours at once.
    DoubleFour,
    /// Two or more (real) threes at once.
    DoubleThree,
}

impl Forbidden {
    /// A stable machine-readable code.
    pub fn code(self) -> &'static str {
        match self {
            Forbidden::Overline => "overline",
            Forbidden::DoubleFour => "double_four",
            Forbidden::DoubleThree => "double_three",
        }
    }
}

impl std::fmt::Display for Forbidden {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Forbidden::Overline => "overline",
            Forbidden::DoubleFour => "double-four",
            Forbidden::DoubleThree => "double-three",
        })
    }
}

/// Whether a black stone on the empty point `p` would be forbidden under renju rules.
/// Returns None for an occupied or off-board point.
pub fn forbidden(board: &Board, p: Point) -> Option<Forbidden> {
    if !board.is_empty_point(p) {
        return None;
    }
    let mut scratch = board.clone();
    forbidden_in(&mut scratch, p)
}

/// Every point forbidden for Black on this board.
pub fn forbidden_points(board: &Board) -> Vec<(Point, Forbidden)> {
    let mut scratch = board.clone();
    board
        .points()
        .filter(|&p| board.is_empty_point(p))
        .filter_map(|p| forbidden_in(&mut scratch, p).map(|k| (p, k)))
        .collect()
}

/// [`forbidden`] on a scratch board that is left as it was found.
pub(crate) fn forbidden_in(board: &mut Board, p: Point) -> Option<Forbidden> {
    board.set(p, Some(Color::Black));
    let verdict = placed_verdict(board, p);
    board.set(p, None);
    verdict
}

/// The verdict for a black stone already standing on `p`.
fn placed_verdict(board: &mut Board, p: Point) -> Option<Forbidden> {
    let lengths: Vec<usize> = (0..4)
        .map(|d| board.run_length(p, d, Color::Black))
        .collect();
    if lengths.contains(&5) {
        return None;
    }
    if lengths.iter().any(|&n| n > 5) {
        return Some(Forbidden::Overline);
    }
    let fours: usize = (0..4).map(|d| fours_in_line(board, p, d)).sum();
    if fours >= 2 {
        return Some(Forbidden::DoubleFour);
    }
    // A line that already holds a four is a four, not a three (four-three is legal).
    let threes = (0..4)
        .filter(|&d| fours_in_line(board, p, d) == 0 && is_three_in_line(board, p, d))
        .count();
    (threes >= 2).then_some(Forbidden::DoubleThree)
}

/// The empty points along `dir` near `p` where Black would make exactly five through `p`.
fn five_points(board: &mut Board, p: Point, dir: usize) -> Vec<i32> {
    let (dx, dy) = DIRECTIONS[dir];
    let mut found = vec![];
    for k in -4..=4 {
        let Some(q) = board.point_at(i32::from(p.x) + k * dx, i32::from(p.y) + k * dy) else {
            continue;
        };
        if k == 0 || board.get(q).is_some() {
            continue;
        }
        board.set(q, Some(Color::Black));
        if board.run_length(p, dir, Color::Black) == 5 {
            found.push(k);
        }
        board.set(q, None);
    }
    found
}

/// How many fours through `p` lie along `dir`: a straight four counts once, two fours on one
/// line (e.g. `X.XXX.X`) count twice.
fn fours_in_line(board: &mut Board, p: Point, dir: usize) -> usize {
    let points = five_points(board, p, dir);
    if points.len() == 2 && (points[1] - points[0]) == 5 {
        1
    } else {
        points.len()
    }
}

/// Whether the stones through `p` along `dir` form a straight four (two five points, five apart).
fn is_straight_four(board: &mut Board, p: Point, dir: usize) -> bool {
    let points = five_points(board, p, dir);
    points.len() == 2 && points[1] - points[0] == 5
}

/// Whether `p` is part of a real three along `dir`: one more black stone, on a point that is not
/// itself forbidden, makes a straight four through `p`.
fn is_three_in_line(board: &mut Board, p: Point, dir: usize) -> bool {
    let (dx, dy) = DIRECTIONS[dir];
    for k in -4..=4 {
        let Some(q) = board.point_at(i32::from(p.x) + k * dx, i32::from(p.y) + k * dy) else {
            continue;
        };
        if k == 0 || board.get(q).is_some() {
            continue;
        }
        board.set(q, Some(Color::Black));
        let real = is_straight_four(board, p, dir) && placed_verdict(board, q).is_none();
        board.set(q, None);
        if real {
            return true;
        }
    }
    false
}

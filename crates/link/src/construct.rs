//! Clearable boards built so that a solution is known: backwards for the modes where tiles
//! move, forwards with blank tiles for classic boards the solver cannot settle quickly.
//!
//! Random boards are rarely clearable when every removal slides the tiles together (the rows or
//! columns behave like stacks), so these boards are built by playing the game in reverse: start
//! empty and put pairs back one by one. In these modes each run (a column for gravity, a half
//! row for centre-x, ...) is always packed against its gathering end, and removing a tile and
//! settling is exactly undone by inserting it back into its run at the same place. Each pair is
//! put back only where the two tiles can be joined, so removing the pairs in the opposite order
//! clears the board. Two tiles inserted side by side in one run are always joined, so the
//! construction only fails in the rare case where no run has room for two.

use crate::board::Board;
use crate::mode::Mode;
use crate::point::{Move, Point};
use crate::reach::Reach;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Random placements tried for each pair before the side-by-side fallback.
const TRIES_PER_PAIR: usize = 40;

/// Builds a board in `mode` (which must move tiles) whose runs hold `lengths[r]` tiles each
/// (in the order of `Mode::runs`), from `pairs` (raw kind values, one per pair, the first
/// removed last). Returns the board and the removals that clear it, or `None` if it got stuck.
pub(crate) fn construct(
    rows: usize,
    cols: usize,
    mode: Mode,
    lengths: &[usize],
    pairs: &[u16],
    rng: &mut ChaCha8Rng,
) -> Option<(Board, Vec<Move>)> {
    let runs = mode.runs(rows, cols);
    let mut board = Board::new(rows, cols).ok()?;
    let mut contents: Vec<Vec<u16>> = vec![Vec::new(); runs.len()];
    let mut moves = Vec::with_capacity(pairs.len());
    for &kind in pairs {
        let free = |contents: &[Vec<u16>]| -> Vec<usize> {
            (0..runs.len())
                .flat_map(|r| std::iter::repeat_n(r, lengths[r] - contents[r].len()))
                .collect()
        };
        let mut placed = None;
        for _ in 0..TRIES_PER_PAIR {
            let slots = free(&contents);
            if slots.len() < 2 {
                return None;
            }
            let r1 = slots[rng.random_range(0..slots.len())];
            let i1 = rng.random_range(0..=contents[r1].len());
            contents[r1].insert(i1, kind);
            let slots = free(&contents);
            let r2 = slots[rng.random_range(0..slots.len())];
            let i2 = rng.random_range(0..=contents[r2].len());
            contents[r2].insert(i2, kind);
            let i1_now = if r1 == r2 && i2 <= i1 { i1 + 1 } else { i1 };
            let (a, b) = (runs[r1][i1_now], runs[r2][i2]);
            write_runs(&mut board, &runs, &contents, &[r1, r2]);
            if board.connect(a, b).is_some() {
                placed = Some(Move::new(a, b));
                break;
            }
            contents[r2].remove(i2);
            contents[r1].remove(i1);
            write_runs(&mut board, &runs, &contents, &[r1, r2]);
        }
        let m = match placed {
            Some(m) => m,
            None => side_by_side(&mut board, &runs, &mut contents, lengths, kind, rng)?,
        };
        moves.push(m);
    }
    moves.reverse();
    Some((board, moves))
}

/// Inserts both tiles of a pair next to each other in a run with room for two.
fn side_by_side(
    board: &mut Board,
    runs: &[Vec<Point>],
    contents: &mut [Vec<u16>],
    lengths: &[usize],
    kind: u16,
    rng: &mut ChaCha8Rng,
) -> Option<Move> {
    let roomy: Vec<usize> = (0..runs.len())
        .filter(|&r| lengths[r] >= contents[r].len() + 2)
        .collect();
    if roomy.is_empty() {
        return None;
    }
    let r = roomy[rng.random_range(0..roomy.len())];
    let i = rng.random_range(0..=contents[r].len());
    contents[r].insert(i, kind);
    contents[r].insert(i, kind);
    write_runs(board, runs, contents, &[r]);
    Some(Move::new(runs[r][i], runs[r][i + 1]))
}

/// Writes the contents of the given runs onto the board.
fn write_runs(board: &mut Board, runs: &[Vec<Point>], contents: &[Vec<u16>], which: &[usize]) {
    for &r in which {
        for (k, &p) in runs[r].iter().enumerate() {
            let i = board.index(p);
            board.set_raw(i, contents[r].get(k).copied().unwrap_or(0));
        }
    }
}

/// The number of tiles in each run of `board`, if every run is packed against its gathering end
/// (as play in `mode` leaves it).
pub(crate) fn packed_lengths(board: &Board, mode: Mode) -> Option<Vec<usize>> {
    mode.runs(board.rows(), board.cols())
        .iter()
        .map(|run| {
            let len = run.iter().take_while(|&&p| board.get(p).is_some()).count();
            run[len..]
                .iter()
                .all(|&p| board.get(p).is_none())
                .then_some(len)
        })
        .collect()
}

/// Builds a board on the occupied cells of `shape` (in classic mode, where nothing moves) by
/// playing forwards with blank tiles: repeatedly remove two blanks that can be joined, chosen at
/// random, then paint the pairs with `pairs` (raw kind values, one per pair) in removal order.
/// Joining never depends on kinds, so the removals clear the painted board. Returns `None` in
/// the rare case where the blanks left cannot be joined.
pub(crate) fn construct_forward(
    shape: &Board,
    pairs: &[u16],
    rng: &mut ChaCha8Rng,
) -> Option<(Board, Vec<Move>)> {
    let mut blank = shape.clone();
    let mut left: Vec<usize> = (0..blank.len()).filter(|&i| blank.raw(i) != 0).collect();
    for &i in &left {
        blank.set_raw(i, 1);
    }
    let mut reach = Reach::new(&blank);
    let mut moves = Vec::with_capacity(pairs.len());
    while !left.is_empty() {
        left.shuffle(rng);
        let (a, b) = left.iter().find_map(|&a| {
            let hits = reach.from(&blank, a);
            (!hits.is_empty()).then(|| (a, hits[rng.random_range(0..hits.len())]))
        })?;
        blank.set_raw(a, 0);
        blank.set_raw(b, 0);
        left.retain(|&i| i != a && i != b);
        moves.push(Move::new(blank.point(a), blank.point(b)));
    }
    if moves.len() != pairs.len() {
        return None;
    }
    let mut board = shape.clone();
    for (m, &kind) in moves.iter().zip(pairs) {
        for p in [m.a, m.b] {
            let i = board.index(p);
            board.set_raw(i, kind);
        }
    }
    Some((board, moves))
}

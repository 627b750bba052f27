//! Dealing boards and shuffling the tiles left, reproducibly from a seed, clearable by default.
//!
//! Clearability is guaranteed in classic mode by running the [solver](crate::solve) on each
//! uniformly random candidate with a node limit (not a time limit, so that a seed gives the same
//! board on every machine) and dealing again when it does not answer [`Verdict::Clearable`];
//! after [`RANDOM_TRIES`] candidates (large boards with many kinds are seldom clearable) the
//! board is built by playing forwards with blank tiles. In the modes where tiles move, random
//! boards are seldom clearable, so boards are built forwards at once. Either way a built board
//! comes with its solution (see `construct.rs`).

use crate::board::{Board, MAX_KINDS};
use crate::construct::construct_forward;
use crate::error::Error;
use crate::mode::Mode;
use crate::point::{Move, Point};
use crate::solver::{Limits, Verdict, solve};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Positions the solver may expand on each candidate deal or shuffle.
pub const CHECK_NODES: u64 = 5_000;
/// Candidates tried before giving up.
pub const MAX_ATTEMPTS: usize = 200;

/// What to deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealSpec {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Distinct kinds of tile.
    pub kinds: usize,
    /// Tiles of each kind (even).
    pub copies: usize,
    /// The mode the board will be played in (clearability depends on it).
    pub mode: Mode,
    /// Deal only boards the solver has cleared.
    pub clearable: bool,
}

impl DealSpec {
    /// A classic, clearable deal of `kinds` kinds on `rows × cols`, with copies chosen to fill
    /// the board (4 when `kinds` is `rows × cols / 4`, the standard game).
    pub fn new(rows: usize, cols: usize, kinds: usize) -> DealSpec {
        DealSpec {
            rows,
            cols,
            kinds,
            copies: (rows * cols).checked_div(kinds).unwrap_or(0),
            mode: Mode::Classic,
            clearable: true,
        }
    }

    /// The standard board: 8 × 18 with 36 kinds × 4 = 144 tiles.
    pub fn standard() -> DealSpec {
        DealSpec::new(8, 18, 36)
    }

    /// Checks that the kinds and copies fill the board exactly, in pairs.
    pub fn validate(&self) -> Result<(), Error> {
        Board::new(self.rows, self.cols)?;
        if self.copies < 2 || self.copies % 2 == 1 {
            return Err(Error::OddCopies {
                copies: self.copies,
            });
        }
        if self.kinds == 0 || self.kinds > MAX_KINDS {
            return Err(Error::KindOutOfRange {
                kind: self.kinds,
                max: MAX_KINDS,
            });
        }
        let (tiles, cells) = (self.kinds * self.copies, self.rows * self.cols);
        if tiles != cells {
            return Err(Error::DealDoesNotFit {
                kinds: self.kinds,
                copies: self.copies,
                tiles,
                cells,
            });
        }
        Ok(())
    }
}

/// A dealt board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// The board.
    pub board: Board,
    /// A way to clear it, when the deal was checked.
    pub solution: Option<Vec<Move>>,
    /// How many candidates were tried.
    pub attempts: usize,
}

/// Deals a board as `spec` says; the same seed gives the same board.
pub fn deal(spec: &DealSpec, seed: u64) -> Result<Deal, Error> {
    spec.validate()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut tiles: Vec<u16> = (0..spec.kinds as u16)
        .flat_map(|k| std::iter::repeat_n(k + 1, spec.copies))
        .collect();
    let mut board = Board::new(spec.rows, spec.cols)?;
    for y in 0..spec.rows as i32 {
        for x in 0..spec.cols as i32 {
            let i = board.index(Point::new(x, y));
            board.set_raw(i, 1);
        }
    }
    if !spec.clearable {
        scatter(&mut board, &mut tiles, &mut rng);
        return Ok(Deal {
            board,
            solution: None,
            attempts: 1,
        });
    }
    let mut pairs: Vec<u16> = tiles.iter().step_by(2).copied().collect();
    let (found, attempts) = clearable_arrangement(&board, spec.mode, &mut pairs, &mut rng);
    let (board, moves) = found.ok_or(Error::NoClearableDeal { attempts })?;
    Ok(Deal {
        board,
        solution: Some(moves),
        attempts,
    })
}

/// Random uniform arrangements tried (each checked by the solver) before a classic board is
/// built forwards instead.
pub const RANDOM_TRIES: usize = 10;

/// A clearable arrangement of `pairs` over the occupied cells of `shape` in `mode`, with the
/// removals that clear it, and the number of candidates tried.
///
/// In classic mode a few uniformly random arrangements are tried first (kept when the solver
/// clears them quickly); in the modes where tiles move random boards are seldom clearable, so
/// those, and classic boards the random tries did not settle, are built forwards.
fn clearable_arrangement(
    shape: &Board,
    mode: Mode,
    pairs: &mut [u16],
    rng: &mut ChaCha8Rng,
) -> (Option<(Board, Vec<Move>)>, usize) {
    let mut attempts = 0;
    if !mode.moves_tiles() {
        let mut tiles: Vec<u16> = pairs.iter().flat_map(|&k| [k, k]).collect();
        let mut board = shape.clone();
        for _ in 0..RANDOM_TRIES {
            attempts += 1;
            scatter(&mut board, &mut tiles, rng);
            if let Some(moves) = clearable(&board, mode) {
                return (Some((board, moves)), attempts);
            }
        }
    }
    for _ in 0..MAX_ATTEMPTS {
        attempts += 1;
        pairs.shuffle(rng);
        if let Some(built) = construct_forward(shape, mode, pairs, rng) {
            return (Some(built), attempts);
        }
    }
    (None, attempts)
}

/// Shuffles `tiles` onto the occupied cells of `board`, in reading order.
fn scatter(board: &mut Board, tiles: &mut [u16], rng: &mut ChaCha8Rng) {
    tiles.shuffle(rng);
    let cells: Vec<usize> = (0..board.len()).filter(|&i| board.raw(i) != 0).collect();
    for (&i, &t) in cells.iter().zip(tiles.iter()) {
        board.set_raw(i, t);
    }
}

/// Rearranges the tiles left on `board` over the cells they occupy, so that the result can be
/// cleared in `mode`; the same seed gives the same arrangement. Returns the new board and a way
/// to clear it (built forwards on the occupied cells when needed, in every mode; see
/// `construct.rs`).
pub fn shuffle(board: &Board, mode: Mode, seed: u64) -> Result<(Board, Vec<Move>), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    board.check_pairs()?;
    let mut tiles: Vec<u16> = board.tiles().map(|(_, k)| k.index() as u16 + 1).collect();
    tiles.sort_unstable();
    let mut pairs: Vec<u16> = tiles.iter().step_by(2).copied().collect();
    let (found, attempts) = clearable_arrangement(board, mode, &mut pairs, &mut rng);
    found.ok_or(Error::NoClearableShuffle { attempts })
}

/// A way to clear `board`, if the solver finds one within [`CHECK_NODES`].
fn clearable(board: &Board, mode: Mode) -> Option<Vec<Move>> {
    let limits = Limits {
        max_nodes: CHECK_NODES,
        time: None,
    };
    match solve(board, mode, limits).verdict {
        Verdict::Clearable(moves) => Some(moves),
        Verdict::Stuck | Verdict::Unknown => None,
    }
}

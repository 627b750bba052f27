//! Dealing boards and shuffling the tiles left, reproducibly from a seed, clearable by default.
//!
//! Clearability is guaranteed in classic mode by running the [solver](crate::solve) on each
//! uniformly random candidate with a node limit (not a time limit, so that a seed gives the same
//! board on every machine) and dealing again when it does not answer [`Verdict::Clearable`]. In
//! the modes where tiles move, random boards are seldom clearable, so boards are built by playing
//! the game backwards (see `construct.rs`), which guarantees a solution by construction.

use crate::board::{Board, Kind, MAX_KINDS};
use crate::construct::{construct, packed_lengths};
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
    let cells: Vec<usize> = (0..spec.rows * spec.cols)
        .map(|n| board.index(Point::new((n % spec.cols) as i32, (n / spec.cols) as i32)))
        .collect();
    if spec.clearable && spec.mode.moves_tiles() {
        let lengths: Vec<usize> = spec
            .mode
            .runs(spec.rows, spec.cols)
            .iter()
            .map(Vec::len)
            .collect();
        let mut pairs: Vec<u16> = tiles.iter().step_by(2).copied().collect();
        for attempts in 1..=MAX_ATTEMPTS {
            pairs.shuffle(&mut rng);
            if let Some((board, moves)) =
                construct(spec.rows, spec.cols, spec.mode, &lengths, &pairs, &mut rng)
            {
                return Ok(Deal {
                    board,
                    solution: Some(moves),
                    attempts,
                });
            }
        }
        return Err(Error::NoClearableDeal {
            attempts: MAX_ATTEMPTS,
        });
    }
    for attempts in 1..=MAX_ATTEMPTS {
        tiles.shuffle(&mut rng);
        for (&i, &t) in cells.iter().zip(&tiles) {
            board.set_raw(i, t);
        }
        if !spec.clearable {
            return Ok(Deal {
                board,
                solution: None,
                attempts,
            });
        }
        if let Some(moves) = clearable(&board, spec.mode) {
            return Ok(Deal {
                board,
                solution: Some(moves),
                attempts,
            });
        }
    }
    Err(Error::NoClearableDeal {
        attempts: MAX_ATTEMPTS,
    })
}

/// Rearranges the tiles left on `board` over the cells they occupy, so that the result can be
/// cleared in `mode`; the same seed gives the same arrangement. Returns the new board and a way
/// to clear it. (In the modes where tiles move, a board left by play is rebuilt backwards like a
/// deal, keeping every run's length.)
pub fn shuffle(board: &Board, mode: Mode, seed: u64) -> Result<(Board, Vec<Move>), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    board.check_pairs()?;
    if let Some(lengths) = packed_lengths(board, mode).filter(|_| mode.moves_tiles()) {
        let mut tiles: Vec<u16> = board.tiles().map(|(_, k)| k.index() as u16 + 1).collect();
        tiles.sort_unstable();
        let mut pairs: Vec<u16> = tiles.iter().step_by(2).copied().collect();
        for _ in 0..MAX_ATTEMPTS {
            pairs.shuffle(&mut rng);
            if let Some(found) =
                construct(board.rows(), board.cols(), mode, &lengths, &pairs, &mut rng)
            {
                return Ok(found);
            }
        }
        return Err(Error::NoClearableShuffle {
            attempts: MAX_ATTEMPTS,
        });
    }
    let occupied: Vec<(Point, Kind)> = board.tiles().collect();
    let mut kinds: Vec<Kind> = occupied.iter().map(|&(_, k)| k).collect();
    let mut out = board.clone();
    for _ in 0..MAX_ATTEMPTS {
        kinds.shuffle(&mut rng);
        for (&(p, _), &k) in occupied.iter().zip(&kinds) {
            out.set(p, Some(k))?;
        }
        if let Some(moves) = clearable(&out, mode) {
            return Ok((out, moves));
        }
    }
    Err(Error::NoClearableShuffle {
        attempts: MAX_ATTEMPTS,
    })
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

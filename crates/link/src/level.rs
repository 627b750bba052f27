//! The levels of the game: boards grow and the mode changes as the player goes on.

use crate::error::Error;
use crate::mode::Mode;

/// One level: the board, the mode, the time allowed and the help available.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level {
    /// Its number, from 1.
    pub number: u32,
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Kinds of tile, four of each.
    pub kinds: usize,
    /// What happens after each removal.
    pub mode: Mode,
    /// Time allowed, in seconds.
    pub seconds: u32,
    /// Hints allowed.
    pub hints: u32,
    /// Shuffles allowed.
    pub shuffles: u32,
}

/// How many levels there are.
pub const LEVEL_COUNT: u32 = 10;

/// (rows, cols, mode, seconds) of each level; kinds are rows × cols / 4.
const LEVELS: [(usize, usize, Mode, u32); LEVEL_COUNT as usize] = [
    (6, 8, Mode::Classic, 200),
    (6, 10, Mode::Down, 240),
    (7, 12, Mode::Left, 300),
    (8, 12, Mode::Up, 330),
    (8, 14, Mode::Right, 380),
    (8, 16, Mode::CentreX, 420),
    (8, 18, Mode::CentreY, 460),
    (8, 18, Mode::Classic, 400),
    (8, 18, Mode::Down, 400),
    (8, 18, Mode::CentreX, 360),
];

impl Level {
    /// Level `number` (1 to [`LEVEL_COUNT`]).
    pub fn get(number: u32) -> Result<Level, Error> {
        let index = number.checked_sub(1).filter(|&i| i < LEVEL_COUNT);
        let (rows, cols, mode, seconds) = index
            .map(|i| LEVELS[i as usize])
            .ok_or(Error::NoSuchLevel { number })?;
        let help = if number <= 7 { 3 } else { 2 };
        Ok(Level {
            number,
            rows,
            cols,
            kinds: rows * cols / 4,
            mode,
            seconds,
            hints: help,
            shuffles: help,
        })
    }

    /// Every level, first first.
    pub fn all() -> Vec<Level> {
        (1..=LEVEL_COUNT)
            .filter_map(|n| Level::get(n).ok())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_fill_their_boards_with_fours_and_grow() {
        let levels = Level::all();
        assert_eq!(levels.len(), LEVEL_COUNT as usize);
        for pair in levels.windows(2) {
            assert!(pair[0].rows * pair[0].cols <= pair[1].rows * pair[1].cols);
        }
        for level in levels {
            assert_eq!(level.kinds * 4, level.rows * level.cols);
        }
        assert_eq!(Level::get(0).unwrap_err().code(), "no_such_level");
        assert_eq!(
            Level::get(LEVEL_COUNT + 1).unwrap_err().code(),
            "no_such_level"
        );
    }
}

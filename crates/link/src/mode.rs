//! Modes: what happens to the other tiles after a pair is removed.

use crate::board::Board;
use crate::error::Error;
use crate::point::Point;
use std::fmt;
use std::str::FromStr;

/// How the remaining tiles move after each removal.
///
/// In every mode but [`Mode::Classic`] the tiles of the rows or columns that lost a tile slide
/// together, keeping their order, like the falling tiles of KDE KShisen's gravity mode and the
/// shifting levels of the popular Lianliankan games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Nothing moves.
    #[default]
    Classic,
    /// Gravity: tiles fall down their column.
    Down,
    /// Tiles rise up their column.
    Up,
    /// Tiles slide left along their row.
    Left,
    /// Tiles slide right along their row.
    Right,
    /// Tiles slide along their row toward the centre column: the left half to the right, the
    /// right half to the left.
    CentreX,
    /// Tiles slide along their column toward the middle row: the top half down, the bottom half
    /// up.
    CentreY,
}

impl Mode {
    /// Every mode, in the order the levels bring them in.
    pub const ALL: [Mode; 7] = [
        Mode::Classic,
        Mode::Down,
        Mode::Left,
        Mode::Up,
        Mode::Right,
        Mode::CentreX,
        Mode::CentreY,
    ];

    /// Its stable name: `classic`, `down`, `up`, `left`, `right`, `centre-x` or `centre-y`.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Classic => "classic",
            Mode::Down => "down",
            Mode::Up => "up",
            Mode::Left => "left",
            Mode::Right => "right",
            Mode::CentreX => "centre-x",
            Mode::CentreY => "centre-y",
        }
    }

    /// Whether removals can move other tiles.
    pub fn moves_tiles(self) -> bool {
        self != Mode::Classic
    }

    /// Slides the tiles of the lines through the removed points `a` and `b` as the mode says.
    pub(crate) fn settle(self, board: &mut Board, a: Point, b: Point) {
        for p in [a, b] {
            self.settle_line(board, p);
        }
    }

    fn settle_line(self, board: &mut Board, p: Point) {
        for run in self.runs_through(board.rows(), board.cols(), p) {
            let indices: Vec<usize> = run.iter().map(|&q| board.index(q)).collect();
            let tiles: Vec<u16> = indices
                .iter()
                .map(|&i| board.raw(i))
                .filter(|&v| v != 0)
                .collect();
            for (k, &i) in indices.iter().enumerate() {
                board.set_raw(i, tiles.get(k).copied().unwrap_or(0));
            }
        }
    }

    /// The runs through point `p`.
    fn runs_through(self, rows: usize, cols: usize, p: Point) -> Vec<Vec<Point>> {
        let (rows, cols) = (rows as i32, cols as i32);
        let column = |ys: Vec<i32>| ys.into_iter().map(|y| Point::new(p.x, y)).collect();
        let row = |xs: Vec<i32>| xs.into_iter().map(|x| Point::new(x, p.y)).collect();
        let halves = |n: i32, line: &dyn Fn(Vec<i32>) -> Vec<Point>| {
            [line((0..n / 2).rev().collect()), line((n / 2..n).collect())]
                .into_iter()
                .filter(|run| !run.is_empty())
                .collect()
        };
        match self {
            Mode::Classic => vec![],
            Mode::Down => vec![column((0..rows).rev().collect())],
            Mode::Up => vec![column((0..rows).collect())],
            Mode::Left => vec![row((0..cols).collect())],
            Mode::Right => vec![row((0..cols).rev().collect())],
            Mode::CentreX => halves(cols, &row),
            Mode::CentreY => halves(rows, &column),
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mode {
    type Err = Error;

    fn from_str(s: &str) -> Result<Mode, Error> {
        match s.to_ascii_lowercase().as_str() {
            "classic" => Ok(Mode::Classic),
            "down" | "gravity" => Ok(Mode::Down),
            "up" => Ok(Mode::Up),
            "left" => Ok(Mode::Left),
            "right" => Ok(Mode::Right),
            "centre-x" | "center-x" => Ok(Mode::CentreX),
            "centre-y" | "center-y" => Ok(Mode::CentreY),
            _ => Err(Error::UnknownMode {
                name: s.to_string(),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        Board::from_text(&rows.join("\n")).unwrap()
    }

    fn text(board: &Board) -> String {
        board.to_text().unwrap()
    }

    #[test]
    fn gravity_drops_the_column_above_a_removed_tile() {
        let mut b = board(&["AB", "CB", "AC"]);
        b.play(Point::new(0, 0), Point::new(0, 2), Mode::Down)
            .unwrap();
        assert_eq!(text(&b), ".B\n.B\nCC\n");
    }

    #[test]
    fn each_direction_gathers_tiles_on_its_side() {
        let start = ["ABCA", "DBCD"];
        let cases = [
            (Mode::Left, "BC..\nDBCD\n"),
            (Mode::Right, "..BC\nDBCD\n"),
            (Mode::CentreX, ".BC.\nDBCD\n"),
        ];
        for (mode, want) in cases {
            let mut b = board(&start);
            b.play(Point::new(0, 0), Point::new(3, 0), mode).unwrap();
            assert_eq!(text(&b), want, "{mode}");
        }
        let mut b = board(&["AB", "CD", "CD", "AB"]);
        b.play(Point::new(0, 0), Point::new(0, 3), Mode::CentreY)
            .unwrap();
        assert_eq!(text(&b), ".B\nCD\nCD\n.B\n");
        let mut b = board(&["AB", "CB", "AC"]);
        b.play(Point::new(0, 0), Point::new(0, 2), Mode::Up)
            .unwrap();
        assert_eq!(text(&b), "CB\n.B\n.C\n");
    }

    #[test]
    fn names_parse_back() {
        for mode in Mode::ALL {
            assert_eq!(mode.name().parse::<Mode>().unwrap(), mode);
        }
        assert_eq!("gravity".parse::<Mode>().unwrap(), Mode::Down);
        assert_eq!(
            "sideways".parse::<Mode>().unwrap_err().code(),
            "unknown_mode"
        );
    }
}

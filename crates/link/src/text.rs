//! Boards as text: one line per row, a letter or digit per tile, `.` for an empty cell.
//!
//! Kinds 0..=61 are written `A`-`Z`, `a`-`z`, `0`-`9`. Blank lines and lines starting with `#`
//! are skipped; trailing spaces are ignored.

use crate::board::{Board, Kind, MAX_COLS, MAX_ROWS};
use crate::error::{Error, TextProblem};
use crate::point::Point;

/// The tile letters, kind 0 first.
pub const TILE_LETTERS: &str = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
/// The letter of an empty cell.
pub const EMPTY_LETTER: char = '.';

/// The letter of a kind, if it has one.
pub fn kind_letter(kind: Kind) -> Option<char> {
    TILE_LETTERS
        .as_bytes()
        .get(kind.index())
        .map(|&b| b as char)
}

impl Board {
    /// Reads a board from text, refusing unknown characters, rows of different widths and kinds
    /// that occur an odd number of times, with the line and the reason.
    pub fn from_text(text: &str) -> Result<Board, Error> {
        let mut rows: Vec<(usize, Vec<Option<usize>>)> = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let line_no = n + 1;
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let problem = |problem| Error::Text {
                line: line_no,
                problem,
            };
            let mut row = Vec::new();
            for (column, ch) in line.chars().enumerate() {
                let cell = if ch == EMPTY_LETTER {
                    None
                } else {
                    let kind = TILE_LETTERS.find(ch).filter(|_| ch.is_ascii());
                    let kind = kind.ok_or(problem(TextProblem::UnknownChar {
                        ch,
                        column: column + 1,
                    }))?;
                    Some(kind)
                };
                row.push(cell);
            }
            if row.len() > MAX_COLS {
                return Err(problem(TextProblem::TooWide { found: row.len() }));
            }
            if let Some((_, first)) = rows.first()
                && first.len() != row.len()
            {
                return Err(problem(TextProblem::Width {
                    expected: first.len(),
                    found: row.len(),
                }));
            }
            if rows.len() == MAX_ROWS {
                return Err(problem(TextProblem::TooManyRows));
            }
            rows.push((line_no, row));
        }
        if rows.is_empty() {
            return Err(Error::EmptyText);
        }
        let lines: Vec<usize> = rows.iter().map(|(n, _)| *n).collect();
        let cells: Vec<Vec<Option<usize>>> = rows.into_iter().map(|(_, r)| r).collect();
        Board::from_rows(&cells).map_err(|err| match err {
            Error::OddCount { kind, count, first } => Error::Text {
                line: lines[first.y as usize],
                problem: TextProblem::OddCount {
                    ch: TILE_LETTERS.as_bytes()[kind] as char,
                    count,
                },
            },
            other => other,
        })
    }

    /// The board as text, one line per row (each ending in a newline); fails if a kind has no
    /// letter (kinds above 61: use the row form of [`Board::to_rows`] instead).
    pub fn to_text(&self) -> Result<String, Error> {
        let mut out = String::with_capacity((self.cols() + 1) * self.rows());
        for y in 0..self.rows() as i32 {
            for x in 0..self.cols() as i32 {
                out.push(match self.get(Point::new(x, y)) {
                    None => EMPTY_LETTER,
                    Some(kind) => kind_letter(kind).ok_or(Error::KindOutOfRange {
                        kind: kind.index(),
                        max: TILE_LETTERS.len() - 1,
                    })?,
                });
            }
            out.push('\n');
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        let text = "AB.\n.BA\n";
        assert_eq!(Board::from_text(text).unwrap().to_text().unwrap(), text);
        let commented = "# a board\n\nAB.  \n.BA\n\n";
        assert_eq!(
            Board::from_text(commented).unwrap().to_text().unwrap(),
            text
        );
    }

    #[test]
    fn bad_text_names_the_line_and_reason() {
        let unknown = Board::from_text("AB\nA?\n").unwrap_err();
        assert_eq!(
            unknown,
            Error::Text {
                line: 2,
                problem: TextProblem::UnknownChar { ch: '?', column: 2 }
            }
        );
        let width = Board::from_text("AA\n\nBBB\n").unwrap_err();
        assert_eq!(
            width.to_string(),
            "line 3: 3 cells, but the first row has 2"
        );
        let odd = Board::from_text("AA\nBC\nCA\n").unwrap_err();
        assert_eq!(
            odd.to_string(),
            "line 1: tile 'A' occurs 3 times, an odd number"
        );
        assert_eq!(
            Board::from_text("\n# nothing\n").unwrap_err(),
            Error::EmptyText
        );
        let wide = "A".repeat(32);
        assert_eq!(Board::from_text(&wide).unwrap_err().code(), "text_too_wide");
        let tall = "AA\n".repeat(21);
        assert_eq!(
            Board::from_text(&tall).unwrap_err().code(),
            "text_too_many_rows"
        );
    }
}

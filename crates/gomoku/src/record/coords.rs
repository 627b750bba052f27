//! Move lists in `h8` notation separated by spaces (commas and newlines are accepted too).

use super::{Record, check_moves};
use crate::error::{RecordError, RecordProblem};
use crate::point::Point;

/// Reads a move list such as `h8 i9 j10` for a board of side `size`.
pub fn parse(text: &str, size: u8) -> Result<Record, RecordError> {
    let mut moves = vec![];
    let mut lines = vec![];
    for (n, line) in text.lines().enumerate() {
        for word in line.split([' ', ',', '\t']).filter(|w| !w.is_empty()) {
            let p = Point::parse_coord(word, size).map_err(|e| RecordError {
                line: n + 1,
                reason: RecordProblem::Syntax(e.to_string()),
            })?;
            moves.push(p);
            lines.push(n + 1);
        }
    }
    check_moves(size, &moves, &lines)?;
    Ok(Record::new(size, moves))
}

/// Writes the moves as `h8 i9 j10`.
pub fn format(record: &Record) -> String {
    record
        .moves
        .iter()
        .map(|p| p.to_coord(record.size))
        .collect::<Vec<_>>()
        .join(" ")
}

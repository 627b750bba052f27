//! Piskvork PSQ records: a header `Piskvorky 15x15, 11:11, 0`, then one `x,y,time` line per move
//! with 1-based coordinates (x = column, y = row from the top) and milliseconds, then `-1`.
//! Anything after the `-1` (engine names, notes written by Piskvork) is ignored on import.

use super::{Record, check_moves};
use crate::error::{RecordError, RecordProblem};
use crate::point::Point;

/// Reads a PSQ record.
pub fn parse(text: &str) -> Result<Record, RecordError> {
    let mut lines = text.lines().enumerate();
    let (_, header) = lines.next().ok_or(RecordError {
        line: 1,
        reason: RecordProblem::MissingHeader("empty PSQ file".into()),
    })?;
    let size = parse_header(header)?;
    let mut moves = vec![];
    let mut times = vec![];
    let mut move_lines = vec![];
    for (n, line) in lines {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if line == "-1" || !line.starts_with(|c: char| c.is_ascii_digit()) {
            break;
        }
        let fields: Vec<&str> = line.split(',').map(str::trim).collect();
        let numbers: Option<Vec<u32>> = fields.iter().map(|f| f.parse().ok()).collect();
        let bad = || RecordError {
            line: n + 1,
            reason: RecordProblem::Syntax(line.to_string()),
        };
        let numbers = numbers.ok_or_else(bad)?;
        let (x, y, t) = match numbers[..] {
            [x, y] => (x, y, 0),
            [x, y, t] => (x, y, t),
            _ => return Err(bad()),
        };
        if x == 0 || y == 0 || x > u32::from(size) || y > u32::from(size) {
            return Err(RecordError {
                line: n + 1,
                reason: RecordProblem::Syntax(format!("{line} (coordinates are 1 to {size})")),
            });
        }
        moves.push(Point::new((x - 1) as u8, (y - 1) as u8));
        times.push(t);
        move_lines.push(n + 1);
    }
    check_moves(size, &moves, &move_lines)?;
    Ok(Record {
        times_ms: times,
        ..Record::new(size, moves)
    })
}

fn parse_header(header: &str) -> Result<u8, RecordError> {
    let missing = || RecordError {
        line: 1,
        reason: RecordProblem::MissingHeader(format!(
            "expected `Piskvorky 15x15, 11:11, 0`, found `{header}`"
        )),
    };
    let rest = header
        .trim()
        .strip_prefix("Piskvorky")
        .ok_or_else(missing)?;
    let dims = rest.trim().split(',').next().ok_or_else(missing)?;
    let (w, h) = dims.trim().split_once('x').ok_or_else(missing)?;
    let (w, h): (u32, u32) = match (w.parse(), h.parse()) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(missing()),
    };
    if w != h || !(5..=25).contains(&w) {
        return Err(RecordError {
            line: 1,
            reason: RecordProblem::BadBoard(format!("{w}x{h} (square, 5 to 25)")),
        });
    }
    Ok(w as u8)
}

/// Writes a PSQ record (times of 0 when the record has none).
pub fn format(record: &Record) -> String {
    let mut out = format!("Piskvorky {0}x{0}, 11:11, 0\n", record.size);
    for (i, p) in record.moves.iter().enumerate() {
        let t = record.times_ms.get(i).copied().unwrap_or(0);
        out.push_str(&format!("{},{},{t}\n", p.x + 1, p.y + 1));
    }
    out.push_str("-1\n");
    out
}

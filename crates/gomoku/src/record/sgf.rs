//! SGF records of Gomoku games (`GM[4]`): `(;GM[4]FF[4]SZ[15]RU[renju]PB[…]PW[…]RE[B+]DT[…];B[hh];W[ih])`,
//! coordinates as two letters, column then row from the top (`aa` = top-left), the game's rule,
//! players, result and date in the root node (SGF FF[4] properties RU, PB, PW, RE, DT). Only the
//! main line is read.

use super::{GameInfo, Record, check_moves};
use crate::error::{RecordError, RecordProblem};
use crate::point::Point;

/// One property with the line it starts on.
struct Property {
    id: String,
    values: Vec<String>,
    line: usize,
}

/// Reads an SGF Gomoku record.
pub fn parse(text: &str) -> Result<Record, RecordError> {
    let props = main_line(text)?;
    let mut size = 15u32;
    let mut game = None;
    let mut moves = vec![];
    let mut lines = vec![];
    let mut info = GameInfo::default();
    for prop in &props {
        let first = prop.values.first().map(String::as_str).unwrap_or("");
        match prop.id.as_str() {
            "GM" => game = Some((first.to_string(), prop.line)),
            "PB" => info.black = first.to_string(),
            "PW" => info.white = first.to_string(),
            "RE" => info.result = first.to_string(),
            "DT" => info.date = first.to_string(),
            "RU" => info.rule = first.to_string(),
            "SZ" => {
                let (w, h) = first.split_once(':').unwrap_or((first, first));
                size = match (w.parse::<u32>(), h.parse::<u32>()) {
                    (Ok(w), Ok(h)) if w == h && (5..=25).contains(&w) => w,
                    _ => {
                        return Err(RecordError {
                            line: prop.line,
                            reason: RecordProblem::BadBoard(format!("SZ[{first}]")),
                        });
                    }
                };
            }
            "B" | "W" => {
                let expected = if moves.len() % 2 == 0 { "B" } else { "W" };
                if prop.id != expected {
                    return Err(RecordError {
                        line: prop.line,
                        reason: RecordProblem::WrongColor(moves.len() + 1),
                    });
                }
                moves.push(sgf_point(first).ok_or_else(|| RecordError {
                    line: prop.line,
                    reason: RecordProblem::Syntax(format!("{}[{first}]", prop.id)),
                })?);
                lines.push(prop.line);
            }
            "AB" | "AW" | "AE" => {
                return Err(RecordError {
                    line: prop.line,
                    reason: RecordProblem::Syntax(format!(
                        "{} (setup stones are not supported)",
                        prop.id
                    )),
                });
            }
            _ => {}
        }
    }
    match game {
        Some((g, _)) if g == "4" => {}
        Some((g, line)) => {
            return Err(RecordError {
                line,
                reason: RecordProblem::WrongGame(g),
            });
        }
        None => {
            return Err(RecordError {
                line: 1,
                reason: RecordProblem::MissingHeader("GM[4] is required".into()),
            });
        }
    }
    let size = size as u8;
    check_moves(size, &moves, &lines)?;
    Ok(Record {
        info,
        ..Record::new(size, moves)
    })
}

/// The games of a file that holds several SGF records one after another, as a match manager
/// writes them (no variations): each from its `(;` to the next one's.
pub fn split_games(text: &str) -> Vec<&str> {
    let starts: Vec<usize> = text.match_indices("(;").map(|(i, _)| i).collect();
    starts
        .iter()
        .enumerate()
        .map(|(k, &start)| &text[start..starts.get(k + 1).copied().unwrap_or(text.len())])
        .collect()
}

/// Writes an SGF record.
pub fn format(record: &Record) -> String {
    let mut out = format!("(;GM[4]FF[4]SZ[{}]", record.size);
    let info = &record.info;
    for (id, value) in [
        ("RU", &info.rule),
        ("PB", &info.black),
        ("PW", &info.white),
        ("RE", &info.result),
        ("DT", &info.date),
    ] {
        if !value.is_empty() {
            // SGF text: `]` and `\` are escaped with a backslash.
            let escaped = value.replace('\\', "\\\\").replace(']', "\\]");
            out.push_str(&format!("{id}[{escaped}]"));
        }
    }
    for (i, p) in record.moves.iter().enumerate() {
        let color = if i % 2 == 0 { 'B' } else { 'W' };
        out.push_str(&format!(
            ";{color}[{}{}]",
            char::from(b'a' + p.x),
            char::from(b'a' + p.y)
        ));
    }
    out.push_str(")\n");
    out
}

fn sgf_point(value: &str) -> Option<Point> {
    let bytes = value.as_bytes();
    match bytes {
        [x, y] if x.is_ascii_lowercase() && y.is_ascii_lowercase() => {
            Some(Point::new(x - b'a', y - b'a'))
        }
        _ => None,
    }
}

/// The properties of the main line: the nodes up to the first closing parenthesis.
fn main_line(text: &str) -> Result<Vec<Property>, RecordError> {
    let mut chars = text.chars().peekable();
    let mut line = 1;
    let mut props = vec![];
    let mut started = false;
    let mut id = String::new();
    let mut id_line = 1;
    let syntax = |line: usize, what: &str| RecordError {
        line,
        reason: RecordProblem::Syntax(what.to_string()),
    };
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            '(' if !started => started = true,
            _ if !started && c.is_whitespace() => {}
            _ if !started => {
                return Err(RecordError {
                    line,
                    reason: RecordProblem::MissingHeader("an SGF record starts with `(`".into()),
                });
            }
            // The first variation continues the main line; the first `)` ends it.
            '(' => {}
            ')' => break,
            ';' => {}
            c if c.is_ascii_uppercase() => {
                if id.is_empty() {
                    id_line = line;
                }
                id.push(c);
            }
            '[' => {
                if id.is_empty() {
                    if let Some(last) = props.last_mut() {
                        let last: &mut Property = last;
                        last.values.push(read_value(&mut chars, &mut line)?);
                        continue;
                    }
                    return Err(syntax(line, "a value without a property name"));
                }
                let value = read_value(&mut chars, &mut line)?;
                props.push(Property {
                    id: std::mem::take(&mut id),
                    values: vec![value],
                    line: id_line,
                });
            }
            c if c.is_whitespace() => {}
            other => return Err(syntax(line, &other.to_string())),
        }
    }
    if !started {
        return Err(RecordError {
            line: 1,
            reason: RecordProblem::MissingHeader("empty SGF".into()),
        });
    }
    Ok(props)
}

fn read_value(
    chars: &mut std::iter::Peekable<std::str::Chars<'_>>,
    line: &mut usize,
) -> Result<String, RecordError> {
    let start = *line;
    let mut value = String::new();
    while let Some(c) = chars.next() {
        match c {
            ']' => return Ok(value),
            '\\' => {
                if let Some(e) = chars.next() {
                    value.push(e);
                }
            }
            '\n' => {
                *line += 1;
                value.push(c);
            }
            c => value.push(c),
        }
    }
    Err(RecordError {
        line: start,
        reason: RecordProblem::Syntax("unterminated value".into()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A manager's file of two games splits into the two records, each read on its own.
    #[test]
    fn a_file_of_several_games_splits_into_its_records() {
        let text = "(;GM[4]SZ[15]RE[B+1];B[hh];W[ih])\n(;GM[4]SZ[15]RE[W+1];B[aa])\n";
        let games = split_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!(parse(games[0]).unwrap().moves.len(), 2);
        assert_eq!(parse(games[1]).unwrap().info.result, "W+1");
        assert!(split_games("no record here").is_empty());
    }
}

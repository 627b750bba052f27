//! Openings files: one opening per line, ICCS moves from the start position, then an optional
//! `# name`; blank lines and lines starting with `#` are ignored. Every move is checked against
//! the rules, so a bad line is reported with its number instead of spoiling a match.

use qipan_xiangqi::ucci::parse_move;
use qipan_xiangqi::{Move, Position};

use crate::error::ArenaError;

/// An opening: moves from the start position and a name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The opening's name (empty if the line gave none).
    pub name: String,
    /// Its moves.
    pub moves: Vec<Move>,
}

/// Parses an openings file.
pub fn parse_openings(text: &str) -> Result<Vec<Opening>, ArenaError> {
    let mut openings = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line_no = index + 1;
        let (body, name) = match line.split_once('#') {
            Some((body, name)) => (body.trim(), name.trim()),
            None => (line.trim(), ""),
        };
        if body.is_empty() {
            continue;
        }
        let mut pos = Position::startpos();
        let mut moves = Vec::new();
        for text in body.split_whitespace() {
            let bad = |detail: String| ArenaError::BadOpening {
                line: line_no,
                detail,
            };
            let m = parse_move(text).ok_or_else(|| bad(format!("`{text}` is not an ICCS move")))?;
            pos.play(m)
                .map_err(|_| bad(format!("`{text}` is illegal after {} moves", moves.len())))?;
            moves.push(m);
        }
        if pos.outcome().is_some() {
            return Err(ArenaError::BadOpening {
                line: line_no,
                detail: "the game is already over".into(),
            });
        }
        openings.push(Opening {
            name: name.to_string(),
            moves,
        });
    }
    if openings.is_empty() {
        return Err(ArenaError::NoOpenings);
    }
    Ok(openings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_openings_are_legal_and_varied() {
        let text = include_str!("../../openings/xiangqi.txt");
        let openings = parse_openings(text).expect("every shipped opening is legal");
        assert!(openings.len() >= 30, "{}", openings.len());
        assert!(
            openings
                .iter()
                .all(|o| (2..=8).contains(&o.moves.len()) && !o.name.is_empty())
        );
        let mut firsts: Vec<String> = openings.iter().map(|o| o.moves[0].to_string()).collect();
        firsts.sort();
        firsts.dedup();
        // Central cannon, pawn, elephant, horse, cross-palace cannon openings at least.
        assert!(firsts.len() >= 5, "{firsts:?}");
    }

    #[test]
    fn bad_lines_are_reported_with_their_number() {
        let err = parse_openings("h2e2 h9g7\n\nh2e2 h9h1 # no\n").expect_err("illegal");
        assert!(
            matches!(err, ArenaError::BadOpening { line: 3, .. }),
            "{err}"
        );
        assert!(matches!(
            parse_openings("# only comments\n"),
            Err(ArenaError::NoOpenings)
        ));
        assert!(parse_openings("zz99").is_err());
    }
}

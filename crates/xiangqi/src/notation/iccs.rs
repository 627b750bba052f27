//! ICCS coordinate notation: the origin and target squares, `h2e2` (also read: `H2-E2`).

use crate::moves::Move;
use crate::position::Position;
use crate::square::Square;

use super::NotationError;

/// Prints a move as ICCS, `h2e2`.
pub fn write(m: Move) -> String {
    m.to_string()
}

/// Reads an ICCS move (`h2e2`, `H2-E2`) and checks that it is legal in `pos`.
pub fn read(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let m = parse(text)?;
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(NotationError::Illegal(text.to_string()))
    }
}

/// Reads ICCS text as a move without looking at a position.
pub fn parse(text: &str) -> Result<Move, NotationError> {
    let syntax = |reason| NotationError::Syntax {
        text: text.to_string(),
        notation: "ICCS",
        reason,
    };
    let compact: String = text.trim().chars().filter(|&c| c != '-').collect();
    if compact.len() != 4 || !compact.is_ascii() {
        return Err(syntax("expected two squares such as `h2e2`"));
    }
    let from: Square = compact[..2]
        .parse()
        .map_err(|_| syntax("the origin is not a square a0-i9"))?;
    let to: Square = compact[2..]
        .parse()
        .map_err(|_| syntax("the target is not a square a0-i9"))?;
    if from == to {
        return Err(syntax("the origin and the target are the same square"));
    }
    Ok(Move::new(from, to))
}

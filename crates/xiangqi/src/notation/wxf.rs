//! WXF notation (World Xiangqi Federation): `C2=5`, `H8+7`, `R++1`.
//!
//! A move is written as the piece letter (K A E H R C P), the file it stands on counted 1–9
//! from the mover's right, the direction (`+` forward, `-` back, `=` sideways; `.` is read as
//! `=`), and the steps (straight moves) or the destination file. Two equal pieces on one file
//! are told apart by `+` (front) and `-` (rear) in place of the file: `R++1`. When a file holds
//! three or more pawns, or several files hold two or more, a pawn is named by its place from
//! the front and its file, without the letter: `15+1` (the convention of Fairy-Stockfish).
//! On input, `B` and `N` are read as `E` and `H`, the marker may also come before the letter
//! (`+R+1`), and letters may be lower case.

use crate::moves::Move;
use crate::piece::Role;
use crate::position::Position;

use super::NotationError;
use super::description::{Description, Direction, Origin, Pattern, file_number};

/// WXF letter of a role.
const fn letter(role: Role) -> char {
    match role {
        Role::King => 'K',
        Role::Advisor => 'A',
        Role::Elephant => 'E',
        Role::Horse => 'H',
        Role::Rook => 'R',
        Role::Cannon => 'C',
        Role::Pawn => 'P',
    }
}

const fn direction_char(direction: Direction) -> char {
    match direction {
        Direction::Forward => '+',
        Direction::Backward => '-',
        Direction::Sideways => '=',
    }
}

/// Prints a legal move of `pos` in WXF notation (falls back to ICCS for an empty origin).
pub fn write(pos: &Position, m: Move) -> String {
    let Some(d) = Description::of(pos, m) else {
        return m.to_string();
    };
    let file = file_number(d.color, m.from());
    let head = match d.origin {
        Origin::File(f) => format!("{}{f}", letter(d.role)),
        Origin::Tandem {
            index,
            count: 2,
            file: None,
        } => format!("{}{}", letter(d.role), if index == 0 { '+' } else { '-' }),
        Origin::Tandem { index, .. } => format!("{}{file}", index + 1),
    };
    format!("{head}{}{}", direction_char(d.direction), d.value)
}

/// Reads a WXF move and finds the legal move of `pos` it names.
pub fn read(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let syntax = |reason| NotationError::Syntax {
        text: text.to_string(),
        notation: "WXF",
        reason,
    };
    let chars: Vec<char> = text
        .trim()
        .chars()
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let [a, b, op, v] = chars[..] else {
        return Err(syntax("expected four characters such as `C2=5`"));
    };
    let mut pattern = Pattern {
        direction: Some(match op {
            '+' => Direction::Forward,
            '-' => Direction::Backward,
            '=' | '.' => Direction::Sideways,
            _ => return Err(syntax("the third character must be `+`, `-` or `=`")),
        }),
        value: v
            .to_digit(10)
            .filter(|&n| n >= 1)
            .ok_or(syntax("the last character must be a digit 1-9"))? as u8,
        ..Pattern::default()
    };
    let marker = |c: char, pattern: &mut Pattern| match c {
        '+' => {
            pattern.index = Some((0, 2, 5));
            true
        }
        '-' => {
            pattern.index = Some((0, 2, 5));
            pattern.from_rear = true;
            true
        }
        _ => false,
    };
    if let Some(role) = Role::from_char(a) {
        pattern.role = Some(role);
        if let Some(f) = b.to_digit(10).filter(|&n| n >= 1) {
            pattern.file = Some(f as u8);
        } else if !marker(b, &mut pattern) {
            return Err(syntax("after the piece letter comes a file 1-9 or `+`/`-`"));
        }
    } else if marker(a, &mut pattern) {
        pattern.role =
            Some(Role::from_char(b).ok_or(syntax("after `+`/`-` comes a piece letter"))?);
    } else if let (Some(i), Some(f)) = (a.to_digit(10), b.to_digit(10)) {
        if !(1..=5).contains(&i) || f == 0 {
            return Err(syntax("a pawn's place must be 1-5 and its file 1-9"));
        }
        pattern.role = Some(Role::Pawn);
        pattern.file = Some(f as u8);
        pattern.index = Some((i as u8 - 1, 2, 5));
    } else {
        return Err(syntax(
            "the first character must be a piece letter (KAEHRCP) or `+`/`-`",
        ));
    }
    pattern.find(pos, text)
}

//! Chinese notation: `炮二平五`, `马８进７`, `前车进一`, `中兵进一`.
//!
//! The piece, the file it stands on (Red counts files 一–九 from its right, Black １–９ from its
//! right), the direction (进 forward, 退 back, 平 sideways) and the steps or the destination
//! file. Two equal pieces on a file are named 前 (front) and 后 (rear) in place of the file;
//! three pawns 前, 中, 后; four or five pawns 一 to 五 from the front. When several files hold
//! two or more pawns, the place word is followed by the file and the piece is left out
//! (`前五进一`).
//!
//! Printed with simplified characters, Chinese numerals for Red and full-width digits for Black.
//! Read with ASCII digits for either side and traditional characters (車 馬 砲 包 俥 傌 帥 將 進
//! 後 …), but never with the other side's numerals: `马８进７` names a Black move, and for Red it
//! is refused, not read as `马八进七`.

use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::position::Position;

use super::NotationError;
use super::description::{Description, Direction, Origin, Pattern};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_NUMERALS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// A number 1–9 as written for `color`.
fn numeral(color: Color, n: u8) -> char {
    let table = match color {
        Color::Red => &RED_NUMERALS,
        Color::Black => &BLACK_NUMERALS,
    };
    table[(n.clamp(1, 9) - 1) as usize]
}

/// The place word of a piece among `count` equal pieces on a file.
fn place_word(index: u8, count: u8) -> char {
    match (count, index) {
        (2, 0) | (3, 0) => '前',
        (3, 1) => '中',
        (2, _) | (3, _) => '后',
        (_, i) => RED_NUMERALS[(i as usize).min(8)],
    }
}

/// Prints a legal move of `pos` in Chinese notation (falls back to ICCS for an empty origin).
pub fn write(pos: &Position, m: Move) -> String {
    let Some(d) = Description::of(pos, m) else {
        return m.to_string();
    };
    let piece = Piece::new(d.color, d.role).chinese();
    let mut out = String::new();
    match d.origin {
        Origin::File(f) => {
            out.push(piece);
            out.push(numeral(d.color, f));
        }
        Origin::Tandem {
            index,
            count,
            file: None,
        } => {
            out.push(place_word(index, count));
            out.push(piece);
        }
        Origin::Tandem {
            index,
            count,
            file: Some(f),
        } => {
            out.push(place_word(index, count));
            out.push(numeral(d.color, f));
        }
    }
    out.push(match d.direction {
        Direction::Forward => '进',
        Direction::Backward => '退',
        Direction::Sideways => '平',
    });
    out.push(numeral(d.color, d.value));
    out
}

/// Maps traditional and variant characters to the simplified ones used here.
fn simplify(c: char) -> char {
    match c {
        '車' | '俥' | '伡' => '车',
        '馬' | '傌' | '㐷' => '马',
        '砲' | '包' => '炮',
        '帥' => '帅',
        '將' => '将',
        '進' => '进',
        '後' => '后',
        other => other,
    }
}

/// A digit 1–9 written as ASCII, full-width or a Chinese numeral.
fn digit(c: char) -> Option<u8> {
    if let Some(n) = c.to_digit(10) {
        return (n >= 1).then_some(n as u8);
    }
    if let Some(i) = BLACK_NUMERALS.iter().position(|&x| x == c) {
        return Some(i as u8 + 1);
    }
    RED_NUMERALS
        .iter()
        .position(|&x| x == c)
        .map(|i| i as u8 + 1)
}

/// The role named by a piece character (either side's form).
fn role(c: char) -> Option<Role> {
    Some(match c {
        '帅' | '将' => Role::King,
        '仕' | '士' => Role::Advisor,
        '相' | '象' => Role::Elephant,
        '马' => Role::Horse,
        '车' => Role::Rook,
        '炮' => Role::Cannon,
        '兵' | '卒' => Role::Pawn,
        _ => return None,
    })
}

/// A place word: (index from the front, smallest count, largest count, counted from the rear).
fn place(c: char) -> Option<(u8, u8, u8, bool)> {
    match c {
        '前' => Some((0, 2, 5, false)),
        '中' => Some((1, 3, 3, false)),
        '后' => Some((0, 2, 5, true)),
        _ => None,
    }
}

/// Reads Chinese notation and finds the legal move of `pos` it names.
pub fn read(pos: &Position, text: &str) -> Result<Move, NotationError> {
    let syntax = |reason| NotationError::Syntax {
        text: text.to_string(),
        notation: "Chinese",
        reason,
    };
    let chars: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(simplify)
        .collect();
    let to_move = pos.side_to_move();
    let (theirs, written) = match to_move {
        Color::Red => (&BLACK_NUMERALS, "Black"),
        Color::Black => (&RED_NUMERALS, "Red"),
    };
    if chars.iter().any(|c| theirs.contains(c)) {
        return Err(NotationError::OtherSideNumerals {
            text: text.to_string(),
            written,
            to_move: if written == "Black" { "Red" } else { "Black" },
        });
    }
    let [a, b, op, v] = chars[..] else {
        return Err(syntax("expected four characters such as `炮二平五`"));
    };
    let mut pattern = Pattern {
        direction: Some(match op {
            '进' => Direction::Forward,
            '退' => Direction::Backward,
            '平' => Direction::Sideways,
            _ => return Err(syntax("the third character must be 进, 退 or 平")),
        }),
        value: digit(v).ok_or(syntax("the last character must be a number 1-9"))?,
        ..Pattern::default()
    };
    if let Some(r) = role(a) {
        pattern.role = Some(r);
        pattern.file = Some(digit(b).ok_or(syntax("after the piece comes its file 1-9"))?);
    } else {
        let (index, min, max, from_rear) = match place(a) {
            Some(p) => p,
            None => match digit(a).filter(|&n| n <= 5) {
                Some(n) => (n - 1, 4, 5, false),
                None => {
                    return Err(syntax(
                        "the first character must be a piece, 前, 中, 后 or a place 一-五",
                    ));
                }
            },
        };
        pattern.index = Some((index, min, max));
        pattern.from_rear = from_rear;
        if let Some(r) = role(b) {
            pattern.role = Some(r);
        } else if let Some(f) = digit(b) {
            pattern.role = Some(Role::Pawn);
            pattern.file = Some(f);
        } else {
            return Err(syntax("after the place word comes a piece or a file"));
        }
    }
    pattern.find(pos, text)
}

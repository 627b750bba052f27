//! The description of a move shared by WXF and Chinese notation.

use crate::moves::{Move, MoveList};
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Square;

use super::NotationError;

/// Which piece moves, as the notation names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Origin {
    /// The only piece of its kind on file `file` (1–9, counted from the mover's right).
    File(u8),
    /// One of two or more pieces of its kind on one file: `index` counted from the front
    /// (0 = front) among `count`. `file` is given only when the kind is a pawn and more than one
    /// file holds several pawns.
    Tandem {
        /// Place from the front, 0-based.
        index: u8,
        /// Pieces of the kind on that file.
        count: u8,
        /// The file, when needed to tell files apart.
        file: Option<u8>,
    },
}

/// Which way a piece moves, from the mover's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards the opponent (进, `+`).
    Forward,
    /// Towards the own side (退, `-`).
    Backward,
    /// Along the rank (平, `=`).
    Sideways,
}

/// A move as WXF and Chinese notation describe it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Description {
    /// The side that moves.
    pub color: Color,
    /// The kind of piece.
    pub role: Role,
    /// Which piece of that kind, as written.
    pub origin: Origin,
    /// Its place among the pieces of its kind on its file, `(index from the front, count)`,
    /// when there are two or more — also where it is written by the file (advisors and
    /// elephants), so that the front/rear form can still be read.
    pub place: Option<(u8, u8)>,
    /// Which way it goes.
    pub direction: Direction,
    /// Steps for a straight move along the file (general, rook, cannon, pawn), otherwise the
    /// destination file (1–9 from the mover's right).
    pub value: u8,
}

/// File number 1–9 from `color`'s right.
pub(crate) fn file_number(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => 9 - sq.file(),
        Color::Black => sq.file() + 1,
    }
}

/// How far forward a square is for `color` (rank as seen from its side).
fn depth(color: Color, sq: Square) -> u8 {
    match color {
        Color::Red => sq.rank(),
        Color::Black => 9 - sq.rank(),
    }
}

/// Pieces of `color` and `role` on the file of `sq`, front first.
fn same_file(pos: &Position, color: Color, role: Role, file: u8) -> Vec<Square> {
    let mut squares: Vec<Square> = pos
        .pieces(color)
        .filter(|(s, p)| p.role == role && s.file() == file)
        .map(|(s, _)| s)
        .collect();
    squares.sort_by_key(|&s| std::cmp::Reverse(depth(color, s)));
    squares
}

impl Description {
    /// Describes a legal move of `pos`. `None` when the origin square is empty.
    pub fn of(pos: &Position, m: Move) -> Option<Description> {
        let piece = pos.piece_at(m.from())?;
        let (color, role) = (piece.color, piece.role);
        let (from, to) = (m.from(), m.to());
        let on_file = same_file(pos, color, role, from.file());
        // Two advisors or elephants on one file are named by the file, not front and rear: the
        // direction already tells them apart (one can only go forward, the other only back to
        // the same point), as Chinese records and the WXF notation write them (`仕四进五`,
        // `A6+5`; "seldom is the notation represented as A-+5", xqinenglish.com's notation
        // guide). Reading accepts both.
        let by_file = matches!(role, Role::Advisor | Role::Elephant);
        let place = (on_file.len() >= 2).then(|| {
            let index = on_file.iter().position(|&s| s == from).unwrap_or(0) as u8;
            (index, on_file.len() as u8)
        });
        let origin = match place {
            Some((index, count)) if !by_file => {
                let several_files = role == Role::Pawn
                    && (0..9)
                        .any(|f| f != from.file() && same_file(pos, color, role, f).len() >= 2);
                Origin::Tandem {
                    index,
                    count,
                    file: several_files.then(|| file_number(color, from)),
                }
            }
            _ => Origin::File(file_number(color, from)),
        };
        let (d_from, d_to) = (depth(color, from), depth(color, to));
        let direction = if d_to > d_from {
            Direction::Forward
        } else if d_to < d_from {
            Direction::Backward
        } else {
            Direction::Sideways
        };
        let straight = matches!(role, Role::King | Role::Rook | Role::Cannon | Role::Pawn);
        let value = if straight && direction != Direction::Sideways {
            d_from.abs_diff(d_to)
        } else {
            file_number(color, to)
        };
        Some(Description {
            color,
            role,
            origin,
            place,
            direction,
            value,
        })
    }
}

/// A description read from text, with the parts the text may leave open.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Pattern {
    /// The kind of piece, if named.
    pub(crate) role: Option<Role>,
    /// The file the piece stands on, if named.
    pub(crate) file: Option<u8>,
    /// The place from the front among equal pieces on a file (0-based), with the smallest and
    /// largest number of such pieces the text allows (front/rear: 2 or more; middle: exactly 3).
    pub(crate) index: Option<(u8, u8, u8)>,
    /// Place counted from the rear (for 后 / `-` with more than two pieces).
    pub(crate) from_rear: bool,
    /// The direction.
    pub(crate) direction: Option<Direction>,
    /// The number after the direction.
    pub(crate) value: u8,
}

impl Pattern {
    fn matches(&self, d: &Description, file: u8) -> bool {
        if self.role.is_some_and(|r| r != d.role) || self.file.is_some_and(|f| f != file) {
            return false;
        }
        if self.direction != Some(d.direction) || self.value != d.value {
            return false;
        }
        match (self.index, d.place) {
            (None, _) => true,
            (Some(_), None) => false,
            (Some((index, min, max)), Some((i, count))) => {
                let wanted = if self.from_rear {
                    count.checked_sub(1 + index)
                } else {
                    Some(index)
                };
                (min..=max).contains(&count) && wanted == Some(i)
            }
        }
    }

    /// The one legal move of `pos` that matches, or why there is none.
    pub(crate) fn find(&self, pos: &Position, text: &str) -> Result<Move, NotationError> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        let mut found = None;
        for &m in moves.iter() {
            let Some(d) = Description::of(pos, m) else {
                continue;
            };
            if self.matches(&d, file_number(d.color, m.from())) {
                if found.is_some() {
                    return Err(NotationError::Ambiguous(text.to_string()));
                }
                found = Some(m);
            }
        }
        found.ok_or_else(|| NotationError::Illegal(text.to_string()))
    }
}

//! Move notations, both ways: [`iccs`] (`h2e2`), [`wxf`] (`C2=5`) and [`chinese`] (`炮二平五`).
//!
//! WXF and Chinese notation describe a move the same way (see [`Description`]): the piece, the
//! file it stands on counted from the mover's right (or its place among equal pieces on that
//! file), a direction (forward, back, sideways) and a number (steps, or the destination file).
//! Parsing turns text into a partial description and accepts it when exactly one legal move
//! matches, so both the canonical form and unambiguous variants are read.

pub mod chinese;
mod description;
pub mod iccs;
pub mod wxf;

pub use description::{Description, Direction, Origin};

use thiserror::Error;

/// Why notation text could not be read as a move of the position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NotationError {
    /// The text does not have the shape of the notation.
    #[error("`{text}` is not {notation} notation: {reason}")]
    Syntax {
        /// The text.
        text: String,
        /// The notation name.
        notation: &'static str,
        /// What is wrong.
        reason: &'static str,
    },
    /// The text is well formed but no legal move matches it.
    #[error("`{0}` is not a legal move in this position")]
    Illegal(String),
    /// Chinese notation written with the other side's numerals: Red's moves count files with
    /// Chinese numerals (一–九), Black's with full-width digits (１–９), so `马８进７` is a Black
    /// move and is refused for Red rather than read as `马八进七`.
    #[error(
        "`{text}` is written with {written}'s numerals, but it is {to_move}'s move (Red writes 一–九, Black １–９)"
    )]
    OtherSideNumerals {
        /// The text.
        text: String,
        /// Whose numerals it uses.
        written: &'static str,
        /// The side to move.
        to_move: &'static str,
    },
    /// The text matches more than one legal move.
    #[error(
        "`{0}` is ambiguous here: more than one legal move matches (name the front or rear piece)"
    )]
    Ambiguous(String),
}

impl NotationError {
    /// A stable machine-readable code: `notation_syntax`, `other_side_numerals`, `illegal_move`
    /// or `ambiguous_move`.
    pub fn code(&self) -> &'static str {
        match self {
            NotationError::Syntax { .. } => "notation_syntax",
            NotationError::OtherSideNumerals { .. } => "other_side_numerals",
            NotationError::Illegal(_) => "illegal_move",
            NotationError::Ambiguous(_) => "ambiguous_move",
        }
    }
}

/// Which notation to print or read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates, `h2e2`.
    Iccs,
    /// World Xiangqi Federation notation, `C2=5`.
    Wxf,
    /// Chinese notation, `炮二平五`.
    Chinese,
}

impl Notation {
    /// The name used in PGN `[Format]` tags: `ICCS`, `WXF`, `Chinese`.
    pub const fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
        }
    }

    /// The notation for a PGN `[Format]` tag value (case-insensitive).
    pub fn from_name(name: &str) -> Option<Notation> {
        [Notation::Iccs, Notation::Wxf, Notation::Chinese]
            .into_iter()
            .find(|n| n.name().eq_ignore_ascii_case(name))
    }

    /// Prints a legal move of `pos`.
    pub fn write(self, pos: &crate::Position, m: crate::Move) -> String {
        match self {
            Notation::Iccs => iccs::write(m),
            Notation::Wxf => wxf::write(pos, m),
            Notation::Chinese => chinese::write(pos, m),
        }
    }

    /// Reads a legal move of `pos`.
    pub fn read(self, pos: &crate::Position, text: &str) -> Result<crate::Move, NotationError> {
        match self {
            Notation::Iccs => iccs::read(pos, text),
            Notation::Wxf => wxf::read(pos, text),
            Notation::Chinese => chinese::read(pos, text),
        }
    }
}

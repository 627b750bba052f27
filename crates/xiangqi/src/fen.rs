//! FEN as UCCI engines write it: `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`.
//!
//! Fields: the board from Black's back rank (rank 9) down to Red's (rank 0), files a–i left to
//! right; the side to move (`w` or `r` for Red, `b` for Black); two unused fields (`-`); the
//! plies since the last capture; the move number. Only the first two fields are required.

use thiserror::Error;

use crate::piece::{Color, Piece};
use crate::position::{Position, PositionError};
use crate::square::Square;

/// The initial position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// What is wrong with a FEN string.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// The text is empty.
    #[error("FEN is empty")]
    Empty,
    /// The board field does not have ten ranks.
    #[error("FEN board field has {0} ranks separated by '/', expected 10")]
    RankCount(usize),
    /// A character of the board field is neither a piece letter nor a digit 1-9.
    #[error(
        "FEN board field, rank {rank}: `{ch}` is not a piece letter (KABNRCP, kabnrcp) or a digit 1-9"
    )]
    BadChar {
        /// The rank (9 = the first one written).
        rank: u8,
        /// The character.
        ch: char,
    },
    /// A rank of the board field does not describe exactly nine files.
    #[error("FEN board field, rank {rank}: describes {files} files, expected 9")]
    RankWidth {
        /// The rank (9 = the first one written).
        rank: u8,
        /// How many files it describes.
        files: usize,
    },
    /// The side-to-move field is missing.
    #[error("FEN has no side-to-move field (expected `w` or `b` after the board)")]
    MissingSide,
    /// The side-to-move field is not `w`, `r` or `b`.
    #[error("FEN side-to-move field is `{0}`, expected `w` (or `r`) for Red or `b` for Black")]
    BadSide(String),
    /// Field 3 or 4 (castling, en passant in chess) is not `-`.
    #[error("FEN field {field} is `{text}`, expected `-` (Xiangqi has no castling or en passant)")]
    BadPlaceholder {
        /// The field number (1-based).
        field: usize,
        /// Its text.
        text: String,
    },
    /// A move counter is not a number.
    #[error("FEN field {field} is `{text}`, expected a non-negative number")]
    BadNumber {
        /// The field number (1-based).
        field: usize,
        /// Its text.
        text: String,
    },
    /// More than six fields.
    #[error("FEN has {0} fields, at most 6 are allowed")]
    TooManyFields(usize),
    /// The pieces do not form a position that can arise in a game.
    #[error("impossible position: {0}")]
    Impossible(#[from] PositionError),
}

impl FenError {
    /// A stable machine-readable code, e.g. `"fen_bad_char"` (for translation by a UI).
    pub fn code(&self) -> &'static str {
        match self {
            FenError::Empty => "fen_empty",
            FenError::RankCount(_) => "fen_rank_count",
            FenError::BadChar { .. } => "fen_bad_char",
            FenError::RankWidth { .. } => "fen_rank_width",
            FenError::MissingSide => "fen_missing_side",
            FenError::BadSide(_) => "fen_bad_side",
            FenError::BadPlaceholder { .. } => "fen_bad_placeholder",
            FenError::BadNumber { .. } => "fen_bad_number",
            FenError::TooManyFields(_) => "fen_too_many_fields",
            FenError::Impossible(reason) => reason.code(),
        }
    }
}

impl Position {
    /// Parses a FEN string (see the module docs).
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let Some(board) = fields.first() else {
            return Err(FenError::Empty);
        };
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let pieces = parse_board(board)?;
        let side = match fields.get(1).copied() {
            None => return Err(FenError::MissingSide),
            Some("w" | "r" | "W" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(FenError::BadSide(other.to_string())),
        };
        for field in [3, 4] {
            if let Some(&text) = fields.get(field - 1)
                && text != "-"
            {
                return Err(FenError::BadPlaceholder {
                    field,
                    text: text.to_string(),
                });
            }
        }
        let number = |field: usize, default: u32| match fields.get(field - 1) {
            None => Ok(default),
            Some(text) => text.parse::<u32>().map_err(|_| FenError::BadNumber {
                field,
                text: text.to_string(),
            }),
        };
        let halfmove = number(5, 0)?;
        let fullmove = number(6, 1)?;
        Ok(Position::from_pieces(pieces, side, halfmove, fullmove)?)
    }

    /// The position as FEN, with all six fields.
    pub fn to_fen(&self) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..9 {
                match Square::new(file, rank).and_then(|sq| self.piece_at(sq)) {
                    Some(piece) => {
                        if empty > 0 {
                            out.push(char::from(b'0' + empty));
                            empty = 0;
                        }
                        out.push(piece.fen_char());
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = match self.side_to_move() {
            Color::Red => 'w',
            Color::Black => 'b',
        };
        out.push_str(&format!(
            " {side} - - {} {}",
            self.halfmove_clock(),
            self.fullmove_number()
        ));
        out
    }
}

/// Reads the board field into pieces.
fn parse_board(board: &str) -> Result<Vec<(Square, Piece)>, FenError> {
    let ranks: Vec<&str> = board.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut pieces = Vec::with_capacity(32);
    for (row, text) in ranks.iter().enumerate() {
        let rank = 9 - row as u8;
        let mut file = 0usize;
        for ch in text.chars() {
            if let Some(n) = ch.to_digit(10).filter(|n| (1..=9).contains(n)) {
                file += n as usize;
            } else if let Some(piece) = Piece::from_fen_char(ch) {
                if let Some(sq) = Square::new(file as u8, rank) {
                    pieces.push((sq, piece));
                }
                file += 1;
            } else {
                return Err(FenError::BadChar { rank, ch });
            }
        }
        if file != 9 {
            return Err(FenError::RankWidth { rank, files: file });
        }
    }
    Ok(pieces)
}

//! Game records as the PGN that Xiangqi tools exchange (XQ PGN, as written by e.g. XQStudio
//! and 象棋桥): the tag `[Game "Chinese Chess"]`, the start position in `[FEN]` when it is not the
//! initial one, the move notation in `[Format]` (`ICCS`, `WXF` or `Chinese`), and numbered
//! moves.
//!
//! ```text
//! [Game "Chinese Chess"]
//! [Event "Club match"]
//! [Date "2026.11.29"]
//! [Red "Hu"]
//! [Black "Xu"]
//! [Result "1-0"]
//! [Format "ICCS"]
//!
//! 1. h2e2 h9g7 2. h0g2 i9h9 1-0
//! ```

use std::fmt::Write as _;

use thiserror::Error;

use crate::fen::FenError;
use crate::moves::Move;
use crate::notation::{Notation, NotationError};
use crate::position::Position;

/// The result of a game as PGN writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`.
    RedWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: not finished or unknown.
    #[default]
    Unknown,
}

impl GameResult {
    /// The PGN token.
    pub const fn pgn(self) -> &'static str {
        match self {
            GameResult::RedWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// Reads a PGN result token.
    pub fn from_pgn(token: &str) -> Option<GameResult> {
        Some(match token {
            "1-0" => GameResult::RedWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::Unknown,
            _ => return None,
        })
    }
}

impl From<Option<crate::Outcome>> for GameResult {
    fn from(outcome: Option<crate::Outcome>) -> GameResult {
        match outcome.map(|o| o.winner) {
            None => GameResult::Unknown,
            Some(Some(crate::Color::Red)) => GameResult::RedWins,
            Some(Some(crate::Color::Black)) => GameResult::BlackWins,
            Some(None) => GameResult::Draw,
        }
    }
}

/// A recorded game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameRecord {
    /// The event (`[Event]`), empty if unknown.
    pub event: String,
    /// The date as PGN writes it, `YYYY.MM.DD` (`[Date]`), empty if unknown.
    pub date: String,
    /// Red's player (`[Red]`).
    pub red: String,
    /// Black's player (`[Black]`).
    pub black: String,
    /// The result (`[Result]`).
    pub result: GameResult,
    /// The start position as FEN (`[FEN]`); empty means the initial position.
    pub start_fen: String,
    /// The moves, in order.
    pub moves: Vec<Move>,
    /// Any other tags, in the order read.
    pub other_tags: Vec<(String, String)>,
    /// A comment written after each move (`{+0.35}`), by index; a missing or empty one is not
    /// written. Comments are not read back (reading skips them).
    pub comments: Vec<String>,
}

/// What is wrong with a PGN text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A tag line is not `[Name "value"]`.
    #[error("PGN line {line}: malformed tag `{text}` (expected [Name \"value\"])")]
    BadTag {
        /// 1-based line number.
        line: usize,
        /// The line.
        text: String,
    },
    /// The `[FEN]` tag does not hold a valid position.
    #[error("PGN [FEN] tag: {0}")]
    Fen(#[from] FenError),
    /// The `[Format]` tag names an unknown notation.
    #[error("PGN [Format] tag `{0}` is not ICCS, WXF or Chinese")]
    BadFormat(String),
    /// The `[Result]` tag or the final token is not a result.
    #[error("PGN result `{0}` is not 1-0, 0-1, 1/2-1/2 or *")]
    BadResult(String),
    /// A move cannot be read or is illegal.
    #[error("PGN move {at} `{text}`: {error}")]
    BadMove {
        /// 1-based ply number.
        ply: usize,
        /// Where it stands as a PGN move number: `12.` for Red's move, `12...` for Black's.
        at: String,
        /// The move text.
        text: String,
        /// Why it was refused.
        error: NotationError,
    },
    /// A `{` comment or `(` variation is not closed.
    #[error("PGN move text: unclosed `{0}`")]
    Unclosed(char),
}

impl RecordError {
    /// A stable machine-readable code, e.g. `"pgn_bad_move"` (for translation by a UI).
    pub fn code(&self) -> &'static str {
        match self {
            RecordError::BadTag { .. } => "pgn_bad_tag",
            RecordError::Fen(_) => "pgn_bad_fen",
            RecordError::BadFormat(_) => "pgn_bad_format",
            RecordError::BadResult(_) => "pgn_bad_result",
            RecordError::BadMove { .. } => "pgn_bad_move",
            RecordError::Unclosed(_) => "pgn_unclosed",
        }
    }
}

impl GameRecord {
    /// The position the game starts from.
    pub fn start_position(&self) -> Result<Position, FenError> {
        if self.start_fen.is_empty() {
            Ok(Position::startpos())
        } else {
            Position::from_fen(&self.start_fen)
        }
    }

    /// The position after all moves (checking each for legality).
    pub fn final_position(&self) -> Result<Position, RecordError> {
        let mut pos = self.start_position()?;
        for (i, &m) in self.moves.iter().enumerate() {
            pos.play(m).map_err(|_| RecordError::BadMove {
                ply: i + 1,
                at: move_label(&pos),
                text: m.to_string(),
                error: NotationError::Illegal(m.to_string()),
            })?;
        }
        Ok(pos)
    }

    /// Writes the game as PGN with moves in `notation`.
    pub fn to_pgn(&self, notation: Notation) -> Result<String, RecordError> {
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = writeln!(out, "[{name} \"{escaped}\"]");
        };
        tag("Game", "Chinese Chess");
        tag("Event", &self.event);
        tag("Date", &self.date);
        tag("Red", &self.red);
        tag("Black", &self.black);
        tag("Result", self.result.pgn());
        for (name, value) in &self.other_tags {
            tag(name, value);
        }
        if !self.start_fen.is_empty() {
            tag("FEN", &self.start_fen);
        }
        tag("Format", notation.name());
        out.push('\n');
        let mut pos = self.start_position()?;
        let mut line = String::new();
        for (i, &m) in self.moves.iter().enumerate() {
            if !pos.is_legal(m) {
                return Err(RecordError::BadMove {
                    ply: i + 1,
                    at: move_label(&pos),
                    text: m.to_string(),
                    error: NotationError::Illegal(m.to_string()),
                });
            }
            let number = pos.fullmove_number();
            let token = notation.write(&pos, m);
            let mut piece = match (i, pos.side_to_move()) {
                (_, crate::Color::Red) => format!("{number}. {token}"),
                (0, crate::Color::Black) => format!("{number}... {token}"),
                // After a comment, Black's move is numbered again (`12... 马８进７`).
                _ if self.comments.get(i - 1).is_some_and(|c| !c.is_empty()) => {
                    format!("{number}... {token}")
                }
                _ => token,
            };
            if let Some(comment) = self.comments.get(i).filter(|c| !c.is_empty()) {
                let _ = write!(piece, " {{{}}}", comment.replace('}', ")"));
            }
            if !line.is_empty() && line.chars().count() + piece.chars().count() > 78 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&piece);
            pos.make(m);
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(self.result.pgn());
        out.push_str(&line);
        out.push('\n');
        Ok(out)
    }

    /// Reads one game from PGN. Moves are read in the notation of the `[Format]` tag, or, when
    /// there is none, each in whichever of ICCS, WXF or Chinese reads it.
    pub fn from_pgn(text: &str) -> Result<GameRecord, RecordError> {
        let mut record = GameRecord::default();
        let mut format = None;
        let mut movetext = String::new();
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.starts_with('[') && movetext.trim().is_empty() {
                let (name, value) = parse_tag(line).ok_or_else(|| RecordError::BadTag {
                    line: index + 1,
                    text: line.to_string(),
                })?;
                match name.as_str() {
                    "Game" => {}
                    "Event" => record.event = value,
                    "Date" => record.date = value,
                    "Red" => record.red = value,
                    "Black" => record.black = value,
                    "Result" => {
                        record.result =
                            GameResult::from_pgn(&value).ok_or(RecordError::BadResult(value))?;
                    }
                    "FEN" => {
                        Position::from_fen(&value)?;
                        record.start_fen = value;
                    }
                    "Format" => {
                        format =
                            Some(Notation::from_name(&value).ok_or(RecordError::BadFormat(value))?);
                    }
                    _ => record.other_tags.push((name, value)),
                }
            } else {
                movetext.push_str(line);
                movetext.push('\n');
            }
        }
        let mut pos = record.start_position()?;
        for token in tokens(&movetext)? {
            // The game termination marker ends the move text (PGN standard, 8.2.6): what
            // follows belongs to no move of this game (cchess writes a `=========` rule there).
            if let Some(result) = GameResult::from_pgn(&token) {
                record.result = result;
                break;
            }
            let ply = record.moves.len() + 1;
            let m = read_move(&pos, &token, format).map_err(|error| RecordError::BadMove {
                ply,
                at: move_label(&pos),
                text: token.clone(),
                error,
            })?;
            pos.make(m);
            record.moves.push(m);
        }
        Ok(record)
    }
}

/// The PGN move number of the move to play in `pos`: `12.` when Red is to move, `12...` for Black.
fn move_label(pos: &Position) -> String {
    let dots = if pos.side_to_move() == crate::piece::Color::Red {
        "."
    } else {
        "..."
    };
    format!("{}{dots}", pos.fullmove_number())
}

/// Reads `[Name "value"]`.
fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next()?);
        } else {
            value.push(c);
        }
    }
    Some((name.to_string(), value))
}

/// The move and result tokens of the move text, without comments, variations and numbers.
fn tokens(movetext: &str) -> Result<Vec<String>, RecordError> {
    let mut clean = String::new();
    let mut depth_comment = false;
    let mut depth_variation = 0usize;
    for c in movetext.chars() {
        match c {
            '{' if !depth_comment => depth_comment = true,
            '}' if depth_comment => depth_comment = false,
            _ if depth_comment => {}
            '(' => depth_variation += 1,
            ')' if depth_variation > 0 => depth_variation -= 1,
            _ if depth_variation > 0 => {}
            _ => clean.push(c),
        }
    }
    if depth_comment {
        return Err(RecordError::Unclosed('{'));
    }
    if depth_variation > 0 {
        return Err(RecordError::Unclosed('('));
    }
    Ok(clean
        .split_whitespace()
        .map(strip_move_number)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect())
}

/// Removes a leading move number (`12.`, `12...`) from a token. A WXF pawn move such as `15.4`
/// (place, file, `.`, file) is left alone: a move number is never followed by a lone digit.
fn strip_move_number(token: &str) -> &str {
    let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    let rest = token[digits..].trim_start_matches('.');
    let dots = token.len() - digits - rest.len();
    if digits == 0 || dots == 0 || rest.len() == 1 {
        token
    } else {
        rest
    }
}

/// Reads one move token in the given notation, or in any notation that reads it.
fn read_move(pos: &Position, token: &str, format: Option<Notation>) -> Result<Move, NotationError> {
    if let Some(notation) = format {
        return notation.read(pos, token);
    }
    let mut first_error = None;
    for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
        match notation.read(pos, token) {
            Ok(m) => return Ok(m),
            Err(
                e @ (NotationError::Illegal(_)
                | NotationError::Ambiguous(_)
                | NotationError::OtherSideNumerals { .. }),
            ) => return Err(e),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| NotationError::Illegal(token.to_string())))
}

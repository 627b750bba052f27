//! The saved state of a Xiangqi game: the start position, the moves in ICCS, who plays, undos and
//! the ending. Self-describing, so that a game resumes after a restart by replaying its moves.

use qipan_xiangqi::{Color, EndReason, Move, Outcome, Position, Role, Square};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::api::rematch::Rematch;
use crate::api::saved::SavedState;
use crate::api::timed::{Forfeit, Timed};
use crate::error::ApiError;
use crate::store::GameKind;

/// A side, as JSON writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    Red,
    Black,
}

impl Side {
    /// The seat of this side in the saved game.
    pub fn seat(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Black => "black",
        }
    }

    /// The side of a seat (`black`, else Red).
    pub fn from_seat(seat: Option<&str>) -> Side {
        if seat == Some("black") {
            Side::Black
        } else {
            Side::Red
        }
    }

    /// The other side.
    pub fn opposite(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }
}

impl From<Color> for Side {
    fn from(color: Color) -> Self {
        match color {
            Color::Red => Side::Red,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(side: Side) -> Self {
        match side {
            Side::Red => Color::Red,
            Side::Black => Color::Black,
        }
    }
}

/// Who plays: two people at one screen, or a person against the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    Pvp,
    Engine,
}

impl Mode {
    /// The name stored in the games list.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Pvp => "pvp",
            Mode::Engine => "engine",
        }
    }
}

/// How a game ended: the winner (none for a draw) and a stable reason code (`checkmate`,
/// `stalemate`, `perpetual_check`, `repetition`, `move_limit`, `insufficient_material`,
/// `resignation`, `agreement`, `time`, `time_vs_insufficient`, `abandonment`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    pub winner: Option<Side>,
    pub reason: String,
}

impl Ending {
    /// The ending the rules declare.
    pub fn from_outcome(outcome: Outcome) -> Ending {
        Ending {
            winner: outcome.winner.map(Side::from),
            reason: outcome.reason.code().to_owned(),
        }
    }

    /// Whether the board decided it (so that an undo may reopen the game), rather than a
    /// resignation or an agreed draw.
    pub fn decided_on_board(&self) -> bool {
        [
            EndReason::Checkmate,
            EndReason::Stalemate,
            EndReason::PerpetualCheck,
            EndReason::Repetition,
            EndReason::MoveLimit,
            EndReason::InsufficientMaterial,
        ]
        .iter()
        .any(|r| r.code() == self.reason)
    }

    /// The result as the store keeps it.
    pub fn to_json(&self) -> Value {
        json!({ "winner": self.winner, "reason": self.reason })
    }
}

/// Undos taken by each side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Undos {
    pub red: u32,
    pub black: u32,
}

impl Undos {
    /// Counts one undo for a side.
    pub fn count(&mut self, side: Side) {
        match side {
            Side::Red => self.red += 1,
            Side::Black => self.black += 1,
        }
    }
}

/// Everything saved about one game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// The start position.
    pub start_fen: String,
    /// The moves played, in ICCS (`h2e2`).
    pub moves: Vec<String>,
    pub mode: Mode,
    /// The engine's side in engine mode.
    #[serde(default)]
    pub engine_side: Option<Side>,
    /// The engine's level, 1–10.
    #[serde(default = "default_level")]
    pub level: u8,
    #[serde(default)]
    pub undos: Undos,
    /// A draw offered by this side and not yet answered (people only).
    #[serde(default)]
    pub draw_offer: Option<Side>,
    /// A take-back asked for by this side and not yet answered (between two players).
    #[serde(default)]
    pub takeback_offer: Option<Side>,
    #[serde(default)]
    pub ending: Option<Ending>,
    /// The players, event and date of an imported record (shown beside the board, exported
    /// again); absent for games played here.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tags: Option<RecordTags>,
    /// The engine's evaluations of the game's positions (game review), as far as computed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub review: Option<super::review::Review>,
}

/// What a PGN record says of a game besides its moves.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordTags {
    /// `[Red]`, the Red player's name.
    #[serde(default)]
    pub red: String,
    /// `[Black]`.
    #[serde(default)]
    pub black: String,
    /// `[Event]`.
    #[serde(default)]
    pub event: String,
    /// `[Date]`, as written (`1960.01.01`).
    #[serde(default)]
    pub date: String,
}

fn default_level() -> u8 {
    5
}

/// Reads a move in ICCS coordinates (`h2e2`), legal or not.
pub fn parse_iccs(text: &str) -> Option<Move> {
    if text.len() != 4 || !text.is_ascii() {
        return None;
    }
    let from: Square = text[..2].parse().ok()?;
    let to: Square = text[2..].parse().ok()?;
    Some(Move::new(from, to))
}

impl SavedState for GameState {
    const KIND: GameKind = GameKind::Xiangqi;
    const NAME: &'static str = "xiangqi";
}

impl Rematch for GameState {
    fn rematch(&self) -> Self {
        GameState {
            start_fen: self.start_fen.clone(),
            moves: Vec::new(),
            mode: self.mode,
            engine_side: self.engine_side,
            level: self.level,
            undos: Undos::default(),
            draw_offer: None,
            takeback_offer: None,
            ending: None,
            tags: None,
            review: None,
        }
    }
}

impl Timed for GameState {
    fn clock_seat(&self) -> Result<Option<&'static str>, ApiError> {
        if self.ending.is_some() {
            return Ok(None);
        }
        Ok(Some(Side::from(self.position()?.side_to_move()).seat()))
    }

    fn forfeit(&mut self, seat: &str, why: Forfeit) -> Result<Value, ApiError> {
        let winner = Side::from_seat(Some(seat)).opposite();
        let ending = match why {
            Forfeit::Abandonment => Ending {
                winner: Some(winner),
                reason: "abandonment".to_owned(),
            },
            Forfeit::Time if self.can_mate(winner)? => Ending {
                winner: Some(winner),
                reason: "time".to_owned(),
            },
            Forfeit::Time => Ending {
                winner: None,
                reason: "time_vs_insufficient".to_owned(),
            },
        };
        let result = ending.to_json();
        self.ending = Some(ending);
        self.draw_offer = None;
        self.takeback_offer = None;
        Ok(result)
    }
}

impl GameState {
    /// The start position.
    pub fn start_position(&self) -> Result<Position, ApiError> {
        Position::from_fen(&self.start_fen)
            .map_err(|e| ApiError::internal(format!("saved start FEN is damaged: {e}")))
    }

    /// The current position with its history (for repetitions), replaying every saved move.
    pub fn position(&self) -> Result<Position, ApiError> {
        self.position_after(self.moves.len())
    }

    /// The position after the first `plies` saved moves (at most all of them), with its history.
    pub fn position_after(&self, plies: usize) -> Result<Position, ApiError> {
        let mut pos = self.start_position()?;
        for (ply, text) in self.moves.iter().take(plies).enumerate() {
            let m = parse_iccs(text)
                .filter(|&m| pos.is_legal(m))
                .ok_or_else(|| {
                    ApiError::internal(format!("saved move {} `{text}` is not legal", ply + 1))
                })?;
            pos.make(m);
        }
        Ok(pos)
    }

    /// Whether `side` still has a piece that can cross the river (only those ever give mate).
    fn can_mate(&self, side: Side) -> Result<bool, ApiError> {
        let pos = self.position()?;
        Ok(Role::ALL
            .iter()
            .any(|&role| role.can_cross_river() && pos.count(side.into(), role) > 0))
    }

    /// Whether it is the engine's turn in `pos`.
    pub fn engine_to_move(&self, pos: &Position) -> bool {
        self.mode == Mode::Engine && self.engine_side == Some(pos.side_to_move().into())
    }
}

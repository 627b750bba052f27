//! The game as the page sees it: the position, the record in three notations with the position
//! after each move, the legal moves by starting point, and the ending.

use std::collections::BTreeMap;

use qipan_xiangqi::{Move, MoveList, Notation, Position};
use serde::Serialize;

use super::engine::EngineInfo;
use super::state::{Ending, GameState, Mode, RecordTags, Side, Undos};
use crate::clock::ClockView;
use crate::error::ApiError;
use crate::store::{GameStatus, RematchLink, SavedGame, Seat};
use crate::time::now_ms;

/// One move of the record.
#[derive(Debug, Serialize)]
pub struct MoveView {
    pub iccs: String,
    pub wxf: String,
    pub chinese: String,
    /// The move number (both sides' moves share one).
    pub number: u32,
    pub side: Side,
    pub capture: bool,
    /// Whether the move gives check.
    pub check: bool,
    /// The position after the move.
    pub fen: String,
}

impl MoveView {
    /// Plays the legal move `m` in `pos` and describes it.
    pub fn play(pos: &mut Position, m: Move) -> MoveView {
        let number = pos.fullmove_number();
        let side = pos.side_to_move().into();
        let capture = pos.is_capture(m);
        let wxf = Notation::Wxf.write(pos, m);
        let chinese = Notation::Chinese.write(pos, m);
        pos.make(m);
        MoveView {
            iccs: m.to_string(),
            wxf,
            chinese,
            number,
            side,
            capture,
            check: pos.in_check(),
            fen: pos.to_fen(),
        }
    }
}

/// The legal destinations of `pos` by starting point (`"h2": ["e2", ...]`).
pub fn legal_by_square(pos: &Position) -> BTreeMap<String, Vec<String>> {
    let mut legal: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    for m in list.iter() {
        legal
            .entry(m.from().to_string())
            .or_default()
            .push(m.to().to_string());
    }
    legal
}

/// What the page draws.
#[derive(Debug, Serialize)]
pub struct GameView {
    pub id: i64,
    /// Send it back with every action; a stale one gets 409.
    pub revision: i64,
    pub status: GameStatus,
    pub mode: Mode,
    pub variant: String,
    pub engine_side: Option<Side>,
    pub level: u8,
    pub start_fen: String,
    pub fen: String,
    pub side_to_move: Side,
    pub in_check: bool,
    pub moves: Vec<MoveView>,
    /// Legal destinations by starting point (`"h2": ["e2", ...]`); empty once the game is over.
    pub legal: BTreeMap<String, Vec<String>>,
    pub ending: Option<Ending>,
    /// An imported record's players, event and date.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tags: Option<RecordTags>,
    /// The game review, as far as computed (valid while `moves` equals the game's move count).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review: Option<super::review::Review>,
    pub undos: Undos,
    pub draw_offer: Option<Side>,
    pub takeback_offer: Option<Side>,
    pub created_at: String,
    pub updated_at: String,
    /// Who holds each seat (a player's id, the engine, or open).
    pub seats: Vec<Seat>,
    /// The clock of a timed game, as it stands now.
    pub clock: Option<ClockView>,
    /// The rematch offered or started after this game.
    pub rematch: Option<RematchLink>,
    /// What the engine saw when it chose its last move (only in the answer to that request).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineInfo>,
}

impl GameView {
    /// The view of a saved game.
    pub fn new(game: &SavedGame, state: &GameState) -> Result<GameView, ApiError> {
        let mut pos = state.start_position()?;
        let mut moves = Vec::with_capacity(state.moves.len());
        for text in &state.moves {
            let m = super::state::parse_iccs(text)
                .filter(|&m| pos.is_legal(m))
                .ok_or_else(|| ApiError::internal(format!("saved move `{text}` is not legal")))?;
            moves.push(MoveView::play(&mut pos, m));
        }
        let legal = if game.status == GameStatus::Ongoing {
            legal_by_square(&pos)
        } else {
            BTreeMap::new()
        };
        Ok(GameView {
            id: game.id,
            revision: game.revision(),
            status: game.status,
            mode: state.mode,
            variant: game.variant.clone(),
            engine_side: state.engine_side,
            level: state.level,
            start_fen: state.start_fen.clone(),
            fen: pos.to_fen(),
            side_to_move: pos.side_to_move().into(),
            in_check: pos.in_check(),
            moves,
            legal,
            ending: state.ending.clone(),
            tags: state.tags.clone(),
            review: state.review.clone(),
            undos: state.undos,
            draw_offer: state.draw_offer,
            takeback_offer: state.takeback_offer,
            created_at: game.created_at.clone(),
            updated_at: game.updated_at.clone(),
            seats: game.seats.clone(),
            clock: game.clock.as_ref().map(|c| c.view(now_ms())),
            rematch: game.rematch.clone(),
            engine: None,
        })
    }
}

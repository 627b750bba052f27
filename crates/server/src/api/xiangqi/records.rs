//! Start positions and game records: FEN and PGN errors as stable codes, PGN export and import.

use qipan_xiangqi::{
    FenError, GameRecord, GameResult, Notation, Position, PositionError, RecordError, START_FEN,
};

use super::state::{Ending, GameState, Side};
use crate::error::ApiError;
use crate::store::SavedGame;

/// The most moves an imported game may have.
pub const MAX_IMPORTED_PLIES: usize = 2000;

/// A start position given as FEN, refused with the reason when it is not legal or already over.
pub fn start_position(fen: &str) -> Result<Position, ApiError> {
    let pos = Position::from_fen(fen.trim())
        .map_err(|e| ApiError::unprocessable(fen_code(&e), e.to_string()))?;
    if !pos.has_legal_move() {
        return Err(ApiError::unprocessable(
            "fen_game_over",
            "the side to move has no legal move in this position: the game is already over",
        ));
    }
    Ok(pos)
}

/// A stable code for each kind of bad FEN.
fn fen_code(err: &FenError) -> &'static str {
    match err {
        FenError::Empty => "fen_empty",
        FenError::RankCount(_) => "fen_rank_count",
        FenError::BadChar { .. } => "fen_bad_char",
        FenError::RankWidth { .. } => "fen_rank_width",
        FenError::MissingSide | FenError::BadSide(_) => "fen_bad_side",
        FenError::BadPlaceholder { .. } | FenError::BadNumber { .. } => "fen_bad_field",
        FenError::TooManyFields(_) => "fen_too_many_fields",
        FenError::Impossible(PositionError::MissingKing(_)) => "fen_missing_general",
        FenError::Impossible(PositionError::TooMany { .. }) => "fen_too_many_pieces",
        FenError::Impossible(PositionError::Occupied(_)) => "fen_occupied",
        FenError::Impossible(PositionError::Unreachable { .. }) => "fen_unreachable",
        FenError::Impossible(PositionError::OpponentInCheck(_)) => "fen_opponent_in_check",
    }
}

/// A stable code for each kind of bad PGN.
fn record_code(err: &RecordError) -> &'static str {
    match err {
        RecordError::BadTag { .. } => "pgn_bad_tag",
        RecordError::Fen(_) => "pgn_bad_fen",
        RecordError::BadFormat(_) => "pgn_bad_format",
        RecordError::BadResult(_) => "pgn_bad_result",
        RecordError::BadMove { .. } => "pgn_bad_move",
        RecordError::Unclosed(_) => "pgn_unclosed",
    }
}

/// A name for a player in a record: a person's side or the engine with its level.
fn player_name(state: &GameState, side: Side) -> String {
    if state.engine_side == Some(side) {
        format!("qipan engine (level {})", state.level)
    } else {
        match side {
            Side::Red => "Red".to_owned(),
            Side::Black => "Black".to_owned(),
        }
    }
}

/// A saved game as PGN with moves in `notation`.
pub fn export(game: &SavedGame, state: &GameState, notation: Notation) -> Result<String, ApiError> {
    let moves = state
        .moves
        .iter()
        .map(|t| super::state::parse_iccs(t).ok_or_else(|| ApiError::internal("damaged move")))
        .collect::<Result<Vec<_>, _>>()?;
    let start = state.start_position()?;
    let record = GameRecord {
        event: "qipan".to_owned(),
        date: game.created_at.get(..10).unwrap_or("").replace('-', "."),
        red: player_name(state, Side::Red),
        black: player_name(state, Side::Black),
        result: match &state.ending {
            None => GameResult::Unknown,
            Some(Ending { winner: None, .. }) => GameResult::Draw,
            Some(Ending {
                winner: Some(Side::Red),
                ..
            }) => GameResult::RedWins,
            Some(Ending {
                winner: Some(Side::Black),
                ..
            }) => GameResult::BlackWins,
        },
        start_fen: if start == Position::startpos() {
            String::new()
        } else {
            state.start_fen.clone()
        },
        moves,
        other_tags: Vec::new(),
    };
    record.to_pgn(notation).map_err(ApiError::internal)
}

/// A PGN text read into a game state for two people; finished when the rules or the record's
/// result say so. Also returns the players' names.
pub fn import(text: &str) -> Result<(GameState, [String; 2]), ApiError> {
    let record = GameRecord::from_pgn(text)
        .map_err(|e| ApiError::unprocessable(record_code(&e), e.to_string()))?;
    if record.moves.len() > MAX_IMPORTED_PLIES {
        return Err(ApiError::unprocessable(
            "pgn_too_long",
            format!(
                "the game has {} moves, at most {MAX_IMPORTED_PLIES} are accepted",
                record.moves.len()
            ),
        ));
    }
    let mut pos = record
        .start_position()
        .map_err(|e| ApiError::unprocessable("pgn_bad_fen", e.to_string()))?;
    let start_fen = pos.to_fen();
    for (ply, &m) in record.moves.iter().enumerate() {
        pos.play(m).map_err(|_| {
            ApiError::unprocessable(
                "pgn_bad_move",
                format!("PGN move {} `{m}` is not legal", ply + 1),
            )
        })?;
    }
    let recorded = |winner| Ending {
        winner,
        reason: "recorded".to_owned(),
    };
    let ending = pos
        .outcome()
        .map(Ending::from_outcome)
        .or(match record.result {
            GameResult::RedWins => Some(recorded(Some(Side::Red))),
            GameResult::BlackWins => Some(recorded(Some(Side::Black))),
            GameResult::Draw => Some(recorded(None)),
            GameResult::Unknown => None,
        });
    let state = GameState {
        start_fen: if start_fen == Position::startpos().to_fen() {
            START_FEN.to_owned()
        } else {
            start_fen
        },
        moves: record.moves.iter().map(|m| m.to_string()).collect(),
        mode: super::state::Mode::Pvp,
        engine_side: None,
        level: 5,
        undos: Default::default(),
        draw_offer: None,
        takeback_offer: None,
        ending,
    };
    Ok((state, [record.red, record.black]))
}

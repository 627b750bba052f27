//! Start positions and game records: FEN and PGN errors as stable codes, PGN export and import.

use qipan_xiangqi::notation::NotationError;
use qipan_xiangqi::{
    FenError, GameRecord, GameResult, Notation, Position, PositionError, RecordError, START_FEN,
};
use std::collections::BTreeMap;

use serde_json::json;

use super::state::{Ending, GameState, RecordTags, Side};
use crate::error::ApiError;
use crate::store::SavedGame;

/// The most moves an imported game may have.
pub const MAX_IMPORTED_PLIES: usize = 2000;

/// A start position given as FEN, refused with the reason when it is not legal or already over.
pub fn start_position(fen: &str) -> Result<Position, ApiError> {
    let pos = Position::from_fen(fen.trim()).map_err(|e| fen_error(&e))?;
    if !pos.has_legal_move() {
        return Err(ApiError::unprocessable(
            "fen_game_over",
            "the side to move has no legal move in this position: the game is already over",
        ));
    }
    Ok(pos)
}

/// A bad FEN as an API error, with the rank and the character (or the file count) that a page
/// names in its own words.
fn fen_error(err: &FenError) -> ApiError {
    let error = ApiError::unprocessable(fen_code(err), err.to_string());
    match err {
        // `row`: the rank's place in the FEN text (1 = the first written, rank 9).
        FenError::BadChar { rank, ch } => error.with_details(
            json!({ "rank": rank, "row": 10 - u32::from(*rank), "ch": ch.to_string() }),
        ),
        FenError::RankWidth { rank, files } => error
            .with_details(json!({ "rank": rank, "row": 10 - u32::from(*rank), "files": files })),
        _ => error,
    }
}

/// The moves a new game starts with (played on from a replayed position): each legal in turn
/// from `start` (see [`replay`]), and not into a position that is already over.
pub fn history(start: &Position, moves: &[String]) -> Result<Vec<String>, ApiError> {
    let pos = replay(start, moves)?;
    if !moves.is_empty() && pos.outcome().is_some() {
        return Err(ApiError::unprocessable(
            "fen_game_over",
            "the game is already over in this position: there is nothing to play on",
        ));
    }
    Ok(moves.to_vec())
}

/// The position `moves` (ICCS) lead to from `start`, with its history: each legal in turn (422
/// `bad_history` naming the first that is not), at most [`MAX_IMPORTED_PLIES`].
pub fn replay(start: &Position, moves: &[String]) -> Result<Position, ApiError> {
    if moves.len() > MAX_IMPORTED_PLIES {
        return Err(ApiError::unprocessable(
            "pgn_too_long",
            format!("at most {MAX_IMPORTED_PLIES} moves are accepted"),
        ));
    }
    let mut pos = start.clone();
    for (ply, text) in moves.iter().enumerate() {
        let legal = super::state::parse_iccs(text).filter(|&m| pos.is_legal(m));
        let Some(m) = legal else {
            return Err(ApiError::unprocessable(
                "bad_history",
                format!(
                    "move {} `{text}` of the history is not legal there",
                    ply + 1
                ),
            )
            .with_details(json!({ "ply": ply + 1, "text": text })));
        };
        pos.make(m);
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

/// A bad PGN as an API error: a bad move names its PGN move number and its text (a page says
/// them in its own words); a move in the other side's numerals has a code of its own.
fn record_error(err: &RecordError) -> ApiError {
    match err {
        RecordError::BadMove {
            at, text, error, ..
        } => {
            let code = match error {
                NotationError::OtherSideNumerals { .. } => "pgn_other_side_numerals",
                _ => "pgn_bad_move",
            };
            ApiError::unprocessable(code, err.to_string())
                .with_details(json!({ "at": at, "text": text }))
        }
        RecordError::Fen(fen) => {
            let inner = fen_error(fen);
            ApiError::unprocessable("pgn_bad_fen", err.to_string())
                .with_details(inner.details.unwrap_or_else(|| json!({})))
        }
        _ => ApiError::unprocessable(record_code(err), err.to_string()),
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

pub use crate::api::seat_names::Language;

/// A name for a player in a record: the name the record was imported with, else the name of
/// the person seated there (`seated`, by seat), else the engine with its level or the side, in
/// `language`.
fn player_name(
    state: &GameState,
    seated: &BTreeMap<String, String>,
    side: Side,
    language: Language,
) -> String {
    let known = state.tags.as_ref().map(|tags| match side {
        Side::Red => tags.red.trim(),
        Side::Black => tags.black.trim(),
    });
    if let Some(name) = known.filter(|n| !n.is_empty()) {
        return name.to_owned();
    }
    let seat = match side {
        Side::Red => "red",
        Side::Black => "black",
    };
    if let Some(name) = seated.get(seat) {
        return name.clone();
    }
    match (state.engine_side == Some(side), side, language) {
        (true, _, Language::Chinese) => format!("qipan 引擎（{} 级）", state.level),
        (true, _, Language::English) => format!("qipan engine (level {})", state.level),
        (false, Side::Red, Language::Chinese) => "红方".to_owned(),
        (false, Side::Black, Language::Chinese) => "黑方".to_owned(),
        (false, Side::Red, Language::English) => "Red".to_owned(),
        (false, Side::Black, Language::English) => "Black".to_owned(),
    }
}

/// A saved game as PGN with moves in `notation`, the seated people's names (`seated`, by seat)
/// and default names in `language`.
pub fn export(
    game: &SavedGame,
    state: &GameState,
    seated: &BTreeMap<String, String>,
    notation: Notation,
    language: Language,
) -> Result<String, ApiError> {
    let moves = state
        .moves
        .iter()
        .map(|t| super::state::parse_iccs(t).ok_or_else(|| ApiError::internal("damaged move")))
        .collect::<Result<Vec<_>, _>>()?;
    let start = state.start_position()?;
    let tags = state.tags.clone().unwrap_or_default();
    let record = GameRecord {
        event: if tags.event.is_empty() {
            "qipan".to_owned()
        } else {
            tags.event
        },
        date: if tags.date.is_empty() {
            game.created_at.get(..10).unwrap_or("").replace('-', ".")
        } else {
            tags.date
        },
        red: player_name(state, seated, Side::Red, language),
        black: player_name(state, seated, Side::Black, language),
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
        comments: review_comments(state),
    };
    record.to_pgn(notation).map_err(ApiError::internal)
}

/// The game review's evaluation after each move, as PGN comments: pawns from Red's view
/// (`+0.35`), or the mate distance (`#+3`: Red mates in 3 moves, `#-2`: Black does); none for a
/// position not reviewed.
fn review_comments(state: &GameState) -> Vec<String> {
    let Some(review) = state
        .review
        .as_ref()
        .filter(|r| r.moves == state.moves.len())
    else {
        return Vec::new();
    };
    review.plies[1..]
        .iter()
        .map(|eval| match eval {
            None => String::new(),
            Some(e) => match e.mate_in {
                // A mate score is positive from Red's view when Red mates.
                Some(n) => format!("#{}{}", if e.score_red > 0 { '+' } else { '-' }, n.abs()),
                None => format!("{:+.2}", f64::from(e.score_red) / 100.0),
            },
        })
        .collect()
}

/// A PGN text read into a game state for two people; finished when the rules or the record's
/// result say so. Also returns the players' names.
pub fn import(text: &str) -> Result<(GameState, [String; 2]), ApiError> {
    let record = GameRecord::from_pgn(text).map_err(|e| record_error(&e))?;
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
        tags: Some(RecordTags {
            red: record.red.clone(),
            black: record.black.clone(),
            event: record.event,
            date: record.date,
        }),
        review: None,
    };
    Ok((state, [record.red, record.black]))
}

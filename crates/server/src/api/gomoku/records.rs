//! Game records in and out: Piskvork PSQ, SGF (`GM[4]`) and the `h8i9…` move string (written
//! without spaces; read with or without them).

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use qipan_gomoku::record::{coords, psq, sgf};
use qipan_gomoku::{Game, GameInfo, Record, RecordError};
use serde::{Deserialize, Serialize};

use super::state::{GameState, GameView, Mode, OutcomeView, Side, Undos};
use super::{Prepared, board_rules, create, engine, load, refused, rule_set};
use crate::AppState;
use crate::api::seat_names::{self, Language};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::players::{Me, Viewer};
use crate::quota::Creation;
use crate::store::GameStatus;

/// A record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub(super) enum Format {
    /// Piskvork's PSQ.
    Psq,
    /// SGF, `GM[4]`.
    Sgf,
    /// The move string `h8i9…`.
    Coords,
}

impl Format {
    fn extension(self) -> &'static str {
        match self {
            Format::Psq => "psq",
            Format::Sgf => "sgf",
            Format::Coords => "txt",
        }
    }
}

/// `?format=psq|sgf|coords`.
#[derive(Deserialize)]
pub(super) struct ExportQuery {
    format: Format,
    /// The language of the names given to guests (`en…`; Chinese by default).
    lang: Option<String>,
}

/// A record as text, with a file name for saving it.
#[derive(Serialize)]
pub(super) struct Exported {
    format: Format,
    text: String,
    filename: String,
}

/// The record of a saved game in the format asked for.
pub(super) async fn export(
    State(app): State<AppState>,
    viewer: Viewer,
    ApiPath(id): ApiPath<i64>,
    ApiQuery(query): ApiQuery<ExportQuery>,
) -> Result<Json<Exported>, ApiError> {
    let (saved, state) = load(&app, &viewer, id).await?;
    let game = state.game()?;
    let language = Language::from_query(query.lang.as_deref());
    let seated = seat_names::of(&app, &saved, language).await;
    let record = Record {
        info: sgf_info(&state, &game, &seated, &saved.created_at),
        ..Record::new(state.size, state.points()?)
    };
    let text = match query.format {
        Format::Psq => psq::format(&record),
        Format::Sgf => sgf::format(&record),
        Format::Coords => coords::format(&record).replace(' ', ""),
    };
    Ok(Json(Exported {
        format: query.format,
        text,
        filename: format!("gomoku-{id}.{}", query.format.extension()),
    }))
}

/// What an SGF record says of the game: the rule, the players (the seated people by name, the
/// engine with its level), the result in SGF's form (`B+`, `W+R` resigned, `W+T` on time, `0`
/// draw) and the date the game began.
fn sgf_info(
    state: &GameState,
    game: &Game,
    seated: &BTreeMap<String, String>,
    created_at: &str,
) -> GameInfo {
    let name = |side: Side| match (state.mode, state.human) {
        (Mode::Pve, Some(human)) if human != side => {
            format!("qipan (level {})", state.level.unwrap_or(5))
        }
        _ => {
            let seat = if side == Side::Black {
                "black"
            } else {
                "white"
            };
            seated.get(seat).cloned().unwrap_or_default()
        }
    };
    let result = match OutcomeView::of(state, game) {
        None => String::new(),
        Some(OutcomeView { winner: None, .. }) => "0".to_owned(),
        Some(outcome) => {
            let side = if outcome.winner == Some(Side::Black) {
                'B'
            } else {
                'W'
            };
            let how = match outcome.reason {
                "resign" | "abandoned" => "R",
                "time" => "T",
                _ => "",
            };
            format!("{side}+{how}")
        }
    };
    GameInfo {
        black: name(Side::Black),
        white: name(Side::White),
        result,
        date: created_at.get(..10).unwrap_or("").to_owned(),
        rule: state.rule.clone(),
    }
}

/// A record to import.
#[derive(Deserialize)]
pub(super) struct ImportBody {
    format: Format,
    text: String,
    /// The rule set the game was played under (freestyle when absent).
    rule: Option<String>,
    /// The board side of a move string (15 when absent); PSQ and SGF carry their own.
    size: Option<u32>,
}

/// The compact move string `h8i9j10` with a space before each letter, as the coordinate
/// reader wants it (`h8 i9 j10`); text that is already spaced is unchanged in meaning.
fn spaced(text: &str) -> String {
    let mut out = String::with_capacity(text.len() * 2);
    for c in text.chars() {
        if c.is_ascii_alphabetic() {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// A record that does not read as a 422 naming the line and the problem.
fn unreadable(error: RecordError) -> ApiError {
    ApiError::unprocessable(format!("record_{}", error.code()), error.to_string())
}

/// Saves an imported record as a new game between two people, to replay or play on.
pub(super) async fn import(
    State(app): State<AppState>,
    me: Me,
    _allowed: Creation,
    ApiJson(body): ApiJson<ImportBody>,
) -> Result<Json<GameView>, ApiError> {
    let record = match body.format {
        Format::Psq => psq::parse(&body.text),
        Format::Sgf => sgf::parse(&body.text),
        Format::Coords => {
            let size =
                board_rules(body.size.unwrap_or(15), rule_set(body.rule.as_deref())?)?.size();
            coords::parse(&spaced(&body.text), size)
        }
    }
    .map_err(unreadable)?;
    // The rule asked for, else the one the record names (SGF `RU`), else freestyle.
    let named =
        Some(record.info.rule.as_str()).filter(|r| qipan_gomoku::RuleSet::from_name(r).is_some());
    let rule_set = rule_set(body.rule.as_deref().or(named))?;
    board_rules(u32::from(record.size), rule_set)?;
    let state = GameState {
        size: record.size,
        rule: rule_set.name().to_owned(),
        mode: Mode::Pvp,
        human: None,
        level: None,
        undo_limit: None,
        undos: Undos::default(),
        moves: record
            .moves
            .iter()
            .map(|p| p.to_coord(record.size))
            .collect(),
        resigned: None,
        timed_out: None,
        abandoned: None,
        takeback_offer: None,
        seed: engine::fresh_seed(),
        opening: None,
    };
    let game = Game::from_moves(state.rules()?, &record.moves).map_err(|(index, error)| {
        let inner = refused(error);
        ApiError::unprocessable(
            inner.code,
            format!("move {index} of the record: {}", inner.message),
        )
    })?;
    let outcome = OutcomeView::of(&state, &game);
    let status = if outcome.is_some() {
        GameStatus::Finished
    } else {
        GameStatus::Ongoing
    };
    let saved = create(
        &app,
        Prepared::seated(state.seats(me.id())),
        &state,
        status,
        outcome.as_ref().map(OutcomeView::to_result),
    )
    .await?;
    Ok(Json(GameView::new(&saved, &state, &game)))
}

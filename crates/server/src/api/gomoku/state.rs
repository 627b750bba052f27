//! The saved state of a Gomoku game, the game it replays to, and the view sent to the page.

use qipan_gomoku::{Color, ForbiddenPolicy, Game, Outcome, Point, RuleSet, Rules, WinReason};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::opening::{OpeningState, OpeningView};
use crate::api::rematch::Rematch;
use crate::api::saved::SavedState;
use crate::api::timed::{Forfeit, Timed};
use crate::clock::ClockView;
use crate::error::ApiError;
use crate::store::{GameKind, GameStatus, PlayerId, RematchLink, SavedGame, Seat};
use crate::time::now_ms;

/// A stone colour as JSON writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Moves first.
    Black,
    /// Moves second.
    White,
}

impl Side {
    /// The seat of this colour in the saved game.
    pub fn seat(self) -> &'static str {
        match self {
            Side::Black => "black",
            Side::White => "white",
        }
    }

    /// The colour of a seat (`white`, else Black).
    pub fn from_seat(seat: &str) -> Side {
        if seat == "white" {
            Side::White
        } else {
            Side::Black
        }
    }

    /// The library's colour.
    pub fn color(self) -> Color {
        match self {
            Side::Black => Color::Black,
            Side::White => Color::White,
        }
    }

    /// The side of a library colour.
    pub fn of(color: Color) -> Side {
        match color {
            Color::Black => Side::Black,
            Color::White => Side::White,
        }
    }

    /// The opponent.
    pub fn other(self) -> Side {
        Side::of(self.color().opponent())
    }
}

/// Who plays: two people at one screen, or a person against the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Two people at one screen.
    Pvp,
    /// A person against the engine.
    Pve,
}

impl Mode {
    /// The `mode` column of the saved game.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Pvp => "human-vs-human",
            Mode::Pve => "human-vs-engine",
        }
    }
}

/// Undos taken by each side.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Undos {
    /// Undos taken by Black.
    pub black: u32,
    /// Undos taken by White.
    pub white: u32,
}

impl Undos {
    /// Undos taken by `side`.
    pub fn get(&self, side: Side) -> u32 {
        match side {
            Side::Black => self.black,
            Side::White => self.white,
        }
    }

    /// Counts one more undo for `side`.
    pub fn bump(&mut self, side: Side) {
        match side {
            Side::Black => self.black += 1,
            Side::White => self.white += 1,
        }
    }
}

/// What is saved for a game: the settings and the moves in `h8` notation, enough to replay it
/// after a restart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// The board side.
    pub size: u8,
    /// `freestyle`, `standard` or `renju`.
    pub rule: String,
    /// Who plays.
    pub mode: Mode,
    /// The person's colour against the engine.
    pub human: Option<Side>,
    /// The engine's level, 1–10.
    pub level: Option<u8>,
    /// Most undos each side may take; `None` for no limit.
    pub undo_limit: Option<u32>,
    /// Undos taken so far.
    pub undos: Undos,
    /// The moves in `h8` notation, Black first.
    pub moves: Vec<String>,
    /// The side that resigned, if one did.
    pub resigned: Option<Side>,
    /// The side whose clock ran out, if one did.
    #[serde(default)]
    pub timed_out: Option<Side>,
    /// The side that left the game and lost when its opponent claimed the win.
    #[serde(default)]
    pub abandoned: Option<Side>,
    /// A take-back asked for by this side and not yet answered (between two players).
    #[serde(default)]
    pub takeback_offer: Option<Side>,
    /// Seeds the engine's random choices at low levels.
    pub seed: u64,
    /// The opening rule and how the opening went; none for a game without one.
    #[serde(default)]
    pub opening: Option<OpeningState>,
}

impl SavedState for GameState {
    const KIND: GameKind = GameKind::Gomoku;
    const NAME: &'static str = "gomoku";
}

impl Rematch for GameState {
    fn rematch(&self) -> Self {
        GameState {
            undos: Undos::default(),
            moves: Vec::new(),
            resigned: None,
            timed_out: None,
            abandoned: None,
            takeback_offer: None,
            seed: super::engine::fresh_seed(),
            opening: self.opening.as_ref().map(|o| OpeningState {
                rule: o.rule.clone(),
                ..OpeningState::default()
            }),
            ..self.clone()
        }
    }
}

impl Timed for GameState {
    fn clock_seat(&self) -> Result<Option<&'static str>, ApiError> {
        let game = self.game()?;
        if OutcomeView::of(self, &game).is_some() {
            return Ok(None);
        }
        Ok(Some(self.acting(&game).seat()))
    }

    fn forfeit(&mut self, seat: &str, why: Forfeit) -> Result<Value, ApiError> {
        let loser = Side::from_seat(seat);
        match why {
            Forfeit::Time => self.timed_out = Some(loser),
            Forfeit::Abandonment => self.abandoned = Some(loser),
        }
        self.takeback_offer = None;
        let game = self.game()?;
        let outcome = OutcomeView::of(self, &game)
            .ok_or_else(|| ApiError::internal("a game lost on time has no outcome"))?;
        Ok(outcome.to_result())
    }
}

impl GameState {
    /// The rule set named by `rule`.
    pub fn rule_set(&self) -> Result<RuleSet, ApiError> {
        RuleSet::from_name(&self.rule)
            .ok_or_else(|| ApiError::internal(format!("unknown saved rule {}", self.rule)))
    }

    /// The rules of this game. Forbidden points are refused rather than lost on, so that a
    /// player who tries one is told why and can choose again.
    pub fn rules(&self) -> Result<Rules, ApiError> {
        Ok(Rules::new(u32::from(self.size), self.rule_set()?)
            .map_err(ApiError::internal)?
            .with_forbidden(ForbiddenPolicy::Refused))
    }

    /// The moves as points.
    pub fn points(&self) -> Result<Vec<Point>, ApiError> {
        self.moves
            .iter()
            .map(|m| Point::parse_coord(m, self.size).map_err(ApiError::internal))
            .collect()
    }

    /// The game these moves replay to.
    pub fn game(&self) -> Result<Game, ApiError> {
        Game::from_moves(self.rules()?, &self.points()?)
            .map_err(|(i, e)| ApiError::internal(format!("saved move {i} is illegal: {e}")))
    }

    /// Whether the engine is to act (move, or take its part in the opening) in an unfinished
    /// game.
    pub fn engine_to_move(&self, game: &Game) -> bool {
        self.mode == Mode::Pve
            && self.resigned.is_none()
            && self.timed_out.is_none()
            && self.abandoned.is_none()
            && game.outcome().is_none()
            && self.human != Some(self.acting(game))
    }

    /// The variant column: rule set and board side, e.g. `renju-15`.
    pub fn variant(&self) -> String {
        format!("{}-{}", self.rule, self.size)
    }

    /// The seats: the engine's colour (against the engine) and `player`'s.
    pub fn seats(&self, player: &PlayerId) -> Vec<Seat> {
        [(Side::Black, "black"), (Side::White, "white")]
            .into_iter()
            .map(|(side, name)| match (self.mode, self.level) {
                (Mode::Pve, Some(level)) if self.human != Some(side) => {
                    Seat::engine(name, format!("level {level}"))
                }
                _ => Seat::player(name, player),
            })
            .collect()
    }

    /// Who plays, as saved beside the game.
    pub fn players(&self) -> Value {
        let engine = |side| match self.mode {
            Mode::Pve if self.human != Some(side) => "engine",
            _ => "human",
        };
        serde_json::json!({
            "black": engine(Side::Black),
            "white": engine(Side::White),
            "level": self.level,
        })
    }
}

/// How a game ended, as the page and the saved result see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OutcomeView {
    /// None for a draw.
    pub winner: Option<Side>,
    /// `five`, `forbidden`, `resign`, `time`, `abandoned` or `draw`.
    pub reason: &'static str,
    /// The winning row.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<[u8; 2]>,
    /// The renju forbidden kind (`overline`, `double_four`, `double_three`) for `forbidden`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
}

impl OutcomeView {
    /// How the game ended (resignation first, then the board), or None while it goes on.
    pub fn of(state: &GameState, game: &Game) -> Option<OutcomeView> {
        let given_up = [
            (state.resigned, "resign"),
            (state.timed_out, "time"),
            (state.abandoned, "abandoned"),
        ];
        if let Some((Some(side), reason)) = given_up.into_iter().find(|(side, _)| side.is_some()) {
            return Some(OutcomeView {
                winner: Some(side.other()),
                reason,
                line: vec![],
                kind: None,
            });
        }
        Some(match game.outcome()? {
            Outcome::Draw => OutcomeView {
                winner: None,
                reason: "draw",
                line: vec![],
                kind: None,
            },
            Outcome::Win { winner, reason } => {
                let (reason, line, kind) = match reason {
                    WinReason::Five { line } => ("five", xy(line), None),
                    WinReason::ForbiddenMove { point, kind } => {
                        ("forbidden", xy(&[*point]), Some(kind.code()))
                    }
                };
                OutcomeView {
                    winner: Some(Side::of(*winner)),
                    reason,
                    line,
                    kind,
                }
            }
        })
    }

    /// The result saved with a finished game.
    pub fn to_result(&self) -> Value {
        serde_json::json!({ "winner": self.winner, "reason": self.reason })
    }
}

fn xy(points: &[Point]) -> Vec<[u8; 2]> {
    points.iter().map(|p| [p.x, p.y]).collect()
}

/// A point forbidden to Black now, and why.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ForbiddenView {
    /// Column from the left.
    pub x: u8,
    /// Row from the top.
    pub y: u8,
    /// `overline`, `double_four` or `double_three`.
    pub kind: &'static str,
}

/// How the engine found its last move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct EngineInfo {
    /// Depth of the last completed search iteration.
    pub depth: u32,
    /// Nodes visited.
    pub nodes: u64,
    /// Score for the engine (beyond ±999000 a forced win or loss).
    pub score: i32,
    /// `forced`, `vcf`, `vct`, `search` or `shape`.
    pub found: &'static str,
}

/// A game as the page sees it: settings, moves as `[x, y]` from the top-left, whose turn, the
/// outcome and the renju forbidden points.
#[derive(Debug, Clone, Serialize)]
pub struct GameView {
    pub id: i64,
    pub revision: i64,
    pub status: GameStatus,
    pub created_at: String,
    pub updated_at: String,
    /// Who holds each seat (a player's id, the engine, or open).
    pub seats: Vec<Seat>,
    /// The clock of a timed game, as it stands now.
    pub clock: Option<ClockView>,
    /// The rematch offered or started after this game.
    pub rematch: Option<RematchLink>,
    pub size: u8,
    pub rule: String,
    pub mode: Mode,
    pub human: Option<Side>,
    pub level: Option<u8>,
    pub undo_limit: Option<u32>,
    pub undos: Undos,
    pub takeback_offer: Option<Side>,
    pub moves: Vec<[u8; 2]>,
    pub to_move: Side,
    /// Whose player acts now: the colour to move, or during the opening the one the rule names.
    pub acting: Side,
    /// The opening rule and its step, for a game with one.
    pub opening: Option<OpeningView>,
    pub outcome: Option<OutcomeView>,
    pub forbidden: Vec<ForbiddenView>,
    pub engine_to_move: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineInfo>,
}

impl GameView {
    /// The view of a saved game whose state replays to `game`.
    pub fn new(saved: &SavedGame, state: &GameState, game: &Game) -> GameView {
        let outcome = OutcomeView::of(state, game);
        let forbidden = if outcome.is_none() {
            game.forbidden_points()
                .into_iter()
                .map(|(p, kind)| ForbiddenView {
                    x: p.x,
                    y: p.y,
                    kind: kind.code(),
                })
                .collect()
        } else {
            vec![]
        };
        GameView {
            id: saved.id,
            revision: saved.revision(),
            status: saved.status,
            created_at: saved.created_at.clone(),
            updated_at: saved.updated_at.clone(),
            seats: saved.seats.clone(),
            clock: saved.clock.as_ref().map(|c| c.view(now_ms())),
            rematch: saved.rematch.clone(),
            size: state.size,
            rule: state.rule.clone(),
            mode: state.mode,
            human: state.human,
            level: state.level,
            undo_limit: state.undo_limit,
            undos: state.undos,
            takeback_offer: state.takeback_offer,
            moves: xy(game.moves()),
            to_move: Side::of(game.to_move()),
            acting: state.acting(game),
            opening: OpeningView::of(state),
            outcome,
            forbidden,
            engine_to_move: state.engine_to_move(game),
            engine: None,
        }
    }
}

//! Opening rules in a saved game (see `qipan_gomoku::opening`): what was decided and offered,
//! whose turn it is while the opening goes on, and `POST /api/gomoku/games/{id}/opening` for a
//! player's decision (swap, stay, put two more, offer), a Taraguchi fifth move offered, or
//! White's pick among them. A swap exchanges the players' seats, so that every later rule (turn,
//! clock, result, ratings, records) sees each player in the colour it plays.

use axum::Json;
use axum::extract::State;
use qipan_gomoku::opening::{self, Decision, OpeningRule, Step, TARAGUCHI_OFFERS};
use qipan_gomoku::{Color, Game, Point, RuleSet};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::state::{GameView, Mode, Side};
use super::{GameState, ensure_ongoing, load_at, refused};
use crate::AppState;
use crate::api::saved::{self, SavedState};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Me;
use crate::store::GameUpdate;

/// How a game's opening went so far.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpeningState {
    /// The rule's name (`swap`, `swap2`, `taraguchi10`).
    pub rule: String,
    /// The decisions taken, in order (`swap`, `stay`, `place_two`, `offer`).
    pub decisions: Vec<String>,
    /// Taraguchi-10: the fifth moves Black offered, in `h8` notation.
    pub offered: Vec<String>,
    /// How many stones stood when the opening ended (none are taken back past it).
    pub done_at: Option<usize>,
}

/// The opening rule named `name` for `rule_set`, or 422: Swap and Swap2 belong to freestyle and
/// standard, Taraguchi-10 to renju.
pub(super) fn parse_rule(name: Option<&str>, rule_set: RuleSet) -> Result<OpeningRule, ApiError> {
    let name = name.unwrap_or("free");
    let rule = OpeningRule::from_name(name).ok_or_else(|| {
        ApiError::unprocessable(
            "unknown_opening",
            format!("unknown opening rule `{name}` (free, swap, swap2 or taraguchi10)"),
        )
    })?;
    let fits = match rule {
        OpeningRule::Free => true,
        OpeningRule::Swap | OpeningRule::Swap2 => rule_set != RuleSet::Renju,
        OpeningRule::Taraguchi10 => rule_set == RuleSet::Renju,
    };
    if !fits {
        return Err(ApiError::unprocessable(
            "opening_not_for_rule",
            format!(
                "the {name} opening is not played under {} rules (renju takes taraguchi10, the others swap or swap2)",
                rule_set.name()
            ),
        ));
    }
    Ok(rule)
}

impl OpeningState {
    /// A fresh opening under `rule` (none for [`OpeningRule::Free`]).
    pub fn new(rule: OpeningRule) -> Option<OpeningState> {
        (rule != OpeningRule::Free).then(|| OpeningState {
            rule: rule.name().to_owned(),
            ..OpeningState::default()
        })
    }

    fn decisions(&self) -> Vec<Decision> {
        self.decisions
            .iter()
            .filter_map(|d| Decision::from_name(d))
            .collect()
    }
}

impl GameState {
    /// The game's opening rule (free when it has none).
    pub fn opening_rule(&self) -> OpeningRule {
        self.opening
            .as_ref()
            .and_then(|o| OpeningRule::from_name(&o.rule))
            .unwrap_or(OpeningRule::Free)
    }

    /// The lobby's name of this game's rules: the rule set, and `+` the opening rule if any.
    pub fn lobby_rule(&self) -> String {
        match self.opening_rule() {
            OpeningRule::Free => self.rule.clone(),
            opening => format!("{}+{}", self.rule, opening.name()),
        }
    }

    /// What the opening asks for next ([`Step::Play`] once it is over).
    pub fn opening_step(&self) -> Step {
        match &self.opening {
            Some(o) if o.done_at.is_none() => opening::step(
                self.opening_rule(),
                self.moves.len(),
                &o.decisions(),
                o.offered.len(),
            ),
            _ => Step::Play,
        }
    }

    /// The colour whose player acts now: during the opening the one the rule names, after it
    /// the colour to move.
    pub fn acting(&self, game: &Game) -> Side {
        match self.opening_step() {
            Step::Place { by, .. } | Step::Decide { by, .. } => Side::of(by),
            Step::Offer { .. } => Side::Black,
            Step::Pick => Side::White,
            Step::Play => Side::of(game.to_move()),
        }
    }

    /// Notes the end of the opening when the last action ended it.
    pub(super) fn close_opening_if_done(&mut self) {
        let stones = self.moves.len();
        if self.opening_step() == Step::Play
            && let Some(o) = self.opening.as_mut()
            && o.done_at.is_none()
        {
            o.done_at = Some(stones);
        }
    }

    /// The fewest stones an undo or take-back may leave: those of the opening.
    pub fn undo_floor(&self) -> usize {
        match &self.opening {
            Some(o) => o.done_at.unwrap_or(usize::MAX),
            None => 0,
        }
    }

    /// Records `decision`; a swap also turns the person's colour against the engine.
    pub(super) fn decide(&mut self, decision: Decision) {
        if let Some(o) = self.opening.as_mut() {
            o.decisions.push(decision.name().to_owned());
        }
        if decision == Decision::Swap && self.mode == Mode::Pve {
            self.human = self.human.map(Side::other);
        }
    }

    /// Records a Taraguchi fifth move offered.
    pub(super) fn offer(&mut self, coord: String) {
        if let Some(o) = self.opening.as_mut() {
            o.offered.push(coord);
        }
    }

    /// The offered fifth moves as points.
    pub fn offered(&self) -> Vec<Point> {
        self.opening
            .iter()
            .flat_map(|o| &o.offered)
            .filter_map(|c| Point::parse_coord(c, self.size).ok())
            .collect()
    }
}

/// The opening as the page sees it.
#[derive(Debug, Clone, Serialize)]
pub struct OpeningView {
    /// The rule's name.
    pub rule: &'static str,
    /// `place`, `decide`, `offer`, `pick` or `play`.
    pub step: &'static str,
    /// Whose player acts.
    pub by: Option<Side>,
    /// The central square a stone must stand in (`place`).
    pub within: Option<u8>,
    /// What may be decided (`decide`).
    pub options: Vec<&'static str>,
    /// The fifth moves offered so far, `[x, y]`.
    pub offered: Vec<[u8; 2]>,
    /// How many are to be offered.
    pub offers: usize,
    /// The decisions taken so far.
    pub decisions: Vec<String>,
}

impl OpeningView {
    /// The view of `state`'s opening, if it has a rule.
    pub fn of(state: &GameState) -> Option<OpeningView> {
        let rule = state.opening_rule();
        if rule == OpeningRule::Free {
            return None;
        }
        let (step, by, within, options) = match state.opening_step() {
            Step::Place { by, within } => ("place", Some(by), within, vec![]),
            Step::Decide { by, options } => (
                "decide",
                Some(by),
                None,
                options.iter().map(|d| d.name()).collect(),
            ),
            Step::Offer { .. } => ("offer", Some(Color::Black), None, vec![]),
            Step::Pick => ("pick", Some(Color::White), None, vec![]),
            Step::Play => ("play", None, None, vec![]),
        };
        Some(OpeningView {
            rule: rule.name(),
            step,
            by: by.map(Side::of),
            within,
            options,
            offered: state.offered().iter().map(|p| [p.x, p.y]).collect(),
            offers: TARAGUCHI_OFFERS,
            decisions: state
                .opening
                .as_ref()
                .map(|o| o.decisions.clone())
                .unwrap_or_default(),
        })
    }
}

/// Refuses a stone that the opening does not allow now: 409 `opening_choice_pending` while a
/// decision, an offer or a pick is awaited; 422 `outside_opening_square` for a stone outside the
/// central square the rule names.
pub(super) fn check_stone(state: &GameState, p: Point) -> Result<(), ApiError> {
    match state.opening_step() {
        Step::Place {
            within: Some(side), ..
        } if !opening::within_centre(p, state.size, side) => Err(ApiError::unprocessable(
            "outside_opening_square",
            format!("this stone must stand within the central {side}×{side} square"),
        )),
        Step::Place { .. } | Step::Play => Ok(()),
        _ => Err(ApiError::conflict(
            "opening_choice_pending",
            "the opening waits for a decision, an offer or a pick, not a stone",
        )),
    }
}

#[derive(Deserialize)]
pub(super) struct OpeningBody {
    revision: i64,
    /// A decision: `swap`, `stay`, `place_two` or `offer`.
    decision: Option<String>,
    /// A fifth move offered (by Black) or picked (by White), `[x, y]`.
    point: Option<[u8; 2]>,
}

/// What an opening action changes: the seats to swap and the stone to append (a pick).
pub(super) struct Applied {
    pub swap: bool,
    pub stone: Option<Point>,
}

/// Applies a decision, an offer or a pick to `state` (checked against the step, the options, the
/// board and the offers made).
pub(super) fn apply(
    state: &mut GameState,
    game: &mut Game,
    decision: Option<Decision>,
    point: Option<Point>,
) -> Result<Applied, ApiError> {
    let step = state.opening_step();
    let wrong_step = || {
        ApiError::conflict(
            "not_this_opening_step",
            "the opening does not ask for this now",
        )
    };
    let applied = match (step, decision, point) {
        (Step::Decide { options, .. }, Some(d), _) => {
            if !options.contains(&d) {
                return Err(ApiError::unprocessable(
                    "decision_not_offered",
                    format!("`{}` is not one of the choices now", d.name()),
                ));
            }
            state.decide(d);
            Applied {
                swap: d == Decision::Swap,
                stone: None,
            }
        }
        (Step::Offer { .. }, None, Some(p)) => {
            offer_check(state, game, p)?;
            state.offer(p.to_coord(state.size));
            Applied {
                swap: false,
                stone: None,
            }
        }
        (Step::Pick, None, Some(p)) => {
            if !state.offered().contains(&p) {
                return Err(ApiError::unprocessable(
                    "not_offered",
                    "White picks one of the fifth moves Black offered",
                ));
            }
            game.play(p).map_err(refused)?;
            state.moves.push(p.to_coord(state.size));
            Applied {
                swap: false,
                stone: Some(p),
            }
        }
        _ => return Err(wrong_step()),
    };
    state.close_opening_if_done();
    Ok(applied)
}

/// A fifth move Black may offer: on the board, empty, legal for Black, not offered yet and not
/// symmetrical to one offered.
fn offer_check(state: &GameState, game: &Game, p: Point) -> Result<(), ApiError> {
    let board = game.board();
    if p.x >= state.size || p.y >= state.size {
        return Err(ApiError::unprocessable(
            "off_board",
            "that point is not on the board",
        ));
    }
    if board.get(p).is_some() {
        return Err(ApiError::unprocessable(
            "occupied",
            "there is already a stone there",
        ));
    }
    if let Some(kind) = game.forbidden_kind(p) {
        return Err(ApiError::unprocessable(
            format!("forbidden_{}", kind.code()),
            "this point is forbidden to Black",
        ));
    }
    let offered = state.offered();
    if offered.contains(&p) {
        return Err(ApiError::unprocessable(
            "already_offered",
            "this fifth move is offered already",
        ));
    }
    if let Some(q) = offered.iter().find(|&&q| opening::symmetrical(board, p, q)) {
        return Err(ApiError::unprocessable(
            "symmetrical_offer",
            format!(
                "symmetrical to the offered {}: symmetrical fifth moves are not allowed",
                q.to_coord(state.size)
            ),
        ));
    }
    Ok(())
}

/// `POST /api/gomoku/games/{id}/opening`: a person's decision, offer or pick.
pub(super) async fn act(
    State(app): State<AppState>,
    me: Me,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<OpeningBody>,
) -> Result<Json<GameView>, ApiError> {
    let (saved, mut state) = load_at(&app, &me, id, body.revision).await?;
    ensure_ongoing(&saved)?;
    let mut game = state.game()?;
    let acting = state.acting(&game);
    saved.ensure_turn(acting.seat())?;
    if state.engine_to_move(&game) {
        return Err(ApiError::conflict(
            "not_your_turn",
            "it is the engine's turn in the opening",
        ));
    }
    let decision = match body.decision.as_deref() {
        Some(name) => Some(Decision::from_name(name).ok_or_else(|| {
            ApiError::unprocessable(
                "unknown_decision",
                format!("unknown decision `{name}` (swap, stay, place_two or offer)"),
            )
        })?),
        None => None,
    };
    let point = body.point.map(|[x, y]| Point::new(x, y));
    let applied = apply(&mut state, &mut game, decision, point)?;
    let view = commit_opening(&app, &saved, &state, &game, applied).await?;
    Ok(Json(view))
}

/// Saves an opening action: the state, the picked stone as an action, the seats swapped.
pub(super) async fn commit_opening(
    app: &AppState,
    saved: &saved::Seated,
    state: &GameState,
    game: &Game,
    applied: Applied,
) -> Result<GameView, ApiError> {
    let update = GameUpdate {
        state: state.to_json(),
        append_actions: applied
            .stone
            .map(|p| json!({ "move": p.to_coord(state.size), "color": Side::Black }))
            .into_iter()
            .collect(),
        swap_seats: applied
            .swap
            .then(|| ["black".to_owned(), "white".to_owned()]),
        ..GameUpdate::default()
    };
    let saved = saved::commit(app, saved, update).await?;
    Ok(GameView::new(&saved, state, game))
}

//! The analysis view: for any position of a game (the live one or a replayed one), the engine's
//! best moves with their scores, the points where each side makes a five, a four or an open
//! three, and each side's forced win (VCF or VCT) as a line the page plays through.

use axum::Json;
use axum::extract::State;
use qipan_gomoku::engine::{Analysis, ForcedWin, MAX_LINES, ThreatPoints, WinKind};
use qipan_gomoku::{Engine, Game, Level, Point, SearchLimits};
use serde::{Deserialize, Serialize};

use super::GameState;
use super::state::Side;
use crate::AppState;
use crate::api::saved;
use crate::compute::{Compute, Cost};
use crate::error::ApiError;
use crate::extract::{ApiJson, ApiPath};
use crate::players::Viewer;
use crate::store::GameStatus;

/// How long an analysis thinks at most (within the compute pool's limit).
const ANALYSIS_MS: u64 = 2_000;

#[derive(Deserialize)]
pub(super) struct AnalysisBody {
    /// The position: after this many moves (the game's current position when absent).
    ply: Option<usize>,
    /// How many best moves to report, 1–5 (3 when absent).
    lines: Option<usize>,
}

/// A point as the page draws it, `[x, y]` from the top-left.
type Xy = [u8; 2];

fn xy(p: Point) -> Xy {
    [p.x, p.y]
}

/// One of the best moves.
#[derive(Debug, Serialize)]
struct LineView {
    point: Xy,
    /// For the side to move; see `win_in`.
    score: i32,
    /// Plies to a forced win (positive) or loss (negative), when the score is one.
    win_in: Option<i32>,
}

/// A colour's threat points.
#[derive(Debug, Serialize)]
struct ThreatsView {
    five: Vec<Xy>,
    four: Vec<Xy>,
    three: Vec<Xy>,
}

impl ThreatsView {
    fn of(t: &ThreatPoints) -> ThreatsView {
        let all = |v: &[Point]| v.iter().copied().map(xy).collect();
        ThreatsView {
            five: all(&t.five),
            four: all(&t.four),
            three: all(&t.three),
        }
    }
}

/// A colour's forced win.
#[derive(Debug, Serialize)]
struct WinView {
    /// `vcf` or `vct`.
    kind: &'static str,
    /// Attacker first, the defender's replies between, the five last.
    line: Vec<Xy>,
}

impl WinView {
    fn of(win: &ForcedWin) -> WinView {
        WinView {
            kind: match win.kind {
                WinKind::Vcf => "vcf",
                WinKind::Vct => "vct",
            },
            line: win.line.iter().copied().map(xy).collect(),
        }
    }
}

/// Both colours' figures, by colour name.
#[derive(Debug, Serialize)]
struct ByColour<T> {
    black: T,
    white: T,
}

/// `POST /api/gomoku/games/{id}/analysis`.
#[derive(Debug, Serialize)]
pub(super) struct AnalysisView {
    /// The position analysed: after this many moves.
    ply: usize,
    to_move: Side,
    lines: Vec<LineView>,
    depth: u32,
    nodes: u64,
    threats: ByColour<ThreatsView>,
    wins: ByColour<Option<WinView>>,
}

impl AnalysisView {
    fn new(ply: usize, a: &Analysis) -> AnalysisView {
        let win_in = |score: i32| {
            let plies = qipan_gomoku::engine::WIN - score.abs();
            (score.abs() > qipan_gomoku::engine::WIN_BOUND).then(|| plies * score.signum())
        };
        AnalysisView {
            ply,
            to_move: Side::of(a.to_move),
            lines: a
                .lines
                .iter()
                .map(|l| LineView {
                    point: xy(l.point),
                    score: l.score,
                    win_in: win_in(l.score),
                })
                .collect(),
            depth: a.depth,
            nodes: a.nodes,
            threats: ByColour {
                black: ThreatsView::of(&a.threats[0]),
                white: ThreatsView::of(&a.threats[1]),
            },
            wins: ByColour {
                black: a.wins[0].as_ref().map(WinView::of),
                white: a.wins[1].as_ref().map(WinView::of),
            },
        }
    }
}

/// Analyses the position after `ply` moves of a game anybody may watch. Not while a game between
/// two players goes on (for them or for anyone watching it: that would be help from outside);
/// once it is over, and in a game at one screen or against the engine, at any time.
pub(super) async fn analyse(
    State(app): State<AppState>,
    viewer: Viewer,
    compute: Compute,
    ApiPath(id): ApiPath<i64>,
    ApiJson(body): ApiJson<AnalysisBody>,
) -> Result<Json<AnalysisView>, ApiError> {
    let (saved, state) = saved::load::<GameState>(&app, &viewer, id).await?;
    if saved.status == GameStatus::Ongoing && saved.between_players() {
        return Err(ApiError::conflict(
            "no_analysis_during_live_game",
            "a game between two players is analysed once it is over",
        ));
    }
    let ply = body.ply.unwrap_or(state.moves.len());
    if ply > state.moves.len() {
        return Err(ApiError::unprocessable(
            "ply_out_of_range",
            format!("the game has {} moves", state.moves.len()),
        ));
    }
    let lines = body.lines.unwrap_or(3);
    if !(1..=MAX_LINES).contains(&lines) {
        return Err(ApiError::unprocessable(
            "lines_out_of_range",
            format!("the number of lines must be between 1 and {MAX_LINES}"),
        ));
    }
    let points = state.points()?;
    let board = Game::from_moves(state.rules()?, &points[..ply])
        .map_err(|(i, e)| ApiError::internal(format!("saved move {i} is illegal: {e}")))?
        .board()
        .clone();
    let rule_set = state.rule_set()?;
    let think = ANALYSIS_MS.min(u64::try_from(compute.max_time().as_millis()).unwrap_or(u64::MAX));
    let analysis = compute
        .run(Cost::Search, move |stop| {
            let limits = SearchLimits::millis(think).with_stop(stop.as_atomic());
            Engine::new(Level::MAX, 0).analyse(&board, rule_set, lines, limits)
        })
        .await?;
    Ok(Json(AnalysisView::new(ply, &analysis)))
}

//! How a game ends.
//!
//! # The rule set
//!
//! qipan follows the Asian Xiangqi Federation (AXF) rules as computer Xiangqi engines commonly
//! simplify them (Fairy-Stockfish, ElephantEye):
//!
//! * **Checkmate and stalemate (困毙) both lose** for the side to move (AXF rule 1: a side that
//!   has no legal move loses).
//! * **Repetition.** When a position (same pieces, same side to move) occurs for the third time
//!   ([`Rules::repetition_count`]), the moves since its first occurrence are examined. A side
//!   that gave check with every one of its moves in that cycle while the other did not
//!   (perpetual check, 长将) loses; when both or neither did, the game is drawn.
//!   *Simplified:* the AXF rules also forbid perpetual chasing (长捉) of an unprotected piece and
//!   judge mixed check/chase cycles; qipan, like most engines, judges only checks, so a perpetual
//!   chase is a draw here.
//! * **Natural move limit.** A game is drawn after [`Rules::no_capture_plies`] plies without a
//!   capture (default 120: 60 moves per side, the AXF limit).
//! * **Dead material.** A game is drawn when neither side has a piece that can cross the river
//!   (rook, horse, cannon or pawn): advisors, elephants and generals alone can never give check.

use crate::piece::{Color, Role};
use crate::position::Position;

/// How strictly the draw rules are applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// The occurrence of a position that ends the game by repetition (default 3).
    pub repetition_count: usize,
    /// Plies without a capture after which the game is drawn (default 120 = 60 moves per side);
    /// 0 turns the rule off.
    pub no_capture_plies: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            repetition_count: 3,
            no_capture_plies: 120,
        }
    }
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move (将死).
    Checkmate,
    /// The side to move is not in check but has no legal move (困毙); it loses.
    Stalemate,
    /// One side checked on every move through a repeated cycle (长将) and loses.
    PerpetualCheck,
    /// A position repeated without a perpetual check by only one side.
    Repetition,
    /// Too many plies without a capture.
    MoveLimit,
    /// Neither side has a piece that can cross the river.
    InsufficientMaterial,
}

impl EndReason {
    /// A stable machine-readable code, e.g. `"perpetual_check"`.
    pub const fn code(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::PerpetualCheck => "perpetual_check",
            EndReason::Repetition => "repetition",
            EndReason::MoveLimit => "move_limit",
            EndReason::InsufficientMaterial => "insufficient_material",
        }
    }

    /// The reason in Chinese.
    pub const fn chinese(self) -> &'static str {
        match self {
            EndReason::Checkmate => "将死",
            EndReason::Stalemate => "困毙",
            EndReason::PerpetualCheck => "长将判负",
            EndReason::Repetition => "重复局面判和",
            EndReason::MoveLimit => "自然限着判和",
            EndReason::InsufficientMaterial => "双方无过河子力判和",
        }
    }
}

/// The end of a game: who won (None for a draw) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, `None` for a draw.
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The PGN result: `1-0` (Red won), `0-1`, or `1/2-1/2`.
    pub const fn pgn_result(self) -> &'static str {
        match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// The verdict on a repeated position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Repetition {
    /// Both or neither side checked throughout: a draw.
    Draw,
    /// Only `loser` checked on every one of its moves in the cycle.
    PerpetualCheck {
        /// The side that kept checking.
        loser: Color,
    },
}

impl Position {
    /// The result of the game if it is over under the default [`Rules`].
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_with(&Rules::default())
    }

    /// The result of the game if it is over under `rules`.
    pub fn outcome_with(&self, rules: &Rules) -> Option<Outcome> {
        let side = self.side_to_move();
        if !self.has_legal_move() {
            let reason = if self.in_check() {
                EndReason::Checkmate
            } else {
                EndReason::Stalemate
            };
            return Some(Outcome {
                winner: Some(side.opposite()),
                reason,
            });
        }
        match self.repetition(rules.repetition_count) {
            Some(Repetition::PerpetualCheck { loser }) => {
                return Some(Outcome {
                    winner: Some(loser.opposite()),
                    reason: EndReason::PerpetualCheck,
                });
            }
            Some(Repetition::Draw) => {
                return Some(Outcome {
                    winner: None,
                    reason: EndReason::Repetition,
                });
            }
            None => {}
        }
        if rules.no_capture_plies > 0 && self.halfmove_clock() >= rules.no_capture_plies {
            return Some(Outcome {
                winner: None,
                reason: EndReason::MoveLimit,
            });
        }
        if self.insufficient_material() {
            return Some(Outcome {
                winner: None,
                reason: EndReason::InsufficientMaterial,
            });
        }
        None
    }

    /// Whether neither side has a piece that can cross the river.
    pub fn insufficient_material(&self) -> bool {
        Color::ALL.iter().all(|&color| {
            Role::ALL
                .iter()
                .filter(|role| role.can_cross_river())
                .all(|&role| self.count(color, role) == 0)
        })
    }

    /// Whether the current position has occurred at least `times` times in the moves made on
    /// this position (counting now; a capture or null move ends the search) and, if so, the
    /// verdict on the cycle from the earliest of those occurrences to now (see the module docs).
    ///
    /// A search usually calls this with `times = 2`; the game rule uses 3.
    pub fn repetition(&self, times: usize) -> Option<Repetition> {
        let n = self.history.len();
        let reversible = (self.halfmove_clock as usize).min(n);
        let mut seen = 1;
        let mut start = None;
        let mut k = n;
        while k >= 2 && n - (k - 2) <= reversible {
            k -= 2;
            if self.history[k].mv.is_none() || self.history[k + 1].mv.is_none() {
                break;
            }
            if self.history[k].hash == self.hash {
                seen += 1;
                if seen >= times {
                    start = Some(k);
                    break;
                }
            }
        }
        let start = start?;
        // Position k is history[k] (k < n) or the current one; it is "in check" when the move
        // that led to it gave check.
        let checked = |k: usize| {
            if k == n {
                self.in_check
            } else {
                self.history[k].in_check
            }
        };
        let mover = self.side.opposite();
        // The last mover made moves n, n-2, …, start+2; the side to move made n-1, …, start+1.
        let mover_always = (start + 2..=n).step_by(2).all(checked);
        let other_always = (start + 1..n).step_by(2).all(checked);
        Some(match (mover_always, other_always) {
            (true, false) => Repetition::PerpetualCheck { loser: mover },
            (false, true) => Repetition::PerpetualCheck {
                loser: mover.opposite(),
            },
            _ => Repetition::Draw,
        })
    }
}

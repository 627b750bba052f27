//! A game in progress: moves, turn, renju forbidden points, win and draw.

use crate::board::Board;
use crate::error::MoveError;
use crate::point::{Color, Point};
use crate::renju::{self, Forbidden};
use crate::rules::{ForbiddenPolicy, RuleSet, Rules};

/// Why a game was won.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WinReason {
    /// The winner made a winning row; `line` holds its stones.
    Five {
        /// The stones of the winning row, from one end to the other.
        line: Vec<Point>,
    },
    /// Black played a forbidden point (renju, with [`ForbiddenPolicy::Loses`]).
    ForbiddenMove {
        /// The forbidden point Black played.
        point: Point,
        /// Why it is forbidden.
        kind: Forbidden,
    },
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// The board is full and nobody won.
    Draw,
}

/// A game: rules, board, the moves so far and the outcome once decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    board: Board,
    moves: Vec<Point>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game with Black to move.
    pub fn new(rules: Rules) -> Game {
        let board = Board::new(u32::from(rules.size()))
            .unwrap_or_else(|_| unreachable!("Rules guarantee a valid size"));
        Game {
            rules,
            board,
            moves: vec![],
            outcome: None,
        }
    }

    /// A game replayed from a list of moves; the error says which move (1-based) is illegal.
    pub fn from_moves(rules: Rules, moves: &[Point]) -> Result<Game, (usize, MoveError)> {
        let mut game = Game::new(rules);
        for (i, &p) in moves.iter().enumerate() {
            game.play(p).map_err(|e| (i + 1, e))?;
        }
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played, in order (Black first).
    pub fn moves(&self) -> &[Point] {
        &self.moves
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// The colour to move.
    pub fn to_move(&self) -> Color {
        if self.moves.len().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Why `p` is forbidden for the side to move (only Black under renju can be forbidden).
    pub fn forbidden_kind(&self, p: Point) -> Option<Forbidden> {
        (self.rules.rule_set == RuleSet::Renju && self.to_move() == Color::Black)
            .then(|| renju::forbidden(&self.board, p))
            .flatten()
    }

    /// Every point forbidden to the side to move now.
    pub fn forbidden_points(&self) -> Vec<(Point, Forbidden)> {
        if self.rules.rule_set == RuleSet::Renju && self.to_move() == Color::Black {
            renju::forbidden_points(&self.board)
        } else {
            vec![]
        }
    }

    /// Plays `p` for the side to move and returns the outcome if the move ends the game.
    pub fn play(&mut self, p: Point) -> Result<Option<&Outcome>, MoveError> {
        if self.outcome.is_some() {
            return Err(MoveError::GameOver);
        }
        if !p.on_board(self.rules.size()) {
            return Err(MoveError::OffBoard {
                x: u32::from(p.x),
                y: u32::from(p.y),
            });
        }
        if self.board.get(p).is_some() {
            return Err(MoveError::Occupied(p.to_coord(self.rules.size())));
        }
        let color = self.to_move();
        let exact = self.rules.rule_set.exact_five(color);
        let outcome = if let Some(line) = self.board.five_through(p, color, exact) {
            Some(Outcome::Win {
                winner: color,
                reason: WinReason::Five { line },
            })
        } else if let Some(kind) = self.forbidden_kind(p) {
            if self.rules.forbidden == ForbiddenPolicy::Refused {
                return Err(MoveError::Forbidden {
                    point: p.to_coord(self.rules.size()),
                    kind,
                });
            }
            Some(Outcome::Win {
                winner: Color::White,
                reason: WinReason::ForbiddenMove { point: p, kind },
            })
        } else {
            None
        };
        self.board.set(p, Some(color));
        self.moves.push(p);
        self.outcome = outcome.or_else(|| self.board.is_full().then_some(Outcome::Draw));
        Ok(self.outcome.as_ref())
    }

    /// Takes back the last move, returning it (None at the start).
    pub fn undo(&mut self) -> Option<Point> {
        let p = self.moves.pop()?;
        self.board.set(p, None);
        self.outcome = None;
        Some(p)
    }
}

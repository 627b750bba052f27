//! A game as a player plays it: one level, its clock, score, hints, shuffles, undo and pause.
//!
//! The game keeps no clock of its own: every action carries `now_ms`, the milliseconds since the
//! game began by the caller's clock (the server's, so that the server is the judge of time). All
//! fields are plain data, public so that a caller can save and restore a game.

use crate::board::Board;
use crate::deal::{DealSpec, deal, shuffle};
use crate::error::Error;
use crate::level::Level;
use crate::path::Path;
use crate::point::{Move, Point};
use crate::solver::{Limits, Verdict, solve};

/// Points for each pair removed.
pub const PAIR_POINTS: u32 = 10;
/// Extra points per step of a chain of quick removals, up to [`MAX_CHAIN`] steps.
pub const CHAIN_POINTS: u32 = 5;
/// Longest chain that earns more.
pub const MAX_CHAIN: u32 = 5;
/// A removal within this many milliseconds of the one before extends the chain.
pub const CHAIN_WINDOW_MS: u64 = 3_000;
/// Points for each whole second left on the clock when the board is cleared.
pub const SECOND_POINTS: u32 = 2;
/// Points for each hint or shuffle left when the board is cleared.
pub const SPARE_HELP_POINTS: u32 = 20;
/// Positions the solver may expand to pick a hint that keeps the board clearable.
pub const HINT_NODES: u64 = 5_000;

/// Where a game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// The clock runs.
    Playing,
    /// The clock is stopped.
    Paused,
    /// The board was cleared.
    Won,
    /// Time ran out.
    TimeUp,
    /// No pair could be removed and no shuffle was left.
    NoMoves,
}

impl Status {
    /// Every status.
    pub const ALL: [Status; 5] = [
        Status::Playing,
        Status::Paused,
        Status::Won,
        Status::TimeUp,
        Status::NoMoves,
    ];

    /// Its stable name: `playing`, `paused`, `won`, `time_up` or `no_moves`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Playing => "playing",
            Status::Paused => "paused",
            Status::Won => "won",
            Status::TimeUp => "time_up",
            Status::NoMoves => "no_moves",
        }
    }

    /// Whether the game has ended.
    pub fn is_over(self) -> bool {
        matches!(self, Status::Won | Status::TimeUp | Status::NoMoves)
    }
}

/// What a removal can be taken back to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Snapshot {
    /// The board before the removal.
    pub board: Board,
    /// The score before it.
    pub score: u32,
    /// The chain before it.
    pub chain: u32,
    /// When the removal before it happened (active time, ms).
    pub last_removal_ms: Option<u64>,
}

/// What a successful removal did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removal {
    /// The path that joined the two tiles (drawn for a moment).
    pub path: Path,
    /// Points it earned (the win bonus included when it cleared the board).
    pub points: u32,
    /// Whether the board had no move left afterwards and was shuffled, using a shuffle.
    pub reshuffled: bool,
}

/// A game of one level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// The level played.
    pub level: Level,
    /// The seed of the deal (shuffles derive theirs from it).
    pub seed: u64,
    /// The board now.
    pub board: Board,
    /// Where the game stands.
    pub status: Status,
    /// Points so far.
    pub score: u32,
    /// Quick removals in a row so far.
    pub chain: u32,
    /// Active time of the last removal, ms.
    pub last_removal_ms: Option<u64>,
    /// Hints left.
    pub hints_left: u32,
    /// Shuffles left.
    pub shuffles_left: u32,
    /// Shuffles done so far (for their seeds).
    pub shuffles_done: u32,
    /// Time spent paused, ms.
    pub paused_ms: u64,
    /// When the current pause began, if paused.
    pub paused_since: Option<u64>,
    /// Active time when the game ended, ms.
    pub finished_ms: Option<u64>,
    /// Removals that can be taken back, latest last (a shuffle clears it).
    pub history: Vec<Snapshot>,
}

impl Game {
    /// A new game of `level`, dealt from `seed` (always clearable in the level's mode).
    pub fn new(level: Level, seed: u64) -> Result<Game, Error> {
        let spec = DealSpec {
            mode: level.mode,
            ..DealSpec::new(level.rows, level.cols, level.kinds)
        };
        let board = deal(&spec, seed)?.board;
        Ok(Game {
            level,
            seed,
            board,
            status: Status::Playing,
            score: 0,
            chain: 0,
            last_removal_ms: None,
            hints_left: level.hints,
            shuffles_left: level.shuffles,
            shuffles_done: 0,
            paused_ms: 0,
            paused_since: None,
            finished_ms: None,
            history: Vec::new(),
        })
    }

    /// Active (unpaused) time at `now_ms`, ms.
    pub fn active_ms(&self, now_ms: u64) -> u64 {
        if let Some(done) = self.finished_ms {
            return done;
        }
        let paused = self.paused_ms + self.paused_since.map_or(0, |s| now_ms.saturating_sub(s));
        now_ms.saturating_sub(paused)
    }

    /// Milliseconds left on the clock at `now_ms`.
    pub fn time_left_ms(&self, now_ms: u64) -> u64 {
        (u64::from(self.level.seconds) * 1000).saturating_sub(self.active_ms(now_ms))
    }

    /// Ends the game if time has run out by `now_ms`. Call before each action.
    pub fn tick(&mut self, now_ms: u64) {
        if !self.status.is_over() && self.time_left_ms(now_ms) == 0 {
            self.finish(Status::TimeUp, now_ms);
        }
    }

    /// Removes the tiles at `a` and `b`, or says why not.
    pub fn remove(&mut self, a: Point, b: Point, now_ms: u64) -> Result<Removal, Error> {
        self.playable(now_ms)?;
        let before = Snapshot {
            board: self.board.clone(),
            score: self.score,
            chain: self.chain,
            last_removal_ms: self.last_removal_ms,
        };
        let path = self.board.play(a, b, self.level.mode)?;
        self.history.push(before);
        let active = self.active_ms(now_ms);
        let quick = self
            .last_removal_ms
            .is_some_and(|t| active.saturating_sub(t) <= CHAIN_WINDOW_MS);
        self.chain = if quick {
            (self.chain + 1).min(MAX_CHAIN)
        } else {
            0
        };
        self.last_removal_ms = Some(active);
        let mut points = PAIR_POINTS + CHAIN_POINTS * self.chain;
        let mut reshuffled = false;
        if self.board.is_cleared() {
            points += SECOND_POINTS * (self.time_left_ms(now_ms) / 1000) as u32
                + SPARE_HELP_POINTS * (self.hints_left + self.shuffles_left);
            self.score += points;
            self.finish(Status::Won, now_ms);
        } else {
            self.score += points;
            if !self.board.has_move() {
                if self.shuffles_left > 0 {
                    self.shuffle_board()?;
                    reshuffled = true;
                } else {
                    self.finish(Status::NoMoves, now_ms);
                }
            }
        }
        Ok(Removal {
            path,
            points,
            reshuffled,
        })
    }

    /// A pair to remove next, chosen so that the board stays clearable when the solver can
    /// tell quickly; uses a hint.
    pub fn hint(&mut self, now_ms: u64) -> Result<Move, Error> {
        self.playable(now_ms)?;
        if self.hints_left == 0 {
            return Err(Error::NoHintsLeft);
        }
        let limits = Limits {
            max_nodes: HINT_NODES,
            time: None,
        };
        let best = match solve(&self.board, self.level.mode, limits).verdict {
            Verdict::Clearable(moves) => moves.first().copied(),
            Verdict::Stuck | Verdict::Unknown => None,
        };
        let found = best
            .or_else(|| self.board.removable_pairs().first().copied())
            .ok_or(Error::GameOver)?;
        self.hints_left -= 1;
        Ok(found)
    }

    /// Rearranges the tiles left into a clearable board; uses a shuffle and clears the undo
    /// history.
    pub fn shuffle(&mut self, now_ms: u64) -> Result<(), Error> {
        self.playable(now_ms)?;
        if self.shuffles_left == 0 {
            return Err(Error::NoShufflesLeft);
        }
        self.shuffle_board()
    }

    /// Takes back the last removal (its points too).
    pub fn undo(&mut self, now_ms: u64) -> Result<(), Error> {
        self.playable(now_ms)?;
        let last = self.history.pop().ok_or(Error::NothingToUndo)?;
        self.board = last.board;
        self.score = last.score;
        self.chain = last.chain;
        self.last_removal_ms = last.last_removal_ms;
        Ok(())
    }

    /// Stops the clock (the board should be hidden meanwhile).
    pub fn pause(&mut self, now_ms: u64) -> Result<(), Error> {
        self.playable(now_ms)?;
        self.paused_since = Some(now_ms);
        self.status = Status::Paused;
        Ok(())
    }

    /// Starts the clock again.
    pub fn resume(&mut self, now_ms: u64) -> Result<(), Error> {
        if self.status.is_over() {
            return Err(Error::GameOver);
        }
        if let Some(since) = self.paused_since.take() {
            self.paused_ms += now_ms.saturating_sub(since);
        }
        self.status = Status::Playing;
        Ok(())
    }

    fn playable(&mut self, now_ms: u64) -> Result<(), Error> {
        self.tick(now_ms);
        match self.status {
            Status::Playing => Ok(()),
            Status::Paused => Err(Error::Paused),
            Status::Won | Status::TimeUp | Status::NoMoves => Err(Error::GameOver),
        }
    }

    fn shuffle_board(&mut self) -> Result<(), Error> {
        self.shuffles_done += 1;
        let seed = self
            .seed
            .wrapping_add(u64::from(self.shuffles_done).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        self.board = shuffle(&self.board, self.level.mode, seed)?.0;
        self.shuffles_left -= 1;
        self.history.clear();
        Ok(())
    }

    fn finish(&mut self, status: Status, now_ms: u64) {
        self.finished_ms = Some(
            self.active_ms(now_ms)
                .min(u64::from(self.level.seconds) * 1000),
        );
        self.status = status;
        self.paused_since = None;
    }
}

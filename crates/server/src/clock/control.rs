//! Time controls: how much time each side has and how it is given back.

use serde::{Deserialize, Serialize};

use crate::error::ApiError;

/// A time control, as saved with a game and sent to pages (times in milliseconds).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimeControl {
    /// Fischer: `initial_ms` each, `increment_ms` added after every move of one's own (an
    /// increment of 0 is plain sudden death). Written `5+3` (minutes + seconds).
    Fischer {
        /// Each side's time at the start.
        initial_ms: i64,
        /// Added to the mover's time after each of its moves.
        increment_ms: i64,
    },
    /// The Chinese 局时+步时 style: `game_ms` of game time each (局时), and every move made within
    /// `move_ms` (步时); once a side's game time is spent, each of its moves must be made within
    /// `overtime_ms` (读秒; 0 means none: the flag falls with the game time).
    GameAndMove {
        /// Each side's game time (局时).
        game_ms: i64,
        /// The longest a move may take while game time remains (步时).
        move_ms: i64,
        /// The time for each move once the game time is spent (读秒).
        overtime_ms: i64,
    },
}

/// A time control as a request names it, in whole seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControlBody {
    /// See [`TimeControl::Fischer`].
    Fischer {
        /// Each side's time at the start, in seconds.
        initial_seconds: i64,
        /// Seconds added after each move (0 for sudden death).
        #[serde(default)]
        increment_seconds: i64,
    },
    /// See [`TimeControl::GameAndMove`].
    GameAndMove {
        /// 局时, in seconds.
        game_seconds: i64,
        /// 步时, in seconds.
        move_seconds: i64,
        /// 读秒, in seconds (0 or absent: none).
        #[serde(default)]
        overtime_seconds: i64,
    },
}

/// The longest game time a side may have: three hours.
const MAX_GAME_SECONDS: i64 = 3 * 3600;
/// The longest increment or per-move time: one hour.
const MAX_MOVE_SECONDS: i64 = 3600;

/// How fast a game is, by its estimated duration (lichess's classes: the initial time plus 40
/// times the per-move addition).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Speed {
    /// Under 3 minutes.
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// 25 minutes or more.
    Classical,
}

impl Speed {
    /// Every class, fastest first.
    pub const ALL: [Speed; 4] = [Speed::Bullet, Speed::Blitz, Speed::Rapid, Speed::Classical];

    /// Its name in URLs and JSON.
    pub fn as_str(self) -> &'static str {
        match self {
            Speed::Bullet => "bullet",
            Speed::Blitz => "blitz",
            Speed::Rapid => "rapid",
            Speed::Classical => "classical",
        }
    }
}

impl TimeControlBody {
    /// The control, checked: 422 `bad_time_control` for times out of range.
    pub fn control(self) -> Result<TimeControl, ApiError> {
        let check = |what: &str, value: i64, min: i64, max: i64| {
            if (min..=max).contains(&value) {
                Ok(value * 1000)
            } else {
                Err(ApiError::unprocessable(
                    "bad_time_control",
                    format!("{what} must be {min}–{max} seconds, not {value}"),
                ))
            }
        };
        Ok(match self {
            TimeControlBody::Fischer {
                initial_seconds,
                increment_seconds,
            } => TimeControl::Fischer {
                initial_ms: check("the initial time", initial_seconds, 1, MAX_GAME_SECONDS)?,
                increment_ms: check("the increment", increment_seconds, 0, MAX_MOVE_SECONDS)?,
            },
            TimeControlBody::GameAndMove {
                game_seconds,
                move_seconds,
                overtime_seconds,
            } => TimeControl::GameAndMove {
                game_ms: check("the game time (局时)", game_seconds, 1, MAX_GAME_SECONDS)?,
                move_ms: check("the move time (步时)", move_seconds, 1, MAX_MOVE_SECONDS)?,
                overtime_ms: check("the overtime (读秒)", overtime_seconds, 0, MAX_MOVE_SECONDS)?,
            },
        })
    }
}

impl TimeControl {
    /// Each side's time at the start.
    pub fn initial_ms(self) -> i64 {
        match self {
            TimeControl::Fischer { initial_ms, .. } => initial_ms,
            TimeControl::GameAndMove { game_ms, .. } => game_ms,
        }
    }

    /// The game's speed class: estimated duration = initial + 40 × the time given per move
    /// (the increment; the 读秒 of a game-and-move control).
    pub fn speed(self) -> Speed {
        let per_move = match self {
            TimeControl::Fischer { increment_ms, .. } => increment_ms,
            TimeControl::GameAndMove { overtime_ms, .. } => overtime_ms,
        };
        let estimate_s = (self.initial_ms() + 40 * per_move) / 1000;
        match estimate_s {
            s if s < 180 => Speed::Bullet,
            s if s < 480 => Speed::Blitz,
            s if s < 1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// How long the mover may still take for this move with `remaining_ms` of its time left.
    pub fn allowance_ms(self, remaining_ms: i64) -> i64 {
        match self {
            TimeControl::Fischer { .. } => remaining_ms,
            TimeControl::GameAndMove {
                move_ms,
                overtime_ms,
                ..
            } if remaining_ms > 0 => move_ms.min(remaining_ms + overtime_ms),
            TimeControl::GameAndMove { overtime_ms, .. } => overtime_ms,
        }
    }

    /// The mover's time after a move that took `elapsed_ms` within its allowance.
    pub fn after_move(self, remaining_ms: i64, elapsed_ms: i64) -> i64 {
        match self {
            TimeControl::Fischer { increment_ms, .. } => remaining_ms - elapsed_ms + increment_ms,
            TimeControl::GameAndMove { .. } => (remaining_ms - elapsed_ms).max(0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_are_checked_and_turned_into_milliseconds() {
        let body = TimeControlBody::Fischer {
            initial_seconds: 300,
            increment_seconds: 3,
        };
        assert_eq!(
            body.control().unwrap(),
            TimeControl::Fischer {
                initial_ms: 300_000,
                increment_ms: 3_000
            }
        );
        let too_long = TimeControlBody::Fischer {
            initial_seconds: 4 * 3600,
            increment_seconds: 0,
        };
        assert_eq!(too_long.control().unwrap_err().code, "bad_time_control");
        let no_move_time = TimeControlBody::GameAndMove {
            game_seconds: 600,
            move_seconds: 0,
            overtime_seconds: 30,
        };
        assert_eq!(no_move_time.control().unwrap_err().code, "bad_time_control");
    }

    #[test]
    fn speed_classes_follow_the_estimated_duration() {
        let fischer = |initial_ms, increment_ms| TimeControl::Fischer {
            initial_ms,
            increment_ms,
        };
        assert_eq!(fischer(60_000, 0).speed(), Speed::Bullet); // 1+0
        assert_eq!(fischer(180_000, 0).speed(), Speed::Blitz); // 3+0
        assert_eq!(fischer(300_000, 3_000).speed(), Speed::Blitz); // 5+3: 420 s
        assert_eq!(fischer(600_000, 5_000).speed(), Speed::Rapid); // 10+5: 800 s
        assert_eq!(fischer(900_000, 10_000).speed(), Speed::Rapid); // 15+10: 1300 s
        assert_eq!(fischer(1_800_000, 0).speed(), Speed::Classical);
    }

    #[test]
    fn game_and_move_allows_the_move_time_then_the_overtime() {
        let control = TimeControl::GameAndMove {
            game_ms: 600_000,
            move_ms: 60_000,
            overtime_ms: 30_000,
        };
        assert_eq!(control.allowance_ms(600_000), 60_000); // 步时 caps the move
        assert_eq!(control.allowance_ms(10_000), 40_000); // 10 s of 局时, then 30 s of 读秒
        assert_eq!(control.allowance_ms(0), 30_000); // 读秒 only
        assert_eq!(control.after_move(10_000, 25_000), 0);
        let no_overtime = TimeControl::GameAndMove {
            game_ms: 600_000,
            move_ms: 60_000,
            overtime_ms: 0,
        };
        assert_eq!(no_overtime.allowance_ms(10_000), 10_000);
    }
}

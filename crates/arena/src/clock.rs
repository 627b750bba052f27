//! Time controls and the clocks the arena keeps for each engine.

use std::time::Duration;

use crate::error::ArenaError;

/// How much time an engine gets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeControl {
    /// A fixed time for every move.
    MoveTime(Duration),
    /// A base time for the game plus an increment after every move (Fischer).
    Fischer {
        /// Time at the start of the game.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
}

impl TimeControl {
    /// Parses `SECONDS+INC` (e.g. `10+0.1`, or `60` for no increment).
    pub fn parse_fischer(text: &str) -> Result<TimeControl, ArenaError> {
        let bad = || ArenaError::BadTimeControl(text.to_string());
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let seconds = |s: &str| -> Result<Duration, ArenaError> {
            let v: f64 = s.trim().parse().map_err(|_| bad())?;
            if !(0.0..=86_400.0).contains(&v) {
                return Err(bad());
            }
            Ok(Duration::from_secs_f64(v))
        };
        let base = seconds(base)?;
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl::Fischer {
            base,
            increment: seconds(inc)?,
        })
    }
}

/// What an engine is told about the clocks when asked to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockView {
    /// Fixed time for this move, if the match is played at fixed move time.
    pub movetime: Option<Duration>,
    /// Time left on the mover's clock (Fischer).
    pub own_time: Duration,
    /// The mover's increment.
    pub own_increment: Duration,
    /// Time left on the opponent's clock.
    pub opponent_time: Duration,
    /// The opponent's increment.
    pub opponent_increment: Duration,
}

/// One engine's clock.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    control: TimeControl,
    left: Duration,
}

impl Clock {
    /// A full clock for a new game.
    pub fn new(control: TimeControl) -> Clock {
        let left = match control {
            TimeControl::MoveTime(t) => t,
            TimeControl::Fischer { base, .. } => base,
        };
        Clock { control, left }
    }

    /// Time the engine may use for its next move before it loses on time.
    pub fn allowance(&self) -> Duration {
        match self.control {
            TimeControl::MoveTime(t) => t,
            TimeControl::Fischer { .. } => self.left,
        }
    }

    /// The increment.
    pub fn increment(&self) -> Duration {
        match self.control {
            TimeControl::MoveTime(_) => Duration::ZERO,
            TimeControl::Fischer { increment, .. } => increment,
        }
    }

    /// Charges a move that took `used`; returns false if the flag fell.
    pub fn charge(&mut self, used: Duration) -> bool {
        match self.control {
            TimeControl::MoveTime(t) => used <= t,
            TimeControl::Fischer { increment, .. } => {
                if used > self.left {
                    self.left = Duration::ZERO;
                    return false;
                }
                self.left = self.left - used + increment;
                true
            }
        }
    }

    /// The view the mover gets, given the opponent's clock.
    pub fn view(&self, opponent: &Clock) -> ClockView {
        ClockView {
            movetime: match self.control {
                TimeControl::MoveTime(t) => Some(t),
                TimeControl::Fischer { .. } => None,
            },
            own_time: self.left,
            own_increment: self.increment(),
            opponent_time: opponent.left,
            opponent_increment: opponent.increment(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fischer_controls_parse_and_bad_ones_are_refused() {
        assert_eq!(
            TimeControl::parse_fischer("10+0.1").expect("valid"),
            TimeControl::Fischer {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            }
        );
        assert!(TimeControl::parse_fischer("60").is_ok());
        for bad in ["", "x+1", "0+1", "-5+0", "10+y"] {
            assert!(TimeControl::parse_fischer(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_clock_runs_down_gains_increments_and_falls() {
        let mut c = Clock::new(TimeControl::Fischer {
            base: Duration::from_secs(1),
            increment: Duration::from_millis(100),
        });
        assert!(c.charge(Duration::from_millis(600)));
        assert_eq!(c.allowance(), Duration::from_millis(500));
        assert!(!c.charge(Duration::from_millis(501)));
        let mut m = Clock::new(TimeControl::MoveTime(Duration::from_millis(100)));
        assert!(m.charge(Duration::from_millis(100)));
        assert!(!m.charge(Duration::from_millis(101)));
    }
}

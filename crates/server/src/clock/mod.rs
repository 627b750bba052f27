//! Game clocks kept by the server: the time control, each seat's time, whose clock runs and since
//! when. Pure logic over explicit instants (Unix milliseconds), so that it is tested without
//! waiting; `api::timed` charges it at every accepted action and the referee (`crate::referee`)
//! ends a game whose running clock reaches zero.

mod control;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use control::{Speed, TimeControl, TimeControlBody};

/// A game's clock, saved with the game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Each seat's time left (for the running seat: as of `since_ms`).
    pub remaining: BTreeMap<String, i64>,
    /// The seat whose clock runs: the side to move, from the first move on; `None` before it and
    /// once the game is over.
    pub running: Option<String>,
    /// When the running seat's turn began (Unix ms).
    pub since_ms: i64,
}

/// A clock ran out: `seat` lost on time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Flag {
    /// The seat whose time ran out.
    pub seat: String,
}

/// Below this much time left the page warns (or a fifth of the initial time in shorter games).
const LOW_TIME_MS: i64 = 10_000;

/// A clock as a page sees it at one instant.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClockView {
    /// The time control.
    pub control: TimeControl,
    /// Each seat's time left now.
    pub remaining: BTreeMap<String, i64>,
    /// The seat whose clock runs.
    pub running: Option<String>,
    /// How long the running seat has before its flag falls (the per-move limit included).
    pub turn_left_ms: Option<i64>,
    /// Warn when the time left for a move falls below this.
    pub low_time_ms: i64,
}

impl Clock {
    /// A clock for `seats` under `control`, not running until the first move.
    pub fn new(control: TimeControl, seats: &[&str]) -> Clock {
        Clock {
            control,
            remaining: seats
                .iter()
                .map(|s| ((*s).to_owned(), control.initial_ms()))
                .collect(),
            running: None,
            since_ms: 0,
        }
    }

    fn remaining_of(&self, seat: &str) -> i64 {
        self.remaining.get(seat).copied().unwrap_or(0)
    }

    /// When the running seat's flag falls (Unix ms); `None` when no clock runs.
    pub fn deadline_ms(&self) -> Option<i64> {
        let seat = self.running.as_deref()?;
        Some(self.since_ms + self.control.allowance_ms(self.remaining_of(seat)))
    }

    /// The clock after an action accepted at `now_ms` that leaves `next` to move (`None`: the
    /// game is over). A turn that passes charges the mover the time it took (and gives it the
    /// increment); an action that leaves the same side to move (a draw offer, a declined
    /// take-back) changes nothing, so that it cannot restart a per-move limit. The first move
    /// starts the clock. `Err` when the running seat's time had run out before `now_ms`.
    pub fn charge(&self, now_ms: i64, next: Option<&str>) -> Result<Clock, Flag> {
        let mut clock = self.clone();
        let Some(mover) = self.running.clone() else {
            clock.running = next.map(str::to_owned);
            clock.since_ms = now_ms;
            return Ok(clock);
        };
        if self.deadline_ms().is_some_and(|deadline| now_ms > deadline) {
            return Err(Flag { seat: mover });
        }
        if next == Some(mover.as_str()) {
            return Ok(clock);
        }
        let elapsed = (now_ms - self.since_ms).max(0);
        let left = self.control.after_move(self.remaining_of(&mover), elapsed);
        clock.remaining.insert(mover, left);
        clock.running = next.map(str::to_owned);
        clock.since_ms = now_ms;
        Ok(clock)
    }

    /// The clock stopped with `seat` out of time.
    pub fn flagged(&self, seat: &str) -> Clock {
        let mut clock = self.clone();
        clock.remaining.insert(seat.to_owned(), 0);
        clock.running = None;
        clock
    }

    /// The running seat, if its time ran out before `now_ms`.
    pub fn overdue(&self, now_ms: i64) -> Option<Flag> {
        let deadline = self.deadline_ms()?;
        (now_ms > deadline).then(|| Flag {
            seat: self.running.clone().unwrap_or_default(),
        })
    }

    /// The clock as it stands at `now_ms`.
    pub fn view(&self, now_ms: i64) -> ClockView {
        let mut remaining = self.remaining.clone();
        let mut turn_left_ms = None;
        if let (Some(seat), Some(deadline)) = (&self.running, self.deadline_ms()) {
            let elapsed = (now_ms - self.since_ms).max(0);
            let left = self.remaining_of(seat);
            remaining.insert(seat.clone(), (left - elapsed).max(0));
            turn_left_ms = Some((deadline - now_ms).max(0));
        }
        ClockView {
            control: self.control,
            remaining,
            running: self.running.clone(),
            turn_left_ms,
            low_time_ms: LOW_TIME_MS.min(self.control.initial_ms() / 5),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fischer(initial_ms: i64, increment_ms: i64) -> Clock {
        Clock::new(
            TimeControl::Fischer {
                initial_ms,
                increment_ms,
            },
            &["red", "black"],
        )
    }

    #[test]
    fn the_first_move_starts_the_clock_and_each_move_charges_its_mover() {
        let clock = fischer(60_000, 2_000);
        assert_eq!(clock.deadline_ms(), None);
        let clock = clock.charge(1_000, Some("black")).unwrap();
        assert_eq!(clock.running.as_deref(), Some("black"));
        assert_eq!(clock.deadline_ms(), Some(61_000));
        // Black thinks 5 s: 60 - 5 + 2.
        let clock = clock.charge(6_000, Some("red")).unwrap();
        assert_eq!(clock.remaining["black"], 57_000);
        assert_eq!(clock.remaining["red"], 60_000);
        assert_eq!(clock.deadline_ms(), Some(66_000));
        let view = clock.view(16_000);
        assert_eq!(view.remaining["red"], 50_000);
        assert_eq!(view.turn_left_ms, Some(50_000));
    }

    #[test]
    fn a_move_after_the_deadline_is_a_flag_not_a_move() {
        let clock = fischer(10_000, 0).charge(0, Some("black")).unwrap();
        assert!(clock.charge(10_000, Some("red")).is_ok());
        assert_eq!(
            clock.charge(10_001, Some("red")),
            Err(Flag {
                seat: "black".into()
            })
        );
        assert_eq!(clock.overdue(10_001).map(|f| f.seat), Some("black".into()));
        assert_eq!(clock.overdue(9_000), None);
    }

    #[test]
    fn an_action_that_keeps_the_turn_does_not_restart_the_move() {
        let clock = Clock::new(
            TimeControl::GameAndMove {
                game_ms: 600_000,
                move_ms: 30_000,
                overtime_ms: 0,
            },
            &["red", "black"],
        )
        .charge(0, Some("black"))
        .unwrap();
        // A draw offer by Black 20 s in keeps Black's move running from 0.
        let offered = clock.charge(20_000, Some("black")).unwrap();
        assert_eq!(offered, clock);
        assert_eq!(offered.deadline_ms(), Some(30_000));
        assert!(offered.charge(31_000, Some("red")).is_err());
    }

    #[test]
    fn the_end_of_the_game_stops_the_clock() {
        let clock = fischer(60_000, 0).charge(0, Some("black")).unwrap();
        let over = clock.charge(4_000, None).unwrap();
        assert_eq!(over.running, None);
        assert_eq!(over.remaining["black"], 56_000);
        assert_eq!(over.deadline_ms(), None);
        assert_eq!(over.view(100_000).remaining["black"], 56_000);
    }
}

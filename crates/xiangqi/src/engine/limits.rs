//! What bounds a search (depth, nodes, move time, a clock) and the time management that turns a
//! clock into a budget for one move.
//!
//! **Time management.** With a clock, the engine aims to spend `time / moves_to_go + 3/4 of the
//! increment` (moves to go defaults to [`DEFAULT_MOVES_TO_GO`]): that is the *soft* budget, after
//! which no new iteration is started once half of it is used. The *hard* budget, checked while
//! searching, is five times the soft one but never more than a third of the time left, and
//! always keeps [`SAFETY_MARGIN`] (or 5% of the clock, if more) in reserve, so the flag never
//! falls because of the engine. A fixed move time is used to the full but 5% (at most
//! [`SAFETY_MARGIN`]): the search stops when it is spent and keeps what the unfinished iteration
//! proved. A clock whose whole time is for this one move (`movestogo 1` without increment: how
//! UCCI GUIs and the arena give a fixed time per move) is a fixed move time too, kept to a tenth
//! in reserve (at least 5 ms, at most [`SAFETY_MARGIN`]).
//!
//! **Where the time is counted from.** The GUI's clock runs from the moment it sends `go`, so
//! the budget is counted from [`Limits::started`] (the protocol loop sets it when it reads the
//! `go` line), not from the start of the search: waiting for a previous search to stop, setting
//! up the search and starting its thread all count. The search looks at the clock every
//! [`CLOCK_CHECK_NODES`] nodes (well under a millisecond) and stops at once when the hard budget
//! is spent; what is left between that and the flag is the reserve, spent on sending `bestmove`
//! and on the scheduling delays of a busy machine. Measured on two cores with three runnable
//! processes per core (compiles running), the answer left the engine at most about 50 ms after
//! the hard budget, and the pipes and the GUI's own wake-up can add as much again, which is what
//! a GUI's or the arena's time margin (`qipan arena --margin-ms`) is for.

use std::time::{Duration, Instant};

/// Reserve kept on the clock for process and pipe latency.
pub const SAFETY_MARGIN: Duration = Duration::from_millis(50);
/// How many nodes the search visits between two looks at the clock.
pub const CLOCK_CHECK_NODES: u64 = 512;
/// Moves to go assumed under a sudden-death or Fischer clock.
pub const DEFAULT_MOVES_TO_GO: u32 = 30;
/// Deepest iteration the search will start.
pub const MAX_DEPTH: i32 = 64;

/// A game clock as seen by the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock {
    /// Time left.
    pub time: Duration,
    /// Increment per move.
    pub increment: Duration,
    /// Moves until the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// Limits of one search; every limit given applies, the first reached ends the search. With none
/// at all (or `infinite`), the search runs until stopped.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<i32>,
    /// Nodes to search at most.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// The clock.
    pub clock: Option<Clock>,
    /// Search until stopped, whatever else is given.
    pub infinite: bool,
    /// When the time for this move began (when the `go` command arrived); the time budget is
    /// counted from it. `None`: from the start of the search.
    pub started: Option<Instant>,
}

impl Limits {
    /// A search to a fixed depth.
    pub fn depth(depth: i32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    /// A search of fixed duration.
    pub fn movetime(time: Duration) -> Limits {
        Limits {
            movetime: Some(time),
            ..Limits::default()
        }
    }
}

/// The time budget of one search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Do not start a new iteration after half of this.
    pub soft: Option<Duration>,
    /// Stop searching at this.
    pub hard: Option<Duration>,
}

impl Budget {
    /// The budget for `limits`.
    pub fn new(limits: &Limits) -> Budget {
        if limits.infinite {
            return Budget {
                soft: None,
                hard: None,
            };
        }
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(t) = limits.movetime {
            // A fixed time is used to the end: the search stops when it is spent, keeping the
            // best move of the unfinished iteration if it found one, so no new iteration is held
            // back. The reserve is 5% (at most the usual margin).
            let reserve = SAFETY_MARGIN.min(t / 20);
            hard = Some(t.saturating_sub(reserve).max(Duration::from_millis(1)));
        }
        if let Some(clock) = limits.clock
            && clock.moves_to_go == Some(1)
            && clock.increment.is_zero()
        {
            // The whole clock is for this one move (UCCI's fixed move time, `go time 100
            // movestogo 1`, or the last move before a time control): used as a fixed move time,
            // to the end but a tenth (at least 5 ms, at most the usual margin).
            let reserve = SAFETY_MARGIN.min((clock.time / 10).max(Duration::from_millis(5)));
            let t = clock
                .time
                .saturating_sub(reserve)
                .max(Duration::from_millis(1));
            hard = Some(hard.map_or(t, |h| h.min(t)));
        } else if let Some(clock) = limits.clock {
            let reserve = SAFETY_MARGIN.max(clock.time / 20);
            let usable = clock
                .time
                .saturating_sub(reserve)
                .max(Duration::from_millis(1));
            let mtg = clock
                .moves_to_go
                .unwrap_or(DEFAULT_MOVES_TO_GO)
                .clamp(1, 100);
            let target = (clock.time / mtg + clock.increment * 3 / 4).min(usable);
            let cap = if mtg == 1 { usable } else { usable / 3 };
            let max = (target * 5).min(cap).max(target.min(usable));
            soft = Some(soft.map_or(target, |s| s.min(target)));
            hard = Some(hard.map_or(max, |h| h.min(max)));
        }
        Budget { soft, hard }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(ms),
                increment: Duration::from_millis(inc),
                moves_to_go: mtg,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn the_hard_budget_always_leaves_a_reserve() {
        for (ms, inc, mtg) in [
            (60_000, 0, None),
            (1_000, 1_000, None),
            (100, 0, Some(1)),
            (30, 0, None),
            (5_000, 100, Some(2)),
        ] {
            let budget = Budget::new(&clock(ms, inc, mtg));
            let hard = budget.hard.expect("a clock gives a budget");
            let time = Duration::from_millis(ms);
            assert!(
                hard < time || time <= Duration::from_millis(1),
                "{ms}+{inc}: {hard:?}"
            );
            let single_move = mtg == Some(1) && inc == 0;
            let reserve = if single_move {
                SAFETY_MARGIN.min(time / 10)
            } else {
                SAFETY_MARGIN
            };
            if time > SAFETY_MARGIN * 2 {
                assert!(hard + reserve <= time, "{ms}+{inc}: {hard:?}");
            }
        }
    }

    #[test]
    fn a_minute_is_spread_over_the_game() {
        let budget = Budget::new(&clock(60_000, 0, None));
        assert_eq!(budget.soft, Some(Duration::from_millis(2_000)));
        assert_eq!(budget.hard, Some(Duration::from_millis(10_000)));
        let fixed = Budget::new(&Limits::movetime(Duration::from_millis(1000)));
        assert_eq!(fixed.hard, Some(Duration::from_millis(950)));
        assert_eq!(fixed.soft, None, "no iteration is held back");
        let short = Budget::new(&Limits::movetime(Duration::from_millis(100)));
        assert_eq!(short.hard, Some(Duration::from_millis(95)));
        assert_eq!(Budget::new(&Limits::default()).hard, None);
    }

    #[test]
    fn a_clock_for_one_move_is_a_fixed_move_time() {
        // `go time 100 movestogo 1` (usemillisec): 90 ms, no iteration held back.
        let one = Budget::new(&clock(100, 0, Some(1)));
        assert_eq!(one.hard, Some(Duration::from_millis(90)));
        assert_eq!(one.soft, None);
        assert_eq!(
            Budget::new(&clock(500, 0, Some(1))).hard,
            Some(Duration::from_millis(450))
        );
        assert_eq!(
            Budget::new(&clock(10_000, 0, Some(1))).hard,
            Some(Duration::from_millis(9_950))
        );
        assert_eq!(
            Budget::new(&clock(30, 0, Some(1))).hard,
            Some(Duration::from_millis(25))
        );
    }
}

//! How long a search may run: a node count (deterministic, for tests and constructions), a
//! deadline (a clock for interactive answers), and a flag another thread may set to stop it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Nodes between two looks at the clock and the stop flag: reading the clock costs about as much
/// as a few search nodes, so looking every few thousand keeps it free and the reply prompt.
const CHECK_EVERY: u64 = 4096;

/// Limits on a search; it stops at whichever comes first. The default has none.
///
/// ```
/// use qipan_knight::Budget;
/// use std::sync::atomic::AtomicBool;
/// use std::time::{Duration, Instant};
/// let stop = AtomicBool::new(false);
/// let budget = Budget::until(Instant::now() + Duration::from_secs(1)).with_stop(&stop);
/// assert!(budget.nodes.is_none());
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Budget<'a> {
    /// At most this many search nodes.
    pub nodes: Option<u64>,
    /// Stop once this instant has passed.
    pub deadline: Option<Instant>,
    /// Stop once this flag is set (by another thread: a server whose client has gone).
    pub stop: Option<&'a AtomicBool>,
}

impl<'a> Budget<'a> {
    /// No limit at all.
    pub const UNLIMITED: Budget<'static> = Budget {
        nodes: None,
        deadline: None,
        stop: None,
    };

    /// At most `nodes` search nodes: the same answer on every machine.
    pub fn nodes(nodes: u64) -> Self {
        Budget {
            nodes: Some(nodes),
            ..Budget::default()
        }
    }

    /// Until `deadline`.
    pub fn until(deadline: Instant) -> Self {
        Budget {
            deadline: Some(deadline),
            ..Budget::default()
        }
    }

    /// The same budget, also stopped when `stop` is set.
    pub fn with_stop(self, stop: &'a AtomicBool) -> Self {
        Budget {
            stop: Some(stop),
            ..self
        }
    }

    /// The same budget with at most `nodes` search nodes.
    pub(crate) fn at_most(self, nodes: u64) -> Self {
        Budget {
            nodes: Some(self.nodes.map_or(nodes, |n| n.min(nodes))),
            ..self
        }
    }

    /// Whether a search that has visited `nodes` nodes must stop. The clock and the flag are
    /// read on the first node and then every [`CHECK_EVERY`] nodes.
    pub(crate) fn spent(&self, nodes: u64) -> bool {
        if self.nodes.is_some_and(|max| nodes > max) {
            return true;
        }
        nodes % CHECK_EVERY == 1 && self.out_of_time()
    }

    /// Whether the deadline has passed or the stop flag is set.
    pub(crate) fn out_of_time(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn each_limit_stops_on_its_own() {
        assert!(!Budget::UNLIMITED.spent(1));
        assert!(Budget::nodes(10).spent(11));
        assert!(!Budget::nodes(10).spent(10));
        assert!(Budget::nodes(10).at_most(5).spent(6));
        // A cap never raises the limit.
        assert!(Budget::nodes(5).at_most(10).spent(6));
        assert!(!Budget::nodes(5).at_most(10).spent(5));
        let past = Budget::until(Instant::now());
        assert!(past.spent(1));
        // Between two looks at the clock the search goes on.
        assert!(!past.spent(2));
        let later = Budget::until(Instant::now() + Duration::from_secs(3600));
        assert!(!later.spent(1));
        let flag = AtomicBool::new(false);
        let flagged = later.with_stop(&flag);
        assert!(!flagged.spent(CHECK_EVERY + 1));
        flag.store(true, Ordering::Relaxed);
        assert!(flagged.spent(CHECK_EVERY + 1));
    }
}

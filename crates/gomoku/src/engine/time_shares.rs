//! How one move's thinking time is shared out: the root's threat searches (for a win, then
//! against the opponent's) each stop at a share of it, and the main search has the rest.

use std::time::{Duration, Instant};

/// Below this thinking time the root's defences against the opponent's VCF and VCT are
/// skipped, and the searches for a win get smaller shares. At 200 ms a move (175 ms of
/// thinking) the deep defence ran out of its share without a verdict, taking half the move, in
/// 5 of the 18 `benches/match-positions.txt` positions that reach it, and the VCT for a win ran
/// out of its quarter in 7; without them the engine scored 66.9 % against pela (160 games,
/// openings 1–40) where it had scored 64.6 % with them (240 games): within the noise, and the
/// main search gets the whole move. At 1 s (900 ms) the defences mostly finish, and they were
/// kept there for what they gained at 1 s (the crate README has the matches).
const SHORT: Duration = Duration::from_millis(400);

/// When each of the root's threat searches must stop, for one move.
pub(super) struct TimeShares {
    start: Instant,
    time: Duration,
    short: bool,
}

impl TimeShares {
    /// The shares of `time`, counted from `start`.
    pub(super) fn new(start: Instant, time: Duration) -> TimeShares {
        TimeShares {
            start,
            time,
            short: time < SHORT,
        }
    }

    /// When the search for a VCF win stops.
    pub(super) fn vcf_win(&self) -> Instant {
        self.at(if self.short { 80 } else { 200 })
    }

    /// When the search for a VCT win stops.
    pub(super) fn vct_win(&self) -> Instant {
        self.at(if self.short { 100 } else { 250 })
    }

    /// When the filters that keep the moves stopping the opponent's VCF or short VCT stop;
    /// None when there is no time for them.
    pub(super) fn defences(&self) -> Option<Instant> {
        (!self.short).then(|| self.at(400))
    }

    /// When the deep defence against a long connected VCT stops; None when there is no time
    /// for it.
    pub(super) fn deep_defence(&self) -> Option<Instant> {
        (!self.short).then(|| self.at(500))
    }

    /// The instant `permille` thousandths of the time after the start.
    fn at(&self, permille: u32) -> Instant {
        self.start + self.time * permille / 1000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At a long time the shares come one after another, each within the move's time; at a
    /// short time the defences are skipped and the win searches end sooner.
    #[test]
    fn short_moves_skip_the_defences_and_long_moves_share_in_order() {
        let start = Instant::now();
        let long = TimeShares::new(start, Duration::from_secs(1));
        let ends = [
            long.vcf_win(),
            long.vct_win(),
            long.defences().unwrap(),
            long.deep_defence().unwrap(),
        ];
        assert!(ends.is_sorted());
        assert!(ends[3] < start + Duration::from_secs(1));
        let short = TimeShares::new(start, Duration::from_millis(175));
        assert!(short.defences().is_none() && short.deep_defence().is_none());
        assert!(short.vct_win() - start < Duration::from_millis(175) / 4);
    }
}

//! The root defence against a long threat sequence, as the classic engines defend (pela's
//! "defend" step, for one): if the opponent, were it to move, had a deep VCT of connected
//! threats, the moves worth trying are the points of that win — its threats, the defences they
//! beat — and the points where either side makes a four; of these, only the ones after which the
//! deep VCT fails are kept.

use std::time::Instant;

use super::search::Searcher;
use super::state::kind;

/// Threats (attacking moves) of the opponent's connected VCT the root defence looks for.
const DEPTH: u32 = 7;
/// The shallower VCTs are the root's short VCT filter's.
const FIRST_DEPTH: u32 = 4;

impl Searcher<'_> {
    /// The root moves that stop the opponent's deep connected VCT, or `moves` unchanged when it
    /// has none, when none stops it, or when `deadline` passes first. A move kept need not be
    /// one of `moves` (those are the best few by shape; a defence may rank lower).
    pub(super) fn deep_defence(
        &mut self,
        moves: Vec<usize>,
        deadline: Instant,
        vcf_depth: u32,
    ) -> Vec<usize> {
        let saved = self.deadline;
        self.set_deadline(deadline);
        let kept = self.defences_found(vcf_depth);
        self.set_deadline(saved);
        match kept {
            Some(kept) if !kept.is_empty() => kept,
            _ => moves,
        }
    }

    /// The defences that hold, or None when there is nothing to defend or time ran out.
    fn defences_found(&mut self, vcf_depth: u32) -> Option<Vec<usize>> {
        let me = self.st.side();
        let opp = me.opponent();
        // Deepening: the shortest win is found first, and its defences are checked at its depth.
        self.trace = Some(vec![]);
        self.st.pass();
        let mut found = None;
        for depth in FIRST_DEPTH..=DEPTH {
            if self.vct_connected(depth, vcf_depth).is_some() {
                found = Some(depth);
                break;
            }
            if self.stopped {
                break;
            }
        }
        self.st.unpass();
        let trace = self.trace.take().unwrap_or_default();
        let depth = found.filter(|_| !self.stopped)?;
        let mut tried: Vec<usize> = vec![];
        for q in trace
            .into_iter()
            .chain(self.st.points_of_kind(opp, kind::FOUR))
            .chain(self.st.points_of_kind(me, kind::FOUR))
        {
            if self.st.is_empty(q) && !tried.contains(&q) && self.st.is_legal(q, me) {
                tried.push(q);
            }
        }
        tried.sort_by_key(|&q| std::cmp::Reverse(self.st.move_shape(q)));
        let mut kept = vec![];
        for q in tried {
            self.st.make(q);
            let holds = self.vct_connected(depth, vcf_depth).is_none();
            self.st.unmake();
            if self.stopped {
                return None;
            }
            if holds {
                kept.push(q);
            }
        }
        Some(kept)
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::engine::state::State;
    use crate::engine::tt::Tt;
    use crate::point::{Color, Point};
    use crate::rules::RuleSet;

    /// On random crowded positions (stones dropped in the central 7×7 square; three of these 44
    /// have a long threat to defend): whenever the opponent has a long connected VCT, the
    /// defence keeps only empty points after which a VCT as long is gone, and the board comes
    /// back as it was.
    #[test]
    fn the_moves_kept_stop_the_long_threat() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut restricted = 0;
        for _ in 0..44 {
            let mut st = State::new(15, RuleSet::Freestyle);
            let calm = |st: &State| {
                [Color::Black, Color::White]
                    .into_iter()
                    .all(|c| !st.has_kind(c, kind::FLEX_FOUR))
            };
            while st.stones() < 22 && calm(&st) {
                let i = st.index(Point::new(rng.random_range(4..11), rng.random_range(4..11)));
                if st.is_empty(i) {
                    st.make(i);
                }
            }
            if !calm(&st) {
                continue;
            }
            let hash = st.hash();
            let mut tt = Tt::new(10);
            let deadline = Instant::now() + Duration::from_secs(30);
            let mut searcher = Searcher::new(&mut st, &mut tt, deadline, None);
            let all: Vec<usize> = vec![usize::MAX];
            let kept = searcher.deep_defence(all.clone(), deadline, 8);
            assert_eq!(searcher.st.hash(), hash, "the board is restored");
            if kept == all {
                continue;
            }
            restricted += 1;
            let attacker = searcher.st.side().opponent();
            searcher.st.pass();
            let depth = (FIRST_DEPTH..=DEPTH).find(|&d| searcher.vct_connected(d, 8).is_some());
            searcher.st.unpass();
            let depth = depth.expect("moves were kept against a long threat");
            for &q in &kept {
                assert!(searcher.st.is_empty(q));
                searcher.st.make(q);
                assert_eq!(searcher.st.side(), attacker);
                let found = searcher.vct_connected(depth, 8);
                searcher.st.unmake();
                assert_eq!(found, None, "a kept move leaves the long VCT standing");
            }
        }
        assert!(restricted > 0, "no position had a long threat to defend");
    }
}

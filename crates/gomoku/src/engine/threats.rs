//! Threat-space search (L. V. Allis, H. J. van den Herik, M. P. H. Huntjens, "Go-Moku and
//! Threat-Space Search", 1993/1994): VCF, victory by continuous fours, where every attacking move
//! is a four and the defence is forced; and VCT, victory by continuous threats, where the attacker
//! may also play open threes and every defence (blocking points and counter-fours) is tried.

use super::search::Searcher;
use super::state::kind;
use crate::point::Color;
use crate::rules::RuleSet;

impl Searcher<'_> {
    /// A VCF for the side to move within `depth` attacking moves: the first move of the win.
    pub fn vcf(&mut self, depth: u32) -> Option<usize> {
        self.vcf_from(depth, Threats::Any)
    }

    /// A VCF whose fours after the first lie on a line of the one before, within five steps, as
    /// pela's four search plays them. It misses the wins that need an unrelated four in between,
    /// and costs a small part of [`vcf`](Self::vcf): what the leaves of the main search use.
    pub fn vcf_connected(&mut self, depth: u32) -> Option<usize> {
        self.vcf_from(depth, Threats::Connected(None))
    }

    /// A VCF whose fours are restricted as `fours` says.
    fn vcf_from(&mut self, depth: u32, fours: Threats) -> Option<usize> {
        let me = self.st.side();
        let opp = me.opponent();
        if let Some(&p) = self.st.five_points(me, None).first() {
            self.record(p);
            return Some(p);
        }
        let opp_fives = self.st.five_points(opp, None);
        if opp_fives.len() >= 2 || depth == 0 || self.tick() {
            return None;
        }
        // With one four left, a four of one five point wins only if the defender may not
        // block it (a forbidden point for Black in renju): elsewhere only an open or double four
        // wins, and is not worth playing out.
        let last_four_may_win = me == Color::White && self.st.rule_set() == RuleSet::Renju;
        if depth == 1 && !last_four_may_win && !self.st.has_kind(me, kind::FLEX_FOUR) {
            return None;
        }
        let key = self.st.hash() ^ u64::from(depth) ^ fours.salt();
        if self.vcf_failed.contains(key) {
            return None;
        }
        let mut moves: Vec<usize> = match (opp_fives.is_empty(), fours.last()) {
            // The defender's block made a four: only a four that blocks it keeps the initiative.
            (false, _) => opp_fives
                .into_iter()
                .filter(|&q| self.st.kind(q, me) >= kind::FOUR)
                .collect(),
            (true, Some(last)) => self.line_points_of_kind(last, me, kind::FOUR),
            (true, None) => self.st.points_of_kind(me, kind::FOUR),
        };
        moves.sort_by_key(|&p| std::cmp::Reverse((self.st.kind(p, me), self.st.value(p, me))));
        for p in moves {
            if !self.st.is_legal(p, me) {
                continue;
            }
            if self.st.kind(p, me) == kind::FLEX_FOUR {
                self.record(p);
                return Some(p);
            }
            if depth == 1 && !last_four_may_win {
                continue;
            }
            let mark = self.trace_mark();
            self.st.make(p);
            let win = self.after_four(p, |s| s.vcf_from(depth - 1, fours.after(p)).is_some());
            self.st.unmake();
            if win {
                self.record(p);
                self.remember_win(p);
                return Some(p);
            }
            self.trace_back(mark);
        }
        if !self.stopped {
            self.vcf_failed.insert(key);
        }
        None
    }

    /// After the attacker's four at `p` (already made): the defender blocks the five point, then
    /// `then` decides whether the attacker still wins.
    fn after_four(&mut self, p: usize, then: impl FnOnce(&mut Self) -> bool) -> bool {
        let attacker = self.st.side().opponent();
        let fives = self.st.five_points(attacker, Some(p));
        let Some(&q) = fives.first() else {
            return false;
        };
        if fives.len() >= 2 {
            return true;
        }
        if attacker == Color::White
            && self.st.rule_set() == RuleSet::Renju
            && self.st.is_forbidden(q)
        {
            // Black cannot block on a forbidden point.
            return true;
        }
        self.st.make(q);
        let win = then(self);
        self.st.unmake();
        if win {
            self.record(q);
        }
        win
    }

    /// A VCT for the side to move within `depth` attacking moves (each tried VCF-first).
    pub fn vct(&mut self, depth: u32, vcf_depth: u32) -> Option<usize> {
        self.vct_from(depth, vcf_depth, Threats::Any)
    }

    /// A VCT whose open threes after the first build on the one before: each lies on one of
    /// its lines, within five steps, as the threats of a real threat sequence do (Allis's
    /// dependent threats). Less complete than [`vct`](Self::vct) at a given depth, it reaches
    /// much deeper in the same time: what the root defence uses to see long attacks coming.
    pub fn vct_connected(&mut self, depth: u32, vcf_depth: u32) -> Option<usize> {
        self.vct_from(depth, vcf_depth, Threats::Connected(None))
    }

    fn vct_from(&mut self, depth: u32, vcf_depth: u32, threats: Threats) -> Option<usize> {
        if let Some(p) = self.vcf(vcf_depth) {
            return Some(p);
        }
        let me = self.st.side();
        let opp = me.opponent();
        if depth == 0 || self.tick() || !self.st.five_points(opp, None).is_empty() {
            return None;
        }
        let key = self.st.hash() ^ (u64::from(depth) << 8) ^ threats.salt();
        if self.vct_failed.contains(key) {
            return None;
        }
        let mut moves = match threats {
            Threats::Connected(Some(last)) => self.line_points_of_kind(last, me, kind::THREE),
            _ => self.st.points_of_kind(me, kind::THREE),
        };
        moves.sort_by_key(|&p| std::cmp::Reverse(self.st.value(p, me)));
        moves.truncate(16);
        for p in moves {
            if !self.st.is_legal(p, me) {
                continue;
            }
            let mark = self.trace_mark();
            self.st.make(p);
            let win = self.refutes_all_defences(p, depth, vcf_depth, threats.after(p));
            self.st.unmake();
            if win {
                self.record(p);
                self.remember_win(p);
                return Some(p);
            }
            self.trace_back(mark);
            if self.stopped {
                return None;
            }
        }
        if !self.stopped {
            self.vct_failed.insert(key);
        }
        None
    }

    /// With the attacker's threat at `p` just made, whether every defence still loses to a VCT.
    /// A five point of the attacker's must be blocked first, wherever it is: after a
    /// counter-four, the attacker's block may have made a four away from `p`, and the
    /// defender's block of it may also stop the threat at `p`.
    fn refutes_all_defences(
        &mut self,
        p: usize,
        depth: u32,
        vcf_depth: u32,
        threats: Threats,
    ) -> bool {
        let defender = self.st.side();
        let attacker = defender.opponent();
        let fives = self.st.five_points(attacker, None);
        let defences: Vec<usize> = if !fives.is_empty() {
            fives
        } else {
            let mut d = self.line_points_of_kind(p, attacker, kind::FOUR);
            let threat = d
                .iter()
                .any(|&q| self.st.kind(q, attacker) == kind::FLEX_FOUR);
            if !threat {
                return false;
            }
            for q in self.st.points_of_kind(defender, kind::FOUR) {
                if !d.contains(&q) {
                    d.push(q);
                }
            }
            d
        };
        for d in defences {
            if !self.st.is_legal(d, defender) {
                continue;
            }
            self.st.make(d);
            let still = if self.st.five_points(defender, Some(d)).is_empty() {
                self.vct_from(depth - 1, vcf_depth, threats).is_some()
            } else {
                self.after_counter_four(d, p, depth, vcf_depth, threats)
            };
            self.st.unmake();
            if !still {
                return false;
            }
            self.record(d);
        }
        !self.stopped
    }

    /// The defender answered the attacker's threat at `p` with a four at `d` (already made): the
    /// attacker wins at once with a five of its own, or blocks, and the defender, to move again,
    /// still faces the threat at `p` (unless the four or the block changed it).
    fn after_counter_four(
        &mut self,
        d: usize,
        p: usize,
        depth: u32,
        vcf_depth: u32,
        threats: Threats,
    ) -> bool {
        let attacker = self.st.side();
        if !self.st.five_points(attacker, None).is_empty() {
            return true;
        }
        let fives = self.st.five_points(attacker.opponent(), Some(d));
        let [q] = fives[..] else {
            return false;
        };
        if !self.st.is_legal(q, attacker) || self.tick() {
            return false;
        }
        self.st.make(q);
        let still = self.refutes_all_defences(p, depth, vcf_depth, threats);
        self.st.unmake();
        if still {
            self.record(q);
        }
        still
    }

    /// Notes `p` as a move of the win being proved, when a trace is kept.
    fn record(&mut self, p: usize) {
        if let Some(trace) = &mut self.trace {
            trace.push(p);
        }
    }

    /// The trace's length now, to go back to if the branch being tried fails.
    fn trace_mark(&self) -> usize {
        self.trace.as_ref().map_or(0, Vec::len)
    }

    /// Forgets the moves traced since `mark` (their branch failed).
    fn trace_back(&mut self, mark: usize) {
        if let Some(trace) = &mut self.trace {
            trace.truncate(mark);
        }
    }

    /// The empty points within five steps of `p` along its four lines where `c` makes at least
    /// the kind `min`, line by line.
    pub(super) fn line_points_of_kind(&self, p: usize, c: Color, min: u8) -> Vec<usize> {
        let mut out = vec![];
        for step in self.st.dirs() {
            for o in (-5..=5isize).filter(|&o| o != 0) {
                let q = (p as isize + o * step) as usize;
                if self.st.is_empty(q) && self.st.kind(q, c) >= min {
                    out.push(q);
                }
            }
        }
        out
    }
}

/// Which threats (open threes in a VCT, fours in a VCF) a threat search may play.
#[derive(Clone, Copy)]
enum Threats {
    /// Any point where the attacker makes the threat.
    Any,
    /// After the first, only points on the lines of the previous threat (`Some(previous)`).
    Connected(Option<usize>),
}

impl Threats {
    /// The restriction for the threat after one at `p`.
    fn after(self, p: usize) -> Threats {
        match self {
            Threats::Any => Threats::Any,
            Threats::Connected(_) => Threats::Connected(Some(p)),
        }
    }

    /// The previous threat, when the next must lie on its lines.
    fn last(self) -> Option<usize> {
        match self {
            Threats::Connected(last) => last,
            Threats::Any => None,
        }
    }

    /// What the fail cache key mixes in, so that searches under different restrictions do
    /// not share failures.
    fn salt(self) -> u64 {
        match self {
            Threats::Any => 0x5555,
            Threats::Connected(None) => 0x6a09_e667_f3bc_c908,
            Threats::Connected(Some(last)) => (last as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::engine::state::State;
    use crate::engine::tt::Tt;
    use crate::point::{Color, Point};

    /// On random crowded positions, the connected VCF finds a win only where the complete VCF of
    /// the same depth finds one (it searches a subset of the same tree), starts it with a four,
    /// finds most of them, and leaves the board as it was.
    #[test]
    fn the_connected_vcf_is_a_sound_subset_of_the_complete_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut complete_wins, mut connected_wins) = (0, 0);
        for _ in 0..300 {
            // Random stones in the centre, stopped before any four (a win in one is no test).
            let mut st = State::new(15, RuleSet::Freestyle);
            let has_four = |st: &State| {
                [Color::Black, Color::White]
                    .iter()
                    .any(|&c| st.has_kind(c, kind::FIVE))
            };
            while st.stones() < 24 && !has_four(&st) {
                let i = st.index(Point::new(rng.random_range(3..12), rng.random_range(3..12)));
                if st.is_empty(i) {
                    st.make(i);
                }
            }
            if has_four(&st) {
                continue;
            }
            let hash = st.hash();
            let mut tt = Tt::new(10);
            let deadline = Instant::now() + Duration::from_secs(60);
            let mut searcher = Searcher::new(&mut st, &mut tt, deadline, None);
            let connected = searcher.vcf_connected(6);
            let complete = searcher.vcf(6);
            let me = searcher.st.side();
            if let Some(p) = connected {
                assert!(
                    searcher.st.kind(p, me) >= kind::FOUR,
                    "a VCF starts with a four"
                );
                assert!(complete.is_some(), "a connected win is a win");
                connected_wins += 1;
            }
            complete_wins += usize::from(complete.is_some());
            assert_eq!(searcher.st.hash(), hash, "the board is restored");
        }
        assert!(
            complete_wins >= 10,
            "the positions hold wins: {complete_wins}"
        );
        assert!(
            connected_wins * 2 >= complete_wins,
            "the connected VCF finds most of them: {connected_wins} of {complete_wins}"
        );
    }

    /// Whether the side to move wins with one four, played out stone by stone: a four the
    /// defender cannot block (two five points, or the one on a point forbidden to Black), or
    /// one after whose block a five point is still left.
    fn wins_with_one_four(st: &mut State) -> bool {
        let me = st.side();
        for p in st.points_of_kind(me, kind::FOUR) {
            if !st.is_legal(p, me) {
                continue;
            }
            st.make(p);
            let fives = st.five_points(me, Some(p));
            let win = match fives[..] {
                [] => false,
                [q] if !st.is_legal(q, me.opponent()) => true,
                [q] => {
                    st.make(q);
                    let left = !st.five_points(me, None).is_empty();
                    st.unmake();
                    left
                }
                _ => true,
            };
            st.unmake();
            if win {
                return true;
            }
        }
        false
    }

    /// The VCF of one four answers as playing every four out does, though it plays out only
    /// the renju fours whose block may be forbidden: on random crowded positions of every rule
    /// set, for both colours.
    #[test]
    fn a_vcf_of_one_four_finds_exactly_the_fours_that_win() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut wins = 0;
        for rule_set in [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju] {
            for _ in 0..300 {
                let mut st = State::new(15, rule_set);
                let any_five = |st: &State| {
                    [Color::Black, Color::White]
                        .iter()
                        .any(|&c| st.has_kind(c, kind::FIVE))
                };
                let stones = rng.random_range(12..30);
                while st.stones() < stones && !any_five(&st) {
                    let i = st.index(Point::new(rng.random_range(3..12), rng.random_range(3..12)));
                    if st.is_empty(i) && st.is_legal(i, st.side()) {
                        st.make(i);
                    }
                }
                if any_five(&st) {
                    continue;
                }
                let expected = wins_with_one_four(&mut st);
                let mut tt = Tt::new(10);
                let deadline = Instant::now() + Duration::from_secs(60);
                let mut searcher = Searcher::new(&mut st, &mut tt, deadline, None);
                let found = searcher.vcf(1);
                assert_eq!(found.is_some(), expected, "{rule_set:?}");
                wins += usize::from(expected);
            }
        }
        assert!(wins >= 20, "the positions hold wins in one four: {wins}");
    }

    /// Whether the attacker, to move, wins by fours whatever the defender replies: with a five,
    /// by blocking the defender's one five point when every reply then loses, or by a VCF.
    fn attacker_wins(s: &mut Searcher, vcf_depth: u32) -> bool {
        let attacker = s.st.side();
        if s.st.has_kind(attacker, kind::FIVE) {
            return true;
        }
        match s.st.five_points(attacker.opponent(), None)[..] {
            [] => s.vcf(vcf_depth).is_some(),
            [q] => {
                s.st.make(q);
                let win = every_reply_loses(s, vcf_depth);
                s.st.unmake();
                win
            }
            _ => false,
        }
    }

    /// Whether every reply of the defender, to move, loses: every empty point is tried, not
    /// only the threat search's blocks and counter-fours.
    fn every_reply_loses(s: &mut Searcher, vcf_depth: u32) -> bool {
        let defender = s.st.side();
        if s.st.has_kind(defender, kind::FIVE) {
            return false;
        }
        let replies: Vec<usize> =
            s.st.points()
                .iter()
                .copied()
                .filter(|&r| s.st.is_empty(r))
                .collect();
        replies.into_iter().all(|r| {
            s.st.make(r);
            let win = attacker_wins(s, vcf_depth);
            s.st.unmake();
            win
        })
    }

    /// A VCT of one open three claims a win only where the attacker wins against every reply,
    /// counter-fours and the blocks they force included (the block of a counter-four may make a
    /// four of the attacker's own, which the defender must block in turn, and that block may
    /// also stop the three): on random crowded positions, each win found is checked against
    /// every empty point as the defender's answer.
    #[test]
    fn a_vct_of_one_three_wins_against_every_reply() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut checked = 0;
        for _ in 0..400 {
            let mut st = State::new(15, RuleSet::Freestyle);
            let has_four = |st: &State| {
                [Color::Black, Color::White]
                    .iter()
                    .any(|&c| st.has_kind(c, kind::FIVE))
            };
            let stones = rng.random_range(16..36);
            while st.stones() < stones && !has_four(&st) {
                let i = st.index(Point::new(rng.random_range(3..12), rng.random_range(3..12)));
                if st.is_empty(i) {
                    st.make(i);
                }
            }
            if has_four(&st) {
                continue;
            }
            let mut tt = Tt::new(10);
            let deadline = Instant::now() + Duration::from_secs(60);
            let mut searcher = Searcher::new(&mut st, &mut tt, deadline, None);
            if searcher.vcf(6).is_some() {
                continue;
            }
            let Some(p) = searcher.vct(1, 6) else {
                continue;
            };
            searcher.st.make(p);
            assert!(
                every_reply_loses(&mut searcher, 6),
                "the three at {:?} is answered",
                searcher.st.point(p)
            );
            searcher.st.unmake();
            checked += 1;
        }
        assert!(
            checked >= 20,
            "the positions hold wins by one three: {checked}"
        );
    }

    /// From a match game (qipan–pela at 200 ms a move, 2026-12-06, Black qipan to move):
    /// Black's open three at j2 is met by White's counter-four l4; Black's block at k4 makes a
    /// four of its own (h7 j5 k4 l3), which White blocks at i6, and Black has no VCF left. The
    /// VCT once called j2 a win: after a counter-four it looked for the attacker's five points
    /// only around the three, so it missed the four made by the block and tried White's blocks
    /// of the three instead of i6. Every empty point is tried as White's answer to j2 here.
    #[test]
    fn a_vct_weighs_the_four_made_by_blocking_a_counter_four() {
        let line = "j10 h9 j6 h8 j8 j9 k9 l8 k6 h6 h7 k8 l10 i7 i10 k10 j5 j4 k3 k5 l6 m6 l3 l7 \
                    n5 m4 m5 n4 i9 k7 m11 n12 i11 i12 g13 h12";
        let moves = crate::record::coords::parse(line, 15)
            .expect("a valid line")
            .moves;
        let mut st = State::new(15, RuleSet::Freestyle);
        for p in moves {
            let i = st.index(p);
            st.make(i);
        }
        let j2 = st.index(Point::new(9, 13));
        let mut tt = Tt::new(10);
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut searcher = Searcher::new(&mut st, &mut tt, deadline, None);
        searcher.st.make(j2);
        assert!(
            !every_reply_loses(&mut searcher, 24),
            "some answer to j2 holds"
        );
        searcher.st.unmake();
        assert_eq!(searcher.vct(1, 24), None, "no VCT of one three");
    }
}

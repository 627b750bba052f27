//! The lines an analysis board shows: always a whole set of one depth, best first.
//!
//! The engine reports its principal variations one at a time (line 1 of depth 7, then line 2 of
//! depth 7, ...), and a turn after the first starts again from depth 1. Shown as they come, the
//! lines would mix depths (line 1 of depth 8 above line 2 of depth 7), and a deeper line 1 may
//! score below a shallower line 3. So a set is shown only once every line of its depth is in,
//! and never a shallower set after a deeper one.

use super::analysis_run::LineView;

/// The set shown and the set being completed.
#[derive(Debug, Default)]
pub struct ShownLines {
    /// Lines in a whole set: those asked for, or fewer when the position has fewer moves.
    wanted: usize,
    shown: Vec<LineView>,
    forming: Vec<LineView>,
}

impl ShownLines {
    /// No lines yet, `wanted` to a set.
    pub fn new(wanted: usize) -> ShownLines {
        ShownLines {
            wanted: wanted.max(1),
            ..ShownLines::default()
        }
    }

    /// The set shown.
    pub fn shown(&self) -> &[LineView] {
        &self.shown
    }

    /// Takes a line the engine completed; true when the set shown changed.
    pub fn keep(&mut self, line: LineView) -> bool {
        if line.multipv == 1 {
            self.forming.clear();
        } else if self.forming.len() + 1 != line.multipv
            || self.forming.first().is_some_and(|f| f.depth != line.depth)
        {
            // Not the next line of the set being formed (its iteration was cut short).
            return false;
        }
        self.forming.push(line);
        if self.forming.len() < self.wanted {
            return false;
        }
        let mut set = std::mem::take(&mut self.forming);
        let shallower = self
            .shown
            .first()
            .is_some_and(|shown| set[0].depth < shown.depth);
        if shallower {
            return false;
        }
        // Each line excludes the moves of those above it, so it rarely scores higher; when it
        // does, it is shown higher.
        set.sort_by_key(|line| std::cmp::Reverse(line.score));
        for (place, line) in set.iter_mut().enumerate() {
            line.multipv = place + 1;
        }
        self.shown = set;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(multipv: usize, depth: i32, score: i32, first: &str) -> LineView {
        LineView {
            multipv,
            depth,
            seldepth: depth,
            score,
            score_red: score,
            mate_in: None,
            pv: vec![first.to_owned()],
            chinese: Vec::new(),
            wxf: Vec::new(),
            nodes: 0,
            nps: 0,
        }
    }

    fn firsts(lines: &ShownLines) -> Vec<(&str, i32)> {
        lines
            .shown()
            .iter()
            .map(|l| (l.pv[0].as_str(), l.depth))
            .collect()
    }

    #[test]
    fn a_set_is_shown_only_when_every_line_of_its_depth_is_in() {
        let mut lines = ShownLines::new(3);
        assert!(!lines.keep(line(1, 1, 50, "a")));
        assert!(!lines.keep(line(2, 1, 40, "b")));
        assert!(lines.shown().is_empty());
        assert!(lines.keep(line(3, 1, 30, "c")));
        assert!(!lines.keep(line(1, 2, -1, "a")));
        assert!(!lines.keep(line(2, 2, 45, "b")));
        assert_eq!(firsts(&lines), [("a", 1), ("b", 1), ("c", 1)]);
        assert!(lines.keep(line(3, 2, 20, "c")));
        // Best first, numbered again.
        assert_eq!(firsts(&lines), [("b", 2), ("c", 2), ("a", 2)]);
        assert_eq!(
            lines.shown().iter().map(|l| l.multipv).collect::<Vec<_>>(),
            [1, 2, 3]
        );
    }

    #[test]
    fn a_cut_short_set_or_a_shallower_one_is_not_shown() {
        let mut lines = ShownLines::new(2);
        lines.keep(line(1, 5, 10, "a"));
        lines.keep(line(2, 5, 5, "b"));
        // Depth 6 cut short after line 1; the next turn starts again from depth 1.
        assert!(!lines.keep(line(1, 6, 12, "a")));
        assert!(!lines.keep(line(1, 1, 30, "b")));
        assert!(!lines.keep(line(2, 1, 20, "a")));
        assert!(!lines.keep(line(2, 6, 20, "c")));
        assert_eq!(firsts(&lines), [("a", 5), ("b", 5)]);
        lines.keep(line(1, 5, 11, "a"));
        assert!(
            lines.keep(line(2, 5, 6, "b")),
            "the same depth again is news"
        );
    }
}

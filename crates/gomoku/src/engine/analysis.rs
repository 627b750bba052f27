//! Analysis of one position for a person studying it: the engine's best moves with their scores
//! (several lines, not only the one it would play), the points where each side makes a five, a
//! four or an open three, and each side's forced win by continuous fours (VCF) or threats (VCT),
//! as a whole line that can be played through.

use std::time::Instant;

use super::search::{Searcher, WIN_BOUND};
use super::state::{State, kind};
use super::{Engine, Level, SearchLimits};
use crate::board::Board;
use crate::point::{Color, Point};
use crate::rules::RuleSet;

/// One of the engine's candidate moves and what it thinks of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScoredMove {
    /// The move.
    pub point: Point,
    /// Its score for the side to move (beyond ±999000 a forced win or loss, see
    /// [`super::SearchResult`]).
    pub score: i32,
}

/// The points where one colour, were it to move, makes each kind of threat.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ThreatPoints {
    /// A five: the game is won there.
    pub five: Vec<Point>,
    /// A four (an open four, a double four and a four with an open three included).
    pub four: Vec<Point>,
    /// An open three (two open threes included).
    pub three: Vec<Point>,
}

/// How a forced win goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WinKind {
    /// Victory by continuous fours: every attacking move is a four.
    Vcf,
    /// Victory by continuous threats: open threes too, every defence tried.
    Vct,
}

/// A forced win for one colour, were it to move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ForcedWin {
    /// VCF or VCT.
    pub kind: WinKind,
    /// The attacker's threats and the defender's replies alternating (attacker first), ending
    /// with the five (or, under renju, with a four whose only block is forbidden to Black).
    pub line: Vec<Point>,
}

/// What the engine found in a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The side to move.
    pub to_move: Color,
    /// The best moves, best first, each with an exact score (at most as many as asked for).
    pub lines: Vec<ScoredMove>,
    /// Depth of the last completed alpha-beta iteration.
    pub depth: u32,
    /// Nodes visited, threat searches included.
    pub nodes: u64,
    /// Threat points, Black's then White's.
    pub threats: [ThreatPoints; 2],
    /// Each colour's forced win, were it to move (Black's then White's).
    pub wins: [Option<ForcedWin>; 2],
}

/// The most lines an analysis reports.
pub const MAX_LINES: usize = 5;

/// How deep the threat searches of an analysis go, in attacking moves.
const VCF_DEPTH: u32 = 100;
const VCT_DEPTH: u32 = 4;

impl Engine {
    /// Analyses the position on `board` (Black to move after an even number of stones) within
    /// `limits`: about a third of the time goes into the threat searches of both sides, the
    /// rest into the best `lines` moves (1–[`MAX_LINES`]). The engine plays at full strength
    /// whatever its level.
    pub fn analyse(
        &mut self,
        board: &Board,
        rule_set: RuleSet,
        lines: usize,
        limits: SearchLimits,
    ) -> Analysis {
        let start = Instant::now();
        let mut st = State::from_board(board, rule_set);
        let to_move = st.side();
        let threats = [Color::Black, Color::White].map(|c| threat_points(&mut st, c));
        let mut searcher = Searcher::new(&mut st, &mut self.tt, start + limits.time, limits.stop);
        let mut wins: [Option<ForcedWin>; 2] = [None, None];
        // The side to move's win first, then the other side's (as if it were to move).
        for (n, colour) in [to_move, to_move.opponent()].into_iter().enumerate() {
            searcher.set_deadline(start + limits.time * (n as u32 + 1) / 6);
            if colour != to_move {
                searcher.st.pass();
            }
            wins[colour.index()] = searcher.forced_win();
            if colour != to_move {
                searcher.st.unpass();
            }
        }
        searcher.set_deadline(start + limits.time);
        let count = lines.clamp(1, MAX_LINES);
        let (lines, depth) = searcher.best_lines(count);
        let nodes = searcher.nodes;
        Analysis {
            to_move,
            lines,
            depth,
            nodes,
            threats,
            wins,
        }
    }
}

/// The empty points where `colour` makes a five, a four or an open three (legal ones only: a
/// renju forbidden point is no threat of Black's).
fn threat_points(st: &mut State, colour: Color) -> ThreatPoints {
    let mut out = ThreatPoints::default();
    for i in st.points().to_vec() {
        if !st.is_empty(i) {
            continue;
        }
        let k = st.kind(i, colour);
        let list = match k {
            kind::FIVE => &mut out.five,
            kind::FOUR..=kind::FLEX_FOUR => &mut out.four,
            kind::THREE | kind::THREE_THREE => &mut out.three,
            _ => continue,
        };
        if st.is_legal(i, colour) {
            list.push(st.point(i));
        }
    }
    out
}

impl Searcher<'_> {
    /// The side to move's forced win, VCF first, then VCT, with its whole line; None when none
    /// is found in time.
    fn forced_win(&mut self) -> Option<ForcedWin> {
        if let Some(line) = self.threat_line(0) {
            return Some(ForcedWin {
                kind: WinKind::Vcf,
                line,
            });
        }
        self.threat_line(VCT_DEPTH).map(|line| ForcedWin {
            kind: WinKind::Vct,
            line,
        })
    }

    /// The line of a threat-space win for the side to move (a VCF when `vct_depth` is 0),
    /// played out move by move: the attacker's winning threat, the defender's reply (the block
    /// of a four; against an open three, the block the defender values most), and so on to the
    /// five. The position is left as it was.
    fn threat_line(&mut self, vct_depth: u32) -> Option<Vec<Point>> {
        let attacker = self.st.side();
        let defender = attacker.opponent();
        let mut line = vec![];
        let mut last_threat = None;
        let mut made = 0;
        let won = loop {
            // A line longer than the board is full is a bug's loop, not a win.
            if made > self.st.points().len() || self.stopped {
                break false;
            }
            let side = self.st.side();
            let fives = self.st.five_points(side.opponent(), None);
            let next = if side == attacker {
                if let Some(&p) = self.st.five_points(attacker, None).first() {
                    line.push(self.st.point(p));
                    break true;
                }
                match fives[..] {
                    // The defender's counter-four: block it, the threat stands.
                    [q] => Some(q),
                    [] if vct_depth == 0 => self.vcf(VCF_DEPTH),
                    [] => self.vct(vct_depth, VCF_DEPTH),
                    _ => None,
                }
            } else {
                if fives.is_empty() {
                    last_threat.and_then(|p| self.defence(p))
                } else {
                    // Two fives are blocked one at a time, so that the line ends with the five;
                    // a block that is forbidden is none (the line ends with the four).
                    match fives.iter().find(|&&q| self.st.is_legal(q, defender)) {
                        Some(&q) => Some(q),
                        None => break true,
                    }
                }
            };
            let Some(p) = next else { break false };
            if side == attacker && fives.is_empty() {
                last_threat = Some(p);
            }
            line.push(self.st.point(p));
            self.st.make(p);
            made += 1;
        };
        for _ in 0..made {
            self.st.unmake();
        }
        won.then_some(line)
    }

    /// The defender's reply to the attacker's open three at `p` (just made): the block on its
    /// lines the defender values most, else a counter-four.
    fn defence(&mut self, p: usize) -> Option<usize> {
        let defender = self.st.side();
        let attacker = defender.opponent();
        let candidates: Vec<usize> = self
            .line_points_of_kind(p, attacker, kind::FOUR)
            .into_iter()
            .chain(self.st.points_of_kind(defender, kind::FOUR))
            .collect();
        let mut blocks: Vec<usize> = candidates
            .into_iter()
            .filter(|&q| self.st.is_legal(q, defender))
            .collect();
        blocks.sort_by_key(|&q| {
            let counter = self.st.kind(q, defender) >= kind::FOUR;
            (counter, std::cmp::Reverse(self.st.value(q, defender)))
        });
        blocks.first().copied()
    }

    /// The `count` best moves of the side to move with exact scores, by iterative deepening at
    /// full strength until the deadline, and the depth reached.
    fn best_lines(&mut self, count: usize) -> (Vec<ScoredMove>, u32) {
        let level = Level::MAX;
        self.leaf_vcf = 4;
        self.breadth = level.breadth();
        self.reduce_late_moves = level.reduces_late_moves();
        let mut moves = self.candidates(24);
        let mut best = vec![];
        let mut depth_done = 0;
        for depth in 1..=level.max_depth() {
            match self.root_lines(&mut moves, depth, count) {
                Some(scored) => {
                    best = scored;
                    depth_done = depth as u32;
                }
                None => break,
            }
            let decided = best.iter().take(count).all(|&(_, s)| s.abs() > WIN_BOUND);
            if decided || self.out_of_time() {
                break;
            }
        }
        let lines = best
            .into_iter()
            .take(count)
            .map(|(i, score)| ScoredMove {
                point: self.st.point(i),
                score,
            })
            .collect();
        (lines, depth_done)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(black: &[(u8, u8)], white: &[(u8, u8)]) -> Board {
        let mut board = Board::new(15).unwrap();
        for (stones, c) in [(black, Color::Black), (white, Color::White)] {
            for &(x, y) in stones {
                board.set(Point::new(x, y), Some(c));
            }
        }
        board
    }

    /// An open three of Black's (White to move): its two ends and the gap beyond make fours,
    /// the ends also an open four; nothing makes a five yet.
    #[test]
    fn threat_points_name_fours_and_threes() {
        let position = board(&[(6, 7), (7, 7), (8, 7)], &[(6, 6), (7, 6)]);
        let mut st = State::from_board(&position, RuleSet::Freestyle);
        let black = threat_points(&mut st, Color::Black);
        assert!(black.five.is_empty());
        for p in [(5, 7), (9, 7), (4, 7), (10, 7)] {
            assert!(
                black.four.contains(&Point::new(p.0, p.1)),
                "{p:?} {black:?}"
            );
        }
        let white = threat_points(&mut st, Color::White);
        assert!(white.four.is_empty());
        assert!(white.three.contains(&Point::new(8, 6)), "{white:?}");
    }

    /// Black (not to move) has an open three: its forced win is found as if it were to move,
    /// and the line ends with a five on the board.
    #[test]
    fn the_other_sides_forced_win_is_found_and_played_out() {
        let position = board(
            &[(6, 7), (7, 7), (8, 7), (7, 8)],
            &[(0, 0), (14, 0), (0, 14)],
        );
        let mut engine = Engine::new(Level::MAX, 1);
        let analysis = engine.analyse(&position, RuleSet::Freestyle, 3, SearchLimits::millis(600));
        assert_eq!(analysis.to_move, Color::White);
        let win = analysis.wins[0].as_ref().expect("Black's win");
        let mut b = position.clone();
        for (n, &p) in win.line.iter().enumerate() {
            let colour = if n % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            assert!(b.get(p).is_none(), "{win:?}");
            b.set(p, Some(colour));
        }
        let last = *win.line.last().unwrap();
        assert!(
            b.five_through(last, Color::Black, false).is_some(),
            "{win:?}\n{b}"
        );
        assert_eq!(win.line.len() % 2, 1, "the attacker plays the last move");
    }

    /// The lines are distinct points, best first, as many as asked for.
    #[test]
    fn lines_are_distinct_and_sorted() {
        let position = board(&[(7, 7), (8, 8)], &[(8, 7)]);
        let mut engine = Engine::new(Level::MAX, 1);
        let analysis = engine.analyse(&position, RuleSet::Freestyle, 4, SearchLimits::millis(400));
        assert_eq!(analysis.lines.len(), 4);
        for pair in analysis.lines.windows(2) {
            assert!(pair[0].score >= pair[1].score, "{:?}", analysis.lines);
            assert_ne!(pair[0].point, pair[1].point);
        }
        assert!(analysis.depth >= 2);
    }
}

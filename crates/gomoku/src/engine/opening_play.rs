//! The engine's part in an opening rule (see [`crate::opening`]): a balanced proposal of three
//! stones (Swap, Swap2), a balanced stone within a central square (Taraguchi-10), the choice to
//! swap colours or stay, and White's pick among offered fifth moves.

use std::time::Duration;

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{Engine, SearchLimits};
use crate::board::Board;
use crate::opening::{Decision, within_centre};
use crate::point::{Color, Point};
use crate::rules::RuleSet;

/// How many placements a balanced choice weighs.
const CANDIDATES: usize = 16;
/// Scores within this of the most even one count as balanced.
const BALANCE: i32 = 60;

impl Engine {
    /// A three-stone proposal for Swap and Swap2: Black in the centre, White beside it (directly
    /// or diagonally), and Black's second stone within two points, chosen at random among the
    /// candidates the engine finds most even (White to move, score near 0) in a short search
    /// each, so that it varies from game to game and is neither side's clear win.
    pub fn propose_three(
        &mut self,
        size: u8,
        rule_set: RuleSet,
        time: Duration,
        seed: u64,
    ) -> [Point; 3] {
        let c = size / 2;
        let centre = Point::new(c, c);
        let whites = [Point::new(c, c - 1), Point::new(c + 1, c - 1)];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let white = whites[rng.random_range(0..2)];
        let mut board = Board::new(u32::from(size)).unwrap_or_else(|_| unreachable!("valid size"));
        board.set(centre, Some(Color::Black));
        board.set(white, Some(Color::White));
        let thirds: Vec<Point> = board
            .points()
            .filter(|&p| board.get(p).is_none() && within_centre(p, size, 5))
            .collect();
        let third = self.balanced(&board, rule_set, thirds, time, &mut rng);
        [centre, white, third]
    }

    /// A stone of the colour to move within the central `side`×`side` square that leaves the
    /// position most even (Taraguchi-10: the other player may swap after it).
    pub fn place_within(
        &mut self,
        board: &Board,
        rule_set: RuleSet,
        side: u8,
        time: Duration,
        seed: u64,
    ) -> Option<Point> {
        let size = board.size();
        let colour = super::side_to_move(board);
        let points: Vec<Point> = board
            .points()
            .filter(|&p| board.get(p).is_none() && within_centre(p, size, side))
            .filter(|&p| {
                colour == Color::White
                    || rule_set != RuleSet::Renju
                    || crate::renju::forbidden(board, p).is_none()
            })
            .collect();
        if points.is_empty() {
            return None;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        Some(self.balanced(board, rule_set, points, time, &mut rng))
    }

    /// Among `points` for the colour to move on `board`, one after which the position is most
    /// even, at random among those within [`BALANCE`] of the most even.
    fn balanced(
        &mut self,
        board: &Board,
        rule_set: RuleSet,
        mut points: Vec<Point>,
        time: Duration,
        rng: &mut ChaCha8Rng,
    ) -> Point {
        points.shuffle(rng);
        points.truncate(CANDIDATES);
        let colour = super::side_to_move(board);
        let each = (time / points.len().max(1) as u32).max(Duration::from_millis(5));
        let mut scored: Vec<(Point, i32)> = points
            .iter()
            .filter_map(|&p| {
                let mut after = board.clone();
                after.set(p, Some(colour));
                let found = self.best_move(&after, rule_set, SearchLimits::time(each))?;
                Some((p, found.score.abs()))
            })
            .collect();
        scored.sort_by_key(|&(_, score)| score);
        let Some(&(_, most_even)) = scored.first() else {
            return points[0];
        };
        let balanced: Vec<Point> = scored
            .iter()
            .take_while(|&&(_, score)| score <= most_even + BALANCE)
            .map(|&(p, _)| p)
            .collect();
        balanced[rng.random_range(0..balanced.len())]
    }

    /// As the player of `by`, swap colours or stay: swap when the engine thinks the other colour
    /// stands better on `board`.
    pub fn choose_colour(
        &mut self,
        board: &Board,
        rule_set: RuleSet,
        by: Color,
        limits: SearchLimits,
    ) -> Decision {
        let to_move = super::side_to_move(board);
        let score = self
            .best_move(board, rule_set, limits)
            .map_or(0, |found| found.score);
        let mine = if to_move == by { score } else { -score };
        if mine < 0 {
            Decision::Swap
        } else {
            Decision::Stay
        }
    }

    /// As White, the offered fifth move (a Black stone) after which White stands best.
    pub fn pick_fifth(
        &mut self,
        board: &Board,
        rule_set: RuleSet,
        offered: &[Point],
        time: Duration,
    ) -> Option<Point> {
        let each = (time / offered.len().max(1) as u32).max(Duration::from_millis(5));
        offered
            .iter()
            .copied()
            .filter(|&p| board.get(p).is_none())
            .max_by_key(|&p| {
                let mut after = board.clone();
                after.set(p, Some(Color::Black));
                self.best_move(&after, rule_set, SearchLimits::time(each))
                    .map_or(0, |found| found.score)
            })
    }
}

//! Opening rules: how the first stones go down and who ends up with which colour, so that the
//! first player's advantage is shared out. Stones alternate Black, White, … as always; what the
//! rule decides is *who* puts each one, and when the player holding a colour may (or must)
//! choose to swap colours with the other.
//!
//! - **Swap** (freestyle and standard): the first player puts three stones (Black, White, Black);
//!   the other chooses a colour (swap or stay), and White plays the fourth move.
//! - **Swap2** (the Gomocup and world championship rule for freestyle and standard): the first
//!   player puts three stones; the other swaps, stays, or puts two more stones (White, Black) and
//!   hands the choice of colour back to the first player; White plays next.
//! - **Taraguchi-10** (renju; an RIF-certified rule): "The black player puts the first move in
//!   the center of the board. The other player may swap. The white player will put the 2nd move
//!   within 3x3 central square. The other player may swap. The black player will put the 3rd move
//!   within 5x5 central square. The other player may swap. The white player will put the 4th move
//!   within 7x7 central square." Then either (choice 1) "the other player may swap; the black
//!   player will put the 5th move within 9x9 central square; the other player may swap; the white
//!   player plays the 6th move anywhere on board", or (choice 2) "the black player puts 10 5th
//!   moves anywhere on board (symmetrical moves are not allowed); the white player chooses one of
//!   the offered 5th moves and plays the 6th move anywhere on board" (Renju International
//!   Federation, Taraguchi-N opening rule with N = 10, as accepted by the RIF General Assembly;
//!   text as given on renju.net and in the rule's Wikipedia article).
//!
//! [`step`] says what comes next from the stones put and the decisions taken so far; the server
//! enforces it and swaps the seats when a player swaps.

use crate::board::Board;
use crate::point::{Color, Point};

/// An opening rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningRule {
    /// No opening rule: Black plays first, then each side in turn.
    Free,
    /// Swap (three stones, then a choice of colour).
    Swap,
    /// Swap2 (three stones, then swap, stay or two more stones and the choice handed back).
    Swap2,
    /// Taraguchi-10 (renju).
    Taraguchi10,
}

impl OpeningRule {
    /// The rule's name in the API and saved games: `free`, `swap`, `swap2`, `taraguchi10`.
    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Free => "free",
            OpeningRule::Swap => "swap",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Taraguchi10 => "taraguchi10",
        }
    }

    /// The rule of a name, if known.
    pub fn from_name(name: &str) -> Option<OpeningRule> {
        [
            OpeningRule::Free,
            OpeningRule::Swap,
            OpeningRule::Swap2,
            OpeningRule::Taraguchi10,
        ]
        .into_iter()
        .find(|r| r.name() == name)
    }
}

/// A choice a player makes during the opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Exchange colours with the other player.
    Swap,
    /// Keep one's colour.
    Stay,
    /// Swap2: put two more stones and hand the choice of colour to the other player.
    PlaceTwo,
    /// Taraguchi-10: offer ten fifth moves for White to choose from.
    Offer,
}

impl Decision {
    /// The decision's name in the API: `swap`, `stay`, `place_two`, `offer`.
    pub fn name(self) -> &'static str {
        match self {
            Decision::Swap => "swap",
            Decision::Stay => "stay",
            Decision::PlaceTwo => "place_two",
            Decision::Offer => "offer",
        }
    }

    /// The decision of a name, if known.
    pub fn from_name(name: &str) -> Option<Decision> {
        [
            Decision::Swap,
            Decision::Stay,
            Decision::PlaceTwo,
            Decision::Offer,
        ]
        .into_iter()
        .find(|d| d.name() == name)
    }
}

/// How many fifth moves Black offers under Taraguchi-10.
pub const TARAGUCHI_OFFERS: usize = 10;

/// What the opening asks for next. `by` is the colour whose player acts (as the seats stand now:
/// a swap exchanges the players, not the colours).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The player of `by` puts the next stone (its colour follows the count, whoever puts it),
    /// within the central `within`×`within` square when given.
    Place {
        /// Who puts it.
        by: Color,
        /// The side of the central square it must stand in.
        within: Option<u8>,
    },
    /// The player of `by` chooses one of `options`.
    Decide {
        /// Who chooses.
        by: Color,
        /// What may be chosen.
        options: Vec<Decision>,
    },
    /// Black's player offers one more fifth move (`offered` so far of [`TARAGUCHI_OFFERS`]).
    Offer {
        /// How many are offered already.
        offered: usize,
    },
    /// White's player picks one of the offered fifth moves: it becomes Black's fifth stone.
    Pick,
    /// The opening is over: each player plays its colour in turn.
    Play,
}

/// What comes next under `rule`, after `stones` stones, the `decisions` taken in order and
/// `offered` fifth moves (Taraguchi-10).
pub fn step(rule: OpeningRule, stones: usize, decisions: &[Decision], offered: usize) -> Step {
    use Color::{Black, White};
    let decide = |by, options: &[Decision]| Step::Decide {
        by,
        options: options.to_vec(),
    };
    let place = |by, within| Step::Place { by, within };
    let swap_or_stay = [Decision::Swap, Decision::Stay];
    match rule {
        OpeningRule::Free => Step::Play,
        OpeningRule::Swap => match (stones, decisions.len()) {
            (0..3, _) => place(Black, None),
            (_, 0) => decide(White, &swap_or_stay),
            _ => Step::Play,
        },
        OpeningRule::Swap2 => match (stones, decisions) {
            (0..3, _) => place(Black, None),
            (_, []) => decide(White, &[Decision::Swap, Decision::Stay, Decision::PlaceTwo]),
            (3 | 4, [Decision::PlaceTwo]) => place(White, None),
            (_, [Decision::PlaceTwo]) => decide(Black, &swap_or_stay),
            _ => Step::Play,
        },
        OpeningRule::Taraguchi10 => {
            let colour_of = |stone: usize| if stone % 2 == 1 { Black } else { White };
            match (stones, decisions.len()) {
                (0, _) => place(Black, Some(1)),
                // After stones 1–3 the other colour may swap; then the next stone goes within a
                // square two points wider.
                (k @ 1..=3, n) if n < k => decide(colour_of(k).opponent(), &swap_or_stay),
                (k @ 1..=3, _) => place(colour_of(k + 1), Some(2 * k as u8 + 1)),
                (4, 3) => decide(Black, &[Decision::Swap, Decision::Stay, Decision::Offer]),
                (4, _) if decisions[3] == Decision::Offer => {
                    if offered < TARAGUCHI_OFFERS {
                        Step::Offer { offered }
                    } else {
                        Step::Pick
                    }
                }
                (4, _) => place(Black, Some(9)),
                (5, 4) if decisions[3] != Decision::Offer => decide(White, &swap_or_stay),
                _ => Step::Play,
            }
        }
    }
}

/// Whether `p` lies in the central `side`×`side` square of a board of side `size`.
pub fn within_centre(p: Point, size: u8, side: u8) -> bool {
    let c = i32::from(size / 2);
    let half = i32::from(side / 2);
    (i32::from(p.x) - c).abs() <= half && (i32::from(p.y) - c).abs() <= half
}

/// The eight symmetries of the square board about its centre, as maps of points.
fn symmetries(size: u8) -> [impl Fn(Point) -> Point; 8] {
    let n = size - 1;
    [0u8, 1, 2, 3, 4, 5, 6, 7].map(move |k| {
        move |p: Point| {
            let (x, y) = if k & 4 == 0 { (p.x, p.y) } else { (p.y, p.x) };
            let x = if k & 1 == 0 { x } else { n - x };
            let y = if k & 2 == 0 { y } else { n - y };
            Point::new(x, y)
        }
    })
}

/// Whether `p` and `q` are symmetrical in `board`'s position: some symmetry of the board that
/// leaves every stone where it is (in colour) takes one to the other. Offered fifth moves must
/// not be ("symmetrical moves are not allowed").
pub fn symmetrical(board: &Board, p: Point, q: Point) -> bool {
    let stones: Vec<(Point, Color)> = board
        .points()
        .filter_map(|s| board.get(s).map(|c| (s, c)))
        .collect();
    symmetries(board.size())
        .iter()
        .any(|map| map(p) == q && stones.iter().all(|&(s, c)| board.get(map(s)) == Some(c)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};
    use Decision::{Offer, PlaceTwo, Stay, Swap as Sw};

    #[test]
    fn swap_takes_three_stones_then_a_choice() {
        for k in 0..3 {
            assert_eq!(
                step(OpeningRule::Swap, k, &[], 0),
                Step::Place {
                    by: Black,
                    within: None
                }
            );
        }
        assert_eq!(
            step(OpeningRule::Swap, 3, &[], 0),
            Step::Decide {
                by: White,
                options: vec![Sw, Stay]
            }
        );
        assert_eq!(step(OpeningRule::Swap, 3, &[Sw], 0), Step::Play);
    }

    #[test]
    fn swap2_may_hand_the_choice_back_after_two_more_stones() {
        let r = OpeningRule::Swap2;
        assert!(
            matches!(step(r, 3, &[], 0), Step::Decide { by: White, ref options } if options.len() == 3)
        );
        assert_eq!(step(r, 3, &[Stay], 0), Step::Play);
        for k in [3, 4] {
            assert_eq!(
                step(r, k, &[PlaceTwo], 0),
                Step::Place {
                    by: White,
                    within: None
                }
            );
        }
        assert_eq!(
            step(r, 5, &[PlaceTwo], 0),
            Step::Decide {
                by: Black,
                options: vec![Sw, Stay]
            }
        );
        assert_eq!(step(r, 5, &[PlaceTwo, Sw], 0), Step::Play);
    }

    #[test]
    fn taraguchi_widens_the_square_and_offers_ten_fifth_moves() {
        let r = OpeningRule::Taraguchi10;
        let place = |by, side| Step::Place {
            by,
            within: Some(side),
        };
        let may_swap = |by| Step::Decide {
            by,
            options: vec![Sw, Stay],
        };
        assert_eq!(step(r, 0, &[], 0), place(Black, 1));
        assert_eq!(step(r, 1, &[], 0), may_swap(White));
        assert_eq!(step(r, 1, &[Stay], 0), place(White, 3));
        assert_eq!(step(r, 2, &[Stay], 0), may_swap(Black));
        assert_eq!(step(r, 2, &[Stay, Sw], 0), place(Black, 5));
        assert_eq!(step(r, 3, &[Stay, Sw], 0), may_swap(White));
        assert_eq!(step(r, 3, &[Stay, Sw, Stay], 0), place(White, 7));
        let three = [Stay, Sw, Stay];
        assert_eq!(
            step(r, 4, &three, 0),
            Step::Decide {
                by: Black,
                options: vec![Sw, Stay, Offer]
            }
        );
        assert_eq!(step(r, 4, &[Stay, Sw, Stay, Stay], 0), place(Black, 9));
        assert_eq!(step(r, 5, &[Stay, Sw, Stay, Stay], 0), may_swap(White));
        assert_eq!(step(r, 5, &[Stay, Sw, Stay, Stay, Stay], 0), Step::Play);
        let offering = [Stay, Sw, Stay, Offer];
        assert_eq!(step(r, 4, &offering, 3), Step::Offer { offered: 3 });
        assert_eq!(step(r, 4, &offering, 10), Step::Pick);
        assert_eq!(step(r, 5, &offering, 10), Step::Play);
    }

    #[test]
    fn the_central_squares() {
        let c = Point::new(7, 7);
        assert!(within_centre(c, 15, 1));
        assert!(!within_centre(Point::new(8, 7), 15, 1));
        assert!(within_centre(Point::new(8, 6), 15, 3));
        assert!(!within_centre(Point::new(9, 7), 15, 3));
        assert!(within_centre(Point::new(11, 3), 15, 9));
        assert!(!within_centre(Point::new(12, 3), 15, 9));
    }

    /// Around a lone centre stone every point has its mirror images; one stone beside it
    /// leaves only the reflection across its own line.
    #[test]
    fn symmetry_follows_the_stones() {
        let mut board = Board::new(15).unwrap();
        board.set(Point::new(7, 7), Some(Black));
        assert!(symmetrical(&board, Point::new(8, 6), Point::new(6, 8)));
        assert!(symmetrical(&board, Point::new(8, 6), Point::new(6, 6)));
        board.set(Point::new(7, 6), Some(White));
        // The column x = 7 is the only mirror left.
        assert!(symmetrical(&board, Point::new(8, 5), Point::new(6, 5)));
        assert!(!symmetrical(&board, Point::new(8, 5), Point::new(8, 9)));
        assert!(!symmetrical(&board, Point::new(8, 5), Point::new(6, 9)));
    }
}

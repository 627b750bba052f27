//! Which opening each game starts from and which engine moves first.
//!
//! Every opening is played twice with colours swapped, so that an unbalanced opening favours
//! neither engine; pairs follow the order of the openings file, wrapping around when more games
//! than openings are asked for.

/// One scheduled game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// 0-based game number.
    pub game: usize,
    /// Index into the openings.
    pub opening: usize,
    /// Whether the first engine plays the side that moves first in the game (Red, Black in Gomoku).
    pub first_engine_starts: bool,
}

/// The pairings of a match of `games` games over `openings` openings (at least one).
pub fn pairings(games: usize, openings: usize) -> Vec<Pairing> {
    let openings = openings.max(1);
    (0..games)
        .map(|game| Pairing {
            game,
            opening: (game / 2) % openings,
            first_engine_starts: game % 2 == 0,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_opening_is_played_with_both_colours() {
        let p = pairings(6, 2);
        let seen: Vec<(usize, bool)> = p
            .iter()
            .map(|x| (x.opening, x.first_engine_starts))
            .collect();
        assert_eq!(
            seen,
            vec![
                (0, true),
                (0, false),
                (1, true),
                (1, false),
                (0, true),
                (0, false)
            ]
        );
    }
}

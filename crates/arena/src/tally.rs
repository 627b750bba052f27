//! Wins, draws and losses of a match.

/// The result of one game for the two seats of the match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The engine listed first on the command line won.
    FirstEngineWon,
    /// Draw.
    Draw,
    /// The engine listed second won.
    SecondEngineWon,
}

/// Wins, draws and losses of the first engine.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games the first engine won.
    pub wins: u32,
    /// Drawn games.
    pub draws: u32,
    /// Games the first engine lost.
    pub losses: u32,
}

impl Tally {
    /// Counts one game.
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::FirstEngineWon => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::SecondEngineWon => self.losses += 1,
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The first engine's score as a fraction in [0, 1] (draws count half); 0.5 before any game.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (self.wins as f64 + self.draws as f64 / 2.0) / self.games() as f64
    }
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "+{} ={} -{} ({:.1}%)",
            self.wins,
            self.draws,
            self.losses,
            100.0 * self.score()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcomes_are_counted_for_the_first_engine() {
        let mut t = Tally::default();
        for o in [
            Outcome::FirstEngineWon,
            Outcome::FirstEngineWon,
            Outcome::Draw,
            Outcome::SecondEngineWon,
        ] {
            t.add(o);
        }
        assert_eq!((t.wins, t.draws, t.losses, t.games()), (2, 1, 1, 4));
        assert_eq!(t.score(), 0.625);
        assert_eq!(t.to_string(), "+2 =1 -1 (62.5%)");
    }
}

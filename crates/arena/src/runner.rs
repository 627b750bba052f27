//! Plays games and matches between two players under a referee.

use std::time::{Duration, Instant};

use crate::clock::{Clock, TimeControl};
use crate::error::ArenaError;
use crate::referee::{Player, Referee, Reply, Seat, Verdict};
use crate::schedule::{Pairing, pairings};
use crate::tally::{Outcome, Tally};

/// How a match is played.
#[derive(Debug, Clone, Copy)]
pub struct MatchConfig {
    /// Number of games (an even number gives every opening both colours).
    pub games: usize,
    /// The time control of both engines.
    pub time_control: TimeControl,
    /// Slack granted over the clock for process and pipe latency before a flag falls.
    pub time_margin: Duration,
    /// Plies after the opening at which the game is adjudicated a draw.
    pub max_plies: usize,
}

/// One finished game.
#[derive(Debug, Clone)]
pub struct GameRecord<G> {
    /// Where the game sits in the schedule.
    pub pairing: Pairing,
    /// The final state.
    pub game: G,
    /// Name of the player who moved first by the rules.
    pub starter: String,
    /// Name of the other player.
    pub responder: String,
    /// How it ended.
    pub verdict: Verdict,
}

impl<G> GameRecord<G> {
    /// The result from the match's point of view.
    pub fn outcome(&self) -> Outcome {
        let first_engine_seat = if self.pairing.first_engine_starts {
            Seat::Starter
        } else {
            Seat::Responder
        };
        match self.verdict.winner {
            None => Outcome::Draw,
            Some(seat) if seat == first_engine_seat => Outcome::FirstEngineWon,
            Some(_) => Outcome::SecondEngineWon,
        }
    }
}

/// Plays one game; errors only when a player can no longer play at all (e.g. its process exited).
pub fn play_game<R: Referee>(
    referee: &R,
    opening: &R::Opening,
    starter: &mut dyn Player<R>,
    responder: &mut dyn Player<R>,
    config: &MatchConfig,
) -> Result<(R::Game, Verdict), ArenaError> {
    let mut game = referee.start(opening);
    starter.new_game()?;
    responder.new_game()?;
    let mut clocks = [
        Clock::new(config.time_control),
        Clock::new(config.time_control),
    ];
    let loses = |seat: Seat, reason: String| Verdict {
        winner: Some(seat.other()),
        reason,
    };
    loop {
        if let Some(verdict) = referee.verdict(&game) {
            return Ok((game, verdict));
        }
        if referee.plies_played(&game) >= config.max_plies {
            let reason = format!("move limit ({} plies)", config.max_plies);
            return Ok((
                game,
                Verdict {
                    winner: None,
                    reason,
                },
            ));
        }
        let seat = referee.to_move(&game);
        let (me, them) = match seat {
            Seat::Starter => (0, 1),
            Seat::Responder => (1, 0),
        };
        let player: &mut dyn Player<R> = match seat {
            Seat::Starter => &mut *starter,
            Seat::Responder => &mut *responder,
        };
        let view = clocks[me].view(&clocks[them]);
        let started = Instant::now();
        let deadline = started + clocks[me].allowance() + config.time_margin;
        let reply = match player.request_move(&game, seat, view, deadline) {
            Ok(reply) => reply,
            Err(ArenaError::Timeout { .. }) => {
                let reason = format!("{} lost on time", player.name());
                return Ok((game, loses(seat, reason)));
            }
            Err(ArenaError::Protocol { detail, .. }) => {
                let reason = format!("{} broke the protocol: {detail}", player.name());
                return Ok((game, loses(seat, reason)));
            }
            Err(other) => return Err(other),
        };
        let used = started.elapsed().saturating_sub(config.time_margin);
        if !clocks[me].charge(used) {
            let reason = format!("{} lost on time", player.name());
            return Ok((game, loses(seat, reason)));
        }
        match reply {
            Reply::NoMove => {
                let verdict = match referee.judge_no_move(&game) {
                    Some(why) => Verdict {
                        winner: None,
                        reason: format!("{} claimed a draw: {why}", player.name()),
                    },
                    None => loses(
                        seat,
                        format!("{} claimed a draw the rules do not give", player.name()),
                    ),
                };
                return Ok((game, verdict));
            }
            Reply::Move(mv) => {
                if let Err(why) = referee.play(&mut game, &mv) {
                    let reason = format!("illegal move {mv} by {}: {why}", player.name());
                    return Ok((game, loses(seat, reason)));
                }
            }
        }
    }
}

/// Plays a match of `config.games` games between `first` and `second`, each opening twice with
/// colours swapped; `on_game` sees every finished game and the running tally.
pub fn play_match<R: Referee>(
    referee: &R,
    openings: &[R::Opening],
    first: &mut dyn Player<R>,
    second: &mut dyn Player<R>,
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameRecord<R::Game>, &Tally) -> Result<(), ArenaError>,
) -> Result<Tally, ArenaError> {
    if openings.is_empty() {
        return Err(ArenaError::NoOpenings);
    }
    let mut tally = Tally::default();
    for pairing in pairings(config.games, openings.len()) {
        let opening = &openings[pairing.opening];
        let (starter, responder): (&mut dyn Player<R>, &mut dyn Player<R>) =
            if pairing.first_engine_starts {
                (&mut *first, &mut *second)
            } else {
                (&mut *second, &mut *first)
            };
        let (starter_name, responder_name) =
            (starter.name().to_string(), responder.name().to_string());
        let (game, verdict) = play_game(referee, opening, starter, responder, config)?;
        let record = GameRecord {
            pairing,
            game,
            starter: starter_name,
            responder: responder_name,
            verdict,
        };
        tally.add(record.outcome());
        on_game(&record, &tally)?;
    }
    Ok(tally)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::ClockView;

    /// A toy game: players add 1 or 2 to a counter; whoever reaches 10 wins.
    struct CountToTen;

    impl Referee for CountToTen {
        type Opening = u32;
        type Game = Vec<u32>;
        fn start(&self, opening: &u32) -> Vec<u32> {
            vec![*opening]
        }
        fn to_move(&self, game: &Vec<u32>) -> Seat {
            if game.len() % 2 == 1 {
                Seat::Starter
            } else {
                Seat::Responder
            }
        }
        fn play(&self, game: &mut Vec<u32>, mv: &str) -> Result<(), String> {
            let step: u32 = mv.parse().map_err(|_| "not a number".to_string())?;
            if !(1..=2).contains(&step) {
                return Err("step must be 1 or 2".into());
            }
            let last = *game.last().unwrap_or(&0);
            game.push(last + step);
            Ok(())
        }
        fn verdict(&self, game: &Vec<u32>) -> Option<Verdict> {
            (*game.last()? >= 10).then(|| Verdict {
                winner: Some(self.to_move(game).other()),
                reason: "reached ten".into(),
            })
        }
        fn plies_played(&self, game: &Vec<u32>) -> usize {
            game.len() - 1
        }
        fn judge_no_move(&self, _game: &Vec<u32>) -> Option<String> {
            None
        }
    }

    /// Plays the winning strategy (move to a multiple of 3 plus 1) or a fixed step.
    struct Bot {
        name: &'static str,
        perfect: bool,
    }

    impl Player<CountToTen> for Bot {
        fn name(&self) -> &str {
            self.name
        }
        fn new_game(&mut self) -> Result<(), ArenaError> {
            Ok(())
        }
        fn request_move(
            &mut self,
            game: &Vec<u32>,
            _seat: Seat,
            _clock: ClockView,
            _deadline: Instant,
        ) -> Result<Reply, ArenaError> {
            let last = *game.last().unwrap_or(&0);
            let step = if self.perfect && (last + 2) % 3 != 1 {
                1
            } else if self.perfect {
                2
            } else {
                7 // illegal
            };
            Ok(Reply::Move(step.to_string()))
        }
    }

    fn config(games: usize) -> MatchConfig {
        MatchConfig {
            games,
            time_control: TimeControl::MoveTime(Duration::from_secs(1)),
            time_margin: Duration::from_millis(100),
            max_plies: 100,
        }
    }

    #[test]
    fn an_illegal_move_loses_and_the_tally_follows_the_first_engine() {
        let mut good = Bot {
            name: "good",
            perfect: true,
        };
        let mut bad = Bot {
            name: "bad",
            perfect: false,
        };
        let mut reasons = Vec::new();
        let tally = play_match(
            &CountToTen,
            &[0, 3],
            &mut good,
            &mut bad,
            &config(4),
            |r, _| {
                reasons.push(r.verdict.reason.clone());
                Ok(())
            },
        )
        .expect("match runs");
        assert_eq!((tally.wins, tally.draws, tally.losses), (4, 0, 0));
        assert!(
            reasons
                .iter()
                .all(|r| r.starts_with("illegal move 7 by bad"))
        );
    }

    #[test]
    fn the_ply_limit_draws() {
        let mut a = Bot {
            name: "a",
            perfect: true,
        };
        let mut b = Bot {
            name: "b",
            perfect: true,
        };
        let mut cfg = config(2);
        cfg.max_plies = 2;
        let tally =
            play_match(&CountToTen, &[0], &mut a, &mut b, &cfg, |_, _| Ok(())).expect("runs");
        assert_eq!(tally.draws, 2);
    }
}

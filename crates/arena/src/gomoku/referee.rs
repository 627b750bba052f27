//! The Gomoku referee: games start from an opening and are judged by `qipan-gomoku`'s rules.

use qipan_gomoku::record::coords;
use qipan_gomoku::{Color, Game, Outcome, Point, Rules, WinReason};

use crate::error::ArenaError;
use crate::referee::{Referee, Seat, Verdict};

/// An opening: the stones played before the engines take over, Black first.
#[derive(Debug, Clone)]
pub struct GomokuOpening {
    /// The opening as a game in progress (checked legal when read).
    game: Game,
}

impl GomokuOpening {
    /// The opening moves.
    pub fn moves(&self) -> &[Point] {
        self.game.moves()
    }
}

/// Reads an openings file: one opening per line as moves in `h8` notation (Black first); blank
/// lines and `#` comments are skipped. Every opening must be legal and undecided under `rules`.
pub fn parse_openings(text: &str, rules: Rules) -> Result<Vec<GomokuOpening>, ArenaError> {
    let mut openings = vec![];
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |detail: String| ArenaError::BadOpening {
            line: n + 1,
            detail,
        };
        let record = coords::parse(line, rules.size()).map_err(|e| bad(e.to_string()))?;
        let game = Game::from_moves(rules, &record.moves)
            .map_err(|(i, e)| bad(format!("move {i}: {e}")))?;
        if game.outcome().is_some() {
            return Err(bad("the opening already ends the game".into()));
        }
        openings.push(GomokuOpening { game });
    }
    Ok(openings)
}

/// A game in the arena: the game itself and where the opening ends.
#[derive(Debug, Clone)]
pub struct GomokuGame {
    /// The game, opening included.
    pub game: Game,
    /// Number of opening moves.
    pub opening_len: usize,
}

/// Judges Gomoku games under fixed rules. Black is the starter.
#[derive(Debug, Clone, Copy, Default)]
pub struct GomokuReferee {
    /// Board size and rule set.
    pub rules: Rules,
}

/// The seat of a colour: Black moves first.
pub fn seat_of(color: Color) -> Seat {
    match color {
        Color::Black => Seat::Starter,
        Color::White => Seat::Responder,
    }
}

impl Referee for GomokuReferee {
    type Opening = GomokuOpening;
    type Game = GomokuGame;

    fn start(&self, opening: &GomokuOpening) -> GomokuGame {
        GomokuGame {
            game: opening.game.clone(),
            opening_len: opening.game.moves().len(),
        }
    }

    fn to_move(&self, game: &GomokuGame) -> Seat {
        seat_of(game.game.to_move())
    }

    fn play(&self, game: &mut GomokuGame, mv: &str) -> Result<(), String> {
        let point = parse_move(mv, self.rules.size())?;
        game.game.play(point).map(|_| ()).map_err(|e| e.to_string())
    }

    fn verdict(&self, game: &GomokuGame) -> Option<Verdict> {
        let size = self.rules.size();
        match game.game.outcome()? {
            Outcome::Win { winner, reason } => Some(Verdict {
                winner: Some(seat_of(*winner)),
                reason: match reason {
                    WinReason::Five { line } => format!(
                        "five in a row ({}-{})",
                        line.first().map(|p| p.to_coord(size)).unwrap_or_default(),
                        line.last().map(|p| p.to_coord(size)).unwrap_or_default()
                    ),
                    WinReason::ForbiddenMove { point, kind } => {
                        format!(
                            "Black played the forbidden {} ({kind})",
                            point.to_coord(size)
                        )
                    }
                },
            }),
            Outcome::Draw => Some(Verdict {
                winner: None,
                reason: "the board is full".into(),
            }),
        }
    }

    fn plies_played(&self, game: &GomokuGame) -> usize {
        game.game.moves().len() - game.opening_len
    }

    /// A Gomoku engine always has a move until the board is full, which the rules end first.
    fn judge_no_move(&self, _game: &GomokuGame) -> Option<String> {
        None
    }
}

/// Reads a Gomocup move `x,y` (0-based column, row from the top).
pub fn parse_move(mv: &str, size: u8) -> Result<Point, String> {
    let (x, y) = mv
        .trim()
        .split_once(',')
        .ok_or_else(|| format!("`{mv}` is not x,y"))?;
    let (Ok(x), Ok(y)) = (x.trim().parse::<u32>(), y.trim().parse::<u32>()) else {
        return Err(format!("`{mv}` is not x,y"));
    };
    if x >= u32::from(size) || y >= u32::from(size) {
        return Err(format!("{x},{y} is off the board"));
    }
    Ok(Point::new(x as u8, y as u8))
}

#[cfg(test)]
mod tests {
    use super::*;
    use qipan_gomoku::RuleSet;

    #[test]
    fn occupied_and_forbidden_moves_lose() {
        let rules = Rules::new(15, RuleSet::Renju).unwrap();
        let referee = GomokuReferee { rules };
        let openings = parse_openings("# test\nh8 a1 g8 a3 j10 a5 j9 a7\n", rules).unwrap();
        let mut game = referee.start(&openings[0]);
        assert_eq!(referee.to_move(&game), Seat::Starter);
        assert!(referee.play(&mut game, "7,7").is_err(), "h8 is occupied");
        assert!(referee.play(&mut game, "x").is_err());
        // j8 = (9,7) makes g8 h8 _ j8 and j8 j9 j10: a double-three.
        referee.play(&mut game, "9,7").unwrap();
        let verdict = referee.verdict(&game).expect("Black loses");
        assert_eq!(verdict.winner, Some(Seat::Responder));
        assert!(
            verdict.reason.contains("double-three"),
            "{}",
            verdict.reason
        );
    }

    #[test]
    fn bad_openings_are_refused_with_the_line() {
        let rules = Rules::default();
        let err = parse_openings("h8 i9\nh8 h8\n", rules).unwrap_err();
        assert!(matches!(err, ArenaError::BadOpening { line: 2, .. }));
    }
}

//! The Xiangqi referee: games start from an opening and are judged by the rules crate
//! (checkmate, stalemate, perpetual check, repetition, the natural move limit, dead material).

use qipan_xiangqi::ucci::parse_move;
use qipan_xiangqi::{Color, Move, Position, Repetition, Rules, START_FEN};

use super::openings::Opening;
use crate::referee::{Referee, Seat, Verdict};
use crate::uci_engine::{Coordinates, FenGame};

/// A game in progress.
#[derive(Debug, Clone)]
pub struct XiangqiGame {
    /// FEN of the position the game started from (before the opening's moves).
    pub start_fen: String,
    /// The position after every move so far (it carries the history for repetitions).
    pub position: Position,
    /// Every move from the start position, the opening's included.
    pub moves: Vec<Move>,
    /// How many of `moves` came from the opening.
    pub opening_plies: usize,
    /// The opening's name.
    pub opening_name: String,
}

/// Judges Xiangqi games.
#[derive(Debug, Clone, Copy, Default)]
pub struct XiangqiReferee {
    /// The draw rules applied.
    pub rules: Rules,
}

/// Red moves first.
pub fn seat_of(color: Color) -> Seat {
    match color {
        Color::Red => Seat::Starter,
        Color::Black => Seat::Responder,
    }
}

impl Referee for XiangqiReferee {
    type Opening = Opening;
    type Game = XiangqiGame;

    fn start(&self, opening: &Opening) -> XiangqiGame {
        let mut position = Position::startpos();
        for &m in &opening.moves {
            // Openings are checked when the file is read; an illegal one stops early.
            if position.play(m).is_err() {
                break;
            }
        }
        let moves: Vec<Move> = position.moves_played().collect();
        XiangqiGame {
            start_fen: START_FEN.to_string(),
            position,
            opening_plies: moves.len(),
            moves,
            opening_name: opening.name.clone(),
        }
    }

    fn to_move(&self, game: &XiangqiGame) -> Seat {
        seat_of(game.position.side_to_move())
    }

    fn play(&self, game: &mut XiangqiGame, text: &str) -> Result<(), String> {
        let m = parse_move(text).ok_or_else(|| "not an ICCS move".to_string())?;
        game.position
            .play(m)
            .map_err(|_| "not legal in this position".to_string())?;
        game.moves.push(m);
        Ok(())
    }

    fn verdict(&self, game: &XiangqiGame) -> Option<Verdict> {
        let outcome = game.position.outcome_with(&self.rules)?;
        Some(Verdict {
            winner: outcome.winner.map(seat_of),
            reason: outcome.reason.code().replace('_', " "),
        })
    }

    fn plies_played(&self, game: &XiangqiGame) -> usize {
        game.moves.len() - game.opening_plies
    }

    /// A `nobestmove` (ElephantEye's draw claim) holds when the position has come back with
    /// neither side checking throughout (a repetition our rules draw, claimed at its second
    /// occurrence), or when the rules already draw it. A claim on ElephantEye's own shorter
    /// natural limit (100 plies without a capture, where our rules say 120) does not hold.
    fn judge_no_move(&self, game: &XiangqiGame) -> Option<String> {
        if let Some(outcome) = game.position.outcome_with(&self.rules)
            && outcome.winner.is_none()
        {
            return Some(outcome.reason.code().replace('_', " "));
        }
        match game.position.repetition(2) {
            Some(Repetition::Draw) => Some("repetition".into()),
            _ => None,
        }
    }
}

impl FenGame for XiangqiGame {
    fn start_fen(&self) -> String {
        self.start_fen.clone()
    }

    fn moves_in(&self, coords: Coordinates) -> Vec<String> {
        self.moves.iter().map(|&m| coords.write(m)).collect()
    }

    fn read_move(
        &self,
        text: &str,
        known: Option<Coordinates>,
        guess: Coordinates,
    ) -> Option<(String, Coordinates)> {
        let other = match guess {
            Coordinates::Iccs => Coordinates::FromOne,
            Coordinates::FromOne => Coordinates::Iccs,
        };
        let tries = match known {
            Some(coords) => vec![coords],
            None => vec![guess, other],
        };
        tries.into_iter().find_map(|coords| {
            let m = coords.parse(text).filter(|&m| self.position.is_legal(m))?;
            Some((m.to_string(), coords))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::xiangqi::openings::parse_openings;

    #[test]
    fn games_start_after_the_opening_and_illegal_moves_are_refused() {
        let opening = parse_openings("h2e2 h9g7 # test").expect("valid").remove(0);
        let referee = XiangqiReferee::default();
        let mut game = referee.start(&opening);
        assert_eq!(referee.to_move(&game), Seat::Starter);
        assert_eq!(referee.plies_played(&game), 0);
        assert!(referee.play(&mut game, "e2e9").is_err());
        assert!(referee.play(&mut game, "xx").is_err());
        referee.play(&mut game, "h0g2").expect("legal");
        assert_eq!(game.moves_in(Coordinates::Iccs), ["h2e2", "h9g7", "h0g2"]);
        assert_eq!(
            game.moves_in(Coordinates::FromOne),
            ["h3e3", "h10g8", "h1g3"]
        );
        assert!(referee.verdict(&game).is_none());
    }

    #[test]
    fn an_engine_move_is_read_in_the_numbering_that_makes_it_legal() {
        let opening = parse_openings("h2e2 h9g7 # test").expect("valid").remove(0);
        let game = XiangqiReferee::default().start(&opening);
        let read = |text, known, guess| game.read_move(text, known, guess);
        // h0g2 (ICCS) is h1g3 from one; each is read right from either guess.
        for guess in [Coordinates::Iccs, Coordinates::FromOne] {
            assert_eq!(
                read("h0g2", None, guess),
                Some(("h0g2".into(), Coordinates::Iccs))
            );
            assert_eq!(
                read("h1g3", None, guess),
                Some(("h0g2".into(), Coordinates::FromOne))
            );
        }
        // A known numbering is not second-guessed, and nonsense is no move at all.
        assert_eq!(
            read("h1g3", Some(Coordinates::Iccs), Coordinates::Iccs),
            None
        );
        assert_eq!(read("e2e9", None, Coordinates::Iccs), None);
    }

    #[test]
    fn a_draw_claim_holds_on_a_repetition_only() {
        let opening = parse_openings("h2e2 h9g7 # test").expect("valid").remove(0);
        let referee = XiangqiReferee::default();
        let mut game = referee.start(&opening);
        assert_eq!(referee.judge_no_move(&game), None);
        for m in ["h0g2", "g7h9", "g2h0", "h9g7"] {
            referee.play(&mut game, m).expect("legal");
        }
        assert_eq!(referee.judge_no_move(&game), Some("repetition".into()));
    }

    #[test]
    fn checkmate_ends_the_game_for_the_mover() {
        // The pawn's advance to e8 mates (the rook guards it, the d1 rook and the general on
        // f0 close files d and f); the rules crate confirms it below.
        let fen = "4k4/9/4P4/4R4/9/9/9/9/3R5/5K3 w - - 0 1";
        let referee = XiangqiReferee::default();
        let mut game = XiangqiGame {
            start_fen: fen.to_string(),
            position: Position::from_fen(fen).expect("valid FEN"),
            moves: Vec::new(),
            opening_plies: 0,
            opening_name: String::new(),
        };
        assert!(referee.verdict(&game).is_none());
        referee.play(&mut game, "e7e8").expect("legal");
        let verdict = referee.verdict(&game).expect("game over");
        assert_eq!(verdict.winner, Some(Seat::Starter));
        assert_eq!(verdict.reason, "checkmate");
        assert_eq!(game.moves_in(Coordinates::Iccs), ["e7e8"]);
    }
}

//! A game as a player plays it: winning, undo, hints, shuffles, pause and the clock.

use qipan_link::{Error, Game, LEVEL_COUNT, Level, Limits, Status, Verdict, solve};

fn solution(game: &Game) -> Vec<qipan_link::Move> {
    match solve(&game.board, game.level.mode, Limits::default()).verdict {
        Verdict::Clearable(moves) => moves,
        other => panic!("a fresh deal must be clearable, got {other:?}"),
    }
}

#[test]
fn every_level_can_be_played_to_a_win() {
    for number in 1..=LEVEL_COUNT {
        let mut game = Game::new(Level::get(number).unwrap(), u64::from(number)).unwrap();
        let moves = solution(&game);
        for (n, m) in moves.iter().enumerate() {
            // One removal every four seconds: too slow for a chain, quick enough for the clock.
            game.remove(m.a, m.b, 4_000 * n as u64).unwrap();
        }
        assert_eq!(game.status, Status::Won, "level {number}");
        let pairs = moves.len() as u32;
        let spare = game.hints_left + game.shuffles_left;
        let seconds_left = game.level.seconds - 4 * (pairs - 1);
        assert_eq!(game.score, 10 * pairs + 2 * seconds_left + 20 * spare);
        assert_eq!(
            game.remove(moves[0].a, moves[0].b, 0).unwrap_err(),
            Error::GameOver
        );
    }
}

#[test]
fn undo_takes_back_the_board_and_the_points() {
    let mut game = Game::new(Level::get(1).unwrap(), 5).unwrap();
    let start = game.board.clone();
    assert_eq!(game.undo(0).unwrap_err(), Error::NothingToUndo);
    let m = solution(&game)[0];
    let removal = game.remove(m.a, m.b, 100).unwrap();
    assert_eq!(removal.points, 10);
    assert_eq!(game.score, 10);
    game.undo(200).unwrap();
    assert_eq!((game.board.clone(), game.score), (start, 0));
}

#[test]
fn quick_removals_build_a_chain() {
    let mut game = Game::new(Level::get(1).unwrap(), 6).unwrap();
    let moves = solution(&game);
    let points: Vec<u32> = moves[..3]
        .iter()
        .enumerate()
        .map(|(n, m)| game.remove(m.a, m.b, 500 * n as u64).unwrap().points)
        .collect();
    assert_eq!(points, vec![10, 15, 20]);
}

#[test]
fn hints_and_shuffles_run_out() {
    let mut game = Game::new(Level::get(1).unwrap(), 7).unwrap();
    for _ in 0..game.level.hints {
        let hint = game.hint(0).unwrap();
        assert!(game.board.check_pair(hint.a, hint.b).is_ok());
    }
    assert_eq!(game.hint(0).unwrap_err(), Error::NoHintsLeft);
    for _ in 0..game.level.shuffles {
        let before: Vec<_> = game.board.tiles().map(|(p, _)| p).collect();
        game.shuffle(0).unwrap();
        assert_eq!(
            game.board.tiles().map(|(p, _)| p).collect::<Vec<_>>(),
            before
        );
        assert!(matches!(
            solve(&game.board, game.level.mode, Limits::default()).verdict,
            Verdict::Clearable(_)
        ));
    }
    assert_eq!(game.shuffle(0).unwrap_err(), Error::NoShufflesLeft);
}

#[test]
fn pause_stops_the_clock_and_time_runs_out() {
    let mut game = Game::new(Level::get(1).unwrap(), 8).unwrap();
    let limit = u64::from(game.level.seconds) * 1000;
    game.pause(10_000).unwrap();
    let m = solution(&game)[0];
    assert_eq!(game.remove(m.a, m.b, 20_000).unwrap_err(), Error::Paused);
    game.resume(70_000).unwrap();
    assert_eq!(game.time_left_ms(70_000), limit - 10_000);
    game.tick(limit + 59_000);
    assert_eq!(game.status, Status::Playing);
    game.tick(limit + 60_000);
    assert_eq!(game.status, Status::TimeUp);
    assert_eq!(
        game.remove(m.a, m.b, limit + 60_001).unwrap_err(),
        Error::GameOver
    );
}

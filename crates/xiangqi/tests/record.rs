//! Game records: PGN export and import, round-trip exact in every notation.

use qipan_xiangqi::{
    GameRecord, GameResult, MoveList, Notation, Position, RecordError, notation::NotationError,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A random game from the start, with its result if it ended.
fn random_game(rng: &mut ChaCha8Rng, plies: usize) -> GameRecord {
    let mut pos = Position::startpos();
    let mut moves = MoveList::new();
    let mut record = GameRecord {
        event: "qipan \"random\" games".into(),
        date: "2026.11.29".into(),
        red: "红方".into(),
        black: "Black \\ player".into(),
        other_tags: vec![("Site".into(), "qipan".into())],
        ..GameRecord::default()
    };
    for _ in 0..plies {
        if pos.outcome().is_some() {
            break;
        }
        pos.legal_moves(&mut moves);
        let m = moves[rng.random_range(0..moves.len())];
        pos.make(m);
        record.moves.push(m);
    }
    record.result = pos.outcome().into();
    record
}

#[test]
fn pgn_round_trips_exactly_in_every_notation() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..40 {
        let record = random_game(&mut rng, 160);
        for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let text = record.to_pgn(notation).expect("legal game");
            assert!(text.starts_with("[Game \"Chinese Chess\"]\n"));
            assert_eq!(GameRecord::from_pgn(&text), Ok(record.clone()), "{text}");
        }
    }
}

#[test]
fn games_from_a_fen_with_black_to_move_round_trip() {
    let record = GameRecord {
        start_fen: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1".into(),
        moves: vec![
            qipan_xiangqi::notation::iccs::parse("h9g7").expect("move"),
            qipan_xiangqi::notation::iccs::parse("h0g2").expect("move"),
        ],
        ..GameRecord::default()
    };
    let text = record.to_pgn(Notation::Chinese).expect("legal");
    assert!(text.contains("1... 马８进７ 2. 马二进三 *"), "{text}");
    assert_eq!(GameRecord::from_pgn(&text), Ok(record));
}

#[test]
fn a_hand_written_pgn_with_comments_and_variations_is_read() {
    let text = r#"[Game "Chinese Chess"]
[Event "Friendly"]
[Red "Hu Ronghua"]
[Black "Yang Guanlin"]
[Result "1/2-1/2"]
[Format "Chinese"]

1. 炮二平五 {central cannon} 马８进７ (1... 炮８平５ 2. 马二进三) 2. 马二进三 車９平８ 1/2-1/2
"#;
    let record = GameRecord::from_pgn(text).expect("valid PGN");
    let iccs: Vec<String> = record.moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(iccs, ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(record.result, GameResult::Draw);
    assert_eq!(record.red, "Hu Ronghua");
    // Without a [Format] tag each move is read in whichever notation fits.
    let mixed = "[Game \"Chinese Chess\"]\n\n1. h2e2 H8+7 2. 马二进三 *\n";
    let record = GameRecord::from_pgn(mixed).expect("valid PGN");
    assert_eq!(record.moves.len(), 3);
}

#[test]
fn bad_pgn_is_refused_with_the_place() {
    let bad_move = "[Game \"Chinese Chess\"]\n[Format \"ICCS\"]\n\n1. h2e2 h9h5 *\n";
    let err = GameRecord::from_pgn(bad_move).unwrap_err();
    assert!(matches!(
        &err,
        RecordError::BadMove {
            ply: 2,
            error: NotationError::Illegal(_),
            ..
        }
    ));
    // The message names the move as the record numbers it, and its text.
    assert_eq!(
        err.to_string(),
        "PGN move 1... `h9h5`: `h9h5` is not a legal move in this position"
    );
    assert!(matches!(
        GameRecord::from_pgn("[Game Chinese Chess]\n"),
        Err(RecordError::BadTag { line: 1, .. })
    ));
    assert!(matches!(
        GameRecord::from_pgn("[Format \"SAN\"]\n"),
        Err(RecordError::BadFormat(_))
    ));
    assert!(matches!(
        GameRecord::from_pgn("[FEN \"9/9 w\"]\n"),
        Err(RecordError::Fen(_))
    ));
    assert!(matches!(
        GameRecord::from_pgn("1. h2e2 {no end\n"),
        Err(RecordError::Unclosed('{'))
    ));
}

/// Chinese notation counts Red's files with Chinese numerals and Black's with full-width digits
/// (the convention of every Chinese record, e.g. the 中国象棋竞赛规则 examples `炮二平五 马８进７`):
/// a move written with the other side's numerals is refused, not read as the mirror move.
#[test]
fn the_other_sides_numerals_are_refused() {
    let red_as_black = "1. 马８进７ *\n";
    let err = GameRecord::from_pgn(red_as_black).unwrap_err();
    assert!(
        matches!(
            &err,
            RecordError::BadMove {
                ply: 1,
                error: NotationError::OtherSideNumerals { .. },
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string().starts_with("PGN move 1. `马８进７`"),
        "{err}"
    );
    let black_as_red = "1. 炮二平五 马八进七 *\n";
    assert!(matches!(
        GameRecord::from_pgn(black_as_red),
        Err(RecordError::BadMove {
            ply: 2,
            error: NotationError::OtherSideNumerals { .. },
            ..
        })
    ));
    let right = GameRecord::from_pgn("1. 炮二平五 马８进７ *\n").expect("each side's numerals");
    assert_eq!(right.moves.len(), 2);
}

/// The PyPI `cchess` library (1.25.5) writes its PGN with a `=========` line after the result;
/// the termination marker ends the move text, so it is not read as a move.
#[test]
fn nothing_after_the_termination_marker_is_a_move() {
    let written = "[Game \"Chinese Chess\"]\n[Red \"\"]\n[Black \"\"]\n 1. 炮二平五\n     马８进７\n   *\n  =========\n";
    let record = GameRecord::from_pgn(written).expect("cchess's layout");
    assert_eq!(record.moves.len(), 2);
}

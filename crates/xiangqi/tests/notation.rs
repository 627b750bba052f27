//! ICCS, WXF and Chinese notation: published examples and round trips over random games.

mod common;

use common::{fen, playout_positions};
use qipan_xiangqi::notation::{Notation, NotationError, chinese, iccs, wxf};
use qipan_xiangqi::{MoveList, Position};

fn iccs_of(pos: &Position, text: &str, notation: Notation) -> String {
    match notation.read(pos, text) {
        Ok(m) => m.to_string(),
        Err(err) => panic!("{text}: {err}"),
    }
}

/// The opening 1. 炮二平五 马８进７ (central cannon against the screen horse), written as in
/// the WXF notation guide and the Chinese rules (中国象棋竞赛规则): red files in Chinese numerals
/// from Red's right, black files in digits from Black's right.
#[test]
fn the_central_cannon_opening_in_all_three_notations() {
    let mut pos = Position::startpos();
    assert_eq!(iccs_of(&pos, "炮二平五", Notation::Chinese), "h2e2");
    assert_eq!(iccs_of(&pos, "C2=5", Notation::Wxf), "h2e2");
    assert_eq!(iccs_of(&pos, "C2.5", Notation::Wxf), "h2e2");
    assert_eq!(iccs_of(&pos, "h2e2", Notation::Iccs), "h2e2");
    assert_eq!(iccs_of(&pos, "H2-E2", Notation::Iccs), "h2e2");
    let m = Notation::Iccs.read(&pos, "h2e2").expect("legal");
    assert_eq!(chinese::write(&pos, m), "炮二平五");
    assert_eq!(wxf::write(&pos, m), "C2=5");
    pos.make(m);
    let m = Notation::Iccs.read(&pos, "h9g7").expect("legal");
    assert_eq!(chinese::write(&pos, m), "马８进７");
    assert_eq!(wxf::write(&pos, m), "H8+7");
    for text in ["马８进７", "马8进7", "馬８進７"] {
        assert_eq!(iccs_of(&pos, text, Notation::Chinese), "h9g7", "{text}");
    }
    // Red's numerals in Black's move are refused, not read as Black's (a player's typo or a
    // mirrored record must not pass as a different move).
    assert!(matches!(
        Notation::Chinese.read(&pos, "马八进七"),
        Err(NotationError::OtherSideNumerals { .. })
    ));
    // Red's horse: 马二进三 is h0g2.
    let pos = Position::startpos();
    assert_eq!(iccs_of(&pos, "马二进三", Notation::Chinese), "h0g2");
    assert_eq!(iccs_of(&pos, "傌二進三", Notation::Chinese), "h0g2");
    assert_eq!(iccs_of(&pos, "H2+3", Notation::Wxf), "h0g2");
    assert_eq!(iccs_of(&pos, "相三进五", Notation::Chinese), "g0e2");
    assert_eq!(iccs_of(&pos, "仕四进五", Notation::Chinese), "f0e1");
    assert_eq!(iccs_of(&pos, "车九进一", Notation::Chinese), "a0a1");
    assert_eq!(iccs_of(&pos, "兵七进一", Notation::Chinese), "c3c4");
}

#[test]
fn tandem_pieces_are_named_front_and_rear() {
    // Two red rooks on file e (五): e5 is the front one.
    let pos = fen("5k3/9/9/9/4R4/9/4R4/9/9/3K5 w - - 0 1");
    let cases = [
        ("e5e6", "前车进一", "R++1"),
        ("e3e2", "后车退一", "R--1"),
        ("e5a5", "前车平九", "R+=9"),
        ("e3a3", "后车平九", "R-=9"),
    ];
    for (iccs_text, chinese_text, wxf_text) in cases {
        let m = iccs::read(&pos, iccs_text).expect("legal");
        assert_eq!(chinese::write(&pos, m), chinese_text);
        assert_eq!(wxf::write(&pos, m), wxf_text);
        assert_eq!(chinese::read(&pos, chinese_text), Ok(m));
        assert_eq!(
            chinese::read(&pos, &chinese_text.replace('后', "後")),
            Ok(m)
        );
        assert_eq!(wxf::read(&pos, wxf_text), Ok(m));
    }
    // `+R+1` (marker first) is read too.
    assert_eq!(iccs_of(&pos, "+R+1", Notation::Wxf), "e5e6");
    // Three pawns on one file: 前兵, 中兵, 后兵.
    let pos = fen("5k3/9/9/4P4/4P4/4P4/9/9/9/3K5 w - - 0 1");
    let m = iccs::read(&pos, "e5d5").expect("legal");
    assert_eq!(chinese::write(&pos, m), "中兵平六");
    assert_eq!(iccs_of(&pos, "中兵平六", Notation::Chinese), "e5d5");
    assert_eq!(iccs_of(&pos, "前兵进一", Notation::Chinese), "e6e7");
    // Two files with two pawns each: the place word is followed by the file, and WXF names the
    // pawn by place and file (as Fairy-Stockfish prints it: `15+1`, `13=4`, `25=6`).
    let pos = fen("5k3/9/9/4P1P2/4P1P2/9/9/9/9/3K5 w - - 0 1");
    for (iccs_text, chinese_text, wxf_text) in [
        ("e6e7", "前五进一", "15+1"),
        ("g6f6", "前三平四", "13=4"),
        ("e5d5", "后五平六", "25=6"),
    ] {
        let m = iccs::read(&pos, iccs_text).expect("legal");
        assert_eq!(chinese::write(&pos, m), chinese_text);
        assert_eq!(wxf::write(&pos, m), wxf_text);
        assert_eq!(chinese::read(&pos, chinese_text), Ok(m));
        assert_eq!(wxf::read(&pos, wxf_text), Ok(m));
    }
}

#[test]
fn bad_or_ambiguous_text_is_refused_with_a_reason() {
    let pos = Position::startpos();
    assert!(matches!(
        Notation::Chinese.read(&pos, "炮二平"),
        Err(NotationError::Syntax { .. })
    ));
    assert!(matches!(
        Notation::Chinese.read(&pos, "炮二进九"),
        Err(NotationError::Illegal(_))
    ));
    assert!(matches!(
        Notation::Wxf.read(&pos, "X2=5"),
        Err(NotationError::Syntax { .. })
    ));
    assert!(matches!(
        Notation::Iccs.read(&pos, "e0e2"),
        Err(NotationError::Illegal(_))
    ));
    assert!(matches!(
        Notation::Iccs.read(&pos, "z9e2"),
        Err(NotationError::Syntax { .. })
    ));
    // Two rooks on file 五 that can both step sideways to 六: naming the file is ambiguous.
    let pos = fen("5k3/9/9/9/4R4/9/4R4/9/9/3K5 w - - 0 1");
    assert!(matches!(
        Notation::Chinese.read(&pos, "车五平六"),
        Err(NotationError::Ambiguous(_))
    ));
}

#[test]
fn every_legal_move_round_trips_in_every_notation() {
    let mut moves = MoveList::new();
    let mut checked = 0;
    for pos in playout_positions(3, 60, 200) {
        pos.legal_moves(&mut moves);
        for &m in moves.iter() {
            for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
                let text = notation.write(&pos, m);
                assert_eq!(
                    notation.read(&pos, &text),
                    Ok(m),
                    "{} {text} in {}",
                    notation.name(),
                    pos.to_fen()
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 100_000, "{checked}");
}

/// Two advisors (or elephants) on one file are named by their file: the direction tells them
/// apart (xqinenglish.com's notation guide: "A6+5 as there is only one move possible ... Seldom
/// is the notation represented as A-+5"). The front/rear form is still read.
#[test]
fn tandem_advisors_are_named_by_their_file() {
    let pos = fen("5k3/9/9/9/9/9/9/3A5/9/3AK4 w - - 0 1");
    for (iccs_text, chinese_text, wxf_text) in
        [("d0e1", "仕六进五", "A6+5"), ("d2e1", "仕六退五", "A6-5")]
    {
        let m = iccs::read(&pos, iccs_text).expect("legal");
        assert_eq!(chinese::write(&pos, m), chinese_text);
        assert_eq!(wxf::write(&pos, m), wxf_text);
        assert_eq!(iccs_of(&pos, chinese_text, Notation::Chinese), iccs_text);
    }
    assert_eq!(iccs_of(&pos, "后仕进五", Notation::Chinese), "d0e1");
    assert_eq!(iccs_of(&pos, "前仕退五", Notation::Chinese), "d2e1");
}

//! Records: coordinates, PSQ and SGF, each round-tripping exactly, bad input refused with the line.

use proptest::prelude::*;
use qipan_gomoku::record::{coords, psq, sgf};
use qipan_gomoku::{Point, Record, RecordProblem};

#[test]
fn coordinates_follow_renju_diagrams() {
    // h8 is the centre of the 15x15 board; a1 the bottom-left corner; rows counted from the bottom.
    assert_eq!(Point::parse_coord("h8", 15).unwrap(), Point::new(7, 7));
    assert_eq!(Point::parse_coord("a1", 15).unwrap(), Point::new(0, 14));
    assert_eq!(Point::parse_coord("O15", 15).unwrap(), Point::new(14, 0));
    assert_eq!(Point::new(9, 5).to_coord(19), "j14");
    assert!(Point::parse_coord("p1", 15).is_err());
    assert!(Point::parse_coord("h0", 15).is_err());
    assert!(Point::parse_coord("8h", 15).is_err());
}

#[test]
fn psq_reads_piskvork_files() {
    let text = "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,1250\n10,11,31\n-1\npbrain-a.exe\n";
    let r = psq::parse(text).unwrap();
    assert_eq!(r.size, 20);
    assert_eq!(
        r.moves,
        vec![Point::new(9, 9), Point::new(10, 10), Point::new(9, 10)]
    );
    assert_eq!(r.times_ms, vec![0, 1250, 31]);
    assert_eq!(
        psq::format(&r),
        "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,1250\n10,11,31\n-1\n"
    );
}

#[test]
fn bad_records_are_refused_with_line_and_reason() {
    let e = psq::parse("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n").unwrap_err();
    assert_eq!(e.line, 3);
    assert!(matches!(
        e.reason,
        RecordProblem::IllegalMove { index: 2, .. }
    ));
    let e = psq::parse("Piskvorky 15x15, 11:11, 0\n8,x,0\n").unwrap_err();
    assert_eq!((e.line, e.code()), (2, "syntax"));
    let e = psq::parse("Piskvorky 15x15, 11:11, 0\n16,1,0\n").unwrap_err();
    assert_eq!(e.line, 2);
    assert_eq!(psq::parse("hello").unwrap_err().code(), "missing_header");
    assert_eq!(
        psq::parse("Piskvorky 15x16, 1:1, 0").unwrap_err().code(),
        "bad_board"
    );
    let e = sgf::parse("(;GM[1]SZ[19];B[aa])").unwrap_err();
    assert_eq!(e.code(), "wrong_game");
    let e = sgf::parse("(;GM[4]SZ[15]\n;B[hh]\n;B[ii])").unwrap_err();
    assert_eq!((e.line, e.code()), (3, "wrong_color"));
    let e = sgf::parse("(;GM[4]SZ[15];B[hh];W[hh])").unwrap_err();
    assert_eq!(e.code(), "illegal_move");
    assert!(sgf::parse("(;GM[4]SZ[15];B[hh").is_err());
    let e = coords::parse("h8 i9\nh8", 15).unwrap_err();
    assert_eq!(e.line, 2);
    assert_eq!(coords::parse("h8 zz", 15).unwrap_err().code(), "syntax");
}

#[test]
fn sgf_reads_the_main_line_and_escapes() {
    let text = "(;GM[4]FF[4]SZ[15]PB[Black \\] player]C[two\nlines];B[hh];W[ii](;B[jj])(;B[aa]))";
    let r = sgf::parse(text).unwrap();
    assert_eq!(
        r.moves,
        vec![Point::new(7, 7), Point::new(8, 8), Point::new(9, 9)]
    );
    assert_eq!(r.info.black, "Black ] player");
    assert_eq!(
        sgf::format(&r),
        "(;GM[4]FF[4]SZ[15]PB[Black \\] player];B[hh];W[ii];B[jj])\n"
    );
}

fn record_strategy() -> impl Strategy<Value = Record> {
    (
        5u8..=25,
        proptest::collection::vec((0u8..25, 0u8..25, 0u32..100_000), 0..40),
    )
        .prop_map(|(size, raw)| {
            let mut moves: Vec<Point> = vec![];
            let mut times = vec![];
            for (x, y, t) in raw {
                let p = Point::new(x % size, y % size);
                if !moves.contains(&p) {
                    moves.push(p);
                    times.push(t);
                }
            }
            Record {
                times_ms: times,
                ..Record::new(size, moves)
            }
        })
}

proptest! {
    #[test]
    fn psq_round_trips(r in record_strategy()) {
        let text = psq::format(&r);
        let back = psq::parse(&text).unwrap();
        prop_assert_eq!(&back, &r);
        prop_assert_eq!(psq::format(&back), text);
    }

    #[test]
    fn sgf_round_trips(r in record_strategy()) {
        let r = Record::new(r.size, r.moves);
        let text = sgf::format(&r);
        let back = sgf::parse(&text).unwrap();
        prop_assert_eq!(&back, &r);
        prop_assert_eq!(sgf::format(&back), text);
    }

    #[test]
    fn coordinates_round_trip(r in record_strategy()) {
        let r = Record::new(r.size, r.moves);
        let text = coords::format(&r);
        let back = coords::parse(&text, r.size).unwrap();
        prop_assert_eq!(&back, &r);
        prop_assert_eq!(coords::format(&back), text);
    }
}

/// The root node's game particulars (SGF FF[4]: RU rule, PB/PW players, RE result, DT date)
/// are read and written, escaped, and come back unchanged; the sgfmill SGF library reads them
/// too (scripts/gomoku-sgf-crosscheck).
#[test]
fn sgf_carries_the_rule_players_result_and_date() {
    let text =
        "(;GM[4]FF[4]SZ[15]RU[renju]PB[Ann \\] Lee]PW[Bo]RE[B+]DT[2026-12-01];B[hh];W[ih];B[ii])";
    let r = sgf::parse(text).unwrap();
    assert_eq!(r.info.rule, "renju");
    assert_eq!(r.info.black, "Ann ] Lee");
    assert_eq!(r.info.white, "Bo");
    assert_eq!(r.info.result, "B+");
    assert_eq!(r.info.date, "2026-12-01");
    let written = sgf::format(&r);
    assert_eq!(written, format!("{text}\n"));
    assert_eq!(sgf::parse(&written).unwrap(), r);
}

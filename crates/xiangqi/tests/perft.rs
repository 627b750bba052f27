//! Perft (leaf counts of the legal-move tree) against published counts.
//!
//! Sources, as collected in qipan's shared reference `xiangqi-perft.md`:
//! * start position: Fairy-Stockfish's `go perft` (the established multi-variant engine,
//!   github fairy-stockfish/Fairy-Stockfish), depths 1-6, also checked with PyPI's pyffish;
//! * positions 2-11: the lc0-based Xiangqi engine px0 (github official-pikafish/px0,
//!   `src/chess/board_test.cc`, tests MoveGenPosition2..11).

use qipan_xiangqi::{Position, START_FEN, perft};

fn count(fen: &str, depth: u32) -> u64 {
    let mut pos = Position::from_fen(fen).expect("reference FEN parses");
    perft(&mut pos, depth)
}

#[test]
fn start_position_to_depth_5() {
    let expected = [44, 1_920, 79_666, 3_290_240, 133_312_995];
    for (depth, &nodes) in (1..).zip(expected.iter()) {
        assert_eq!(count(START_FEN, depth), nodes, "depth {depth}");
    }
}

#[test]
#[ignore = "5.4 billion leaves: run with --ignored in release"]
fn start_position_depth_6() {
    assert_eq!(count(START_FEN, 6), 5_392_831_844);
}

/// px0 `board_test.cc` MoveGenPosition2..11: FEN and the counts at depths 1-5.
const PX0: [(&str, [u64; 5]); 10] = [
    (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        [38, 1128, 43929, 1339047, 53112976],
    ),
    (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        [7, 281, 8620, 326201, 10369923],
    ),
    (
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        [25, 424, 9850, 202884, 4739553],
    ),
    (
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
        [28, 516, 14808, 395483, 11842230],
    ),
    (
        "R1N1k1b2/9/3aba3/9/2nr5/2B6/9/4B4/4A4/4KA3 w - - 0 1",
        [21, 364, 7626, 162837, 3500505],
    ),
    (
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
        [28, 222, 6241, 64971, 1914306],
    ),
    (
        "4ka3/4a4/9/9/4N4/p8/9/4C3c/7n1/2BK5 w - - 0 1",
        [23, 345, 8124, 149272, 3513104],
    ),
    (
        "2b1ka3/9/b3N4/4n4/9/9/9/4C4/2p6/2BK5 w - - 0 1",
        [21, 195, 3883, 48060, 933096],
    ),
    (
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
        [30, 830, 22787, 649866, 17920736],
    ),
    (
        "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
        [19, 583, 11714, 376467, 8148177],
    ),
];

#[test]
fn px0_positions_to_depth_5() {
    for (index, (fen, counts)) in PX0.iter().enumerate() {
        for (depth, &nodes) in (1..).zip(counts.iter()) {
            assert_eq!(
                count(fen, depth),
                nodes,
                "position {} depth {depth}",
                index + 2
            );
        }
    }
}

#[test]
fn perft_restores_the_position() {
    let mut pos = Position::from_fen(PX0[0].0).expect("reference FEN parses");
    let before = pos.clone();
    perft(&mut pos, 3);
    assert_eq!(pos, before);
    assert_eq!(pos.hash(), before.hash());
}

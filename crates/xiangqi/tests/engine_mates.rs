//! Published mate problems (杀局) solved by the engine at exactly their published length.
//!
//! Source: Tencent 天天象棋 (Tiantian Xiangqi), 残局挑战 (Endgame Challenge), the 楚汉争霸 chapter,
//! levels 1–32, with their published solutions as collected in 《腾迅天天象棋-残局挑战-棋谱解答
//! （共360局）》 v3 (2020-03-18), one PGN per level (`cgNNN.pgn` = level NNN; a copy is kept at
//! <https://github.com/xiang-xx/xiangqi-manual/tree/main/scripts/vendor/ttxq-chuangguan>).
//! Each problem below is that level's FEN and its published solution in Chinese notation; the
//! mate length N is the number of Red moves in the solution (N moves = 2N - 1 plies).
//!
//! For every problem the test checks, in this order:
//! 1. the published solution replays legally and ends with Black unable to move (so the
//!    transcription is faithful);
//! 2. an exhaustive proof that uses the rules crate alone finds no forced win shorter than N and
//!    one in N (so the source and our rules agree that N is the distance);
//! 3. the engine, searching to a fixed depth, scores exactly mate in N;
//! 4. the engine's first move keeps a forced win in N - 1 (other first moves than the published
//!    one may mate as fast, so the move itself is not compared).
//!
//! Left out: level 23 (`4R3C/5k3/9/9/5r3/9/9/9/9/4K4 w`, published as a five-move line with the
//! note that Red's rook may retreat three or more squares): the exhaustive proof shows that
//! Black can survive five moves there, so the line is a winning plan, not a forced mate in 5.
//! Level 33 onwards are longer than five moves.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use qipan_xiangqi::engine::score::MATE;
use qipan_xiangqi::engine::{Engine, Limits};
use qipan_xiangqi::{Move, MoveList, Notation, Position};

/// A published problem: level, FEN (Red to move) and the published solution.
type Problem = (u32, &'static str, &'static str);

const MATES_IN_2: [Problem; 6] = [
    (
        1,
        "1R4b2/2P1a2R1/3kba3/9/9/9/9/6n2/1r5r1/4K1p2 w - - 0 1",
        "车八平六 士5退4 车二平六",
    ),
    (
        2,
        "4kab2/3ra4/4b4/1R3N3/9/9/9/9/4r4/5K3 w - - 0 1",
        "马四进三 将5平4 车八进三",
    ),
    (
        4,
        "3aR1b2/3k4C/3ab4/7N1/9/9/9/2n6/3r1p3/4K4 w - - 0 1",
        "车五退一 将4平5 马二进三",
    ),
    (
        6,
        "9/3k5/6N2/9/1R7/9/9/3r5/4p4/5K3 w - - 0 1",
        "马三进四 将4退1 车八进四",
    ),
    (
        8,
        "3k3C1/4c4/3P1a1N1/9/9/9/9/9/4r4/3p1K3 w - - 0 1",
        "马二进三 炮5退1 马三退五",
    ),
    (
        32,
        "3aka3/9/9/5N2C/9/9/4c2n1/4B4/4A4/3AK4 w - - 0 1",
        "马四进三 将5进1 炮一进二",
    ),
];

const MATES_IN_3: [Problem; 7] = [
    (
        7,
        "4kab2/1N2a4/4b4/3N5/9/9/6n1r/4B4/4A4/2BA1K3 w - - 0 1",
        "马六进七 将5平4 马七退五 将4平5 马五进三",
    ),
    (
        9,
        "3ak4/4a1P2/9/9/9/9/9/5r3/9/4K3R w - - 0 1",
        "车一进九 车6退7 车一平三 车6平7 兵三进一",
    ),
    (
        11,
        "3ak4/4c4/4bP3/1R3N3/2b6/3nC1p2/9/9/2r1r4/3K5 w - - 0 1",
        "马四进六 将5平6 兵四进一 将6进1 车八平四",
    ),
    // A quiet rook sacrifice first: the engine needs a deeper search than the mate's length.
    (
        12,
        "2bak2r1/4aP2R/1N2b4/4C3c/9/9/9/1n2p4/9/3K5 w - - 0 1",
        "车一进一 车8平9 马八进九 车9平8 马九退七",
    ),
    (
        14,
        "c4kC2/1P2P4/9/9/9/9/9/6nC1/9/3K1A1r1 w - - 0 1",
        "炮二进七 车8退9 炮三平九 车8进9 兵八进一",
    ),
    (
        15,
        "1r1k1P3/2PCa4/C4a3/9/9/9/4p4/9/1p7/4K4 w - - 0 1",
        "炮九平六 士5进4 炮六平三 卒2平3 炮三进一",
    ),
    (
        21,
        "2bk2b2/4P1N2/2c4R1/9/9/9/9/4B2C1/3r1p3/4K4 w - - 0 1",
        "车二平六 车4退6 兵五进一 将4进1 炮二进六",
    ),
];

const MATES_IN_4: [Problem; 5] = [
    // Two quiet king moves before the pawn mates.
    (
        3,
        "4ka3/3P1P3/4b4/9/9/9/9/9/3p2p2/4K4 w - - 0 1",
        "帅五平四 卒7进1 帅四进一 卒4平5 帅四进一 士6进5 兵四平五",
    ),
    (
        20,
        "3k5/4a4/3a5/N8/9/7R1/9/2n6/3r1p3/4K4 w - - 0 1",
        "马九进八 将4进1 马八退七 将4退1 车二进五 士5退6 车二平四",
    ),
    (
        25,
        "5k3/9/9/9/9/7r1/4R4/4B4/9/4K1B2 w - - 0 1",
        "相五进三 车8退4 车五进六 将6进1 车五退一 将6进1 车五平二",
    ),
    (
        28,
        "1C2k4/9/3a5/9/9/9/2R1P4/6n2/C2p1r3/4K3c w - - 0 1",
        "车七进六 将5进1 车七退一 将5进1 炮八退二 士4退5 炮九进六",
    ),
    (
        29,
        "5ab2/4k4/4ba1n1/9/4N4/4C1R2/9/3p5/2r1p4/3K5 w - - 0 1",
        "车三进四 马8退6 车三平四 将5退1 马五进六 将5平4 炮五平六",
    ),
];

const MATES_IN_5: [Problem; 3] = [
    (
        10,
        "2n1k4/2P1a4/1C1r1a3/9/9/9/9/9/9/4K4 w - - 0 1",
        "炮八进二 车4退2 兵七进一 将5平6 兵七平六 将6进1 兵六平五 士5进4 炮八退一",
    ),
    (
        30,
        "1R1ak1b1R/9/1CNc3r1/4p4/6p1p/9/P8/4B1n2/2nCA2r1/2BAK3c w - - 0 1",
        "车八平六 将5进1 车六退一 将5进1 车六退一 将5退1 车六平四 将5退1 车一平三",
    ),
    (
        31,
        "4kab2/4a4/2Ncb2C1/6p2/9/1R3RP2/P1r4r1/4B4/2n1A4/2BA1K3 w - - 0 1",
        "车八进五 象5退3 车八平七 士5退4 车四进五 将5进1 车七退一 将5进1 车四退二",
    ),
];

/// Depth of the engine's search: enough for every problem here (the quiet sacrifice of level 12
/// is the deepest); the search stops early once a mate is proved shorter than the depth.
const DEPTH: i32 = 16;

/// Exhaustive proof, independent of the engine: can the side to move force a position where
/// the opponent has no legal move (mate, or stalemate, which also loses) within `moves` moves?
/// Checking moves are tried first and proved (position, moves) pairs are remembered.
fn forced_win_within(pos: &mut Position, moves: u32, seen: &mut HashMap<(u64, u32), bool>) -> bool {
    if moves == 0 {
        return false;
    }
    if let Some(&known) = seen.get(&(pos.hash(), moves)) {
        return known;
    }
    let mut list = MoveList::new();
    pos.legal_moves(&mut list);
    let mut ours: Vec<Move> = list.to_vec();
    ours.sort_by_key(|&m| {
        pos.make(m);
        let check = pos.in_check();
        pos.unmake();
        !check
    });
    let wins = ours
        .into_iter()
        .any(|m| after_move_wins(pos, m, moves, seen));
    seen.insert((pos.hash(), moves), wins);
    wins
}

/// Whether `m` wins within `moves` moves (counting `m`) whatever the opponent replies.
fn after_move_wins(
    pos: &mut Position,
    m: Move,
    moves: u32,
    seen: &mut HashMap<(u64, u32), bool>,
) -> bool {
    pos.make(m);
    let mut theirs = MoveList::new();
    pos.legal_moves(&mut theirs);
    let wins = theirs.is_empty()
        || (moves > 1
            && theirs.iter().all(|&reply| {
                pos.make(reply);
                let w = forced_win_within(pos, moves - 1, seen);
                pos.unmake();
                w
            }));
    pos.unmake();
    wins
}

fn check_problem(&(level, fen, solution): &Problem, moves: u32) {
    let start = Position::from_fen(fen).expect("valid FEN");

    let mut line = start.clone();
    let plies: Vec<&str> = solution.split_whitespace().collect();
    assert_eq!(
        plies.len() as u32,
        2 * moves - 1,
        "level {level}: line length"
    );
    for text in &plies {
        let m = Notation::Chinese
            .read(&line, text)
            .unwrap_or_else(|e| panic!("level {level}: {text}: {e}"));
        line.play(m).expect("legal");
    }
    assert!(
        !line.has_legal_move(),
        "level {level}: the published line does not end in mate"
    );

    let mut seen = HashMap::new();
    let mut pos = start.clone();
    assert!(
        !forced_win_within(&mut pos, moves - 1, &mut seen),
        "level {level}: our rules allow a mate shorter than {moves}"
    );
    assert!(
        forced_win_within(&mut pos, moves, &mut seen),
        "level {level}: our rules do not force mate in {moves}"
    );

    let mut engine = Engine::new(16);
    let stop = AtomicBool::new(false);
    let found = engine.search(&start, &Limits::depth(DEPTH), &[], &stop, &mut |_| {});
    assert_eq!(
        found.score,
        MATE - (2 * moves as i32 - 1),
        "level {level}: engine score {} (pv {:?})",
        found.score,
        found.pv
    );
    let best = found.best.expect("a move");
    assert!(
        after_move_wins(&mut pos, best, moves, &mut seen),
        "level {level}: the engine's {best} does not keep the mate in {moves}"
    );
}

#[test]
fn published_mates_in_2() {
    MATES_IN_2.iter().for_each(|p| check_problem(p, 2));
}

#[test]
fn published_mates_in_3() {
    MATES_IN_3.iter().for_each(|p| check_problem(p, 3));
}

#[test]
fn published_mates_in_4() {
    MATES_IN_4.iter().for_each(|p| check_problem(p, 4));
}

#[test]
fn published_mates_in_5() {
    MATES_IN_5.iter().for_each(|p| check_problem(p, 5));
}

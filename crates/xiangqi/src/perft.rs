//! Perft: the number of leaf nodes of the legal-move tree to a fixed depth, the standard test
//! of move generators (the counts in tests/ come from published sources).

use crate::moves::{Move, MoveList};
use crate::position::Position;

/// The number of legal move sequences of length `depth` from `pos` (leaves are bulk-counted at
/// the last ply). `pos` is restored before returning.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let mut nodes = 0;
            for &m in moves.iter() {
                pos.make(m);
                nodes += perft(pos, depth - 1);
                pos.unmake();
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the leaf count below it, in generation order.
pub fn divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            pos.make(m);
            let nodes = perft(pos, depth.saturating_sub(1));
            pos.unmake();
            (m, nodes)
        })
        .collect()
}

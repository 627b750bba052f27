//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod naive;

use qipan_xiangqi::{MoveList, Position};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Positions met in `games` random legal playouts of at most `plies` plies from the start,
/// every position included (the start once per game).
pub fn playout_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::new();
    let mut moves = MoveList::new();
    for _ in 0..games {
        let mut pos = Position::startpos();
        for _ in 0..plies {
            out.push(pos.clone());
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            pos.make(m);
        }
    }
    out
}

/// Parses a FEN that the test knows to be valid.
pub fn fen(text: &str) -> Position {
    match Position::from_fen(text) {
        Ok(pos) => pos,
        Err(err) => panic!("test FEN {text}: {err}"),
    }
}

/// The legal moves of a position in ICCS, sorted.
pub fn iccs_moves(pos: &Position) -> Vec<String> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    let mut out: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    out.sort();
    out
}

//! Clearable boards built so that a solution is known, in every mode: play the game forwards
//! with tiles whose faces are not yet painted, then paint each removed pair alike.
//!
//! Whether two tiles can be joined depends only on which cells are occupied, never on the
//! faces, and so does how the other tiles slide after a removal (see [`Mode`]). So start from
//! the shape to fill with every tile blank but distinguishable (each cell gets its own
//! identity), repeatedly remove a random pair of tiles that can be joined, letting the rest
//! slide as the mode says, and note which two identities each removal took. Painting both
//! tiles of the `k`-th removal with the `k`-th face gives a board on which the same removals,
//! in the same order, are legal and clear it. This works on any shape and any mode (a full
//! deal, or the cells left by play for a shuffle) and fails only when blank tiles are left of
//! which no two can be joined, which is rare and answered by trying again.

use crate::board::Board;
use crate::mode::Mode;
use crate::point::Move;
use crate::reach::Reach;
use rand::Rng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;

/// Builds a board on the occupied cells of `shape`, to be played in `mode`, from `pairs` (raw
/// face values, one per pair, the first removed first). Returns the board and the removals that
/// clear it, or `None` if the blank tiles got stuck.
pub(crate) fn construct_forward(
    shape: &Board,
    mode: Mode,
    pairs: &[u16],
    rng: &mut ChaCha8Rng,
) -> Option<(Board, Vec<Move>)> {
    // Identities are 1..=tiles (0 is an empty cell), so they fit the board's cells.
    let mut blank = shape.clone();
    let mut tiles = 0u16;
    for i in 0..blank.len() {
        if blank.raw(i) != 0 {
            tiles += 1;
            blank.set_raw(i, tiles);
        }
    }
    if tiles as usize != 2 * pairs.len() {
        return None;
    }
    let start = blank.clone();
    let mut reach = Reach::new(&blank);
    let mut face_of = vec![0u16; tiles as usize + 1];
    let mut moves = Vec::with_capacity(pairs.len());
    let mut occupied: Vec<usize> = Vec::with_capacity(tiles as usize);
    for &face in pairs {
        occupied.clear();
        occupied.extend((0..blank.len()).filter(|&i| blank.raw(i) != 0));
        occupied.shuffle(rng);
        let (a, b) = occupied.iter().find_map(|&a| {
            let hits = reach.from(&blank, a);
            (!hits.is_empty()).then(|| (a, hits[rng.random_range(0..hits.len())]))
        })?;
        face_of[blank.raw(a) as usize] = face;
        face_of[blank.raw(b) as usize] = face;
        let m = Move::new(blank.point(a), blank.point(b));
        blank.remove_unchecked(m.a, m.b, mode);
        moves.push(m);
    }
    let mut board = start;
    for i in 0..board.len() {
        let identity = board.raw(i);
        if identity != 0 {
            board.set_raw(i, face_of[identity as usize]);
        }
    }
    Some((board, moves))
}

/// The removals of `moves`, each replayed on a copy of `board` in `mode`: whether all are legal
/// and clear it (used by the tests of this module).
#[cfg(test)]
fn clears(board: &Board, mode: Mode, moves: &[Move]) -> bool {
    let mut board = board.clone();
    moves.iter().all(|m| board.play(m.a, m.b, mode).is_ok()) && board.is_cleared()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::point::Point;
    use rand::SeedableRng;

    fn full(rows: usize, cols: usize) -> Board {
        let mut board = Board::new(rows, cols).unwrap();
        for y in 0..rows as i32 {
            for x in 0..cols as i32 {
                let i = board.index(Point::new(x, y));
                board.set_raw(i, 1);
            }
        }
        board
    }

    #[test]
    fn the_removals_clear_the_painted_board_in_every_mode() {
        for mode in Mode::ALL {
            let shape = full(6, 9);
            let pairs: Vec<u16> = (0..27).map(|k| k % 9 + 1).collect();
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let (board, moves) = construct_forward(&shape, mode, &pairs, &mut rng).unwrap();
            assert_eq!(board.tile_count(), 54);
            assert!(clears(&board, mode, &moves), "{mode}");
        }
    }

    #[test]
    fn a_shape_with_an_odd_number_of_cells_is_refused() {
        let mut shape = full(3, 3);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert!(construct_forward(&shape, Mode::Classic, &[1; 4], &mut rng).is_none());
        let corner = shape.index(Point::new(0, 0));
        shape.set_raw(corner, 0);
        assert!(construct_forward(&shape, Mode::Classic, &[1; 4], &mut rng).is_some());
    }
}

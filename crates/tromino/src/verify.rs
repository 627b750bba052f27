//! Checking a tiling: every square but the missing one covered exactly once by whole trominoes.

use crate::tiling::{EMPTY, code};
use crate::{Error, Square, Tiling, Tromino};

/// For a square at quadrant `q` of a tromino of shape `s`: the quadrant of the next square of the
/// same tromino, cyclically (`NEXT[s][s]` is unused: a tromino does not cover its empty corner).
const NEXT: [[u8; 4]; 4] = [[0, 2, 3, 1], [2, 0, 3, 0], [1, 3, 0, 0], [1, 2, 0, 0]];

/// Checks that `tiling` covers every square except the missing one, and that its squares describe
/// whole trominoes (each square's tromino carries the same shape on all three of its squares).
///
/// Reads each square about twice, row by row, at memory speed; boards of a million squares or more
/// are checked in bands of rows on every core (the first fault in row order is reported).
pub fn verify(tiling: &Tiling) -> Result<(), Error> {
    let size = tiling.size() as usize;
    let cells = tiling.cells();
    let missing = tiling.missing();
    let missing_index = missing.y as usize * size + missing.x as usize;
    if cells[missing_index] != EMPTY {
        return Err(Error::CoversMissing {
            x: missing.x,
            y: missing.y,
        });
    }
    let threads = if size * size >= PARALLEL_CELLS {
        std::thread::available_parallelism().map_or(1, |n| n.get().min(MAX_THREADS))
    } else {
        1
    };
    let band = size.div_ceil(threads);
    let check = |rows: std::ops::Range<usize>| verify_rows(cells, size, missing_index, rows);
    if threads == 1 {
        return check(0..size);
    }
    std::thread::scope(|scope| {
        let bands: Vec<_> = (0..size)
            .step_by(band)
            .map(|y0| scope.spawn(move || check(y0..(y0 + band).min(size))))
            .collect();
        bands
            .into_iter()
            .try_for_each(|band| band.join().expect("a verification thread panicked"))
    })
}

/// Boards with at least this many squares are verified on several threads.
const PARALLEL_CELLS: usize = 1 << 20;
/// The most threads a verification uses.
const MAX_THREADS: usize = 8;

/// [`verify`] on the rows `rows` (each square's tromino may reach into the next row).
fn verify_rows(
    cells: &[u8],
    size: usize,
    missing_index: usize,
    rows: std::ops::Range<usize>,
) -> Result<(), Error> {
    for y in rows {
        let row = &cells[y * size..(y + 1) * size];
        for (x, &cell) in row.iter().enumerate() {
            let at = || (x as u32, y as u32);
            if cell == EMPTY {
                if y * size + x != missing_index {
                    let (x, y) = at();
                    return Err(Error::Uncovered { x, y });
                }
                continue;
            }
            let (shape, quadrant) = ((cell >> 2) & 3, cell & 3);
            let (dx, dy) = (usize::from(quadrant & 1), usize::from(quadrant >> 1));
            // Each square checks the next square of its tromino, cyclically: together the three
            // checks prove that all three squares agree.
            let fits = x >= dx && y >= dy && x - dx + 1 < size && y - dy + 1 < size;
            let good = cell & 0xF0 == 0x10 && shape != quadrant && fits && {
                let next = NEXT[usize::from(shape)][usize::from(quadrant)];
                let (nx, ny) = (
                    x - dx + usize::from(next & 1),
                    y - dy + usize::from(next >> 1),
                );
                cells[ny * size + nx] == code(shape, next)
            };
            if !good {
                let (x, y) = at();
                return Err(Error::InconsistentCode { x, y });
            }
        }
    }
    Ok(())
}

/// Checks that `trominoes` tile the `size` x `size` board without `missing`: none leaves the
/// board, covers the missing square or overlaps another, and every other square is covered.
pub fn verify_trominoes(size: u32, missing: Square, trominoes: &[Tromino]) -> Result<(), Error> {
    verify(&Tiling::from_trominoes(size, missing, trominoes)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Shape;

    #[test]
    fn accepts_the_one_tiling_of_two_by_two() {
        let tromino = Tromino::new(Square::new(0, 0), Shape::EmptyLowerRight);
        assert_eq!(verify_trominoes(2, Square::new(1, 0), &[tromino]), Ok(()));
    }

    #[test]
    fn next_quadrant_cycles_through_each_shape() {
        for shape in Shape::ALL {
            let s = usize::from(shape.index());
            let covered: Vec<u8> = shape
                .offsets()
                .iter()
                .map(|&(dx, dy)| (dy * 2 + dx) as u8)
                .collect();
            for &q in &covered {
                let next = NEXT[s][usize::from(q)];
                assert!(covered.contains(&next) && next != q);
                // Three steps return to the start: a cycle through all three squares.
                let third = NEXT[s][usize::from(NEXT[s][usize::from(next)])];
                assert_eq!(third, q);
            }
        }
    }

    #[test]
    fn reports_inconsistent_codes() {
        let tiling = crate::golomb(2, Square::new(0, 0)).unwrap();
        let mut cells = tiling.cells().to_vec();
        cells[5] ^= 0x04; // change the shape on one square only
        let broken = Tiling::from_cells(4, Square::new(0, 0), cells);
        assert_eq!(verify(&broken).unwrap_err().code(), "inconsistent_code");
    }

    #[test]
    fn a_fault_on_a_board_checked_in_bands_is_the_first_in_row_order() {
        let tiling = crate::golomb(11, Square::new(3, 3)).unwrap();
        assert_eq!(verify(&tiling), Ok(()));
        let mut cells = tiling.cells().to_vec();
        // Two faults in different bands: the one a single pass over the rows meets first is
        // reported (a square of a broken tromino near row 100, not the fault in row 1900).
        cells[1900 * 2048 + 7] = EMPTY;
        cells[100 * 2048 + 1001] = EMPTY;
        let missing_index = 3 * 2048 + 3;
        let sequential = verify_rows(&cells, 2048, missing_index, 0..2048);
        let broken = Tiling::from_cells(2048, Square::new(3, 3), cells);
        let parallel = verify(&broken);
        assert_eq!(parallel, sequential);
        assert!(matches!(
            parallel,
            Err(Error::InconsistentCode { y: 99..=100, .. } | Error::Uncovered { y: 100, .. })
        ));
    }

    #[test]
    fn reports_gaps_and_overlaps() {
        let missing = Square::new(1, 0);
        assert_eq!(
            verify_trominoes(2, missing, &[]).unwrap_err().code(),
            "uncovered"
        );
        let tromino = Tromino::new(Square::new(0, 0), Shape::EmptyLowerRight);
        assert_eq!(
            verify_trominoes(2, missing, &[tromino, tromino])
                .unwrap_err()
                .code(),
            "overlap"
        );
        let wrong = Tromino::new(Square::new(0, 0), Shape::EmptyUpperLeft);
        assert_eq!(
            verify_trominoes(2, missing, &[wrong]).unwrap_err().code(),
            "covers_missing"
        );
    }
}

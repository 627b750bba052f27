//! The steps of Golomb's divide and conquer in the order the recursion takes them, for showing the
//! algorithm at work (the browser's automatic demo animates them one by one).

use crate::construct::check_tileable;
use crate::{Error, Shape, Square, Tromino};

/// The largest k for which [`golomb_steps`] lists the steps (a 1024 x 1024 board).
pub const MAX_STEPS_K: u32 = 10;

/// One call of the recursion on a block of side >= 2: the tromino it places.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The lower-left square of the block.
    pub origin: Square,
    /// The side of the block (a power of two, at least 2).
    pub side: u32,
    /// The square of the block that is already covered (or missing): the quadrant holding it is
    /// the one the central tromino leaves alone.
    pub hole: Square,
    /// The tromino placed: on the three central squares of the other quadrants (for side 2, the
    /// whole rest of the block).
    pub tromino: Tromino,
    /// The depth of the recursion: 0 for the whole board.
    pub depth: u32,
}

/// The steps of Golomb's recursion on the 2^k x 2^k board without `missing`, in the order the
/// recursion takes them: a block's tromino, then its four quadrants (lower-left, lower-right,
/// upper-left, upper-right), each completely, in turn. Their trominoes form the same tiling as
/// [`crate::golomb`].
pub fn golomb_steps(k: u32, missing: Square) -> Result<Vec<Step>, Error> {
    if k > MAX_STEPS_K {
        return Err(Error::SizeOutOfRange {
            size: 1u64 << k.min(63),
            max: 1 << MAX_STEPS_K,
        });
    }
    check_tileable(1 << k, missing)?;
    let mut steps = Vec::new();
    walk(Square::new(0, 0), 1 << k, missing, 0, &mut steps);
    Ok(steps)
}

fn walk(origin: Square, side: u32, hole: Square, depth: u32, steps: &mut Vec<Step>) {
    if side < 2 {
        return;
    }
    let half = side / 2;
    let qx = u32::from(hole.x >= origin.x + half);
    let qy = u32::from(hole.y >= origin.y + half);
    let centre = Square::new(origin.x + half - 1, origin.y + half - 1);
    let tromino = Tromino::new(centre, Shape::from_index((qy * 2 + qx) as u8));
    steps.push(Step {
        origin,
        side,
        hole,
        tromino,
        depth,
    });
    for dy in 0..2 {
        for dx in 0..2 {
            let sub_hole = if (dx, dy) == (qx, qy) {
                hole
            } else {
                Square::new(centre.x + dx, centre.y + dy)
            };
            let sub_origin = Square::new(origin.x + dx * half, origin.y + dy * half);
            walk(sub_origin, half, sub_hole, depth + 1, steps);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_steps_build_the_golomb_tiling() {
        for k in 1..=5 {
            let n = 1u32 << k;
            let missing = Square::new(n / 3, n - 1);
            let steps = golomb_steps(k, missing).unwrap();
            assert_eq!(steps.len() as u32, (n * n - 1) / 3);
            assert_eq!(steps[0].side, n);
            let mut from_steps: Vec<Tromino> = steps.iter().map(|s| s.tromino).collect();
            let mut direct: Vec<Tromino> = crate::golomb(k, missing).unwrap().trominoes().collect();
            from_steps.sort();
            direct.sort();
            assert_eq!(from_steps, direct);
        }
    }

    #[test]
    fn refuses_huge_demos() {
        assert_eq!(
            golomb_steps(11, Square::new(0, 0)).unwrap_err().code(),
            "size_out_of_range"
        );
    }
}

//! Checks written independently of the library's own `verify`, from the list of trominoes alone.

use qipan_tromino::{Colouring, Square, Tiling};
use std::collections::HashMap;

/// Panics unless the trominoes of `tiling` are L-shapes that cover each square but the missing one
/// exactly once, and `colouring` gives edge-sharing trominoes different colours, using at most
/// `max_colours`.
#[allow(dead_code)] // not every test file uses it
pub fn check_tiling_and_colouring(tiling: &Tiling, colouring: &Colouring, max_colours: u8) {
    let n = tiling.size();
    let mut owner: HashMap<(u32, u32), usize> = HashMap::new();
    let trominoes: Vec<_> = tiling.trominoes().collect();
    for (id, t) in trominoes.iter().enumerate() {
        let cells = t.cells();
        let (min_x, min_y) = (
            cells.iter().map(|c| c.x).min().unwrap(),
            cells.iter().map(|c| c.y).min().unwrap(),
        );
        let (max_x, max_y) = (
            cells.iter().map(|c| c.x).max().unwrap(),
            cells.iter().map(|c| c.y).max().unwrap(),
        );
        assert!(
            max_x == min_x + 1 && max_y == min_y + 1,
            "{t:?} is not an L"
        );
        for c in cells {
            assert!(c.x < n && c.y < n, "{t:?} leaves the board");
            assert_ne!(c, tiling.missing(), "{t:?} covers the missing square");
            assert!(owner.insert((c.x, c.y), id).is_none(), "overlap at {c}");
        }
    }
    assert_eq!(
        owner.len() as u64,
        u64::from(n) * u64::from(n) - 1,
        "squares left uncovered"
    );
    let colour_of = |id: usize| colouring.colour_at(trominoes[id].cells()[0]).unwrap();
    for (&(x, y), &id) in &owner {
        assert!(colour_of(id) >= 1 && colour_of(id) <= max_colours);
        for (nx, ny) in [(x + 1, y), (x, y + 1)] {
            if let Some(&other) = owner.get(&(nx, ny))
                && other != id
            {
                assert_ne!(
                    colour_of(id),
                    colour_of(other),
                    "neighbours at {} share a colour",
                    Square::new(x, y)
                );
            }
        }
    }
}

/// Every tiling of the free squares of a `w` x `h` region (`free[y * w + x]`), by brute force: the
/// lowest free square (row-major) is covered by each of the twelve placements of the four shapes
/// that contain it and fit. Each tiling is sorted. For small regions only.
#[allow(dead_code)] // not every test file uses it
pub fn all_tilings(
    w: usize,
    h: usize,
    free: &mut [bool],
    current: &mut Vec<qipan_tromino::Tromino>,
    found: &mut Vec<Vec<qipan_tromino::Tromino>>,
) {
    use qipan_tromino::{Shape, Tromino};
    let Some(first) = free.iter().position(|&f| f) else {
        let mut tiling = current.clone();
        tiling.sort();
        found.push(tiling);
        return;
    };
    let (fx, fy) = ((first % w) as i64, (first / w) as i64);
    for shape in Shape::ALL {
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let (cx, cy) = (fx - dx, fy - dy);
            if cx < 0 || cy < 0 || cx + 1 >= w as i64 || cy + 1 >= h as i64 {
                continue;
            }
            let tromino = Tromino::new(Square::new(cx as u32, cy as u32), shape);
            let cells: Vec<usize> = tromino
                .cells()
                .iter()
                .map(|c| c.y as usize * w + c.x as usize)
                .collect();
            if !cells.contains(&first) || !cells.iter().all(|&i| free[i]) {
                continue;
            }
            cells.iter().for_each(|&i| free[i] = false);
            current.push(tromino);
            all_tilings(w, h, free, current, found);
            current.pop();
            cells.iter().for_each(|&i| free[i] = true);
        }
    }
}

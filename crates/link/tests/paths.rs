//! Paths: hand-checked cases of every shape, and agreement with a brute-force enumerator.

mod common;

use common::{brute_best, legal, random_board, rng};
use qipan_link::{Board, Point};

fn p(x: i32, y: i32) -> Point {
    Point::new(x, y)
}

/// A board from text, odd counts allowed (paths do not care about pairs).
fn board_of(text: &str) -> Board {
    let lines: Vec<&str> = text.lines().collect();
    let mut board = Board::new(lines.len(), lines[0].len()).unwrap();
    for (y, line) in lines.iter().enumerate() {
        for (x, ch) in line.chars().enumerate() {
            let kind = qipan_link::TILE_LETTERS
                .find(ch)
                .map(|k| qipan_link::Kind::new(k).unwrap());
            board.set(p(x as i32, y as i32), kind).unwrap();
        }
    }
    board
}

fn corners(board: &str, a: Point, b: Point) -> Option<Vec<Point>> {
    let board = board_of(board);
    board.connect(a, b).map(|path| path.corners().to_vec())
}

#[test]
fn straight_lines_join_neighbours_and_clear_rows() {
    assert_eq!(
        corners("AA\n", p(0, 0), p(1, 0)),
        Some(vec![p(0, 0), p(1, 0)])
    );
    assert_eq!(
        corners("A..A\n", p(0, 0), p(3, 0)),
        Some(vec![p(0, 0), p(3, 0)])
    );
    assert_eq!(
        corners("A\n.\nA\n", p(0, 0), p(0, 2)),
        Some(vec![p(0, 0), p(0, 2)])
    );
}

#[test]
fn one_turn_takes_the_free_corner() {
    // The corner (2, 0) is free; (0, 1) holds a B.
    let board = "A..\nB.A\nB..\n";
    assert_eq!(
        corners(board, p(0, 0), p(2, 1)),
        Some(vec![p(0, 0), p(2, 0), p(2, 1)])
    );
}

#[test]
fn two_turns_inside_the_board_prefer_the_shortest() {
    // Both one-turn corners hold Bs; the middle column is free.
    let board = "A.B\nB.A\n";
    assert_eq!(
        corners(board, p(0, 0), p(2, 1)),
        Some(vec![p(0, 0), p(1, 0), p(1, 1), p(2, 1)])
    );
}

#[test]
fn paths_run_round_the_outside_ring() {
    // Two As on the top row with a B between: up, across the ring, down (going under the
    // bottom row is longer).
    assert_eq!(
        corners("ABA\n.B.\n", p(0, 0), p(2, 0)),
        Some(vec![p(0, 0), p(0, -1), p(2, -1), p(2, 0)])
    );
    // Down the left edge column: out to the left ring and back.
    assert_eq!(
        corners("A.\nBB\nA.\n", p(0, 0), p(0, 2)),
        Some(vec![p(0, 0), p(-1, 0), p(-1, 2), p(0, 2)])
    );
    // Round the right edge: the B between them walls off the column.
    assert_eq!(
        corners("BA\nBB\nBA\n", p(1, 0), p(1, 2)),
        Some(vec![p(1, 0), p(2, 0), p(2, 2), p(1, 2)])
    );
    // Under the bottom: the row below the As is blocked in the middle, the ring is not.
    assert_eq!(
        corners("B.B\nABA\n.B.\n", p(0, 1), p(2, 1)),
        Some(vec![p(0, 1), p(0, 3), p(2, 3), p(2, 1)])
    );
}

#[test]
fn blocked_pairs_have_no_path() {
    // A ring of Bs around one A, the other A outside: three turns at least.
    let board = "BBB.\nBAB.\nBBBA\n";
    assert_eq!(corners(board, p(1, 1), p(3, 2)), None);
    // The crossed square: each pair blocks the other.
    assert_eq!(corners("AB\nBA\n", p(0, 0), p(1, 1)), None);
    // A path that would need three turns: a snake.
    let snake = "A.B\nBBB\nB.A\n";
    assert_eq!(corners(snake, p(0, 0), p(2, 2)), None);
}

#[test]
fn the_search_agrees_with_brute_force_on_random_small_boards() {
    let mut rng = rng(10);
    let mut checked = [0usize; 4];
    for _ in 0..400 {
        let board = random_board(&mut rng, 6, 7, 0.55, 3);
        let tiles: Vec<Point> = board.tiles().map(|(q, _)| q).collect();
        for &a in &tiles {
            for &b in &tiles {
                let found = board.connect(a, b);
                if a == b {
                    assert!(found.is_none());
                    continue;
                }
                let want = brute_best(&board, a, b);
                let got = found.as_ref().map(|path| (path.turns(), path.length()));
                assert_eq!(got, want, "{a} to {b} on\n{}", board.to_text().unwrap());
                if let Some(path) = found {
                    assert!(
                        legal(&board, path.corners()),
                        "illegal path {:?}",
                        path.corners()
                    );
                    assert_eq!((path.corners()[0], *path.corners().last().unwrap()), (a, b));
                    checked[path.turns()] += 1;
                } else {
                    checked[3] += 1;
                }
            }
        }
    }
    // Every shape occurred many times.
    assert!(checked.iter().all(|&n| n > 100), "{checked:?}");
}

#[test]
fn removable_pairs_are_exactly_the_equal_pairs_brute_force_can_join() {
    let mut rng = rng(11);
    for _ in 0..300 {
        let board = random_board(&mut rng, 6, 8, 0.6, 4);
        let tiles: Vec<(Point, qipan_link::Kind)> = board.tiles().collect();
        let mut want = Vec::new();
        for (n, &(a, ka)) in tiles.iter().enumerate() {
            for &(b, kb) in &tiles[n + 1..] {
                if ka == kb && brute_best(&board, a, b).is_some() {
                    want.push((a, b));
                }
            }
        }
        let got: Vec<(Point, Point)> = board.removable_pairs().iter().map(|m| (m.a, m.b)).collect();
        let (mut got_sorted, mut want_sorted) = (got.clone(), want.clone());
        got_sorted.sort();
        want_sorted.sort();
        assert_eq!(got_sorted, want_sorted, "on\n{}", board.to_text().unwrap());
        assert_eq!(board.has_move(), !want.is_empty());
    }
}

#[test]
fn turn_layers_show_the_search_and_its_tiles_are_the_joinable_ones() {
    // A row "A.A": from the left tile, the cell between is reached straight (0 turns), and the
    // ray stops at the right tile.
    let board = board_of("A.A\n");
    let layers = board.turn_layers(p(0, 0)).unwrap();
    assert!(layers.cells[0].contains(&p(1, 0)));
    assert_eq!(layers.tiles, vec![p(2, 0)]);
    assert_eq!(board.turn_layers(p(1, 0)).unwrap_err().code(), "empty_cell");

    // On random boards: a cell is in one layer only, and a tile of the same kind is reached
    // exactly when the brute-force path check can join the two.
    let mut rng = rng(11);
    for _ in 0..300 {
        let board = random_board(&mut rng, 6, 7, 0.5, 3);
        let tiles: Vec<(Point, qipan_link::Kind)> = board.tiles().collect();
        for &(a, kind) in &tiles {
            let layers = board.turn_layers(a).unwrap();
            let mut all: Vec<Point> = layers.cells.iter().flatten().copied().collect();
            let count = all.len();
            all.sort_by_key(|q| (q.y, q.x));
            all.dedup();
            assert_eq!(all.len(), count, "a cell in two layers");
            for &(b, other) in &tiles {
                if b != a && other == kind {
                    assert_eq!(
                        layers.tiles.contains(&b),
                        brute_best(&board, a, b).is_some(),
                        "{a} to {b}"
                    );
                }
            }
        }
    }
}

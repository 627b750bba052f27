//! The tileability search against brute force on small regions, and on random partial games.

mod common;

use proptest::prelude::*;
use qipan_tromino::{
    Outcome, Reason, SearchLimits, Shape, Square, Tiling, Tromino, complete, tile_region,
    verify_trominoes,
};

/// Checks one region: the search's answer agrees with the brute-force count, and a tiling it
/// returns really tiles the region.
fn check_region(w: usize, h: usize, free: &[bool]) -> Outcome {
    let mut scratch = free.to_vec();
    let mut tilings = Vec::new();
    common::all_tilings(w, h, &mut scratch, &mut Vec::new(), &mut tilings);
    let outcome = tile_region(w, h, free, SearchLimits::nodes(1_000_000));
    match outcome.clone() {
        Outcome::Tiled(trominoes) => {
            assert!(
                !tilings.is_empty(),
                "search tiled an untileable region {free:?}"
            );
            let mut covered = vec![false; w * h];
            for t in trominoes {
                for c in t.cells() {
                    let i = c.y as usize * w + c.x as usize;
                    assert!(free[i] && !covered[i], "bad tromino {t:?}");
                    covered[i] = true;
                }
            }
            assert_eq!(covered, free, "the tiling misses free squares");
        }
        Outcome::Impossible(reason) => {
            assert!(
                tilings.is_empty(),
                "search says {reason} but {} tilings exist",
                tilings.len()
            )
        }
        Outcome::GaveUp { .. } => panic!("gave up on a tiny region"),
    }
    outcome
}

#[test]
fn every_region_of_the_3x4_box_matches_brute_force() {
    // All 4096 subsets of a 3x4 box.
    let mut by_search = 0;
    for mask in 0u32..1 << 12 {
        let free: Vec<bool> = (0..12).map(|i| mask & (1 << i) != 0).collect();
        if let Outcome::Impossible(Reason::NoTiling { .. }) = check_region(3, 4, &free) {
            by_search += 1;
        }
    }
    // Some regions pass every quick test and are refuted only by the exhaustive search.
    assert!(by_search > 0);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_regions_of_5x5_match_brute_force(mask in 0u32..1 << 25, extra in any::<bool>()) {
        // Dense regions (most squares free) are the interesting ones: OR two masks together.
        let mask = if extra { mask | mask.rotate_left(7) } else { mask };
        let free: Vec<bool> = (0..25).map(|i| mask & (1 << i) != 0).collect();
        check_region(5, 5, &free);
    }

    #[test]
    fn random_regions_of_4x6_match_brute_force(mask in 0u32..1 << 24) {
        let free: Vec<bool> = (0..24).map(|i| mask & (1 << i) != 0 || (mask >> (i % 7)) & 3 != 0).collect();
        check_region(4, 6, &free);
    }

    #[test]
    fn random_partial_games_on_8x8(mx in 0u32..8, my in 0u32..8, moves in prop::collection::vec((0u32..7, 0u32..7, 0u8..4), 0..12)) {
        let missing = Square::new(mx, my);
        let mut board = Tiling::empty(8, missing).unwrap();
        let mut placed = Vec::new();
        for (x, y, s) in moves {
            let tromino = Tromino::new(Square::new(x, y), Shape::from_index(s));
            if board.place(tromino).is_ok() {
                placed.push(tromino);
            }
        }
        match complete(8, missing, &placed, SearchLimits::nodes(5_000_000)).unwrap() {
            Outcome::Tiled(rest) => {
                let all: Vec<Tromino> = placed.iter().copied().chain(rest).collect();
                prop_assert_eq!(verify_trominoes(8, missing, &all), Ok(()));
            }
            Outcome::Impossible(_) => {
                let mut free: Vec<bool> = (0..64)
                    .map(|i| board.tromino_at(Square::new(i % 8, i / 8)).is_none() && Square::new(i % 8, i / 8) != missing)
                    .collect();
                let mut tilings = Vec::new();
                common::all_tilings(8, 8, &mut free, &mut Vec::new(), &mut tilings);
                prop_assert!(tilings.is_empty());
            }
            Outcome::GaveUp { .. } => prop_assert!(false, "gave up on 8x8"),
        }
    }
}

#[test]
fn a_half_played_32x32_board_is_decided() {
    // Golomb's tiling with a band of trominoes taken away is, of course, completable.
    let missing = Square::new(5, 17);
    let tiling = qipan_tromino::golomb(5, missing).unwrap();
    let placed: Vec<Tromino> = tiling
        .trominoes()
        .filter(|t| t.corner.y < 10 || t.corner.y > 20)
        .collect();
    let Outcome::Tiled(rest) =
        complete(32, missing, &placed, SearchLimits::nodes(10_000_000)).unwrap()
    else {
        panic!("completable");
    };
    let all: Vec<Tromino> = placed.into_iter().chain(rest).collect();
    assert_eq!(verify_trominoes(32, missing, &all), Ok(()));
}

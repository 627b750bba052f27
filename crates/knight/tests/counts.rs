//! The exhaustive counter against published counts.

use qipan_knight::{Board, Square, TourKind, count_tours};

/// OEIS A165134 (number of directed Hamiltonian paths in the n×n knight graph): 1728 directed
/// open tours on 5×5; the table in its entry (G. Coserea, 2016) gives 304 from a corner, 64 from
/// the centre and 56 from c1 and from b2.
#[test]
fn five_by_five_open_tours() {
    let b = Board::new(5, 5).unwrap();
    let all = count_tours(b, None, TourKind::Open, u64::MAX).unwrap();
    assert_eq!(all.directed, 1728);
    assert_eq!(all.undirected, 864);
    let from = |x, y| {
        count_tours(b, Some(Square::new(x, y)), TourKind::Open, u64::MAX)
            .unwrap()
            .directed
    };
    assert_eq!(from(0, 0), 304);
    assert_eq!(from(2, 2), 64);
    assert_eq!(from(2, 0), 56);
    assert_eq!(from(1, 1), 56);
    assert_eq!(from(1, 0), 0);
}

/// OEIS A165134 again: no directed open tours on 3×3 and 4×4.
#[test]
fn three_and_four_square_boards_have_none() {
    for n in [3, 4] {
        let b = Board::new(n, n).unwrap();
        assert_eq!(
            count_tours(b, None, TourKind::Open, u64::MAX)
                .unwrap()
                .directed,
            0
        );
    }
}

/// OEIS A001230 (number of undirected closed knight's tours on a 2n×2n board): 9862 on 6×6.
#[test]
fn six_by_six_closed_tours() {
    let b = Board::new(6, 6).unwrap();
    let c = count_tours(b, None, TourKind::Closed, u64::MAX).unwrap();
    assert_eq!(c.undirected, 9862);
    assert_eq!(c.directed, 2 * 9862);
}

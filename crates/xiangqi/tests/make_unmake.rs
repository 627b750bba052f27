//! Property tests: make/unmake restores the position and its hash exactly, and the incremental
//! hash always equals the hash computed from scratch.

use proptest::prelude::*;
use qipan_xiangqi::{MoveList, Position};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn make_then_unmake_restores_everything(choices in proptest::collection::vec(any::<u16>(), 1..120)) {
        let mut pos = Position::startpos();
        let mut states = vec![(pos.to_fen(), pos.hash(), pos.in_check())];
        let mut moves = MoveList::new();
        for choice in &choices {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let m = moves[*choice as usize % moves.len()];
            pos.make(m);
            prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
            prop_assert_eq!(Position::from_fen(&pos.to_fen()).map(|p| p.hash()), Ok(pos.hash()));
            states.push((pos.to_fen(), pos.hash(), pos.in_check()));
        }
        while let Some((fen, hash, check)) = states.pop() {
            prop_assert_eq!(&pos.to_fen(), &fen);
            prop_assert_eq!(pos.hash(), hash);
            prop_assert_eq!(pos.in_check(), check);
            pos.unmake();
        }
        prop_assert_eq!(pos, Position::startpos());
    }

    #[test]
    fn null_moves_undo_exactly(choices in proptest::collection::vec(any::<u16>(), 1..40)) {
        let mut pos = Position::startpos();
        let mut moves = MoveList::new();
        for choice in &choices {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[*choice as usize % moves.len()]);
        }
        if !pos.in_check() {
            let (fen, hash) = (pos.to_fen(), pos.hash());
            pos.make_null();
            prop_assert_ne!(pos.hash(), hash);
            prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
            pos.unmake();
            prop_assert_eq!(pos.to_fen(), fen);
            prop_assert_eq!(pos.hash(), hash);
        }
    }
}

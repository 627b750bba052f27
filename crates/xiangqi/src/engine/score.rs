//! Scores: centipawns, and mates counted in plies.

/// A search score in centipawns from the side to move's point of view.
pub type Score = i32;

/// The score of giving mate on the board (mate in 0 plies).
pub const MATE: Score = 30_000;
/// Scores beyond this (in absolute value) are mate scores.
pub const MATE_BOUND: Score = MATE - 1_000;
/// Larger than any score.
pub const INFINITE: Score = MATE + 1;
/// A draw.
pub const DRAW: Score = 0;
/// Winning by the opponent's perpetual check (长将): decisive, but below every mate score so that
/// a real mate is always preferred and mate distances stay exact.
pub const PERPETUAL_CHECK_WIN: Score = 20_000;

/// The score of being mated `ply` plies from the root.
pub const fn mated_in(ply: i32) -> Score {
    -MATE + ply
}

/// Converts a score relative to the root into one relative to the node at `ply` (for storing).
pub fn to_tt(score: Score, ply: i32) -> Score {
    if score > MATE_BOUND {
        score + ply
    } else if score < -MATE_BOUND {
        score - ply
    } else {
        score
    }
}

/// Converts a stored node-relative score back to the root at `ply`.
pub fn from_tt(score: Score, ply: i32) -> Score {
    if score > MATE_BOUND {
        score - ply
    } else if score < -MATE_BOUND {
        score + ply
    } else {
        score
    }
}

/// Moves to mate (positive: we mate; negative: we are mated), if the score is a mate score.
pub fn mate_in_moves(score: Score) -> Option<i32> {
    if score > MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score < -MATE_BOUND {
        Some(-(MATE + score) / 2)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(mate_in_moves(MATE - 1), Some(1));
        assert_eq!(mate_in_moves(MATE - 3), Some(2));
        assert_eq!(mate_in_moves(mated_in(2)), Some(-1));
        assert_eq!(mate_in_moves(150), None);
        assert_eq!(from_tt(to_tt(MATE - 9, 4), 4), MATE - 9);
    }
}

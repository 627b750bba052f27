//! Static evaluation from the incrementally kept point values: the side to move's potential minus
//! the opponent's, with the initiative weighted (the side to move realises its threats first).

use std::time::Duration;

use super::state::{State, combination_bonus, kind};

/// How much more the side to move's potential counts than the opponent's, as `(mine, theirs)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Initiative(i32, i32);

impl Initiative {
    /// The weight for a search of `time`. A shallow search needs the initiative weighed more:
    /// against pela, at 200 ms a move 3:2 scored +17 =1 −22 where 6:5 scored +10 −30 and
    /// +12 −28; at 1 s 6:5 scored +20 =1 −19 and +21 =2 −17 where 3:2 scored +16 =2 −22 and
    /// +18 =1 −21 (40 games each).
    pub fn for_time(time: Duration) -> Initiative {
        if time < Duration::from_millis(500) {
            Initiative(3, 2)
        } else {
            Initiative(6, 5)
        }
    }
}

/// The score of the position for the side to move. The opponent's double threats (points where
/// it would make a four-three, a double three or an open four) count by the strongest one only:
/// the side to move defends before they are played, so their sum overstates them.
pub fn evaluate(st: &State, Initiative(mine, theirs): Initiative) -> i32 {
    let me = st.side();
    let opp = me.opponent();
    let double = [kind::FLEX_FOUR, kind::FOUR_THREE, kind::THREE_THREE];
    let summed: i32 = double
        .iter()
        .map(|&k| st.kind_count(opp, k) as i32 * combination_bonus(k))
        .sum();
    let strongest = double
        .iter()
        .find(|&&k| st.kind_count(opp, k) > 0)
        .map_or(0, |&k| combination_bonus(k));
    let opp_total = st.total(opp) - summed + strongest;
    (st.total(me) * mine - opp_total * theirs) / theirs
}

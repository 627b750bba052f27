//! Static evaluation from the incrementally kept point values: the side to move's potential minus
//! the opponent's, with the initiative weighted (the side to move realises its threats first).

use super::state::State;

/// The score of the position for the side to move.
pub fn evaluate(st: &State) -> i32 {
    let me = st.side();
    let opp = me.opponent();
    (st.total(me) * 6 - st.total(opp) * 5) / 5
}

//! Offers one side makes and only the other answers — a draw, a take-back — the same for every
//! game: the body a page sends, and who may do what with a pending offer.

use serde::Deserialize;

use crate::error::ApiError;

/// What a player does with an offer.
#[derive(Debug, Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum OfferAction {
    /// Make one.
    Offer,
    /// Agree to the pending one.
    Accept,
    /// Turn the pending one down.
    Decline,
}

/// The body of an offer route.
#[derive(Deserialize)]
pub struct OfferBody {
    /// The revision the page saw.
    pub revision: i64,
    /// What the player does.
    pub action: OfferAction,
}

/// The kind of offer, for the error codes: `own_{name}` (the maker answering its own offer) and
/// `no_{name}` (nothing pending).
pub struct OfferKind {
    /// The stable code suffix, e.g. `draw_offer`.
    pub name: &'static str,
    /// What it is in a message, e.g. "draw offer".
    pub words: &'static str,
}

/// A take-back request (悔棋请求).
pub const TAKEBACK: OfferKind = OfferKind {
    name: "takeback_request",
    words: "take-back request",
};

/// How many plies a granted take-back removes: the asker's last move, and the reply to it when
/// the opponent has answered (the asker is to move again).
pub fn takeback_plies(asker_to_move: bool) -> usize {
    if asker_to_move { 2 } else { 1 }
}

/// What an allowed action on an offer comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision<S> {
    /// A new offer by the acting side.
    Made,
    /// The pending offer of this side is accepted.
    Accepted(S),
    /// The pending offer is turned down.
    Declined,
}

/// Decides `action` on the `pending` offer by the side `mine` acts for (`None` on one screen,
/// where either side may answer): 409 `own_…` when the maker answers its own offer, 422 `no_…`
/// when there is none to answer.
pub fn decide<S: PartialEq + Copy>(
    kind: &OfferKind,
    action: OfferAction,
    pending: Option<S>,
    mine: Option<S>,
) -> Result<Decision<S>, ApiError> {
    match (action, pending) {
        (OfferAction::Offer, _) => Ok(Decision::Made),
        (_, Some(maker)) if mine == Some(maker) => Err(ApiError::conflict(
            format!("own_{}", kind.name),
            format!("your opponent answers your {}, not you", kind.words),
        )),
        (OfferAction::Accept, Some(maker)) => Ok(Decision::Accepted(maker)),
        (OfferAction::Decline, Some(_)) => Ok(Decision::Declined),
        (_, None) => Err(ApiError::unprocessable(
            format!("no_{}", kind.name),
            format!("there is no {} to answer", kind.words),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DRAW: OfferKind = OfferKind {
        name: "draw_offer",
        words: "draw offer",
    };

    #[test]
    fn only_the_other_side_answers_a_pending_offer() {
        assert_eq!(
            decide(&DRAW, OfferAction::Offer, None, Some(1)).unwrap(),
            Decision::Made
        );
        assert_eq!(
            decide(&DRAW, OfferAction::Accept, Some(1), Some(2)).unwrap(),
            Decision::Accepted(1)
        );
        assert_eq!(
            decide(&DRAW, OfferAction::Decline, Some(1), None).unwrap(),
            Decision::Declined
        );
        let own = decide(&DRAW, OfferAction::Accept, Some(1), Some(1)).unwrap_err();
        assert_eq!(own.code, "own_draw_offer");
        let none = decide::<u8>(&DRAW, OfferAction::Decline, None, Some(1)).unwrap_err();
        assert_eq!(none.code, "no_draw_offer");
    }
}

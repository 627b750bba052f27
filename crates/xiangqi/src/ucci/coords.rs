//! How a GUI numbers the ranks in its moves. ICCS (UCCI, Pikafish-style UCI and most Chinese
//! GUIs) numbers them 0–9 from Red's side: `h2e2`. Fairy-Stockfish's UCI, and cutechess (its
//! Xiangqi branch) with it, numbers them 1–10: `h3e3`, and `a10a9` for a move from the last
//! rank.
//!
//! In UCI the engine adopts 1–10 when the GUI selects `UCI_Variant xiangqi` (only
//! Fairy-Stockfish-style GUIs do: Pikafish has no such option) and switches to whichever
//! numbering a GUI's move proves (a rank 10 or a rank 0); the `Coordinates` option fixes it.

use crate::moves::Move;
use crate::square::Square;

/// The numbering of ranks in move texts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Coordinates {
    /// Ranks 0–9 (ICCS): `h2e2`.
    Iccs,
    /// Ranks 1–10 (Fairy-Stockfish, cutechess): `h3e3`.
    FromOne,
}

impl Coordinates {
    /// The option value naming it: `iccs` or `1-10`.
    pub fn name(self) -> &'static str {
        match self {
            Coordinates::Iccs => "iccs",
            Coordinates::FromOne => "1-10",
        }
    }

    /// The numbering an option value names (`iccs`, `0-9`, `1-10`, `fsf`).
    pub fn from_name(name: &str) -> Option<Coordinates> {
        match name.to_ascii_lowercase().as_str() {
            "iccs" | "0-9" => Some(Coordinates::Iccs),
            "1-10" | "fsf" => Some(Coordinates::FromOne),
            _ => None,
        }
    }

    /// `m` written in this numbering.
    pub fn write(self, m: Move) -> String {
        match self {
            Coordinates::Iccs => m.to_string(),
            Coordinates::FromOne => format!("{}{}", one_based(m.from()), one_based(m.to())),
        }
    }

    /// Reads a move written in this numbering, without checking legality.
    pub fn parse(self, text: &str) -> Option<Move> {
        let (from, to) = split_squares(text)?;
        let square = |(file, rank): (u8, u8)| -> Option<Square> {
            let rank = match self {
                Coordinates::Iccs => rank,
                Coordinates::FromOne => rank.checked_sub(1)?,
            };
            Square::new(file, rank)
        };
        let (from, to) = (square(from)?, square(to)?);
        (from != to).then(|| Move::new(from, to))
    }

    /// The numbering a move text proves, if any: a rank 10 only exists from one, a rank 0 only
    /// in ICCS.
    pub fn proven_by(text: &str) -> Option<Coordinates> {
        let (from, to) = split_squares(text)?;
        let ranks = [from.1, to.1];
        if ranks.contains(&10) {
            Some(Coordinates::FromOne)
        } else if ranks.contains(&0) {
            Some(Coordinates::Iccs)
        } else {
            None
        }
    }
}

fn one_based(sq: Square) -> String {
    format!("{}{}", (b'a' + sq.file()) as char, sq.rank() + 1)
}

/// `h10h9` → ((7, 10), (7, 9)): file index and the rank number as written.
fn split_squares(text: &str) -> Option<((u8, u8), (u8, u8))> {
    let bytes = text.as_bytes();
    if !text.is_ascii() || !(4..=6).contains(&bytes.len()) {
        return None;
    }
    let square = |at: usize| -> Option<((u8, u8), usize)> {
        let file = bytes.get(at)?.checked_sub(b'a').filter(|&f| f < 9)?;
        let mut end = at + 1;
        while end < bytes.len() && bytes[end].is_ascii_digit() && end - at <= 2 {
            end += 1;
        }
        let digits = &text[at + 1..end];
        if digits.is_empty() || (digits.len() > 1 && digits.starts_with('0')) {
            return None;
        }
        let rank: u8 = digits.parse().ok().filter(|&r| r <= 10)?;
        Some(((file, rank), end))
    };
    let (from, next) = square(0)?;
    let (to, end) = square(next)?;
    (end == bytes.len()).then_some((from, to))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_numberings_read_and_write_the_same_moves() {
        let cannon = Coordinates::Iccs.parse("h2e2").unwrap();
        assert_eq!(Coordinates::FromOne.parse("h3e3"), Some(cannon));
        assert_eq!(Coordinates::FromOne.write(cannon), "h3e3");
        assert_eq!(Coordinates::Iccs.write(cannon), "h2e2");
        let rook = Coordinates::Iccs.parse("a9a8").unwrap();
        assert_eq!(Coordinates::FromOne.write(rook), "a10a9");
        assert_eq!(Coordinates::FromOne.parse("a10a9"), Some(rook));
    }

    #[test]
    fn ranks_outside_a_numbering_are_refused_and_prove_the_other() {
        assert_eq!(Coordinates::FromOne.parse("a0a1"), None);
        assert_eq!(Coordinates::Iccs.parse("a10a9"), None);
        assert_eq!(Coordinates::proven_by("a10a9"), Some(Coordinates::FromOne));
        assert_eq!(Coordinates::proven_by("b0c2"), Some(Coordinates::Iccs));
        assert_eq!(Coordinates::proven_by("h2e2"), None);
        for bad in ["", "h2", "h2e", "j2e2", "h2e11", "h02e2", "h2e2x"] {
            assert_eq!(Coordinates::proven_by(bad), None, "{bad}");
            assert_eq!(Coordinates::Iccs.parse(bad), None, "{bad}");
        }
    }
}

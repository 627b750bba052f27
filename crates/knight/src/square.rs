//! Squares and their names: `a1` (file letter, rank from 1) or `x,y` (both from 0).

use crate::error::Error;

/// A square: `x` is the column from the left, `y` the row from the bottom, both from 0 (a1 = (0, 0)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    /// Column from the left, from 0.
    pub x: u32,
    /// Row from the bottom, from 0.
    pub y: u32,
}

impl Square {
    /// The square at column `x`, row `y`.
    pub const fn new(x: u32, y: u32) -> Self {
        Square { x, y }
    }

    /// The colour of the square on a chequered board: `true` for the colour of a1.
    pub fn is_a1_colour(self) -> bool {
        (self.x + self.y).is_multiple_of(2)
    }

    /// Reads `a1`-style names (columns a..z, then only for boards up to 26 columns) or `x,y`.
    pub fn parse(text: &str) -> Result<Self, Error> {
        let bad = |why: &'static str| Error::BadSquare {
            text: text.to_string(),
            why,
        };
        let t = text.trim();
        if let Some((xs, ys)) = t.split_once(',') {
            let x = xs
                .trim()
                .parse()
                .map_err(|_| bad("x (the column, from 0) is not a whole number"))?;
            let y = ys
                .trim()
                .parse()
                .map_err(|_| bad("y (the row, from 0) is not a whole number"))?;
            return Ok(Square::new(x, y));
        }
        let mut chars = t.chars();
        let file = chars
            .next()
            .ok_or_else(|| bad("the square is empty; write e.g. a1 or 0,0"))?;
        if !file.is_ascii_alphabetic() {
            return Err(bad(
                "write a square as a letter and a number (a1) or as x,y",
            ));
        }
        let x = (file.to_ascii_lowercase() as u8 - b'a') as u32;
        let rank: u32 = chars
            .as_str()
            .parse()
            .map_err(|_| bad("the rank after the letter is not a whole number"))?;
        if rank == 0 {
            return Err(bad("ranks count from 1 (a1 is the bottom-left square)"));
        }
        Ok(Square::new(x, rank - 1))
    }

    /// The `a1`-style name when the column is below 26, else `x,y`.
    pub fn name(self) -> String {
        if self.x < 26 {
            format!("{}{}", (b'a' + self.x as u8) as char, self.y + 1)
        } else {
            format!("{},{}", self.x, self.y)
        }
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Square;

    #[test]
    fn names_read_both_ways() {
        assert_eq!(Square::parse("a1").unwrap(), Square::new(0, 0));
        assert_eq!(Square::parse("H8").unwrap(), Square::new(7, 7));
        assert_eq!(Square::parse("30, 2").unwrap(), Square::new(30, 2));
        assert_eq!(Square::new(2, 4).name(), "c5");
        assert_eq!(Square::new(40, 4).name(), "40,4");
        for bad in ["", "a0", "1a", "a", ",3", "x,y", "é3"] {
            assert!(Square::parse(bad).is_err(), "{bad}");
        }
    }
}

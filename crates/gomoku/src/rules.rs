//! Rule sets and the settings of a game.

use crate::error::SizeError;
use crate::point::{Color, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};

/// Which rows of stones win.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; an overline (six or more) does not.
    Standard,
    /// Renju: Black wins with exactly five and may not make an overline, a double-four or a
    /// double-three; White wins with five or more.
    Renju,
}

impl RuleSet {
    /// Whether `color` needs exactly five (an overline does not win).
    pub fn exact_five(self, color: Color) -> bool {
        match self {
            RuleSet::Freestyle => false,
            RuleSet::Standard => true,
            RuleSet::Renju => color == Color::Black,
        }
    }

    /// The Gomocup `INFO rule` bitmask bits for this rule set (1 exactly five, 4 renju).
    pub fn gomocup_bits(self) -> u32 {
        match self {
            RuleSet::Freestyle => 0,
            RuleSet::Standard => 1,
            RuleSet::Renju => 4,
        }
    }

    /// The rule set named by a Gomocup `INFO rule` bitmask.
    pub fn from_gomocup_bits(bits: u32) -> RuleSet {
        if bits & 4 != 0 {
            RuleSet::Renju
        } else if bits & 1 != 0 {
            RuleSet::Standard
        } else {
            RuleSet::Freestyle
        }
    }

    /// A short lowercase name: `freestyle`, `standard` or `renju`.
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Freestyle => "freestyle",
            RuleSet::Standard => "standard",
            RuleSet::Renju => "renju",
        }
    }

    /// The rule set with the given [`name`](RuleSet::name).
    pub fn from_name(name: &str) -> Option<RuleSet> {
        match name.to_ascii_lowercase().as_str() {
            "freestyle" => Some(RuleSet::Freestyle),
            "standard" => Some(RuleSet::Standard),
            "renju" => Some(RuleSet::Renju),
            _ => None,
        }
    }
}

/// What happens when Black plays a renju forbidden point.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ForbiddenPolicy {
    /// The move is played and Black loses (the official renju rule).
    #[default]
    Loses,
    /// The move is refused and Black must choose another point (friendlier for beginners).
    Refused,
}

/// The settings of a game: board side, rule set, forbidden-move policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rules {
    size: u8,
    /// Which rows win.
    pub rule_set: RuleSet,
    /// What a renju forbidden move does.
    pub forbidden: ForbiddenPolicy,
}

impl Rules {
    /// Rules on a `size`×`size` board (5 to 25).
    pub fn new(size: u32, rule_set: RuleSet) -> Result<Rules, SizeError> {
        if !(u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&size) {
            return Err(SizeError(size));
        }
        Ok(Rules {
            size: size as u8,
            rule_set,
            forbidden: ForbiddenPolicy::default(),
        })
    }

    /// The same rules with another forbidden-move policy.
    pub fn with_forbidden(mut self, forbidden: ForbiddenPolicy) -> Rules {
        self.forbidden = forbidden;
        self
    }

    /// The board side.
    pub fn size(&self) -> u8 {
        self.size
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            size: DEFAULT_SIZE,
            rule_set: RuleSet::Freestyle,
            forbidden: ForbiddenPolicy::default(),
        }
    }
}

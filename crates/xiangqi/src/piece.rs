//! Sides, piece kinds and pieces.

use std::fmt;
use std::ops::Not;

/// A side. Red moves first and sits at ranks 0–4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// 红方, the side that moves first (upper case in FEN).
    Red = 0,
    /// 黑方 (lower case in FEN).
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The other side.
    pub const fn opposite(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// 0 for Red, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's name in Chinese: 红 or 黑.
    pub const fn chinese(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Black => "黑",
        }
    }
}

impl Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.opposite()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::Red => "red",
            Color::Black => "black",
        })
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帅/将, the general.
    King = 0,
    /// 仕/士, the advisor.
    Advisor = 1,
    /// 相/象, the elephant.
    Elephant = 2,
    /// 马, the horse.
    Horse = 3,
    /// 车, the rook (chariot).
    Rook = 4,
    /// 炮, the cannon.
    Cannon = 5,
    /// 兵/卒, the pawn (soldier).
    Pawn = 6,
}

impl Role {
    /// All roles, in the order of the enum.
    pub const ALL: [Role; 7] = [
        Role::King,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Rook,
        Role::Cannon,
        Role::Pawn,
    ];

    /// How many pieces of this role a side has in the initial array.
    pub const fn count(self) -> usize {
        match self {
            Role::King => 1,
            Role::Pawn => 5,
            _ => 2,
        }
    }

    /// 0..7 in enum order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Upper-case FEN letter (UCCI): K A B N R C P.
    pub const fn fen_char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Rook => 'R',
            Role::Cannon => 'C',
            Role::Pawn => 'P',
        }
    }

    /// The role for a FEN letter, either case; `E` and `H` (WXF letters) are accepted too.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'K' => Some(Role::King),
            'A' => Some(Role::Advisor),
            'B' | 'E' => Some(Role::Elephant),
            'N' | 'H' => Some(Role::Horse),
            'R' => Some(Role::Rook),
            'C' => Some(Role::Cannon),
            'P' => Some(Role::Pawn),
            _ => None,
        }
    }

    /// Whether this role can ever leave its own half of the board (only these can attack).
    pub const fn can_cross_river(self) -> bool {
        matches!(self, Role::Horse | Role::Rook | Role::Cannon | Role::Pawn)
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// A piece from its parts.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.role.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece for a FEN letter (upper case Red, lower case Black).
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match c {
            'K' | 'A' | 'B' | 'N' | 'R' | 'C' | 'P' | 'k' | 'a' | 'b' | 'n' | 'r' | 'c' | 'p' => {
                match Role::from_char(c) {
                    Some(role) => Some(Piece { color, role }),
                    None => None,
                }
            }
            _ => None,
        }
    }

    /// The piece's Chinese character as printed on it (simplified): 帅仕相马车炮兵 for Red,
    /// 将士象马车炮卒 for Black.
    pub const fn chinese(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::King) => '帅',
            (Color::Black, Role::King) => '将',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Black, Role::Advisor) => '士',
            (Color::Red, Role::Elephant) => '相',
            (Color::Black, Role::Elephant) => '象',
            (_, Role::Horse) => '马',
            (_, Role::Rook) => '车',
            (_, Role::Cannon) => '炮',
            (Color::Red, Role::Pawn) => '兵',
            (Color::Black, Role::Pawn) => '卒',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

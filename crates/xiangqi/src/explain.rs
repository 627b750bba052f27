//! Why a move is illegal, in the words players use: 蹩马腿 (the horse's leg is blocked),
//! 塞象眼 (the elephant's eye is blocked), 将帅照面 (the generals would face each other),
//! 送将 (the move leaves one's own general in check) …
//!
//! [`explain`] agrees with [`Position::is_legal`] on every move: it answers `Ok(())` exactly for
//! the legal moves (the tests check this over random games), and otherwise the first rule the
//! move breaks, as an [`Illegal`] with a stable machine-readable [`Illegal::code`] that user
//! interfaces translate.
//!
//! ```
//! use qipan_xiangqi::explain::{explain, Illegal};
//! use qipan_xiangqi::{Move, Position, Square};
//!
//! let pos = Position::startpos();
//! let sq = |s: &str| s.parse::<Square>().unwrap();
//! // The horse on b0 cannot jump to d1: the elephant on c0 blocks its leg.
//! assert_eq!(explain(&pos, Move::new(sq("b0"), sq("d1"))), Err(Illegal::HorseLegBlocked { leg: sq("c0") }));
//! assert_eq!(explain(&pos, Move::new(sq("h2"), sq("e2"))), Ok(()));
//! ```

use thiserror::Error;

use crate::moves::Move;
use crate::piece::{Color, Role};
use crate::position::Position;
use crate::square::Square;

/// The first rule an illegal move breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
pub enum Illegal {
    /// There is no piece on the starting point.
    #[error("there is no piece on {0}")]
    NoPiece(Square),
    /// The piece belongs to the side that is not to move.
    #[error("that piece is {owner}'s, and it is {}'s turn", owner.opposite())]
    NotYourPiece {
        /// Whose piece it is.
        owner: Color,
    },
    /// The move starts and ends on the same point.
    #[error("a move must go somewhere: it starts and ends on the same point")]
    SamePoint,
    /// The target holds a piece of the mover's own side.
    #[error("{0} holds one of your own pieces")]
    OwnPiece(Square),
    /// The general moves one point along a line at a time.
    #[error("the general moves one point at a time, straight, not diagonally")]
    GeneralOneStep,
    /// The general may not leave the palace.
    #[error("the general may not leave the palace")]
    GeneralLeavesPalace,
    /// The advisor moves one point diagonally.
    #[error("the advisor moves one point diagonally")]
    AdvisorOneDiagonal,
    /// The advisor may not leave the palace.
    #[error("the advisor may not leave the palace")]
    AdvisorLeavesPalace,
    /// The elephant moves exactly two points diagonally (the 田 shape).
    #[error("the elephant moves exactly two points diagonally")]
    ElephantTwoDiagonal,
    /// The elephant may not cross the river.
    #[error("the elephant may not cross the river")]
    ElephantCrossesRiver,
    /// The point between the elephant and its target is occupied (塞象眼).
    #[error("the elephant's eye at {eye} is blocked")]
    ElephantEyeBlocked {
        /// The blocked point.
        eye: Square,
    },
    /// The horse moves one point straight then one diagonally (the 日 shape).
    #[error("the horse moves one point straight and one diagonally (an L)")]
    HorseShape,
    /// The point next to the horse in the direction of its jump is occupied (蹩马腿).
    #[error("the horse's leg at {leg} is blocked")]
    HorseLegBlocked {
        /// The blocked point.
        leg: Square,
    },
    /// The rook moves along a line.
    #[error("the rook moves straight along a file or a rank")]
    RookStraight,
    /// A piece stands between the rook and its target.
    #[error("the rook's path is blocked at {by}")]
    RookBlocked {
        /// The first piece in the way.
        by: Square,
    },
    /// The cannon moves along a line.
    #[error("the cannon moves straight along a file or a rank")]
    CannonStraight,
    /// A cannon that does not capture cannot jump.
    #[error("the cannon's path is blocked at {by}: it jumps only to capture")]
    CannonBlocked {
        /// The first piece in the way.
        by: Square,
    },
    /// A cannon captures by jumping over exactly one piece (the screen, 炮架).
    #[error("the cannon captures only by jumping over exactly one piece; there is none")]
    CannonNeedsScreen,
    /// More than one piece stands between the cannon and its target.
    #[error("the cannon captures by jumping over exactly one piece; there are {count}")]
    CannonTooManyScreens {
        /// How many pieces stand in between.
        count: u8,
    },
    /// A pawn never moves backwards.
    #[error("a pawn never moves backwards")]
    PawnBackwards,
    /// A pawn moves sideways only after crossing the river.
    #[error("a pawn moves sideways only after crossing the river")]
    PawnSidewaysBeforeRiver,
    /// A pawn moves one point at a time.
    #[error("a pawn moves one point at a time")]
    PawnOneStep,
    /// After the move the two generals would face each other on an open file (将帅照面).
    #[error("the generals would face each other on an open file")]
    FlyingGeneral,
    /// The mover is in check and the move does not answer it.
    #[error("your general is in check and this move does not answer it")]
    IgnoresCheck,
    /// The move exposes the mover's own general to capture (送将).
    #[error("this move would put your own general in check")]
    ExposesGeneral,
}

impl Illegal {
    /// A stable machine-readable code, e.g. `"horse_leg_blocked"`.
    pub const fn code(self) -> &'static str {
        match self {
            Illegal::NoPiece(_) => "no_piece",
            Illegal::NotYourPiece { .. } => "not_your_piece",
            Illegal::SamePoint => "same_point",
            Illegal::OwnPiece(_) => "own_piece",
            Illegal::GeneralOneStep => "general_one_step",
            Illegal::GeneralLeavesPalace => "general_leaves_palace",
            Illegal::AdvisorOneDiagonal => "advisor_one_diagonal",
            Illegal::AdvisorLeavesPalace => "advisor_leaves_palace",
            Illegal::ElephantTwoDiagonal => "elephant_two_diagonal",
            Illegal::ElephantCrossesRiver => "elephant_crosses_river",
            Illegal::ElephantEyeBlocked { .. } => "elephant_eye_blocked",
            Illegal::HorseShape => "horse_shape",
            Illegal::HorseLegBlocked { .. } => "horse_leg_blocked",
            Illegal::RookStraight => "rook_straight",
            Illegal::RookBlocked { .. } => "rook_blocked",
            Illegal::CannonStraight => "cannon_straight",
            Illegal::CannonBlocked { .. } => "cannon_blocked",
            Illegal::CannonNeedsScreen => "cannon_needs_screen",
            Illegal::CannonTooManyScreens { .. } => "cannon_too_many_screens",
            Illegal::PawnBackwards => "pawn_backwards",
            Illegal::PawnSidewaysBeforeRiver => "pawn_sideways_before_river",
            Illegal::PawnOneStep => "pawn_one_step",
            Illegal::FlyingGeneral => "flying_general",
            Illegal::IgnoresCheck => "ignores_check",
            Illegal::ExposesGeneral => "exposes_general",
        }
    }

    /// The reason as Chinese players say it, e.g. `蹩马腿`.
    pub const fn chinese(self) -> &'static str {
        match self {
            Illegal::NoPiece(_) => "这里没有棋子",
            Illegal::NotYourPiece { .. } => "不是你的棋子",
            Illegal::SamePoint => "棋子没有移动",
            Illegal::OwnPiece(_) => "不能吃自己的棋子",
            Illegal::GeneralOneStep => "将帅每次只能直走一步",
            Illegal::GeneralLeavesPalace => "将帅不能出九宫",
            Illegal::AdvisorOneDiagonal => "士只能斜走一步",
            Illegal::AdvisorLeavesPalace => "士不能出九宫",
            Illegal::ElephantTwoDiagonal => "象走田字",
            Illegal::ElephantCrossesRiver => "象不能过河",
            Illegal::ElephantEyeBlocked { .. } => "塞象眼",
            Illegal::HorseShape => "马走日字",
            Illegal::HorseLegBlocked { .. } => "蹩马腿",
            Illegal::RookStraight => "车只能直走",
            Illegal::RookBlocked { .. } => "车的路线被挡住",
            Illegal::CannonStraight => "炮只能直走",
            Illegal::CannonBlocked { .. } => "炮不吃子时不能翻山",
            Illegal::CannonNeedsScreen => "炮吃子必须隔一个炮架",
            Illegal::CannonTooManyScreens { .. } => "炮只能隔一子吃子",
            Illegal::PawnBackwards => "兵卒不能后退",
            Illegal::PawnSidewaysBeforeRiver => "兵卒过河前不能横走",
            Illegal::PawnOneStep => "兵卒每次只走一步",
            Illegal::FlyingGeneral => "将帅照面",
            Illegal::IgnoresCheck => "被将军必须应将",
            Illegal::ExposesGeneral => "送将",
        }
    }
}

/// Whether `m` is legal in `pos` and, if not, the first rule it breaks: first who may move the
/// piece, then how the piece moves, then the safety of the mover's general.
pub fn explain(pos: &Position, m: Move) -> Result<(), Illegal> {
    let (from, to) = (m.from(), m.to());
    let piece = pos.piece_at(from).ok_or(Illegal::NoPiece(from))?;
    let us = pos.side_to_move();
    if piece.color != us {
        return Err(Illegal::NotYourPiece { owner: piece.color });
    }
    if from == to {
        return Err(Illegal::SamePoint);
    }
    let target = pos.piece_at(to);
    if target.is_some_and(|p| p.color == us) {
        return Err(Illegal::OwnPiece(to));
    }
    let geometry = Geometry::new(from, to, us);
    match piece.role {
        Role::King => general(&geometry)?,
        Role::Advisor => advisor(&geometry)?,
        Role::Elephant => elephant(pos, &geometry)?,
        Role::Horse => horse(pos, &geometry)?,
        Role::Rook => rook(pos, &geometry)?,
        Role::Cannon => cannon(pos, &geometry, target.is_some())?,
        Role::Pawn => pawn(&geometry)?,
    }
    if pos.is_legal(m) {
        return Ok(());
    }
    // The piece may move so; what remains is the safety of the mover's general.
    if generals_face_after(pos, m) {
        Err(Illegal::FlyingGeneral)
    } else if pos.in_check() {
        Err(Illegal::IgnoresCheck)
    } else {
        Err(Illegal::ExposesGeneral)
    }
}

/// A move's shape seen from the mover's side.
struct Geometry {
    from: Square,
    to: Square,
    /// File difference.
    df: i8,
    /// Rank difference towards the opponent (positive = forward for the mover).
    forward: i8,
    us: Color,
}

impl Geometry {
    fn new(from: Square, to: Square, us: Color) -> Geometry {
        let dr = to.rank() as i8 - from.rank() as i8;
        Geometry {
            from,
            to,
            df: to.file() as i8 - from.file() as i8,
            forward: if us == Color::Red { dr } else { -dr },
            us,
        }
    }

    /// Whether the move runs along a file or a rank.
    fn straight(&self) -> bool {
        self.df == 0 || self.forward == 0
    }
}

/// The rank counted from the side's own back rank (0 = own back rank, 9 = the opponent's).
fn own_rank(sq: Square, side: Color) -> u8 {
    match side {
        Color::Red => sq.rank(),
        Color::Black => 9 - sq.rank(),
    }
}

fn in_palace(sq: Square, side: Color) -> bool {
    (3..=5).contains(&sq.file()) && own_rank(sq, side) <= 2
}

/// The square at a file and rank offset, if on the board.
fn offset(sq: Square, df: i8, dr: i8) -> Option<Square> {
    let file = u8::try_from(sq.file() as i8 + df).ok()?;
    let rank = u8::try_from(sq.rank() as i8 + dr).ok()?;
    Square::new(file, rank)
}

/// The occupied points strictly between two points on one line, nearest `from` first.
fn between(pos: &Position, from: Square, to: Square) -> Vec<Square> {
    let df = (to.file() as i8 - from.file() as i8).signum();
    let dr = (to.rank() as i8 - from.rank() as i8).signum();
    let mut out = Vec::new();
    let mut at = offset(from, df, dr);
    while let Some(sq) = at.filter(|&sq| sq != to) {
        if pos.piece_at(sq).is_some() {
            out.push(sq);
        }
        at = offset(sq, df, dr);
    }
    out
}

fn general(g: &Geometry) -> Result<(), Illegal> {
    if g.df.abs() + g.forward.abs() != 1 {
        Err(Illegal::GeneralOneStep)
    } else if !in_palace(g.to, g.us) {
        Err(Illegal::GeneralLeavesPalace)
    } else {
        Ok(())
    }
}

fn advisor(g: &Geometry) -> Result<(), Illegal> {
    if g.df.abs() != 1 || g.forward.abs() != 1 {
        Err(Illegal::AdvisorOneDiagonal)
    } else if !in_palace(g.to, g.us) {
        Err(Illegal::AdvisorLeavesPalace)
    } else {
        Ok(())
    }
}

fn elephant(pos: &Position, g: &Geometry) -> Result<(), Illegal> {
    if g.df.abs() != 2 || g.forward.abs() != 2 {
        return Err(Illegal::ElephantTwoDiagonal);
    }
    if own_rank(g.to, g.us) > 4 {
        return Err(Illegal::ElephantCrossesRiver);
    }
    let eye = midpoint(g.from, g.to);
    match pos.piece_at(eye) {
        Some(_) => Err(Illegal::ElephantEyeBlocked { eye }),
        None => Ok(()),
    }
}

fn midpoint(a: Square, b: Square) -> Square {
    Square::new((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2).unwrap_or(a)
}

fn horse(pos: &Position, g: &Geometry) -> Result<(), Illegal> {
    let dr = g.to.rank() as i8 - g.from.rank() as i8;
    let leg = match (g.df.abs(), dr.abs()) {
        (1, 2) => offset(g.from, 0, dr / 2),
        (2, 1) => offset(g.from, g.df / 2, 0),
        _ => return Err(Illegal::HorseShape),
    };
    match leg.filter(|&sq| pos.piece_at(sq).is_some()) {
        Some(leg) => Err(Illegal::HorseLegBlocked { leg }),
        None => Ok(()),
    }
}

fn rook(pos: &Position, g: &Geometry) -> Result<(), Illegal> {
    if !g.straight() {
        return Err(Illegal::RookStraight);
    }
    match between(pos, g.from, g.to).first() {
        Some(&by) => Err(Illegal::RookBlocked { by }),
        None => Ok(()),
    }
}

fn cannon(pos: &Position, g: &Geometry, captures: bool) -> Result<(), Illegal> {
    if !g.straight() {
        return Err(Illegal::CannonStraight);
    }
    let screens = between(pos, g.from, g.to);
    match (captures, screens.len()) {
        (false, 0) | (true, 1) => Ok(()),
        (false, _) => Err(Illegal::CannonBlocked { by: screens[0] }),
        (true, 0) => Err(Illegal::CannonNeedsScreen),
        (true, n) => Err(Illegal::CannonTooManyScreens {
            count: u8::try_from(n).unwrap_or(u8::MAX),
        }),
    }
}

fn pawn(g: &Geometry) -> Result<(), Illegal> {
    if g.forward < 0 {
        return Err(Illegal::PawnBackwards);
    }
    let crossed = own_rank(g.from, g.us) >= 5;
    match (g.df.abs(), g.forward) {
        (0, 1) => Ok(()),
        (1, 0) if crossed => Ok(()),
        (1, 0) => Err(Illegal::PawnSidewaysBeforeRiver),
        _ => Err(Illegal::PawnOneStep),
    }
}

/// Whether the two generals stand on one file with nothing between them after `m`.
fn generals_face_after(pos: &Position, m: Move) -> bool {
    let us = pos.side_to_move();
    let mut ours = pos.king_square(us);
    if ours == m.from() {
        ours = m.to();
    }
    let theirs = pos.king_square(us.opposite());
    if ours.file() != theirs.file() || theirs == m.to() {
        return false;
    }
    let occupied_after =
        |sq: Square| sq != m.from() && (sq == m.to() || pos.piece_at(sq).is_some());
    let (low, high) = if ours.rank() < theirs.rank() {
        (ours.rank(), theirs.rank())
    } else {
        (theirs.rank(), ours.rank())
    };
    (low + 1..high)
        .filter_map(|rank| Square::new(ours.file(), rank))
        .all(|sq| !occupied_after(sq))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::MoveList;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn sq(name: &str) -> Square {
        name.parse().expect("a square name")
    }

    fn fen(text: &str) -> Position {
        Position::from_fen(text).expect("a valid test FEN")
    }

    fn why(pos: &Position, from: &str, to: &str) -> Result<(), Illegal> {
        explain(pos, Move::new(sq(from), sq(to)))
    }

    #[test]
    fn agrees_with_the_rules_on_every_pair_of_points_in_random_games() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut moves = MoveList::new();
        let mut checked = 0;
        for _ in 0..40 {
            let mut pos = Position::startpos();
            for _ in 0..120 {
                for from in Square::all() {
                    for to in Square::all() {
                        let m = Move::new(from, to);
                        assert_eq!(
                            explain(&pos, m).is_ok(),
                            pos.is_legal(m),
                            "{m} in {}: {:?}",
                            pos.to_fen(),
                            explain(&pos, m)
                        );
                        checked += 1;
                    }
                }
                pos.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                pos.make(moves[rng.random_range(0..moves.len())]);
            }
        }
        assert!(checked > 1_000_000);
    }

    #[test]
    fn names_who_may_move() {
        let pos = Position::startpos();
        assert_eq!(why(&pos, "e4", "e5"), Err(Illegal::NoPiece(sq("e4"))));
        assert_eq!(
            why(&pos, "h7", "e7"),
            Err(Illegal::NotYourPiece {
                owner: Color::Black
            })
        );
        assert_eq!(why(&pos, "a0", "a3"), Err(Illegal::OwnPiece(sq("a3"))));
        assert_eq!(why(&pos, "a0", "a0"), Err(Illegal::SamePoint));
    }

    #[test]
    fn explains_each_piece_in_the_start_position() {
        let pos = Position::startpos();
        assert_eq!(why(&pos, "e0", "e2"), Err(Illegal::GeneralOneStep));
        assert_eq!(why(&pos, "d0", "d1"), Err(Illegal::AdvisorOneDiagonal));
        assert_eq!(why(&pos, "c0", "d1"), Err(Illegal::ElephantTwoDiagonal));
        assert_eq!(why(&pos, "b0", "b4"), Err(Illegal::HorseShape));
        assert_eq!(
            why(&pos, "h0", "f1"),
            Err(Illegal::HorseLegBlocked { leg: sq("g0") })
        );
        assert_eq!(why(&pos, "h0", "i2"), Ok(()));
        assert_eq!(why(&pos, "a0", "b1"), Err(Illegal::RookStraight));
        assert_eq!(
            why(&pos, "a0", "a5"),
            Err(Illegal::RookBlocked { by: sq("a3") })
        );
        assert_eq!(why(&pos, "b2", "c4"), Err(Illegal::CannonStraight));
        assert_eq!(
            why(&pos, "b2", "b8"),
            Err(Illegal::CannonBlocked { by: sq("b7") })
        );
        assert_eq!(why(&pos, "b2", "b7"), Err(Illegal::CannonNeedsScreen));
        assert_eq!(
            why(&pos, "b2", "b9"),
            Ok(()),
            "the cannon takes the horse over b7"
        );
        assert_eq!(why(&pos, "a3", "b3"), Err(Illegal::PawnSidewaysBeforeRiver));
        assert_eq!(why(&pos, "a3", "a2"), Err(Illegal::PawnBackwards));
        assert_eq!(why(&pos, "a3", "a5"), Err(Illegal::PawnOneStep));
    }

    #[test]
    fn explains_the_cannon_screens() {
        let pos = fen("4k4/9/9/9/4p4/4p4/9/9/4C4/3K5 w - - 0 1");
        assert_eq!(
            why(&pos, "e1", "e9"),
            Err(Illegal::CannonTooManyScreens { count: 2 })
        );
        assert_eq!(why(&pos, "e1", "e4"), Err(Illegal::CannonNeedsScreen));
        assert_eq!(
            why(&pos, "e1", "e6"),
            Err(Illegal::CannonBlocked { by: sq("e4") })
        );
        assert_eq!(why(&pos, "e1", "e5"), Ok(()));
    }

    #[test]
    fn explains_the_palace_the_river_and_the_eye() {
        let pos = fen("5k3/9/9/9/9/2B6/9/3AB4/3K5/9 w - - 0 1");
        assert_eq!(why(&pos, "d1", "d0"), Ok(()));
        assert_eq!(why(&pos, "d1", "c1"), Err(Illegal::GeneralLeavesPalace));
        assert_eq!(why(&pos, "d2", "c3"), Err(Illegal::AdvisorLeavesPalace));
        assert_eq!(why(&pos, "c4", "e6"), Err(Illegal::ElephantCrossesRiver));
        assert_eq!(
            why(&pos, "e2", "c0"),
            Err(Illegal::ElephantEyeBlocked { eye: sq("d1") })
        );
        assert_eq!(why(&pos, "e2", "g0"), Ok(()));
    }

    #[test]
    fn explains_the_safety_of_the_general() {
        // The horse on e1 is all that keeps the generals apart.
        let pos = fen("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1");
        assert_eq!(why(&pos, "e1", "c2"), Err(Illegal::FlyingGeneral));
        // The general itself may not step onto the open file of the other.
        let pos = fen("4k4/9/9/9/9/9/9/9/9/5K3 w - - 0 1");
        assert_eq!(why(&pos, "f0", "e0"), Err(Illegal::FlyingGeneral));
        // A black rook on e8 guards e0 (and screens the generals).
        let pos = fen("4k4/4r4/9/9/9/9/9/9/9/5K3 w - - 0 1");
        assert_eq!(why(&pos, "f0", "e0"), Err(Illegal::ExposesGeneral));
        // Red is in check from the rook on e5 and must answer it.
        let pos = fen("3k5/9/9/9/4r4/9/9/9/9/4K3R w - - 0 1");
        assert!(pos.in_check());
        assert_eq!(why(&pos, "i0", "i5"), Err(Illegal::IgnoresCheck));
        assert_eq!(why(&pos, "e0", "e1"), Err(Illegal::IgnoresCheck));
        assert_eq!(why(&pos, "e0", "d0"), Err(Illegal::FlyingGeneral));
        assert_eq!(why(&pos, "e0", "f0"), Ok(()));
        assert_eq!(why(&pos, "i0", "e0"), Err(Illegal::OwnPiece(sq("e0"))));
    }

    #[test]
    fn codes_are_distinct() {
        let all = [
            Illegal::NoPiece(sq("a0")),
            Illegal::NotYourPiece { owner: Color::Red },
            Illegal::SamePoint,
            Illegal::OwnPiece(sq("a0")),
            Illegal::GeneralOneStep,
            Illegal::GeneralLeavesPalace,
            Illegal::AdvisorOneDiagonal,
            Illegal::AdvisorLeavesPalace,
            Illegal::ElephantTwoDiagonal,
            Illegal::ElephantCrossesRiver,
            Illegal::ElephantEyeBlocked { eye: sq("a0") },
            Illegal::HorseShape,
            Illegal::HorseLegBlocked { leg: sq("a0") },
            Illegal::RookStraight,
            Illegal::RookBlocked { by: sq("a0") },
            Illegal::CannonStraight,
            Illegal::CannonBlocked { by: sq("a0") },
            Illegal::CannonNeedsScreen,
            Illegal::CannonTooManyScreens { count: 2 },
            Illegal::PawnBackwards,
            Illegal::PawnSidewaysBeforeRiver,
            Illegal::PawnOneStep,
            Illegal::FlyingGeneral,
            Illegal::IgnoresCheck,
            Illegal::ExposesGeneral,
        ];
        let codes: std::collections::HashSet<_> = all.iter().map(|e| e.code()).collect();
        assert_eq!(codes.len(), all.len());
    }
}

//! The fixed numbers of the evaluation and of the search's move ordering; the tuned ones live in
//! [`super::eval::weights`], indexed and explained in [`super::eval::params`].
//!
//! Units are centipawns (a pawn that has not crossed the river is worth about 100). The tuned
//! weights encode, role by role:
//! - **Rook** (车): the strongest piece; rewarded on the river bank (巡河车), the palace ribs
//!   (files d and f, 肋道), deep in the enemy camp, by its open lines and the enemy palace
//!   points it sees.
//! - **Horse** (马): poor on the edge and at home; strong near the enemy palace, most of all at
//!   the "crouching" (卧槽, c7/g7) and "corner" (挂角, d8/f8) points; the horse in the heart of
//!   its own palace (窝心马, e1) is penalised; rewarded per free move and penalised when trapped.
//! - **Cannon** (炮): worth more than a horse while the board is full and less in the endgame;
//!   the central cannon (中炮) and the back-rank cannon (沉底炮) are rewarded, most of all facing
//!   the enemy general on the centre file with nothing (空头炮) or one screen between.
//! - **Pawn** (兵/卒): weak at home, much stronger once across the river (it may then move
//!   sideways), strongest next to the enemy palace, weak again on the last rank (老兵); linked
//!   crossed pawns (牵手兵) guard each other.
//! - **Advisors and elephants** (仕相): small positional values; their real worth is the
//!   general's safety: a missing one is charged in proportion to the enemy's attacking force
//!   ([`ATTACK_UNITS`]).
//! - **General** (帅/将): best at home on the centre file; a raised general is exposed.

/// Piece values for move ordering, exchange evaluation and delta pruning, indexed by role
/// (general, advisor, elephant, horse, rook, cannon, pawn): stable round numbers, not the
/// evaluation's tuned material.
pub const PIECE_VALUES: [i32; 7] = [0, 200, 200, 400, 900, 450, 90];

/// Phase weight per role: the phase runs from [`PHASE_MAX`] (all rooks, horses and cannons on
/// the board, pure middlegame) down to 0 (pure endgame).
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 1, 2, 1, 0];
/// The phase with every piece on the board: 2 x (2 horses + 2 x 2 rooks + 2 cannons).
pub const PHASE_MAX: i32 = 16;

/// Bonus for the side to move.
pub const TEMPO: i32 = 10;

/// Attacking force per role (general .. pawn); crossed pawns count, others do not.
pub const ATTACK_UNITS: [i32; 7] = [0, 0, 0, 2, 3, 2, 1];

/// A side without rooks, horses, cannons or crossed pawns can hardly mate: its advantage is
/// divided by this.
pub const NO_ATTACKER_DIVISOR: i32 = 8;

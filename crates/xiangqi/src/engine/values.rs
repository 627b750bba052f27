//! Every number of the evaluation, in one place.
//!
//! Units are centipawns (a pawn that has not crossed the river is worth about 100). Tables are
//! written from Red's side: row 0 is Red's back rank (rank 0), column 0 is file a; Black reads
//! them mirrored top to bottom. The evaluation is tapered between a middlegame (`_MG`) and an
//! endgame (`_EG`) value by [`PHASE_WEIGHT`] of the rooks, horses and cannons left on the board.
//!
//! What the numbers encode, role by role:
//! - **Rook** (车): the strongest piece; rewarded on the river bank (巡河车), the palace ribs
//!   (files d and f, 肋道) and deep in the enemy camp, and by its open lines ([`ROOK_MOBILITY`]).
//! - **Horse** (马): poor on the edge and at home; strong near the enemy palace, most of all at
//!   the "crouching" (卧槽, c7/g7) and "corner" (挂角, d8/f8) points; the horse in the heart of
//!   its own palace (窝心马, e1) is penalised; rewarded per free move ([`HORSE_MOBILITY`]) and
//!   penalised when trapped.
//! - **Cannon** (炮): worth more than a horse while the board is full and less in the endgame;
//!   the central cannon (中炮, e2) and the back-rank cannon (沉底炮) are rewarded, and a cannon
//!   facing the enemy general on the centre file gets [`CANNON_EMPTY_HEAD`] (空头炮, nothing
//!   between) or [`CANNON_CENTRAL_SCREEN`] (one screen between).
//! - **Pawn** (兵/卒): weak at home, much stronger once across the river (it may then move
//!   sideways), strongest next to the enemy palace, weak again on the last rank (老兵).
//! - **Advisors and elephants** (仕相): small positional values; their real worth is the
//!   general's safety: [`MISSING_ADVISOR`] and [`MISSING_ELEPHANT`] are charged in proportion
//!   to the enemy's attacking force ([`ATTACK_UNITS`]).
//! - **General** (帅/将): best at home on the centre file; a raised general is exposed.

/// Material, middlegame, indexed by role (general, advisor, elephant, horse, rook, cannon, pawn).
pub const MATERIAL_MG: [i32; 7] = [0, 200, 200, 400, 900, 450, 90];
/// Material, endgame.
pub const MATERIAL_EG: [i32; 7] = [0, 200, 200, 450, 950, 400, 110];

/// Phase weight per role: the phase runs from [`PHASE_MAX`] (all rooks, horses and cannons on
/// the board, pure middlegame) down to 0 (pure endgame).
pub const PHASE_WEIGHT: [i32; 7] = [0, 0, 0, 1, 2, 1, 0];
/// The phase with every piece on the board: 2 x (2 horses + 2 x 2 rooks + 2 cannons).
pub const PHASE_MAX: i32 = 16;

/// Bonus for the side to move.
pub const TEMPO: i32 = 10;

/// Rook: per reachable point (empty or enemy-occupied) along its four lines.
pub const ROOK_MOBILITY: i32 = 3;
/// Horse: per destination whose leg is free and that does not hold a friendly piece.
pub const HORSE_MOBILITY: i32 = 6;
/// Horse with at most one move.
pub const HORSE_TRAPPED: i32 = -25;

/// Cannon on the centre file facing the enemy general with nothing between (空头炮).
pub const CANNON_EMPTY_HEAD: i32 = 70;
/// Cannon on the centre file facing the enemy general over exactly one screen.
pub const CANNON_CENTRAL_SCREEN: i32 = 25;

/// Penalty per missing advisor, scaled by the enemy's [`ATTACK_UNITS`] / [`ATTACK_SCALE`].
pub const MISSING_ADVISOR: i32 = -25;
/// Penalty per missing elephant, scaled likewise.
pub const MISSING_ELEPHANT: i32 = -20;
/// Attacking force per role (general .. pawn); crossed pawns count, others do not.
pub const ATTACK_UNITS: [i32; 7] = [0, 0, 0, 2, 3, 2, 1];
/// Divisor of the attack scaling (the opening army has 14 units).
pub const ATTACK_SCALE: i32 = 8;

/// Per crossed pawn standing beside another crossed pawn of its side (牵手兵, linked pawns that
/// guard each other's flank).
pub const LINKED_PAWNS: i32 = 10;

/// A side without rooks, horses, cannons or crossed pawns can hardly mate: its advantage is
/// divided by this.
pub const NO_ATTACKER_DIVISOR: i32 = 8;

type Table = [[i32; 9]; 10];

/// Piece-square tables, indexed by role, then rank (from Red's side), then file.
pub const PST: [Table; 7] = [GENERAL, ADVISOR, ELEPHANT, HORSE, ROOK, CANNON, PAWN];

const GENERAL: Table = [
    [0, 0, 0, -10, 0, -10, 0, 0, 0],
    [0, 0, 0, -20, -15, -20, 0, 0, 0],
    [0, 0, 0, -45, -40, -45, 0, 0, 0],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
];

const ADVISOR: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, 5, 0, 0, 0, 0],
    [0, 0, 0, -5, 0, -5, 0, 0, 0],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
];

const ELEPHANT: Table = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
    [0; 9],
    [-5, 0, 0, 0, 10, 0, 0, 0, -5],
    [0; 9],
    [0, 0, -3, 0, 0, 0, -3, 0, 0],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
    [0; 9],
];

const HORSE: Table = [
    [-30, -10, -10, -10, -15, -10, -10, -10, -30],
    [-20, -10, 0, 5, -30, 5, 0, -10, -20],
    [-15, 0, 10, 5, 10, 5, 10, 0, -15],
    [-10, 5, 15, 15, 15, 15, 15, 5, -10],
    [-5, 10, 20, 20, 20, 20, 20, 10, -5],
    [0, 15, 25, 30, 25, 30, 25, 15, 0],
    [5, 20, 30, 35, 35, 35, 30, 20, 5],
    [5, 25, 40, 35, 30, 35, 40, 25, 5],
    [0, 15, 25, 45, 20, 45, 25, 15, 0],
    [-10, 0, 10, 15, 0, 15, 10, 0, -10],
];

const ROOK: Table = [
    [-10, 0, -5, 5, 0, 5, -5, 0, -10],
    [-5, 5, 0, 10, 0, 10, 0, 5, -5],
    [-5, 5, 5, 10, 5, 10, 5, 5, -5],
    [0, 5, 5, 15, 10, 15, 5, 5, 0],
    [5, 15, 15, 20, 15, 20, 15, 15, 5],
    [5, 15, 15, 20, 15, 20, 15, 15, 5],
    [5, 15, 15, 25, 20, 25, 15, 15, 5],
    [5, 15, 15, 25, 20, 25, 15, 15, 5],
    [10, 20, 20, 30, 25, 30, 20, 20, 10],
    [0, 10, 10, 20, 15, 20, 10, 10, 0],
];

const CANNON: Table = [
    [0, 0, 5, 5, 5, 5, 5, 0, 0],
    [0, 5, 5, 0, 10, 0, 5, 5, 0],
    [0, 5, 5, 5, 30, 5, 5, 5, 0],
    [0, 0, 0, 0, 10, 0, 0, 0, 0],
    [0, 5, 5, 5, 20, 5, 5, 5, 0],
    [0, 0, 0, 5, 15, 5, 0, 0, 0],
    [0, 0, 0, 0, 5, 0, 0, 0, 0],
    [5, 5, 5, 5, 10, 5, 5, 5, 5],
    [0; 9],
    [10, 10, 5, 0, -5, 0, 5, 10, 10],
];

const PAWN: Table = [
    [0; 9],
    [0; 9],
    [0; 9],
    [0, 0, -2, 0, 4, 0, -2, 0, 0],
    [0, 0, 4, 0, 10, 0, 4, 0, 0],
    [30, 40, 50, 55, 60, 55, 50, 40, 30],
    [40, 55, 70, 80, 85, 80, 70, 55, 40],
    [45, 65, 85, 100, 110, 100, 85, 65, 45],
    [40, 60, 80, 110, 120, 110, 80, 60, 40],
    [10, 20, 30, 50, 40, 50, 30, 20, 10],
];

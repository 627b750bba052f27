//! The evaluation's weights, indexed as in [`super::params`].
//!
//! Written by `qipan-tune xiangqi fit` (crate `qipan-tune`, whose README gives the commands that
//! rebuild its data set and this file); regenerate rather than edit by hand.

use super::params::COUNT;

/// Middlegame weights.
#[rustfmt::skip]
pub const MG: [i16; COUNT] = [
    // material: general (unused), advisor, elephant, horse, rook, cannon, pawn
    0, 200, 200, 400, 900, 450, 90,
    // general: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, -10, 0,
    0, 0, 0, -20, -15,
    0, 0, 0, -45, -40,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // advisor: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 5,
    0, 0, 0, -5, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // elephant: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    -5, 0, 0, 0, 10,
    0, 0, 0, 0, 0,
    0, 0, -3, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // horse: ranks 0-9 from its side, files a-e (f-i mirror them)
    -30, -10, -10, -10, -15,
    -20, -10, 0, 5, -30,
    -15, 0, 10, 5, 10,
    -10, 5, 15, 15, 15,
    -5, 10, 20, 20, 20,
    0, 15, 25, 30, 25,
    5, 20, 30, 35, 35,
    5, 25, 40, 35, 30,
    0, 15, 25, 45, 20,
    -10, 0, 10, 15, 0,
    // rook: ranks 0-9 from its side, files a-e (f-i mirror them)
    -10, 0, -5, 5, 0,
    -5, 5, 0, 10, 0,
    -5, 5, 5, 10, 5,
    0, 5, 5, 15, 10,
    5, 15, 15, 20, 15,
    5, 15, 15, 20, 15,
    5, 15, 15, 25, 20,
    5, 15, 15, 25, 20,
    10, 20, 20, 30, 25,
    0, 10, 10, 20, 15,
    // cannon: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 5, 5, 5,
    0, 5, 5, 0, 10,
    0, 5, 5, 5, 30,
    0, 0, 0, 0, 10,
    0, 5, 5, 5, 20,
    0, 0, 0, 5, 15,
    0, 0, 0, 0, 5,
    5, 5, 5, 5, 10,
    0, 0, 0, 0, 0,
    10, 10, 5, 0, -5,
    // pawn: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, -2, 0, 4,
    0, 0, 4, 0, 10,
    30, 40, 50, 55, 60,
    40, 55, 70, 80, 85,
    45, 65, 85, 100, 110,
    40, 60, 80, 110, 120,
    10, 20, 30, 50, 40,
    3, // ROOK_MOBILITY
    6, // HORSE_MOBILITY
    -25, // HORSE_TRAPPED
    0, // CANNON_MOBILITY
    70, // CANNON_EMPTY_HEAD
    25, // CANNON_CENTRAL_SCREEN
    10, // LINKED_PAWNS
    -3, // MISSING_ADVISOR
    -2, // MISSING_ELEPHANT
    0, // ROOK_PALACE
    0, // HORSE_PALACE
    0, // CANNON_PALACE
    0, // ROOK_OPEN_FILE
];

/// Endgame weights.
#[rustfmt::skip]
pub const EG: [i16; COUNT] = [
    // material: general (unused), advisor, elephant, horse, rook, cannon, pawn
    0, 200, 200, 450, 950, 400, 110,
    // general: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, -10, 0,
    0, 0, 0, -20, -15,
    0, 0, 0, -45, -40,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // advisor: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 5,
    0, 0, 0, -5, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // elephant: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    -5, 0, 0, 0, 10,
    0, 0, 0, 0, 0,
    0, 0, -3, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // horse: ranks 0-9 from its side, files a-e (f-i mirror them)
    -30, -10, -10, -10, -15,
    -20, -10, 0, 5, -30,
    -15, 0, 10, 5, 10,
    -10, 5, 15, 15, 15,
    -5, 10, 20, 20, 20,
    0, 15, 25, 30, 25,
    5, 20, 30, 35, 35,
    5, 25, 40, 35, 30,
    0, 15, 25, 45, 20,
    -10, 0, 10, 15, 0,
    // rook: ranks 0-9 from its side, files a-e (f-i mirror them)
    -10, 0, -5, 5, 0,
    -5, 5, 0, 10, 0,
    -5, 5, 5, 10, 5,
    0, 5, 5, 15, 10,
    5, 15, 15, 20, 15,
    5, 15, 15, 20, 15,
    5, 15, 15, 25, 20,
    5, 15, 15, 25, 20,
    10, 20, 20, 30, 25,
    0, 10, 10, 20, 15,
    // cannon: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 5, 5, 5,
    0, 5, 5, 0, 10,
    0, 5, 5, 5, 30,
    0, 0, 0, 0, 10,
    0, 5, 5, 5, 20,
    0, 0, 0, 5, 15,
    0, 0, 0, 0, 5,
    5, 5, 5, 5, 10,
    0, 0, 0, 0, 0,
    10, 10, 5, 0, -5,
    // pawn: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, -2, 0, 4,
    0, 0, 4, 0, 10,
    30, 40, 50, 55, 60,
    40, 55, 70, 80, 85,
    45, 65, 85, 100, 110,
    40, 60, 80, 110, 120,
    10, 20, 30, 50, 40,
    3, // ROOK_MOBILITY
    6, // HORSE_MOBILITY
    -25, // HORSE_TRAPPED
    0, // CANNON_MOBILITY
    70, // CANNON_EMPTY_HEAD
    25, // CANNON_CENTRAL_SCREEN
    10, // LINKED_PAWNS
    -3, // MISSING_ADVISOR
    -2, // MISSING_ELEPHANT
    0, // ROOK_PALACE
    0, // HORSE_PALACE
    0, // CANNON_PALACE
    0, // ROOK_OPEN_FILE
];

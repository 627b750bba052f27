//! The evaluation's weights, indexed as in [`super::params`].
//!
//! Written by `qipan-tune xiangqi fit` (crate `qipan-tune`, whose README gives the commands that
//! rebuild its data set and this file); regenerate rather than edit by hand.

use super::params::COUNT;

/// Middlegame weights.
#[rustfmt::skip]
pub const MG: [i16; COUNT] = [
    // material: general (unused), advisor, elephant, horse, rook, cannon, pawn
    0, 187, 172, 390, 955, 518, 124,
    // general: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, -17, 32,
    0, 0, 0, -31, -23,
    0, 0, 0, -48, -43,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // advisor: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, -20, 0,
    0, 0, 0, 0, 22,
    0, 0, 0, -15, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // elephant: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, -9, 0, 0,
    0, 0, 0, 0, 0,
    -27, 0, 0, 0, 34,
    0, 0, 0, 0, 0,
    0, 0, -24, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // horse: ranks 0-9 from its side, files a-e (f-i mirror them)
    -30, -47, -14, -10, -15,
    -25, -11, -4, -1, -63,
    -1, 2, -13, 3, 13,
    -8, 4, 15, 14, 22,
    -5, 9, 25, 33, 21,
    1, 19, 24, 36, 26,
    2, 31, 33, 48, 33,
    9, 26, 37, 39, 33,
    1, 17, 36, 47, 21,
    -10, 2, 11, 16, 0,
    // rook: ranks 0-9 from its side, files a-e (f-i mirror them)
    -21, 16, 0, 7, 0,
    -5, 0, 1, 2, 0,
    -4, 3, 7, 7, 7,
    0, 9, 8, 16, 13,
    7, 16, 16, 17, 15,
    5, 12, 16, 19, 15,
    0, 9, 34, 24, 25,
    7, 15, 16, 28, 22,
    11, 26, 24, 31, 27,
    2, 11, 15, 21, 17,
    // cannon: ranks 0-9 from its side, files a-e (f-i mirror them)
    -1, -2, 4, 4, 5,
    -2, 3, 11, -3, 14,
    12, -7, 29, 7, 64,
    -1, 1, 3, -1, 11,
    -9, 0, 6, 4, 35,
    1, -4, -5, 4, 34,
    -6, -2, 0, -1, 23,
    5, -5, 0, 4, 9,
    -1, -10, -4, -1, 0,
    16, 23, 5, -1, -6,
    // pawn: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    -22, 0, -50, 0, 27,
    -16, 0, 16, 0, 8,
    32, 41, 64, 58, 67,
    41, 58, 97, 88, 91,
    46, 65, 93, 107, 112,
    39, 59, 81, 114, 121,
    10, 20, 29, 48, 39,
    22, // ROOK_MOBILITY
    52, // HORSE_MOBILITY
    -12, // HORSE_TRAPPED
    10, // CANNON_MOBILITY
    91, // CANNON_EMPTY_HEAD
    25, // CANNON_CENTRAL_SCREEN
    10, // LINKED_PAWNS
    -22, // MISSING_ADVISOR
    -14, // MISSING_ELEPHANT
    1, // ROOK_PALACE
    46, // HORSE_PALACE
    23, // CANNON_PALACE
    48, // ROOK_OPEN_FILE
];

/// Endgame weights.
#[rustfmt::skip]
pub const EG: [i16; COUNT] = [
    // material: general (unused), advisor, elephant, horse, rook, cannon, pawn
    0, 106, 103, 446, 990, 415, 162,
    // general: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, -33,
    0, 0, 0, 3, -13,
    0, 0, 0, -42, -45,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // advisor: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, -37, 0,
    0, 0, 0, 0, -25,
    0, 0, 0, -33, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // elephant: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, -33, 0, 0,
    0, 0, 0, 0, 0,
    -23, 0, 0, 0, -17,
    0, 0, 0, 0, 0,
    0, 0, -23, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // horse: ranks 0-9 from its side, files a-e (f-i mirror them)
    -30, -21, -12, -12, -15,
    -22, -10, 0, 1, -46,
    -15, 1, 3, 5, 12,
    -9, 5, 16, 17, 19,
    -5, 8, 27, 26, 19,
    1, 15, 25, 34, 24,
    2, 26, 34, 34, 34,
    9, 26, 29, 37, 33,
    1, 16, 31, 46, 19,
    -10, 3, 12, 17, 0,
    // rook: ranks 0-9 from its side, files a-e (f-i mirror them)
    -13, 0, -6, 8, 0,
    -5, 4, 0, 8, 0,
    -8, 3, 5, 7, 6,
    0, 6, 7, 13, 13,
    6, 13, 14, 18, 18,
    7, 13, 15, 23, 20,
    9, 14, 22, 29, 31,
    7, 14, 16, 28, 23,
    11, 18, 19, 30, 28,
    1, 9, 13, 20, 17,
    // cannon: ranks 0-9 from its side, files a-e (f-i mirror them)
    -1, -2, 4, 2, 4,
    -1, 3, 5, -3, 10,
    2, 5, 11, 11, 27,
    -1, -1, 0, 1, 8,
    -1, 4, 3, 8, 22,
    3, 2, -1, 7, 21,
    0, 4, -3, 2, 11,
    3, 3, 2, 5, 9,
    -1, -2, -2, 1, 1,
    11, 19, 6, 0, -6,
    // pawn: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    7, 0, -14, 0, 19,
    2, 0, 6, 0, 8,
    39, 47, 54, 58, 64,
    45, 63, 87, 89, 93,
    47, 66, 94, 111, 113,
    39, 62, 75, 89, 118,
    9, 16, 26, 37, 32,
    12, // ROOK_MOBILITY
    -7, // HORSE_MOBILITY
    -23, // HORSE_TRAPPED
    -2, // CANNON_MOBILITY
    68, // CANNON_EMPTY_HEAD
    25, // CANNON_CENTRAL_SCREEN
    9, // LINKED_PAWNS
    9, // MISSING_ADVISOR
    10, // MISSING_ELEPHANT
    13, // ROOK_PALACE
    -8, // HORSE_PALACE
    5, // CANNON_PALACE
    34, // ROOK_OPEN_FILE
];

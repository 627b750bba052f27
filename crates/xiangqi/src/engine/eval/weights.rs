//! The evaluation's weights, indexed as in [`super::params`].
//!
//! Written by `qipan-tune xiangqi fit` (crate `qipan-tune`, whose README gives the commands that
//! rebuild its data set and this file); regenerate rather than edit by hand.

use super::params::COUNT;

/// Middlegame weights.
#[rustfmt::skip]
pub const MG: [i16; COUNT] = [
    // material: general (unused), advisor, elephant, horse, rook, cannon, pawn
    0, 181, 156, 393, 995, 559, 130,
    // general: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, -21, 63,
    0, 0, 0, -44, -29,
    0, 0, 0, -52, -46,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // advisor: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, -27, 0,
    0, 0, 0, 0, 32,
    0, 0, 0, -24, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // elephant: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, -5, 0, 0,
    0, 0, 0, 0, 0,
    -45, 0, 0, 0, 50,
    0, 0, 0, 0, 0,
    0, 0, -42, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // horse: ranks 0-9 from its side, files a-e (f-i mirror them)
    -30, -64, -17, -11, -15,
    -30, -12, -11, -4, -76,
    1, 4, -18, 4, 16,
    -6, 3, 14, 8, 28,
    -5, 10, 33, 38, 21,
    1, 22, 23, 41, 27,
    0, 39, 28, 58, 29,
    12, 27, 33, 42, 37,
    1, 18, 46, 47, 22,
    -10, 3, 12, 17, 0,
    // rook: ranks 0-9 from its side, files a-e (f-i mirror them)
    -27, 14, 4, 7, 0,
    -6, -13, 2, -11, 0,
    2, 1, 7, 8, 9,
    2, 9, 10, 19, 15,
    8, 21, 18, 18, 16,
    5, 7, 19, 15, 16,
    -1, 11, 47, 28, 28,
    10, 15, 19, 31, 24,
    12, 30, 25, 32, 29,
    3, 14, 17, 22, 19,
    // cannon: ranks 0-9 from its side, files a-e (f-i mirror them)
    -2, -5, 2, 2, 4,
    -2, 3, 15, -5, 19,
    21, -8, 48, 22, 89,
    -2, -3, 5, -2, 14,
    -13, -7, 7, 3, 46,
    2, -10, -7, 0, 45,
    -11, -10, -1, -5, 35,
    5, -12, -5, 2, 7,
    -1, -19, -5, -1, 0,
    22, 34, 1, -3, -7,
    // pawn: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    -38, 0, -64, 0, 32,
    -28, 0, 7, 0, 8,
    26, 40, 77, 62, 73,
    39, 59, 111, 94, 94,
    45, 63, 99, 114, 114,
    39, 59, 83, 118, 122,
    10, 20, 28, 46, 38,
    14, // ROOK_MOBILITY
    45, // HORSE_MOBILITY
    7, // HORSE_TRAPPED
    5, // CANNON_MOBILITY
    104, // CANNON_EMPTY_HEAD
    25, // CANNON_CENTRAL_SCREEN
    6, // LINKED_PAWNS
    -19, // MISSING_ADVISOR
    -18, // MISSING_ELEPHANT
    7, // ROOK_PALACE
    67, // HORSE_PALACE
    23, // CANNON_PALACE
    69, // ROOK_OPEN_FILE
];

/// Endgame weights.
#[rustfmt::skip]
pub const EG: [i16; COUNT] = [
    // material: general (unused), advisor, elephant, horse, rook, cannon, pawn
    0, 74, 60, 436, 1014, 411, 138,
    // general: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 3, -33,
    0, 0, 0, 4, -15,
    0, 0, 0, -41, -48,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // advisor: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, -41, 0,
    0, 0, 0, 0, -34,
    0, 0, 0, -53, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // elephant: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, -35, 0, 0,
    0, 0, 0, 0, 0,
    -38, 0, 0, 0, -37,
    0, 0, 0, 0, 0,
    0, 0, -30, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    // horse: ranks 0-9 from its side, files a-e (f-i mirror them)
    -30, -27, -14, -14, -15,
    -25, -11, -2, -4, -55,
    -15, 2, -1, 7, 14,
    -8, 6, 18, 17, 23,
    -5, 7, 36, 30, 18,
    1, 15, 25, 37, 23,
    0, 29, 30, 35, 31,
    12, 26, 23, 39, 36,
    1, 15, 35, 41, 19,
    -10, 4, 14, 19, 0,
    // rook: ranks 0-9 from its side, files a-e (f-i mirror them)
    -16, -3, -7, 9, 0,
    -6, 1, 0, 5, 0,
    -9, 2, 4, 8, 7,
    1, 7, 7, 13, 14,
    7, 12, 14, 20, 22,
    8, 10, 15, 21, 25,
    13, 16, 24, 32, 39,
    9, 13, 17, 31, 26,
    11, 15, 16, 27, 31,
    1, 9, 14, 19, 20,
    // cannon: ranks 0-9 from its side, files a-e (f-i mirror them)
    -2, -3, 1, 0, 2,
    -1, 2, 4, -4, 9,
    3, 9, 16, 18, 21,
    -1, -1, 1, 1, 8,
    -1, 4, 3, 10, 18,
    6, 2, -1, 9, 20,
    -1, 6, -7, 2, 14,
    2, 3, -2, 4, 8,
    -1, -2, -1, 2, 1,
    10, 24, 5, -2, -8,
    // pawn: ranks 0-9 from its side, files a-e (f-i mirror them)
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    0, 0, 0, 0, 0,
    13, 0, -15, 0, 22,
    4, 0, 2, 0, 9,
    38, 50, 59, 62, 66,
    45, 66, 96, 89, 89,
    47, 61, 91, 125, 113,
    39, 62, 65, 69, 118,
    8, 12, 21, 24, 24,
    4, // ROOK_MOBILITY
    -14, // HORSE_MOBILITY
    -23, // HORSE_TRAPPED
    -7, // CANNON_MOBILITY
    62, // CANNON_EMPTY_HEAD
    25, // CANNON_CENTRAL_SCREEN
    -7, // LINKED_PAWNS
    6, // MISSING_ADVISOR
    1, // MISSING_ELEPHANT
    3, // ROOK_PALACE
    -15, // HORSE_PALACE
    -10, // CANNON_PALACE
    50, // ROOK_OPEN_FILE
];

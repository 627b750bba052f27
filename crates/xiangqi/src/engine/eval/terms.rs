//! The terms of the evaluation: one pass over the pieces that tells a [`Sink`] how often each
//! weight of [`super::params`] applies to each side.
//!
//! The pass is the search's hottest code after move generation, so it walks the padded mailbox
//! of [`crate::board`] directly: a step is one addition and the `OFF` border stops every ray,
//! with no file or rank arithmetic and no bounds checks.

use super::params as p;
use crate::board::{self, EMPTY, FLAGS, HORSE, NORTH, OFF, ORTHOGONAL, is_role, step};
use crate::engine::values::{ATTACK_UNITS, PHASE_MAX, PHASE_WEIGHT};
use crate::piece::{Color, Role};
use crate::position::Position;

/// Receives the counts of the evaluation's terms.
pub(super) trait Sink {
    /// Weight `param` applies `count` times to `color`.
    fn add(&mut self, color: Color, param: usize, count: i32);
}

/// What the evaluation needs besides the weighted counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Facts {
    /// Game phase, from [`PHASE_MAX`] (every piece on the board) down to 0.
    pub phase: i32,
    /// Whether Red and Black (in that order) still have a piece that can cross the river.
    pub attackers: [bool; 2],
}

/// Whether a cell holds a piece that is not `color`'s (false for empty and off-board cells:
/// `OFF` carries both colour bits).
#[inline(always)]
fn is_enemy(cell: u8, color: Color) -> bool {
    cell != EMPTY && cell & board::color_bit(color) == 0
}

/// Whether a cell is empty or holds an enemy piece (false off the board).
#[inline(always)]
fn is_open_to(cell: u8, color: Color) -> bool {
    cell & board::color_bit(color) == 0
}

/// Counts along the four lines of a rook or cannon on `sq`.
#[derive(Default)]
struct LineReach {
    /// Empty points a slide reaches.
    empty: i32,
    /// Enemy pieces a rook would capture (the first piece on a line, if an enemy).
    rook_targets: i32,
    /// Enemy-palace points on a rook's lines (empty or enemy-occupied).
    rook_palace: i32,
    /// Enemy-palace points a cannon attacks over one screen (empty or enemy-occupied).
    cannon_palace: i32,
}

fn line_reach(cells: &[u8; 256], sq: u8, color: Color) -> LineReach {
    let enemy_palace = board::palace(color.opposite());
    let mut reach = LineReach::default();
    for delta in ORTHOGONAL {
        let mut at = step(sq, delta);
        // The slide up to the first piece.
        while cells[at as usize] == EMPTY {
            reach.empty += 1;
            reach.rook_palace += (FLAGS[at as usize] & enemy_palace != 0) as i32;
            at = step(at, delta);
        }
        let first = cells[at as usize];
        if first == OFF {
            continue;
        }
        if is_enemy(first, color) {
            reach.rook_targets += 1;
            reach.rook_palace += (FLAGS[at as usize] & enemy_palace != 0) as i32;
        }
        // Beyond the screen: what a cannon attacks.
        loop {
            at = step(at, delta);
            let cell = cells[at as usize];
            if cell == OFF {
                break;
            }
            if is_open_to(cell, color) && FLAGS[at as usize] & enemy_palace != 0 {
                reach.cannon_palace += 1;
            }
            if cell != EMPTY {
                break;
            }
        }
    }
    reach
}

/// Destinations of a horse on `sq` whose leg is free and that hold no friendly piece, and how
/// many of them lie in the enemy palace.
fn horse_reach(cells: &[u8; 256], sq: u8, color: Color) -> (i32, i32) {
    let enemy_palace = board::palace(color.opposite());
    let mut moves = 0;
    let mut palace = 0;
    for (leg, targets) in HORSE {
        if cells[step(sq, leg) as usize] != EMPTY {
            continue;
        }
        for target in targets {
            let to = step(sq, target) as usize;
            if is_open_to(cells[to], color) {
                moves += 1;
                palace += (FLAGS[to] & enemy_palace != 0) as i32;
            }
        }
    }
    (moves, palace)
}

/// Pieces strictly between two squares of the same file.
fn pieces_between_on_file(cells: &[u8; 256], a: u8, b: u8) -> i32 {
    let (low, high) = (a.min(b), a.max(b));
    let mut at = step(low, NORTH);
    let mut count = 0;
    while at < high {
        count += (cells[at as usize] != EMPTY) as i32;
        at = step(at, NORTH);
    }
    count
}

/// Whether no pawn of `color` stands in front of `sq` on its file.
fn open_forward(cells: &[u8; 256], sq: u8, color: Color) -> bool {
    let base = board::id_base(color);
    let forward = board::forward(color);
    let mut at = step(sq, forward);
    loop {
        let cell = cells[at as usize];
        if cell == OFF {
            return true;
        }
        if is_role(cell, base, Role::Pawn) {
            return false;
        }
        at = step(at, forward);
    }
}

/// Tells `sink` every term of `pos` and returns the rest of what the evaluation needs.
pub(super) fn collect(pos: &Position, sink: &mut impl Sink) -> Facts {
    let cells = &pos.cells;
    let mut phase = 0;
    let mut attack = [0; 2];
    let mut attackers = [false; 2];
    let mut guards = [[0; 2]; 2];
    let kings = [
        pos.king_square(Color::Red).raw() as u8,
        pos.king_square(Color::Black).raw() as u8,
    ];
    for color in Color::ALL {
        let enemy_king = kings[color.opposite().index()];
        let base = board::id_base(color);
        for id in base..base + 16 {
            let sq = pos.squares[id as usize];
            if sq == 0 {
                continue;
            }
            let role = board::role_of_id(id);
            let file = ((sq & 15) - 3) as usize;
            let rank = match color {
                Color::Red => (sq >> 4) - 3,
                Color::Black => 12 - (sq >> 4),
            } as usize;
            sink.add(color, p::material(role), 1);
            sink.add(color, p::pst(role, rank, file), 1);
            phase += PHASE_WEIGHT[role.index()];
            match role {
                Role::Advisor => guards[color.index()][0] += 1,
                Role::Elephant => guards[color.index()][1] += 1,
                Role::Rook => {
                    let reach = line_reach(cells, sq, color);
                    sink.add(color, p::ROOK_MOBILITY, reach.empty + reach.rook_targets);
                    sink.add(color, p::ROOK_PALACE, reach.rook_palace);
                    if open_forward(cells, sq, color) {
                        sink.add(color, p::ROOK_OPEN_FILE, 1);
                    }
                }
                Role::Cannon => {
                    let reach = line_reach(cells, sq, color);
                    sink.add(color, p::CANNON_MOBILITY, reach.empty);
                    sink.add(color, p::CANNON_PALACE, reach.cannon_palace);
                    if file == 4 && enemy_king & 15 == sq & 15 {
                        match pieces_between_on_file(cells, sq, enemy_king) {
                            0 => sink.add(color, p::CANNON_EMPTY_HEAD, 1),
                            1 => sink.add(color, p::CANNON_CENTRAL_SCREEN, 1),
                            _ => {}
                        }
                    }
                }
                Role::Horse => {
                    let (moves, palace) = horse_reach(cells, sq, color);
                    sink.add(color, p::HORSE_MOBILITY, moves);
                    sink.add(color, p::HORSE_PALACE, palace);
                    if moves <= 1 {
                        sink.add(color, p::HORSE_TRAPPED, 1);
                    }
                }
                Role::Pawn if rank >= 5 => {
                    let own_pawn = |cell: u8| is_role(cell, base, Role::Pawn);
                    if own_pawn(cells[sq as usize - 1]) || own_pawn(cells[sq as usize + 1]) {
                        sink.add(color, p::LINKED_PAWNS, 1);
                    }
                }
                _ => {}
            }
            if role.can_cross_river() && (role != Role::Pawn || rank >= 5) {
                attack[color.index()] += ATTACK_UNITS[role.index()];
                attackers[color.index()] = true;
            }
        }
    }
    for color in Color::ALL {
        let [advisors, elephants] = guards[color.index()];
        let enemy_attack = attack[color.opposite().index()];
        sink.add(color, p::MISSING_ADVISOR, (2 - advisors) * enemy_attack);
        sink.add(color, p::MISSING_ELEPHANT, (2 - elephants) * enemy_attack);
    }
    Facts {
        phase: phase.min(PHASE_MAX),
        attackers,
    }
}

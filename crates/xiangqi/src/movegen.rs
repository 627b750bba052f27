//! Strictly legal move generation, the hot path measured by perft.
//!
//! Moves are generated per piece from the piece list of the side to move, then filtered for
//! legality. Testing every move by "make it and look for an attack" costs an attack scan per
//! move, so a position is first analysed once, from its own general outwards:
//!
//! * A move leaves its own general attacked only by emptying its origin or filling its target
//!   (a capture keeps the target occupied and only removes an attacker).
//! * Emptying a square matters only if the piece there is a **blocker**: the first piece on a
//!   line whose second piece is an enemy rook (or, on the file, the enemy general — the flying
//!   general rule), the first or second piece on a line whose third piece is an enemy cannon,
//!   or a piece on the leg of an enemy horse aimed at the general. (A first piece that is itself
//!   an enemy cannon still screens for a cannon further out.)
//! * Filling an empty square matters only between the general and an enemy cannon with nothing
//!   in between: the new piece becomes that cannon's screen.
//!
//! Only moves of blockers, moves of the general and moves onto such screen squares are tested
//! in full; so is every move when the side to move is in check. Everything else is legal once
//! generated, which makes bulk-counted perft at the last ply nearly as cheap as generation.

use crate::attacks::{AfterMove, first_piece, king_attacked_at};
use crate::board::{
    self, DIAGONAL, EAST, EMPTY, FLAGS, HORSE, NORTH, OFF, ORTHOGONAL, SLOT_START, SOUTH, WEST,
    is_role, step,
};
use crate::moves::{Move, MoveList};
use crate::piece::Role;
use crate::position::Position;
use crate::square::Square;

/// Receives generated legal moves.
pub(crate) trait Sink {
    /// Takes one legal move.
    fn push(&mut self, m: Move);
}

impl Sink for MoveList {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// Counts moves without storing them (bulk counting at the last ply of perft).
pub(crate) struct Counter(pub(crate) u64);

impl Sink for Counter {
    #[inline(always)]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
}

/// Looks for one move.
struct Finder {
    target: Move,
    found: bool,
}

impl Sink for Finder {
    #[inline(always)]
    fn push(&mut self, m: Move) {
        self.found |= m == self.target;
    }
}

/// What one analysis of the position tells the generator (see the module docs).
struct Safety {
    /// Where the general stands.
    ksq: u8,
    /// Bit `id` set when piece `id` is a blocker, or for every id when in check.
    careful: u64,
    /// Mailbox indices (as a 256-bit set) where a new piece would screen an enemy cannon.
    screens: [u64; 4],
    /// Whether `screens` has any bit set.
    any_screen: bool,
}

impl Safety {
    #[inline(always)]
    fn is_screen(&self, sq: u8) -> bool {
        self.any_screen && self.screens[(sq >> 6) as usize] >> (sq & 63) & 1 != 0
    }
}

/// Moves of the side to move: all, or captures only.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    All,
    Captures,
}

impl Position {
    /// Fills `out` with every legal move (it is cleared first).
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        self.generate(out, Kind::All);
    }

    /// Fills `out` with the legal captures (for quiescence search).
    pub fn legal_captures(&self, out: &mut MoveList) {
        out.clear();
        self.generate(out, Kind::Captures);
    }

    /// The number of legal moves (faster than listing them).
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = Counter(0);
        self.generate(&mut counter, Kind::All);
        counter.0
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Whether `m` is legal here: a piece of the side to move makes one of its moves and leaves
    /// its general safe.
    pub fn is_legal(&self, m: Move) -> bool {
        let id = self.cells[m.from().raw()];
        if id == EMPTY || id & board::color_bit(self.side) == 0 {
            return false;
        }
        let safety = self.safety();
        let mut finder = Finder {
            target: m,
            found: false,
        };
        self.piece_moves(&mut finder, &safety, id, Kind::All);
        finder.found
    }

    /// Analyses the position once from the general outwards.
    #[inline(always)]
    fn safety(&self) -> Safety {
        let us = self.side;
        let ksq = self.squares[board::id_base(us) as usize];
        let mut safety = Safety {
            ksq,
            careful: 0,
            screens: [0; 4],
            any_screen: false,
        };
        if self.in_check {
            safety.careful = u64::MAX;
            return safety;
        }
        let them = board::id_base(us.opposite());
        let cells = &self.cells;
        for d in ORTHOGONAL {
            let (sq1, c1) = first_piece(cells, ksq, d);
            if c1 == OFF {
                continue;
            }
            if is_role(c1, them, Role::Cannon) {
                let mut s = step(ksq, d);
                while s != sq1 {
                    safety.screens[(s >> 6) as usize] |= 1 << (s & 63);
                    s = step(s, d);
                }
                safety.any_screen = true;
            }
            let (sq2, c2) = first_piece(cells, sq1, d);
            if c2 == OFF {
                continue;
            }
            if is_role(c2, them, Role::Rook)
                || ((d == NORTH || d == SOUTH) && is_role(c2, them, Role::King))
            {
                safety.careful |= 1 << c1;
            }
            let (_, c3) = first_piece(cells, sq2, d);
            if c3 != OFF && is_role(c3, them, Role::Cannon) {
                safety.careful |= 1 << c1 | 1 << c2;
            }
        }
        for d in DIAGONAL {
            let leg = step(ksq, d);
            let c = cells[leg as usize];
            if c != EMPTY && c != OFF {
                let vertical = if d > 0 { NORTH } else { SOUTH };
                let horizontal = d - vertical;
                if is_role(cells[step(leg, vertical) as usize], them, Role::Horse)
                    || is_role(cells[step(leg, horizontal) as usize], them, Role::Horse)
                {
                    safety.careful |= 1 << c;
                }
            }
        }
        safety
    }

    /// Generates the legal moves of the side to move into `sink`.
    #[inline(always)]
    fn generate<S: Sink>(&self, sink: &mut S, kind: Kind) {
        let safety = self.safety();
        let base = board::id_base(self.side);
        for id in base..base + 16 {
            if self.squares[id as usize] != 0 {
                self.piece_moves(sink, &safety, id, kind);
            }
        }
    }

    /// Generates the legal moves of piece `id` (of the side to move, on the board).
    #[inline(always)]
    fn piece_moves<S: Sink>(&self, sink: &mut S, safety: &Safety, id: u8, kind: Kind) {
        let us = self.side;
        let cells = &self.cells;
        let from = self.squares[id as usize];
        let own = board::color_bit(us);
        let them_bit = board::color_bit(us.opposite());
        let slot = id & 15;
        let careful = slot == 0 || safety.careful >> id & 1 != 0;
        // Whether a piece may land on `to`: never on its own side's piece or off the board.
        let target_ok = |to: u8| {
            let c = cells[to as usize];
            match kind {
                Kind::All => c & own == 0,
                Kind::Captures => c & (own | them_bit) == them_bit,
            }
        };
        let mut emit = |to: u8| {
            let legal = if careful {
                let ksq = if slot == 0 { to } else { safety.ksq };
                let after = AfterMove {
                    cells,
                    from,
                    to,
                    id,
                };
                !king_attacked_at(&after, ksq, us)
            } else {
                !safety.is_screen(to)
            };
            if legal {
                sink.push(Move::new(Square::from_raw(from), Square::from_raw(to)));
            }
        };
        if slot >= SLOT_START[Role::Rook.index()] && slot < SLOT_START[Role::Pawn.index()] {
            let cannon = slot >= SLOT_START[Role::Cannon.index()];
            for d in ORTHOGONAL {
                let mut to = step(from, d);
                let mut c = cells[to as usize];
                while c == EMPTY {
                    if kind == Kind::All {
                        emit(to);
                    }
                    to = step(to, d);
                    c = cells[to as usize];
                }
                if cannon {
                    if c == OFF {
                        continue;
                    }
                    (to, c) = first_piece(cells, to, d);
                }
                if c & (own | them_bit) == them_bit {
                    emit(to);
                }
            }
        } else if slot >= SLOT_START[Role::Pawn.index()] {
            let ahead = step(from, board::forward(us));
            if target_ok(ahead) {
                emit(ahead);
            }
            if FLAGS[from as usize] & board::home_half(us) == 0 {
                for d in [EAST, WEST] {
                    let to = step(from, d);
                    if target_ok(to) {
                        emit(to);
                    }
                }
            }
        } else if slot >= SLOT_START[Role::Horse.index()] {
            for (leg, targets) in HORSE {
                if cells[step(from, leg) as usize] == EMPTY {
                    for t in targets {
                        let to = step(from, t);
                        if target_ok(to) {
                            emit(to);
                        }
                    }
                }
            }
        } else if slot >= SLOT_START[Role::Elephant.index()] {
            let half = board::home_half(us);
            for d in DIAGONAL {
                let eye = step(from, d);
                let to = step(eye, d);
                if FLAGS[to as usize] & half != 0 && cells[eye as usize] == EMPTY && target_ok(to) {
                    emit(to);
                }
            }
        } else {
            let palace = board::palace(us);
            let steps = if slot == 0 { ORTHOGONAL } else { DIAGONAL };
            for d in steps {
                let to = step(from, d);
                if FLAGS[to as usize] & palace != 0 && target_ok(to) {
                    emit(to);
                }
            }
        }
    }
}

//! [`Position`]: the board, the side to move, the game history; make and unmake.

use thiserror::Error;

use crate::board::{self, EMPTY, OFF, SLOT_START};
use crate::moves::Move;
use crate::piece::{Color, Piece, Role};
use crate::square::Square;
use crate::zobrist::{PIECE_KEYS, SIDE_KEY};

/// Why a set of pieces is not a position that can arise in a game.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// A side has no general.
    #[error("{0} has no general")]
    MissingKing(Color),
    /// A side has more pieces of a role than the initial army holds.
    #[error("{color} has {count} pieces of kind {role:?}, at most {max} exist")]
    TooMany {
        /// The side.
        color: Color,
        /// The role.
        role: Role,
        /// How many were given.
        count: usize,
        /// How many exist.
        max: usize,
    },
    /// Two pieces were placed on one square.
    #[error("two pieces on {0}")]
    Occupied(Square),
    /// A piece stands on a square it can never reach (a general or advisor outside its palace
    /// or off its points, an elephant off its seven points, a pawn behind its start).
    #[error("{piece:?} can never stand on {square}")]
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Where it was placed.
        square: Square,
    },
    /// The side that is not to move is in check (its general could be captured), including
    /// generals facing each other on an open file.
    #[error("{0}, who is not to move, is in check")]
    OpponentInCheck(Color),
}

impl PositionError {
    /// A stable machine-readable code, e.g. `"missing_king"` (for translation by a UI).
    pub fn code(&self) -> &'static str {
        match self {
            PositionError::MissingKing(_) => "missing_king",
            PositionError::TooMany { .. } => "too_many_pieces",
            PositionError::Occupied(_) => "square_occupied",
            PositionError::Unreachable { .. } => "unreachable_square",
            PositionError::OpponentInCheck(_) => "opponent_in_check",
        }
    }
}

/// What make needs to undo a move.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    /// The move, `None` for a null move.
    pub(crate) mv: Option<Move>,
    /// The cell the move captured (`EMPTY` if none).
    pub(crate) captured: u8,
    /// The hash before the move.
    pub(crate) hash: u64,
    /// The plies-since-capture counter before the move.
    pub(crate) halfmove_clock: u32,
    /// Whether the side that made the move was in check before it.
    pub(crate) in_check: bool,
}

/// A Xiangqi position with the moves that led to it (for repetition rules and unmake).
///
/// See [`crate::board`] for the representation.
#[derive(Clone)]
pub struct Position {
    /// Piece id, `EMPTY` or `OFF` per mailbox index.
    pub(crate) cells: [u8; 256],
    /// Mailbox index of each piece id (0 when the piece is off the board).
    pub(crate) squares: [u8; 64],
    pub(crate) side: Color,
    pub(crate) hash: u64,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove: u32,
    pub(crate) in_check: bool,
    pub(crate) history: Vec<Undo>,
}

/// The advisors' five points (Red's; Black's are mirrored).
const ADVISOR_POINTS: [(u8, u8); 5] = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)];
/// The elephants' seven points (Red's; Black's are mirrored).
const ELEPHANT_POINTS: [(u8, u8); 7] = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];

/// Whether a piece may stand on a square in some game.
fn reachable(piece: Piece, sq: Square) -> bool {
    let (file, rank) = match piece.color {
        Color::Red => (sq.file(), sq.rank()),
        Color::Black => (sq.file(), 9 - sq.rank()),
    };
    match piece.role {
        Role::King => (3..=5).contains(&file) && rank <= 2,
        Role::Advisor => ADVISOR_POINTS.contains(&(file, rank)),
        Role::Elephant => ELEPHANT_POINTS.contains(&(file, rank)),
        // Unmoved pawns stand on files a, c, e, g, i of rank 3; before crossing the river
        // (ranks 3 and 4) they can only move forward.
        Role::Pawn => rank >= 5 || ((rank == 3 || rank == 4) && file % 2 == 0),
        Role::Horse | Role::Rook | Role::Cannon => true,
    }
}

impl Position {
    /// The initial position, Red to move.
    pub fn startpos() -> Position {
        Position::from_fen(crate::fen::START_FEN).expect("the start FEN is valid")
    }

    /// A position from its pieces, the side to move and the move counters of FEN
    /// (`halfmove_clock`: plies since the last capture; `fullmove`: starts at 1, grows after
    /// each Black move). Refuses sets of pieces that no game can reach.
    pub fn from_pieces(
        pieces: impl IntoIterator<Item = (Square, Piece)>,
        side: Color,
        halfmove_clock: u32,
        fullmove: u32,
    ) -> Result<Position, PositionError> {
        let mut pos = Position {
            cells: board::empty_cells(),
            squares: [0; 64],
            side,
            hash: 0,
            halfmove_clock,
            fullmove: fullmove.max(1),
            in_check: false,
            history: Vec::new(),
        };
        let mut counts = [[0usize; 7]; 2];
        for (sq, piece) in pieces {
            if pos.cells[sq.raw()] != EMPTY {
                return Err(PositionError::Occupied(sq));
            }
            let count = &mut counts[piece.color.index()][piece.role.index()];
            if *count >= piece.role.count() {
                return Err(PositionError::TooMany {
                    color: piece.color,
                    role: piece.role,
                    count: *count + 1,
                    max: piece.role.count(),
                });
            }
            if !reachable(piece, sq) {
                return Err(PositionError::Unreachable { piece, square: sq });
            }
            let id = board::id_base(piece.color) + SLOT_START[piece.role.index()] + *count as u8;
            *count += 1;
            pos.cells[sq.raw()] = id;
            pos.squares[id as usize] = sq.0;
            pos.hash ^= PIECE_KEYS[board::kind_of_id(id)][sq.raw()];
        }
        for color in Color::ALL {
            if counts[color.index()][Role::King.index()] == 0 {
                return Err(PositionError::MissingKing(color));
            }
        }
        if side == Color::Black {
            pos.hash ^= SIDE_KEY;
        }
        if pos.king_attacked(side.opposite()) {
            return Err(PositionError::OpponentInCheck(side.opposite()));
        }
        pos.in_check = pos.king_attacked(side);
        Ok(pos)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The piece on a square, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        match self.cells[sq.raw()] {
            EMPTY | OFF => None,
            id => Some(board::piece_of_id(id)),
        }
    }

    /// Where a side's general stands.
    pub fn king_square(&self, color: Color) -> Square {
        Square::from_raw(self.squares[board::id_base(color) as usize])
    }

    /// Every piece of a side on the board with its square, general first, pawns last.
    pub fn pieces(&self, color: Color) -> impl Iterator<Item = (Square, Piece)> + '_ {
        let base = board::id_base(color);
        (base..base + 16).filter_map(move |id| match self.squares[id as usize] {
            0 => None,
            sq => Some((Square::from_raw(sq), board::piece_of_id(id))),
        })
    }

    /// How many pieces of a role a side has on the board.
    pub fn count(&self, color: Color, role: Role) -> usize {
        let first = (board::id_base(color) + SLOT_START[role.index()]) as usize;
        self.squares[first..first + role.count()]
            .iter()
            .filter(|&&sq| sq != 0)
            .count()
    }

    /// The Zobrist hash of the board and the side to move (updated incrementally).
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the side to move is in check (its general is attacked, or faces the other
    /// general on an open file).
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// Plies since the last capture (the FEN half-move field).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The FEN full-move number: 1 at the start, increased after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }

    /// The moves made on this position since it was created (null moves excluded), oldest
    /// first.
    pub fn moves_played(&self) -> impl Iterator<Item = Move> + '_ {
        self.history.iter().filter_map(|u| u.mv)
    }

    /// How many moves (including null moves) can be undone.
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// Whether a move captures (its target holds a piece). Meaningful for legal moves.
    pub fn is_capture(&self, m: Move) -> bool {
        self.cells[m.to().raw()] != EMPTY
    }

    /// Makes a move, which must be legal here (from [`Position::legal_moves`] or checked with
    /// [`Position::is_legal`]); use [`Position::play`] for untrusted moves. Updates the hash
    /// incrementally and records what [`Position::unmake`] needs.
    #[inline]
    pub fn make(&mut self, m: Move) {
        let from = m.from().raw();
        let to = m.to().raw();
        let id = self.cells[from];
        let captured = self.cells[to];
        self.history.push(Undo {
            mv: Some(m),
            captured,
            hash: self.hash,
            halfmove_clock: self.halfmove_clock,
            in_check: self.in_check,
        });
        let keys = &PIECE_KEYS[board::kind_of_id(id)];
        self.hash ^= keys[from] ^ keys[to] ^ SIDE_KEY;
        if captured == EMPTY {
            self.halfmove_clock += 1;
        } else {
            self.hash ^= PIECE_KEYS[board::kind_of_id(captured)][to];
            self.squares[(captured & 63) as usize] = 0;
            self.halfmove_clock = 0;
        }
        self.cells[from] = EMPTY;
        self.cells[to] = id;
        self.squares[(id & 63) as usize] = to as u8;
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opposite();
        self.in_check = self.king_attacked(self.side);
    }

    /// Takes back the last move made with [`Position::make`] or [`Position::make_null`],
    /// restoring the position and its hash exactly. Does nothing when there is none.
    #[inline]
    pub fn unmake(&mut self) {
        let Some(undo) = self.history.pop() else {
            return;
        };
        self.side = self.side.opposite();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        if let Some(m) = undo.mv {
            let from = m.from().raw();
            let to = m.to().raw();
            let id = self.cells[to];
            self.cells[from] = id;
            self.squares[(id & 63) as usize] = from as u8;
            self.cells[to] = undo.captured;
            if undo.captured != EMPTY {
                self.squares[(undo.captured & 63) as usize] = to as u8;
            }
        }
        self.hash = undo.hash;
        self.halfmove_clock = undo.halfmove_clock;
        self.in_check = undo.in_check;
    }

    /// Passes the turn (for null-move pruning in a search). Must not be used in check.
    /// Undo with [`Position::unmake`].
    pub fn make_null(&mut self) {
        self.history.push(Undo {
            mv: None,
            captured: EMPTY,
            hash: self.hash,
            halfmove_clock: self.halfmove_clock,
            in_check: self.in_check,
        });
        self.hash ^= SIDE_KEY;
        self.halfmove_clock += 1;
        if self.side == Color::Black {
            self.fullmove += 1;
        }
        self.side = self.side.opposite();
        self.in_check = self.king_attacked(self.side);
    }

    /// Makes a move after checking that it is legal.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.make(m);
            Ok(())
        } else {
            Err(IllegalMove(m))
        }
    }

    /// The Zobrist hash computed from scratch (to check the incremental one).
    pub fn hash_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Color::Black {
            SIDE_KEY
        } else {
            0
        };
        for id in 16..48u8 {
            let sq = self.squares[id as usize];
            if sq != 0 {
                hash ^= PIECE_KEYS[board::kind_of_id(id)][sq as usize];
            }
        }
        hash
    }
}

/// A move that is not legal in the position it was played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("{0} is not a legal move here")]
pub struct IllegalMove(pub Move);

impl PartialEq for Position {
    /// Positions are equal when board, side to move and move counters are (history is ignored).
    fn eq(&self, other: &Position) -> bool {
        self.side == other.side
            && self.halfmove_clock == other.halfmove_clock
            && self.fullmove == other.fullmove
            && Square::all().all(|sq| self.piece_at(sq) == other.piece_at(sq))
    }
}

impl Eq for Position {}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_fen())
    }
}

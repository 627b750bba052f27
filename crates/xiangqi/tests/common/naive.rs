//! A deliberately simple, independent legal-move generator written straight from the rules
//! (a 9x10 array, every piece's move tested square by square), used as an oracle for the fast
//! generator.

use qipan_xiangqi::{Color, Piece, Position, Role, Square};

type Board = [[Option<Piece>; 9]; 10];

fn board_of(pos: &Position) -> Board {
    let mut b = [[None; 9]; 10];
    for sq in Square::all() {
        b[sq.rank() as usize][sq.file() as usize] = pos.piece_at(sq);
    }
    b
}

fn in_palace(color: Color, f: i32, r: i32) -> bool {
    (3..=5).contains(&f)
        && match color {
            Color::Red => (0..=2).contains(&r),
            Color::Black => (7..=9).contains(&r),
        }
}

fn own_half(color: Color, r: i32) -> bool {
    match color {
        Color::Red => r <= 4,
        Color::Black => r >= 5,
    }
}

fn at(b: &Board, f: i32, r: i32) -> Option<Piece> {
    if (0..9).contains(&f) && (0..10).contains(&r) {
        b[r as usize][f as usize]
    } else {
        None
    }
}

/// Pieces strictly between two squares on one line.
fn between(b: &Board, (f1, r1): (i32, i32), (f2, r2): (i32, i32)) -> usize {
    let (df, dr) = ((f2 - f1).signum(), (r2 - r1).signum());
    let (mut f, mut r) = (f1 + df, r1 + dr);
    let mut n = 0;
    while (f, r) != (f2, r2) {
        n += at(b, f, r).is_some() as usize;
        f += df;
        r += dr;
    }
    n
}

/// Whether the piece on (f1, r1) may move to (f2, r2) by its own rules (ignoring checks).
fn can_move(b: &Board, (f1, r1): (i32, i32), (f2, r2): (i32, i32)) -> bool {
    let Some(p) = at(b, f1, r1) else { return false };
    if !(0..9).contains(&f2) || !(0..10).contains(&r2) || (f1, r1) == (f2, r2) {
        return false;
    }
    let target = at(b, f2, r2);
    if target.is_some_and(|t| t.color == p.color) {
        return false;
    }
    let (df, dr) = (f2 - f1, r2 - r1);
    let fwd = if p.color == Color::Red { 1 } else { -1 };
    match p.role {
        Role::King => in_palace(p.color, f2, r2) && df.abs() + dr.abs() == 1,
        Role::Advisor => in_palace(p.color, f2, r2) && df.abs() == 1 && dr.abs() == 1,
        Role::Elephant => {
            own_half(p.color, r2)
                && df.abs() == 2
                && dr.abs() == 2
                && at(b, f1 + df / 2, r1 + dr / 2).is_none()
        }
        Role::Horse => {
            let leg = if df.abs() == 2 && dr.abs() == 1 {
                (f1 + df / 2, r1)
            } else if df.abs() == 1 && dr.abs() == 2 {
                (f1, r1 + dr / 2)
            } else {
                return false;
            };
            at(b, leg.0, leg.1).is_none()
        }
        Role::Rook => (df == 0 || dr == 0) && between(b, (f1, r1), (f2, r2)) == 0,
        Role::Cannon => {
            (df == 0 || dr == 0)
                && between(b, (f1, r1), (f2, r2)) == if target.is_some() { 1 } else { 0 }
        }
        Role::Pawn => {
            (df == 0 && dr == fwd) || (dr == 0 && df.abs() == 1 && !own_half(p.color, r1))
        }
    }
}

/// Whether `color`'s general can be taken (including generals facing on an open file).
fn exposed(b: &Board, color: Color) -> bool {
    let mut king = None;
    let mut other_king = None;
    for r in 0..10 {
        for f in 0..9 {
            if let Some(p) = at(b, f, r)
                && p.role == Role::King
            {
                if p.color == color {
                    king = Some((f, r));
                } else {
                    other_king = Some((f, r));
                }
            }
        }
    }
    let (Some(k), Some(o)) = (king, other_king) else {
        return true;
    };
    if k.0 == o.0 && between(b, k, o) == 0 {
        return true;
    }
    (0..10).any(|r| {
        (0..9).any(|f| at(b, f, r).is_some_and(|p| p.color != color) && can_move(b, (f, r), k))
    })
}

/// Every legal move of `pos` in ICCS, sorted.
pub fn legal_moves(pos: &Position) -> Vec<String> {
    let b = board_of(pos);
    let us = pos.side_to_move();
    let mut out = Vec::new();
    for from in Square::all() {
        if pos.piece_at(from).is_none_or(|p| p.color != us) {
            continue;
        }
        for to in Square::all() {
            let (a, z) = (
                (from.file() as i32, from.rank() as i32),
                (to.file() as i32, to.rank() as i32),
            );
            if can_move(&b, a, z) {
                let mut after = b;
                after[z.1 as usize][z.0 as usize] = after[a.1 as usize][a.0 as usize].take();
                if !exposed(&after, us) {
                    out.push(format!("{from}{to}"));
                }
            }
        }
    }
    out.sort();
    out
}

/// Whether the side to move is in check, by the naive rules.
pub fn in_check(pos: &Position) -> bool {
    exposed(&board_of(pos), pos.side_to_move())
}

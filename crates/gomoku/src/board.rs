//! The board: which stone stands on each point, and rows of stones along the four directions.

use crate::error::SizeError;
use crate::point::{Color, MAX_SIZE, MIN_SIZE, Point};

/// The four line directions as (dx, dy): horizontal, vertical, diagonal, anti-diagonal.
pub const DIRECTIONS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// A square board of stones.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    size: u8,
    cells: Vec<Option<Color>>,
    stones: usize,
}

impl Board {
    /// An empty `size`×`size` board (5 to 25).
    pub fn new(size: u32) -> Result<Board, SizeError> {
        if !(u32::from(MIN_SIZE)..=u32::from(MAX_SIZE)).contains(&size) {
            return Err(SizeError(size));
        }
        Ok(Board {
            size: size as u8,
            cells: vec![None; (size * size) as usize],
            stones: 0,
        })
    }

    /// The board side.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// The number of stones on the board.
    pub fn stone_count(&self) -> usize {
        self.stones
    }

    /// Whether every point is occupied.
    pub fn is_full(&self) -> bool {
        self.stones == self.cells.len()
    }

    /// The stone at `p`, if any (None also off the board).
    pub fn get(&self, p: Point) -> Option<Color> {
        if p.on_board(self.size) {
            self.cells[self.index(p)]
        } else {
            None
        }
    }

    /// The stone at signed coordinates, None off the board.
    pub fn get_signed(&self, x: i32, y: i32) -> Option<Color> {
        self.point_at(x, y).and_then(|p| self.get(p))
    }

    /// The point at signed coordinates if it is on the board.
    pub fn point_at(&self, x: i32, y: i32) -> Option<Point> {
        let s = i32::from(self.size);
        (0..s).contains(&x).then_some(())?;
        (0..s).contains(&y).then_some(())?;
        Some(Point::new(x as u8, y as u8))
    }

    /// Whether `p` is on the board and empty.
    pub fn is_empty_point(&self, p: Point) -> bool {
        p.on_board(self.size) && self.cells[self.index(p)].is_none()
    }

    /// Puts (or removes, with `None`) a stone at `p`, which must be on the board.
    pub fn set(&mut self, p: Point, stone: Option<Color>) {
        let i = self.index(p);
        match (self.cells[i].is_some(), stone.is_some()) {
            (false, true) => self.stones += 1,
            (true, false) => self.stones -= 1,
            _ => {}
        }
        self.cells[i] = stone;
    }

    /// Every point of the board, row by row.
    pub fn points(&self) -> impl Iterator<Item = Point> + use<> {
        let s = self.size;
        (0..s).flat_map(move |y| (0..s).map(move |x| Point::new(x, y)))
    }

    /// The row of `color` stones through `p` along `dir` (an index into [`DIRECTIONS`]), ends
    /// included, counting `p` as `color` whatever stands there.
    pub fn run_through(&self, p: Point, dir: usize, color: Color) -> Vec<Point> {
        let (dx, dy) = DIRECTIONS[dir];
        let mut first = (i32::from(p.x), i32::from(p.y));
        while self.get_signed(first.0 - dx, first.1 - dy) == Some(color) {
            first = (first.0 - dx, first.1 - dy);
        }
        let mut run = vec![];
        let mut cur = first;
        loop {
            let here = (cur.0 == i32::from(p.x) && cur.1 == i32::from(p.y))
                || self.get_signed(cur.0, cur.1) == Some(color);
            match self.point_at(cur.0, cur.1) {
                Some(q) if here => run.push(q),
                _ => break,
            }
            cur = (cur.0 + dx, cur.1 + dy);
        }
        run
    }

    /// The length of the row of `color` through `p` along `dir`, counting `p` as `color`.
    pub fn run_length(&self, p: Point, dir: usize, color: Color) -> usize {
        let (dx, dy) = DIRECTIONS[dir];
        let mut n = 1;
        for sign in [-1, 1] {
            let (mut x, mut y) = (i32::from(p.x), i32::from(p.y));
            loop {
                x += sign * dx;
                y += sign * dy;
                if self.get_signed(x, y) != Some(color) {
                    break;
                }
                n += 1;
            }
        }
        n
    }

    /// The winning row made by a `color` stone at `p` (counted as placed): five or more in a row,
    /// or exactly five when `exact` is set. Returns the stones of the row.
    pub fn five_through(&self, p: Point, color: Color, exact: bool) -> Option<Vec<Point>> {
        (0..4).find_map(|dir| {
            let n = self.run_length(p, dir, color);
            let wins = if exact { n == 5 } else { n >= 5 };
            wins.then(|| self.run_through(p, dir, color))
        })
    }

    fn index(&self, p: Point) -> usize {
        usize::from(p.y) * usize::from(self.size) + usize::from(p.x)
    }
}

impl std::fmt::Display for Board {
    /// A diagram: `X` black, `O` white, `.` empty, rows numbered from the bottom.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for y in 0..self.size {
            write!(f, "{:>2} ", self.size - y)?;
            for x in 0..self.size {
                let c = match self.get(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                };
                write!(f, " {c}")?;
            }
            writeln!(f)?;
        }
        write!(f, "   ")?;
        for x in 0..self.size {
            write!(f, " {}", char::from(b'a' + x))?;
        }
        writeln!(f)
    }
}

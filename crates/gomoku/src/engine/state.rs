//! The engine's board: a padded array with, for every empty point, the line pattern each colour
//! would make there in each direction. Patterns, point values and the Zobrist hash are updated
//! incrementally when a stone is put down or taken back (only the empty points among the 40
//! within five steps along the four lines change, the 32 within four when neither colour counts
//! exact fives), never rescanned.

use std::sync::OnceLock;

use super::patterns::{self, FIVE, FOUR, FOUR_OPEN, THREE, THREE_C, TWO};
use crate::board::Board;
use crate::point::{Color, Point};
use crate::renju::{self, Forbidden};
use crate::rules::RuleSet;

/// Padding columns (shared by the right end of a row and the left end of the next): the pattern
/// windows reach five points out.
const PAD: usize = 5;
/// Padding rows above and below: one more, since a diagonal step back from column 0 wraps into the
/// row above.
const ROW_PAD: usize = 6;
/// Cell contents.
pub const EMPTY: u8 = 0;
const WALL: u8 = 3;

/// What a move on a point makes for one colour, all four lines combined (ordered by strength).
pub mod kind {
    /// Nothing notable.
    pub const QUIET: u8 = 0;
    /// An open three.
    pub const THREE: u8 = 1;
    /// Two open threes.
    pub const THREE_THREE: u8 = 2;
    /// A four.
    pub const FOUR: u8 = 3;
    /// A four and an open three.
    pub const FOUR_THREE: u8 = 4;
    /// An open four or two fours: wins next move.
    pub const FLEX_FOUR: u8 = 5;
    /// Five.
    pub const FIVE: u8 = 6;
}

/// The offsets along a line whose patterns a stone changes.
const OFFSETS: [isize; 10] = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5];

/// The key weight a stone at offset `OFFSETS[n]` from a point has in that point's key, for a
/// colour whose table counts exact fives (`exact`) or not. The point sees the stone at the
/// opposite offset. Without exact fives the far points (five steps away) cannot change a
/// pattern and weigh nothing, which keeps those keys in the table's first 3^8 entries.
fn offset_weights(exact: bool) -> [u32; 10] {
    OFFSETS.map(|o| {
        if o.abs() == 5 && !exact {
            0
        } else {
            patterns::weight(-(o as i32))
        }
    })
}

/// Words of a point set: enough for the padded array of the largest board (25×25).
const MAX_WORDS: usize = (25 + 2 * ROW_PAD) * (25 + PAD) / 64 + 1;

/// Colour `c`'s pattern table index in a key word (below 3^10, so it fits 16 bits).
fn half(key: u64, c: usize) -> usize {
    usize::from((key >> (32 * c)) as u16)
}

/// Length of the combination table: every `u16` index.
const COMBINED_LEN: usize = 1 << 16;

/// The weight of direction `d`'s pattern in a combination index.
const DIGIT: [u16; 4] = [1000, 100, 10, 1];

/// Move value of each line pattern (indexed by the pattern constants). The values from a closed
/// three up, the [`BUILDING_BONUS`] and the [`combination_bonus`] were fitted to the results of
/// 2,040 match games, most against pela (88,510 quiet positions, `examples/eval_fit.rs`, Texel's
/// method), the ones, the twos and the five held: a point making an open three counts for more
/// than one making a four, which the opponent simply blocks. The ones and twos are held because
/// they guide the move choice more than they predict results: read as nothing, the engine scored
/// 62 % against pela where it scored 78 % (the crate README has the matches).
pub const PATTERN_VALUE: [i32; 10] = [0, 1, 3, 4, 12, 65, 168, 101, 1_165, 1_000];

/// What the engine keeps for one cell of the padded array.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
#[repr(align(64))]
struct Slot {
    /// Per direction: the pattern table indexes (see [`patterns`]) of both colours in one word,
    /// Black's in the low half, White's in the high half, so that a stone updates both with one
    /// addition.
    keys: [u64; 4],
    /// Per colour: the move value of a stone put here.
    values: [i32; 2],
    /// Per colour, per direction: the line pattern of a stone put here.
    pats: [[u8; 4]; 2],
    /// Per colour: the four patterns as the digits of a base-10 number, the index into
    /// `combined`. Kept arithmetically: reading the four pattern bytes back as one word right
    /// after writing one of them stalls the processor's store forwarding.
    combos: [u16; 2],
    /// Per colour: the combined [`kind`] of a stone put here.
    kinds: [u8; 2],
    /// EMPTY, 1 black, 2 white or WALL.
    cell: u8,
}

/// The incremental engine board.
#[derive(Clone)]
pub struct State {
    size: usize,
    stride: usize,
    rule_set: RuleSet,
    /// Everything kept per cell, one cache line each; kept up to date for the empty points only
    /// (see [`State::update_around`]).
    slots: Vec<Slot>,
    /// Per colour, how many empty points have each kind.
    kind_counts: [[u32; 7]; 2],
    /// Per colour and kind, the empty points of that kind as bits of their index, so that the
    /// few threat points are listed without a scan of the board.
    kind_bits: Box<[[[u64; MAX_WORDS]; 7]; 2]>,
    /// Words of `kind_bits` that this board's indexes use.
    words: usize,
    /// Sum of `values` over empty points, per colour.
    totals: [i32; 2],
    zobrist: Vec<[u64; 2]>,
    hash: u64,
    history: Vec<usize>,
    /// Every on-board cell index.
    points: Vec<usize>,
    tables: [&'static [u8; patterns::TABLE_LEN]; 2],
    /// Per colour of the stone, per offset (see [`OFFSETS`]): what a stone adds to the key word
    /// of a point at that offset, in its own half and (blocking) in the other colour's half.
    deltas: [[u64; 10]; 2],
    /// The offsets (indexes into [`OFFSETS`]) whose keys a stone changes: all ten, or the
    /// near eight when neither colour counts exact fives.
    reach: std::ops::Range<usize>,
    /// Per cell, the number of stones within two steps (a square of 5×5); apart from the slots,
    /// so that its update touches five cache lines, not twenty-five.
    near: Vec<u8>,
    /// Kind and value of each combination of four line patterns (see [`combined`]).
    combined: &'static [u16; COMBINED_LEN],
    /// A plain board mirror, for exact renju checks (kept under renju only).
    board: Board,
}

impl State {
    /// An empty board of side `size` under `rule_set`.
    pub fn new(size: u8, rule_set: RuleSet) -> State {
        let size = usize::from(size);
        let stride = size + PAD;
        let len = (size + 2 * ROW_PAD) * stride;
        let wall = Slot {
            cell: WALL,
            ..Slot::default()
        };
        let mut slots = vec![wall; len];
        let mut points = vec![];
        for y in 0..size {
            for x in 0..size {
                let i = (y + ROW_PAD) * stride + x;
                slots[i].cell = EMPTY;
                points.push(i);
            }
        }
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = || {
            // splitmix64: a fixed, well-mixed sequence for the Zobrist keys.
            seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = seed;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        let zobrist = (0..len).map(|_| [next(), next()]).collect();
        let exact = [Color::Black, Color::White].map(|c| rule_set.exact_five(c));
        let tables = exact.map(patterns::table);
        let weights = exact.map(offset_weights);
        let deltas = [0, 1].map(|own| {
            let other = 1 - own;
            std::array::from_fn(|n| {
                u64::from(weights[own][n]) << (32 * own)
                    | u64::from(2 * weights[other][n]) << (32 * other)
            })
        });
        let words = len.div_ceil(64);
        assert!(words <= MAX_WORDS, "board sizes are checked by Rules");
        let mut state = State {
            size,
            stride,
            rule_set,
            slots,
            kind_counts: [[0; 7]; 2],
            kind_bits: Box::new([[[0; MAX_WORDS]; 7]; 2]),
            words,
            totals: [0; 2],
            zobrist,
            hash: 0,
            history: vec![],
            points,
            tables,
            deltas,
            reach: if exact.contains(&true) { 0..10 } else { 1..9 },
            near: vec![0; len],
            combined: combined(),
            board: Board::new(size as u32)
                .unwrap_or_else(|_| unreachable!("size checked by Rules")),
        };
        state.init_keys();
        state
    }

    /// A state holding the stones of `board`, with `to_move` to play next.
    pub fn from_board(board: &Board, rule_set: RuleSet) -> State {
        let mut state = State::new(board.size(), rule_set);
        for p in board.points() {
            if let Some(c) = board.get(p) {
                let i = state.index(p);
                state.put(i, c);
            }
        }
        state
    }

    fn init_keys(&mut self) {
        let dirs = self.dirs();
        let weights =
            [Color::Black, Color::White].map(|c| offset_weights(self.rule_set.exact_five(c)));
        let n = self.points.len() as u32;
        self.kind_counts = [[n, 0, 0, 0, 0, 0, 0]; 2];
        for &i in &self.points.clone() {
            for (d, &step) in dirs.iter().enumerate() {
                // The walls block like stones of neither colour: twice the weight in each half.
                let mut key = 0;
                for (n, &o) in OFFSETS.iter().enumerate() {
                    let j = (i as isize - o * step) as usize;
                    if self.slots[j].cell == WALL {
                        key += u64::from(2 * weights[0][n]) | u64::from(2 * weights[1][n]) << 32;
                    }
                }
                self.slots[i].keys[d] = key;
            }
            self.refresh(i);
        }
        self.totals = [0; 2];
        for &i in &self.points {
            self.totals[0] += self.slots[i].values[0];
            self.totals[1] += self.slots[i].values[1];
        }
    }

    /// The four direction steps in the padded array.
    pub fn dirs(&self) -> [isize; 4] {
        let s = self.stride as isize;
        [1, s, s + 1, s - 1]
    }

    /// Board side.
    pub fn size(&self) -> usize {
        self.size
    }

    /// Rule set.
    pub fn rule_set(&self) -> RuleSet {
        self.rule_set
    }

    /// The padded index of a point.
    pub fn index(&self, p: Point) -> usize {
        (usize::from(p.y) + ROW_PAD) * self.stride + usize::from(p.x)
    }

    /// The point of a padded index.
    pub fn point(&self, i: usize) -> Point {
        Point::new((i % self.stride) as u8, (i / self.stride - ROW_PAD) as u8)
    }

    /// Every on-board index.
    pub fn points(&self) -> &[usize] {
        &self.points
    }

    /// Every empty on-board index, in index order.
    pub fn empty_points(&self) -> Vec<usize> {
        let points = self.points.iter().copied();
        points.filter(|&i| self.is_empty(i)).collect()
    }

    /// Cell content: EMPTY, 1 black, 2 white, 3 wall.
    pub fn cell(&self, i: usize) -> u8 {
        self.slots[i].cell
    }

    /// Whether `i` is an empty on-board point.
    pub fn is_empty(&self, i: usize) -> bool {
        self.slots[i].cell == EMPTY
    }

    /// Stones within two steps of `i`.
    pub fn near(&self, i: usize) -> u8 {
        self.near[i]
    }

    /// Zobrist hash of the stones (side to move is implied by the stone count).
    pub fn hash(&self) -> u64 {
        const WHITE_TO_MOVE: u64 = 0x6A09_E667_F3BC_C908;
        if self.history.len() % 2 == 1 {
            self.hash ^ WHITE_TO_MOVE
        } else {
            self.hash
        }
    }

    /// Lets the side to move pass (to ask what the opponent threatens); undo with [`unpass`].
    ///
    /// [`unpass`]: State::unpass
    pub fn pass(&mut self) {
        self.history.push(usize::MAX);
    }

    /// Takes back a [`pass`](State::pass).
    pub fn unpass(&mut self) {
        if self.history.last() == Some(&usize::MAX) {
            self.history.pop();
        }
    }

    /// Number of stones on the board (passes included).
    pub fn stones(&self) -> usize {
        self.history.len()
    }

    /// The colour to move (Black after an even number of stones).
    pub fn side(&self) -> Color {
        if self.history.len().is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Whether every point is taken.
    pub fn is_full(&self) -> bool {
        self.history.len() == self.points.len()
    }

    /// The last move played, if any.
    pub fn last_move(&self) -> Option<usize> {
        self.history.last().copied()
    }

    /// The line pattern `c` would make at `i` along direction `d`.
    pub fn pattern(&self, i: usize, c: Color, d: usize) -> u8 {
        self.slots[i].pats[c.index()][d]
    }

    /// The combined [`kind`] of a `c` stone at `i`.
    pub fn kind(&self, i: usize, c: Color) -> u8 {
        self.slots[i].kinds[c.index()]
    }

    /// Whether some empty point gives `c` at least the kind `min`.
    pub fn has_kind(&self, c: Color, min: u8) -> bool {
        self.kind_counts[c.index()][usize::from(min)..]
            .iter()
            .any(|&n| n > 0)
    }

    /// How many empty points give `c` exactly the kind `k`.
    pub fn kind_count(&self, c: Color, k: u8) -> u32 {
        self.kind_counts[c.index()][usize::from(k)]
    }

    /// The move value of a `c` stone at `i`.
    pub fn value(&self, i: usize, c: Color) -> i32 {
        self.slots[i].values[c.index()]
    }

    /// How good a move at `i` looks for the side to move, before any search: its own value,
    /// weighted a little above the value the point has for the opponent (taking it blocks that).
    pub fn move_shape(&self, i: usize) -> i32 {
        let me = self.side();
        self.value(i, me) * 5 / 4 + self.value(i, me.opponent())
    }

    /// Sum of move values of `c` over the empty points.
    pub fn total(&self, c: Color) -> i32 {
        self.totals[c.index()]
    }

    /// Puts a stone of the side to move on `i` (empty).
    pub fn make(&mut self, i: usize) {
        let c = self.side();
        self.put(i, c);
    }

    fn put(&mut self, i: usize, c: Color) {
        debug_assert_eq!(self.slots[i].cell, EMPTY);
        self.totals[0] -= self.slots[i].values[0];
        self.totals[1] -= self.slots[i].values[1];
        for colour in 0..2 {
            let k = self.slots[i].kinds[colour];
            self.kind_counts[colour][usize::from(k)] -= 1;
            self.flip_kind_bit(colour, k, i);
        }
        self.slots[i].cell = c as u8 + 1;
        self.hash ^= self.zobrist[i][c.index()];
        self.history.push(i);
        if self.rule_set == RuleSet::Renju {
            self.board.set(self.point(i), Some(c));
        }
        self.update_around::<true>(i, c);
    }

    /// Takes back the last stone.
    pub fn unmake(&mut self) {
        let Some(i) = self.history.pop() else { return };
        let c = if self.slots[i].cell == 1 {
            Color::Black
        } else {
            Color::White
        };
        self.slots[i].cell = EMPTY;
        self.hash ^= self.zobrist[i][c.index()];
        if self.rule_set == RuleSet::Renju {
            self.board.set(self.point(i), None);
        }
        self.update_around::<false>(i, c);
        // The point's own patterns need no refresh: its keys never count its own stone, and the
        // stones put after it were taken back first, so they are as when the stone went down.
        for colour in 0..2 {
            let k = self.slots[i].kinds[colour];
            self.kind_counts[colour][usize::from(k)] += 1;
            self.flip_kind_bit(colour, k, i);
        }
        self.totals[0] += self.slots[i].values[0];
        self.totals[1] += self.slots[i].values[1];
    }

    /// Updates the keys and patterns of the empty points on the lines through `i`, where a `c`
    /// stone was put (`ADD`) or taken away. Occupied points are left alone: their keys are read
    /// again only once their own stone is taken back, and every stone put after it has been
    /// taken back by then, so they are still as when it went down.
    fn update_around<const ADD: bool>(&mut self, i: usize, c: Color) {
        let dirs = self.dirs();
        let all_deltas = self.deltas[c.index()];
        let (offsets, deltas) = (
            &OFFSETS[self.reach.clone()],
            &all_deltas[self.reach.clone()],
        );
        for (d, &step) in dirs.iter().enumerate() {
            for (&o, &delta) in offsets.iter().zip(deltas) {
                let j = (i as isize + o * step) as usize;
                if self.slots[j].cell != EMPTY {
                    continue;
                }
                let key = &mut self.slots[j].keys[d];
                *key = if ADD { *key + delta } else { *key - delta };
                let key = *key;
                self.refresh_dir(j, d, key);
            }
        }
        // The 5×5 square around `i`, row by row (the padding keeps it inside the array).
        let s = self.stride;
        for dy in 0..5 {
            let start = i + dy * s - 2 * s - 2;
            for near in &mut self.near[start..start + 5] {
                if ADD {
                    *near += 1;
                } else {
                    *near -= 1;
                }
            }
        }
    }

    fn refresh(&mut self, i: usize) {
        for c in 0..2 {
            let mut combo = 0;
            for (d, digit) in DIGIT.into_iter().enumerate() {
                let pat = self.tables[c][half(self.slots[i].keys[d], c)];
                self.slots[i].pats[c][d] = pat;
                combo += u16::from(pat) * digit;
            }
            self.slots[i].combos[c] = combo;
            self.recombine_colour(i, c);
        }
    }

    /// Updates the patterns of empty point `i` along direction `d` from its new `key`.
    fn refresh_dir(&mut self, i: usize, d: usize, key: u64) {
        for c in 0..2 {
            let pat = self.tables[c][half(key, c)];
            let old = self.slots[i].pats[c][d];
            if pat != old {
                self.slots[i].pats[c][d] = pat;
                let combo = &mut self.slots[i].combos[c];
                *combo = *combo + u16::from(pat) * DIGIT[d] - u16::from(old) * DIGIT[d];
                let before = self.slots[i].values[c];
                self.recombine_colour(i, c);
                self.totals[c] += self.slots[i].values[c] - before;
            }
        }
    }

    #[inline]
    fn recombine_colour(&mut self, i: usize, c: usize) {
        let entry = self.combined[usize::from(self.slots[i].combos[c])];
        let (k, value) = ((entry & 7) as u8, i32::from(entry >> 3));
        let old = self.slots[i].kinds[c];
        if k != old {
            let counts = &mut self.kind_counts[c];
            counts[usize::from(old)] -= 1;
            counts[usize::from(k)] += 1;
            self.slots[i].kinds[c] = k;
            self.flip_kind_bit(c, old, i);
            self.flip_kind_bit(c, k, i);
        }
        self.slots[i].values[c] = value;
    }

    /// Adds point `i` to colour `c`'s set of kind `k`, or takes it out.
    #[inline]
    fn flip_kind_bit(&mut self, c: usize, k: u8, i: usize) {
        self.kind_bits[c][usize::from(k)][i / 64] ^= 1 << (i % 64);
    }

    /// The empty points where `c` makes at least the kind `min` (not QUIET), in index order.
    pub fn points_of_kind(&self, c: Color, min: u8) -> Vec<usize> {
        let mut out = vec![];
        if min == kind::QUIET || !self.has_kind(c, min) {
            return out;
        }
        let sets = &self.kind_bits[c.index()][usize::from(min)..];
        for w in 0..self.words {
            let mut word = sets.iter().fold(0, |word, set| word | set[w]);
            while word != 0 {
                out.push(w * 64 + word.trailing_zeros() as usize);
                word &= word - 1;
            }
        }
        out
    }

    /// Whether Black may not play on `i` (renju only; exact check, after a cheap filter).
    pub fn is_forbidden(&mut self, i: usize) -> bool {
        self.forbidden_kind(i).is_some()
    }

    /// Why Black may not play on `i` under renju, if it is forbidden.
    pub fn forbidden_kind(&mut self, i: usize) -> Option<Forbidden> {
        if self.rule_set != RuleSet::Renju || self.slots[i].cell != EMPTY {
            return None;
        }
        let p = self.slots[i].pats[0];
        if p.contains(&FIVE) {
            return None;
        }
        let fours = p.iter().filter(|&&x| x >= FOUR).count();
        let threes = p.iter().filter(|&&x| x == THREE).count();
        let suspicious =
            fours >= 2 || p.contains(&FOUR_OPEN) || threes >= 2 || self.makes_overline(i);
        if !suspicious {
            return None;
        }
        let point = self.point(i);
        renju::forbidden_in(&mut self.board, point)
    }

    fn makes_overline(&self, i: usize) -> bool {
        self.dirs().iter().any(|&step| {
            let mut n = 1;
            for sign in [-1isize, 1] {
                let mut j = i as isize + sign * step;
                while self.slots[j as usize].cell == 1 {
                    n += 1;
                    j += sign * step;
                }
            }
            n > 5
        })
    }

    /// Whether `c` may play on `i` (empty, and not forbidden for Black in renju).
    pub fn is_legal(&mut self, i: usize, c: Color) -> bool {
        self.slots[i].cell == EMPTY && (c == Color::White || !self.is_forbidden(i))
    }

    /// The points where `c` would make five, near `around` (within four steps on its lines), or
    /// anywhere when `around` is None.
    pub fn five_points(&self, c: Color, around: Option<usize>) -> Vec<usize> {
        let mut out = vec![];
        match around {
            Some(i) => {
                for (d, &step) in self.dirs().iter().enumerate() {
                    for o in (-4..=4isize).filter(|&o| o != 0) {
                        let j = (i as isize + o * step) as usize;
                        if self.slots[j].cell == EMPTY
                            && self.slots[j].pats[c.index()][d] == FIVE
                            && !out.contains(&j)
                        {
                            out.push(j);
                        }
                    }
                }
            }
            None if !self.has_kind(c, kind::FIVE) => {}
            None => out = self.points_of_kind(c, kind::FIVE),
        }
        out
    }
}

/// The [`kind`] and move value of each combination of four line patterns (indexed by the patterns
/// as the digits of a base-10 number), computed once, packed as `value << 3 | kind` in 16 bits
/// (the 10,000 entries used take 20 KB of cache; the rest, never read, lets a `u16` index go
/// without a bounds check).
fn combined() -> &'static [u16; COMBINED_LEN] {
    static TABLE: OnceLock<Box<[u16; COMBINED_LEN]>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0; COMBINED_LEN]);
        for (n, entry) in table.iter_mut().enumerate().take(10_000) {
            let (k, value) = combine([n / 1000, n / 100 % 10, n / 10 % 10, n % 10]);
            let packed = u16::try_from(value << 3).expect("point values fit in 13 bits");
            *entry = packed | u16::from(k);
        }
        table
    })
}

/// The [`kind`] and move value of a point from its four line patterns.
fn combine(pats: [usize; 4]) -> (u8, i32) {
    let mut count = [0u8; 10];
    let mut value = 0;
    for x in pats {
        count[x] += 1;
        value += PATTERN_VALUE[x];
    }
    let fours = count[FOUR as usize] + count[FOUR_OPEN as usize];
    let k = if count[FIVE as usize] > 0 {
        kind::FIVE
    } else if count[FOUR_OPEN as usize] > 0 || fours >= 2 {
        kind::FLEX_FOUR
    } else if fours == 1 && count[THREE as usize] > 0 {
        kind::FOUR_THREE
    } else if fours == 1 {
        kind::FOUR
    } else if count[THREE as usize] >= 2 {
        kind::THREE_THREE
    } else if count[THREE as usize] == 1 {
        kind::THREE
    } else {
        kind::QUIET
    };
    value += combination_bonus(k) + building_bonus(k, &count);
    (k, value)
}

/// What a point's value gains for building a second line while it makes a threat, by
/// [`building`] class: an open three with an open two, a four with an open two or a closed
/// three, two open twos. The stone there prepares a double threat for the next move, which the
/// sum of line values does not see.
pub const BUILDING_BONUS: [i32; 3] = [203, 548, 90];

/// The [`BUILDING_BONUS`] class of a point of kind `k` whose four directions hold `count[p]`
/// lines of each pattern `p`, if it builds a second line.
pub fn building(k: u8, count: &[u8; 10]) -> Option<usize> {
    let twos = count[TWO as usize];
    match k {
        kind::THREE if twos >= 1 => Some(0),
        kind::FOUR if twos >= 1 || count[THREE_C as usize] >= 1 => Some(1),
        kind::QUIET if twos >= 2 => Some(2),
        _ => None,
    }
}

fn building_bonus(k: u8, count: &[u8; 10]) -> i32 {
    building(k, count).map_or(0, |class| BUILDING_BONUS[class])
}

/// What a point's value gains for making two threats at once (or an open four) of `kind`.
pub fn combination_bonus(k: u8) -> i32 {
    match k {
        kind::FLEX_FOUR => 1_682,
        kind::FOUR_THREE => 1_734,
        kind::THREE_THREE => 97,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Taking stones back leaves exactly the state a fresh build of the same position has:
    /// every empty cell's keys, patterns, kinds and values, every near count, the counts and the
    /// totals.
    #[test]
    fn unmake_restores_the_state_of_a_fresh_build() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for rule_set in [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju] {
            for _ in 0..30 {
                let size = rng.random_range(9..=15u8);
                let mut st = State::new(size, rule_set);
                let mut board = Board::new(u32::from(size)).unwrap();
                for _ in 0..rng.random_range(10..70) {
                    let p = Point::new(rng.random_range(0..size), rng.random_range(0..size));
                    if board.get(p).is_some() {
                        continue;
                    }
                    board.set(p, Some(st.side()));
                    st.make(st.index(p));
                    while rng.random_range(0..4) == 0 && st.stones() > 0 {
                        board.set(st.point(st.last_move().unwrap()), None);
                        st.unmake();
                    }
                }
                let fresh = State::from_board(&board, rule_set);
                for (a, b) in st.slots.iter().zip(&fresh.slots) {
                    // An occupied cell's keys and patterns are those of when its stone went
                    // down, which depends on the order the stones were put. (Its keys are
                    // checked here once it is emptied again.)
                    let same = if a.cell == EMPTY {
                        a == b
                    } else {
                        a.cell == b.cell
                    };
                    assert!(
                        same,
                        "a cell differs from a fresh build\n{a:?}\n{b:?}\n{board}"
                    );
                }
                assert_eq!(st.kind_counts, fresh.kind_counts);
                assert_eq!(st.kind_bits, fresh.kind_bits);
                assert_eq!(st.near, fresh.near);
                assert_eq!(st.totals, fresh.totals);
                assert_eq!(st.hash, fresh.hash);
            }
        }
    }

    /// A point where a stone makes an open three and an open two at once is worth more than the
    /// sum of its line values; a point making the open three alone is worth exactly that sum.
    #[test]
    fn a_point_building_two_lines_is_worth_more_than_its_lines() {
        let mut board = Board::new(15).unwrap();
        for (x, y) in [(6, 7), (7, 7), (8, 6)] {
            board.set(Point::new(x, y), Some(Color::Black));
        }
        board.set(Point::new(0, 0), Some(Color::White));
        let st = State::from_board(&board, RuleSet::Freestyle);
        let line_sum = |p: Point| -> i32 {
            let i = st.index(p);
            let lines: i32 = (0..4)
                .map(|d| PATTERN_VALUE[usize::from(st.pattern(i, Color::Black, d))])
                .sum();
            lines + combination_bonus(st.kind(i, Color::Black))
        };
        let both = Point::new(8, 7);
        let alone = Point::new(5, 7);
        let i = st.index(both);
        let dirs: Vec<u8> = (0..4).map(|d| st.pattern(i, Color::Black, d)).collect();
        assert!(
            dirs.contains(&THREE) && dirs.contains(&TWO),
            "{dirs:?}\n{board}"
        );
        assert_eq!(st.kind(i, Color::Black), kind::THREE);
        assert!(st.value(i, Color::Black) > line_sum(both));
        let j = st.index(alone);
        assert_eq!(st.kind(j, Color::Black), kind::THREE);
        assert_eq!(st.value(j, Color::Black), line_sum(alone));
    }

    /// The incremental patterns agree with a direct scan of the board: five points and renju
    /// forbidden points, on random positions built and partly taken back move by move.
    #[test]
    fn incremental_state_matches_the_board() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for rule_set in [RuleSet::Freestyle, RuleSet::Standard, RuleSet::Renju] {
            for _ in 0..40 {
                let size = rng.random_range(9..=15u8);
                let mut st = State::new(size, rule_set);
                let mut board = Board::new(u32::from(size)).unwrap();
                let stones = rng.random_range(10..60);
                for _ in 0..stones {
                    let p = Point::new(rng.random_range(0..size), rng.random_range(0..size));
                    if board.get(p).is_some() {
                        continue;
                    }
                    board.set(p, Some(st.side()));
                    st.make(st.index(p));
                    if rng.random_range(0..6) == 0 {
                        let last = st.last_move().unwrap();
                        board.set(st.point(last), None);
                        st.unmake();
                    }
                }
                for c in [Color::Black, Color::White] {
                    for k in 0..7u8 {
                        let n = board
                            .points()
                            .filter(|&p| board.get(p).is_none() && st.kind(st.index(p), c) == k)
                            .count();
                        assert_eq!(st.kind_counts[c.index()][usize::from(k)] as usize, n);
                    }
                }
                for p in board.points() {
                    let i = st.index(p);
                    if board.get(p).is_some() {
                        continue;
                    }
                    for c in [Color::Black, Color::White] {
                        let five = board.five_through(p, c, rule_set.exact_five(c)).is_some();
                        assert_eq!(st.kind(i, c) == kind::FIVE, five, "{p:?} {c:?}\n{board}");
                    }
                    if rule_set == RuleSet::Renju {
                        assert_eq!(
                            st.forbidden_kind(i),
                            renju::forbidden(&board, p),
                            "{p:?}\n{board}"
                        );
                    }
                }
            }
        }
    }
}

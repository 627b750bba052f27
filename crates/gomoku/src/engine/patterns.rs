//! Line patterns: what a stone on a point makes along one line, read from the 5 points on each
//! side. The table is built once by a recursive definition: a five; a four (one empty point makes
//! five), an open four (two or more such points); a three (one more stone makes an open four) or a
//! closed three (makes only a four); and so on down to ones. It is indexed by the ten neighbours
//! read as a base-3 number (0 empty, 1 own stone, 2 blocked: opponent stone or the edge), so it
//! holds 3^10 entries and stays in the processor's cache.

use std::sync::OnceLock;

/// No way to make five along this line.
pub const NONE: u8 = 0;
/// A lone stone that can only become a closed two.
pub const ONE_C: u8 = 1;
/// A lone stone that can become an open two.
pub const ONE: u8 = 2;
/// A two that can only become a closed three.
pub const TWO_C: u8 = 3;
/// A two that can become an open three.
pub const TWO: u8 = 4;
/// A three that can only become a (closed) four.
pub const THREE_C: u8 = 5;
/// A three that can become an open four.
pub const THREE: u8 = 6;
/// A four with one point that makes five.
pub const FOUR: u8 = 7;
/// A four with two points that make five (open four, or two fours on one line).
pub const FOUR_OPEN: u8 = 8;
/// Five in a row (exactly five when the table counts exact fives).
pub const FIVE: u8 = 9;

/// Number of keys of the working table: 3^10.
const ENTRIES: usize = 59_049;
/// Length of the working table: every 16-bit key, so that an index read as `u16` needs no bounds
/// check (the keys past 3^10 never occur and read NONE).
pub const TABLE_LEN: usize = 1 << 16;
/// Number of entries of the table built first: own mask (10 bits) | blocked mask (10 bits) << 10.
const MASK_ENTRIES: usize = 1 << 20;
const UNKNOWN: u8 = u8::MAX;

/// The position (0..10) of the point at `offset` (-5..=5, not 0) from the centre: the eight
/// near points first, the two far ones (which only tell an overline from a five) last. So a key
/// that leaves the far points out, as the engine's keys for "five or more" do, stays below 3^8:
/// only the first 6,561 entries of that table are ever read, and they stay in the fastest cache.
const fn position(offset: i32) -> u32 {
    match offset {
        -5 => 8,
        5 => 9,
        o if o < 0 => (o + 4) as u32,
        o => (o + 3) as u32,
    }
}

/// The bit of the point at `offset` in the masks the table is built from.
const fn bit(offset: i32) -> u32 {
    1 << position(offset)
}

/// The index weight of an own stone at `offset` (-5..=5, not 0) from the centre; a blocked point
/// weighs twice as much.
pub const fn weight(offset: i32) -> u32 {
    const POWERS: [u32; 10] = [1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683];
    POWERS[position(offset) as usize]
}

/// The pattern table: five or more wins (`exact = false`) or exactly five (`exact = true`).
pub fn table(exact: bool) -> &'static [u8; TABLE_LEN] {
    static FREE: OnceLock<Box<[u8; TABLE_LEN]>> = OnceLock::new();
    static EXACT: OnceLock<Box<[u8; TABLE_LEN]>> = OnceLock::new();
    let cell = if exact { &EXACT } else { &FREE };
    cell.get_or_init(|| {
        let masks = build(exact);
        let mut table = Box::new([NONE; TABLE_LEN]);
        for (n, entry) in table.iter_mut().enumerate().take(ENTRIES) {
            let (mut own, mut blocked, mut digits) = (0, 0, n);
            for pos in 0..10 {
                match digits % 3 {
                    1 => own |= 1 << pos,
                    2 => blocked |= 1 << pos,
                    _ => {}
                }
                digits /= 3;
            }
            *entry = masks[(own | blocked << 10) as usize];
        }
        table
    })
}

fn build(exact: bool) -> Vec<u8> {
    let mut table = vec![UNKNOWN; MASK_ENTRIES];
    for own in 0..1u32 << 10 {
        // Enumerate the blocked masks disjoint from `own`.
        let free = !own & 0x3ff;
        let mut blocked = free;
        loop {
            classify(own, blocked, exact, &mut table);
            if blocked == 0 {
                break;
            }
            blocked = (blocked - 1) & free;
        }
    }
    for v in &mut table {
        if *v == UNKNOWN {
            *v = NONE;
        }
    }
    table
}

fn classify(own: u32, blocked: u32, exact: bool, table: &mut [u8]) -> u8 {
    let key = (own | blocked << 10) as usize;
    if table[key] != UNKNOWN {
        return table[key];
    }
    let run = run_length(own);
    let value = if run >= 5 {
        if run == 5 || !exact { FIVE } else { NONE }
    } else {
        let mut fives = 0;
        let mut best = NONE;
        for offset in (-4..=4).filter(|&o| o != 0) {
            let b = bit(offset);
            if (own | blocked) & b != 0 {
                continue;
            }
            let next = classify(own | b, blocked, exact, table);
            if next == FIVE {
                fives += 1;
            }
            best = best.max(next);
        }
        match (fives, best) {
            (2.., _) => FOUR_OPEN,
            (1, _) => FOUR,
            (_, FOUR_OPEN) => THREE,
            (_, FOUR) => THREE_C,
            (_, THREE) => TWO,
            (_, THREE_C) => TWO_C,
            (_, TWO) => ONE,
            (_, TWO_C) => ONE_C,
            _ => NONE,
        }
    };
    table[key] = value;
    value
}

/// The length of the run of own stones through the centre.
fn run_length(own: u32) -> u32 {
    let mut n = 1;
    for step in [-1, 1] {
        let mut o = step;
        while (-5..=5).contains(&o) && own & bit(o) != 0 {
            n += 1;
            o += step;
        }
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(line: &str) -> usize {
        // `line` is 11 characters: X own (centre must be X), O blocked, . empty.
        let mut key = 0;
        for (i, c) in line.chars().enumerate() {
            let o = i as i32 - 5;
            if o == 0 {
                continue;
            }
            match c {
                'X' => key += weight(o),
                'O' => key += 2 * weight(o),
                _ => {}
            }
        }
        key as usize
    }

    #[test]
    fn classic_shapes() {
        let t = table(false);
        assert_eq!(t[key("...XXXXX...")], FIVE);
        assert_eq!(t[key("...XXXXXX..")], FIVE);
        assert_eq!(t[key("...XXXX....")], FOUR_OPEN);
        assert_eq!(t[key("..OXXXX....")], FOUR);
        assert_eq!(t[key("..X.XXX.X..")], FOUR_OPEN);
        assert_eq!(t[key("....XXX....")], THREE);
        assert_eq!(t[key("...OXXX.O..")], NONE);
        assert_eq!(t[key("...X.XX....")], THREE);
        assert_eq!(t[key("..OXXX.....")], THREE_C);
        assert_eq!(t[key(".....XX....")], TWO);
        assert_eq!(t[key("....OX.....")], ONE_C);
    }

    #[test]
    fn exact_table_rejects_overlines() {
        let t = table(true);
        assert_eq!(t[key("...XXXXXX..")], NONE);
        assert_eq!(t[key("...XXXXX...")], FIVE);
        // X.XXXX: the gap would make six, so this is a four only on the right.
        assert_eq!(t[key(".X.XXXX....")], FOUR);
    }
}

//! Helpers shared by the integration tests: board diagrams and the baseline opponent.

#![allow(dead_code)]

pub mod baseline;

use qipan_gomoku::{Board, Color, Point};

/// Reads a 15×15 diagram whose rows are numbered 15 (top) to 1, with `X` black, `O` white and
/// `.` empty; column letters and row numbers around it are ignored.
pub fn diagram(text: &str) -> Board {
    let mut board = Board::new(15).unwrap();
    let mut y = 0u8;
    for line in text.lines() {
        let cells: Vec<&str> = line.split_whitespace().collect();
        if cells.len() < 16 || cells[0].parse::<u32>().is_err() {
            continue;
        }
        for (x, c) in cells[1..16].iter().enumerate() {
            let stone = match *c {
                "X" => Some(Color::Black),
                "O" => Some(Color::White),
                _ => None,
            };
            board.set(Point::new(x as u8, y), stone);
        }
        y += 1;
    }
    assert_eq!(y, 15, "a 15-row diagram");
    board
}

//! Puts a stone on every empty point of a position and takes it back, `ROUNDS` times: the loop of
//! `qipan bench --filter "gomoku eval"`, for counting instructions rather than timing them.
//!
//! ```text
//! CARGO_PROFILE_RELEASE_DEBUG=true cargo build --release -p qipan-gomoku --example update_cost
//! valgrind --tool=callgrind target/release/examples/update_cost 100
//! valgrind --tool=callgrind target/release/examples/update_cost 300
//! ```
//!
//! The difference of the two totals over the difference in make+unmake pairs (it prints their
//! number) is the instruction count of one pair, without the start-up and the tables' building.
//! Unlike a timing it does not move with the machine's load, so a change to the board update can
//! be judged in one run (`callgrind_annotate --auto=yes` shows where the count goes). The
//! position is the bench's (h8 i9 g7 i7 i8 g9) unless other moves follow the round count.

use qipan_gomoku::engine::state::State;
use qipan_gomoku::record::coords;
use qipan_gomoku::{Color, Game, RuleSet, Rules};

fn main() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let rounds: u64 = match args.next() {
        Some(n) => n.parse().map_err(|_| format!("not a round count: {n}"))?,
        None => 100,
    };
    let mut moves = args.collect::<Vec<_>>().join(" ");
    if moves.is_empty() {
        moves = "h8 i9 g7 i7 i8 g9".to_string();
    }
    let record = coords::parse(&moves, 15).map_err(|e| e.to_string())?;
    let rules = Rules::new(15, RuleSet::Freestyle).map_err(|e| e.to_string())?;
    let game = Game::from_moves(rules, &record.moves).map_err(|(n, e)| format!("move {n}: {e}"))?;
    let board = game.board();
    let mut st = State::from_board(board, RuleSet::Freestyle);
    let empties = st.empty_points();
    for _ in 0..rounds {
        for &i in &empties {
            st.make(i);
            std::hint::black_box(st.total(Color::Black));
            st.unmake();
        }
    }
    println!("{} make+unmake pairs", rounds * empties.len() as u64);
    Ok(())
}

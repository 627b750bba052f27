//! Piskvork PSQ files of arena games (the engines' names follow the `-1` line, as Piskvork writes).

use qipan_gomoku::record::{Record, psq};

use super::referee::GomokuGame;
use crate::runner::GameRecord;

/// The PSQ text of a finished game, times per move in milliseconds when known.
pub fn write_psq(record: &GameRecord<GomokuGame>, times_ms: &[u32]) -> String {
    let game = &record.game.game;
    let mut times = vec![0; record.game.opening_len];
    times.extend_from_slice(times_ms);
    times.resize(game.moves().len(), 0);
    let psq_record = Record {
        times_ms: times,
        ..Record::new(game.rules().size(), game.moves().to_vec())
    };
    let mut text = psq::format(&psq_record);
    text.push_str(&format!("{}\n{}\n", record.starter, record.responder));
    text
}

//! `qipan gomocup`: the Gomoku engine over the Gomocup (Piskvork) protocol on stdin/stdout.
//! Managers expect an executable named `pbrain-*`: a symlink `pbrain-qipan -> qipan` (or a copy
//! named `pbrain-qipan.exe` on Windows) starts this mode directly (see `main.rs`).

use qipan_gomoku::Level;

/// Options of `qipan gomocup`.
#[derive(clap::Args, Default)]
pub struct Args {
    /// Playing level 1 (beginner) to 10 (full strength) (棋力等级).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
}

impl Args {
    /// The options used when started as `pbrain-*`: full strength.
    pub fn for_pbrain() -> Args {
        Args { level: 10 }
    }
}

/// Runs the protocol until `END` or the end of input.
pub fn run(args: Args) -> anyhow::Result<()> {
    let stdin = std::io::BufReader::new(std::io::stdin());
    let stdout = std::io::stdout();
    qipan_gomoku::gomocup::run(stdin, stdout.lock(), Level::new(args.level))?;
    Ok(())
}

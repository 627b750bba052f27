//! `qipan xiangqi`: perft, legal moves and a text board for Xiangqi positions (象棋).

use std::time::Instant;

use anyhow::Context;
use qipan_xiangqi::{MoveList, Position, START_FEN, Square, divide, perft};

/// Options of `qipan xiangqi`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Count the leaves of the legal-move tree (perft 走法树计数).
    Perft {
        /// Depth in plies.
        #[arg(long)]
        depth: u32,
        /// The position as FEN (default: the initial position).
        #[arg(long, default_value = START_FEN)]
        fen: String,
        /// Also print the count below each legal move, in ICCS order.
        #[arg(long)]
        divide: bool,
    },
    /// Print every legal move in ICCS, one per line, sorted (合法着法).
    Moves {
        /// The position as FEN.
        #[arg(long, default_value = START_FEN)]
        fen: String,
    },
    /// Print the board with Chinese piece characters, the side to move and check/mate status (棋盘).
    Show {
        /// The position as FEN.
        #[arg(long, default_value = START_FEN)]
        fen: String,
    },
}

/// Runs `qipan xiangqi`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        Command::Perft { depth, fen, divide } => run_perft(&fen, depth, divide),
        Command::Moves { fen } => {
            let pos = parse(&fen)?;
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let mut names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            names.sort();
            for name in names {
                println!("{name}");
            }
            Ok(())
        }
        Command::Show { fen } => {
            print!("{}", render(&parse(&fen)?));
            Ok(())
        }
    }
}

fn parse(fen: &str) -> anyhow::Result<Position> {
    Position::from_fen(fen).with_context(|| format!("bad FEN / FEN 有误: `{fen}`"))
}

fn run_perft(fen: &str, depth: u32, split: bool) -> anyhow::Result<()> {
    let mut pos = parse(fen)?;
    let start = Instant::now();
    let total = if split {
        let mut rows: Vec<(String, u64)> = divide(&mut pos, depth)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
            .collect();
        rows.sort();
        for (m, n) in &rows {
            println!("{m}: {n}");
        }
        rows.iter().map(|(_, n)| n).sum()
    } else {
        perft(&mut pos, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("{total}");
    eprintln!(
        "perft({depth}) = {total} in {seconds:.3} s ({:.1} M leaves/s / 百万叶节点每秒)",
        total as f64 / seconds.max(1e-9) / 1e6
    );
    Ok(())
}

/// The board as text: Black at the top, files a–i, ranks 9–0, Red pieces in brackets.
fn render(pos: &Position) -> String {
    let mut out = String::new();
    out.push_str("    a   b   c   d   e   f   g   h   i\n");
    for rank in (0..10u8).rev() {
        out.push_str(&format!("{rank} "));
        for file in 0..9u8 {
            let piece = Square::new(file, rank).and_then(|sq| pos.piece_at(sq));
            out.push_str(&match piece {
                Some(p) if p.color == qipan_xiangqi::Color::Red => format!("({})", p.chinese()),
                Some(p) => format!("[{}]", p.chinese()),
                None => " ＋ ".to_string(),
            });
            if file < 8 {
                out.push(' ');
            }
        }
        out.push('\n');
        if rank == 5 {
            out.push_str("   ～～～～ 楚河 river 汉界 ～～～～\n");
        }
    }
    let side = pos.side_to_move();
    out.push_str(&format!(
        "to move / 走子方: {side} {}\n",
        match side {
            qipan_xiangqi::Color::Red => "红方 (pieces in round brackets)",
            qipan_xiangqi::Color::Black => "黑方 (pieces in square brackets)",
        }
    ));
    let status = match pos.outcome() {
        Some(outcome) => format!(
            "game over / 终局: {} ({}, {}) {}",
            outcome.pgn_result(),
            outcome.reason.code(),
            outcome.reason.chinese(),
            match outcome.winner {
                Some(c) => format!("winner / 胜方: {c} {}", c.chinese()),
                None => "draw / 和棋".to_string(),
            }
        ),
        None if pos.in_check() => "check / 将军".to_string(),
        None => "in play / 对局中".to_string(),
    };
    out.push_str(&format!("status / 状态: {status}\n"));
    out.push_str(&format!("FEN: {}\n", pos.to_fen()));
    out
}

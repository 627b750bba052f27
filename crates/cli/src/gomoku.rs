//! `qipan gomoku`: Gomoku rules and records from the command line — replay and check a game,
//! convert records between coordinates, PSQ and SGF, ask the engine for a move or a VCF.

use std::io::Read;
use std::path::PathBuf;

use anyhow::{Context, bail};
use qipan_gomoku::record::{self, Record};
use qipan_gomoku::{Engine, Game, Level, Outcome, Point, RuleSet, Rules, SearchLimits, WinReason};

/// Options of `qipan gomoku`.
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand)]
enum Command {
    /// Replay a game and show the board, the result and Black's forbidden points (复盘检查).
    Check(GameArgs),
    /// Convert a record between formats (棋谱格式转换).
    Convert(ConvertArgs),
    /// Ask the engine for the next move (引擎着法).
    Best(BestArgs),
    /// Search a victory by continuous fours for the side to move (连续冲四胜).
    Vcf(BestArgs),
    /// Analyse the position: the best moves with scores, each side's threat points and forced
    /// win (VCF/VCT) played out (局面分析).
    Analyse(AnalyseArgs),
    /// List Black's renju forbidden points of boards read from stdin, one board per line as
    /// size×size characters `X` `O` `.` row by row from the top; prints `x,y,kind` per point
    /// (禁手点批量检查; used by scripts/gomoku-renju-crosscheck).
    Forbidden {
        /// Board side.
        #[arg(long, default_value_t = 15)]
        size: u32,
    },
}

/// Record formats.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Format {
    /// Moves like `h8 i9 j10`.
    Coords,
    /// Piskvork PSQ.
    Psq,
    /// SGF with GM[4].
    Sgf,
}

#[derive(clap::Args)]
struct GameArgs {
    /// The moves (`h8 i9 …`), or a record file with --file.
    moves: Vec<String>,
    /// Read the record from this file (format guessed: PSQ, SGF or coordinates); `-` for stdin.
    #[arg(long, short)]
    file: Option<PathBuf>,
    /// Board side for coordinate lists (5 to 25).
    #[arg(long, default_value_t = 15)]
    size: u32,
    /// Rule set: freestyle, standard or renju.
    #[arg(long, default_value = "freestyle")]
    rule: String,
}

#[derive(clap::Args)]
struct ConvertArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Output format.
    #[arg(long, value_enum)]
    to: Format,
}

#[derive(clap::Args)]
struct BestArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Playing level 1 to 10.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: u8,
    /// Thinking time in milliseconds.
    #[arg(long, default_value_t = 1000)]
    ms: u64,
}

#[derive(clap::Args)]
struct AnalyseArgs {
    #[command(flatten)]
    game: GameArgs,
    /// How many best moves to show, 1 to 5.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=5))]
    lines: u8,
    /// Thinking time in milliseconds.
    #[arg(long, default_value_t = 2000)]
    ms: u64,
}

/// Runs `qipan gomoku`.
pub fn run(args: Args) -> anyhow::Result<()> {
    match args.command {
        Command::Check(game) => check(&game),
        Command::Convert(c) => {
            let record = read_record(&c.game)?;
            let text = match c.to {
                Format::Coords => record::coords::format(&record) + "\n",
                Format::Psq => record::psq::format(&record),
                Format::Sgf => record::sgf::format(&record),
            };
            print!("{text}");
            Ok(())
        }
        Command::Best(b) => best(&b),
        Command::Vcf(b) => vcf(&b),
        Command::Analyse(a) => analyse(&a),
        Command::Forbidden { size } => forbidden_batch(size),
    }
}

fn forbidden_batch(size: u32) -> anyhow::Result<()> {
    use std::io::{BufRead, Write};
    let cells = (size * size) as usize;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (n, line) in std::io::stdin().lock().lines().enumerate() {
        let line = line?;
        let line = line.trim();
        if line.chars().count() != cells {
            bail!(
                "line {}: expected {cells} characters X, O or ., found {}",
                n + 1,
                line.len()
            );
        }
        let mut board = qipan_gomoku::Board::new(size)?;
        for (i, c) in line.chars().enumerate() {
            let p = Point::new((i % size as usize) as u8, (i / size as usize) as u8);
            let stone = match c {
                'X' => Some(qipan_gomoku::Color::Black),
                'O' => Some(qipan_gomoku::Color::White),
                '.' => None,
                other => bail!("line {}: unexpected `{other}`", n + 1),
            };
            board.set(p, stone);
        }
        let points: Vec<String> = qipan_gomoku::renju::forbidden_points(&board)
            .into_iter()
            .map(|(p, k)| format!("{},{},{}", p.x, p.y, k.code()))
            .collect();
        writeln!(out, "{}", points.join(" "))?;
    }
    Ok(())
}

fn rule_set(name: &str) -> anyhow::Result<RuleSet> {
    RuleSet::from_name(name)
        .with_context(|| format!("unknown rule `{name}` (freestyle, standard or renju)"))
}

/// The record given as arguments or in a file.
fn read_record(args: &GameArgs) -> anyhow::Result<Record> {
    let size = u8::try_from(args.size)
        .ok()
        .filter(|s| (5..=25).contains(s));
    let size =
        size.with_context(|| format!("board size {} is not supported (5 to 25)", args.size))?;
    let Some(path) = &args.file else {
        return Ok(record::coords::parse(&args.moves.join(" "), size)?);
    };
    let mut text = String::new();
    if path.as_os_str() == "-" {
        std::io::stdin().read_to_string(&mut text)?;
    } else {
        text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
    }
    let trimmed = text.trim_start();
    let record = if trimmed.starts_with("Piskvorky") {
        record::psq::parse(&text)
    } else if trimmed.starts_with('(') {
        record::sgf::parse(&text)
    } else {
        record::coords::parse(&text, size)
    };
    record.with_context(|| format!("in {}", path.display()))
}

/// Replays the record under the rules; the error names the illegal move.
fn replay(args: &GameArgs) -> anyhow::Result<Game> {
    let record = read_record(args)?;
    let rules = Rules::new(u32::from(record.size), rule_set(&args.rule)?)?;
    Game::from_moves(rules, &record.moves).map_err(|(n, e)| anyhow::anyhow!("move {n}: {e}"))
}

fn check(args: &GameArgs) -> anyhow::Result<()> {
    let game = replay(args)?;
    let size = game.rules().size();
    print!("{}", game.board());
    match game.outcome() {
        Some(Outcome::Win {
            winner,
            reason: WinReason::Five { line },
        }) => {
            let line: Vec<String> = line.iter().map(|p| p.to_coord(size)).collect();
            println!("{winner:?} wins with {} / 胜: 连五", line.join(" "));
        }
        Some(Outcome::Win {
            winner,
            reason: WinReason::ForbiddenMove { point, kind },
        }) => {
            println!(
                "{winner:?} wins: Black played the forbidden {} ({kind}) / 黑方禁手负",
                point.to_coord(size)
            );
        }
        Some(Outcome::Draw) => println!("draw, the board is full / 和棋"),
        None => println!(
            "{:?} to move / 轮到 {}",
            game.to_move(),
            side_zh(game.to_move())
        ),
    }
    let forbidden = game.forbidden_points();
    if !forbidden.is_empty() {
        let list: Vec<String> = forbidden
            .iter()
            .map(|(p, k)| format!("{} ({k})", p.to_coord(size)))
            .collect();
        println!("forbidden for Black / 黑方禁手点: {}", list.join(", "));
    }
    Ok(())
}

fn side_zh(c: qipan_gomoku::Color) -> &'static str {
    match c {
        qipan_gomoku::Color::Black => "黑方",
        qipan_gomoku::Color::White => "白方",
    }
}

fn best(args: &BestArgs) -> anyhow::Result<()> {
    let game = replay(&args.game)?;
    if game.outcome().is_some() {
        bail!("the game is over / 对局已结束");
    }
    let mut engine = Engine::new(Level::new(args.level), 1);
    let result = engine
        .best_move(
            game.board(),
            game.rules().rule_set,
            SearchLimits::millis(args.ms),
        )
        .context("the board is full")?;
    println!(
        "{} (score {}, depth {}, nodes {}, {:?})",
        result.best.to_coord(game.rules().size()),
        result.score,
        result.depth,
        result.nodes,
        result.found
    );
    Ok(())
}

fn analyse(args: &AnalyseArgs) -> anyhow::Result<()> {
    let game = replay(&args.game)?;
    let size = game.rules().size();
    let names = |points: &[Point]| {
        let names: Vec<String> = points.iter().map(|p| p.to_coord(size)).collect();
        names.join(" ")
    };
    let mut engine = Engine::new(Level::MAX, 1);
    let a = engine.analyse(
        game.board(),
        game.rules().rule_set,
        usize::from(args.lines),
        SearchLimits::millis(args.ms),
    );
    println!(
        "{} to move / {}走 (depth {}, nodes {})",
        side_en(a.to_move),
        side_zh(a.to_move),
        a.depth,
        a.nodes
    );
    for (n, line) in a.lines.iter().enumerate() {
        println!("  {}. {} {}", n + 1, line.point.to_coord(size), line.score);
    }
    for colour in [qipan_gomoku::Color::Black, qipan_gomoku::Color::White] {
        let t = &a.threats[colour.index()];
        let win = match &a.wins[colour.index()] {
            Some(w) => format!("{:?}: {}", w.kind, names(&w.line)),
            None => "no VCF/VCT found / 未找到必胜".to_owned(),
        };
        println!(
            "{} / {}: five {} · four {} · three {} · {win}",
            side_en(colour),
            side_zh(colour),
            names(&t.five),
            names(&t.four),
            names(&t.three)
        );
    }
    Ok(())
}

fn side_en(c: qipan_gomoku::Color) -> &'static str {
    match c {
        qipan_gomoku::Color::Black => "Black",
        qipan_gomoku::Color::White => "White",
    }
}

fn vcf(args: &BestArgs) -> anyhow::Result<()> {
    let game = replay(&args.game)?;
    let mut engine = Engine::new(Level::MAX, 1);
    let size = game.rules().size();
    match engine.solve_vcf(
        game.board(),
        game.rules().rule_set,
        200,
        SearchLimits::millis(args.ms),
    ) {
        Some(line) => {
            let moves: Vec<String> = line.iter().map(|p: &Point| p.to_coord(size)).collect();
            println!("VCF / 连续冲四胜: {}", moves.join(" "));
        }
        None => println!("no VCF found / 未找到连续冲四胜"),
    }
    Ok(())
}

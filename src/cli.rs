//! Command-line parsing and the engine subcommands.

use crate::tui;
use checkers::{fen, notation, Move, Position, Ruleset, SquareNotation};
use clap::{Args, Parser, Subcommand};
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::time::Instant;

/// Exit code for bad input: an unknown variant, a bad FEN, a bad flag.
const BAD_INPUT: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "checkers",
    version,
    about = "Checkers and draughts in the terminal: english, dammen64, brazilian, russian and german rules",
    long_about = None,
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    display: DisplayArgs,
    /// Continue the unfinished game saved after its last move (after a crash, a kill or Ctrl-C)
    #[arg(long)]
    resume: bool,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the built-in variants: id, name, description
    Variants,
    /// Print the legal moves of a position
    Moves(MovesArgs),
    /// Count the leaf nodes of the move tree (the move generator's test and benchmark)
    Perft(PerftArgs),
    /// Play a hot-seat game in the terminal straight away
    Play(PlayArgs),
    /// Search a position with the AI and print the best move, per finished depth
    Analyze(AnalyzeArgs),
    /// Play AI against AI from varied openings and report the score and Elo difference
    Match(MatchArgs),
    /// Game records: check a PDN file
    #[command(subcommand)]
    Pdn(PdnCommand),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `checkers man > checkers.1`
    Man,
    /// Speak the Hub protocol on standard input and output (for pydraughts and lidraughts bots)
    Hub,
    /// The config file: where it is, or write a commented default one
    #[command(subcommand)]
    Config(ConfigCommand),
}

#[derive(Subcommand, Debug)]
enum ConfigCommand {
    /// Print where the config file is (it need not exist)
    Path,
    /// Write a commented default config file
    Init {
        /// Replace an existing file
        #[arg(long)]
        force: bool,
    },
}

#[derive(Subcommand, Debug)]
enum PdnCommand {
    /// Replay every game of a PDN file and report each one's result or first error
    Check(PdnCheckArgs),
}

#[derive(Args, Debug)]
struct PdnCheckArgs {
    /// The PDN file
    file: PathBuf,
    /// Rules for games whose GameType and Variant tags name no built-in variant
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
}

#[derive(Args, Debug)]
struct MatchArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Number of games (played in pairs: each opening with both colours)
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    games: u32,
    /// Milliseconds per move for both sides, instead of each level's own
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// Level of the first player (White in the first game of each pair), 1-10
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    white_level: u8,
    /// Level of the second player (Black in the first game of each pair), 1-10
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    black_level: u8,
    /// Write every game to this PDN file
    #[arg(long, value_name = "FILE")]
    pdn: Option<PathBuf>,
    /// Seed for the openings and the low levels' choices
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime"])))]
struct AnalyzeArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Position as a PDN FEN (default: the variant's start position)
    #[arg(long)]
    fen: Option<String>,
    /// Search this many plies (captures are always followed to the end), 1 to 60
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=60))]
    depth: Option<u32>,
    /// Search for this many milliseconds
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// Transposition table size in megabytes
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u64).range(1..=4096))]
    hash: u64,
    /// Print one JSON object per depth, then a final one with "best" and "notation"
    #[arg(long)]
    json: bool,
}

/// The rules for a game: optional, english by default.
#[derive(Args, Debug)]
#[group(required = false, multiple = false)]
struct GameRulesArgs {
    /// Built-in variant: english, dammen64, brazilian, russian or german
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// A ruleset TOML file of your own (see README, "Writing a ruleset")
    #[arg(long, value_name = "FILE")]
    ruleset: Option<PathBuf>,
}

/// How the board is drawn; for the start screen as well as `play`.
#[derive(Args, Debug, Default)]
struct DisplayArgs {
    /// Draw with plain ASCII characters only
    #[arg(long, global = true)]
    ascii: bool,
}

#[derive(Args, Debug)]
struct PlayArgs {
    #[command(flatten)]
    rules: GameRulesArgs,
    /// Start from this position (PDN FEN) instead of the start position
    #[arg(long)]
    fen: Option<String>,
    /// Let a selected piece be put back even where the rules have touch-move
    #[arg(long)]
    no_touch_move: bool,
    /// Keep this side at the bottom instead of turning the board to the player to move
    #[arg(long, value_name = "SIDE", value_parser = ["white", "black"])]
    bottom: Option<String>,
    /// Open a game from a PDN file to step through it (←/→) and play on from any move
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    load: Option<PathBuf>,
    /// Which game of the file, counting from 1
    #[arg(long, value_name = "N", default_value_t = 1, requires = "load", value_parser = clap::value_parser!(u32).range(1..))]
    game: u32,
    #[command(flatten)]
    ai: AiArgs,
}

/// The computer opponent.
#[derive(Args, Debug)]
struct AiArgs {
    /// Which side the AI plays: white, black, both (watch it play itself) or none (hot-seat)
    #[arg(long, value_name = "SIDE", value_parser = ["white", "black", "both", "none"])]
    ai: Option<String>,
    /// AI strength, 1 (beginner) to 10 (full strength within the think time)
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: Option<u8>,
    /// Seconds per move at level 10 (decimals allowed)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    think_time: Option<f64>,
}

fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.05..=3600.0).contains(&v) => Ok(v),
        Ok(_) => Err(format!("`{s}` is out of range: give 0.05 to 3600 seconds")),
        Err(_) => Err(format!("`{s}` is not a number of seconds, e.g. 2.5")),
    }
}

impl AiArgs {
    /// The flags, falling back on the config file, then on the defaults.
    fn settings(&self, config: &crate::config::Config) -> tui::AiSettings {
        let d = tui::AiSettings::default();
        let side = self
            .ai
            .as_deref()
            .or(config.opponent.as_deref())
            .unwrap_or("none");
        tui::AiSettings {
            white: matches!(side, "white" | "both"),
            black: matches!(side, "black" | "both"),
            level: self.level.or(config.level).unwrap_or(d.level),
            think_time: self
                .think_time
                .or(config.think_time)
                .map_or(d.think_time, std::time::Duration::from_secs_f64),
        }
    }
}

/// Which rules to play: a built-in variant or a ruleset file.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
struct RulesArgs {
    /// Built-in variant: english, dammen64, brazilian, russian or german
    #[arg(long, value_name = "NAME")]
    variant: Option<String>,
    /// A ruleset TOML file of your own (see README, "Writing a ruleset")
    #[arg(long, value_name = "FILE")]
    ruleset: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct MovesArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Position as a PDN FEN, e.g. W:W21-32:B1-12; without it, FENs are read from
    /// standard input, one per line, and answered one line each
    #[arg(long)]
    fen: Option<String>,
    /// Print JSON: an array of {"path": [..], "captures": [..]} with PDN square numbers
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct PerftArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Position as a PDN FEN (default: the variant's start position)
    #[arg(long)]
    fen: Option<String>,
    /// Plies to search, 0 to 30
    #[arg(long, value_parser = parse_depth, allow_negative_numbers = true)]
    depth: u32,
    /// Split the count by first move
    #[arg(long)]
    divide: bool,
    /// Print JSON: {"depth": N, "nodes": X, "ms": T}
    #[arg(long)]
    json: bool,
}

/// The deepest perft the command line accepts.
const MAX_DEPTH: u32 = 30;

fn parse_depth(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(d) if d <= MAX_DEPTH => Ok(d),
        Ok(d) => Err(format!(
            "depth {d} is above the limit of {MAX_DEPTH} plies; use 0 to {MAX_DEPTH}"
        )),
        Err(_) => Err(format!(
            "`{text}` is not a whole number of plies; use 0 to {MAX_DEPTH}"
        )),
    }
}

/// Why a command stopped early.
enum Fail {
    /// Bad input, for the user: one line, exit code 2.
    Input(String),
    /// The reader of standard output went away (`checkers … | head`): stop quietly.
    Closed,
    /// Something outside the input failed (no terminal): one line, exit code 1.
    Runtime(String),
}

impl From<checkers::RulesetError> for Fail {
    fn from(e: checkers::RulesetError) -> Fail {
        Fail::Input(e.to_string())
    }
}

impl From<checkers::FenError> for Fail {
    fn from(e: checkers::FenError) -> Fail {
        Fail::Input(e.to_string())
    }
}

/// Only writing to standard output uses `?` on an `io::Error`.
impl From<io::Error> for Fail {
    fn from(e: io::Error) -> Fail {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Fail::Closed
        } else {
            Fail::Input(format!("cannot write the output: {e}"))
        }
    }
}

/// A bug must still leave one readable line, not a backtrace, on standard error.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let what = info
            .payload()
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| info.payload().downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown cause".to_string());
        let place = info
            .location()
            .map(|l| format!(" at {}:{}", l.file(), l.line()))
            .unwrap_or_default();
        eprintln!(
            "internal error (a bug in checkers, please report it): {}{place}",
            what.replace('\n', "; ")
        );
    }));
}

/// clap's message says what is wrong and which flag; its usage block is noise here,
/// and scripts expect one line.
fn one_line_usage_error(e: &clap::Error) -> String {
    use clap::error::ErrorKind;
    let text = e.to_string();
    let problem = text.split("Usage:").next().unwrap_or_default();
    let rules_flags = problem.contains("--variant") && problem.contains("--ruleset");
    let ids: Vec<&str> = Ruleset::builtin_ids().collect();
    match e.kind() {
        ErrorKind::MissingRequiredArgument if rules_flags => {
            return format!(
                "error: say which rules to play: --variant NAME ({}) or --ruleset FILE",
                ids.join(", ")
            );
        }
        ErrorKind::ArgumentConflict if rules_flags => {
            return "error: the argument '--variant' cannot be used with '--ruleset': \
                    give one of them, not both"
                .to_string();
        }
        _ => {}
    }
    let mut message = String::new();
    for line in text
        .lines()
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .map(str::trim)
        .filter(|l| !l.is_empty())
    {
        if !message.is_empty() {
            message.push_str(if message.ends_with(':') { " " } else { "; " });
        }
        message.push_str(line);
    }
    format!("{message} (see checkers --help)")
}

/// Parses the command line and runs it; returns the exit code.
pub fn run() -> i32 {
    install_panic_hook();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                let _ = e.print();
                return 0;
            }
            eprintln!("{}", one_line_usage_error(&e));
            return BAD_INPUT;
        }
    };
    let result = match cli.command {
        None if cli.resume => resume(&cli.display),
        None => start_screen(&cli.display),
        Some(Command::Variants) => variants(),
        Some(Command::Moves(a)) => moves(&a),
        Some(Command::Perft(a)) => perft(&a),
        Some(Command::Play(a)) => play(&a, &cli.display),
        Some(Command::Analyze(a)) => analyze(&a),
        Some(Command::Match(a)) => run_match(&a),
        Some(Command::Pdn(PdnCommand::Check(a))) => pdn_check(&a),
        Some(Command::Completions { shell }) => {
            use clap::CommandFactory;
            // Into a buffer first: generate() panics on a closed pipe.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "checkers", &mut script);
            io::stdout().write_all(&script).map_err(Fail::from)
        }
        Some(Command::Config(c)) => config_command(&c),
        Some(Command::Hub) => {
            return crate::hub::run();
        }
        Some(Command::Man) => {
            use clap::CommandFactory;
            let mut page = Vec::new();
            clap_mangen::Man::new(Cli::command())
                .render(&mut page)
                .and_then(|()| io::stdout().write_all(&page))
                .map_err(Fail::from)
        }
    };
    match result {
        Ok(()) | Err(Fail::Closed) => 0,
        Err(Fail::Input(msg)) => {
            eprintln!("error: {}", msg.replace('\n', "; "));
            BAD_INPUT
        }
        Err(Fail::Runtime(msg)) => {
            eprintln!("error: {}", msg.replace('\n', "; "));
            1
        }
    }
}

fn load_rules(a: &RulesArgs) -> Result<Ruleset, Fail> {
    if let Some(path) = &a.ruleset {
        return Ok(Ruleset::from_file(path)?);
    }
    let id = a.variant.as_deref().unwrap_or_default();
    Ruleset::builtin(id).ok_or_else(|| {
        let ids: Vec<&str> = Ruleset::builtin_ids().collect();
        let lower = id.trim().to_lowercase();
        let hint = if ids.contains(&lower.as_str()) {
            format!("did you mean `{lower}`? ")
        } else if lower.ends_with(".toml") {
            format!("to load a ruleset file, use --ruleset {id}; ")
        } else {
            String::new()
        };
        Fail::Input(format!(
            "unknown variant `{id}`; {hint}built-in variants are {} (or give --ruleset FILE)",
            ids.join(", ")
        ))
    })
}

fn theme(display: &DisplayArgs, config: &crate::config::Config) -> tui::Theme {
    // https://no-color.org: any non-empty NO_COLOR turns colours off.
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let mut t = tui::Theme::new(display.ascii || config.ascii, color);
    t.colors = config.colors;
    t
}

fn load_config() -> Result<crate::config::Config, Fail> {
    crate::config::load().map_err(Fail::Input)
}

fn config_command(c: &ConfigCommand) -> Result<(), Fail> {
    let path = crate::config::path().ok_or_else(|| {
        Fail::Runtime("cannot tell where the config file goes: set HOME or XDG_CONFIG_HOME".into())
    })?;
    match c {
        ConfigCommand::Path => {
            writeln!(io::stdout(), "{}", path.display())?;
        }
        ConfigCommand::Init { force } => {
            if path.exists() && !force {
                return Err(Fail::Input(format!(
                    "{} already exists; use `checkers config init --force` to replace it",
                    path.display()
                )));
            }
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir)
                    .map_err(|e| Fail::Runtime(format!("cannot create {}: {e}", dir.display())))?;
            }
            checkers::files::write_atomically(&path, crate::config::DEFAULT)
                .map_err(|e| Fail::Runtime(format!("cannot write {}: {e}", path.display())))?;
            writeln!(io::stdout(), "wrote {}", path.display())?;
        }
    }
    Ok(())
}

fn need_terminal() -> Result<(), Fail> {
    use std::io::IsTerminal;
    if io::stdout().is_terminal() && io::stdin().is_terminal() {
        Ok(())
    } else {
        Err(Fail::Runtime(
            "the game needs a terminal; for scripts use `checkers moves` or `checkers perft`"
                .to_string(),
        ))
    }
}

/// The unfinished game saved by an earlier run, if one can be read back.
fn unfinished_game() -> Option<checkers::Game> {
    use checkers::pdn;
    let text = std::fs::read_to_string(tui::autosave::current_file()?).ok()?;
    pdn::load_game(&text, 1, None).ok().map(|(_, game)| game)
}

fn start_screen(display: &DisplayArgs) -> Result<(), Fail> {
    let config = load_config()?;
    need_terminal()?;
    let variant = config.variant.as_deref().unwrap_or("english");
    let opts = tui::Options {
        rules: Ruleset::builtin(variant).expect("the config names a built-in variant"),
        start: None,
        theme: theme(display, &config),
        no_touch_move: !config.touch_move,
        fixed_bottom: None,
        start_screen: true,
        ai: AiArgs {
            ai: None,
            level: None,
            think_time: None,
        }
        .settings(&config),
        board_numbers: config.board_numbers,
        resume: None,
        review: false,
        unfinished: unfinished_game(),
    };
    tui::run(opts).map_err(Fail::Runtime)
}

/// The game numbered `n` (from 1) of a PDN file, replayed and checked.
fn load_game(path: &std::path::Path, n: usize, fallback: &Ruleset) -> Result<checkers::Game, Fail> {
    use checkers::pdn;
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path)
        .map_err(|e| Fail::Input(format!("cannot read {name}: {e}")))?;
    pdn::load_game(&text, n, Some(fallback))
        .map(|(_, game)| game)
        .map_err(|e| Fail::Input(format!("{name}: {e}")))
}

fn play(a: &PlayArgs, display: &DisplayArgs) -> Result<(), Fail> {
    let config = load_config()?;
    let rules = if a.rules.variant.is_none() && a.rules.ruleset.is_none() {
        let variant = config.variant.as_deref().unwrap_or("english");
        Ruleset::builtin(variant).expect("the config names a built-in variant")
    } else {
        load_rules(&RulesArgs {
            variant: a.rules.variant.clone(),
            ruleset: a.rules.ruleset.clone(),
        })?
    };
    let start = match &a.fen {
        Some(f) => Some(fen::parse(f)?),
        None => None,
    };
    let loaded = match &a.load {
        Some(path) => Some(load_game(path, a.game as usize, &rules)?),
        None => None,
    };
    need_terminal()?;
    let opts = tui::Options {
        rules,
        start,
        theme: theme(display, &config),
        no_touch_move: a.no_touch_move || !config.touch_move,
        fixed_bottom: a.bottom.as_deref().map(|s| {
            if s == "black" {
                checkers::Color::Black
            } else {
                checkers::Color::White
            }
        }),
        start_screen: false,
        ai: a.ai.settings(&config),
        board_numbers: config.board_numbers,
        review: loaded.is_some(),
        unfinished: None,
        resume: loaded,
    };
    tui::run(opts).map_err(Fail::Runtime)
}

fn resume(display: &DisplayArgs) -> Result<(), Fail> {
    use checkers::pdn;
    let config = load_config()?;
    let path = tui::autosave::current_file().ok_or_else(|| {
        Fail::Runtime("cannot tell where games are saved: set HOME or XDG_DATA_HOME".into())
    })?;
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(Fail::Input(format!(
                "there is no unfinished game to resume ({} does not exist)",
                path.display()
            )))
        }
        Err(e) => return Err(Fail::Input(format!("cannot read {}: {e}", path.display()))),
    };
    let name = path.display().to_string();
    let (first, game) =
        pdn::load_game(&text, 1, None).map_err(|e| Fail::Input(format!("{name}: {e}")))?;
    let rules = game.rules().clone();
    // The players were saved as "human" or "checkers level N".
    let level_of = |tag: &str| {
        first
            .tag(tag)
            .and_then(|v| v.strip_prefix("checkers level "))
            .and_then(|n| n.parse::<u8>().ok())
    };
    let (white, black) = (level_of("White"), level_of("Black"));
    let mut ai = AiArgs {
        ai: None,
        level: None,
        think_time: None,
    }
    .settings(&config);
    ai.white = white.is_some();
    ai.black = black.is_some();
    if let Some(level) = white.or(black) {
        ai.level = level.clamp(1, 10);
    }
    need_terminal()?;
    let opts = tui::Options {
        rules,
        start: None,
        theme: theme(display, &config),
        no_touch_move: !config.touch_move,
        fixed_bottom: None,
        start_screen: false,
        ai,
        board_numbers: config.board_numbers,
        resume: Some(game),
        review: false,
        unfinished: None,
    };
    tui::run(opts).map_err(Fail::Runtime)
}

fn start_position(rules: &Ruleset, fen_text: Option<&str>) -> Result<Position, Fail> {
    match fen_text {
        Some(f) => Ok(fen::parse(f)?),
        None => Ok(Position::initial(rules.first_move)),
    }
}

fn variants() -> Result<(), Fail> {
    let mut out = io::stdout().lock();
    for r in Ruleset::builtins() {
        writeln!(out, "{}\t{}\t{}", r.id, r.name, r.description)?;
    }
    Ok(())
}

/// Moves in a stable, readable order: by the squares of the path in the variant's notation.
fn sorted(moves: &[Move], rules: &Ruleset) -> Vec<Move> {
    let mut v = moves.to_vec();
    v.sort_by_key(|m| {
        m.path()
            .iter()
            .map(|s| match rules.notation.squares {
                SquareNotation::Numeric => (s.pdn(), 0),
                SquareNotation::Algebraic => (s.file(), s.rank()),
            })
            .collect::<Vec<_>>()
    });
    v
}

fn move_json(m: &Move) -> serde_json::Value {
    let mut captures: Vec<u8> = m.captured().iter().map(|s| s.pdn()).collect();
    captures.sort_unstable();
    serde_json::json!({
        "path": m.path().iter().map(|s| s.pdn()).collect::<Vec<_>>(),
        "captures": captures,
    })
}

fn moves_json(moves: &[Move]) -> String {
    serde_json::Value::Array(moves.iter().map(move_json).collect()).to_string()
}

fn moves(a: &MovesArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    let mut out = io::BufWriter::new(io::stdout().lock());
    if let Some(f) = &a.fen {
        let pos = fen::parse(f)?;
        let list = sorted(&checkers::legal_moves(&pos, &rules), &rules);
        if a.json {
            writeln!(out, "{}", moves_json(&list))?;
        } else {
            for m in &list {
                writeln!(out, "{}", notation::write(m, &rules.notation))?;
            }
        }
        return Ok(out.flush()?);
    }
    for (i, line) in io::stdin().lock().lines().enumerate() {
        let n = i + 1;
        let line = line
            .map_err(|e| Fail::Input(format!("standard input, line {n}: cannot read it: {e}")))?;
        let pos =
            fen::parse(&line).map_err(|e| Fail::Input(format!("standard input, line {n}: {e}")))?;
        let list = sorted(&checkers::legal_moves(&pos, &rules), &rules);
        if a.json {
            writeln!(out, "{}", moves_json(&list))?;
        } else {
            let texts: Vec<String> = list
                .iter()
                .map(|m| notation::write(m, &rules.notation))
                .collect();
            writeln!(out, "{}", texts.join(" "))?;
        }
        // A tool may wait for each answer before sending the next FEN.
        out.flush()?;
    }
    Ok(())
}

fn perft(a: &PerftArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    let pos = start_position(&rules, a.fen.as_deref())?;
    let started = Instant::now();
    let (nodes, split) = if a.divide && a.depth > 0 {
        let split = sorted_split(checkers::divide(&pos, &rules, a.depth), &rules);
        let total = split.iter().map(|(_, n)| n).sum();
        (total, split)
    } else {
        (checkers::perft(&pos, &rules, a.depth), Vec::new())
    };
    let elapsed = started.elapsed();
    let ms = elapsed.as_millis() as u64;
    let mut out = io::stdout().lock();
    if a.json {
        let mut obj = serde_json::json!({"depth": a.depth, "nodes": nodes, "ms": ms});
        if a.divide {
            obj["divide"] = split
                .iter()
                .map(|(m, n)| {
                    let mut j = move_json(m);
                    j["move"] = notation::write(m, &rules.notation).into();
                    j["nodes"] = (*n).into();
                    j
                })
                .collect();
        }
        writeln!(out, "{obj}")?;
    } else {
        for (m, n) in &split {
            writeln!(out, "{} {n}", notation::write(m, &rules.notation))?;
        }
        let rate = nodes as f64 / elapsed.as_secs_f64().max(1e-9) / 1e6;
        writeln!(
            out,
            "perft {} = {nodes} ({ms} ms, {rate:.1} M leaves/s)",
            a.depth
        )?;
    }
    Ok(())
}

fn sorted_split(split: Vec<(Move, u64)>, rules: &Ruleset) -> Vec<(Move, u64)> {
    let order = sorted(&split.iter().map(|(m, _)| *m).collect::<Vec<_>>(), rules);
    order
        .into_iter()
        .map(|m| *split.iter().find(|(s, _)| *s == m).expect("same moves"))
        .collect()
}

/// A score in men, or a forced win or loss in plies.
fn score_json(score: i32) -> (serde_json::Value, Option<i32>) {
    use checkers::ai::{MATE, MATE_BOUND};
    if score.abs() >= MATE_BOUND {
        let plies = MATE - score.abs();
        (
            serde_json::json!(if score > 0 { 999.0 } else { -999.0 }),
            Some(if score > 0 { plies } else { -plies }),
        )
    } else {
        (serde_json::json!((score as f64) / 100.0), None)
    }
}

fn score_text(score: i32) -> String {
    match score_json(score) {
        (_, Some(plies)) if plies > 0 => format!("win in {plies} plies"),
        (_, Some(plies)) => format!("loss in {} plies", -plies),
        _ => format!("{:+.2}", score as f64 / 100.0),
    }
}

fn analyze(a: &AnalyzeArgs) -> Result<(), Fail> {
    use checkers::ai::{Engine, Limits};
    let rules = load_rules(&a.rules)?;
    let pos = start_position(&rules, a.fen.as_deref())?;
    if checkers::legal_moves(&pos, &rules).is_empty() {
        return Err(Fail::Input(format!(
            "the position has no legal move: {} has lost, there is nothing to analyse",
            pos.side_to_move()
        )));
    }
    let limits = Limits {
        depth: a.depth,
        movetime: a.movetime.map(std::time::Duration::from_millis),
        nodes: None,
        exact_root: false,
        contempt: 0,
    };
    let mut engine = Engine::new(&rules, a.hash as usize);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let mut out = io::stdout().lock();
    let mut failed: Option<io::Error> = None;
    let write = |m: &Move| notation::write(m, &rules.notation);
    let result = engine.search(&pos, &Default::default(), limits, &stop, &mut |info| {
        let pv: Vec<String> = info.pv.iter().map(write).collect();
        let line = if a.json {
            let (score, mate) = score_json(info.score);
            let mut obj = serde_json::json!({
                "depth": info.depth,
                "score": score,
                "nodes": info.nodes,
                "nps": info.nps(),
                "ms": info.elapsed.as_millis() as u64,
                "pv": pv,
            });
            if let Some(m) = mate {
                obj["mate"] = m.into();
            }
            obj.to_string()
        } else {
            format!(
                "depth {:>2}  score {:>7}  nodes {:>10}  nps {:>9}  pv {}",
                info.depth,
                score_text(info.score),
                info.nodes,
                info.nps(),
                pv.join(" ")
            )
        };
        if failed.is_none() {
            if let Err(e) = writeln!(out, "{line}") {
                failed = Some(e);
            }
        }
    });
    if let Some(e) = failed {
        return Err(e.into());
    }
    let best = result
        .best
        .expect("a position with legal moves has a best move");
    let info = &result.info;
    if a.json {
        let (score, mate) = score_json(info.score);
        let mut obj = serde_json::json!({
            "best": move_json(&best),
            "notation": write(&best),
            "score": score,
            "depth": info.depth,
            "nodes": info.nodes,
            "nps": info.nps(),
            "ms": info.elapsed.as_millis() as u64,
            "pv": info.pv.iter().map(write).collect::<Vec<_>>(),
        });
        if let Some(m) = mate {
            obj["mate"] = m.into();
        }
        writeln!(out, "{obj}")?;
    } else {
        writeln!(
            out,
            "best {}  score {}  depth {}",
            write(&best),
            score_text(info.score),
            info.depth
        )?;
    }
    Ok(())
}

/// Elo difference for a score fraction, and the 95% margin from the games' spread.
fn elo(score: f64, per_game: &[f64]) -> (f64, f64) {
    let n = per_game.len() as f64;
    let to_elo = |p: f64| {
        let p = p.clamp(1e-3, 1.0 - 1e-3);
        -400.0 * (1.0 / p - 1.0).log10()
    };
    let mean = score;
    let var = per_game.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n.max(1.0);
    let half = 1.96 * (var / n.max(1.0)).sqrt();
    let diff = to_elo(mean);
    let margin = (to_elo(mean + half) - to_elo(mean - half)) / 2.0;
    (diff, margin)
}

fn run_match(a: &MatchArgs) -> Result<(), Fail> {
    use checkers::ai::arena::{opening, play_game, Player};
    use checkers::ai::{Level, Rng};
    use std::io::IsTerminal;
    let rules = load_rules(&a.rules)?;
    let movetime = a.movetime.map(std::time::Duration::from_millis);
    let first = Player {
        movetime,
        ..Player::new(Level::get(a.white_level).expect("checked range"))
    };
    let second = Player {
        movetime,
        ..Player::new(Level::get(a.black_level).expect("checked range"))
    };
    if let Some(path) = &a.pdn {
        // Fail before hours of play, not after.
        checkers::files::write_atomically(path, "")
            .map_err(|e| Fail::Input(format!("cannot write {}: {e}", path.display())))?;
    }
    let mut rng = Rng::new(a.seed);
    let (mut wins, mut draws, mut losses) = (0u32, 0u32, 0u32);
    let mut per_game = Vec::new();
    let mut pdn = String::new();
    let mut line = Vec::new();
    let progress = io::stderr().is_terminal();
    let started = Instant::now();
    for g in 0..a.games {
        if g % 2 == 0 {
            let plies = 2 + rng.below(3) as usize;
            line = opening(&rules, plies, &mut rng);
        }
        let first_is_white = g % 2 == 0;
        let (white, black) = if first_is_white {
            (&first, &second)
        } else {
            (&second, &first)
        };
        let game = play_game(&rules, &line, white, black, &mut rng);
        let first_color = if first_is_white {
            checkers::Color::White
        } else {
            checkers::Color::Black
        };
        let s = match game.outcome().and_then(|o| o.winner) {
            Some(c) if c == first_color => {
                wins += 1;
                1.0
            }
            Some(_) => {
                losses += 1;
                0.0
            }
            None => {
                draws += 1;
                0.5
            }
        };
        per_game.push(s);
        if a.pdn.is_some() {
            let name = |p: &Player| format!("checkers level {}", p.level.level);
            let tags = checkers::pdn::Tags {
                event: format!(
                    "checkers match, level {} v level {}",
                    a.white_level, a.black_level
                ),
                site: "checkers".to_string(),
                round: (g + 1).to_string(),
                white: name(white),
                black: name(black),
                ..Default::default()
            };
            pdn.push_str(&checkers::pdn::write_game(&game, &tags));
        }
        let done = g as usize + 1;
        if progress {
            let width = 30;
            let filled = done * width / a.games as usize;
            eprint!(
                "\r[{}{}] {done}/{} games  +{wins} ={draws} -{losses}  {:.0}s ",
                "#".repeat(filled),
                " ".repeat(width - filled),
                a.games,
                started.elapsed().as_secs_f64()
            );
        }
    }
    if progress {
        eprintln!();
    }
    if let Some(path) = &a.pdn {
        checkers::files::write_atomically(path, &pdn)
            .map_err(|e| Fail::Input(format!("cannot write {}: {e}", path.display())))?;
    }
    let n = per_game.len() as f64;
    let score = per_game.iter().sum::<f64>() / n;
    let (diff, margin) = elo(score, &per_game);
    let mut out = io::stdout().lock();
    writeln!(
        out,
        "{:<22} {:>6} {:>6} {:>6} {:>6} {:>7} {:>14}",
        "match", "games", "wins", "draws", "losses", "score", "elo"
    )?;
    writeln!(
        out,
        "{:<22} {:>6} {:>6} {:>6} {:>6} {:>6.1}% {:>+6.0} ± {:<5.0}",
        format!("level {} v level {}", a.white_level, a.black_level),
        a.games,
        wins,
        draws,
        losses,
        score * 100.0,
        diff,
        margin
    )?;
    writeln!(
        out,
        "(wins, draws and losses for level {}; both colours; {})",
        a.white_level, rules.name
    )?;
    Ok(())
}

fn pdn_check(a: &PdnCheckArgs) -> Result<(), Fail> {
    use checkers::pdn;
    let name = a.file.display().to_string();
    let text = std::fs::read_to_string(&a.file)
        .map_err(|e| Fail::Input(format!("cannot read {name}: {e}")))?;
    let games = pdn::read_games(&text).map_err(|e| Fail::Input(format!("{name}: {e}")))?;
    if games.is_empty() {
        return Err(Fail::Input(format!("{name}: no game in the file")));
    }
    let fallback = match &a.variant {
        Some(v) => Some(load_rules(&RulesArgs {
            variant: Some(v.clone()),
            ruleset: None,
        })?),
        None => None,
    };
    let mut out = io::stdout().lock();
    let mut bad = 0;
    for (i, g) in games.iter().enumerate() {
        let who = format!(
            "{} - {}",
            g.tag("White").unwrap_or("?"),
            g.tag("Black").unwrap_or("?")
        );
        let Some(rules) = pdn::variant_of(g).or_else(|| fallback.clone()) else {
            bad += 1;
            writeln!(
                out,
                "game {} ({who}, line {}): error: its GameType and Variant tags name no built-in variant; give --variant",
                i + 1,
                g.line
            )?;
            continue;
        };
        match pdn::replay(g, &rules) {
            Ok(game) => {
                let result = game
                    .outcome()
                    .map(|o| format!("{} ({o})", o.pdn_result()))
                    .or_else(|| g.result.clone())
                    .unwrap_or_else(|| "*".to_string());
                writeln!(
                    out,
                    "game {} ({who}, {}): ok, {} moves, result {result}",
                    i + 1,
                    rules.id,
                    game.moves().len()
                )?;
            }
            Err(e) => {
                bad += 1;
                writeln!(out, "game {} ({who}, {}): error at {e}", i + 1, rules.id)?;
            }
        }
    }
    if bad > 0 {
        return Err(Fail::Input(format!(
            "{name}: {bad} of {} games have errors",
            games.len()
        )));
    }
    Ok(())
}

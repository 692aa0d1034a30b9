//! Command-line parsing, errors and dispatch; each group of commands has its own module.

use crate::tui;
use checkers::Ruleset;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{self, Write};
use std::path::PathBuf;

mod engine;
mod game;
mod hub_opponent;
mod learn;
mod matches;
mod pdn_check;

use engine::{analyze, moves, perft, variants};
use game::{play, resume, start_screen};
use matches::run_match;
use pdn_check::pdn_check;

/// Exit code for bad input: an unknown variant, a bad FEN, a bad flag.
const BAD_INPUT: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "checkers",
    version,
    about = format!("Checkers and draughts in the terminal: {} rules", variant_list("and")),
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
    /// Play the engine against itself and write training data (resumable)
    Selfplay(SelfplayArgs),
    /// Fit the evaluation's weights to self-play data, or run self-play and fitting end to end
    Train(TrainArgs),
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
    Hub(HubArgs),
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
struct SelfplayArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Games in the file when done (a file already there is continued)
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// The data file to write (appended to, after its last whole game)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Search depth per move
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Varies the random plies after each book opening
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Games played at once (default: one per core)
    #[arg(long, value_parser = clap::value_parser!(usize))]
    jobs: Option<usize>,
    /// Play with the weights of this file instead of the built-in evaluation
    #[arg(long, value_name = "FILE")]
    eval: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct TrainArgs {
    #[command(flatten)]
    rules: RulesArgs,
    /// Self-play data files to fit; without them, self-play is run first (see --rounds)
    #[arg(long, value_name = "FILE", num_args = 1..)]
    data: Vec<PathBuf>,
    /// The weights file to write
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Replace --out if it exists
    #[arg(long)]
    force: bool,
    /// Passes over the data
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1000))]
    epochs: u32,
    /// Share of the target taken from the search's score (the rest is the game's result)
    #[arg(long, default_value_t = 0.5, value_parser = parse_share)]
    lambda: f32,
    /// Seed of the order the positions are visited in
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Without --data: rounds of self-play then fitting, each with the newest weights
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=20))]
    rounds: u32,
    /// Without --data: self-play games per round
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// Without --data: self-play search depth
    #[arg(long, default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=30))]
    depth: u32,
    /// Without --data: games played at once (default: one per core)
    #[arg(long, value_parser = clap::value_parser!(usize))]
    jobs: Option<usize>,
}

fn parse_share(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("`{s}` is not a share: give a number from 0 to 1")),
    }
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
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10),
          required_unless_present = "opponent", conflicts_with = "opponent")]
    black_level: Option<u8>,
    /// Write every game to this PDN file
    #[arg(long, value_name = "FILE")]
    pdn: Option<PathBuf>,
    /// Seed for the openings and the low levels' choices
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The first player's evaluation: a weights file (from `checkers train`)
    #[arg(long, value_name = "FILE")]
    eval: Option<PathBuf>,
    /// The second player's evaluation: a weights file
    #[arg(long, value_name = "FILE", conflicts_with = "opponent")]
    eval_b: Option<PathBuf>,
    /// Play the first player against another Hub engine, e.g. "hub:scan hub" (needs --movetime)
    #[arg(long, value_name = "hub:COMMAND", requires = "movetime")]
    opponent: Option<String>,
    /// Games played at once, each on its own thread [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    jobs: Option<u32>,
}

#[derive(Args, Debug)]
struct HubArgs {
    /// Evaluate with this weights file; the hub then plays only the file's variant
    #[arg(long, value_name = "FILE")]
    eval: Option<PathBuf>,
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
    /// Evaluate with this weights file (from `checkers train`) instead of the built-in evaluation
    #[arg(long, value_name = "FILE")]
    eval: Option<PathBuf>,
}

/// The rules for a game: optional, the default variant when not given.
#[derive(Args, Debug)]
#[group(required = false, multiple = false)]
struct GameRulesArgs {
    #[arg(long, value_name = "NAME", help = format!("Built-in variant: {}", variant_list("or")))]
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
    #[arg(long, value_name = "SIDE")]
    bottom: Option<Side>,
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
    #[arg(long, value_name = "SIDE")]
    ai: Option<AiSide>,
    /// AI strength, 1 (beginner) to 10 (full strength within the think time)
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=10))]
    level: Option<u8>,
    /// Seconds per move at level 10 (decimals allowed)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    think_time: Option<f64>,
}

/// The built-in variants' ids as a sentence: "english, dammen64, … `last_word` german".
fn variant_list(last_word: &str) -> String {
    let ids: Vec<&str> = Ruleset::builtin_ids().collect();
    match ids.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {last_word} {last}", rest.join(", ")),
        _ => ids.join(""),
    }
}

/// A side of the board, for `--bottom`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Side {
    White,
    Black,
}

impl From<Side> for checkers::Color {
    fn from(s: Side) -> checkers::Color {
        match s {
            Side::White => checkers::Color::White,
            Side::Black => checkers::Color::Black,
        }
    }
}

/// The side(s) the AI plays, for `--ai` and the config's `opponent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum AiSide {
    White,
    Black,
    Both,
    None,
}

impl AiSide {
    /// The config file's spelling, which is the flag's.
    pub(crate) fn parse(text: &str) -> Option<AiSide> {
        AiSide::from_str(text, false).ok()
    }

    fn plays(self, c: checkers::Color) -> bool {
        match self {
            AiSide::Both => true,
            AiSide::None => false,
            AiSide::White => c == checkers::Color::White,
            AiSide::Black => c == checkers::Color::Black,
        }
    }
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
            .or(config.opponent.as_deref().and_then(AiSide::parse))
            .unwrap_or(AiSide::None);
        tui::AiSettings {
            white: side.plays(checkers::Color::White),
            black: side.plays(checkers::Color::Black),
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
    #[arg(long, value_name = "NAME", help = format!("Built-in variant: {}", variant_list("or")))]
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
        Some(Command::Selfplay(a)) => learn::selfplay(&a),
        Some(Command::Train(a)) => learn::train(&a),
        Some(Command::Pdn(PdnCommand::Check(a))) => pdn_check(&a),
        Some(Command::Completions { shell }) => {
            use clap::CommandFactory;
            // Into a buffer first: generate() panics on a closed pipe.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "checkers", &mut script);
            io::stdout().write_all(&script).map_err(Fail::from)
        }
        Some(Command::Config(c)) => config_command(&c),
        Some(Command::Hub(a)) => match crate::hub::load_eval(a.eval.as_deref()) {
            Ok(eval) => return crate::hub::run(eval),
            Err(e) => Err(Fail::Input(e)),
        },
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

/// The evaluation of a weights file for `rules`; a file that is not one, or is
/// for other rules, is refused in one line.
fn load_eval(
    path: &std::path::Path,
    rules: &Ruleset,
) -> Result<checkers::ai::eval::Evaluator, Fail> {
    let file = checkers::ai::evalfile::EvalFile::load(path, rules)
        .map_err(|e| Fail::Input(e.to_string()))?;
    Ok(checkers::ai::eval::Evaluator::learned(rules, &file))
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
            crate::files::write_atomically(&path, crate::config::default_text())
                .map_err(|e| Fail::Runtime(format!("cannot write {}: {e}", path.display())))?;
            writeln!(io::stdout(), "wrote {}", path.display())?;
        }
    }
    Ok(())
}

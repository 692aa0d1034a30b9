//! Command-line parsing, errors and dispatch; each group of commands has its own module.

use crate::tui;
use checkers::Ruleset;
use clap::{FromArgMatches, Parser, Subcommand};
use std::io::{self, BufRead, Write};
use std::path::Path;

mod args;
mod engine;
#[cfg(test)]
mod fuzz;
mod game;
mod games;
mod hub_opponent;
mod learn;
mod localize;
/// The language of this run's messages, for the modules outside the command line.
pub(crate) use localize::current as language;
mod matches;
mod pdn_check;
mod review;
pub(crate) mod tables;

use args::*;
pub(crate) use args::{variant_list, AiSide};
use engine::{analyze, moves, perft, variants};
use game::{play, resume, start_screen};
use games::games_command;
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
    /// Continue a saved game: the most recent unfinished one, or the one with this id (see `checkers games`)
    #[arg(long, value_name = "ID", num_args = 0..=1)]
    resume: Option<Option<String>>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// List the built-in variants: id, name, description
    Variants,
    /// Print the legal moves of a position
    Moves(MovesArgs),
    /// Count the leaf nodes of the move tree (the move generator's test and benchmark)
    Perft(PerftArgs),
    /// Play a game in the terminal straight away: hot-seat, or against the AI with --ai
    Play(PlayArgs),
    /// Search a position with the AI and print the best move, per finished depth
    Analyze(AnalyzeArgs),
    /// Review a game: the engine's verdict on every move, the mistakes marked, in the terminal or as annotated PDN
    Review(ReviewArgs),
    /// Play AI against AI from varied openings and report the score and Elo difference
    Match(MatchArgs),
    /// Play the engine against itself and write training data (resumable)
    Selfplay(SelfplayArgs),
    /// Fit the evaluation's weights to self-play data, or run self-play and fitting end to end
    Train(TrainArgs),
    /// Game records: check PDN files
    #[command(subcommand)]
    Pdn(PdnCommand),
    /// List the saved games (id, variant, players, moves, result, last played), or delete one
    Games(GamesArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell)
    Completions {
        /// The shell
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `checkers man > checkers.1`
    Man,
    /// Speak the Hub protocol on standard input and output (for pydraughts and lidraughts bots)
    Hub(HubArgs),
    /// Endgame tables: solve them ahead of time into the cache directory
    #[command(subcommand)]
    Tables(TablesCommand),
    /// Opening book: the engine's own long searches of the first plies, into a file
    #[command(subcommand)]
    Book(BookCommand),
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
enum TablesCommand {
    /// Solve a variant's endgame tables (or check the cached ones) and keep them in the cache directory
    Build(TablesBuildArgs),
}

#[derive(Subcommand, Debug)]
enum BookCommand {
    /// Search every position of a variant's first plies, follow the book's lines, and write the book
    Build(BookBuildArgs),
}

#[derive(Subcommand, Debug)]
enum PdnCommand {
    /// Replay every game of PDN files: a summary of what replays, what is refused and why
    Check(PdnCheckArgs),
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
        Fail::Input(localize::current().ruleset_error(&e))
    }
}

impl From<checkers::FenError> for Fail {
    fn from(e: checkers::FenError) -> Fail {
        Fail::Input(localize::current().fen_error(&e))
    }
}

/// Only writing to standard output uses `?` on an `io::Error`.
impl From<io::Error> for Fail {
    fn from(e: io::Error) -> Fail {
        if e.kind() == io::ErrorKind::BrokenPipe {
            Fail::Closed
        } else {
            Fail::Input(localize::current().f("cli.cannot_write_output", &[("error", &e)]))
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
            one_line(&what)
        );
    }));
}

/// A path as a message may show it: it comes from an argument or the
/// environment, so its control characters are escaped.
fn shown(path: &Path) -> String {
    checkers::printable(&path.display().to_string()).into_owned()
}

/// Asks `question` on `out`, `[y/N]` after it, and reads the answer from the
/// terminal: yes only as [`tui::i18n::Lang::yes`] has it, in the player's
/// language; anything else, or nothing, is no.
fn ask_yes(mut out: impl Write, question: &str) -> io::Result<bool> {
    write!(out, "{question} [y/N] ")?;
    out.flush()?;
    let mut answer = String::new();
    io::stdin().lock().read_line(&mut answer)?;
    Ok(language().yes(&answer))
}

/// Refuses an output file (`option` names its flag) that would replace a file
/// unasked, or that could not be written for want of its folder or because a
/// folder (or a device, a FIFO) stands at its name: checked before the work,
/// which may take an hour, rather than after it. `force` allows replacing a
/// regular file, never anything else.
fn check_out(out: &Path, force: bool, option: &str) -> Result<(), Fail> {
    let say = localize::current();
    // The reader's own checks of what stands at a name, which open nothing that
    // is not a regular file: a rename could never put a file over a folder.
    if let Err(e) = checkers::open_file(out, u64::MAX) {
        if let Some(checkers::Refused::NotRegular(_)) = e
            .get_ref()
            .and_then(|i| i.downcast_ref::<checkers::Refused>())
        {
            let why = crate::files::io_reason(&say, &e);
            return Err(Fail::Input(say.f(
                "config.cannot_write",
                &[("path", &shown(out)), ("error", &why)],
            )));
        }
    }
    if out.exists() && !force {
        return Err(Fail::Input(
            say.f("cli.out.exists", &[("file", &shown(out))]),
        ));
    }
    let dir = out
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !dir.is_dir() {
        return Err(Fail::Input(say.f(
            "cli.out.no_folder",
            &[("dir", &shown(dir)), ("option", &option)],
        )));
    }
    Ok(())
}

/// Writes finished work to `out`, which [`check_out`] passed: a file that
/// appeared there while the work ran is replaced only if `replace` says so.
fn write_out(out: &Path, contents: impl AsRef<[u8]>, replace: bool) -> Result<(), Fail> {
    let written = if replace {
        crate::files::write_atomically(out, contents)
    } else {
        crate::files::write_new(out, contents)
    };
    written.map_err(|e| Fail::Runtime(format!("cannot write {}: {e}", shown(out))))
}

/// Parses the command line and runs it; returns the exit code.
pub fn run() -> i32 {
    install_panic_hook();
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let lang = localize::choose(&args);
    let parsed = localize::command(lang)
        .try_get_matches_from(&args)
        .and_then(|m| Cli::from_arg_matches(&m));
    let cli = match parsed {
        Ok(cli) => cli,
        Err(e) => match localize::error_line(lang, &e) {
            None => {
                let _ = e.print();
                return 0;
            }
            Some(line) => {
                // clap quotes the argument it refuses, which may hold anything.
                eprintln!("{}", checkers::printable(&line));
                return BAD_INPUT;
            }
        },
    };
    let result = match cli.command {
        None if cli.resume.is_some() => {
            resume(cli.resume.flatten().as_deref(), &cli.display, false)
        }
        None => start_screen(&cli.display),
        Some(Command::Variants) => variants(),
        Some(Command::Moves(a)) => moves(&a),
        Some(Command::Perft(a)) => perft(&a),
        Some(Command::Play(a)) => play(&a, &cli.display),
        Some(Command::Analyze(a)) => analyze(&a),
        Some(Command::Review(a)) => review::review(&a, &cli.display),
        Some(Command::Match(a)) => run_match(&a),
        Some(Command::Selfplay(a)) => learn::selfplay(&a),
        Some(Command::Train(a)) => learn::train(&a),
        Some(Command::Pdn(PdnCommand::Check(a))) => pdn_check(&a),
        Some(Command::Tables(TablesCommand::Build(a))) => tables::tables_build(&a),
        Some(Command::Book(BookCommand::Build(a))) => learn::book_build(&a),
        Some(Command::Games(a)) => games_command(&a),
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
    let error = lang.t("cli.error");
    match result {
        Ok(()) | Err(Fail::Closed) => 0,
        Err(Fail::Input(msg)) => {
            eprintln!("{error}: {}", one_line(&msg));
            BAD_INPUT
        }
        Err(Fail::Runtime(msg)) => {
            eprintln!("{error}: {}", one_line(&msg));
            1
        }
    }
}

/// An error message as the one line it must be, with every control character that
/// came from a file, an argument or the environment escaped: the last word before
/// anything reaches standard error, so no message can drive the terminal.
fn one_line(msg: &str) -> String {
    checkers::printable(&msg.replace('\n', "; ")).into_owned()
}

fn load_rules(a: &RulesArgs) -> Result<Ruleset, Fail> {
    if let Some(path) = &a.ruleset {
        return Ok(Ruleset::from_file(path)?);
    }
    let id = a.variant.as_deref().unwrap_or_default();
    Ruleset::builtin(id).ok_or_else(|| unknown_variant(id, true))
}

/// The refusal of `--variant ID`; `ruleset` says whether the command also takes
/// `--ruleset FILE`, which the refusal then points to.
fn unknown_variant(id: &str, ruleset: bool) -> Fail {
    let l = localize::current();
    let id = &*checkers::quoted(id);
    let ids: Vec<&str> = Ruleset::builtin_ids().collect();
    let lower = id.trim().to_lowercase();
    let hint = if ids.contains(&lower.as_str()) {
        l.f("cli.variant.did_you_mean", &[("id", &lower)])
    } else if ruleset && lower.ends_with(".toml") {
        l.f("cli.variant.use_ruleset", &[("file", &id)])
    } else {
        String::new()
    };
    // A command without `--ruleset` does not offer it.
    let or_ruleset = if ruleset {
        l.t("cli.variant.or_ruleset")
    } else {
        ""
    };
    Fail::Input(l.f(
        "cli.variant.unknown",
        &[
            ("id", &id),
            ("hint", &hint),
            ("ids", &ids.join(", ")),
            ("or_ruleset", &or_ruleset),
        ],
    ))
}

/// The evaluation of a weights file for `rules`; a file that is not one, or is
/// for other rules, is refused in one line.
/// The `--eval` value that names the hand-written evaluation instead of a file.
const HAND_EVAL: &str = "hand";

fn load_eval(path: &Path, rules: &Ruleset) -> Result<checkers::ai::eval::Evaluator, Fail> {
    // `hand`: the hand-written evaluation alone, the yardstick the weights are measured by.
    if path.as_os_str() == HAND_EVAL && !path.exists() {
        return Ok(checkers::ai::eval::Evaluator::hand(rules));
    }
    Ok(checkers::ai::eval::Evaluator::learned(
        rules,
        &load_eval_file(path, rules)?,
    ))
}

/// A weights file for `rules`, refused with one line if it is not one.
fn load_eval_file(path: &Path, rules: &Ruleset) -> Result<checkers::ai::evalfile::EvalFile, Fail> {
    let lang = localize::current();
    checkers::ai::evalfile::EvalFile::load_worded(path, rules, &|e| {
        crate::files::io_reason(&lang, e)
    })
    .map_err(|e| Fail::Input(lang.eval_error(&e)))
}

/// The language: `--lang`, else the config's `lang`, else the locale, else English.
fn lang(display: &DisplayArgs, config: &crate::config::Config) -> tui::i18n::Lang {
    display
        .lang
        .or(config.lang)
        .or_else(|| tui::i18n::Lang::from_locale(|name| std::env::var(name).ok()))
        .unwrap_or_default()
}

fn theme(display: &DisplayArgs, config: &crate::config::Config) -> tui::Theme {
    // https://no-color.org: any non-empty NO_COLOR turns colours off.
    let color = std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let mut t = tui::Theme::new(display.ascii || config.ascii, color);
    t.colors = config.colors;
    let var = |name| std::env::var(name).ok();
    t.depth = tui::Depth::detect(var("COLORTERM").as_deref(), var("TERM").as_deref());
    t
}

fn load_config() -> Result<crate::config::Config, Fail> {
    crate::config::load().map_err(Fail::Input)
}

fn config_command(c: &ConfigCommand) -> Result<(), Fail> {
    let l = localize::current();
    let path =
        crate::config::path().ok_or_else(|| Fail::Runtime(l.t("config.nowhere").to_string()))?;
    match c {
        ConfigCommand::Path => {
            let shown = path.display().to_string();
            writeln!(io::stdout(), "{}", checkers::printable(&shown))?;
        }
        ConfigCommand::Init { force } => {
            if path.exists() && !force {
                return Err(Fail::Input(
                    l.f("config.exists", &[("path", &path.display())]),
                ));
            }
            if let Some(dir) = path.parent() {
                std::fs::create_dir_all(dir).map_err(|e| {
                    let args: [(&str, &dyn std::fmt::Display); 2] =
                        [("path", &dir.display()), ("error", &e)];
                    Fail::Runtime(l.f("config.cannot_create", &args))
                })?;
            }
            crate::files::write_atomically(&path, crate::config::default_text()).map_err(|e| {
                let args: [(&str, &dyn std::fmt::Display); 2] =
                    [("path", &path.display()), ("error", &e)];
                Fail::Runtime(l.f("config.cannot_write", &args))
            })?;
            let shown = path.display().to_string();
            let shown = checkers::printable(&shown);
            writeln!(io::stdout(), "{}", l.f("config.wrote", &[("path", &shown)]))?;
        }
    }
    Ok(())
}

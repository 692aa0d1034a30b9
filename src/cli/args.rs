//! The command line's arguments, as clap reads them.

use super::localize::current as lang;
use super::tui;
use checkers::ai::MAX_THREADS;
use checkers::Ruleset;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

#[derive(Args, Debug)]
pub(super) struct PdnCheckArgs {
    /// The PDN files
    #[arg(required = true, value_name = "FILE")]
    pub(super) files: Vec<PathBuf>,
    /// Rules for games whose GameType and Variant tags name no game (never for a game a tag names)
    #[arg(long, value_name = "NAME")]
    pub(super) variant: Option<String>,
    /// One line per game (its warnings and notes indented under it) instead of the summary
    #[arg(long)]
    pub(super) verbose: bool,
    /// Print the summary (with --verbose: also each game) as one JSON object
    #[arg(long)]
    pub(super) json: bool,
}

/// `:` or `x`, for `--capture-separator`.
pub(super) fn parse_separator(s: &str) -> Result<char, String> {
    match s {
        ":" => Ok(':'),
        "x" => Ok('x'),
        _ => Err(lang().f("cli.value.separator", &[("value", &s)])),
    }
}

#[derive(Args, Debug)]
pub(super) struct SelfplayArgs {
    #[command(flatten)]
    pub(super) rules: RulesArgs,
    /// Games in the file when done (a file already there is continued)
    #[arg(long, value_parser = whole::<u64>(1, 10_000_000))]
    pub(super) games: u64,
    /// The data file to write (appended to, after its last whole game)
    #[arg(long, value_name = "FILE")]
    pub(super) out: PathBuf,
    /// Search depth per move
    #[arg(long, default_value_t = 6, value_parser = whole::<u32>(1, 30))]
    pub(super) depth: u32,
    /// Varies the random plies after each book opening
    #[arg(long, default_value_t = 1, value_parser = at_least::<u64>(0))]
    pub(super) seed: u64,
    /// Games played at once (default: one per core)
    #[arg(long, value_parser = at_least::<usize>(1))]
    pub(super) jobs: Option<usize>,
    /// Play with the weights of this file instead of the built-in evaluation (`hand`: the hand-written terms alone)
    #[arg(long, value_name = "FILE")]
    pub(super) eval: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub(super) struct TablesBuildArgs {
    #[command(flatten)]
    pub(super) rules: RulesArgs,
    /// The most pieces a position solved may have (default 4, 3 on 12×12; at most 6 on 8×8, 5 on the larger boards)
    #[arg(long, value_parser = whole::<u32>(2, checkers::ai::endgame::MAX_PIECES))]
    pub(super) pieces: Option<u32>,
}

#[derive(Args, Debug)]
pub(super) struct BookBuildArgs {
    #[command(flatten)]
    pub(super) rules: RulesArgs,
    /// The book file to write
    #[arg(long, value_name = "FILE")]
    pub(super) out: PathBuf,
    /// Replace --out if it exists
    #[arg(long)]
    pub(super) force: bool,
    /// Plies from the start whose every position is searched
    #[arg(long, default_value_t = 4, value_parser = whole::<usize>(0, 8))]
    pub(super) plies: usize,
    /// Plies of the book's own line followed on from each position of the last of them
    #[arg(long, default_value_t = 12, value_parser = whole::<usize>(0, 60))]
    pub(super) line: usize,
    /// Milliseconds of search for each position
    #[arg(long, value_name = "MS", default_value_t = 1000, value_parser = whole::<u64>(1, 3_600_000))]
    pub(super) movetime: u64,
    /// Positions searched at once (default: one per core)
    #[arg(long, value_parser = at_least::<usize>(1))]
    pub(super) jobs: Option<usize>,
}

#[derive(Args, Debug)]
pub(super) struct TrainArgs {
    #[command(flatten)]
    pub(super) rules: RulesArgs,
    /// Self-play data files to fit; without them, self-play is run first (see --rounds)
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub(super) data: Vec<PathBuf>,
    /// The weights file to write
    #[arg(long, value_name = "FILE")]
    pub(super) out: PathBuf,
    /// Replace --out if it exists
    #[arg(long)]
    pub(super) force: bool,
    /// Passes over the data
    #[arg(long, default_value_t = 20, value_parser = whole::<u32>(1, 1000))]
    pub(super) epochs: u32,
    /// Share of the target taken from the search's score (the rest is the game's result)
    #[arg(long, default_value_t = 0.5, value_parser = parse_share)]
    pub(super) lambda: f32,
    /// The share of the search's score with no pieces on the board, blended towards
    /// --lambda as the board fills (default: --lambda throughout). Where few pieces
    /// are left, a self-play game's result says more about the engine's endgame
    /// technique than about the position, and the search sees nearly to the end
    #[arg(long, value_parser = parse_share)]
    pub(super) lambda_endgame: Option<f32>,
    /// Seed of the order the positions are visited in
    #[arg(long, default_value_t = 1, value_parser = at_least::<u64>(0))]
    pub(super) seed: u64,
    /// Without --data: rounds of self-play then fitting, each with the newest weights
    #[arg(long, default_value_t = 2, value_parser = whole::<u32>(1, 20))]
    pub(super) rounds: u32,
    /// Without --data: self-play games per round
    #[arg(long, default_value_t = 2000, value_parser = whole::<u64>(1, 10_000_000))]
    pub(super) games: u64,
    /// Without --data: self-play search depth
    #[arg(long, default_value_t = 6, value_parser = whole::<u32>(1, 30))]
    pub(super) depth: u32,
    /// Without --data: games played at once (default: one per core)
    #[arg(long, value_parser = at_least::<usize>(1))]
    pub(super) jobs: Option<usize>,
    /// Also fit a small network on top of the pattern weights
    #[arg(long)]
    pub(super) network: bool,
    /// Keep this weights file's pattern weights and fit only the network on top of them
    #[arg(long, value_name = "FILE", requires = "data")]
    pub(super) base: Option<PathBuf>,
    /// Passes over the data for the network
    #[arg(long, default_value_t = 10, value_parser = whole::<u32>(1, 1000))]
    pub(super) network_epochs: u32,
    /// Hidden units of the network: 32, 64, 128 or 256
    #[arg(long, default_value_t = checkers::ai::network::DEFAULT_HIDDEN, value_parser = parse_hidden)]
    pub(super) hidden: usize,
    /// Start the network's fit from the --base file's network (and its size, or --hidden's if larger: the new units start silent) instead of afresh
    #[arg(long, requires = "base")]
    pub(super) keep_network: bool,
    /// The network's step size at its first pass; it decays to a tenth by the last
    #[arg(long, default_value_t = 0.002, value_parser = parse_step)]
    pub(super) learning_rate: f32,
}

pub(super) fn parse_hidden(s: &str) -> Result<usize, String> {
    match s.parse::<usize>() {
        Ok(h) if checkers::ai::network::HIDDEN_SIZES.contains(&h) => Ok(h),
        _ => Err(lang().f(
            "cli.value.hidden",
            &[
                ("value", &s),
                ("sizes", &checkers::ai::evalfile::hidden_sizes()),
            ],
        )),
    }
}

fn parse_step(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if v > 0.0 && v <= 1.0 => Ok(v),
        _ => Err(lang().f("cli.value.step", &[("value", &s)])),
    }
}

pub(super) fn parse_share(s: &str) -> Result<f32, String> {
    match s.parse::<f32>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(lang().f("cli.value.share", &[("value", &s)])),
    }
}

#[derive(Args, Debug)]
pub(super) struct MatchArgs {
    #[command(flatten)]
    pub(super) rules: RulesArgs,
    /// Number of games (played in pairs: each opening with both colours)
    #[arg(long, value_parser = whole::<u32>(1, 100_000))]
    pub(super) games: u32,
    /// Milliseconds per move for both sides, instead of each level's own
    #[arg(long, value_name = "MS", value_parser = at_least::<u64>(1))]
    pub(super) movetime: Option<u64>,
    /// Level of the first player (White in the first game of each pair), 1-10
    #[arg(long, value_parser = whole::<u8>(1, 10))]
    pub(super) white_level: u8,
    /// Level of the second player (Black in the first game of each pair), 1-10
    #[arg(long, value_parser = whole::<u8>(1, 10),
          required_unless_present = "opponent", conflicts_with = "opponent")]
    pub(super) black_level: Option<u8>,
    /// Write every game to this PDN file
    #[arg(long, value_name = "OUT")]
    pub(super) pdn: Option<PathBuf>,
    /// With --pdn: replace OUT if it exists
    #[arg(long, requires = "pdn")]
    pub(super) force: bool,
    /// Capture separator in that file for Russian games: ":" (default) or "x" (as lidraughts writes it)
    #[arg(long, value_name = "SEP", value_parser = parse_separator)]
    pub(super) capture_separator: Option<char>,
    /// Seed for the openings and the low levels' choices
    #[arg(long, default_value_t = 1, value_parser = at_least::<u64>(0))]
    pub(super) seed: u64,
    /// The first player's evaluation: a weights file (from `checkers train`), or `hand` for the hand-written terms alone
    #[arg(long, value_name = "FILE")]
    pub(super) eval: Option<PathBuf>,
    /// The first player's opening book (from `checkers book build`): its moves are played without a search
    #[arg(long, value_name = "FILE")]
    pub(super) book: Option<PathBuf>,
    /// The second player's evaluation: a weights file, or `hand`
    #[arg(long, value_name = "FILE", conflicts_with = "opponent")]
    pub(super) eval_b: Option<PathBuf>,
    /// Play the first player against another Hub engine, e.g. "hub:scan hub" (needs --movetime or --clock)
    #[arg(long, value_name = "hub:COMMAND")]
    pub(super) opponent: Option<String>,
    /// Both sides play on a clock: MIN+INC, minutes for the game and seconds added per move (e.g. 0.25+0.05); a flag fall loses
    #[arg(long, value_name = "MIN+INC", value_parser = parse_clock, conflicts_with = "movetime")]
    pub(super) clock: Option<checkers::clock::TimeControl>,
    /// Games played at once, each on its own thread [default: the number of cores]
    #[arg(long, value_name = "N", value_parser = whole::<u32>(1, 1024))]
    pub(super) jobs: Option<u32>,
    /// Threads each built-in player searches on, in every game [default: 1]
    #[arg(long, value_name = "N", value_parser = whole::<u32>(1, MAX_THREADS as u32))]
    pub(super) threads: Option<u32>,
    /// Stop as soon as a sequential test decides between ELO0 and ELO1 (5% errors each way); --games is then the most to play
    #[arg(long, value_name = "ELO0,ELO1", value_parser = parse_sprt)]
    pub(super) sprt: Option<checkers::lab::sprt::Sprt>,
    /// Play only openings that a depth-6 search with the hand-written evaluation finds within half a man: a random opening that gives a piece away decides its pair of games whoever plays them
    #[arg(long)]
    pub(super) balanced: bool,
}

fn parse_sprt(text: &str) -> Result<checkers::lab::sprt::Sprt, String> {
    checkers::lab::sprt::Sprt::parse(text)
}

#[derive(Args, Debug)]
pub(super) struct HubArgs {
    /// Evaluate with this weights file; the hub then plays only the file's variant
    #[arg(long, value_name = "FILE")]
    pub(super) eval: Option<PathBuf>,
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").required(true).args(["depth", "movetime"])))]
pub(super) struct AnalyzeArgs {
    #[command(flatten)]
    pub(super) rules: RulesArgs,
    /// Position as a PDN FEN (default: the variant's start position)
    #[arg(long)]
    pub(super) fen: Option<String>,
    /// Search this many plies (captures are always followed to the end), 1 to 60
    #[arg(long, value_parser = whole::<u32>(1, 60))]
    pub(super) depth: Option<u32>,
    /// Search for this many milliseconds
    #[arg(long, value_name = "MS", value_parser = at_least::<u64>(1))]
    pub(super) movetime: Option<u64>,
    /// Transposition table size in megabytes, rounded down to a power of two
    // 32: the table `analyze` always searched with (asked for as 64 while the
    // table halved a power of two).
    #[arg(long, default_value_t = 32, value_parser = whole::<u64>(1, 4096))]
    pub(super) hash: u64,
    /// Threads to search on, with --movetime alone (a search to a depth stays on one, so that it is reproducible) [default: 1]
    #[arg(long, value_name = "N", value_parser = whole::<u32>(1, MAX_THREADS as u32))]
    pub(super) threads: Option<u32>,
    /// Print one JSON object per depth, then a final one with "best" and "notation"
    #[arg(long)]
    pub(super) json: bool,
    /// Evaluate with this weights file (from `checkers train`) instead of the built-in evaluation (`hand`: the hand-written terms alone)
    #[arg(long, value_name = "FILE")]
    pub(super) eval: Option<PathBuf>,
}

/// The rules for a game: optional, the default variant when not given.
#[derive(Args, Debug)]
#[group(required = false, multiple = false)]
pub(super) struct GameRulesArgs {
    #[arg(long, value_name = "NAME", help = format!("Built-in variant: {}", variant_list("or")))]
    pub(super) variant: Option<String>,
    /// A ruleset TOML file of your own (see README, "Writing a ruleset")
    #[arg(long, value_name = "FILE")]
    pub(super) ruleset: Option<PathBuf>,
}

/// How the board is drawn; for the start screen as well as `play`.
#[derive(Args, Debug, Default)]
pub(super) struct DisplayArgs {
    /// Draw with plain ASCII characters only
    #[arg(long, global = true)]
    pub(super) ascii: bool,
    /// Language of the game: en, nl, ru, de or it (default: the config's, else LANG/LC_ALL, else en)
    #[arg(long, global = true, value_name = "LANG", value_parser = parse_lang)]
    pub(super) lang: Option<crate::tui::i18n::Lang>,
}

/// A language as `--lang` takes it: its two-letter code.
pub(super) fn language_code(s: &str) -> Option<crate::tui::i18n::Lang> {
    crate::tui::i18n::Lang::parse(s).filter(|_| s.len() == 2)
}

fn parse_lang(s: &str) -> Result<crate::tui::i18n::Lang, String> {
    language_code(s).ok_or_else(|| lang().t("cli.value.lang").to_string())
}

#[derive(Args, Debug)]
pub(super) struct PlayArgs {
    #[command(flatten)]
    pub(super) rules: GameRulesArgs,
    /// Start from this position (PDN FEN) instead of the start position
    #[arg(long)]
    pub(super) fen: Option<String>,
    /// Let a selected piece be put back even where the rules have touch-move
    #[arg(long)]
    pub(super) no_touch_move: bool,
    /// Keep this side at the bottom instead of turning the board to the player to move
    #[arg(long, value_name = "SIDE")]
    pub(super) bottom: Option<Side>,
    /// Open a game from a PDN file to step through it (←/→) and play on from any move
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    pub(super) load: Option<PathBuf>,
    /// Which game of the file, counting from 1
    #[arg(long, value_name = "N", default_value_t = 1, requires = "load", value_parser = at_least::<u32>(1))]
    pub(super) game: u32,
    /// Let the AI play with the weights of this file (from `checkers train`)
    #[arg(long, value_name = "FILE")]
    pub(super) eval: Option<PathBuf>,
    /// Play with clocks: MIN minutes each and INC seconds more with every move, e.g. 5+3 or 0+1 (default: the config's)
    #[arg(long, value_name = "MIN+INC", value_parser = parse_clock)]
    pub(super) clock: Option<checkers::clock::TimeControl>,
    /// English checkers: start from this three-move ballot of the standard deck, by number, or random
    #[arg(long, value_name = "N|random", conflicts_with_all = ["load", "fen"], value_parser = parse_ballot)]
    pub(super) ballot: Option<Ballot>,
    /// Continue a saved game instead: the one with this id, or the most recent unfinished one (see `checkers games`)
    #[arg(long, value_name = "ID", num_args = 0..=1, conflicts_with_all = ["load", "fen", "variant", "ruleset", "ballot"])]
    pub(super) resume: Option<Option<String>>,
    #[command(flatten)]
    pub(super) ai: AiArgs,
}

#[derive(Args, Debug)]
#[command(group(clap::ArgGroup::new("limit").args(["depth", "movetime"])))]
pub(super) struct ReviewArgs {
    /// The PDN file of the game (a saved game's file, or any other)
    #[arg(value_name = "FILE")]
    pub(super) file: PathBuf,
    /// Which game of the file, counting from 1
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = at_least::<u32>(1))]
    pub(super) game: u32,
    #[command(flatten)]
    pub(super) rules: GameRulesArgs,
    /// Search each position this many plies, 1 to 60
    #[arg(long, value_parser = whole::<u32>(1, 60))]
    pub(super) depth: Option<u32>,
    /// Search each position this many milliseconds [default: 500]
    #[arg(long, value_name = "MS", value_parser = at_least::<u64>(1))]
    pub(super) movetime: Option<u64>,
    /// Write the game annotated to this PDN file instead of opening it: evaluations, best lines and marks
    #[arg(long, value_name = "OUT")]
    pub(super) pdn: Option<PathBuf>,
    /// With --pdn: replace OUT if it exists
    #[arg(long, requires = "pdn")]
    pub(super) force: bool,
}

#[derive(Args, Debug)]
pub(super) struct GamesArgs {
    /// Print the list as JSON
    #[arg(long, conflicts_with = "delete")]
    pub(super) json: bool,
    /// Remove the saved game with this id
    #[arg(long, value_name = "ID")]
    pub(super) delete: Option<String>,
    /// With --delete: do not ask first (needed when not on a terminal)
    #[arg(long, requires = "delete")]
    pub(super) yes: bool,
}

/// The computer opponent.
#[derive(Args, Debug)]
pub(super) struct AiArgs {
    /// Which side the AI plays: white, black, both (watch it play itself) or none (hot-seat)
    #[arg(long, value_name = "SIDE")]
    pub(super) ai: Option<AiSide>,
    /// AI strength, 1 (beginner) to 10 (full strength within the think time)
    #[arg(long, value_parser = whole::<u8>(1, 10))]
    pub(super) level: Option<u8>,
    /// Seconds per move at level 10 (decimals allowed)
    #[arg(long, value_name = "SECONDS", value_parser = parse_seconds)]
    pub(super) think_time: Option<f64>,
    /// Watching the AI play itself: seconds at least between two moves, 0 to 60 (default 1)
    #[arg(long, value_name = "SECONDS", value_parser = parse_delay)]
    pub(super) delay: Option<f64>,
}

/// The built-in variants' ids as a sentence: "english, dammen64, … `last_word` german".
pub(crate) fn variant_list(last_word: &str) -> String {
    let ids: Vec<&str> = Ruleset::builtin_ids().collect();
    match ids.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} {last_word} {last}", rest.join(", ")),
        _ => ids.join(""),
    }
}

/// A side of the board, for `--bottom`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(super) enum Side {
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

fn parse_clock(s: &str) -> Result<checkers::clock::TimeControl, String> {
    checkers::clock::TimeControl::parse(s)
        .map_err(|_| lang().f("cli.value.clock", &[("value", &s)]))
}

/// Which three-move ballot `--ballot` asks for.
#[derive(Clone, Copy, Debug)]
pub(super) enum Ballot {
    Number(&'static checkers::openings::Ballot),
    Random,
}

fn parse_ballot(s: &str) -> Result<Ballot, String> {
    if s.eq_ignore_ascii_case("random") {
        return Ok(Ballot::Random);
    }
    let deck = checkers::openings::ballots().len();
    match s.parse::<u32>().ok().and_then(checkers::openings::ballot) {
        Some(ballot) => Ok(Ballot::Number(ballot)),
        None => Err(lang().f("cli.value.ballot", &[("value", &s), ("deck", &deck)])),
    }
}

fn parse_delay(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.0..=60.0).contains(&v) => Ok(v),
        _ => Err(lang().f("cli.value.delay", &[("value", &s)])),
    }
}

pub(super) fn parse_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if v.is_finite() && (0.05..=3600.0).contains(&v) => Ok(v),
        Ok(_) => Err(lang().f("cli.value.seconds_range", &[("value", &s)])),
        Err(_) => Err(lang().f("cli.value.seconds", &[("value", &s)])),
    }
}

impl AiArgs {
    /// The flags, falling back on the config file, then on the defaults.
    pub(super) fn settings(&self, config: &crate::config::Config) -> tui::AiSettings {
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
            delay: self
                .delay
                .map_or(d.delay, std::time::Duration::from_secs_f64),
        }
    }
}

/// Which rules to play: a built-in variant or a ruleset file.
#[derive(Args, Debug)]
#[group(required = true, multiple = false)]
pub(super) struct RulesArgs {
    #[arg(long, value_name = "NAME", help = format!("Built-in variant: {}", variant_list("or")))]
    pub(super) variant: Option<String>,
    /// A ruleset TOML file of your own (see README, "Writing a ruleset")
    #[arg(long, value_name = "FILE")]
    pub(super) ruleset: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub(super) struct MovesArgs {
    #[command(flatten)]
    pub(super) rules: RulesArgs,
    /// Position as a PDN FEN, e.g. W:W21-32:B1-12; without it, FENs are read from
    /// standard input, one per line, and answered one line each
    #[arg(long)]
    pub(super) fen: Option<String>,
    /// Print JSON: an array of {"path": [..], "captures": [..]} with PDN square numbers
    #[arg(long)]
    pub(super) json: bool,
}

#[derive(Args, Debug)]
pub(super) struct PerftArgs {
    #[command(flatten)]
    pub(super) rules: RulesArgs,
    /// Position as a PDN FEN (default: the variant's start position)
    #[arg(long)]
    pub(super) fen: Option<String>,
    /// Plies to search, 0 to 30
    #[arg(long, value_parser = parse_depth, allow_negative_numbers = true)]
    pub(super) depth: u32,
    /// Split the count by first move
    #[arg(long)]
    pub(super) divide: bool,
    /// Print JSON: {"depth": N, "nodes": X, "ms": T}
    #[arg(long)]
    pub(super) json: bool,
}

/// The deepest perft the command line accepts.
const MAX_DEPTH: u32 = 30;

pub(super) fn parse_depth(text: &str) -> Result<u32, String> {
    match text.trim().parse::<u32>() {
        Ok(d) if d <= MAX_DEPTH => Ok(d),
        Ok(d) => Err(lang().f(
            "cli.value.depth_limit",
            &[("value", &d), ("max", &MAX_DEPTH)],
        )),
        Err(_) => Err(lang().f("cli.value.depth", &[("value", &text), ("max", &MAX_DEPTH)])),
    }
}

/// A whole number from `lo` to `hi`, refused in the player's language (clap's
/// own range check words it in English).
fn whole<T>(lo: T, hi: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |s: &str| match s.parse::<T>() {
        Ok(v) if lo <= v && v <= hi => Ok(v),
        _ => Err(lang().f(
            "cli.value.whole",
            &[("value", &s), ("lo", &lo), ("hi", &hi)],
        )),
    }
}

/// A whole number of at least `lo`.
fn at_least<T>(lo: T) -> impl Fn(&str) -> Result<T, String> + Clone + Send + Sync + 'static
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display + Copy + Send + Sync + 'static,
{
    move |s: &str| match s.parse::<T>() {
        Ok(v) if lo <= v => Ok(v),
        _ => Err(lang().f("cli.value.at_least", &[("value", &s), ("lo", &lo)])),
    }
}

//! `checkers match`: the AI against itself or against another Hub engine, games
//! played in parallel, with a results table and an Elo difference.

use super::hub_opponent::{split_command, HubEngine};
use super::{load_eval, load_rules, Fail, MatchArgs};
use checkers::ai::eval::Evaluator;
use checkers::ai::search::Options;
use checkers::ai::{Engine, Level, Limits, Past, Rng};
use checkers::clock::TimeControl;
use checkers::lab::arena::{
    opening, play_contest, Builtin, Clock, Contestant, Played, Player, Thought, Turn,
};
use checkers::lab::sprt::Verdict;
use checkers::{Game, Move, Ruleset};
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

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
    // Whole points, as the table shows them; `+ 0.0` turns an even score's
    // -0 (and a rounded -0.4) into the +0 it is.
    let diff = to_elo(mean).round() + 0.0;
    let margin = (to_elo(mean + half) - to_elo(mean - half)) / 2.0;
    (diff, margin)
}

/// A seed for game `index` of `stream`: what a game plays depends on its number
/// and the match's seed, not on which thread plays it or when (splitmix64).
fn mix(seed: u64, stream: u64, index: u64) -> u64 {
    let mut z = seed
        ^ stream.wrapping_mul(0xD1B5_4A32_D192_ED03)
        ^ (index + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for _ in 0..2 {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
    }
    z
}

/// How a match draws its games' randomness: the seed, and whether its
/// openings must be balanced (`--balanced`).
#[derive(Clone, Copy)]
struct Draw {
    seed: u64,
    balanced: bool,
}

impl Draw {
    /// The opening of pair `pair` (games 2·pair and 2·pair + 1): two to four
    /// random plies; if balanced, drawn again until [`is_balanced`] (the first
    /// draw is the same either way, so a match without it plays what it always
    /// played).
    fn opening(self, rules: &Ruleset, pair: u32) -> Vec<Move> {
        let mut rng = Rng::new(mix(self.seed, 1, u64::from(pair)));
        let mut line = Vec::new();
        for _ in 0..BALANCED_TRIES {
            let plies = 2 + rng.below(3) as usize;
            line = opening(rules, plies, &mut rng);
            if !self.balanced || is_balanced(rules, &line) {
                break;
            }
        }
        line
    }
}

/// How many openings a balanced pair draws before it takes the last one.
const BALANCED_TRIES: u32 = 200;
/// The most a balanced opening may be worth to either side, in hundredths of a man.
const BALANCED_MARGIN: i32 = 50;

/// Whether the game after `line` goes on and a depth-6 search, with the
/// hand-written evaluation and none of the search's prunings (so the verdict
/// is plain minimax, whatever the engine's tuning), scores it within
/// [`BALANCED_MARGIN`] of level. In pool checkers a quarter of the random
/// openings split their pair one game each: a man given away in the first
/// plies decides the game whoever plays it, and says nothing of the players.
fn is_balanced(rules: &Ruleset, line: &[Move]) -> bool {
    let mut game = Game::new(rules.clone());
    if line.iter().any(|m| game.play(m).is_err()) || game.legal_moves().is_empty() {
        return false;
    }
    let mut engine = Engine::new(rules, 2);
    engine.eval = Evaluator::hand(rules);
    // Every field spelt out, none from the default: a switch the search gains
    // later must not change which openings a recorded match played.
    engine.options = Options {
        reductions: false,
        partial_root: false,
        start_permille: 1000,
        static_cut: false,
        probcut: false,
        counter_moves: false,
        endgame: false,
        aspiration: false,
    };
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let r = engine.search(
        game.position(),
        &Past::of(&game),
        limits,
        &stop,
        &mut |_| {},
    );
    r.info.score.abs() <= BALANCED_MARGIN
}

/// The second side of a match.
enum Second {
    Builtin(Player),
    /// Another engine: its command line and its name.
    Hub {
        argv: Vec<String>,
        name: String,
        movetime: Duration,
    },
}

/// An opponent that could not be started: it forfeits its first turn.
struct Absent(String);

impl Contestant for Absent {
    fn turn(&mut self, _: &Game, _: Option<Clock>, _: &mut Rng) -> Turn {
        Turn::Forfeit(self.0.clone())
    }
}

/// Game `g` of the match. `hub` is the thread's engine process, kept between
/// games and started again after one that failed.
fn play_one(
    rules: &Ruleset,
    draw: Draw,
    g: u32,
    first: &Player,
    second: &Second,
    control: Option<TimeControl>,
    hub: &mut Option<HubEngine>,
) -> Played {
    let line = draw.opening(rules, g / 2);
    let mut rng = Rng::new(mix(draw.seed, 2, u64::from(g)));
    let mut a = Builtin::new(rules, first.clone());
    let mut absent = Absent(String::new());
    let mut builtin;
    let b: &mut dyn Contestant = match second {
        Second::Builtin(p) => {
            builtin = Builtin::new(rules, p.clone());
            &mut builtin
        }
        Second::Hub { argv, movetime, .. } => {
            if hub.as_ref().is_some_and(|h| h.broken) {
                *hub = None;
            }
            match hub {
                Some(h) => h.new_game(),
                None => match HubEngine::start(argv, rules, *movetime) {
                    Ok(h) => *hub = Some(h),
                    Err(e) => absent = Absent(e),
                },
            }
            match hub {
                Some(h) => h,
                None => &mut absent,
            }
        }
    };
    if g.is_multiple_of(2) {
        play_contest(rules, &line, &mut a, b, control, &mut rng)
    } else {
        play_contest(rules, &line, b, &mut a, control, &mut rng)
    }
}

/// A weights file's name for a player's name, made printable: a file name may
/// hold anything.
fn eval_name(path: &std::path::Path) -> String {
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().to_string(),
    );
    checkers::printable(&name).into_owned()
}

/// A forfeit's reason as the text of a PDN comment: it may quote what the other
/// engine wrote, so no control character (shown as [`checkers::printable`] shows
/// it) and no brace, which would end the comment (a round bracket instead).
fn comment_text(why: &str) -> String {
    checkers::printable(why).replace('{', "(").replace('}', ")")
}

/// A finished game, as the threads hand it over.
struct Finished {
    index: u32,
    played: Played,
}

/// A colour's name at the start of a sentence.
fn side_name(c: checkers::Color) -> &'static str {
    match c {
        checkers::Color::White => "White",
        checkers::Color::Black => "Black",
    }
}

/// A game's score for the first player: 1, ½ or 0.
fn first_score(f: &Finished) -> f64 {
    match f.played.game.outcome().and_then(|o| o.winner) {
        Some(c) if c == first_color(f.index) => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// Wins, draws and losses of scores.
fn tally(scores: impl Iterator<Item = f64>) -> (u32, u32, u32) {
    scores.fold((0, 0, 0), |(w, d, l), s| {
        if s > 0.75 {
            (w + 1, d, l)
        } else if s > 0.25 {
            (w, d + 1, l)
        } else {
            (w, d, l + 1)
        }
    })
}

/// The first player's colour in game `index`.
fn first_color(index: u32) -> checkers::Color {
    if index.is_multiple_of(2) {
        checkers::Color::White
    } else {
        checkers::Color::Black
    }
}

/// The first player's scores in the two games of each pair whose games are
/// both over, in pair order.
fn pair_games(results: &[Option<(Finished, String)>]) -> Vec<(f64, f64)> {
    results
        .chunks_exact(2)
        .filter_map(|pair| match pair {
            [Some((a, _)), Some((b, _))] => Some((first_score(a), first_score(b))),
            _ => None,
        })
        .collect()
}

/// The first player's score in each pair whose two games are both over, in
/// pair order: the mean of its two games.
fn pair_scores(results: &[Option<(Finished, String)>]) -> Vec<f64> {
    pair_games(results)
        .into_iter()
        .map(|(a, b)| (a + b) / 2.0)
        .collect()
}

/// How the pairs ended, by the first player's points of 2, and how many of the
/// even ones each side won once: a pair split one win each was most likely
/// decided by its opening, whoever played it, so those pairs say least about
/// the players. `None` before any pair is over.
fn pair_line(pairs: &[(f64, f64)]) -> Option<String> {
    if pairs.is_empty() {
        return None;
    }
    let count = |points: f64| {
        pairs
            .iter()
            .filter(|(a, b)| (a + b - points).abs() < 0.25)
            .count()
    };
    let split = pairs.iter().filter(|(a, b)| (a - b).abs() > 0.75).count();
    Some(format!(
        "pairs, by the first player's points of 2: 2: {}, 1.5: {}, 1: {} ({split} of them one win each), 0.5: {}, 0: {}",
        count(2.0),
        count(1.5),
        count(1.0),
        count(0.5),
        count(0.0)
    ))
}

/// Where a sequential test stopped the match: its verdict, the ratio and the
/// number of pairs then.
#[derive(Clone, Copy)]
struct Decision {
    verdict: Verdict,
    llr: f64,
    pairs: usize,
}

/// One side's times per move, against the time it was given: the mean, the
/// 99.9th percentile and the longest, over every move it chose and over those
/// with more than one legal move. A Hub engine's table lookups cannot be seen
/// from here, so for it (`sees_tables` false) the line leaves them out rather
/// than report none.
fn time_line(name: &str, given: Duration, thoughts: &[Thought], sees_tables: bool) -> String {
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let given_ms = ms(given);
    let mut all: Vec<f64> = thoughts.iter().map(|t| ms(t.took)).collect();
    all.sort_by(f64::total_cmp);
    let n = all.len();
    if n == 0 {
        return format!("{name}: no moves");
    }
    let mean = all.iter().sum::<f64>() / n as f64;
    let p999 = all[((n as f64 * 0.999).ceil() as usize).clamp(1, n) - 1];
    let longest = all[n - 1];
    // How many of the moves `keep` picks, and their mean time.
    let among = |keep: &dyn Fn(&Thought) -> bool| {
        let picked: Vec<f64> = thoughts
            .iter()
            .filter(|t| keep(t))
            .map(|t| ms(t.took))
            .collect();
        let mean = picked.iter().sum::<f64>() / picked.len().max(1) as f64;
        (picked.len(), mean)
    };
    let (chosen, chosen_mean) = among(&|t| t.choices > 1);
    // Moves that needed a search: a choice, and a position the tables did not hold.
    let (searched, searched_mean) = among(&|t| t.choices > 1 && !t.tables);
    let in_tables = thoughts.iter().filter(|t| t.tables).count();
    let pct = |x: f64| 100.0 * x / given_ms;
    let line = format!(
        "{name}: mean {mean:.1} ms ({:.1}%), 99.9th percentile {p999:.1} ms ({:.1}%), longest \
         {longest:.1} ms ({:.1}%) over {n} moves; {} forced, mean of the others {chosen_mean:.1} ms ({:.1}%)",
        pct(mean),
        pct(p999),
        pct(longest),
        n - chosen,
        pct(chosen_mean),
    );
    if !sees_tables {
        return format!("{line}; its endgame tables are not seen through the Hub");
    }
    format!(
        "{line}; {in_tables} in the endgame tables, mean of the {searched} searched \
         {searched_mean:.1} ms ({:.1}%)",
        pct(searched_mean),
    )
}

pub(super) fn run_match(a: &MatchArgs) -> Result<(), Fail> {
    use std::io::IsTerminal;
    if a.opponent.is_some() && a.movetime.is_none() && a.clock.is_none() {
        return Err(Fail::Input(
            "--opponent needs --movetime or --clock: the other engine's time".to_string(),
        ));
    }
    let rules = load_rules(&a.rules)?;
    if let Some(path) = &a.pdn {
        super::check_out(path, a.force, "--pdn")?;
    }
    // Read from the cache (or solved once) before the first game, so that no
    // move of the match waits for the endgame tables.
    super::tables::ensure(&rules, &mut |_| {});
    let movetime = a.movetime.map(Duration::from_millis);
    let player = |level: u8, eval: &Option<std::path::PathBuf>| -> Result<(Player, String), Fail> {
        let mut p = Player {
            movetime,
            threads: a.threads.unwrap_or(1) as usize,
            ..Player::new(Level::get(level).expect("checked range"))
        };
        let mut name = format!("checkers level {level}");
        if let Some(path) = eval {
            p.eval = Some(Arc::new(load_eval(path, &rules)?));
            name = format!("{name} ({})", eval_name(path));
        }
        Ok((p, name))
    };
    let (mut first, mut first_name) = player(a.white_level, &a.eval)?;
    if let Some(path) = &a.book {
        let text = crate::files::read_text(path, 256 << 20).map_err(Fail::Input)?;
        let book = checkers::ai::book::OpeningBook::parse(&text, &rules)
            .map_err(|e| Fail::Input(format!("{}: {e}", super::shown(path))))?;
        first.book = Some(Arc::new(book));
        first_name = format!("{first_name} with a book");
    }
    // The opponent is started once here, so that a bad command fails at once;
    // the first thread then plays with it.
    let mut probe = None;
    let (second, second_name) = match &a.opponent {
        Some(text) => {
            let command = text.strip_prefix("hub:").ok_or_else(|| {
                Fail::Input(format!(
                    "--opponent `{text}`: give hub:COMMAND, the command of an engine that speaks \
                     the Hub protocol, e.g. \"hub:scan hub\""
                ))
            })?;
            let argv = split_command(command).map_err(Fail::Input)?;
            // With clocks, the engine is told its clock before each move instead.
            let movetime = movetime
                .or(a.clock.map(|c| c.start()))
                .expect("clap requires --movetime or --clock with --opponent");
            let engine = HubEngine::start(&argv, &rules, movetime).map_err(Fail::Input)?;
            let name = engine.name.clone();
            probe = Some(engine);
            (
                Second::Hub {
                    argv,
                    name: name.clone(),
                    movetime,
                },
                name,
            )
        }
        None => {
            let level = a
                .black_level
                .expect("clap requires --black-level without --opponent");
            let (p, name) = player(level, &a.eval_b)?;
            (Second::Builtin(p), name)
        }
    };
    let write_options = checkers::pdn::WriteOptions {
        capture_separator: match a.capture_separator {
            Some(c) => Some(c),
            None => super::load_config()?.capture_separator,
        },
    };
    if let Some(path) = &a.pdn {
        // Fail before hours of play, not after; without --force the name is
        // claimed only if still free, so a file made there since the check is kept.
        super::write_out(path, "", a.force)?;
    }
    let games = a.games;
    let jobs = a
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get() as u32))
        .clamp(1, games);
    let label_second = match &second {
        Second::Builtin(_) => match a.black_level {
            Some(b) if a.eval_b.is_none() => format!("level {b}"),
            _ => second_name.trim_start_matches("checkers ").to_string(),
        },
        Second::Hub { name, .. } => name.clone(),
    };
    let label_first = if a.eval.is_none() && a.book.is_none() {
        format!("level {}", a.white_level)
    } else {
        first_name.trim_start_matches("checkers ").to_string()
    };
    let event = format!("checkers match, {label_first} v {label_second}");

    let progress = io::stderr().is_terminal();
    let started = Instant::now();
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    // Ctrl-C (or a TERM) stops starting games; those under way finish and the
    // report covers every game played. A second one ends the program at once.
    let interrupted = Arc::new(AtomicBool::new(false));
    for signal in [signal_hook::consts::SIGINT, signal_hook::consts::SIGTERM] {
        let _ = signal_hook::flag::register_conditional_shutdown(signal, 130, interrupted.clone());
        let _ = signal_hook::flag::register(signal, interrupted.clone());
    }
    let mut results: Vec<Option<(Finished, String)>> = (0..games).map(|_| None).collect();
    let mut reported = 0usize;
    let mut failure: Option<Fail> = None;
    let mut decision: Option<Decision> = None;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel::<Finished>();
        for w in 0..jobs {
            let tx = tx.clone();
            let mut hub = if w == 0 { probe.take() } else { None };
            let (rules, first, second, next, stop) = (&rules, &first, &second, &next, &stop);
            let interrupted = &interrupted;
            let draw = Draw {
                seed: a.seed,
                balanced: a.balanced,
            };
            let control = a.clock;
            scope.spawn(move || loop {
                if stop.load(Ordering::Relaxed) || interrupted.load(Ordering::Relaxed) {
                    break;
                }
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let played = play_one(rules, draw, g, first, second, control, &mut hub);
                if tx.send(Finished { index: g, played }).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        for f in rx {
            let g = f.index as usize;
            let (white, black) = if g.is_multiple_of(2) {
                (&first_name, &second_name)
            } else {
                (&second_name, &first_name)
            };
            let tags = checkers::pdn::Tags {
                event: event.clone(),
                site: "checkers".to_string(),
                round: (g + 1).to_string(),
                white: white.clone(),
                black: black.clone(),
                ..Default::default()
            };
            let mut text = checkers::pdn::write_game_with(&f.played.game, &tags, &write_options);
            if let Some((color, why)) = &f.played.forfeit {
                // A comment before the moves says why the game ended early.
                if let Some(at) = text.find("\n\n") {
                    let why = comment_text(why);
                    text.insert_str(
                        at + 2,
                        &format!("{{{} forfeits: {why}}}\n", side_name(*color)),
                    );
                }
            }
            if progress {
                if let Some((color, why)) = &f.played.forfeit {
                    eprint!("\r\x1b[K");
                    // The reason may quote what the other engine wrote.
                    eprintln!(
                        "game {}/{games}: {} forfeits: {}",
                        g + 1,
                        side_name(*color),
                        checkers::printable(why)
                    );
                }
            }
            results[g] = Some((f, text));
            if let Some(path) = &a.pdn {
                // After every game, so that a match stopped early keeps what it played.
                let pdn: String = results.iter().flatten().map(|(_, t)| t.as_str()).collect();
                if let Err(e) = crate::files::write_atomically(path, &pdn) {
                    failure.get_or_insert(Fail::Input(format!(
                        "cannot write {}: {e}",
                        path.display()
                    )));
                    stop.store(true, Ordering::Relaxed);
                }
            }
            let secs = started.elapsed().as_secs_f64();
            let mut llr_text = String::new();
            if let Some(test) = &a.sprt {
                let pairs = pair_scores(&results);
                let llr = test.llr(&pairs);
                let (low, high) = test.bounds();
                llr_text = format!("  LLR {llr:.2} ({low:.2}, {high:.2})");
                let verdict = test.verdict(llr);
                if decision.is_none() && verdict != Verdict::Open {
                    // The games already under way finish and are counted; no new one starts.
                    decision = Some(Decision {
                        verdict,
                        llr,
                        pairs: pairs.len(),
                    });
                    stop.store(true, Ordering::Relaxed);
                }
            }
            if progress {
                let done = results.iter().flatten().count();
                let (w, d, l) = tally(results.iter().flatten().map(|(f, _)| first_score(f)));
                let width = 30;
                let filled = done * width / games as usize;
                eprint!(
                    "\r[{}{}] {done}/{games} games  +{w} ={d} -{l}{llr_text}  {secs:.0}s ",
                    "#".repeat(filled),
                    " ".repeat(width - filled),
                );
            } else {
                // A log or a script gets one plain line per game, in game order.
                while let Some(Some((f, _))) = results.get(reported) {
                    reported += 1;
                    let (w, d, l) = tally(
                        results[..reported]
                            .iter()
                            .flatten()
                            .map(|(f, _)| first_score(f)),
                    );
                    let why = f
                        .played
                        .forfeit
                        .as_ref()
                        .map(|(c, why)| {
                            let why = checkers::printable(why);
                            format!("  ({} forfeits: {why})", side_name(*c))
                        })
                        .unwrap_or_default();
                    eprintln!(
                        "game {reported}/{games}: {}  +{w} ={d} -{l}{llr_text}  {secs:.0}s{why}",
                        f.played.game.outcome().map_or("*", |o| o.pdn_result()),
                    );
                }
            }
        }
    });
    if progress {
        eprintln!();
    }
    if let Some(f) = failure {
        return Err(f);
    }
    let finished: Vec<&Finished> = results.iter().flatten().map(|(f, _)| f).collect();
    if finished.is_empty() {
        return Err(Fail::Input(
            "stopped before any game was over: nothing to report".to_string(),
        ));
    }
    let per_game: Vec<f64> = finished.iter().map(|f| first_score(f)).collect();
    let (wins, draws, losses) = tally(per_game.iter().copied());
    let n = per_game.len() as f64;
    let score = per_game.iter().sum::<f64>() / n;
    let (diff, margin) = elo(score, &per_game);
    let label = format!("{label_first} v {label_second}");
    let width = label.chars().count().max(22);
    // The ruleset's name and the other engine's come from outside.
    let mut out = checkers::Printable::text(io::stdout().lock());
    writeln!(
        out,
        "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>7} {:>14}",
        "match", "games", "wins", "draws", "losses", "score", "elo"
    )?;
    writeln!(
        out,
        "{:<width$} {:>6} {:>6} {:>6} {:>6} {:>6.1}% {:>+6.0} ± {:<5.0}",
        label,
        per_game.len(),
        wins,
        draws,
        losses,
        score * 100.0,
        diff,
        margin
    )?;
    writeln!(
        out,
        "(wins, draws and losses for {label_first}; both colours; {})",
        checkers::printable(&rules.name)
    )?;
    if let Some(line) = pair_line(&pair_games(&results)) {
        writeln!(out, "{line}")?;
    }
    if interrupted.load(Ordering::Relaxed) {
        writeln!(
            out,
            "(stopped by a signal: {} of {games} games played)",
            finished.len()
        )?;
    }
    if let Some(test) = &a.sprt {
        let pairs = pair_scores(&results);
        let llr = test.llr(&pairs);
        let (low, high) = test.bounds();
        let verdict = match decision {
            Some(Decision {
                verdict,
                llr,
                pairs,
            }) => {
                let answer = match verdict {
                    Verdict::H1 => "H1 accepted",
                    _ => "H0 accepted",
                };
                format!("{answer} after {pairs} pairs (LLR {llr:.2})")
            }
            None => "undecided".to_string(),
        };
        writeln!(
            out,
            "SPRT elo0 {} elo1 {} (alpha 0.05, beta 0.05): LLR {llr:.2} over {} pairs, \
             bounds ({low:.2}, {high:.2}): {verdict}",
            test.elo0,
            test.elo1,
            pairs.len()
        )?;
    }
    // Every move one player chose, over all games: the first player's or the second's.
    let of = |first: bool| -> Vec<Thought> {
        finished
            .iter()
            .flat_map(|f| {
                let side = if first {
                    first_color(f.index)
                } else {
                    first_color(f.index).opposite()
                };
                f.played.thoughts.iter().filter(move |t| t.side == side)
            })
            .copied()
            .collect()
    };
    if let Some(given) = movetime {
        writeln!(out, "time per move, of {} ms given:", given.as_millis())?;
        let first = format!("{label_first} (first)");
        let second_is_builtin = matches!(second, Second::Builtin(_));
        let second = format!("{label_second} (second)");
        writeln!(out, "  {}", time_line(&first, given, &of(true), true))?;
        writeln!(
            out,
            "  {}",
            time_line(&second, given, &of(false), second_is_builtin)
        )?;
    }
    if let Some(control) = a.clock {
        let on_time = finished
            .iter()
            .filter(|f| {
                f.played
                    .game
                    .outcome()
                    .is_some_and(|o| o.reason == checkers::OutcomeReason::Time)
            })
            .count();
        let mean = |first: bool| -> f64 {
            let took = of(first);
            took.iter()
                .map(|t| t.took.as_secs_f64() * 1000.0)
                .sum::<f64>()
                / took.len().max(1) as f64
        };
        writeln!(
            out,
            "clock {control} each: mean time per move {:.0} ms for {label_first} (first), {:.0} ms \
             for {label_second} (second); {on_time} lost on time",
            mean(true),
            mean(false)
        )?;
    }
    let forfeits: Vec<&Finished> = finished
        .iter()
        .copied()
        .filter(|f| f.played.forfeit.is_some())
        .collect();
    if !forfeits.is_empty() {
        let games = if forfeits.len() == 1 { "game" } else { "games" };
        writeln!(out, "{} {games} ended by forfeit:", forfeits.len())?;
        for f in forfeits.iter().take(10) {
            let (color, why) = f.played.forfeit.as_ref().expect("filtered");
            writeln!(
                out,
                "  game {}: {} forfeits: {}",
                f.index + 1,
                side_name(*color),
                checkers::printable(why)
            )?;
        }
        if forfeits.len() > 10 {
            writeln!(out, "  …")?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{elo, is_balanced, pair_line, Draw};
    use checkers::Ruleset;

    /// An even score printed as `-0 ± 0`: 50% is no difference, `+0`.
    #[test]
    fn an_even_score_is_plus_zero_elo() {
        for games in [&[0.5, 0.5][..], &[1.0, 0.0], &[1.0, 0.0, 0.5, 0.5]] {
            let (diff, _) = elo(0.5, games);
            assert_eq!(format!("{diff:>+6.0}"), "    +0", "{games:?}");
        }
        let (diff, _) = elo(0.4995, &[1.0, 0.0]);
        assert_eq!(format!("{diff:+.0}"), "+0");
        assert_eq!(format!("{:+.0}", elo(0.75, &[1.0, 0.5]).0), "+191");
    }

    #[test]
    fn pairs_are_counted_by_points_and_split_pairs_are_told_apart() {
        assert_eq!(pair_line(&[]), None);
        let pairs = [
            (1.0, 1.0),
            (1.0, 0.5),
            (0.5, 0.5),
            (1.0, 0.0),
            (0.0, 1.0),
            (0.5, 0.0),
            (0.0, 0.0),
            (0.5, 1.0),
        ];
        assert_eq!(
            pair_line(&pairs).unwrap(),
            "pairs, by the first player's points of 2: 2: 1, 1.5: 2, 1: 3 (2 of them one win each), 0.5: 1, 0: 1"
        );
    }

    /// Without `--balanced` a match plays the openings it always played; with
    /// it, pool's openings that split their pair one game each in a 400-game
    /// match at 100 ms (`--seed 8`, pool.p3 against the hand-written
    /// evaluation) are drawn again, and pairs it drew evenly keep theirs.
    #[test]
    fn balanced_openings_redraw_pools_lopsided_pairs_and_only_those_it_must() {
        let rules = Ruleset::builtin("pool").unwrap();
        let plain = Draw {
            seed: 8,
            balanced: false,
        };
        let balanced = Draw {
            balanced: true,
            ..plain
        };
        // Pairs that split one game each, whoever had which colour.
        let split = [5, 14, 16, 17, 19, 20];
        let redrawn: Vec<u32> = split
            .into_iter()
            .filter(|&p| !is_balanced(&rules, &plain.opening(&rules, p)))
            .collect();
        assert!(redrawn.len() >= split.len() / 2, "{redrawn:?}");
        for p in redrawn {
            let line = balanced.opening(&rules, p);
            assert_ne!(line, plain.opening(&rules, p), "pair {p}");
            assert!(is_balanced(&rules, &line), "pair {p}");
        }
        // Pairs both of whose games were drawn.
        for p in [0, 3, 4, 6, 10] {
            let line = plain.opening(&rules, p);
            assert!(is_balanced(&rules, &line), "pair {p}");
            assert_eq!(balanced.opening(&rules, p), line, "pair {p}");
        }
    }
}

//! `checkers pdn check FILE...`: reads PDN files game by game, replays every game,
//! and prints a summary (or, with `--verbose`, one line per game).

use super::{load_config, Fail, PdnCheckArgs};
use checkers::pdn::{Assume, Checked, Checker, Reader, Verdict};
use checkers::{printable, Printable, Ruleset};
use std::io::{self, Write};

mod summary;

use summary::{players, Tally};

/// The one line per game of `--verbose` (its form is the one `pdn check` has
/// always printed), then its warnings and notes, indented.
fn game_lines(c: &Checked) -> Vec<String> {
    let (n, who) = (c.pdn.number, players(c));
    let id = c.rules.as_deref().unwrap_or("?");
    let mut lines = vec![match &c.verdict {
        Verdict::Replayed(r) => {
            let result = match r.game.outcome() {
                Some(o) if r.result == "*" => format!("{} ({o})", o.pdn_result()),
                Some(o) => format!("{} ({o})", r.result),
                None => r.result.clone(),
            };
            format!(
                "game {n} ({who}, {id}): ok, {} moves, result {result}",
                r.game.moves().len()
            )
        }
        Verdict::Refused(e) => format!("game {n} ({who}, {id}): error at {e}"),
        Verdict::Unsupported(u) => format!(
            "game {n} ({who}, line {}): unsupported: {}",
            c.pdn.line, u.message
        ),
    }];
    lines.extend(c.pdn.warnings.iter().map(|w| format!("  warning: {w}")));
    if let Verdict::Replayed(r) = &c.verdict {
        lines.extend(r.warnings.iter().map(|w| format!("  warning: {w}")));
        lines.extend(r.remarks().into_iter().map(|n| format!("  {n}")));
    }
    lines
}

/// What is assumed for games whose tags name no game: `--variant`, and the
/// config's variant for games written in its notation.
fn assumptions(a: &PdnCheckArgs) -> Result<Assume, Fail> {
    let variant = match &a.variant {
        Some(v) => Some(Ruleset::builtin(v).ok_or_else(|| super::unknown_variant(v, false))?),
        None => None,
    };
    let preferred = load_config()?.variant.and_then(|v| Ruleset::builtin(&v));
    Ok(Assume { variant, preferred })
}

/// Counts a file that could not be read; `--verbose`, which prints no
/// summary, says why under the file's name, as the summary would have.
fn unreadable(
    out: &mut impl Write,
    tally: &mut Tally,
    text_lines: bool,
    name: &str,
    why: String,
) -> io::Result<()> {
    if text_lines {
        writeln!(out, "unreadable: {}", printable(&why))?;
    }
    tally.unreadable(name, why);
    Ok(())
}

pub(super) fn pdn_check(a: &PdnCheckArgs) -> Result<(), Fail> {
    let mut checker = Checker::new(assumptions(a)?);
    let mut tally = Tally::new(a.json, a.verbose && a.json);
    // Every line quotes the files: their names, tags and moves may hold anything.
    let mut out = if a.json {
        Printable::json(io::stdout().lock())
    } else {
        Printable::text(io::stdout().lock())
    };
    let text_lines = a.verbose && !a.json;
    let several = a.files.len() > 1;
    for path in &a.files {
        let name = path.display().to_string();
        // A FIFO, a terminal or /dev/zero is refused at once: the stream reader
        // would otherwise wait or read forever. The size is no limit: only one
        // game is held at a time.
        let file = match checkers::open_file(path, u64::MAX) {
            Ok(f) => f,
            Err(e) => {
                let why = format!("cannot read {name}: {e}");
                unreadable(&mut out, &mut tally, text_lines, &name, why)?;
                continue;
            }
        };
        if text_lines && several {
            writeln!(out, "{}:", printable(&name))?;
        }
        checker.next_file();
        let mut reader = Reader::new(io::BufReader::new(file));
        let mut games = 0;
        for item in reader.by_ref() {
            match item {
                Ok(game) => {
                    games += 1;
                    let checked = checker.check(game);
                    if text_lines {
                        for line in game_lines(&checked) {
                            writeln!(out, "{}", printable(&line))?;
                        }
                    }
                    tally.add(&name, &checked);
                }
                Err(e) => {
                    let why = format!("{name}: {e}");
                    unreadable(&mut out, &mut tally, text_lines, &name, why)?;
                    break;
                }
            }
        }
        if let Some(note) = reader.encoding_note() {
            if text_lines {
                writeln!(out, "  {note}")?;
            }
            tally.encoding(&name, reader.encodings());
        }
        if games == 0 && !tally.failed(&name) {
            let why = format!("{name}: no game in the file");
            unreadable(&mut out, &mut tally, text_lines, &name, why)?;
        }
    }
    if a.json {
        writeln!(out, "{}", tally.json())?;
    } else if !a.verbose {
        for line in tally.lines() {
            writeln!(out, "{}", printable(&line))?;
        }
    }
    drop(out);
    if let Some(problem) = tally.problem(several) {
        return Err(Fail::Input(printable(&problem).into_owned()));
    }
    Ok(())
}

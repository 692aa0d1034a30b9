//! `checkers games`: the saved-games library, listed or pruned by hand.

use super::{Fail, GamesArgs};
use crate::games::{self, Entry, Library};
use std::io::{self, BufRead, IsTerminal, Write};

pub(super) fn games_command(a: &GamesArgs) -> Result<(), Fail> {
    let lib = Library::open().map_err(Fail::Runtime)?;
    match &a.delete {
        Some(id) => delete(&lib, id, a.yes),
        None if a.json => list_json(&lib),
        None => list(&lib),
    }
}

fn result_word(e: &Entry) -> String {
    match (&e.unreadable, &e.result) {
        (Some(_), _) => "unreadable".to_string(),
        (None, Some(r)) => r.clone(),
        (None, None) => "unfinished".to_string(),
    }
}

fn list(lib: &Library) -> Result<(), Fail> {
    let entries = lib.list().map_err(Fail::Runtime)?;
    let mut out = io::stdout().lock();
    if entries.is_empty() {
        writeln!(out, "no saved games in {}", lib.dir.display())?;
        return Ok(());
    }
    let p = |s: &str| checkers::printable(s).into_owned();
    let width = entries.iter().map(|e| e.id.len()).max().unwrap_or(2).max(2);
    writeln!(
        out,
        "{:<width$}  {:<10}  {:<18}  {:<18}  {:>5}  {:<10}  last played",
        "id", "variant", "white", "black", "moves", "result"
    )?;
    for e in &entries {
        let open = if e.open {
            "  (open in a checkers now)"
        } else {
            ""
        };
        writeln!(
            out,
            "{:<width$}  {:<10}  {:<18}  {:<18}  {:>5}  {:<10}  {}{open}",
            e.id,
            p(&e.variant),
            p(&e.white),
            p(&e.black),
            e.moves,
            result_word(e),
            games::when(e.last_played),
        )?;
    }
    writeln!(out, "in {}", lib.dir.display())?;
    Ok(())
}

fn list_json(lib: &Library) -> Result<(), Fail> {
    let entries = lib.list().map_err(Fail::Runtime)?;
    let list: Vec<serde_json::Value> = entries
        .iter()
        .map(|e| {
            serde_json::json!({
                "id": e.id,
                "file": e.path.display().to_string(),
                "variant": e.variant,
                "white": e.white,
                "black": e.black,
                "moves": e.moves,
                "result": result_word(e),
                "finished": e.result.is_some(),
                "last_played": games::rfc3339(e.last_played),
                "open": e.open,
                "error": e.unreadable,
            })
        })
        .collect();
    let text = serde_json::to_string_pretty(&list).map_err(|e| Fail::Runtime(e.to_string()))?;
    writeln!(io::stdout(), "{text}")?;
    Ok(())
}

/// Removes one game: asks first on a terminal unless `yes`; without a terminal
/// there is no one to ask, so `--yes` is required.
fn delete(lib: &Library, id: &str, yes: bool) -> Result<(), Fail> {
    let l = super::localize::current();
    let id = lib.resolve(id).map_err(|e| Fail::Input(e.to_string()))?;
    if !yes {
        if !io::stdin().is_terminal() {
            return Err(Fail::Input(l.f("games.needs_yes", &[("id", &id)])));
        }
        let entry = lib
            .list()
            .map_err(Fail::Runtime)?
            .into_iter()
            .find(|e| e.id == id);
        let what = entry.map_or(String::new(), |e| {
            let moves = l.n("count.moves", e.moves as u64, &[]);
            let variant = checkers::printable(&e.variant).into_owned();
            format!(" ({variant}, {moves}, {})", result_word(&e))
        });
        let mut err = io::stderr();
        let ask = l.f("games.delete_ask", &[("id", &id), ("what", &what)]);
        write!(err, "{ask} [y/N] ")?;
        err.flush()?;
        let mut answer = String::new();
        io::stdin().lock().read_line(&mut answer)?;
        if !matches!(answer.trim(), "y" | "Y" | "yes") {
            writeln!(io::stdout(), "{}", l.f("games.kept", &[("id", &id)]))?;
            return Ok(());
        }
    }
    let id = lib.delete(&id).map_err(|e| Fail::Runtime(e.to_string()))?;
    writeln!(io::stdout(), "{}", l.f("games.deleted", &[("id", &id)]))?;
    Ok(())
}

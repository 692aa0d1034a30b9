//! `checkers games`: the saved-games library, listed or pruned by hand.

use super::{Fail, GamesArgs};
use crate::games::{self, Entry, Library};
use checkers::{printable, Printable};
use std::io::{self, IsTerminal, Write};

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

/// The folder's name as it may be shown: it comes from the environment.
fn folder(lib: &Library) -> String {
    super::shown(&lib.dir)
}

fn list(lib: &Library) -> Result<(), Fail> {
    let entries = lib.list().map_err(Fail::Runtime)?;
    // An id is a file's name, and the rest comes from the file: both may hold anything.
    let mut out = Printable::text(io::stdout().lock());
    if entries.is_empty() {
        writeln!(out, "no saved games in {}", folder(lib))?;
        return Ok(());
    }
    let p = |s: &str| printable(s).into_owned();
    // Each column as wide as its widest entry (escaped), and at least its usual width.
    let column = |least: usize, of: &dyn Fn(&games::Entry) -> &str| {
        entries
            .iter()
            .map(|e| p(of(e)).chars().count())
            .max()
            .unwrap_or(0)
            .max(least)
    };
    let width = column(2, &|e| &e.id);
    let (vw, ww, bw) = (
        column(10, &|e| &e.variant),
        column(18, &|e| &e.white),
        column(18, &|e| &e.black),
    );
    writeln!(
        out,
        "{:<width$}  {:<vw$}  {:<ww$}  {:<bw$}  {:>5}  {:<10}  last played",
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
            "{:<width$}  {:<vw$}  {:<ww$}  {:<bw$}  {:>5}  {:<10}  {}{open}",
            p(&e.id),
            p(&e.variant),
            p(&e.white),
            p(&e.black),
            e.moves,
            result_word(e),
            games::when(e.last_played),
        )?;
    }
    writeln!(out, "in {}", folder(lib))?;
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
    // serde_json writes DEL and C1 raw: escaped here, the JSON reads back the same.
    writeln!(Printable::json(io::stdout().lock()), "{text}")?;
    Ok(())
}

/// Removes one game: asks first on a terminal unless `yes`; without a terminal
/// there is no one to ask, so `--yes` is required.
fn delete(lib: &Library, id: &str, yes: bool) -> Result<(), Fail> {
    let l = super::localize::current();
    let id = lib.resolve(id).map_err(|e| Fail::Input(e.to_string()))?;
    // The full id may hold what the prefix typed did not (a file copied in by hand).
    let shown = printable(&id).into_owned();
    if !yes {
        if !io::stdin().is_terminal() {
            return Err(Fail::Input(l.f("games.needs_yes", &[("id", &shown)])));
        }
        let entry = lib
            .list()
            .map_err(Fail::Runtime)?
            .into_iter()
            .find(|e| e.id == id);
        let what = entry.map_or(String::new(), |e| {
            let moves = l.n("count.moves", e.moves.div_ceil(2) as u64, &[]);
            let variant = printable(&e.variant).into_owned();
            format!(" ({variant}, {moves}, {})", result_word(&e))
        });
        let ask = l.f("games.delete_ask", &[("id", &shown), ("what", &what)]);
        if !super::ask_yes(Printable::text(io::stderr()), &ask)? {
            let kept = l.f("games.kept", &[("id", &shown)]);
            writeln!(Printable::text(io::stdout()), "{kept}")?;
            return Ok(());
        }
    }
    let id = lib.delete(&id).map_err(|e| Fail::Runtime(e.to_string()))?;
    let deleted = l.f("games.deleted", &[("id", &printable(&id))]);
    writeln!(Printable::text(io::stdout()), "{deleted}")?;
    Ok(())
}

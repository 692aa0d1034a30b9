//! Endgame tables on disk: solved once per machine and set of rules of movement,
//! kept in the cache directory, checked when read and solved again when missing,
//! damaged or made by another version of the solver. A search never waits for
//! them: the hub loads them before `ready`, the terminal game on a thread of
//! its own once the game nears its end (showing the progress, its searches
//! going on without them meanwhile), `checkers tables build` ahead of time.

use super::{load_rules, Fail, TablesBuildArgs};
use checkers::ai::endgame::{default_pieces, most_pieces, Tables, MAX_PIECES};
use checkers::lab::tables;
use checkers::Ruleset;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// `$XDG_CACHE_HOME/checkers/tables`, else `~/.cache/checkers/tables`.
pub(crate) fn dir() -> Option<PathBuf> {
    Some(crate::config::xdg_dir("XDG_CACHE_HOME", ".cache")?.join("checkers/tables"))
}

/// Where the `pieces`-piece tables of `rules` are kept.
fn path(rules: &Ruleset, pieces: u32) -> Option<PathBuf> {
    Some(dir()?.join(tables::file_name(rules, pieces)))
}

/// The tables of `pieces` pieces for `rules`, read from the cache if a good file
/// is there, else solved (`progress` hears the share done) and written to it.
/// `writing` hears the share of a solved file deflated. The second value says
/// where they came from, for the command's report; a cache that cannot be
/// written costs only the next process's time.
fn load_or_build(
    rules: &Ruleset,
    pieces: u32,
    progress: &mut dyn FnMut(f64),
    writing: &mut dyn FnMut(f64),
) -> (Tables, Option<PathBuf>, bool) {
    let path = path(rules, pieces);
    if let Some(t) = cached(rules, pieces, progress) {
        progress(1.0);
        return (t, path, true);
    }
    let t = tables::build(rules, pieces, progress);
    let written = path.filter(|p| {
        p.parent()
            .is_some_and(|d| std::fs::create_dir_all(d).is_ok())
            && crate::files::write_atomically(p, tables::to_bytes_with(rules, &t, writing)).is_ok()
    });
    (t, written, false)
}

/// The cache's `pieces`-piece tables of `rules`, if a good file is there
/// (`progress` hears the share read).
fn cached(rules: &Ruleset, pieces: u32, progress: &mut dyn FnMut(f64)) -> Option<Tables> {
    let file = std::fs::File::open(path(rules, pieces)?).ok()?;
    let from = std::io::BufReader::with_capacity(1 << 20, file);
    tables::read(rules, from, progress).ok()
}

/// Makes the process's shared tables for `rules` ready (see
/// [`checkers::lab::tables::shared`]), from the cache where it can: every
/// engine attached after this finds them at once. Tables of more pieces than
/// a game builds (`checkers tables build --pieces 4` on 12×12) are used where
/// the cache has them. Nothing to do where they are ready.
pub(crate) fn ensure(rules: &Ruleset, progress: &mut dyn FnMut(f64)) {
    // One thread at a time reads or solves: the terminal game's panel and its
    // AI may both want the tables at once, and one copy in memory is enough.
    static ENSURING: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _one = ENSURING.lock().unwrap_or_else(|e| e.into_inner());
    if tables::installed(rules) {
        return;
    }
    let least = default_pieces(rules.geometry());
    let t = match (least + 1..=MAX_PIECES)
        .rev()
        .find_map(|n| cached(rules, n, progress))
    {
        Some(t) => {
            progress(1.0);
            t
        }
        None => load_or_build(rules, least, progress, &mut |_| {}).0,
    };
    tables::install(rules, Arc::new(t));
}

/// Attaches the tables to `engine` if its next search, from `root`, would use
/// them ([`checkers::lab::tables::prepare`]), read from the cache (or solved
/// once, `progress` hearing the share done) rather than solved in the process.
pub(crate) fn prepare(
    engine: &mut checkers::ai::Engine,
    root: &checkers::Position,
    progress: &mut dyn FnMut(f64),
) {
    if root.occupied().count() <= checkers::ai::search::ENDGAME_FROM {
        ensure(engine.rules(), progress);
    }
    tables::prepare(engine, root);
}

/// Attaches the tables to `engine` if its next search, from `root`, would use
/// them and the process has them already; never reads or solves them, so that
/// the search starts at once (the terminal game gets them on another thread).
pub(crate) fn attach_ready(engine: &mut checkers::ai::Engine, root: &checkers::Position) {
    if tables::installed(engine.rules()) {
        tables::prepare(engine, root);
    }
}

/// What the machine has to spare, where it says (`MemAvailable` on Linux).
fn memory_available() -> Option<u64> {
    available_in(&std::fs::read_to_string("/proc/meminfo").ok()?)
}

/// The bytes `/proc/meminfo`'s text says are available.
fn available_in(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kb.checked_mul(1024)
}

/// `checkers tables build`: solves (or checks the cache's) tables of a variant
/// ahead of time, with a progress bar.
pub(super) fn tables_build(a: &TablesBuildArgs) -> Result<(), Fail> {
    let rules = load_rules(&a.rules)?;
    let pieces = a.pieces.unwrap_or(default_pieces(rules.geometry()));
    let most = most_pieces(rules.geometry());
    if pieces > most {
        let n = rules.geometry().size;
        return Err(Fail::Input(format!(
            "--pieces {pieces}: on {n}×{n} the solver builds tables of at most {most} pieces \
             (more would need more memory than an ordinary machine has)"
        )));
    }
    // A solve that runs out of memory fails late, after minutes of work: say
    // so before starting where the machine tells what it has to spare.
    let fresh = path(&rules, pieces).is_some_and(|p| !p.exists());
    let needed = tables::memory(&rules, pieces);
    if let Some(free) = memory_available().filter(|&free| fresh && free < needed) {
        return Err(Fail::Runtime(format!(
            "--pieces {pieces}: solving these tables needs about {:.1} GB of memory, \
             and this machine has {:.1} GB available",
            needed as f64 / 1e9,
            free as f64 / 1e9
        )));
    }
    let started = Instant::now();
    let bar = super::learn::Progress::new("tables", 100);
    // Deflating six pieces' cells takes minutes after the solve: a bar of its
    // own, so that the wait is not a silent 100%.
    let mut write_bar: Option<super::learn::Progress> = None;
    let (t, path, cached) = load_or_build(
        &rules,
        pieces,
        &mut |share| bar.tick((share * 100.0) as u64, ""),
        &mut |share| {
            write_bar
                .get_or_insert_with(|| {
                    bar.finish("solved; writing the file");
                    super::learn::Progress::new("writing", 100)
                })
                .tick((share * 100.0) as u64, "")
        },
    );
    let what = if cached { "read and checked" } else { "solved" };
    let path = path.ok_or_else(|| {
        Fail::Runtime(format!(
            "solved the tables, but cannot write them to the cache directory ({}); \
             set XDG_CACHE_HOME or HOME",
            dir().map_or("none".into(), |d| d.display().to_string())
        ))
    })?;
    bar.finish(&format!(
        "{what} {} positions of up to {pieces} pieces in {:.1} s: {}",
        t.len(),
        started.elapsed().as_secs_f64(),
        super::shown(&path)
    ));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_available_is_read_from_meminfo() {
        let info = "MemTotal:       24683624 kB\nMemFree:         9149356 kB\nMemAvailable:    9443644 kB\n";
        assert_eq!(available_in(info), Some(9_443_644 * 1024));
        assert_eq!(available_in("MemTotal: 1 kB\n"), None);
        assert_eq!(available_in("MemAvailable: lots kB\n"), None);
    }

    /// A search of the terminal game starts at once: tables the process does
    /// not have are neither read nor solved for it (10×10's took ten seconds
    /// of a clock's time on a fresh cache).
    #[test]
    fn attaching_ready_tables_never_reads_or_solves_them() {
        // Rules of movement of their own (flying kings that take only from
        // next to a piece), so that no other test of this process shares
        // their tables.
        let text = include_str!("../../rulesets/czech.toml")
            .replace("id = \"czech\"", "id = \"czech-short-takes\"")
            .replace(
                "king_captures_from = \"any-distance\"",
                "king_captures_from = \"adjacent\"",
            )
            .replace(
                "king_lands = \"any-empty-beyond\"",
                "king_lands = \"directly-behind\"",
            );
        let rules = Ruleset::from_toml(&text, "test").unwrap();
        let pos = checkers::fen::parse("W:W21,22:B5", rules.geometry()).unwrap();
        // The process's tables are shared by every test in it: another may
        // have installed these already, and then the search gets them.
        let had = tables::installed(&rules);
        let mut engine = checkers::ai::Engine::new(&rules, 1);
        attach_ready(&mut engine, &pos);
        assert_eq!(engine.tables().is_some(), had);
        assert_eq!(tables::installed(&rules), had, "solved for the search");
        if !had {
            // Once the process has them, the next search gets them.
            tables::install(&rules, Arc::new(tables::build(&rules, 3, &mut |_| {})));
            attach_ready(&mut engine, &pos);
            assert!(engine.tables().is_some());
        }
    }
}

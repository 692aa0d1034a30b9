//! Builds an opening book ([`crate::ai::book`]) by the engine's own searches.
//!
//! Every position the first `plies` plies can reach is searched, so that the
//! book answers whatever the opponent plays that early; then from each
//! position of the last of those plies the book's own line is followed for
//! `line` more plies, both sides playing what the book found. Positions are
//! searched a level at a time, each level's on `jobs` threads.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use crate::ai::book::{Entry, OpeningBook};
use crate::ai::{Engine, Limits, Past};
use crate::lab::selfplay::early_positions;
use crate::movegen::legal_moves;
use crate::position::Position;
use crate::rules::Ruleset;

/// What to build.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// Plies from the start whose every position is searched.
    pub plies: usize,
    /// Plies of the book's own line followed from each position of the last of them.
    pub line: usize,
    /// The search's time for each position.
    pub movetime: Duration,
    /// Positions searched at once.
    pub jobs: usize,
}

/// Transposition table of each search, in megabytes.
const TABLE_MB: usize = 32;

/// The book `spec` asks for. `progress` hears the share done (0 to 1) after
/// each position.
pub fn build(rules: &Ruleset, spec: Spec, progress: &(dyn Fn(f64) + Sync)) -> OpeningBook {
    let levels = reachable(rules, spec.plies);
    let last = levels.last().map_or(0, Vec::len);
    // Each line may end early (a game over, a position met before), so the
    // total is an estimate from above, and the bar ends at 1 when the build does.
    let estimate = levels.iter().map(Vec::len).sum::<usize>() + last * spec.line;
    let done = AtomicUsize::new(0);
    let tick = || {
        let n = done.fetch_add(1, Ordering::Relaxed) + 1;
        progress((n as f64 / estimate.max(1) as f64).min(1.0));
    };
    let mut book = OpeningBook::new();
    for level in &levels {
        for e in search_all(rules, level, spec, &tick) {
            book.insert(e);
        }
    }
    let mut frontier: Vec<Position> = levels.last().cloned().unwrap_or_default();
    for _ in 0..spec.line {
        let mut seen = HashSet::new();
        let next: Vec<Position> = frontier
            .iter()
            .filter_map(|p| Some(p.after(&book.probe(p)?)))
            .filter(|p| book.get(p).is_none() && !legal_moves(p, rules).is_empty())
            .filter(|p| seen.insert(*p))
            .collect();
        for e in search_all(rules, &next, spec, &tick) {
            book.insert(e);
        }
        frontier = next;
    }
    progress(1.0);
    book
}

/// The positions reachable in 0, 1, …, `plies` plies from the start, each
/// once (at the first ply it is met) and only where the game goes on.
fn reachable(rules: &Ruleset, plies: usize) -> Vec<Vec<Position>> {
    early_positions(rules, plies, |p| !legal_moves(p, rules).is_empty())
        .into_iter()
        .map(|level| level.into_iter().map(|(p, _)| p).collect())
        .collect()
}

/// Searches every position of `level` for `spec.movetime`, on `spec.jobs`
/// threads with an engine each; the entries in `level`'s order.
fn search_all(
    rules: &Ruleset,
    level: &[Position],
    spec: Spec,
    tick: &(dyn Fn() + Sync),
) -> Vec<Entry> {
    let next = AtomicUsize::new(0);
    let found = Mutex::new(Vec::with_capacity(level.len()));
    std::thread::scope(|s| {
        for _ in 0..spec.jobs.clamp(1, level.len().max(1)) {
            s.spawn(|| {
                let mut engine = Engine::new(rules, TABLE_MB);
                let stop = AtomicBool::new(false);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&pos) = level.get(i) else { break };
                    let limits = Limits {
                        movetime: Some(spec.movetime),
                        ..Limits::default()
                    };
                    // Each position on its own: what the table kept from
                    // the one before would make the book depend on the order.
                    engine.clear();
                    let r = engine.search(&pos, &Past::default(), limits, &stop, &mut |_| {});
                    if let Some(best) = r.best {
                        let entry = Entry {
                            position: pos,
                            best,
                            score: r.info.score,
                            ms: spec.movetime.as_millis() as u32,
                        };
                        found.lock().expect("no search panics").push((i, entry));
                    }
                    tick();
                }
            });
        }
    });
    let mut found = found.into_inner().expect("no search panics");
    found.sort_by_key(|&(i, _)| i);
    found.into_iter().map(|(_, e)| e).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::builtin;

    #[test]
    fn every_position_of_the_first_plies_is_met_once() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let levels = reachable(&rules, 3);
        // English's first three plies: 7, 49 and 302 lines (perft); the
        // positions are fewer where lines transpose.
        assert_eq!(
            levels.iter().map(Vec::len).collect::<Vec<_>>()[..3],
            [1, 7, 49]
        );
        let third = levels[3].len();
        assert!(third > 200 && third <= 302, "{third}");
        let all: HashSet<Position> = levels.iter().flatten().copied().collect();
        assert_eq!(all.len(), levels.iter().map(Vec::len).sum::<usize>());
    }

    #[test]
    fn a_book_answers_every_early_position_and_follows_its_line() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let spec = Spec {
            plies: 1,
            line: 2,
            movetime: Duration::from_millis(5),
            jobs: 2,
        };
        let book = build(&rules, spec, &|_| {});
        let levels = reachable(&rules, 1);
        for p in levels.iter().flatten() {
            let m = book.probe(p).expect("every position of the first ply");
            assert!(legal_moves(p, &rules).iter().any(|l| *l == m));
        }
        // Each of the 7 positions after White's first move, then the book's
        // reply, then the book's answer to that: 1 + 7 + 7 + 7 at most.
        assert!(book.len() > 8 && book.len() <= 22, "{}", book.len());
        for p in &levels[1] {
            let after = p.after(&book.probe(p).unwrap());
            assert!(book.probe(&after).is_some(), "the line is followed");
        }
    }
}

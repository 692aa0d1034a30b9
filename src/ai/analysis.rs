//! Infinite analysis: the best few lines of a position, each with its score,
//! deeper and deeper until stopped.
//!
//! Each depth is one search that scores every move at the root exactly (a full
//! window for each, [`Limits::exact_root`]), so the second and third lines'
//! scores are true scores and not bounds; the line after each of those moves
//! comes from a search of the position it leads to, one ply shallower. The one
//! transposition table makes each depth start from what the last one found.

use super::search::{Engine, Limits};
use super::Past;
use crate::moves::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// One line of the analysis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Hundredths of a man for the side to move at the analysed position.
    pub score: i32,
    /// The line, its first move the one it is about.
    pub pv: Vec<Move>,
}

/// The deepest the analysis goes.
pub const MAX_DEPTH: u32 = 60;

/// Analyses `pos` (with `past`, the game before it) depth after depth until
/// `stop` is set or [`MAX_DEPTH`] is reached: after each depth, `each(depth,
/// lines)` with the best `count` lines, the best first.
pub fn analyse(
    engine: &mut Engine,
    pos: &Position,
    past: &Past,
    count: usize,
    stop: &AtomicBool,
    each: &mut dyn FnMut(u32, &[Line]),
) {
    for depth in 1..=MAX_DEPTH {
        let limits = Limits {
            depth: Some(depth),
            exact_root: true,
            ..Limits::default()
        };
        let result = engine.search(pos, past, limits, stop, &mut |_| {});
        if stop.load(Ordering::Relaxed) || result.info.depth < depth {
            return;
        }
        let mut scored = result.root_scores.clone();
        if scored.is_empty() {
            return each(depth, &[]);
        }
        scored.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
        let mut lines = Vec::new();
        for &(m, score) in scored.iter().take(count) {
            let pv = if result.best.is_some_and(|b| b.same_move(&m)) && !result.info.pv.is_empty() {
                result.info.pv.clone()
            } else {
                let after = pos.after(&m);
                let sub = Limits {
                    depth: Some(depth.saturating_sub(1).max(1)),
                    ..Limits::default()
                };
                let reply = engine.search(&after, &Past::default(), sub, stop, &mut |_| {});
                std::iter::once(m).chain(reply.info.pv).collect()
            };
            lines.push(Line { score, pv });
        }
        if stop.load(Ordering::Relaxed) {
            return;
        }
        each(depth, &lines);
        // A single move, or a position decided at this depth, needs no more.
        if (scored.len() == 1 || scored[0].1.abs() >= super::MATE_BOUND) && depth >= 2 {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{builtin, Ruleset};

    #[test]
    fn three_lines_best_first_each_starting_with_its_own_move() {
        let rules = Ruleset::builtin(builtin::RUSSIAN).unwrap();
        let pos = Position::start(&rules);
        let mut engine = Engine::new(&rules, 8);
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        analyse(
            &mut engine,
            &pos,
            &Past::default(),
            3,
            &stop,
            &mut |d, lines| {
                seen.push((d, lines.to_vec()));
                if d == 6 {
                    stop.store(true, Ordering::Relaxed);
                }
            },
        );
        assert_eq!(
            seen.iter().map(|(d, _)| *d).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6]
        );
        let (_, lines) = &seen[5];
        assert_eq!(lines.len(), 3);
        assert!(lines.windows(2).all(|w| w[0].score >= w[1].score));
        let firsts: Vec<Move> = lines.iter().map(|l| l.pv[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
        // Every line is legal from the position.
        for l in lines {
            let mut p = pos;
            for m in &l.pv {
                assert!(crate::legal_moves(&p, &rules).iter().any(|x| x == m));
                p = p.after(m);
            }
        }
    }
}

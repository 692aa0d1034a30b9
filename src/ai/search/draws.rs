//! The game's draws along the search's current line.

use super::MAX_PLY;
use crate::ai::Past;
use crate::game::{events, Counter, IRREVERSIBLE};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Ruleset;

/// The ruleset's no-progress draws as the search tracks them: the counters of
/// each ply of the current line, and each rule's limit, resets and condition.
pub(super) struct NoProgress {
    rules: Vec<Counter>,
    /// The counters of ply `p` are `counters[p * rules.len()..][..rules.len()]`:
    /// as many as the ruleset has, however many that is.
    counters: Vec<u32>,
    /// Per ply, how many moves in a row led to it that can be undone (no
    /// capture, no man move): only the positions that long ago can repeat.
    pub(super) reversible: [u32; MAX_PLY],
}

impl NoProgress {
    pub(super) fn new(rules: &Ruleset, past: &Past) -> NoProgress {
        let rules: Vec<Counter> = rules.no_progress.iter().map(Counter::new).collect();
        let mut counters = vec![0; rules.len() * MAX_PLY];
        for (c, &r) in counters.iter_mut().zip(&past.counters).take(rules.len()) {
            *c = r;
        }
        let mut reversible = [0; MAX_PLY];
        reversible[0] = past.hashes.len() as u32;
        NoProgress {
            rules,
            counters,
            reversible,
        }
    }

    /// Sets the counters of `ply + 1`, after `m` from `pos` at `ply`, by the
    /// same rule the game counts with.
    pub(super) fn advance(&mut self, ply: usize, pos: &Position, m: &Move, child: &Position) {
        if ply + 1 >= MAX_PLY {
            return;
        }
        let ev = events(pos, m);
        self.reversible[ply + 1] = if ev & IRREVERSIBLE == 0 {
            self.reversible[ply] + 1
        } else {
            0
        };
        let n = self.rules.len();
        let (now, next) = self.counters[ply * n..(ply + 2) * n].split_at_mut(n);
        for ((rule, &count), slot) in self.rules.iter().zip(now.iter()).zip(next) {
            *slot = rule.next(count, ev, pos, child);
        }
    }

    /// Whether a counter at `ply` has reached its limit: the game is drawn.
    pub(super) fn drawn(&self, ply: usize) -> bool {
        let n = self.rules.len();
        let c = &self.counters[ply.min(MAX_PLY - 1) * n..][..n];
        self.rules
            .iter()
            .zip(c)
            .any(|(rule, &count)| count >= rule.limit)
    }
}

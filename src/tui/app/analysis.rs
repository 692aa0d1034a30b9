//! Infinite analysis of the position on the board: the best three lines,
//! deepening in the background while the board still takes moves; a move
//! played or taken back starts it on the new position.

use super::{App, Effect};
use checkers::ai::analysis::Line;
use checkers::{Position, Ruleset};
use std::sync::Arc;

#[cfg(test)]
mod tests;

/// How many lines the analysis shows.
pub const LINES: usize = 3;

/// The analysis running, and what it has found of its position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Live {
    pub id: u64,
    /// The position analysed.
    pub pos: Position,
    /// The last finished depth (0: none yet).
    pub depth: u32,
    /// The best lines at that depth, the best first.
    pub lines: Vec<Line>,
}

/// An analysis for the event loop to run on another thread.
#[derive(Clone, Debug)]
pub struct AnalyseRequest {
    pub id: u64,
    pub rules: Ruleset,
    pub eval: Option<Arc<checkers::ai::eval::Evaluator>>,
    pub pos: Position,
    pub past: checkers::ai::Past,
}

impl App {
    /// `a`: analysis of the position on the board, or its end.
    pub(super) fn toggle_analysis(&mut self) {
        if self.live.take().is_some() {
            self.effects.push(Effect::StopAnalysis);
            return self.info(self.lang.t("status.analysis_stopped").to_string());
        }
        self.start_analysis();
        self.info(self.lang.t("status.analysing").to_string());
    }

    fn start_analysis(&mut self) {
        let id = self.fresh_id();
        let pos = *self.game.position();
        let eval = self.game_eval();
        self.effects.push(Effect::Analyse(Box::new(AnalyseRequest {
            id,
            rules: self.game.rules().clone(),
            eval,
            pos,
            past: checkers::ai::Past::of(&self.game),
        })));
        self.live = Some(Live {
            id,
            pos,
            depth: 0,
            lines: Vec::new(),
        });
    }

    /// After every change: an analysis follows the board to its new position.
    pub(super) fn follow_analysis(&mut self) {
        if self
            .live
            .as_ref()
            .is_some_and(|l| l.pos != *self.game.position())
        {
            self.start_analysis();
        }
    }

    /// Analysis `id` finished `depth` with these lines.
    pub(super) fn analysed(&mut self, id: u64, depth: u32, lines: Vec<Line>) {
        if let Some(live) = self.live.as_mut().filter(|l| l.id == id) {
            live.depth = depth;
            live.lines = lines;
        }
    }

    /// Another game takes the board: no analysis goes on into it.
    pub(super) fn drop_analysis(&mut self) {
        if self.live.take().is_some() {
            self.effects.push(Effect::StopAnalysis);
        }
    }
}

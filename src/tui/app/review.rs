//! Review: the engine goes through the game's line in the background, a
//! verdict per position, and the board steps through it with the verdicts,
//! the graph of the evaluation and the marked moves beside it.

use super::{App, Effect};
use checkers::ai::review::{judge, Judgement, Verdict};
use checkers::ai::Limits;
use checkers::{Move, Position, Ruleset};
use std::sync::Arc;
use std::time::Duration;

#[cfg(test)]
mod tests;

/// The time the engine spends on each position of a review, unless asked.
pub const REVIEW_TIME: Duration = Duration::from_millis(500);

/// A review under way or done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    pub id: u64,
    /// The line reviewed: the game's moves from its start.
    pub line: Vec<Move>,
    /// The verdict on each position of the line, the start first, once known.
    pub verdicts: Vec<Option<Verdict>>,
    /// Whether the engine is still at it.
    pub running: bool,
}

impl Analysis {
    /// How many positions have their verdict.
    pub fn done(&self) -> usize {
        self.verdicts.iter().filter(|v| v.is_some()).count()
    }

    /// The judgement of move `i` of the line, once both its positions are known.
    pub fn judgement(&self, i: usize) -> Option<Judgement> {
        let before = self.verdicts.get(i)?.as_ref()?;
        let after = self.verdicts.get(i + 1)?.as_ref()?;
        judge(before, after, self.line.get(i)?)
    }
}

/// A review for the event loop to run on another thread.
#[derive(Clone, Debug)]
pub struct ReviewRequest {
    pub id: u64,
    pub rules: Ruleset,
    pub eval: Option<Arc<checkers::ai::eval::Evaluator>>,
    pub start: Position,
    pub moves: Vec<Move>,
    pub limits: Limits,
}

impl App {
    /// `v`: review the game's line, or stop a review under way.
    pub(super) fn toggle_review(&mut self) {
        if let Some(a) = self.analysis.as_mut().filter(|a| a.running) {
            a.running = false;
            self.effects.push(Effect::StopReview);
            self.info(self.lang.t("status.review_stopped").to_string());
            return;
        }
        self.start_review();
    }

    /// Starts the engine on every position of the game's line.
    pub(super) fn start_review(&mut self) {
        let line = self.game.line();
        if line.is_empty() {
            return self.error(self.lang.t("status.nothing_to_review").to_string());
        }
        self.stop_thinking();
        if self.record.is_none() {
            self.record = Some(self.game.clone());
        }
        let id = self.fresh_id();
        let eval = self.game_eval();
        self.effects.push(Effect::Review(Box::new(ReviewRequest {
            id,
            rules: self.game.rules().clone(),
            eval,
            start: *self.game.start(),
            moves: line.clone(),
            limits: self.review_limits,
        })));
        self.analysis = Some(Analysis {
            id,
            verdicts: vec![None; line.len() + 1],
            line,
            running: true,
        });
        // Stepping through the line is what a review is for.
        self.review = true;
        self.info(self.lang.t("status.reviewing_game").to_string());
    }

    /// The engine's verdict on position `ply` of review `id`.
    pub(super) fn verdict(&mut self, id: u64, ply: usize, verdict: Verdict) {
        if let Some(a) = self.analysis.as_mut().filter(|a| a.id == id) {
            if let Some(slot) = a.verdicts.get_mut(ply) {
                *slot = Some(verdict);
            }
        }
    }

    /// Review `id` has gone through its whole line (or was stopped).
    pub(super) fn review_done(&mut self, id: u64) {
        if let Some(a) = self.analysis.as_mut().filter(|a| a.id == id) {
            a.running = false;
        }
    }

    /// The review, if it is of the line on the board now.
    pub fn analysis_here(&self) -> Option<&Analysis> {
        let a = self.analysis.as_ref()?;
        let played = self.game.moves().len();
        (played <= a.line.len() && self.game.moves().eq(a.line.iter().take(played))).then_some(a)
    }

    /// `m`: to the position after the next marked move (from the start again
    /// after the last).
    pub(super) fn next_marked(&mut self) {
        let Some(a) = self.analysis_here() else {
            return self.error(self.lang.t("status.review_first").to_string());
        };
        let now = self.game.moves().len();
        let marked: Vec<usize> = (0..a.line.len())
            .filter(|&i| a.judgement(i).is_some())
            .collect();
        let Some(&i) = marked.iter().find(|&&i| i + 1 > now).or(marked.first()) else {
            return self.info(self.lang.t("status.no_marked_move").to_string());
        };
        self.go_to_ply(i + 1);
    }

    /// The board at ply `n` of the line, by taking back or replaying moves.
    fn go_to_ply(&mut self, n: usize) {
        self.selection = None;
        self.hint = None;
        self.stop_thinking();
        while self.game.moves().len() > n {
            if !self.step_back() {
                break;
            }
        }
        while self.game.moves().len() < n {
            if self.game.redo().is_none() {
                break;
            }
        }
        self.back_at_the_end();
        self.clock_reset_move();
        self.overlay = None;
        self.scroll = 0;
        self.place_cursor();
    }

    /// One ply back along the line; a resignation, agreed draw or lost
    /// flag at the end is stepped over with the last move, so that the
    /// first ← shows the position before it. Whether a move was taken back.
    pub(super) fn step_back(&mut self) -> bool {
        let ended = self.game.outcome().is_some();
        self.game.undo().is_some() || (ended && self.game.undo().is_some())
    }

    /// The review has stepped to the end of its line: the game is the one
    /// reviewed again, with its result, and the review is left unless the
    /// game is over.
    pub(super) fn back_at_the_end(&mut self) {
        if !self.review || self.game.can_redo() {
            return;
        }
        if let Some(record) = self.record.take() {
            if record.moves().eq(self.game.moves()) {
                if record.outcome().is_some() {
                    // Nothing to play on: ← goes on stepping through it.
                    self.game = record.clone();
                    self.record = Some(record);
                    return;
                }
                self.game = record;
            }
        }
        self.review = false;
    }

    /// Another game takes the board: its review goes.
    pub(super) fn drop_review(&mut self) {
        self.record = None;
        if self.analysis.take().is_some_and(|a| a.running) {
            self.effects.push(Effect::StopReview);
        }
    }

    /// A move played off the reviewed line ends the review of it. A game
    /// that had ended stays in the library as it ended: play goes on from
    /// here in a new game, filed apart. An unfinished one goes on from here,
    /// as after taking moves back.
    pub(super) fn leave_review_line(&mut self) {
        if self.analysis.is_some() && self.analysis_here().is_none() {
            if self.analysis.as_ref().is_some_and(|a| a.running) {
                self.effects.push(Effect::StopReview);
            }
            self.analysis = None;
        }
        let off_line = self.record.as_ref().is_some_and(|r| {
            !self
                .game
                .moves()
                .eq(r.line().iter().take(self.game.moves().len()))
        });
        if off_line {
            if self.record.take().is_some_and(|r| r.outcome().is_some()) {
                self.effects.push(Effect::File(super::FileWork::LetGo));
                self.saver.fresh();
                self.kept = super::Kept::Nowhere;
                self.info(self.lang.t("status.ended_game_kept").to_string());
            }
            self.review = false;
        }
    }
}

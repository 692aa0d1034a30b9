//! The AI's side of the game: when it is asked to search, for what, and what
//! is done with its answer (a move, a hint, a resignation or a draw decision).

use super::{App, Effect, Overlay, Purpose, SearchRequest, Thinking};
use checkers::ai::Level;
use checkers::{Color, Move};
use std::time::Duration;

#[cfg(test)]
mod tests;

/// Who the AI plays and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AiSettings {
    pub white: bool,
    pub black: bool,
    /// 1 to 10.
    pub level: u8,
    /// Level 10's time per move.
    pub think_time: Duration,
}

impl Default for AiSettings {
    fn default() -> Self {
        AiSettings {
            white: false,
            black: false,
            level: checkers::ai::DEFAULT_LEVEL,
            think_time: checkers::ai::DEFAULT_THINK_TIME,
        }
    }
}

impl AiSettings {
    pub fn plays(&self, c: Color) -> bool {
        match c {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    fn level(&self) -> Level {
        Level::get_or_default(self.level)
    }
}

impl App {
    /// Whether the AI is to move now.
    pub fn ai_to_move(&self) -> bool {
        self.game.outcome().is_none() && self.ai.plays(self.game.position().side_to_move())
    }

    /// Starts the AI's move when it is its turn and nothing is in the way.
    pub(super) fn schedule_ai(&mut self) {
        if self.start_menu.is_none()
            && !self.paused
            && self.thinking.is_none()
            && self.ai_to_move()
            && !matches!(self.overlay, Some(Overlay::GameOver))
        {
            self.start_search(Purpose::Move);
        }
    }

    pub(super) fn start_search(&mut self, purpose: Purpose) {
        self.stop_thinking();
        self.next_id += 1;
        let id = self.next_id;
        let mut level = self.ai.level();
        if purpose != Purpose::Move {
            // Advice and draw decisions come from a sound search, not a beginner's.
            level = checkers::ai::Level::get_or_default(checkers::ai::ADVICE_LEVEL);
        }
        let mut limits = level.limits(self.ai.think_time);
        // With a clock the AI keeps to its share of it: level 10 takes all of
        // that share, the others no more than their own time.
        if let Some(share) = self.clock_move_time().filter(|_| purpose == Purpose::Move) {
            limits.movetime = Some(match level.movetime {
                Some(own) => own.min(share),
                None => share,
            });
        }
        // A weights file serves only the ruleset it was trained for (`:new` may change it).
        let eval = self
            .eval
            .as_ref()
            .filter(|(id, _)| *id == self.game.rules().id)
            .map(|(_, e)| e.clone());
        self.effects.push(Effect::Search(Box::new(SearchRequest {
            id,
            eval,
            purpose,
            rules: self.game.rules().clone(),
            pos: *self.game.position(),
            past: checkers::ai::Past::of(&self.game),
            level,
            limits,
            seed: id.wrapping_mul(0x2545_F491) ^ self.game.moves().len() as u64,
        })));
        self.thinking = Some(Thinking {
            id,
            purpose,
            info: None,
            tables: None,
        });
    }

    pub(super) fn stop_thinking(&mut self) {
        if self.thinking.take().is_some() {
            self.effects.push(Effect::Stop);
        }
    }

    pub(super) fn ask_hint(&mut self) {
        if self.game.outcome().is_some() {
            return;
        }
        if self.ai_to_move() {
            return self.error(self.lang.t("status.ai_turn").to_string());
        }
        self.start_search(Purpose::Hint);
        self.info(self.lang.t("status.looking_for_hint").to_string());
    }

    pub(super) fn ai_done(&mut self, purpose: Purpose, best: Option<Move>, score: i32) {
        match purpose {
            Purpose::Move => {
                let side = self.game.position().side_to_move();
                if self.ai.level().resigns_at(score) {
                    self.game.resign(side);
                    self.selection = None;
                    self.overlay = Some(Overlay::GameOver);
                    return;
                }
                let Some(m) = best else { return };
                self.selection = None;
                let cursor = (self.cursor, self.cursor_aim);
                self.play(m);
                // The human's cursor stays where the human left it, unless a
                // capture is now mandatory or nothing there can move: then it
                // goes to a piece that can.
                (self.cursor, self.cursor_aim) = cursor;
                if self.capture_summary().is_some() || !self.cursor_on_a_movable_piece() {
                    self.place_cursor();
                }
            }
            Purpose::Hint => {
                if let Some(m) = best {
                    self.hint = Some(m);
                    self.info(self.lang.f("status.hint", &[("move", &self.write(&m))]));
                }
            }
            Purpose::DrawOffer => {
                // `score` is for the side that offered; the AI accepts when it
                // is not better itself.
                if checkers::ai::accepts_draw(-score) {
                    self.game.agree_draw();
                    self.overlay = Some(Overlay::GameOver);
                } else {
                    self.info(self.lang.t("status.ai_declines_draw").to_string());
                }
            }
        }
    }
}

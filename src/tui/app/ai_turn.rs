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
    /// Watching the AI play itself: the least time between two moves, so a
    /// person can follow them.
    pub delay: Duration,
}

impl Default for AiSettings {
    fn default() -> Self {
        AiSettings {
            white: false,
            black: false,
            level: checkers::ai::DEFAULT_LEVEL,
            think_time: checkers::ai::DEFAULT_THINK_TIME,
            delay: DEFAULT_DELAY,
        }
    }
}

/// The time between moves when the AI plays itself, unless asked otherwise.
pub const DEFAULT_DELAY: Duration = Duration::from_secs(1);

/// The delays `+` and `-` step through, and the start screen's `d`.
pub const DELAYS: [Duration; 8] = [
    Duration::ZERO,
    Duration::from_millis(250),
    Duration::from_millis(500),
    Duration::from_secs(1),
    Duration::from_secs(2),
    Duration::from_secs(3),
    Duration::from_secs(5),
    Duration::from_secs(10),
];

impl AiSettings {
    /// Whether the AI plays both sides: a game to watch.
    pub fn watching(&self) -> bool {
        self.white && self.black
    }

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
            && (!self.paused || self.step)
            && self.watched.is_none()
            && self.thinking.is_none()
            && self.ai_to_move()
            && !matches!(self.overlay, Some(Overlay::GameOver))
            // A reviewed line is looked at, not played on: no reply cuts it short.
            && self.record.is_none()
            && !(self.review && self.game.can_redo())
            // Nor from the end of a record whose result says it is over.
            && self.record_result().is_none()
        {
            self.start_search(Purpose::Move);
        }
    }

    pub(super) fn start_search(&mut self, purpose: Purpose) {
        self.stop_thinking();
        let id = self.fresh_id();
        let mut level = self.ai.level();
        if purpose != Purpose::Move {
            // Advice and draw decisions come from a sound search, not a beginner's.
            level = checkers::ai::Level::get_or_default(checkers::ai::ADVICE_LEVEL);
        }
        let mut limits = level.limits(self.ai.think_time);
        // With a clock the AI keeps to its share of it.
        if let Some(budget) = self.clock_move_time().filter(|_| purpose == Purpose::Move) {
            level.keep_to_clock(&mut limits, budget);
        }
        // A hint under touch-move is for the piece touched, the only one
        // that may move: its moves need true scores, not bounds.
        let touched = self
            .selection
            .as_ref()
            .filter(|_| purpose == Purpose::Hint && self.touch_move())
            .map(|s| s.from);
        limits.exact_root |= touched.is_some();
        let eval = self.game_eval();
        self.effects.push(Effect::Search(Box::new(SearchRequest {
            id,
            eval,
            purpose,
            rules: self.game.rules().clone(),
            pos: *self.game.position(),
            past: checkers::ai::Past::of(&self.game),
            level,
            limits,
            seed: self.noise_seed ^ id.wrapping_mul(0x2545_F491) ^ self.game.moves().len() as u64,
            touched,
        })));
        self.thinking = Some(Thinking {
            id,
            purpose,
            info: None,
        });
    }

    /// A new id for work on another thread: answers with an older one are
    /// for a board that has changed since, and are dropped.
    pub(super) fn fresh_id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    /// The `--eval` weights, if they are for this game's ruleset: a weights
    /// file serves only the ruleset it was trained for (`:new` may change it).
    pub(super) fn game_eval(&self) -> Option<std::sync::Arc<checkers::ai::eval::Evaluator>> {
        self.eval
            .as_ref()
            .filter(|(id, _)| *id == self.game.rules().id)
            .map(|(_, e)| e.clone())
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
                // Watching, a move found early waits for its turn (see `tick`).
                if self.ai.watching() && !self.step && self.watch_wait().is_some() {
                    self.watched = Some(m);
                    return;
                }
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
                // `score` is for the side that offered.
                let plies = self.game.moves().len();
                if checkers::ai::accepts_draw(-score, self.ai.level, plies) {
                    self.game.agree_draw();
                    self.overlay = Some(Overlay::GameOver);
                } else {
                    self.info(self.lang.t("status.ai_declines_draw").to_string());
                }
            }
        }
    }
}

impl App {
    /// Watching the AI play itself: how long the next move must still wait
    /// (`None`: it may be played now).
    pub(super) fn watch_wait(&self) -> Option<Duration> {
        let (now, last) = (self.now?, self.last_move_at?);
        let due = last + self.ai.delay;
        (due > now).then(|| due - now)
    }

    /// A move found and waiting is played once its time has come, and not
    /// while the game is paused (unless a step was asked for).
    pub(super) fn play_watched(&mut self) {
        if self.watched.is_none() || (self.paused && !self.step) {
            return;
        }
        if !self.step && self.watch_wait().is_some() {
            return;
        }
        if let Some(m) = self.watched.take() {
            self.selection = None;
            self.play(m);
        }
    }

    /// `s`, watching with the game paused: one more move, then paused again.
    pub(super) fn step_once(&mut self) {
        if !self.ai.watching() || !self.paused || self.game.outcome().is_some() {
            return;
        }
        self.step = true;
        if self.watched.is_some() {
            self.play_watched();
        }
    }

    /// `+` and `-`: the next shorter or longer of [`DELAYS`].
    pub(super) fn change_delay(&mut self, faster: bool) {
        if !self.ai.watching() {
            return;
        }
        let now = self.ai.delay;
        let next = if faster {
            DELAYS.iter().rev().find(|&&d| d < now).copied()
        } else {
            DELAYS.iter().find(|&&d| d > now).copied()
        };
        self.ai.delay = next.unwrap_or(now);
        let secs = format!("{}", self.ai.delay.as_secs_f64());
        self.info(self.lang.f("status.delay", &[("secs", &secs)]));
    }
}

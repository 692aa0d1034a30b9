//! The players' clocks: time counted from the ticks the event loop sends, an
//! increment with each move, a flag fall that ends the game, and pause.
//!
//! Time comes in only as [`super::Action::Tick`], each with the moment it was
//! sent, so the tests drive a clock with made-up moments and never wait.

use super::{App, Overlay, Purpose};
use checkers::clock::TimeControl;
use checkers::{Color, Game, OutcomeReason};
use std::time::{Duration, Instant};

#[cfg(test)]
mod tests;

/// A game's two clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub control: TimeControl,
    /// The time each move left its player, increment added, by ply (`None`
    /// where a record did not say); kept past an undo, for the redo.
    left: Vec<Option<Duration>>,
    /// Time spent so far on the move to be played now.
    spent: Duration,
    /// The moment of the last tick.
    last: Option<Instant>,
}

impl Clocks {
    /// Both clocks at the start of a game.
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left: Vec::new(),
            spent: Duration::ZERO,
            last: None,
        }
    }

    /// The clocks of a record: its `TimeControl` tag and its clock comments.
    pub fn of_record(tags: &checkers::pdn::Tags) -> Option<Clocks> {
        let control = TimeControl::from_pdn(&tags.time_control)?;
        Some(Clocks {
            left: tags.clocks.clone(),
            ..Clocks::new(control)
        })
    }

    /// The time each move of `game` left its player, for the record.
    pub fn by_ply(&self, game: &Game) -> Vec<Option<Duration>> {
        let n = game.moves().len();
        let mut v: Vec<Option<Duration>> = self.left.iter().take(n).copied().collect();
        v.resize(n, None);
        v
    }

    /// `color`'s time as the last move of theirs left it.
    fn before_move(&self, game: &Game, color: Color) -> Duration {
        let n = game.moves().len().min(self.left.len());
        (0..n)
            .rev()
            .filter(|&i| game.position_before(i).side_to_move() == color)
            .find_map(|i| self.left[i])
            .unwrap_or(self.control.start())
    }

    /// `color`'s clock as it shows now: the player to move's runs down.
    pub fn shown(&self, game: &Game, color: Color) -> Duration {
        // A record that ended on time says so, not what the loser's last move left.
        let flagged = game
            .outcome()
            .is_some_and(|o| o.reason == OutcomeReason::Time && o.winner == Some(color.opposite()));
        if flagged {
            return Duration::ZERO;
        }
        let left = self.before_move(game, color);
        if color == game.position().side_to_move() {
            left.saturating_sub(self.spent)
        } else {
            left
        }
    }
}

/// The plies played before the clocks start: each side's first move, as on
/// lichess. A person needs a moment to find the board and the keys; at 0+1
/// the first player's flag fell before a key could be pressed.
const UNTIMED: usize = 2;

impl App {
    /// Whether the clock of the player to move is running.
    pub fn clock_running(&self) -> bool {
        self.clocks.is_some()
            && self.game.moves().len() >= UNTIMED
            && !self.paused
            && !self.review
            && self.start_menu.is_none()
            && self.game.outcome().is_none()
    }

    /// Time has passed up to `now`: it is charged to the player to move while
    /// the clock runs, and their flag falls at zero.
    pub(super) fn tick(&mut self, now: Instant) {
        self.now = Some(now);
        self.play_watched();
        let running = self.clock_running();
        let Some(clocks) = self.clocks.as_mut() else {
            return;
        };
        let since = clocks
            .last
            .map_or(Duration::ZERO, |t| now.saturating_duration_since(t));
        clocks.last = Some(now);
        if !running {
            return;
        }
        clocks.spent += since;
        let side = self.game.position().side_to_move();
        if clocks.shown(&self.game, side).is_zero() {
            self.game.flag_fall(side);
            self.selection = None;
            self.stop_thinking();
            // The dialog says how the game ended; an older word would contradict it.
            self.status = None;
            self.overlay = Some(Overlay::GameOver);
        }
    }

    /// What the clock of the player to move holds before their move: read
    /// before it is played, recorded by [`App::clock_moved`] once it is.
    pub(super) fn clock_before_move(&self) -> Option<Duration> {
        let side = self.game.position().side_to_move();
        self.clocks.as_ref().map(|c| c.shown(&self.game, side))
    }

    /// The move just played took `before` (from [`App::clock_before_move`])
    /// down to what was spent on it, and earned the increment.
    pub(super) fn clock_moved(&mut self, before: Option<Duration>) {
        let n = self.game.moves().len();
        if let (Some(c), Some(before)) = (self.clocks.as_mut(), before) {
            c.left.truncate(n - 1);
            c.left.resize(n - 1, None);
            // Each side's first move is made before its clock starts: it
            // takes nothing and earns nothing.
            let earned = if n > UNTIMED {
                c.control.increment
            } else {
                Duration::ZERO
            };
            c.left.push(Some(before + earned));
            c.spent = Duration::ZERO;
        }
    }

    /// A move taken back or replayed: the clocks show what they showed then.
    pub(super) fn clock_reset_move(&mut self) {
        if let Some(c) = self.clocks.as_mut() {
            c.spent = Duration::ZERO;
        }
    }

    /// Whether the event loop should send ticks without waiting for events:
    /// a clock runs, or a watched move waits for its time.
    pub fn wants_ticks(&self) -> bool {
        self.clock_running() || (self.watched.is_some() && !self.paused)
    }

    /// `p`: the clocks and the AI stop, or go on.
    pub(super) fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.step = false;
        if self.paused {
            if self
                .thinking
                .as_ref()
                .is_some_and(|t| t.purpose == Purpose::Move)
            {
                self.stop_thinking();
            }
            self.info(self.lang.t("status.paused").to_string());
        } else {
            let key = if self.clocks.is_some() {
                "status.resumed"
            } else {
                "status.resumed_no_clock"
            };
            self.info(self.lang.t(key).to_string());
        }
    }

    /// The AI's time for this move by its clock, if the game has one: its
    /// share, and the most it may take.
    pub(super) fn clock_move_time(&self) -> Option<(Duration, Duration)> {
        let clocks = self.clocks.as_ref()?;
        let left = clocks.shown(&self.game, self.game.position().side_to_move());
        Some(checkers::clock::budget(
            left,
            clocks.control.increment,
            None,
        ))
    }
}

//! The dialogs over the board: help, "really quit?", "start a new game?", a
//! draw offer and the end of the game, and the commands that open them.

use super::{Action, App, Overlay, Purpose};
use checkers::Ruleset;

#[cfg(test)]
mod tests;

impl App {
    /// Help is open: the keys that opened it close it; where the terminal is
    /// too low for all of it, the arrows, the wheel and PgUp / PgDn scroll it.
    pub(super) fn update_help(&mut self, action: Action) {
        let most = crate::tui::view::help_overflow(self);
        let page = usize::from(self.layout().full.height.saturating_sub(3)).max(1);
        let Some(Overlay::Help { scroll }) = &mut self.overlay else {
            return;
        };
        *scroll = match action {
            Action::Cancel | Action::Help | Action::Activate | Action::Quit => {
                self.overlay = None;
                return;
            }
            Action::Up | Action::ScrollUp => scroll.saturating_sub(1),
            Action::Down | Action::ScrollDown => *scroll + 1,
            Action::PageUp => scroll.saturating_sub(page),
            Action::PageDown => *scroll + page,
            _ => *scroll,
        }
        .min(most);
    }

    pub(super) fn update_confirm(&mut self, action: Action) {
        match (self.overlay.clone(), action) {
            (Some(Overlay::ConfirmQuit), Action::Yes | Action::Quit) => {
                // One last try for a save that failed.
                self.retry_failed_save();
                self.quit = true;
            }
            (Some(Overlay::ConfirmQuit), Action::No | Action::Cancel) => self.overlay = None,
            (Some(Overlay::ConfirmNew { variant }), Action::Yes) => {
                self.new_game(variant.as_deref().and_then(Ruleset::builtin))
            }
            (Some(Overlay::ConfirmNew { .. }), Action::No | Action::Cancel) => self.overlay = None,
            (Some(Overlay::DrawOffer { .. }), Action::Yes) => {
                self.game.agree_draw();
                self.overlay = Some(Overlay::GameOver);
            }
            (Some(Overlay::DrawOffer { by }), Action::No | Action::Cancel) => {
                self.overlay = None;
                let l = self.lang;
                let text = l.f(
                    "status.draw_declined",
                    &[("side", &l.side(by.opposite())), ("by", &l.side(by))],
                );
                self.info(text);
            }
            _ => {}
        }
    }

    /// The game is over: a new one, quit, take the last move back, or look at the board.
    pub(super) fn update_game_over(&mut self, action: Action) {
        match action {
            Action::NewGame => self.new_game(None),
            Action::Quit => self.quit = true,
            Action::Undo => {
                self.overlay = None;
                self.undo();
            }
            Action::Cancel => self.overlay = None,
            Action::Review => {
                self.overlay = None;
                self.start_review();
            }
            // The dialog steps aside for the command line (`:load`, `:save`…).
            Action::OpenCommand => {
                self.overlay = None;
                self.command = Some(super::CommandLine::default());
            }
            _ => {}
        }
    }

    /// `new [VARIANT]` or `n`: a new game; with a game in progress, asks first
    /// (the game left stays in the library, to resume later).
    pub(super) fn ask_new_game(&mut self, variant: Option<String>) {
        if self.in_progress() {
            self.retry_failed_save();
            self.overlay = Some(Overlay::ConfirmNew { variant });
        } else {
            self.new_game(variant.as_deref().and_then(Ruleset::builtin));
        }
    }

    /// `resign`: the player to move gives the game up.
    pub(super) fn resign(&mut self) {
        if self.game.outcome().is_none() {
            self.game.resign(self.game.position().side_to_move());
            self.selection = None;
            self.overlay = Some(Overlay::GameOver);
        }
    }

    /// `draw`: the player to move offers a draw, to the AI or to the other player.
    pub(super) fn offer_draw(&mut self) {
        if self.game.outcome().is_none() {
            let by = self.game.position().side_to_move();
            if self.ai.plays(by.opposite()) {
                self.start_search(Purpose::DrawOffer);
                self.info(self.lang.t("status.ai_considers_draw").to_string());
            } else {
                self.overlay = Some(Overlay::DrawOffer { by });
            }
        }
    }
}

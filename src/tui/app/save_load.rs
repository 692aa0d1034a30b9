//! Games kept in files: `save` and `load`, and the tags that name the players.

use super::{numeric, App, Overlay};
use checkers::{pdn, Color};

impl App {
    /// `save FILE`: the game as PDN.
    pub(super) fn save(&mut self, path: &str) {
        let text = pdn::write_game(&self.game, &pdn::Tags::default());
        match checkers::files::write_atomically(std::path::Path::new(path), &text) {
            Ok(()) => self.info(format!("saved to {path}")),
            Err(e) => self.error(format!("cannot save to {path}: {e}; the game goes on")),
        }
    }

    /// `load FILE`: its first game replaces this one.
    pub(super) fn load(&mut self, path: &str) {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => return self.error(format!("cannot read {path}: {e}")),
        };
        let fallback = self.game.rules().clone();
        match pdn::load_game(&text, 1, Some(&fallback)).map(|(_, game)| game) {
            Ok(game) => {
                self.stop_thinking();
                self.show_numbers = numeric(game.rules());
                self.game = game;
                self.selection = None;
                self.hint = None;
                self.overlay = None;
                self.scroll = 0;
                let n = self.game.moves().len();
                self.info(format!(
                    "loaded {path}: {}, {n} moves",
                    self.game.rules().name
                ));
                if self.game.outcome().is_some() {
                    self.overlay = Some(Overlay::GameOver);
                }
            }
            Err(e) => self.error(format!("{path}: {e}")),
        }
    }

    /// PDN tags naming the players, for saved games.
    pub fn pdn_tags(&self) -> pdn::Tags {
        let name = |c: Color| {
            if self.ai.plays(c) {
                format!("checkers level {}", self.ai.level)
            } else {
                "human".to_string()
            }
        };
        pdn::Tags {
            event: "checkers game".to_string(),
            site: "checkers".to_string(),
            white: name(Color::White),
            black: name(Color::Black),
            ..Default::default()
        }
    }
}

//! Games kept in files: `save` and `load`, and the autosave after every change.
//! None of it touches the file system here: the app asks for [`FileWork`] as an
//! effect, the event loop does it, and what came of it comes back as an [`Action`].
//!
//! [`Action`]: super::Action

use super::{numeric, App, Effect, FileWork, Overlay};
use checkers::{pdn, Color};

impl App {
    /// `save FILE`: the game, as PDN, for the event loop to write there.
    pub(super) fn save(&mut self, path: &str) {
        let pdn = pdn::write_game(&self.game, &pdn::Tags::default());
        self.effects.push(Effect::File(FileWork::Save {
            path: path.to_string(),
            pdn,
        }));
    }

    /// What came of a save: `error` says why the file could not be written.
    pub(super) fn saved(&mut self, path: &str, error: Option<String>) {
        match error {
            None => self.info(
                self.lang
                    .f("status.saved", &[("path", &checkers::printable(path))]),
            ),
            Some(e) => {
                let text = self.lang.f(
                    "status.cannot_save",
                    &[("path", &checkers::printable(path)), ("error", &e)],
                );
                self.error(text)
            }
        }
    }

    /// `load FILE`: the event loop reads the file and hands its text to [`App::loaded`].
    pub(super) fn load(&mut self, path: &str) {
        self.effects.push(Effect::File(FileWork::Load {
            path: path.to_string(),
        }));
    }

    /// A file read for `load`: its first game replaces this one; a file that
    /// cannot be read or is no game changes nothing but the status line.
    pub(super) fn loaded(&mut self, path: &str, text: Result<String, String>) {
        let text = match text {
            Ok(t) => t,
            Err(e) => {
                let text = self.lang.f(
                    "status.cannot_read",
                    &[("path", &checkers::printable(path)), ("error", &e)],
                );
                return self.error(text);
            }
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
                let l = self.lang;
                let moves = l.n("count.moves", self.game.moves().len() as u64, &[]);
                let variant = l.variant_name(self.game.rules());
                let args: [(&str, &dyn std::fmt::Display); 3] = [
                    ("path", &checkers::printable(path)),
                    ("variant", &variant),
                    ("moves", &moves),
                ];
                self.info(l.f("status.loaded", &args));
                if self.game.outcome().is_some() {
                    self.overlay = Some(Overlay::GameOver);
                }
            }
            Err(e) => self.error(self.lang.f(
                "status.load_failed",
                &[("path", &checkers::printable(path)), ("error", &e)],
            )),
        }
    }

    /// Asks for the game to be kept in the data directory when it changed
    /// (never while the start screen is up).
    pub(super) fn autosave(&mut self) {
        if self.start_menu.is_some() {
            return;
        }
        let tags = self.pdn_tags();
        if let Some(work) = self.saver.due(&self.game, &tags) {
            self.effects.push(Effect::File(work));
        }
    }

    /// PDN tags naming the players, for saved games.
    fn pdn_tags(&self) -> pdn::Tags {
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

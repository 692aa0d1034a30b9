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
        let options = pdn::WriteOptions {
            capture_separator: crate::config::capture_separator(),
        };
        let pdn = pdn::write_game_with(&self.game, &pdn::Tags::default(), &options);
        self.effects.push(Effect::File(FileWork::Save {
            path: path.to_string(),
            pdn,
        }));
    }

    /// What came of a save: `error` says why the file could not be written.
    pub(super) fn saved(&mut self, path: &str, error: Option<String>) {
        match error {
            None => self.info(format!("saved to {path}")),
            Some(e) => self.error(format!("cannot save to {path}: {e}; the game goes on")),
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
            Err(e) => return self.error(format!("cannot read {path}: {e}")),
        };
        let assume = pdn::Assume {
            variant: Some(self.game.rules().clone()),
            preferred: None,
        };
        match pdn::open_game(text.as_bytes(), 1, &assume) {
            Ok(pdn::Loaded { game, notes, .. }) => {
                self.stop_thinking();
                self.show_numbers = numeric(game.rules());
                self.game = game;
                self.selection = None;
                self.hint = None;
                self.overlay = None;
                self.scroll = 0;
                let n = self.game.moves().len();
                // What the reader skipped or noticed, the first of it in full.
                let more = match notes.len() {
                    0 => String::new(),
                    1 => format!("; {}", notes[0]),
                    k => format!("; {} ({} more)", notes[0], k - 1),
                };
                self.info(format!(
                    "loaded {path}: {}, {n} moves{}",
                    self.game.rules().name,
                    checkers::printable(&more)
                ));
                if self.game.outcome().is_some() {
                    self.overlay = Some(Overlay::GameOver);
                }
            }
            Err(e) => self.error(checkers::printable(&format!("{path}: {e}")).into_owned()),
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

#[cfg(test)]
mod tests {
    use crate::tui::test_support::app;
    use checkers::rules::builtin::ENGLISH;

    /// What the reader skipped while loading a file is in the status line, with
    /// any control character from the file escaped.
    #[test]
    fn load_shows_the_readers_warnings_in_the_status_line() {
        let mut a = app(ENGLISH, None);
        let text = "[Round \"11.1]\n[Event \"\u{1b}[2J]\n1. 11-15 23-19 *\n";
        a.loaded("x.pdn", Ok(text.to_string()));
        let status = a.status.as_ref().expect("a status line");
        assert!(!status.error, "{status:?}");
        assert!(
            status.text.starts_with(
                "loaded x.pdn: English draughts, 2 moves; warning: line 1, column 1: broken tag"
            ),
            "{}",
            status.text
        );
        assert!(status.text.ends_with("(1 more)"), "{}", status.text);
        assert!(!status.text.contains('\u{1b}'));
        assert_eq!(a.game.moves().len(), 2);
    }
}

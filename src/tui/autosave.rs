//! Nothing lost: the game in progress is saved after every move, and finished
//! games are kept, as PDN under the user's data directory.

use super::app::FileWork;
use checkers::pdn::{write_game, Tags};
use checkers::Game;
use std::path::PathBuf;

/// `$XDG_DATA_HOME/checkers`, else `~/.local/share/checkers`.
pub fn data_dir() -> Option<PathBuf> {
    Some(crate::config::xdg_dir("XDG_DATA_HOME", ".local/share")?.join("checkers"))
}

/// The file holding the unfinished game.
pub fn current_file() -> Option<PathBuf> {
    data_dir().map(|d| d.join("current.pdn"))
}

/// What identifies a game's state for saving: moves, position, result.
fn fingerprint(game: &Game) -> (usize, u64, Option<String>) {
    (
        game.moves().len(),
        game.position().hash(),
        game.outcome().map(|o| o.to_string()),
    )
}

/// Tells when the game has changed since it was last kept.
#[derive(Debug, Default)]
pub struct Autosave {
    last: Option<(usize, u64, Option<String>)>,
}

impl Autosave {
    /// The work that keeps `game`, if it changed since the last call; the
    /// event loop does it with [`write`].
    pub(super) fn due(&mut self, game: &Game, tags: &Tags) -> Option<FileWork> {
        let now = fingerprint(game);
        if self.last.as_ref() == Some(&now) {
            return None;
        }
        let first = self.last.is_none();
        self.last = Some(now);
        if first && game.moves().len() == 0 {
            return None; // a fresh game is not worth a file yet
        }
        Some(FileWork::Autosave {
            pdn: write_game(game, tags),
            finished: game.outcome().is_some(),
        })
    }
}

/// Keeps a game's PDN text in the data directory: as the unfinished game, or
/// once `finished` under a name of its own. Returns a message for the player
/// when the write failed (the game goes on regardless).
pub(super) fn write(text: &str, finished: bool) -> Option<String> {
    let dir = data_dir()?;
    let result = std::fs::create_dir_all(&dir).and_then(|()| {
        if finished {
            // Finished: keep it under its own name, and forget the unfinished one.
            let stamp = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs());
            let games = dir.join("games");
            std::fs::create_dir_all(&games)?;
            crate::files::write_atomically(&games.join(format!("{stamp}.pdn")), text)?;
            match std::fs::remove_file(dir.join("current.pdn")) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
                _ => Ok(()),
            }
        } else {
            crate::files::write_atomically(&dir.join("current.pdn"), text)
        }
    });
    result.err().map(|e| {
        format!(
            "cannot save the game in {}: {e}; the game goes on",
            dir.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::app::Action;
    use checkers::rules::builtin::ENGLISH;
    use checkers::Ruleset;

    /// Keeps the game as the event loop does: the work `due` asks for, done by
    /// the loop's own runner; `Some` is the message for a failed write.
    fn save(saver: &mut Autosave, game: &Game, tags: &Tags) -> Option<Action> {
        saver.due(game, tags).and_then(crate::tui::do_file_work)
    }

    #[test]
    fn an_unfinished_game_is_saved_after_each_move_and_a_finished_one_kept() {
        let dir = std::env::temp_dir().join(format!("checkers-data-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        // The only test that reads XDG_DATA_HOME, so setting it races with nothing.
        std::env::set_var("XDG_DATA_HOME", &dir);
        let current = dir.join("checkers/current.pdn");
        let mut saver = Autosave::default();
        let mut game = Game::new(Ruleset::builtin(ENGLISH).unwrap());
        assert_eq!(save(&mut saver, &game, &Tags::default()), None);
        assert!(!current.exists(), "nothing to save before the first move");
        game.play_text("11-15").unwrap();
        assert_eq!(save(&mut saver, &game, &Tags::default()), None);
        let text = std::fs::read_to_string(&current).unwrap();
        assert!(text.contains("1. 11-15 *"), "{text}");
        game.play_text("23-19").unwrap();
        save(&mut saver, &game, &Tags::default());
        let read =
            &checkers::pdn::read_games(&std::fs::read_to_string(&current).unwrap()).unwrap()[0];
        let again = checkers::pdn::replay(read, game.rules()).unwrap();
        assert_eq!(again.position(), game.position());
        game.resign(checkers::Color::Black);
        save(&mut saver, &game, &Tags::default());
        assert!(
            !current.exists(),
            "a finished game is no longer the unfinished one"
        );
        let kept: Vec<_> = std::fs::read_dir(dir.join("checkers/games"))
            .unwrap()
            .collect();
        assert_eq!(kept.len(), 1);
        std::env::remove_var("XDG_DATA_HOME");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

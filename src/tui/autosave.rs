//! When the game on screen is due to be kept in the saved-games library
//! ([`crate::games`]): after every change, and again after a failed save.

use checkers::Game;

/// What identifies a game's state for saving: moves, position, result.
type Fingerprint = (usize, u64, Option<String>);

fn fingerprint(game: &Game) -> Fingerprint {
    (
        game.moves().len(),
        game.position().hash(),
        game.outcome().map(|o| o.to_string()),
    )
}

/// Tells when the game has changed since it was last kept.
#[derive(Debug, Default)]
pub struct Autosave {
    last: Option<Fingerprint>,
    /// Keep it at the next call even if unchanged (a save failed, or a copy
    /// must be filed).
    forced: bool,
}

impl Autosave {
    /// Whether `game` is to be kept now: it changed since the last call, or
    /// a save is forced. A fresh game with no move is not worth a file yet.
    pub(super) fn due(&mut self, game: &Game) -> bool {
        let now = fingerprint(game);
        if !self.forced && self.last.as_ref() == Some(&now) {
            return false;
        }
        let first = self.last.is_none();
        self.last = Some(now);
        if first && !self.forced && game.moves().len() == 0 {
            return false;
        }
        self.forced = false;
        true
    }

    /// A new game on screen, in no file yet.
    pub(super) fn fresh(&mut self) {
        *self = Autosave::default();
    }

    /// `game` is on screen and already kept as it is.
    pub(super) fn held(&mut self, game: &Game) {
        self.last = Some(fingerprint(game));
        self.forced = false;
    }

    /// Keep the game at the next call, changed or not.
    pub(super) fn force(&mut self) {
        self.forced = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use checkers::rules::builtin::ENGLISH;
    use checkers::Ruleset;

    #[test]
    fn a_game_is_due_after_each_change_and_when_forced() {
        let mut saver = Autosave::default();
        let mut game = Game::new(Ruleset::builtin(ENGLISH).unwrap());
        assert!(!saver.due(&game), "nothing to keep before the first move");
        game.play_text("11-15").unwrap();
        assert!(saver.due(&game));
        assert!(!saver.due(&game), "unchanged");
        saver.force();
        assert!(saver.due(&game), "a failed save is tried again");
        game.undo();
        assert!(saver.due(&game), "a take-back is a change too");
        saver.held(&game);
        assert!(!saver.due(&game));
        saver.fresh();
        assert!(!saver.due(&Game::new(Ruleset::builtin(ENGLISH).unwrap())));
    }
}

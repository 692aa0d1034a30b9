//! Games kept in files: `save` and `load`, and keeping the game on screen in
//! the saved-games library after every change. None of it touches the file
//! system here: the app asks for [`FileWork`] as an effect, the event loop does
//! it, and what came of it comes back as an [`Action`].
//!
//! [`Action`]: super::Action

use super::{numeric, App, Clocks, Effect};
use checkers::{pdn, printable, Color};

#[cfg(test)]
mod tests;

/// The reason a plain `save` gives for a file that is already there.
pub(crate) const FILE_EXISTS: &str = "the file exists";

/// The common reasons a save fails, each said in the player's language
/// (`status.save_why.*`); any other is the system's own words.
const SAVE_WHY: [(std::io::ErrorKind, &str); 5] = [
    (std::io::ErrorKind::NotFound, "status.save_why.no_folder"),
    (
        std::io::ErrorKind::PermissionDenied,
        "status.save_why.permission",
    ),
    (std::io::ErrorKind::IsADirectory, "status.save_why.folder"),
    (
        std::io::ErrorKind::ReadOnlyFilesystem,
        "status.save_why.read_only",
    ),
    (std::io::ErrorKind::StorageFull, "status.save_why.full"),
];

/// Why a save failed, for [`App::saved`]: [`FILE_EXISTS`], a `status.save_why`
/// key, or the system's words.
pub(crate) fn save_failure(e: &std::io::Error) -> String {
    if e.kind() == std::io::ErrorKind::AlreadyExists {
        return FILE_EXISTS.to_string();
    }
    SAVE_WHY
        .iter()
        .find(|(kind, _)| *kind == e.kind())
        .map_or_else(|| e.to_string(), |(_, key)| key.to_string())
}

/// Where the game on screen is kept, as far as the app has heard.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Kept {
    /// Not in the library (no move yet, or a record opened for viewing).
    #[default]
    Nowhere,
    /// Saved, as it is now, in this file.
    Saved(String),
    /// The last save failed, for this reason: moves since then are not on disk.
    Failed(String),
}

impl App {
    /// `save FILE` (`replace`: `save! FILE`): the game, as PDN, for the event
    /// loop to write there, its captures written as the config asks.
    pub(super) fn save(&mut self, path: &str, replace: bool) {
        let options = pdn::WriteOptions {
            capture_separator: crate::config::capture_separator(),
        };
        let pdn = crate::games::write_game_with(
            &self.game,
            &self.pdn_tags(),
            self.ruleset_text.as_deref(),
            &options,
        );
        self.effects.push(Effect::File(FileWork::Save {
            path: path.to_string(),
            pdn,
            replace,
        }));
    }

    /// What came of a save: `error` says why the file could not be written.
    pub(super) fn saved(&mut self, path: &str, error: Option<String>) {
        let path = printable(path);
        match error {
            None => self.info(self.lang.f("status.saved", &[("path", &path)])),
            // The reason first: a long path is cut at the screen's edge.
            Some(e) if e == FILE_EXISTS => {
                self.error(self.lang.f("status.file_exists", &[("path", &path)]))
            }
            Some(e) => {
                let e = match SAVE_WHY.iter().find(|(_, key)| *key == e) {
                    Some((_, key)) => self.lang.t(key).to_string(),
                    None => e,
                };
                let text = self
                    .lang
                    .f("status.cannot_save", &[("path", &path), ("error", &e)]);
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

    /// A file read for `load`: its first game replaces this one, which stays
    /// in the library as it was; the record is only looked at until a move is
    /// played on it. A file that cannot be read or is no game changes nothing
    /// but the status line.
    pub(super) fn loaded(&mut self, path: &str, text: Result<String, String>) {
        let path = printable(path).into_owned();
        let text = match text {
            Ok(t) => t,
            // The reader's message names the file already.
            Err(e) => return self.error(printable(&e).into_owned()),
        };
        let assume = pdn::Assume {
            variant: Some(self.game.rules().clone()),
            preferred: None,
        };
        match crate::games::open_game(text.as_bytes(), 1, &assume) {
            Ok((read, game, ruleset_text, notes)) => {
                self.leave_game();
                self.stop_thinking();
                self.show_numbers = numeric(game.rules());
                self.tags = crate::games::tags_of(&read, &game);
                self.record_end = Some((game.moves().len(), game.position().hash()));
                self.clocks = Clocks::of_record(&self.tags);
                self.paused = false;
                self.drop_review();
                self.record = super::ended_off_board(&game, true);
                self.game = game;
                self.ruleset_text = ruleset_text;
                self.selection = None;
                self.hint = None;
                self.overlay = None;
                self.scroll = 0;
                self.review = true;
                let l = self.lang;
                let moves = l.n(
                    "count.moves",
                    self.game.moves().len().div_ceil(2) as u64,
                    &[],
                );
                let variant = l.variant_name(self.game.rules());
                let args: [(&str, &dyn std::fmt::Display); 3] =
                    [("path", &path), ("variant", &variant), ("moves", &moves)];
                let more = notes_line(&notes).map_or(String::new(), |n| format!("; {n}"));
                // A finished record opens for study, as an unfinished one does:
                // no game-over dialog in the way (the panel gives the result).
                self.info(format!("{}{more}", l.f("status.loaded", &args)));
            }
            Err(e) => {
                let why = e.in_lang(self.lang);
                self.error(
                    self.lang
                        .f("status.load_failed", &[("path", &path), ("error", &why)]),
                )
            }
        }
    }

    /// Asks for the game to be kept in the library when it changed (never
    /// while the start screen is up, nor while a record opened from a file is
    /// only being looked at).
    pub(super) fn autosave(&mut self) {
        if self.start_menu.is_some() || self.review {
            return;
        }
        if self.saver.due(&self.game) {
            let pdn = self.game_text();
            self.effects.push(Effect::File(FileWork::Keep { pdn }));
        }
    }

    /// What came of keeping the game in the library.
    pub(super) fn kept(&mut self, result: Result<String, String>) {
        match result {
            Ok(path) => {
                if matches!(self.kept, Kept::Failed(_)) {
                    self.info(
                        self.lang
                            .f("status.saved_again", &[("path", &printable(&path))]),
                    );
                }
                self.kept = Kept::Saved(path);
            }
            Err(e) => {
                let e = printable(&e).into_owned();
                self.error(self.lang.f("status.keep_failed", &[("error", &e)]));
                self.kept = Kept::Failed(e);
            }
        }
    }

    /// What came of taking a saved game from the start screen: held, or
    /// (open in another terminal) played on here as a copy of its own.
    pub(super) fn taken(&mut self, result: Result<String, String>) {
        match result {
            Ok(path) => {
                self.kept = Kept::Saved(path);
                self.saver.held(&self.game);
            }
            Err(e) => {
                self.error(self.lang.f("status.copy", &[("error", &printable(&e))]));
                self.kept = Kept::Nowhere;
                self.saver.force();
            }
        }
    }

    /// Another game is about to take the screen: the one there now stays in
    /// the library (its last unsaved moves tried once more) and is let go.
    pub(super) fn leave_game(&mut self) {
        self.retry_failed_save();
        if !self.review {
            self.autosave();
        }
        self.effects.push(Effect::File(FileWork::LetGo));
        self.saver.fresh();
        self.kept = Kept::Nowhere;
        self.review = false;
    }

    /// After a failed save: try again now (at quit, or before leaving the game).
    pub(super) fn retry_failed_save(&mut self) {
        if matches!(self.kept, Kept::Failed(_)) {
            self.saver.force();
            self.autosave();
        }
    }

    /// The result of the record read, where the game does not show one of
    /// its own (a resignation, a loss on time), while the board is at the
    /// record's end: played on or taken back, it is no longer the record's.
    pub fn record_result(&self) -> Option<&str> {
        let end = (self.game.moves().len(), self.game.position().hash());
        (!self.tags.result.is_empty()
            && self.game.outcome().is_none()
            && self.record_end == Some(end))
        .then_some(self.tags.result.as_str())
    }

    /// The ballot the game was dealt, while its line still opens with the
    /// ballot's moves: taken back and played otherwise, it is no longer that
    /// ballot's game, on the panel or in the file.
    pub fn ballot(&self) -> Option<&'static checkers::openings::Ballot> {
        let b = self.tags.ballot.and_then(checkers::openings::ballot)?;
        let line = self.game.line();
        let dealt = b.game();
        let opens =
            dealt.moves().len() <= line.len() && dealt.moves().zip(&line).all(|(d, m)| d == m);
        opens.then_some(b)
    }

    /// The game as its file holds it: PDN, with a user ruleset carried inside.
    pub(crate) fn game_text(&self) -> String {
        crate::games::write_game(&self.game, &self.pdn_tags(), self.ruleset_text.as_deref())
    }

    /// PDN tags for saved games: a record's own as it was read, or this
    /// program's event, the day the game started and the players it has.
    fn pdn_tags(&self) -> pdn::Tags {
        let name = |c: Color| {
            if self.ai.plays(c) {
                format!("checkers level {}", self.ai.level)
            } else {
                "human".to_string()
            }
        };
        let or = |kept: &str, made: String| {
            if kept.is_empty() {
                made
            } else {
                kept.to_string()
            }
        };
        let t = &self.tags;
        pdn::Tags {
            event: or(&t.event, "checkers game".to_string()),
            site: or(&t.site, "checkers".to_string()),
            date: t.date.clone(),
            round: t.round.clone(),
            white: or(&t.white, name(Color::White)),
            black: or(&t.black, name(Color::Black)),
            time_control: (self.clocks.as_ref()).map_or_else(String::new, |c| c.control.pdn()),
            result: self.record_result().unwrap_or_default().to_string(),
            ballot: self.ballot().map(|b| b.number),
            clocks: (self.clocks.as_ref()).map_or_else(Vec::new, |c| c.by_ply(&self.game)),
            notes: Vec::new(),
        }
    }
}

/// What the PDN reader skipped or noticed, for the status line: the first note in
/// full, the others counted, control characters escaped.
pub(super) fn notes_line(notes: &[String]) -> Option<String> {
    let first = printable(notes.first()?);
    Some(match notes.len() {
        1 => first.into_owned(),
        k => format!("{first} ({} more)", k - 1),
    })
}

/// File work for the event loop; what came of it comes back as an [`Action`](super::Action).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileWork {
    /// `save FILE`: write `pdn` to `path`, replacing a file there only when
    /// `replace` (`save! FILE`); answered by [`super::Action::Saved`].
    Save {
        path: String,
        pdn: String,
        replace: bool,
    },
    /// `load FILE`: read `path`; answered by [`super::Action::Loaded`].
    Load { path: String },
    /// Keep the game on screen in the saved-games library, in its own file
    /// (a new one the first time); answered by [`super::Action::Kept`].
    Keep { pdn: String },
    /// The game on screen is another one now: let go of the last one's file,
    /// which stays in the library as it is.
    LetGo,
    /// Hold saved game `id`, now on screen; answered by [`super::Action::Taken`].
    Take { id: String },
}

//! The command line opened with `:`: typing, Tab completion of legal moves, and
//! the commands and typed moves it runs.

use super::{Action, App, CommandLine, Overlay, Status};
use checkers::notation::ResolveError;
use checkers::{notation, Ruleset};

#[cfg(test)]
mod tests;

impl App {
    pub(super) fn update_command(&mut self, action: Action) {
        let Some(cmd) = &mut self.command else {
            return;
        };
        let before = |cmd: &CommandLine| cmd.text[..cmd.cursor].chars().next_back();
        let after = |cmd: &CommandLine| cmd.text[cmd.cursor..].chars().next();
        match action {
            Action::CommandInput(c) => {
                cmd.text.insert(cmd.cursor, c);
                cmd.cursor += c.len_utf8();
                cmd.completion = None;
            }
            Action::CommandBackspace => {
                if cmd.text.is_empty() {
                    self.command = None;
                } else if let Some(c) = before(cmd) {
                    cmd.cursor -= c.len_utf8();
                    cmd.text.remove(cmd.cursor);
                    cmd.completion = None;
                }
            }
            Action::CommandDelete if after(cmd).is_some() => {
                cmd.text.remove(cmd.cursor);
                cmd.completion = None;
            }
            Action::CommandLeft => {
                if let Some(c) = before(cmd) {
                    cmd.cursor -= c.len_utf8();
                }
            }
            Action::CommandRight => {
                if let Some(c) = after(cmd) {
                    cmd.cursor += c.len_utf8();
                }
            }
            Action::CommandHome => cmd.cursor = 0,
            Action::CommandEnd => cmd.cursor = cmd.text.len(),
            Action::Cancel => self.command = None,
            Action::CommandComplete => self.complete(),
            Action::CommandSubmit => {
                let text = cmd.text.trim().to_string();
                self.command = None;
                self.status = None;
                if !text.is_empty() {
                    self.run_command(&text);
                }
            }
            _ => {}
        }
    }

    /// Tab: the next legal move, in the variant's notation, that starts with what was typed.
    fn complete(&mut self) {
        let legal = self.game.legal_moves();
        let rules = self.game.rules().clone();
        let Some(cmd) = &mut self.command else {
            return;
        };
        let (prefix, index) = match &cmd.completion {
            Some((prefix, i)) => (prefix.clone(), i + 1),
            None => (cmd.text.clone(), 0),
        };
        let mut options: Vec<String> = legal
            .iter()
            .map(|m| notation::write(m, &rules.notation))
            .filter(|t| t.starts_with(prefix.trim()))
            .collect();
        options.sort();
        if options.is_empty() {
            let text = self.lang.f(
                "illegal.no_completion",
                &[("text", &checkers::printable(prefix.trim()))],
            );
            self.status = Some(Status { text, error: true });
            return;
        }
        let i = index % options.len();
        cmd.text = options[i].clone();
        cmd.cursor = cmd.text.len();
        cmd.completion = Some((prefix, i));
    }

    fn run_command(&mut self, text: &str) {
        let mut words = text.split_whitespace();
        let word = words.next().unwrap_or_default();
        match word {
            "undo" => self.undo(),
            "redo" => self.redo(),
            "flip" => self.flipped = !self.flipped,
            "help" => self.overlay = Some(Overlay::Help { scroll: 0 }),
            "quit" | "q" => self.update_board(Action::Quit),
            "resign" => self.resign(),
            "draw" => self.offer_draw(),
            "hint" => self.ask_hint(),
            "fen" => {
                let rules = self.game.rules();
                let f = checkers::fen::write(
                    self.game.position(),
                    rules.geometry(),
                    rules.notation.squares,
                );
                self.info(self.lang.f("status.fen", &[("fen", &f)]));
            }
            "save" | "save!" => match file_argument(text, word) {
                Some(path) => self.save(&path, word == "save!"),
                None => self.error(self.lang.f("status.save_needs_file", &[("word", &word)])),
            },
            "load" => match file_argument(text, word) {
                Some(path) => self.load(&path),
                None => self.error(self.lang.t("status.load_needs_file").to_string()),
            },
            "new" => match words.next() {
                None => self.ask_new_game(None),
                Some(id) => match Ruleset::builtin(id) {
                    Some(_) => self.ask_new_game(Some(id.to_string())),
                    None => {
                        let ids: Vec<&str> = Ruleset::builtin_ids().collect();
                        let id = checkers::printable(id);
                        let ids = ids.join(", ");
                        self.error(
                            self.lang
                                .f("status.unknown_variant", &[("id", &id), ("ids", &ids)]),
                        );
                    }
                },
            },
            _ => self.play_text(text),
        }
    }

    /// A typed move: parsed, resolved against the position and played, or
    /// refused with the rule it breaks in the player's language. Text that is not
    /// even shaped like a move (no digit in it) is taken for a mistyped command.
    fn play_text(&mut self, text: &str) {
        let l = self.lang;
        let shown = checkers::printable(text).into_owned();
        if !text.chars().any(|c| c.is_ascii_digit()) {
            return self.error(l.f("illegal.unknown_command", &[("text", &shown)]));
        }
        let parsed = match notation::MoveText::parse(text, self.geometry()) {
            Ok(p) => p,
            Err(_) => return self.error(l.f("illegal.not_a_move", &[("text", &shown)])),
        };
        if self.touch_move() {
            if let Some(sel) = &self.selection {
                if parsed.squares[0] != sel.from {
                    return self.touched_must_move(sel.from);
                }
            }
        }
        if self.game.outcome().is_some() {
            return self.error(l.t("illegal.game_over").to_string());
        }
        if self.paused {
            return self.error(l.t("illegal.paused").to_string());
        }
        match parsed.resolve(self.game.position(), self.game.rules()) {
            Ok(m) => self.play(m),
            Err(ResolveError::Illegal { why, .. }) => {
                let reason = self.refusal(why);
                self.error(l.f("illegal.typed", &[("text", &shown), ("reason", &reason)]));
            }
            Err(ResolveError::Ambiguous { candidates, .. }) => {
                let candidates = candidates.join(", ");
                self.error(l.f(
                    "illegal.ambiguous",
                    &[("text", &shown), ("candidates", &candidates)],
                ));
            }
        }
    }
}

/// The file name after command `word`: the rest of the line, whole, so a name
/// with spaces is one name; quotes around it (`"my game.pdn"`) are dropped.
fn file_argument(text: &str, word: &str) -> Option<String> {
    let rest = text.strip_prefix(word)?.trim();
    let unquoted = ['"', '\'']
        .iter()
        .find_map(|&q| rest.strip_prefix(q).and_then(|r| r.strip_suffix(q)))
        .unwrap_or(rest);
    (!unquoted.is_empty()).then(|| home_expanded(unquoted, std::env::var_os("HOME")))
}

/// `~` or `~/…` at the start of a typed path is the home directory, as a shell
/// would read it (no shell reads what is typed after `:`); any other path, or a
/// home that is not known, stays as typed.
fn home_expanded(path: &str, home: Option<std::ffi::OsString>) -> String {
    let rest = match path.strip_prefix('~') {
        Some(r) if r.is_empty() || r.starts_with('/') => r,
        _ => return path.to_string(),
    };
    match home.filter(|h| !h.is_empty()) {
        Some(h) => format!("{}{rest}", std::path::Path::new(&h).display()),
        None => path.to_string(),
    }
}

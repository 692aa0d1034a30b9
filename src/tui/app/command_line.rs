//! The command line opened with `:`: typing, Tab completion of legal moves, and
//! the commands and typed moves it runs.

use super::{Action, App, Overlay, Status};
use checkers::{notation, Ruleset};

#[cfg(test)]
mod tests;

impl App {
    pub(super) fn update_command(&mut self, action: Action) {
        let Some(cmd) = &mut self.command else {
            return;
        };
        match action {
            Action::CommandInput(c) => {
                cmd.text.push(c);
                cmd.completion = None;
            }
            Action::CommandBackspace => {
                if cmd.text.pop().is_none() {
                    self.command = None;
                } else {
                    cmd.completion = None;
                }
            }
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
            self.status = Some(Status {
                text: format!("no legal move starts with `{}`", prefix.trim()),
                error: true,
            });
            return;
        }
        let i = index % options.len();
        cmd.text = options[i].clone();
        cmd.completion = Some((prefix, i));
    }

    fn run_command(&mut self, text: &str) {
        let mut words = text.split_whitespace();
        let word = words.next().unwrap_or_default();
        match word {
            "undo" => self.undo(),
            "redo" => self.redo(),
            "flip" => self.flipped = !self.flipped,
            "help" => self.overlay = Some(Overlay::Help),
            "quit" | "q" => self.update_board(Action::Quit),
            "resign" => self.resign(),
            "draw" => self.offer_draw(),
            "hint" => self.ask_hint(),
            "fen" => {
                let f =
                    checkers::fen::write(self.game.position(), self.game.rules().notation.squares);
                self.info(format!("FEN {f}"));
            }
            "save" | "save!" => match file_argument(text, word) {
                Some(path) => self.save(&path, word == "save!"),
                None => self.error(format!("{word} needs a file name: {word} FILE")),
            },
            "load" => match file_argument(text, word) {
                Some(path) => self.load(&path),
                None => self.error("load needs a file name: load FILE".to_string()),
            },
            "new" => match words.next() {
                None => self.ask_new_game(None),
                Some(id) => match Ruleset::builtin(id) {
                    Some(_) => self.ask_new_game(Some(id.to_string())),
                    None => {
                        let ids: Vec<&str> = Ruleset::builtin_ids().collect();
                        self.error(format!(
                            "unknown variant `{}`; choose one of {}",
                            checkers::printable(id),
                            ids.join(", ")
                        ));
                    }
                },
            },
            _ => self.play_text(text),
        }
    }

    fn play_text(&mut self, text: &str) {
        if self.touch_move() {
            if let Some(sel) = &self.selection {
                let from = notation::MoveText::parse(text).ok().map(|t| t.squares[0]);
                if from.is_some_and(|f| f != sel.from) {
                    return self
                        .error("touch-move: you must move the piece you selected".to_string());
                }
            }
        }
        match self.game.play_text(text) {
            Ok(m) => self.after_move(m),
            Err(e) => self.error(e.to_string()),
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
    (!unquoted.is_empty()).then(|| unquoted.to_string())
}

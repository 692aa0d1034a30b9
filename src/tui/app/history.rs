//! Taking moves back and replaying them, and scrolling back through the move list.

use super::App;

impl App {
    /// Back through the move list, no further than its first row.
    pub(super) fn scroll_by(&mut self, rows: usize) {
        let most = crate::tui::view::move_rows(self).len().saturating_sub(1);
        self.scroll = (self.scroll + rows).min(most);
    }

    pub(super) fn undo(&mut self) {
        // Kept if nothing is taken back: under touch-move a touched piece
        // stays touched ("nothing to take back" is no way out of it).
        let selection = self.selection.take();
        self.hint = None;
        self.stop_thinking();
        let vs_ai = self.ai.white != self.ai.black;
        let ended = self.game.outcome().is_some();
        let taken = self.game.undo();
        // A resignation, agreed draw or fallen flag is taken back by itself.
        let reopened = taken.is_none() && ended && self.game.outcome().is_none();
        self.clock_reset_move();
        // Against the AI, take back its reply too, so the human is to move again;
        // the message names both plies.
        let taken = match taken {
            Some(reply) if vs_ai && self.ai.plays(self.game.position().side_to_move()) => {
                match self.game.undo() {
                    Some(own) => Some((own, Some(reply))),
                    None => Some((reply, None)),
                }
            }
            other => other.map(|m| (m, None)),
        };
        match taken {
            Some((m, None)) => {
                let text = self
                    .lang
                    .f("status.took_back", &[("move", &self.write(&m))]);
                self.info(text)
            }
            Some((own, Some(reply))) => {
                let text = self.lang.f(
                    "status.took_back_both",
                    &[("move", &self.write(&own)), ("reply", &self.write(&reply))],
                );
                self.info(text)
            }
            None if reopened => self.info(self.lang.t("status.end_taken_back").to_string()),
            None if self.game.outcome().is_none() && self.overlay.is_none() => {
                self.selection = selection;
                self.info(self.lang.t("status.nothing_to_take_back").to_string())
            }
            None => {}
        }
    }

    /// ←/→ in review: a move back or forward through the game, the status
    /// naming the move that led to the board shown, as the move list numbers
    /// it (or the start), and how many moves the game has.
    pub(super) fn review_step(&mut self, forward: bool) {
        // One ply at a time, the AI's too: the record is looked at, not played.
        self.selection = None;
        self.hint = None;
        self.stop_thinking();
        let stepped = if forward {
            self.game.redo().is_some()
        } else {
            self.step_back()
        };
        if !stepped {
            let key = if forward {
                "status.nothing_to_replay"
            } else {
                "status.review_start"
            };
            return self.info(self.lang.t(key).to_string());
        }
        self.clock_reset_move();
        self.place_cursor();
        self.back_at_the_end();
        let plies = self.game.line().len();
        let played = self.game.moves().len();
        let text = match self.game.moves().last() {
            None => self.lang.t("status.review_start").to_string(),
            Some(m) => {
                let i = played - 1 + crate::tui::view::ply_offset(self);
                let dots = if i % 2 == 1 { "..." } else { "." };
                self.lang.f(
                    "status.review_at",
                    &[
                        ("move", &format!("{}{dots} {}", i / 2 + 1, self.write(m))),
                        ("ply", &played.to_string()),
                        ("plies", &plies.to_string()),
                    ],
                )
            }
        };
        self.info(text);
    }

    pub(super) fn redo(&mut self) {
        // As in `undo`: a touched piece stays touched when nothing is replayed.
        match self.game.redo() {
            Some(m) => {
                self.selection = None;
                self.clock_reset_move();
                self.info(self.lang.f("status.replayed", &[("move", &self.write(&m))]));
                self.after_move(m);
            }
            None => self.info(self.lang.t("status.nothing_to_replay").to_string()),
        }
    }
}

//! The position editor: men and kings of either colour put down and taken
//! away with the cursor, the side to move chosen, and the position checked as
//! the FEN reader checks it before it is played.

use super::{App, Effect};
use checkers::{fen, Color, Game, Piece, Position, Square};
use std::collections::BTreeMap;

#[cfg(test)]
mod tests;

/// A position being set up: any placement at all, checked only when played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    pub pieces: BTreeMap<Square, Piece>,
    pub side: Color,
}

impl Editor {
    fn of(pos: &Position, squares: impl Iterator<Item = Square>) -> Editor {
        Editor {
            pieces: squares
                .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
                .collect(),
            side: pos.side_to_move(),
        }
    }

    /// The placement as a FEN of square numbers, checked or not.
    pub fn fen(&self, geo: &checkers::Geometry) -> String {
        let list = |c: Color| {
            // In the order of their numbers, as `:fen` and every FEN writer lists them.
            let mut pieces: Vec<(u8, bool)> = self
                .pieces
                .iter()
                .filter(|(_, p)| p.color() == c)
                .map(|(&s, p)| (geo.number(s).unwrap_or(0), p.is_king()))
                .collect();
            pieces.sort_unstable();
            pieces
                .iter()
                .map(|&(n, king)| if king { format!("K{n}") } else { n.to_string() })
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "{}:W{}:B{}",
            self.side.letter(),
            list(Color::White),
            list(Color::Black)
        )
    }
}

/// What a key does in the editor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Put this piece on the cursor's square (the same piece again takes it away).
    Put(Piece),
    /// Empty the cursor's square.
    Remove,
    /// Empty the board.
    Clear,
    /// The variant's start position.
    Initial,
    /// The other side to move.
    Side,
    /// Play the position.
    Play,
    /// Show the FEN and copy it to the terminal's clipboard.
    Copy,
}

impl App {
    /// `e`: the editor, starting from the position on the board.
    pub(super) fn open_editor(&mut self) {
        if let Some(sel) = self.selection.as_ref().filter(|_| self.touch_move()) {
            // Leaving the editor gives the game back as it was: a way to put
            // a touched piece back.
            let from = sel.from;
            return self.touched_must_move(from);
        }
        self.stop_thinking();
        self.drop_analysis();
        self.selection = None;
        self.hint = None;
        let geo = *self.geometry();
        self.editor = Some(Editor::of(self.game.position(), geo.all()));
        self.info(self.lang.t("status.editor").to_string());
    }

    /// A key of the editor.
    pub(super) fn edit(&mut self, what: Edit) {
        let geo = *self.geometry();
        let Some(ed) = self.editor.as_mut() else {
            return;
        };
        let square = geo.seen_at(self.cursor.0, self.cursor.1);
        match what {
            Edit::Put(p) => {
                if let Some(s) = square {
                    if ed.pieces.get(&s) == Some(&p) {
                        ed.pieces.remove(&s);
                    } else {
                        ed.pieces.insert(s, p);
                    }
                }
            }
            Edit::Remove => {
                if let Some(s) = square {
                    ed.pieces.remove(&s);
                }
            }
            Edit::Clear => ed.pieces.clear(),
            Edit::Initial => *ed = Editor::of(&Position::start(self.game.rules()), geo.all()),
            Edit::Side => ed.side = ed.side.opposite(),
            Edit::Play => return self.play_edited(),
            Edit::Copy => return self.copy_edited(),
        }
        self.status = None;
    }

    /// The position set up, checked as the FEN reader checks it.
    fn checked(&mut self) -> Option<Position> {
        let geo = *self.geometry();
        let text = self.editor.as_ref()?.fen(&geo);
        match fen::parse(&text, &geo) {
            Ok(pos) => Some(pos),
            Err(e) => {
                let why = self.lang.fen_problem(&e.problem);
                self.error(self.lang.f("status.editor_refused", &[("why", &why)]));
                None
            }
        }
    }

    /// Enter: a new game from the position set up.
    fn play_edited(&mut self) {
        let Some(pos) = self.checked() else {
            return;
        };
        self.editor = None;
        self.start_game(Game::from_position(self.game.rules().clone(), pos));
        if self.game.outcome().is_some() {
            // Over already: the dialog says how; "play it" would contradict it.
            self.overlay = Some(super::Overlay::GameOver);
            return;
        }
        self.info(self.lang.t("status.editor_played").to_string());
    }

    /// `y`: the FEN, on the status line and to the clipboard.
    fn copy_edited(&mut self) {
        let Some(pos) = self.checked() else {
            return;
        };
        let rules = self.game.rules();
        let text = fen::write(&pos, rules.geometry(), rules.notation.squares);
        self.effects.push(Effect::Clipboard(text.clone()));
        self.info(self.lang.f("status.editor_copied", &[("fen", &text)]));
    }

    /// Esc: the editor closes and the game is as it was.
    pub(super) fn close_editor(&mut self) {
        self.editor = None;
        self.info(self.lang.t("status.editor_closed").to_string());
    }

    pub(super) fn update_editor(&mut self, action: super::Action) {
        use super::Action;
        match action {
            Action::Up | Action::Down | Action::Left | Action::Right => self.move_cursor(&action),
            Action::Click { col, row } => {
                if let Some((file, rank)) = self.layout().square_at(col, row) {
                    if let Some(square) = self.geometry().seen_at(file, rank) {
                        self.set_cursor(square);
                    }
                }
            }
            Action::Edit(what) => self.edit(what),
            Action::Cancel => self.close_editor(),
            Action::Help => self.overlay = Some(super::Overlay::Help { scroll: 0 }),
            // Leaving as from the board, the game as it was.
            Action::Quit | Action::ForceQuit => {
                self.editor = None;
                self.update_board(action);
            }
            _ => {}
        }
    }
}

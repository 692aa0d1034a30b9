//! Choosing a move on the board: the cursor, the piece selected and the
//! landing squares chosen so far, and what is refused and why.

use super::{Action, App, Overlay, Selection};
use checkers::game::GameError;
use checkers::legality::why_illegal;
use checkers::rules::CaptureChoice;
use checkers::{Illegal, Move, Piece, Square};

#[cfg(test)]
mod tests;

impl App {
    /// Arrows and hjkl move the cursor between dark squares only, so it never
    /// lands where nothing can stand. Left and right go to the next dark square on
    /// the same row (two columns over); up and down go one row to the diagonal
    /// neighbour nearer the column the player last chose with left/right (its
    /// `aim`), so pressing up repeatedly zigzags up one column instead of drifting
    /// off to a side; on a tie, the one nearer the centre of the board.
    pub(super) fn move_cursor(&mut self, action: &Action) {
        let layout = self.layout();
        let (c, r) = layout.on_screen(self.cursor.0, self.cursor.1);
        let (c, r) = (c as i16, r as i16);
        let (aim, _) = layout.on_screen(self.cursor_aim, 0);
        let aim = aim as i16;
        let n = layout.size as i16;
        let on_board = |x: &i16| (0..n).contains(x);
        let target = match action {
            Action::Left => Some((c - 2, r)),
            Action::Right => Some((c + 2, r)),
            Action::Up | Action::Down => {
                let row = if *action == Action::Up { r - 1 } else { r + 1 };
                // The centre column is (n - 1) / 2: twice it, to stay in integers.
                let rank = |col: i16| ((col - aim).abs(), (2 * col - (n - 1)).abs());
                [c - 1, c + 1]
                    .into_iter()
                    .filter(on_board)
                    .min_by_key(|&col| rank(col))
                    .map(|col| (col, row))
            }
            _ => None,
        };
        let Some((col, row)) = target.filter(|(c, r)| on_board(c) && on_board(r)) else {
            return;
        };
        let (file, rank) = layout.on_board(col as u16, row as u16);
        self.cursor = (file, rank);
        if matches!(action, Action::Left | Action::Right) {
            self.cursor_aim = file;
        }
    }

    /// Puts the cursor on `square` and takes its column as the one to aim for.
    pub(super) fn set_cursor(&mut self, square: Square) {
        self.cursor = self.geometry().seen(square);
        self.cursor_aim = self.cursor.0;
    }

    pub(super) fn activate(&mut self, file: u8, rank: u8) {
        if self.paused && self.game.outcome().is_none() {
            // Paused, the clocks stand still: a move now would be played off
            // the clock and still earn the increment.
            return self.error(self.lang.t("illegal.paused").to_string());
        }
        if self.game.outcome().is_some() {
            self.overlay = Some(Overlay::GameOver);
            return;
        }
        let Some(square) = self.geometry().seen_at(file, rank) else {
            return self.error(self.lang.t("illegal.light_square").to_string());
        };
        if self.ai_to_move() {
            // The side to move is the AI's: its pieces are not the player's to
            // touch, and the player's own are not to move yet.
            return self.error(self.lang.t("status.ai_turn").to_string());
        }
        let pos = *self.game.position();
        let own = pos
            .piece_at(square)
            .is_some_and(|p| p.color() == pos.side_to_move());
        // A capture that goes round and ends where it began (`32x21x12x23x32`)
        // is finished by choosing that square again.
        let round = |sel: &Selection| {
            square == sel.from && self.candidates().iter().any(|m| m.to() == sel.from)
        };
        match self.selection.clone() {
            None => self.select(square),
            Some(sel) if round(&sel) => self.land(sel, square),
            Some(sel) if sel.landings.is_empty() && square == sel.from => {
                if self.touch_move() {
                    self.touched_must_move(sel.from);
                } else {
                    self.selection = None;
                }
            }
            Some(sel) if sel.landings.is_empty() && own => {
                if self.touch_move() {
                    self.touched_must_move(sel.from);
                } else {
                    self.select(square);
                }
            }
            Some(sel) => self.land(sel, square),
        }
    }

    fn select(&mut self, square: Square) {
        let pos = *self.game.position();
        let legal = self.game.legal_moves();
        let why = match pos.piece_at(square) {
            Some(p)
                if p.color() == pos.side_to_move() && legal.iter().any(|m| m.from() == square) =>
            {
                self.selection = Some(Selection {
                    from: square,
                    landings: Vec::new(),
                });
                if self.touch_move() {
                    // Touching is binding here: say so the moment it happens.
                    let name = self.square_name(square);
                    self.info(self.lang.f("touch.touched", &[("square", &name)]));
                }
                return;
            }
            _ => why_illegal(&pos, self.game.rules(), &[square, square]),
        };
        self.error(self.refusal(why));
    }

    /// The board of the game.
    pub(crate) fn geometry(&self) -> &checkers::Geometry {
        self.game.rules().geometry()
    }

    /// `square` as the variant writes it.
    pub(super) fn square_name(&self, square: Square) -> String {
        self.game.rules().notation.square(square)
    }

    /// The rule broken, in the player's language.
    pub(super) fn refusal(&self, why: Illegal) -> String {
        self.lang.illegal(why, |sq| self.square_name(sq))
    }

    /// Touch-move refuses another piece, or putting this one back.
    pub(super) fn touched_must_move(&mut self, from: Square) {
        let name = self.square_name(from);
        self.error(self.lang.f("touch.must_move", &[("square", &name)]));
    }

    /// The legal moves that agree with the selection so far.
    pub fn candidates(&self) -> Vec<Move> {
        let Some(sel) = &self.selection else {
            return Vec::new();
        };
        self.game
            .legal_moves()
            .iter()
            .filter(|m| {
                let path = m.path();
                path[0] == sel.from
                    && path.len() > sel.landings.len() + 1
                    && path[1..=sel.landings.len()] == sel.landings[..]
            })
            .copied()
            .collect()
    }

    fn land(&mut self, mut sel: Selection, square: Square) {
        let cands = self.candidates();
        let ends_here: Vec<&Move> = cands.iter().filter(|m| m.to() == square).collect();
        if let [only] = ends_here.as_slice() {
            let m = **only;
            return self.play(m);
        }
        let step = sel.landings.len() + 1;
        let next: Vec<&Move> = cands.iter().filter(|m| m.path()[step] == square).collect();
        if next.is_empty() {
            if ends_here.len() > 1 {
                let n = ends_here.len();
                return self.error(self.lang.f("illegal.ends_there", &[("n", &n)]));
            }
            let mut squares = vec![sel.from];
            squares.extend(&sel.landings);
            squares.push(square);
            let why = why_illegal(self.game.position(), self.game.rules(), &squares);
            return self.error(self.refusal(why));
        }
        sel.landings.push(square);
        if let [only] = next.as_slice() {
            if only.path().len() == step + 1 {
                let m = **only;
                return self.play(m);
            }
        }
        self.selection = Some(sel);
        self.info(self.lang.t("status.go_on").to_string());
    }

    pub(super) fn play(&mut self, m: Move) {
        let clock = self.clock_before_move();
        match self.game.play(&m) {
            Ok(()) => {
                self.clock_moved(clock);
                self.leave_review_line();
                self.after_move(m)
            }
            Err(GameError::Over(_)) => self.error(self.lang.t("illegal.game_over").to_string()),
            Err(GameError::Illegal { why, .. }) => self.error(self.refusal(why)),
        }
    }

    pub(super) fn after_move(&mut self, m: Move) {
        self.last_move_at = self.now;
        self.step = false;
        self.watched = None;
        // A move played (not replayed) at the end of the line ends the review:
        // the game goes on from here.
        self.back_at_the_end();
        self.hint = None;
        self.selection = None;
        self.scroll = 0;
        // The next player's cursor starts on a piece of theirs that can move (one
        // that must capture, if any); against the AI, a human's cursor is moved
        // only when a capture is mandatory, else it stays where they left it.
        let side = self.game.position().side_to_move();
        let hot_seat = !self.ai.white && !self.ai.black;
        if hot_seat || (!self.ai.plays(side) && self.capture_summary().is_some()) {
            self.place_cursor();
        } else {
            self.set_cursor(m.to());
        }
        if self.game.outcome().is_some() {
            self.overlay = Some(Overlay::GameOver);
        }
    }

    pub(super) fn cancel(&mut self) {
        let touch_move = self.touch_move();
        let Some(sel) = &mut self.selection else {
            return;
        };
        if touch_move {
            if sel.landings.is_empty() {
                let from = sel.from;
                self.touched_must_move(from);
            } else {
                sel.landings.clear();
            }
        } else {
            self.selection = None;
        }
    }

    /// Puts the cursor on a piece the human to play next can move, one that
    /// must capture if any: the side to move, or, while the AI is to move
    /// against a human, the human's side (as if it were to move).
    pub(super) fn place_cursor(&mut self) {
        let pos = *self.game.position();
        let mut side = pos.side_to_move();
        if self.ai.plays(side) && !self.ai.plays(side.opposite()) {
            side = side.opposite();
        }
        let legal = checkers::legal_moves(&pos.with_side_to_move(side), self.game.rules());
        if let Some(m) = legal
            .iter()
            .find(|m| pos.piece_at(m.from()).map(Piece::color) == Some(side))
        {
            let from = m.from();
            self.set_cursor(from);
        }
    }

    /// Whether the cursor is on a piece that the side to move can move.
    pub(super) fn cursor_on_a_movable_piece(&self) -> bool {
        let (file, rank) = self.cursor;
        self.geometry()
            .seen_at(file, rank)
            .is_some_and(|sq| self.game.legal_moves().iter().any(|m| m.from() == sq))
    }

    /// The largest number of pieces any legal capture takes, and whether that
    /// is a rule (most-pieces variants) or just the longest on offer.
    pub fn capture_summary(&self) -> Option<(u32, bool)> {
        let legal = self.game.legal_moves();
        let first = legal.first()?;
        if !first.is_capture() {
            return None;
        }
        let most = legal.iter().map(Move::capture_count).max().unwrap_or(0);
        Some((
            most,
            self.game.rules().capture_choice == CaptureChoice::MostPieces,
        ))
    }
}

//! The FMJD's draw rules as `international` (10×10) and `canadian` (12×12)
//! play them: the same tests on each board, whose positions differ only in
//! where the right edge is (`#` in them is the last file, `%` the one before).

use super::no_progress::assert_draw_after_quiet_plies;
use super::*;
use checkers::Geometry;

/// One of the boards the FMJD's draws are played on.
pub(super) struct Board {
    pub(super) variant: &'static str,
    pub(super) geo: Geometry,
}

/// Kings on the edges of the board, where nothing can be taken.
const QUIET: &str = "W:WKe1,a3:BK#6,#8";

impl Board {
    fn fen(&self, text: &str) -> String {
        let last = (b'a' + self.geo.size - 1) as char;
        let before = (b'a' + self.geo.size - 2) as char;
        text.replace('#', &last.to_string())
            .replace('%', &before.to_string())
    }

    #[track_caller]
    fn at(&self, text: &str) -> Position {
        fen::parse(&self.fen(text), &self.geo).unwrap_or_else(|e| panic!("{e}"))
    }

    fn game(&self, text: &str) -> Game {
        Game::from_position(rules(self.variant), self.at(text))
    }

    pub(super) fn threefold_repetition_is_a_draw(&self) {
        assert_eq!(rules(self.variant).repetition, 3);
        let mut game = self.game(QUIET);
        for _ in 0..2 {
            for m in ["e1-d2", "#6-%5", "d2-e1", "%5-#6"] {
                play(&mut game, &self.fen(m));
            }
        }
        assert_eq!(
            game.outcome().map(|o| o.reason),
            Some(OutcomeReason::Repetition)
        );
    }

    pub(super) fn twenty_five_moves_of_kings_only_draw(&self) {
        assert_draw_after_quiet_plies(&mut self.game(QUIET), "25-move rule", 50);
    }

    pub(super) fn twenty_five_move_count_resets_on_a_man_move(&self) {
        let mut game = self.game(QUIET);
        // Ten plies of king moves, then White's eleventh a plain man move.
        wander_with(&mut game, 11, &|left| left == 1);
        assert_eq!(game.moves().len(), 11);
        assert_eq!(counter(&game, "25-move rule"), 0);
        game.undo();
        assert_eq!(counter(&game, "25-move rule"), 10);
        game.redo();
        assert_draw_after_quiet_plies(&mut game, "25-move rule", 50);
    }

    pub(super) fn three_against_a_lone_king_draw_after_16_moves_each(&self) {
        // Two kings and a man against a king; the man stays where it is.
        let mut game = self.game("W:WKe1,Ka5,a7:BK#6");
        assert_draw_after_quiet_plies(&mut game, "16-move rule", 32);
        assert_eq!(counter(&game, "5-move rule"), 0);
    }

    pub(super) fn two_against_a_lone_king_draw_after_5_moves_each(&self) {
        assert_draw_after_quiet_plies(&mut self.game("W:WKe1,Ka5:BK#6"), "5-move rule", 10);
        assert_draw_after_quiet_plies(&mut self.game("W:WKe1:BK#6"), "5-move rule", 10);
    }

    /// Black's king takes the king on h2 and lands on the edge (`capture`):
    /// two against one.
    pub(super) fn a_capture_from_three_against_one_starts_the_5_move_count(&self, capture: &str) {
        let mut game = self.game("B:WKa5,Kc1,Kh2:BKg1");
        play(&mut game, capture);
        assert_eq!(counter(&game, "16-move rule"), 0);
        assert_eq!(counter(&game, "5-move rule"), 0);
        assert_draw_after_quiet_plies(&mut game, "5-move rule", 10);
    }
}

//! The endgame tables' verdict on the position on the board ("White wins in
//! 23 moves"): once a game is down to few enough pieces, the event loop reads
//! the tables from the cache (or solves the small ones) on another thread, and
//! the panel probes them for every position after that. Hot-seat games get the
//! verdict too, without an AI ever searching.

use super::{App, Effect};
use checkers::ai::endgame::{most_pieces, Tables, Value};
use checkers::ai::search::ENDGAME_FROM;
use std::sync::Arc;

/// The tables of a set of rules of movement, as the event loop hands them over.
#[derive(Clone)]
pub struct TablesFor {
    /// [`checkers::lab::tables::movement_key`] of the rules they are for.
    pub key: u64,
    pub tables: Arc<Tables>,
}

impl std::fmt::Debug for TablesFor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "TablesFor {{ key: {:016x}, pieces: {} }}",
            self.key,
            self.tables.pieces()
        )
    }
}

impl PartialEq for TablesFor {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key && Arc::ptr_eq(&self.tables, &other.tables)
    }
}

impl Eq for TablesFor {}

/// Where the game's tables stand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Endgame {
    /// Not asked for: no position of the game has had few enough pieces.
    #[default]
    None,
    /// Asked of the event loop for the rules of movement with this key.
    Asked(u64),
    Ready(TablesFor),
}

impl App {
    /// Asks the event loop for the tables once the game nears its end, once
    /// per set of rules of movement: from as many pieces as a search starts
    /// probing them at ([`ENDGAME_FROM`]), so that they are read or solved on
    /// the event loop's thread, the panel showing how far, while the AI's
    /// searches go on without them. Not for a game that is over.
    pub(super) fn want_tables(&mut self) {
        let rules = self.game.rules();
        if self.game.position().occupied().count() > ENDGAME_FROM.max(most_pieces(rules.geometry()))
            || self.game.outcome().is_some()
        {
            return;
        }
        let key = checkers::lab::tables::movement_key(rules);
        let known = match &self.endgame {
            Endgame::None => None,
            Endgame::Asked(k) => Some(*k),
            Endgame::Ready(t) => Some(t.key),
        };
        if known != Some(key) {
            self.endgame = Endgame::Asked(key);
            self.effects
                .push(Effect::LoadTables(Box::new(rules.clone())));
        }
    }

    /// How far the event loop has come with the tables the game asked for.
    pub(super) fn tables_progress(&mut self, key: u64, percent: u8) {
        if self.endgame == Endgame::Asked(key) {
            self.tables_percent = (percent < 100).then_some(percent);
        }
    }

    /// The tables the event loop read, kept if they are still the game's.
    pub(super) fn tables_ready(&mut self, tables: TablesFor) {
        self.tables_percent = None;
        if self.endgame == Endgame::Asked(tables.key) {
            self.endgame = Endgame::Ready(tables);
        }
    }

    /// The tables' value of the position on the board for the side to move,
    /// while the game goes on and the tables hold the position.
    pub fn table_value(&self) -> Option<Value> {
        let Endgame::Ready(t) = &self.endgame else {
            return None;
        };
        if self.game.outcome().is_some()
            || t.key != checkers::lab::tables::movement_key(self.game.rules())
        {
            return None;
        }
        t.tables.probe(self.game.position())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::test_support::{app, command, screen};

    #[test]
    fn a_game_down_to_few_pieces_asks_for_the_tables_once() {
        let mut a = app(checkers::rules::builtin::ENGLISH, Some("W:W18,19:B5,6"));
        assert!(matches!(a.endgame, Endgame::Asked(_)));
        let asked = |a: &App| {
            a.effects
                .iter()
                .filter(|e| matches!(e, Effect::LoadTables(_)))
                .count()
        };
        assert_eq!(asked(&a), 1);
        a.effects.clear();
        a.want_tables();
        assert_eq!(asked(&a), 0, "asked again");
    }

    #[test]
    fn a_game_of_many_pieces_does_not_ask_for_the_tables() {
        // Fifteen pieces: one more than a search probes the tables at.
        let a = app(
            checkers::rules::builtin::ENGLISH,
            Some("W:W18,19,20,21,22,23,24,25:B1,2,3,5,6,7,8"),
        );
        assert_eq!(a.endgame, Endgame::None);
        assert!(!a.effects.iter().any(|e| matches!(e, Effect::LoadTables(_))));
        // Fourteen: asked for, for the AI's searches to come, long before
        // the panel can give a verdict from them.
        let a = app(
            checkers::rules::builtin::ENGLISH,
            Some("W:W18,19,20,21,22,23,24:B1,2,3,5,6,7,8"),
        );
        assert!(matches!(a.endgame, Endgame::Asked(_)));
    }

    #[test]
    fn a_game_that_is_over_does_not_ask_for_the_tables() {
        // Black has no piece left: nothing is left to look up.
        let a = app(checkers::rules::builtin::ENGLISH, Some("B:W18,19:B"));
        assert!(a.game.outcome().is_some());
        assert_eq!(a.endgame, Endgame::None);
    }

    #[test]
    fn tables_for_other_rules_are_not_probed() {
        let mut a = app(checkers::rules::builtin::ENGLISH, Some("W:W18,19:B5,6"));
        let rules = checkers::Ruleset::builtin("russian").unwrap();
        let tables = Arc::new(checkers::lab::tables::build(&rules, 2, &mut |_| {}));
        a.tables_ready(TablesFor {
            key: checkers::lab::tables::movement_key(&rules),
            tables,
        });
        assert_eq!(a.table_value(), None);
    }

    /// Does what the event loop does once `a` has asked for its tables: solves
    /// them (of `pieces` pieces) and hands them over.
    fn hand_over_tables(a: &mut App, pieces: u32) {
        let Endgame::Asked(key) = a.endgame else {
            panic!("not asked: {:?}", a.endgame);
        };
        let tables = checkers::lab::tables::build(a.game.rules(), pieces, &mut |_| {});
        a.tables_ready(TablesFor {
            key,
            tables: Arc::new(tables),
        });
    }

    /// Six pieces on 8×8 take seconds to read: the panel shows how far the
    /// event loop has come, for the game's own tables only, until they are in.
    #[test]
    fn the_panel_shows_the_tables_being_read_until_they_are_ready() {
        let mut a = app(checkers::rules::builtin::ENGLISH, Some("W:WK18,K19:BK5"));
        let Endgame::Asked(key) = a.endgame else {
            panic!("not asked: {:?}", a.endgame);
        };
        a.tables_progress(key ^ 1, 40);
        assert_eq!(a.tables_percent, None, "another ruleset's tables");
        a.tables_progress(key, 40);
        let text = screen(&a);
        assert!(text.contains("endgame tables (once): 40%"), "{text}");
        hand_over_tables(&mut a, 3);
        let text = screen(&a);
        assert!(!text.contains("(once)"), "{text}");
        assert!(text.contains("Endgame tables: White wins"), "{text}");
    }

    #[test]
    fn the_tables_say_who_wins_the_position_on_the_board() {
        // Two kings against one in the double corner's reach: English's tables
        // of three pieces call it a win for the side with two.
        let mut a = app(checkers::rules::builtin::ENGLISH, Some("W:WK18,K19:BK5"));
        hand_over_tables(&mut a, 3);
        assert!(matches!(a.table_value(), Some(Value::Win(_))));
        let text = screen(&a);
        assert!(text.contains("Endgame tables: White wins"), "{text}");
        // Black to move after a quiet king move: still White's win, a move nearer.
        command(&mut a, "19-23");
        assert!(matches!(a.table_value(), Some(Value::Loss(_))));
        let text = screen(&a);
        assert!(text.contains("Endgame tables: White wins"), "{text}");
    }

    #[test]
    fn each_language_says_who_wins_and_in_how_many_moves() {
        use crate::tui::i18n::Lang;
        let mut a = app(checkers::rules::builtin::ENGLISH, Some("W:WK18,K19:BK5"));
        hand_over_tables(&mut a, 3);
        // The panel may wrap the line, so its words are looked for one by one.
        for (lang, words) in [
            (Lang::En, ["White", "wins", "moves"]),
            (Lang::Nl, ["Wit", "wint", "zetten"]),
            (Lang::Ru, ["Белые", "выигрывают", "ходов"]),
            (Lang::De, ["Weiß", "gewinnt", "Zügen"]),
            (Lang::It, ["Bianco", "vince", "mosse"]),
        ] {
            a.lang = lang;
            let text = screen(&a);
            for w in words {
                assert!(text.contains(w), "{lang:?}: no {w:?} in\n{text}");
            }
        }
    }

    #[test]
    fn a_drawn_ending_is_called_a_draw_and_a_finished_game_gets_no_verdict() {
        let mut a = app(checkers::rules::builtin::ENGLISH, Some("W:WK18:BK5"));
        hand_over_tables(&mut a, 2);
        assert_eq!(a.table_value(), Some(Value::Draw));
        assert!(screen(&a).contains("Endgame tables: a draw"));
        command(&mut a, "resign");
        assert!(a.game.outcome().is_some());
        assert_eq!(a.table_value(), None);
        assert!(!screen(&a).contains("Endgame tables"));
    }
}

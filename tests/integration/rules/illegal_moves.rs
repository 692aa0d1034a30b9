//! Display: illegal moves are refused with the reason.

use super::capture_choice::THREE_OR_ONE;
use super::*;
use checkers::rules::builtin::{ITALIAN, PORTUGUESE, SPANISH};
use checkers::{Illegal, ResolveError};

#[test]
fn an_illegal_move_is_refused_with_the_reason_a_capture_is_mandatory() {
    let pos = board(Color::White, THREE_OR_ONE);
    for id in Ruleset::builtin_ids() {
        assert_eq!(refusal(id, &pos, "a1-b2"), "a capture is mandatory", "{id}");
        let mut game = Game::from_position(rules(id), pos);
        match game.play_text("a1-b2") {
            Err(PlayError::Move(MoveError::Illegal { text, reason })) => {
                assert_eq!(text, "a1-b2");
                assert_eq!(reason, "a capture is mandatory", "{id}");
            }
            other => panic!("{id}: {other:?}"),
        }
    }
}

#[test]
fn an_illegal_move_is_refused_with_the_reason_you_must_take_the_most_pieces() {
    let pos = board(Color::White, THREE_OR_ONE);
    for id in builtins_where(|r| r.capture_choice == CaptureChoice::MostPieces) {
        let mut game = Game::from_position(rules(id), pos);
        match game.play_text("h4xf6") {
            Err(PlayError::Move(MoveError::Illegal { reason, .. })) => {
                assert_eq!(reason, "you must take the most pieces: 3", "{id}");
            }
            other => panic!("{id}: {other:?}"),
        }
        // The message as the player reads it.
        let e = game.play_text("h4xf6").unwrap_err();
        assert_eq!(
            e.to_string(),
            "`h4xf6` is illegal: you must take the most pieces: 3"
        );
    }
}

#[test]
fn an_illegal_move_costs_nothing() {
    let pos = board(Color::White, THREE_OR_ONE);
    for id in Ruleset::builtin_ids() {
        let mut game = Game::from_position(rules(id), pos);
        let refused = if rules(id).capture_choice == CaptureChoice::MostPieces {
            "h4xf6"
        } else {
            "a1-b2"
        };
        assert!(game.play_text(refused).is_err(), "{id}");
        assert!(game.play_text("e1-f2").is_err(), "{id}");
        assert_eq!(*game.position(), pos, "{id}");
        assert_eq!(game.moves().len(), 0, "{id}");
        assert_eq!(game.outcome(), None, "{id}");
        assert!(game.counters().iter().all(|(_, n)| *n == 0), "{id}");
        // The same player still has the move and plays it.
        play(&mut game, "e1xc7");
        assert_eq!(game.position().side_to_move(), Color::Black, "{id}");
        assert_eq!(game.position().pieces(Color::Black).count(), 1, "{id}");
    }
}

// ---------------------------------------------------------------------------------------------
// Each reason, in each variant: the rule the refused move actually breaks.
// ---------------------------------------------------------------------------------------------

/// c3 must take d4; g3 has a quiet move, and so has c3 (to b4).
const C3_MUST_TAKE: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . w . . . w .
    . . . . . . . .
    . . . . . . . .
";

/// c3 takes d4 and then d6: stopping on e5 is stopping early.
const C3_TAKES_TWO: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . . . . . . .
    . . . b . . . .
    . . w . . . . .
    . . . . . . . .
    . . . . . . . .
";

/// No capture anywhere: c3 may step to b4 but not back to b2 or onto its neighbour d4.
const QUIET: &str = "
    . b . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . w . . . .
    . . w . . . . .
    . . . . . . . .
    . . . . . . . .
";

/// The rule a refused move breaks, from the library's reason, and its words as the game
/// writes them (squares in the variant's notation).
#[track_caller]
fn why(id: &str, pos: &Position, text: &str) -> (Illegal, String) {
    match notation::MoveText::parse(text, &checkers::BOARD_8)
        .expect("well-formed move text")
        .resolve(pos, &rules(id))
    {
        Err(ResolveError::Illegal { why, reason, .. }) => (why, reason),
        other => panic!("{id}: `{text}` should be refused as illegal, got {other:?}"),
    }
}

#[test]
fn a_quiet_move_of_the_piece_that_must_capture_is_refused_as_a_capture_is_mandatory() {
    let pos = board(Color::White, C3_MUST_TAKE);
    for id in Ruleset::builtin_ids() {
        for text in ["c3-b4", "c3-d4"] {
            let (rule, words) = why(id, &pos, text);
            assert_eq!(rule, Illegal::CaptureMandatory, "{id}: {text}");
            assert_eq!(words, "a capture is mandatory", "{id}: {text}");
        }
    }
}

/// c3 must take d4 (landing on e5); its own man stands on g7.
const C3_TAKES_ONE_G7_OWN: &str = "
    . . . . . . . .
    . . . . . . w .
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . w . . . . .
    . . . . . . . .
    . . . . . . . .
";

#[test]
fn a_capture_that_goes_on_where_none_goes_is_refused_by_its_square_not_as_a_capture_is_mandatory() {
    let pos = board(Color::White, C3_TAKES_ONE_G7_OWN);
    for id in Ruleset::builtin_ids() {
        let (rule, words) = why(id, &pos, "c3xe5xg7");
        assert_eq!(rule, Illegal::Occupied(sq("g7")), "{id}");
        assert!(words.ends_with(" is occupied"), "{id}: {words}");
        assert_eq!(
            why(id, &pos, "c3xe5xc7").0,
            Illegal::CannotMoveThere,
            "{id}"
        );
        // A quiet step of the same piece still ignores the capture.
        assert_eq!(why(id, &pos, "c3-b4").0, Illegal::CaptureMandatory, "{id}");
    }
}

#[test]
fn a_quiet_move_of_another_piece_is_refused_as_a_capture_is_mandatory() {
    let pos = board(Color::White, C3_MUST_TAKE);
    for id in Ruleset::builtin_ids() {
        assert_eq!(why(id, &pos, "g3-h4").0, Illegal::CaptureMandatory, "{id}");
    }
}

#[test]
fn a_shorter_capture_under_the_majority_rule_is_refused_as_you_must_take_the_most() {
    let pos = board(Color::White, THREE_OR_ONE);
    let mut majority = builtins_where(|r| r.capture_choice == CaptureChoice::MostPieces);
    majority.sort();
    assert_eq!(
        majority,
        [
            BRAZILIAN,
            CANADIAN,
            DAMMEN64,
            INTERNATIONAL,
            ITALIAN,
            PORTUGUESE,
            SPANISH
        ]
    );
    for id in majority {
        assert_eq!(why(id, &pos, "h4xf6").0, Illegal::MustTakeMost(3), "{id}");
        // A step of the piece that has the longest capture still ignores the capture.
        assert_eq!(why(id, &pos, "e1-f2").0, Illegal::CaptureMandatory, "{id}");
    }
}

#[test]
fn stopping_a_capture_early_is_refused_as_the_capture_must_go_on() {
    for (diagram, text) in [(C3_TAKES_TWO, "c3xe5"), (THREE_OR_ONE, "e1xc3")] {
        let pos = board(Color::White, diagram);
        for id in Ruleset::builtin_ids() {
            let (rule, words) = why(id, &pos, text);
            assert_eq!(rule, Illegal::CaptureMustContinue, "{id}: {text}");
            assert_eq!(
                words, "a capture must go on until no further capture is possible",
                "{id}"
            );
        }
    }
}

/// Typed from and to alone, `32x12` names a landing the capture passes on its
/// way on: stopping early too, not a capture refused (it said "a capture is
/// mandatory").
#[test]
fn a_capture_typed_to_a_landing_it_passes_is_refused_as_the_capture_must_go_on() {
    let rules = rules(checkers::rules::builtin::INTERNATIONAL);
    let pos = checkers::fen::parse("W:W32,37,44,47:B27,17,18,8,39,6", rules.geometry()).unwrap();
    let refused = notation::MoveText::parse("32x12", rules.geometry())
        .expect("well-formed move text")
        .resolve(&pos, &rules);
    match refused {
        Err(ResolveError::Illegal { why, .. }) => assert_eq!(why, Illegal::CaptureMustContinue),
        other => panic!("`32x12` should be refused, got {other:?}"),
    }
}

#[test]
fn a_man_moving_backwards_is_refused_as_men_do_not_move_backwards() {
    let pos = board(Color::White, QUIET);
    for id in Ruleset::builtin_ids() {
        let (rule, words) = why(id, &pos, "c3-b2");
        assert_eq!(rule, Illegal::MenDoNotMoveBackwards, "{id}");
        assert_eq!(words, "men do not move backwards", "{id}");
    }
}

#[test]
fn a_move_onto_an_occupied_square_is_refused_as_occupied() {
    let pos = board(Color::White, QUIET);
    for id in Ruleset::builtin_ids() {
        let (rule, words) = why(id, &pos, "c3-d4");
        assert_eq!(rule, Illegal::Occupied(sq("d4")), "{id}");
        let d4 = rules(id).notation.square(sq("d4"));
        assert_eq!(words, format!("{d4} is occupied"), "{id}");
    }
}

#[test]
fn a_move_of_the_other_sides_piece_is_refused_as_not_your_piece() {
    let pos = board(Color::White, QUIET);
    for id in Ruleset::builtin_ids() {
        let (rule, words) = why(id, &pos, "b8-a7");
        assert_eq!(rule, Illegal::NotYourPiece, "{id}");
        assert_eq!(words, "that is not your piece", "{id}");
    }
}

//! Display: illegal moves are refused with the reason.

use super::capture_choice::THREE_OR_ONE;
use super::*;

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

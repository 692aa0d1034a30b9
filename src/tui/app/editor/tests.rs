//! The position editor, by its keys.

use crate::tui::app::{Effect, Mode};
use crate::tui::test_support::*;
use checkers::rules::builtin::RUSSIAN;
use checkers::{Color, Piece};
use crossterm::event::KeyCode;

#[test]
fn a_position_set_up_by_keys_is_checked_then_played() {
    let mut a = app(RUSSIAN, None);
    ch(&mut a, 'e');
    assert_eq!(a.mode(), Mode::Editor);
    ch(&mut a, 'c');
    assert!(a.editor.as_ref().unwrap().pieces.is_empty());
    // A white man on c3, a black king on f6; Black to move.
    a.set_cursor(sq("c3"));
    ch(&mut a, 'w');
    a.set_cursor(sq("f6"));
    ch(&mut a, 'B');
    ch(&mut a, 't');
    let ed = a.editor.as_ref().unwrap();
    assert_eq!(ed.pieces.get(&sq("c3")), Some(&Piece::Man(Color::White)));
    assert_eq!(ed.pieces.get(&sq("f6")), Some(&Piece::King(Color::Black)));
    assert_eq!(ed.side, Color::Black);
    assert!(screen(&a).contains("Set up a position"));
    // The same piece again takes it away; x empties.
    a.set_cursor(sq("c3"));
    ch(&mut a, 'w');
    assert!(!a.editor.as_ref().unwrap().pieces.contains_key(&sq("c3")));
    ch(&mut a, 'b');
    ch(&mut a, 'x');
    assert!(!a.editor.as_ref().unwrap().pieces.contains_key(&sq("c3")));
    // A white man on its crowning row is refused as the FEN reader refuses it.
    a.set_cursor(sq("b8"));
    ch(&mut a, 'w');
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.mode(), Mode::Editor);
    assert!(
        status_text(&a).starts_with("this position cannot be played: "),
        "{}",
        status_text(&a)
    );
    assert!(status_text(&a).contains("crowning row"));
    ch(&mut a, 'W');
    // y: the FEN, to the clipboard.
    ch(&mut a, 'y');
    assert!(a
        .effects
        .iter()
        .any(|e| matches!(e, Effect::Clipboard(f) if f == "B:WKb8:BKf6")));
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.mode(), Mode::Board);
    assert_eq!(a.game.moves().len(), 0);
    assert_eq!(a.game.position().side_to_move(), Color::Black);
    assert_eq!(
        a.game.position().piece_at(sq("b8")),
        Some(Piece::King(Color::White))
    );
    assert_eq!(a.game.position().occupied().count(), 2);
    // And it plays: the black king moves.
    type_move(&mut a, "f6-g7");
    assert_eq!(a.game.moves().len(), 1);
}

#[test]
fn esc_leaves_the_editor_with_the_game_as_it_was() {
    let mut a = app(RUSSIAN, None);
    type_move(&mut a, "c3-d4");
    ch(&mut a, 'e');
    ch(&mut a, 'c');
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.mode(), Mode::Board);
    assert_eq!(a.game.moves().len(), 1);
    assert_eq!(a.game.position().occupied().count(), 24);
    // i: the start position, in the editor.
    ch(&mut a, 'e');
    ch(&mut a, 'c');
    ch(&mut a, 'i');
    assert_eq!(a.editor.as_ref().unwrap().pieces.len(), 24);
    assert_eq!(a.editor.as_ref().unwrap().side, Color::White);
}

#[test]
fn a_position_set_up_over_already_opens_as_over_without_play_it() {
    let mut a = app(RUSSIAN, None);
    ch(&mut a, 'e');
    ch(&mut a, 'c');
    // White alone, Black to move: Black has lost.
    a.set_cursor(sq("c3"));
    ch(&mut a, 'w');
    ch(&mut a, 't');
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.mode(), Mode::GameOver);
    assert_eq!(status_text(&a), "");
}

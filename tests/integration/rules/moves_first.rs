//! Moves first: who makes the first move.

use super::*;

#[track_caller]
fn assert_moves_first(id: &str, color: Color) {
    let r = rules(id);
    assert_eq!(r.first_move, color, "{id}");
    let game = Game::new(r);
    assert_eq!(game.position().side_to_move(), color, "{id}");
    let list = game.legal_moves();
    assert_eq!(list.len(), 7, "{id}");
    for m in list.iter() {
        assert_eq!(
            game.position().piece_at(m.from()),
            Some(checkers::Piece::Man(color)),
            "{id}"
        );
    }
}

#[test]
fn english_black_moves_first() {
    assert_moves_first(ENGLISH, Color::Black);
}

#[test]
fn dammen64_black_moves_first() {
    assert_moves_first(DAMMEN64, Color::Black);
}

#[test]
fn brazilian_white_moves_first() {
    assert_moves_first(BRAZILIAN, Color::White);
}

#[test]
fn russian_white_moves_first() {
    assert_moves_first(RUSSIAN, Color::White);
}

#[test]
fn german_black_moves_first() {
    assert_moves_first(GERMAN, Color::Black);
}

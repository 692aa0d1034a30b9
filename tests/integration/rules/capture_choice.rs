//! Which capture may be chosen: any, or the one taking most pieces.

use super::*;

/// e1 can take three (d2, d4, d6), h4 one (g5); a1 cannot take anything.
pub(super) const THREE_OR_ONE: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . . . . . b .
    . . . b . . . w
    . . . . . . . .
    . . . b . . . .
    w . . . w . . .
";

pub(super) const TAKE_THREE: &str = "e1xc3xe5xc7 takes d2 d4 d6";

#[track_caller]
fn assert_any_capture_may_be_chosen(id: &str) {
    assert_eq!(rules(id).capture_choice, CaptureChoice::Any);
    let pos = board(Color::White, THREE_OR_ONE);
    assert_moves(id, &pos, &[TAKE_THREE, "h4xf6 takes g5"]);
    let mut game = Game::from_position(rules(id), pos);
    play(&mut game, "h4xf6");
    assert_eq!(game.position().pieces(Color::Black).count(), 3, "{id}");
}

#[track_caller]
fn assert_must_take_the_most(id: &str) {
    assert_eq!(rules(id).capture_choice, CaptureChoice::MostPieces);
    let pos = board(Color::White, THREE_OR_ONE);
    assert_moves(id, &pos, &[TAKE_THREE]);
    assert_eq!(
        refusal(id, &pos, "h4xf6"),
        "you must take the most pieces: 3"
    );
}

#[test]
fn english_may_choose_a_shorter_capture() {
    assert_any_capture_may_be_chosen(ENGLISH);
}

#[test]
fn dammen64_must_take_the_most_pieces() {
    assert_must_take_the_most(DAMMEN64);
}

#[test]
fn brazilian_must_take_the_most_pieces() {
    assert_must_take_the_most(BRAZILIAN);
}

#[test]
fn russian_may_choose_a_shorter_capture() {
    assert_any_capture_may_be_chosen(RUSSIAN);
}

#[test]
fn german_may_choose_a_shorter_capture() {
    assert_any_capture_may_be_chosen(GERMAN);
}

/// c3 can take the king on b4; g1 can take the man on f2, and the man on f4 too if there.
#[track_caller]
fn assert_a_king_counts_as_one_piece(id: &str) {
    let one_each = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . B . . . . . .
        . . w . . . . .
        . . . . . b . .
        . . . . . . w .
    ",
    );
    // A king taken weighs no more than a man taken.
    assert_moves(id, &one_each, &["c3xa5 takes b4", "g1xe3 takes f2"]);
    let two_men = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . B . . . b . .
        . . w . . . . .
        . . . . . b . .
        . . . . . . w .
    ",
    );
    // Two men outnumber one king.
    assert_moves(id, &two_men, &["g1xe3xg5 takes f2 f4"]);
}

#[test]
fn dammen64_a_king_counts_as_one_piece_when_taking_the_most() {
    assert_a_king_counts_as_one_piece(DAMMEN64);
}

#[test]
fn brazilian_a_king_counts_as_one_piece_when_taking_the_most() {
    assert_a_king_counts_as_one_piece(BRAZILIAN);
}

/// The king on h6 can take g7; the man on a1 can take b2, and d4 too if there.
#[track_caller]
fn assert_king_capture_has_no_priority(id: &str) {
    let equal = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . b .
        . . . . . . . W
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . b . . . . . .
        w . . . . . . .
    ",
    );
    // Damslag gaat niet voor meerslag: with equal numbers the player chooses.
    assert_moves(id, &equal, &["a1xc3 takes b2", "h6xf8 takes g7"]);
    let man_takes_more = board(Color::White, MAN_TAKES_MORE);
    // Meerslag gaat voor, also when a man takes more than a king could.
    assert_moves(id, &man_takes_more, &["a1xc3xe5 takes b2 d4"]);
}

#[test]
fn dammen64_a_king_capture_has_no_priority_over_an_equal_or_larger_man_capture() {
    assert_king_capture_has_no_priority(DAMMEN64);
}

#[test]
fn brazilian_a_king_capture_has_no_priority_over_an_equal_or_larger_man_capture() {
    assert_king_capture_has_no_priority(BRAZILIAN);
}

/// A white man on a1 that can take two (b2, d4) and a white king on h6 that
/// can take one (g7).
pub(super) const MAN_TAKES_MORE: &str = "
    . . . . . . . .
    . . . . . . b .
    . . . . . . . W
    . . . . . . . .
    . . . b . . . .
    . . . . . . . .
    . b . . . . . .
    w . . . . . . .
";

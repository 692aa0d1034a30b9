//! Men capture backwards, or only forwards.

use super::*;

/// A white man on e5 with a black man behind it on d4 and c3 empty.
pub(super) const BEHIND: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . w . . .
    . . . b . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

#[test]
fn english_men_do_not_capture_backwards() {
    assert_moves(ENGLISH, &board(Color::White, BEHIND), &["e5-d6", "e5-f6"]);
}

#[test]
fn dammen64_men_do_not_capture_backwards() {
    assert_moves(DAMMEN64, &board(Color::White, BEHIND), &["e5-d6", "e5-f6"]);
}

#[test]
fn brazilian_men_capture_backwards() {
    assert_moves(BRAZILIAN, &board(Color::White, BEHIND), &["e5xc3 takes d4"]);
}

#[test]
fn russian_men_capture_backwards() {
    assert_moves(RUSSIAN, &board(Color::White, BEHIND), &["e5xc3 takes d4"]);
}

#[test]
fn german_men_do_not_capture_backwards() {
    assert_moves(GERMAN, &board(Color::White, BEHIND), &["e5-d6", "e5-f6"]);
}

//! Touch-move.

use super::*;

#[test]
fn english_touch_move_is_off() {
    assert!(!rules(ENGLISH).touch_move);
}

#[test]
fn dammen64_touch_move_is_off() {
    assert!(!rules(DAMMEN64).touch_move);
}

#[test]
fn brazilian_touch_move_is_on() {
    assert!(rules(BRAZILIAN).touch_move);
}

#[test]
fn russian_touch_move_is_on() {
    assert!(rules(RUSSIAN).touch_move);
}

#[test]
fn german_touch_move_is_off() {
    assert!(!rules(GERMAN).touch_move);
}

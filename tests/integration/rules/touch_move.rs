//! Touch-move.

use super::*;

#[test]
fn english_touch_move_is_off() {
    assert!(!rules("english").touch_move);
}

#[test]
fn dammen64_touch_move_is_off() {
    assert!(!rules("dammen64").touch_move);
}

#[test]
fn brazilian_touch_move_is_on() {
    assert!(rules("brazilian").touch_move);
}

#[test]
fn russian_touch_move_is_on() {
    assert!(rules("russian").touch_move);
}

#[test]
fn german_touch_move_is_off() {
    assert!(!rules("german").touch_move);
}

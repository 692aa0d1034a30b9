//! The position editor in a real terminal: a position set up by keys, then
//! played.

use super::*;

#[test]
fn the_editor_sets_up_a_position_and_plays_it() {
    let mut s = Session::start(&["play", "--variant", "russian"]);
    s.wait_for(&["Russian shashki", "White to move"]);
    s.send(b"e");
    s.wait_for(&["Set up a position"]);
    // Clear, then a white king where the cursor starts (c3) and a black man a
    // step up from it (b4 or d4, wherever the cursor goes); White to move.
    s.send(b"c");
    s.wait_for(&["W:W:B"]);
    s.send(b"W");
    s.wait_for(&["W:WK"]);
    s.send(b"k");
    s.send(b"b");
    s.wait_for(&[":B"]);
    s.send(b"\r");
    s.wait_for(&["the position set up is on the board"]);
    assert!(!s.contents().contains("Set up a position"));
    // It plays: the king must take the man, and does (Tab completes the move).
    s.send(b":c3:\t");
    s.send(b"\r");
    s.wait_for(&["1. c3:", "Black has no pieces left"]);
    s.send(b"q");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.assert_restored();
}

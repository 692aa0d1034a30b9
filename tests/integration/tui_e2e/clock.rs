//! A game with clocks in a real terminal: the clocks show, run down, and a
//! flag fall ends the game.

use super::*;

#[test]
fn a_game_on_a_clock_of_nothing_but_the_increment_ends_on_a_flag_fall() {
    let mut s = Session::start(&["play", "--variant", "russian", "--clock", "0+1"]);
    // Each side has one second a move, but the clocks start only after each
    // side's first move: however long the typing takes, the game goes on.
    s.wait_for(&["Russian shashki", "● 0:01.0"]);
    s.send(b":c3-d4\r");
    s.wait_for(&["1. c3-d4", "Black to move"]);
    s.send(b":f6-e5\r");
    s.wait_for(&["f6-e5"]);
    // Then White's second runs out.
    s.wait_for(&["Black wins", "White ran out of time", "○ 0:00.0"]);
    // Over, the game is left without a question.
    s.send(b"q");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.assert_restored();
}

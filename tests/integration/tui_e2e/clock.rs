//! A game with clocks in a real terminal: the clocks show, run down, and a
//! flag fall ends the game.

use super::*;

#[test]
fn a_game_on_a_clock_of_nothing_but_the_increment_ends_on_a_flag_fall() {
    let mut s = Session::start(&["play", "--variant", "russian", "--clock", "0+1"]);
    // Each side has the one second of its first move; White's runs out.
    s.wait_for(&["Russian shashki", "● 0:01.0"]);
    s.wait_for(&["Black wins", "White ran out of time", "○ 0:00.0"]);
    // Over, the game is left without a question.
    s.send(b"q");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.assert_restored();
}

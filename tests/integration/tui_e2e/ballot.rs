//! English checkers from a three-move ballot: the three moves are played, the
//! panel names the ballot and the opening, and the saved game keeps its ballot.

use super::*;

#[test]
fn a_ballot_start_plays_its_three_moves_and_the_saved_game_keeps_it() {
    let ballot = checkers::openings::ballot(1).expect("the deck's first ballot");
    let first = &ballot.moves[0];
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("ballot-{}.pdn", std::process::id()));
    let _ = std::fs::remove_file(&file);
    let mut s = Session::start(&["play", "--variant", "english", "--ballot", "1"]);
    // Black, White, Black: White is to move, the ballot and its moves are named.
    s.wait_for(&[
        "English draughts",
        &format!("Ballot 1: {}", ballot.text()),
        "White to move",
    ]);
    s.wait_for(&["Opening: Edinburgh"]);
    s.send(format!(":save {}\r", file.display()).as_bytes());
    s.wait_for(&["saved to"]);
    s.quit();
    let text = std::fs::read_to_string(&file).expect("the saved game");
    assert!(text.contains("[Ballot \"1\"]"), "{text}");
    assert!(text.contains(&format!("1. {first} ")), "{text}");
    // Opened again, it is still the game of ballot 1.
    let mut s = Session::start(&["play", "--load", &file.display().to_string()]);
    s.wait_for(&["Ballot 1:"]);
    s.quit();
    let _ = std::fs::remove_file(&file);
}

//! Infinite analysis in a real terminal: three lines appear and deepen, and
//! the board still takes moves meanwhile.

use super::*;

/// The panel's analysis lines: those that start with a score.
fn scored_lines(s: &Session) -> usize {
    s.contents()
        .lines()
        .map(|l| l.chars().skip(52).collect::<String>())
        .filter(|p| {
            let p = p.trim_start();
            (p.starts_with('+') || p.starts_with('-'))
                && p.chars().nth(1).is_some_and(|c| c.is_ascii_digit())
        })
        .count()
}

#[test]
fn analysis_shows_three_lines_and_the_board_still_takes_moves() {
    let mut s = Session::start(&["play", "--variant", "english"]);
    s.wait_for(&["English draughts", "Black to move"]);
    s.send(b"a");
    // Any depth: how far it has gone by the time a frame is read depends on the
    // machine, and the screen shows only the latest.
    s.wait_for(&["Analysis, depth "]);
    let deadline = Instant::now() + PATIENCE;
    while scored_lines(&s) < 3 {
        assert!(Instant::now() < deadline, "{}", s.contents());
        if let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(100)) {
            s.take(bytes);
        }
    }
    s.send(b":11-15\r");
    s.wait_for(&["1. 11-15", "White to move", "Analysis, depth"]);
    s.send(b"u");
    s.wait_for(&["Black to move"]);
    s.send(b"a");
    s.wait_gone("Analysis, depth");
    // No move on the board: q leaves at once.
    s.send(b"q");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.assert_restored();
}

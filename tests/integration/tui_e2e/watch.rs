//! Watching the AI play itself in a real terminal: a pace to follow, a pause
//! that holds the game, and a step of one move.

use super::*;

/// The number of moves in the move list: its numbered rows, the last one's
/// number and whether Black's half is there.
fn plies(s: &Session) -> usize {
    let text = s.contents();
    let mut last = 0;
    for line in text.lines() {
        let panel: String = line.chars().skip(52).collect();
        let mut words = panel.split_whitespace();
        if let Some(n) = words
            .next()
            .and_then(|w| w.strip_suffix('.')?.parse::<usize>().ok())
        {
            last = 2 * (n - 1) + words.count();
        }
    }
    last
}

#[test]
fn watching_the_ai_pause_holds_the_game_and_s_plays_one_move() {
    let mut s = Session::start(&[
        "play",
        "--variant",
        "english",
        "--ai",
        "both",
        "--level",
        "1",
        "--delay",
        "0.25",
    ]);
    s.wait_for(&["English draughts", "0.25 s a move"]);
    s.wait_for(&["2. "]);
    s.send(b"p");
    s.wait_for(&["paused (p: go on, s: step)"]);
    let held = plies(&s);
    assert!(
        held >= 3,
        "moves were played before the pause:\n{}",
        s.contents()
    );
    // Longer than four moves' time: nothing moves while paused.
    thread::sleep(Duration::from_millis(1000));
    while let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(100)) {
        s.take(bytes);
    }
    assert_eq!(plies(&s), held, "{}", s.contents());
    s.send(b"s");
    let deadline = Instant::now() + PATIENCE;
    while plies(&s) == held {
        assert!(Instant::now() < deadline, "no step:\n{}", s.contents());
        if let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(100)) {
            s.take(bytes);
        }
    }
    assert_eq!(plies(&s), held + 1, "one move, no more");
    assert!(s.contents().contains("paused (p: go on, s: step)"));
    s.quit();
}

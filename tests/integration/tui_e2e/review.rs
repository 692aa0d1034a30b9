//! `checkers review FILE` in a real terminal: the engine goes through the
//! game, the graph fills, and `m` goes to the blunder with its verdict.

use super::*;

#[test]
fn review_of_a_game_shows_the_graph_and_m_finds_the_blunder() {
    let file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/review_blunder.pdn");
    let mut s = Session::start(&["review", file.to_str().unwrap(), "--depth", "8"]);
    s.wait_for(&["Russian shashki", "positions"]);
    // Done when the count of positions goes.
    s.wait_gone("positions");
    assert!(s.contents().contains("Review"));
    // Black won: the graph hangs below its middle line.
    assert!(s.contents().contains('█'), "{}", s.contents());
    // The panel's verdict line, which `m` changes. Waiting for any change of
    // the screen let a half-drawn frame pass for the next mark, and a second
    // `m` went past the blunder on a busy machine.
    let verdict = |s: &Session| {
        s.contents()
            .lines()
            .find(|l| l.contains(" was a"))
            .map(|l| l.trim().to_string())
    };
    for _ in 0..4 {
        if s.contents().contains("f4-e5?? was a blunder") {
            break;
        }
        let before = verdict(&s);
        s.send(b"m");
        let deadline = Instant::now() + PATIENCE;
        while verdict(&s) == before && Instant::now() < deadline {
            if let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(100)) {
                s.take(bytes);
            }
        }
        // The rest of the frame, until the game stops drawing.
        while let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(150)) {
            s.take(bytes);
            assert!(Instant::now() < deadline, "the game never stopped drawing");
        }
    }
    s.wait_for(&["f4-e5?? was a blunder", "best: c3-b4"]);
    // The marked move in the move list too.
    s.wait_for(&["2. f4-e5??"]);
    s.quit();
}

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
    for _ in 0..4 {
        if s.contents().contains("f4-e5?? was a blunder") {
            break;
        }
        let before = s.contents();
        s.send(b"m");
        let deadline = Instant::now() + PATIENCE;
        while s.contents() == before && Instant::now() < deadline {
            if let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(100)) {
                s.take(bytes);
            }
        }
    }
    s.wait_for(&["f4-e5?? was a blunder", "best: c3-b4"]);
    // The marked move in the move list too.
    s.wait_for(&["2. f4-e5??"]);
    s.quit();
}

//! International draughts on its 10×10 board, played in a real terminal at the
//! smallest size and a common larger one: the board's labels and numbers,
//! typed moves, clicks, the cursor, and a refusal with its reason.

use super::board_screen::*;
use super::*;

const TITLE: &str = "International draughts";

/// A short hot-seat game in a `cols` × `rows` terminal, whose squares are
/// `square` (width, height) cells there.
fn a_short_game(cols: u16, rows: u16, square: (usize, usize)) {
    let mut s = Session::start_with(&["play", "--variant", "international"], (cols, rows), &[]);
    s.wait_for(&["International draughts", "White to move", "20 men"]);
    settle(&mut s);
    let b = board(&s, TITLE, 10);
    assert_eq!(
        (b.square_w, b.square_h),
        square,
        "{cols}×{rows}:\n{}",
        s.contents()
    );
    // White at the bottom: files a to j, ranks 10 down to 1, every number shown.
    assert_eq!(b.files, "abcdefghij", "{cols}×{rows}");
    let ten: Vec<String> = (1..=10).rev().map(|r: u32| r.to_string()).collect();
    assert_eq!(b.ranks, ten, "{cols}×{rows}:\n{}", s.contents());
    for n in 1..=50 {
        number_at(&s, TITLE, 10, n);
    }
    // The cursor is a square wide.
    let at = cursor_at(&s);
    assert_eq!(at.len(), 1, "{at:?}");
    assert_eq!(at[0].1 - at[0].0, b.square_w - 1);

    // White and Black type their moves; the board turns to Black.
    s.send(b":32-28\r");
    s.wait_for(&["1. 32-28", "Black to move"]);
    s.send(b":19-23\r");
    s.wait_for(&["1. 32-28     19-23", "White to move"]);
    settle(&mut s);
    assert_eq!(board(&s, TITLE, 10).files, "abcdefghij");

    // White must take 28x19: the quiet move is refused with the reason.
    s.send(b":31-26\r");
    s.wait_for(&["`31-26` is illegal: a capture is mandatory"]);
    s.send(b":28x19\r");
    s.wait_for(&["2. 28x19", "Black to move"]);
    settle(&mut s);
    // Black at the bottom now: files j to a, ranks 1 up to 10.
    let b = board(&s, TITLE, 10);
    assert_eq!(b.files, "jihgfedcba", "{cols}×{rows}:\n{}", s.contents());
    let up: Vec<String> = (1..=10).map(|r: u32| r.to_string()).collect();
    assert_eq!(b.ranks, up);

    // Black takes back by mouse: 14 (touched, under touch-move), then 23.
    click(&mut s, TITLE, 10, 14);
    s.wait_for(&["14 is touched"]);
    settle(&mut s);
    click(&mut s, TITLE, 10, 23);
    s.wait_for(&["2. 28x19     14x23", "White to move"]);
    settle(&mut s);

    // White by keys: the cursor waits on a piece that can move, 38 (e3); Enter
    // picks it up (touch-move: it is now touched), up steps to the diagonal
    // square nearer the centre, 33 (f4, taken), left two columns to 32 (d4),
    // Enter puts it down.
    s.send(b"\r");
    s.wait_for(&["38 is touched"]);
    for k in [b"k", b"h"] {
        s.send(k);
        settle(&mut s);
        let at = cursor_at(&s);
        assert_eq!(at.len(), 1, "{at:?}\n{}", s.contents());
        assert_eq!(at[0].1 - at[0].0, square.0 - 1);
    }
    s.send(b"\r");
    s.wait_for(&["3. 38-32", "Black to move"]);
    settle(&mut s);
    let shown = s.contents();
    assert!(
        shown.contains("White: 19 men") && shown.contains("Black: 19 men"),
        "{shown}"
    );

    // A click on White's piece is refused with the reason.
    click(&mut s, TITLE, 10, 50);
    s.wait_for(&["that is not your piece"]);

    s.quit();
}

/// At 80×24 the 10×10 board fits with squares of 4×2 cells.
#[test]
fn international_at_80x24_by_typed_moves_clicks_and_keys() {
    a_short_game(80, 24, (4, 2));
}

/// At 120×40 its squares are 8×3 cells.
#[test]
fn international_at_120x40_by_typed_moves_clicks_and_keys() {
    a_short_game(120, 40, (8, 3));
}

//! Canadian draughts on its 12×12 board, played in a real terminal at the
//! smallest size (squares of one row, where a piece hides its square's number)
//! and a common larger one: labels, numbers, typed moves, clicks, a refusal.

use super::board_screen::*;
use super::*;

const TITLE: &str = "Canadian draughts";

/// The middle cell of square `number` as drawn, with White at the bottom or not.
fn square_cell(b: &Board, number: u32, white_bottom: bool) -> (usize, usize) {
    let i = number as usize - 1;
    let rank = 11 - i / 6;
    let file = 2 * (i % 6) + rank % 2;
    let (col, row) = if white_bottom {
        (file, 11 - rank)
    } else {
        (11 - file, rank)
    };
    (
        b.x + col * b.square_w + b.square_w / 2,
        b.y + row * b.square_h + b.square_h / 2,
    )
}

fn click_square(s: &mut Session, number: u32, white_bottom: bool) {
    let (x, y) = square_cell(&board(s, TITLE, 12), number, white_bottom);
    click_cell(s, x, y);
}

/// A short hot-seat game in a `cols` × `rows` terminal, whose squares are
/// `square` (width, height) cells there.
fn a_short_game(cols: u16, rows: u16, square: (usize, usize)) {
    let mut s = Session::start_with(&["play", "--variant", "canadian"], (cols, rows), &[]);
    s.wait_for(&[TITLE, "White to move", "30 men"]);
    settle(&mut s);
    let b = board(&s, TITLE, 12);
    assert_eq!(
        (b.square_w, b.square_h),
        square,
        "{cols}×{rows}:\n{}",
        s.contents()
    );
    // White at the bottom: files a to l, ranks 12 down to 1; the empty middle
    // rows show their numbers at every size, the others where there is room.
    assert_eq!(b.files, "abcdefghijkl", "{cols}×{rows}");
    let twelve: Vec<String> = (1..=12).rev().map(|r: u32| r.to_string()).collect();
    assert_eq!(b.ranks, twelve, "{cols}×{rows}:\n{}", s.contents());
    let numbered = if square.1 > 1 { 1..=72 } else { 31..=42 };
    for n in numbered {
        number_at(&s, TITLE, 12, n);
    }
    let at = cursor_at(&s);
    assert_eq!(at.len(), 1, "{at:?}");
    assert_eq!(at[0].1 - at[0].0, b.square_w - 1);

    // White and Black type their moves (e5-f6, h8-g7); the board turns to Black.
    s.send(b":45-39\r");
    s.wait_for(&["1. 45-39", "Black to move"]);
    s.send(b":28-34\r");
    s.wait_for(&["1. 45-39     28-34", "White to move"]);
    settle(&mut s);

    // White must take f6xh8: the quiet move is refused with the reason.
    s.send(b":43-37\r");
    s.wait_for(&["`43-37` is illegal: a capture is mandatory"]);
    s.send(b":39x28\r");
    s.wait_for(&["2. 39x28", "Black to move"]);
    settle(&mut s);
    // Black at the bottom now: files l to a, ranks 1 up to 12.
    let b = board(&s, TITLE, 12);
    assert_eq!(b.files, "lkjihgfedcba", "{cols}×{rows}:\n{}", s.contents());
    let up: Vec<String> = (1..=12).map(|r: u32| r.to_string()).collect();
    assert_eq!(b.ranks, up);

    // Black takes back by mouse, from a square of the top two ranks' word
    // bits' neighbours: 22 (g9, touched under touch-move), then 35 (i7).
    click_square(&mut s, 22, false);
    s.wait_for(&["22 is touched"]);
    settle(&mut s);
    click_square(&mut s, 35, false);
    s.wait_for(&["2. 39x28     22x35", "White to move"]);
    settle(&mut s);
    let shown = s.contents();
    assert!(
        shown.contains("White: 29 men") && shown.contains("Black: 29 men"),
        "{shown}"
    );

    // A click on Black's piece on White's turn is refused with the reason.
    click_square(&mut s, 1, true);
    s.wait_for(&["that is not your piece"]);

    s.quit();
}

/// At 80×24 the 12×12 board fits with squares of 4×1 cells.
#[test]
fn canadian_at_80x24_by_typed_moves_and_clicks() {
    a_short_game(80, 24, (4, 1));
}

/// At 120×40 its squares are 7×3 cells.
#[test]
fn canadian_at_120x40_by_typed_moves_and_clicks() {
    a_short_game(120, 40, (7, 3));
}

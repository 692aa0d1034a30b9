//! International draughts on its 10×10 board, played in a real terminal at the
//! smallest size and a common larger one: the board's labels and numbers,
//! typed moves, clicks, the cursor, and a refusal with its reason.

use super::*;

/// Reads output until none has come for a moment: the frame for the last key
/// is drawn. Before the game's first output it waits for that, however long a
/// busy machine takes: keys sent earlier would be read in cooked mode.
fn settle(s: &mut Session) {
    let deadline = Instant::now() + PATIENCE;
    if s.raw.is_empty() {
        let first = s.output.recv_timeout(PATIENCE).expect("the game draws");
        s.take(first);
    }
    while let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(150)) {
        s.take(bytes);
        assert!(Instant::now() < deadline, "the game never stopped drawing");
    }
}

/// The screen's rows as characters, a blank cell as a space.
fn rows(s: &Session) -> Vec<Vec<char>> {
    let screen = s.screen.screen();
    let (rows, cols) = screen.size();
    (0..rows.get())
        .map(|y| {
            (0..cols.get())
                .map(|x| {
                    let c = screen.cell(y, x).map(|c| c.contents()).unwrap_or_default();
                    c.chars().next().unwrap_or(' ')
                })
                .collect()
        })
        .collect()
}

/// The words of `row` between columns `from` and `to`, each with its column.
fn words(row: &[char], from: usize, to: usize) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = Vec::new();
    let mut word = String::new();
    for (x, &c) in row.iter().enumerate().take(to.min(row.len())).skip(from) {
        if c == ' ' {
            if !word.is_empty() {
                out.push((x - word.chars().count(), std::mem::take(&mut word)));
            }
        } else {
            word.push(c);
        }
    }
    if !word.is_empty() {
        out.push((to.min(row.len()) - word.chars().count(), word));
    }
    out
}

/// The board as drawn: where its squares are, read off the screen alone.
#[derive(Debug)]
struct Board {
    /// Column of the board's left edge.
    x: usize,
    square_w: usize,
    square_h: usize,
    /// The file letters under the board, left to right.
    files: String,
    /// The rank labels left of the board, top to bottom.
    ranks: Vec<String>,
    /// Column where the side panel starts.
    panel: usize,
}

fn board(s: &Session) -> Board {
    let rows = rows(s);
    let shown = s.contents();
    let panel = rows
        .iter()
        .find_map(|r| {
            let text: String = r.iter().collect();
            text.find("International draughts")
                .map(|i| text[..i].chars().count())
        })
        .unwrap_or_else(|| panic!("the variant's name in the panel:\n{shown}"));
    // The file letters: a row of ten single letters.
    let letters = rows
        .iter()
        .map(|r| words(r, 0, panel))
        .find(|w| {
            w.len() == 10
                && w.iter()
                    .all(|(_, l)| l.len() == 1 && l.as_bytes()[0].is_ascii_lowercase())
        })
        .unwrap_or_else(|| panic!("a row of ten file letters:\n{shown}"));
    let files: String = letters.iter().map(|(_, l)| l.as_str()).collect();
    let square_w = letters[1].0 - letters[0].0;
    let x = letters[0].0 - (square_w - 1) / 2;
    // The rank labels end two columns left of the board.
    let labels: Vec<(usize, String)> = rows
        .iter()
        .enumerate()
        .filter_map(|(y, r)| {
            let w = words(r, 0, x);
            match w.as_slice() {
                [(at, label)] if at + label.len() == x - 1 => Some((y, label.clone())),
                _ => None,
            }
        })
        .collect();
    assert!(labels.len() >= 2, "rank labels:\n{shown}");
    let square_h = labels[1].0 - labels[0].0;
    Board {
        x,
        square_w,
        square_h,
        files,
        ranks: labels.into_iter().map(|(_, l)| l).collect(),
        panel,
    }
}

/// The cell (column, row) where square `number` is written on the board.
fn number_at(s: &Session, number: u32) -> (usize, usize) {
    let b = board(s);
    let rows = rows(s);
    let found: Vec<(usize, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(y, r)| {
            words(r, b.x, b.panel)
                .into_iter()
                .filter(|(_, w)| *w == number.to_string())
                .map(move |(x, _)| (x, y))
        })
        .collect();
    assert_eq!(found.len(), 1, "{number} on the board:\n{}", s.contents());
    found[0]
}

/// Clicks square `number` where its number is drawn (SGR report, 1-based).
fn click(s: &mut Session, number: u32) {
    let (x, y) = number_at(s, number);
    let (x, y) = (x + 1, y + 1);
    s.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
}

/// Where the cursor's brackets are: (column of `[`, column of `]`, row).
fn cursor_at(s: &Session) -> Vec<(usize, usize, usize)> {
    let mut found = Vec::new();
    for (y, row) in rows(s).iter().enumerate() {
        for (x, c) in row.iter().enumerate() {
            if *c == '[' {
                if let Some(dx) = row[x..].iter().position(|&c| c == ']') {
                    found.push((x, x + dx, y));
                }
            }
        }
    }
    found
}

/// A short hot-seat game in a `cols` × `rows` terminal, whose squares are
/// `square` (width, height) cells there.
fn a_short_game(cols: u16, rows: u16, square: (usize, usize)) {
    let mut s = Session::start_with(&["play", "--variant", "international"], (cols, rows), &[]);
    s.wait_for(&["International draughts", "White to move", "20 men"]);
    settle(&mut s);
    let b = board(&s);
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
        number_at(&s, n);
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
    assert_eq!(board(&s).files, "abcdefghij");

    // White must take 28x19: the quiet move is refused with the reason.
    s.send(b":31-26\r");
    s.wait_for(&["`31-26` is illegal: a capture is mandatory"]);
    s.send(b":28x19\r");
    s.wait_for(&["2. 28x19", "Black to move"]);
    settle(&mut s);
    // Black at the bottom now: files j to a, ranks 1 up to 10.
    let b = board(&s);
    assert_eq!(b.files, "jihgfedcba", "{cols}×{rows}:\n{}", s.contents());
    let up: Vec<String> = (1..=10).map(|r: u32| r.to_string()).collect();
    assert_eq!(b.ranks, up);

    // Black takes back by mouse: 14 (touched, under touch-move), then 23.
    click(&mut s, 14);
    s.wait_for(&["14 is touched"]);
    settle(&mut s);
    click(&mut s, 23);
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
    click(&mut s, 50);
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

//! The board as a player sees it in a real terminal: the cursor after every key,
//! refusals in each language, watch mode's still board, and the layout at the
//! smallest and a large size.

use super::*;

impl Session {
    /// Reads output until none has come for a moment: the frame for the last key
    /// is drawn. Before the game's first output (which comes once the terminal
    /// is in raw mode) it waits for that, however long a busy machine takes:
    /// keys sent earlier would be read in cooked mode.
    fn settle(&mut self) {
        let deadline = Instant::now() + PATIENCE;
        if self.raw.is_empty() {
            let first = self.output.recv_timeout(PATIENCE).expect("the game draws");
            self.take(first);
        }
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(150)) {
            self.take(bytes);
            assert!(Instant::now() < deadline, "the game never stopped drawing");
        }
    }

    fn row(&self, y: u16) -> String {
        let s = self.screen.screen();
        let (_, cols) = s.size();
        (0..cols.get())
            .map(|x| s.cell(y, x).map(|c| c.contents()).unwrap_or_default())
            .map(|c| if c.is_empty() { " " } else { c })
            .collect()
    }

    fn rows(&self) -> Vec<String> {
        let (rows, _) = self.screen.screen().size();
        (0..rows.get()).map(|y| self.row(y)).collect()
    }
}

/// Where the cursor's brackets are: (column of `[`, column of `]`, row).
fn cursor_at(s: &Session) -> Vec<(usize, usize, usize)> {
    let mut found = Vec::new();
    for (y, row) in s.rows().iter().enumerate() {
        let chars: Vec<char> = row.chars().collect();
        for (x, c) in chars.iter().enumerate() {
            if *c == '[' {
                if let Some(dx) = chars[x..].iter().position(|&c| c == ']') {
                    found.push((x, x + dx, y));
                }
            }
        }
    }
    found
}

/// After each of hjkl and the arrows, from several squares, the cursor is on
/// the screen: one pair of brackets a square wide, on a dark square.
#[test]
fn the_cursor_is_visible_after_every_key_from_several_squares() {
    let mut s = Session::start(&["play", "--variant", "english", "--bottom", "white"]);
    s.wait_for(&["English draughts", "Black to move"]);
    s.settle();
    // At 80×24 squares are 6×2 cells from column 3, row 2; White at the bottom.
    let (x0, y0, w, h) = (3, 2, 6, 2);
    let keys: [(&str, &[u8]); 8] = [
        ("h", b"h"),
        ("j", b"j"),
        ("k", b"k"),
        ("l", b"l"),
        ("left", b"\x1b[D"),
        ("down", b"\x1b[B"),
        ("up", b"\x1b[A"),
        ("right", b"\x1b[C"),
    ];
    // Walks that reach the corners and the middle; each key is checked as pressed.
    let walks: [&[usize]; 4] = [
        &[2, 2, 2, 2, 2, 2, 2, 0, 0, 0, 0],
        &[1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3],
        &[6, 6, 6, 4, 4, 4, 4, 5, 5, 7, 7],
        &[0, 2, 3, 1, 4, 6, 7, 5, 2, 2, 3],
    ];
    for walk in walks {
        for &k in walk {
            let (name, bytes) = keys[k];
            s.send(bytes);
            s.settle();
            let at = cursor_at(&s);
            assert_eq!(at.len(), 1, "after {name}: {at:?}\n{}", s.contents());
            let (left, right, y) = at[0];
            assert_eq!(right - left, w - 1, "after {name}");
            let (col, row) = ((left - x0) / w, (y - y0) / h);
            let (file, rank) = (col, 7 - row);
            assert_eq!((file + rank) % 2, 0, "after {name}: a light square");
        }
    }
}

/// The piece that must capture may not make a quiet move, and says why in
/// each language, typed and by keys.
#[test]
fn the_forced_pieces_quiet_move_is_refused_as_a_capture_is_mandatory_in_each_language() {
    for (lang, reason) in [
        ("en", "a capture is mandatory"),
        ("nl", "slaan is verplicht"),
        ("ru", "бить обязательно"),
        ("de", "Schlagzwang"),
        ("it", "la presa è obbligatoria"),
    ] {
        let fen = "W:W22,25:B18";
        let mut s = Session::start(&["play", "--lang", lang, "--variant", "english", "--fen", fen]);
        s.settle();
        s.send(b":c3-b4\r");
        s.wait_for(&[reason]);
        s.send(b":22-26\r");
        s.wait_for(&[reason]);
        s.settle();
        assert!(s.contents().contains(reason), "{lang}: {}", s.contents());
        // By keys: the cursor starts on the piece that must capture; Enter, up, Enter.
        s.send(b"\r");
        s.settle();
        s.send(b"k\r");
        s.wait_for(&[reason]);
        s.settle();
        assert!(s.contents().contains(reason), "{lang}: {}", s.contents());
    }
    // The locale chooses the language when no flag does.
    let mut s = Session::start_with(
        &["play", "--variant", "german", "--fen", "W:Wc3,g3:Bd4"],
        (COLS, ROWS),
        &[("LANG", "de_DE.UTF-8")],
    );
    s.settle();
    s.send(b":c3-b4\r");
    s.wait_for(&["es herrscht Schlagzwang"]);
}

/// Watching the AI play itself, the rank labels stay where they were: the board
/// does not turn. Every frame is checked as it arrives, until the game ends.
#[test]
fn watch_modes_rank_labels_never_change() {
    let mut s = Session::start(&[
        "play",
        "--variant",
        "russian",
        "--ai",
        "both",
        "--level",
        "1",
    ]);
    s.wait_for(&["Russian shashki", "8", "1"]);
    let labels = |s: &Session| -> String {
        s.rows()
            .iter()
            .filter_map(|r| r.chars().nth(1).filter(char::is_ascii_digit))
            .collect()
    };
    let mut whole = labels(&s) == "87654321";
    let deadline = Instant::now() + PATIENCE * 4;
    let mut frames = 0;
    while !s.contents().contains("Game over") && Instant::now() < deadline {
        if let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(100)) {
            s.take(bytes);
            frames += 1;
            // A dialog may hide some labels, but those shown always read 8 down to 1.
            let now = labels(&s);
            let descending = now.as_bytes().windows(2).all(|w| w[0] > w[1]);
            assert!(descending, "frame {frames}: ranks {now}\n{}", s.contents());
            whole |= now == "87654321";
        }
    }
    assert!(whole, "all eight ranks were shown at least once");
    let shown = s.contents();
    assert!(
        shown.contains("Game over") || shown.contains(" 5. "),
        "a few moves were watched:\n{shown}"
    );
}

/// At 200×60 the board takes most of the window and sits in its middle.
#[test]
fn at_200x60_the_board_fills_most_of_the_window_centred() {
    let mut s = Session::start_with(&["play", "--variant", "english"], (200, 60), &[]);
    s.wait_for(&["English draughts"]);
    s.settle();
    let rows = s.rows();
    // Black at the bottom: the files read h … a under the board.
    let (y, files) = rows
        .iter()
        .enumerate()
        .find(|(_, r)| {
            let t: String = r.split_whitespace().collect();
            t == "hgfedcba"
        })
        .expect("the row of file letters");
    let h = files.find('h').unwrap();
    let a = files.find('a').unwrap();
    let square_w = (a - h) / 7;
    let board_w = 8 * square_w;
    let middle = (h + a) / 2 + 1;
    assert!(board_w >= 100, "board {board_w} columns wide of 200");
    assert!(
        middle.abs_diff(100) <= 2,
        "board's middle at column {middle}"
    );
    let ranks: Vec<usize> = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            r.chars()
                .nth(h - (square_w - 1) / 2 - 2)
                .is_some_and(|c| c.is_ascii_digit())
        })
        .map(|(i, _)| i)
        .collect();
    assert_eq!(ranks.len(), 8, "{ranks:?}");
    let board_h = (ranks[7] - ranks[0]) * 8 / 7;
    assert!(board_h * 10 >= 60 * 8, "board {board_h} rows high of 60");
    assert!(y >= 50, "the file letters on row {y}");
}

/// At 80×24 the longest status and panel texts are shown whole, wrapped between
/// words: the touch-move note beside a touched piece, in English and Russian.
#[test]
fn at_80x24_no_status_or_panel_text_is_cut() {
    for (lang, touched, panel) in [
        (
            "en",
            "c3 is touched: it must move now (touch-move; start with --no-touch-move to play without)",
            ["Russian shashki", "White: 12 men, 0 kings", "Black: 12 men, 0 kings", "touch-move in force"],
        ),
        (
            "ru",
            "шашка на c3 тронута, ею надо ходить (взялся — ходи; запустите с --no-touch-move, чтобы играть без этого правила)",
            ["Русские шашки", "Белые: 12 шашек, 0 дамок", "Чёрные: 12 шашек, 0 дамок", "действует «взялся — ходи»"],
        ),
    ] {
        let mut s = Session::start(&["play", "--lang", lang, "--variant", "russian"]);
        s.settle();
        s.send(b"\r");
        // The note's first words, on the first row of the status.
        let first: Vec<&str> = touched.split(' ').take(2).collect();
        s.wait_for(&[&first.join(" ")]);
        s.settle();
        let rows = s.rows();
        let status: Vec<&str> = rows[21..23].iter().flat_map(|r| r.split_whitespace()).collect();
        assert_eq!(status.join(" "), touched, "{lang}:\n{}", s.contents());
        // The panel starts at column 52, right of the board.
        let right: Vec<String> = rows[..21]
            .iter()
            .map(|r| r.chars().skip(52).collect::<String>())
            .collect();
        let right = right.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
        for text in panel {
            assert!(right.contains(text), "{lang}: {text:?} in {right:?}");
        }
    }
}

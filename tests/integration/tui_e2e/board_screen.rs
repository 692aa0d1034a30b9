//! Reading a board of any size off a real terminal's screen: its squares,
//! labels, numbers and cursor, for the games played in a pseudo-terminal on
//! the 10×10 and 12×12 boards.

use super::*;

/// Reads output until none has come for a moment: the frame for the last key
/// is drawn. Before the game's first output it waits for that, however long a
/// busy machine takes: keys sent earlier would be read in cooked mode.
pub(super) fn settle(s: &mut Session) {
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
pub(super) fn rows(s: &Session) -> Vec<Vec<char>> {
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
pub(super) fn words(row: &[char], from: usize, to: usize) -> Vec<(usize, String)> {
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
pub(super) struct Board {
    /// Column of the board's left edge.
    pub(super) x: usize,
    /// Row of the board's top edge.
    pub(super) y: usize,
    pub(super) square_w: usize,
    pub(super) square_h: usize,
    /// The file letters under the board, left to right.
    pub(super) files: String,
    /// The rank labels left of the board, top to bottom.
    pub(super) ranks: Vec<String>,
    /// Column where the side panel starts.
    pub(super) panel: usize,
}

pub(super) fn board(s: &Session, title: &str, size: usize) -> Board {
    let rows = rows(s);
    let shown = s.contents();
    let panel = rows
        .iter()
        .find_map(|r| {
            let text: String = r.iter().collect();
            text.find(title).map(|i| text[..i].chars().count())
        })
        .unwrap_or_else(|| panic!("the variant's name in the panel:\n{shown}"));
    // The file letters: a row of `size` single letters.
    let (letters_y, letters) = rows
        .iter()
        .map(|r| words(r, 0, panel))
        .enumerate()
        .find(|(_, w)| {
            w.len() == size
                && w.iter()
                    .all(|(_, l)| l.len() == 1 && l.as_bytes()[0].is_ascii_lowercase())
        })
        .unwrap_or_else(|| panic!("a row of {size} file letters:\n{shown}"));
    let files: String = letters.iter().map(|(_, l)| l.as_str()).collect();
    let square_w = letters[1].0 - letters[0].0;
    let x = letters[0].0 - (square_w - 1) / 2;
    // The rank labels end two columns left of the board, above the letters
    // (the status lines below may start with a word as short).
    let labels: Vec<(usize, String)> = rows
        .iter()
        .enumerate()
        .take(letters_y)
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
        y: labels[0].0 - square_h / 2,
        square_w,
        square_h,
        files,
        ranks: labels.into_iter().map(|(_, l)| l).collect(),
        panel,
    }
}

/// The cell (column, row) where square `number` is written on the board.
pub(super) fn number_at(s: &Session, title: &str, size: usize, number: u32) -> (usize, usize) {
    let b = board(s, title, size);
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
pub(super) fn click(s: &mut Session, title: &str, size: usize, number: u32) {
    let (x, y) = number_at(s, title, size, number);
    click_cell(s, x, y);
}

/// Clicks terminal cell (`x`, `y`), 0-based (SGR report, 1-based).
pub(super) fn click_cell(s: &mut Session, x: usize, y: usize) {
    let (x, y) = (x + 1, y + 1);
    s.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
}

/// Where the cursor's brackets are: (column of `[`, column of `]`, row).
pub(super) fn cursor_at(s: &Session) -> Vec<(usize, usize, usize)> {
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

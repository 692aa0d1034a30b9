//! The board: squares, pieces, coordinates and every highlight.

use super::app::App;
use super::layout::Layout;
use checkers::rules::PromotionMidCapture;
use checkers::{Bitboard, Color, Geometry, Move, Piece, Position, Square};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;

/// What the board shows on each square besides the piece, worked out once per frame.
#[derive(Default)]
struct Marks {
    selected: Option<Square>,
    /// Landing squares chosen so far, in order.
    path: Vec<Square>,
    /// Pieces jumped so far in the selected capture (still on the board).
    taken: Bitboard,
    /// Where the selected piece may land next.
    targets: Bitboard,
    /// Pieces that must capture, and those whose capture takes the most.
    must: Bitboard,
    most: Bitboard,
    /// The last move's path and the squares it emptied.
    last_path: Bitboard,
    last_emptied: Bitboard,
}

fn marks(app: &App) -> Marks {
    let mut k = Marks::default();
    if app.editor.is_some() {
        // A position being set up has no moves to mark.
        return k;
    }
    let pos = app.game.position();
    let legal = app.game.legal_moves();
    if legal.first().is_some_and(Move::is_capture) {
        let most = legal.iter().map(Move::capture_count).max().unwrap_or(0);
        for m in legal.iter() {
            k.must = k.must.with(m.from());
            if most > 1 && m.capture_count() == most {
                k.most = k.most.with(m.from());
            }
        }
    }
    if let Some(h) = &app.hint {
        // The suggested move shows as a selection would: its piece and its landing.
        k.selected = Some(h.from());
        k.targets = k.targets.with(h.to());
    }
    if let Some(sel) = &app.selection {
        k.selected = Some(sel.from);
        k.path = sel.landings.clone();
        let step = sel.landings.len() + 1;
        for m in app.candidates() {
            k.targets = k.targets.with(m.path()[step]);
        }
        let mut at = sel.from;
        for &next in &sel.landings {
            k.taken |= jumped(app.geometry(), pos, at, next);
            at = next;
        }
    }
    if let Some(last) = app.game.moves().last() {
        k.last_path = last.path().into_iter().collect();
        k.last_emptied = last.captured();
        if last.from() != last.to() {
            k.last_emptied = k.last_emptied.with(last.from());
        }
    }
    k
}

/// The enemy piece between two squares on one diagonal, as a set (empty if none).
fn jumped(geometry: &Geometry, pos: &Position, a: Square, b: Square) -> Bitboard {
    geometry
        .between(a, b)
        .filter(|&sq| pos.piece_at(sq).is_some())
        .collect()
}

fn put(buf: &mut Buffer, x: u16, y: u16, s: &str, style: Style) {
    if x < buf.area.right() && y < buf.area.bottom() {
        buf.set_string(x, y, s, style);
    }
}

/// The pieces as drawn: the position, with the piece of a half-done capture
/// moved to its last landing (crowned there if it passed the last row where the
/// rules crown it at once).
fn pieces_shown(app: &App) -> Vec<(Square, Piece)> {
    if let Some(ed) = &app.editor {
        return ed.pieces.iter().map(|(&s, &p)| (s, p)).collect();
    }
    let pos = app.game.position();
    let mut shown: Vec<(Square, Piece)> = app
        .geometry()
        .all()
        .filter_map(|s| pos.piece_at(s).map(|p| (s, p)))
        .collect();
    let Some(sel) = app.selection.as_ref().filter(|s| !s.landings.is_empty()) else {
        return shown;
    };
    let Some(i) = shown.iter().position(|&(s, _)| s == sel.from) else {
        return shown;
    };
    let (_, mut piece) = shown.remove(i);
    let last_row = match piece.color() {
        Color::White => app.geometry().size - 1,
        Color::Black => 0,
    };
    let crowned_at_once =
        app.game.rules().promotion_mid_capture == PromotionMidCapture::ContinueAsKing;
    if crowned_at_once && sel.landings.iter().any(|l| l.rank() == last_row) {
        piece = Piece::King(piece.color());
    }
    let at = *sel.landings.last().expect("landings are not empty");
    shown.push((at, piece));
    shown
}

/// How many half-cells across a man's disc is on a `sw` × `sh` square: as wide
/// as it is tall on screen (a half-cell is about as tall as a cell is wide),
/// with a column either side free for the cursor and a row above for marks.
fn disc_size(sw: u16, sh: u16) -> u16 {
    if sh <= 2 {
        sw.saturating_sub(2).min(4)
    } else {
        sw.saturating_sub(2).min(2 * sh - 2) & !1
    }
}

/// Whether half-cell (`i`, `j`) of a `d`-wide disc is inside it.
fn inside(i: i32, j: i32, d: i32) -> bool {
    let c = d as f32 / 2.0;
    let (x, y) = (i as f32 + 0.5 - c, j as f32 + 0.5 - c);
    (0..d).contains(&i) && (0..d).contains(&j) && x * x + y * y <= c * c
}

/// Whether half-cell (`i`, `j`) is on the disc's rim.
fn rim(i: i32, j: i32, d: i32) -> bool {
    inside(i, j, d)
        && [(-1, 0), (1, 0), (0, -1), (0, 1)]
            .iter()
            .any(|(di, dj)| !inside(i + di, j + dj, d))
}

/// The disc's cells, row by row: block and half-block characters, or letters
/// and dots in ASCII. `hollow` draws only the rim, so that a white man reads as
/// a ring beside the black man's solid disc when there is no colour to tell them
/// apart (and never as the light squares' texture).
fn disc_rows(d: u16, fill: &str, ascii: bool, hollow: bool) -> Vec<String> {
    if hollow && d <= 2 {
        // Too small to have a hole (a 10×10 board's smallest squares): the
        // ring is a pair of brackets round nothing.
        return vec!["()".to_string()];
    }
    let d = d as i32;
    let on = |i, j| {
        if hollow {
            rim(i, j, d)
        } else {
            inside(i, j, d)
        }
    };
    (0..(d + 1) / 2)
        .map(|row| {
            (0..d)
                .map(|i| {
                    let (top, low) = (on(i, 2 * row), on(i, 2 * row + 1));
                    match (top, low, ascii) {
                        (true, true, true) => fill,
                        (true, true, false) => "█",
                        (true, false, true) => "'",
                        (true, false, false) => "▀",
                        (false, true, true) => ".",
                        (false, true, false) => "▄",
                        (false, false, _) => " ",
                    }
                })
                .collect()
        })
        .collect()
}

/// Draws the board and its coordinates.
pub fn render(app: &App, layout: &Layout, buf: &mut Buffer) {
    let theme = &app.theme;
    let g = &theme.glyphs;
    let k = marks(app);
    let shown = pieces_shown(app);
    let (sw, sh) = (layout.square_w, layout.square_h);
    let d = disc_size(sw, sh);
    let rows = d.div_ceil(2);
    let size = app.geometry().size;
    for rank in 0..size {
        for file in 0..size {
            let rect = layout.rect_of(file, rank);
            let sq = app.geometry().seen_at(file, rank);
            let Some(sq) = sq else {
                fill(buf, rect, g.light_fill, theme.light_square());
                continue;
            };
            let bg = if k.selected == Some(sq) {
                theme.selected()
            } else if k.path.contains(&sq) {
                theme.path()
            } else if k.targets.contains(sq) {
                theme.target()
            } else if k.most.contains(sq) {
                theme.most_capture()
            } else if k.must.contains(sq) {
                theme.must_capture()
            } else if k.last_path.contains(sq) || k.last_emptied.contains(sq) {
                theme.last_move()
            } else {
                theme.dark_square()
            };
            fill(buf, rect, " ", bg);
            let mark = if k.selected == Some(sq) {
                Some(g.selected)
            } else if k.taken.contains(sq) {
                Some(g.taken)
            } else if k.most.contains(sq) {
                Some(g.most_capture)
            } else if k.must.contains(sq) {
                Some(g.must_capture)
            } else if k.last_path.contains(sq) {
                Some(g.last_move)
            } else {
                None
            };
            if let Some(m) = mark {
                put(buf, rect.x, rect.y, m, bg.patch(theme.mark()));
            }
            // The disc's top-left cell and the row the cursor marks.
            let dx = rect.x + (sw - d) / 2;
            let dy = rect.y + (sh - rows).div_ceil(2);
            let cy = dy + rows / 2;
            let number = (app.show_numbers && sw >= 4)
                .then(|| app.geometry().number(sq).unwrap_or(0).to_string());
            let piece = shown.iter().find(|(s, _)| *s == sq).map(|&(_, p)| p);
            let mut number_drawn = false;
            match piece {
                Some(p) => {
                    let (fill_char, style) = match p.color() {
                        Color::White => (g.white_man, theme.white_piece()),
                        Color::Black => (g.black_man, theme.black_piece()),
                    };
                    let style = if k.taken.contains(sq) {
                        bg.patch(style).patch(theme.dim())
                    } else {
                        bg.patch(style)
                    };
                    let hollow = p.color() == Color::White && !theme.color && !theme.ascii;
                    let cells = disc_rows(d, fill_char, theme.ascii, hollow);
                    for (i, line) in cells.iter().enumerate() {
                        put(buf, dx, dy + i as u16, line, style);
                    }
                    let inset = theme.piece_inset(p.color());
                    if p.is_king() {
                        // The crown sits on the middle row of the disc, a third of its width.
                        let n = (d / 3).max(1);
                        let crown = g.crown.repeat(n as usize);
                        put(
                            buf,
                            dx + (d - n) / 2,
                            cy,
                            &crown,
                            inset.patch(theme.crown()),
                        );
                    }
                    if sh == 1 {
                        // One row a square (12×12 at 80×24): the piece is what
                        // the square shows; the empty squares keep their numbers.
                        number_drawn = true;
                    } else if let Some(n) = number.as_deref().filter(|_| dy == rect.y) {
                        // A disc as tall as the square leaves no row above it
                        // for the number: it is written on the disc. Without
                        // colour, on a ring's foot: its top keeps the ring's
                        // shape, which tells it from a solid disc's top.
                        let x = dx + (d.saturating_sub(n.len() as u16)) / 2;
                        let foot = dy + cells.len() as u16 - 1;
                        // Not over a king's crown, though: a king's number
                        // goes on top, the crown telling it apart.
                        let y = if hollow && !(p.is_king() && foot == cy) {
                            foot
                        } else {
                            dy
                        };
                        put(buf, x, y, n, inset.patch(theme.number_on_piece()));
                        number_drawn = true;
                    }
                }
                None => {
                    let cx = rect.x + (sw - 1) / 2;
                    if let Some(i) = k.path.iter().position(|&s| s == sq) {
                        put(buf, cx, cy, &(i + 1).to_string(), bg.patch(theme.mark()));
                    } else if k.targets.contains(sq) {
                        put(buf, cx, cy, g.target, bg.patch(theme.mark()));
                    } else if k.last_emptied.contains(sq) {
                        put(buf, cx, cy, g.emptied, bg.patch(theme.mark()));
                    }
                }
            }
            if let Some(n) = number.filter(|_| !number_drawn) {
                let x = rect.x + sw - n.len() as u16;
                put(buf, x, rect.y, &n, bg.patch(theme.number()));
            }
            if app.cursor == (file, rank) && app.overlay.is_none() {
                let style = bg.patch(theme.cursor());
                if sw >= 8 && sh >= 4 {
                    // On a big square two brackets are lost: the square gets a
                    // frame of bars down its sides and along its foot (where no
                    // disc fills it), below the top row, which keeps the
                    // square's mark and number.
                    for y in rect.y + 1..rect.bottom() {
                        put(buf, rect.x, y, " ", style);
                        put(buf, rect.x + sw - 1, y, " ", style);
                    }
                    if piece.is_none() || dy + rows < rect.bottom() {
                        put(
                            buf,
                            rect.x,
                            rect.bottom() - 1,
                            &" ".repeat(sw as usize),
                            style,
                        );
                    }
                }
                // On a square one row tall the left bracket would hide the
                // square's mark ("must capture"): the mark stays, with the
                // cursor's colour, and the right bracket shows the cursor.
                let left = mark.filter(|_| sh == 1).unwrap_or("[");
                put(buf, rect.x, cy, left, style);
                put(buf, rect.x + sw - 1, cy, "]", style);
            }
        }
    }
    // Coordinates: files under the board, ranks to its left, right-aligned so
    // that 10 stands over 9.
    let label = theme.label();
    let board = layout.board();
    for i in 0..size {
        let file = layout.rect_of(i, 0);
        let x = file.x + (sw - 1) / 2;
        put(
            buf,
            x,
            board.bottom(),
            &char::from(b'a' + i).to_string(),
            label,
        );
        let rank = layout.rect_of(0, i);
        let text = (i + 1).to_string();
        let x = board.x.saturating_sub(1 + text.len() as u16);
        put(buf, x, rank.y + sh / 2, &text, label);
    }
}

fn fill(buf: &mut Buffer, rect: Rect, symbol: &str, style: Style) {
    for y in rect.y..rect.bottom().min(buf.area.bottom()) {
        for x in rect.x..rect.right().min(buf.area.right()) {
            buf[(x, y)].set_symbol(symbol).set_style(style);
        }
    }
}

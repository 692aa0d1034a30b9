//! The board: squares, pieces, coordinates and every highlight.

use super::app::App;
use super::layout::Layout;
use checkers::{Bitboard, Color, Move, Piece, Position, Square};
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
            k.taken |= jumped(pos, at, next);
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
fn jumped(pos: &Position, a: Square, b: Square) -> Bitboard {
    let df = (b.file() as i8 - a.file() as i8).signum();
    let dr = (b.rank() as i8 - a.rank() as i8).signum();
    let mut out = Bitboard::EMPTY;
    let (mut f, mut r) = (a.file() as i8 + df, a.rank() as i8 + dr);
    while (f, r) != (b.file() as i8, b.rank() as i8) && (0..8).contains(&f) && (0..8).contains(&r) {
        if let Some(sq) = Square::from_coords(f as u8, r as u8) {
            if pos.piece_at(sq).is_some() {
                out = out.with(sq);
            }
        }
        f += df;
        r += dr;
    }
    out
}

fn put(buf: &mut Buffer, x: u16, y: u16, s: &str, style: Style) {
    if x < buf.area.right() && y < buf.area.bottom() {
        buf.set_string(x, y, s, style);
    }
}

/// Draws the board and its coordinates.
pub fn render(app: &App, layout: &Layout, buf: &mut Buffer) {
    let theme = &app.theme;
    let g = &theme.glyphs;
    let pos = app.game.position();
    let bottom = app.bottom();
    let k = marks(app);
    let (sw, sh) = (layout.square_w, layout.square_h);
    for rank in 0..8u8 {
        for file in 0..8u8 {
            let (c, r) = Layout::screen_of(file, rank, bottom);
            let rect = layout.square_rect(c, r);
            let sq = Square::from_coords(file, rank);
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
            if app.show_numbers && sw >= 4 {
                let n = sq.pdn().to_string();
                let x = rect.x + sw - n.len() as u16;
                put(buf, x, rect.y, &n, bg.patch(theme.number()));
            }
            let cx = rect.x + (sw - 1) / 2;
            let cy = rect.y + sh / 2;
            match pos.piece_at(sq) {
                Some(p) => {
                    let (glyph, style) = match p.color() {
                        Color::White => (g.white_man, theme.white_piece()),
                        Color::Black => (g.black_man, theme.black_piece()),
                    };
                    let style = if k.taken.contains(sq) {
                        bg.patch(style).patch(theme.dim())
                    } else {
                        bg.patch(style)
                    };
                    let king = matches!(p, Piece::King(_));
                    if sw >= 9 && sh >= 4 {
                        let big = match p.color() {
                            Color::White => g.big_white,
                            Color::Black => g.big_black,
                        };
                        put(buf, cx - 2, cy - 1, big[0], style);
                        put(buf, cx - 2, cy, big[1], style);
                        if king {
                            let crown = g.crown.repeat(3);
                            put(buf, cx - 1, cy - 2, &crown, style);
                        }
                    } else {
                        put(buf, cx, cy, glyph, style);
                        if king {
                            put(buf, cx, cy - 1, g.crown, style);
                        }
                    }
                }
                None => {
                    if let Some(i) = k.path.iter().position(|&s| s == sq) {
                        put(buf, cx, cy, &(i + 1).to_string(), bg.patch(theme.mark()));
                    } else if k.targets.contains(sq) {
                        put(buf, cx, cy, g.target, bg.patch(theme.mark()));
                    } else if k.last_emptied.contains(sq) {
                        put(buf, cx, cy, g.emptied, bg.patch(theme.mark()));
                    }
                }
            }
            if app.cursor == (file, rank) && app.overlay.is_none() {
                let style = bg.patch(theme.cursor()).patch(theme.mark());
                let reach = if sw >= 9 && sh >= 4 { 3 } else { 1 };
                if cx >= rect.x + reach {
                    put(buf, cx - reach, cy, "[", style);
                }
                put(buf, cx + reach, cy, "]", style);
            }
        }
    }
    // Coordinates: files under the board, ranks to its left.
    let label = theme.label();
    for i in 0..8u8 {
        let (c, _) = Layout::screen_of(i, 0, bottom);
        let rect = layout.square_rect(c, 0);
        let x = rect.x + (sw - 1) / 2;
        put(
            buf,
            x,
            layout.board_y + 8 * sh,
            &((b'a' + i) as char).to_string(),
            label,
        );
        let (_, r) = Layout::screen_of(0, i, bottom);
        let rect = layout.square_rect(0, r);
        put(buf, 1, rect.y + sh / 2, &(i + 1).to_string(), label);
    }
}

fn fill(buf: &mut Buffer, rect: Rect, symbol: &str, style: Style) {
    for y in rect.y..rect.bottom().min(buf.area.bottom()) {
        for x in rect.x..rect.right().min(buf.area.right()) {
            buf[(x, y)].set_symbol(symbol).set_style(style);
        }
    }
}

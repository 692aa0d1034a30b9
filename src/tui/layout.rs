//! Where everything goes on the screen, as a pure function of the terminal size,
//! so that the view draws and the update maps clicks with the same geometry.

use checkers::Color;
use ratatui::layout::Rect;

/// The smallest terminal the game draws itself in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
/// The side panel's narrowest; it takes what the board leaves beyond that.
pub const PANEL_MIN: u16 = 28;
/// Rows under everything: two for the status (it wraps rather than cut) and one
/// for the command line.
const BOTTOM_ROWS: u16 = 3;
/// Columns left of the board for the rank labels, and between board and panel.
const LABELS: u16 = 3;
const GAP: u16 = 1;

/// The screen areas for one terminal size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub too_small: bool,
    /// Top-left cell of square (screen column 0, screen row 0).
    pub board_x: u16,
    pub board_y: u16,
    pub square_w: u16,
    pub square_h: u16,
    pub panel: Rect,
    /// Two rows: a long message wraps onto the second.
    pub status: Rect,
    pub command: Rect,
    pub full: Rect,
}

/// The layout of a `width` × `height` terminal.
///
/// Squares grow without limit in both directions, as large as the window allows
/// beside a panel of at least [`PANEL_MIN`] columns, and about twice as wide as
/// tall in cells, which is close to square on screen since a terminal cell is
/// about twice as tall as wide. The board is centred in the window when the
/// panel still fits to its right, else moved left just enough; it is centred
/// vertically above the status line.
pub fn compute(width: u16, height: u16) -> Layout {
    let full = Rect::new(0, 0, width, height);
    let too_small = width < MIN_WIDTH || height < MIN_HEIGHT;
    // One row under the board for the file letters.
    let avail_h = height.saturating_sub(BOTTOM_ROWS + 1);
    let avail_w = width.saturating_sub(LABELS + GAP + PANEL_MIN);
    let square_h = (avail_h / 8).min(avail_w / 16).max(2);
    let square_w = (avail_w / 8).min(2 * square_h + 2).max(4);
    let board_w = 8 * square_w;
    let centred = width.saturating_sub(board_w) / 2;
    let room = width.saturating_sub(board_w + GAP + PANEL_MIN);
    let board_x = centred.min(room).max(LABELS);
    let board_y = avail_h.saturating_sub(8 * square_h) / 2;
    let panel_x = board_x + board_w + GAP;
    let bottom = height.saturating_sub(BOTTOM_ROWS);
    Layout {
        too_small,
        board_x,
        board_y,
        square_w,
        square_h,
        panel: Rect::new(panel_x, 0, width.saturating_sub(panel_x), bottom),
        status: Rect::new(0, bottom, width, 2),
        command: Rect::new(0, height.saturating_sub(1), width, 1),
        full,
    }
}

impl Layout {
    /// The board's screen cell area of screen square (`col`, `row`), 0–7 each.
    pub fn square_rect(&self, col: u16, row: u16) -> Rect {
        Rect::new(
            self.board_x + col * self.square_w,
            self.board_y + row * self.square_h,
            self.square_w,
            self.square_h,
        )
    }

    /// Screen square of board square (file, rank) with `bottom` at the bottom.
    pub fn screen_of(file: u8, rank: u8, bottom: Color) -> (u16, u16) {
        match bottom {
            Color::White => (file as u16, 7 - rank as u16),
            Color::Black => (7 - file as u16, rank as u16),
        }
    }

    /// Board square (file, rank) of screen square (`col`, `row`) with `bottom` at the bottom.
    pub fn board_of(col: u16, row: u16, bottom: Color) -> (u8, u8) {
        match bottom {
            Color::White => (col as u8, 7 - row as u8),
            Color::Black => (7 - col as u8, row as u8),
        }
    }

    /// The board square (file, rank) under terminal cell (`col`, `row`), if any.
    pub fn square_at(&self, col: u16, row: u16, bottom: Color) -> Option<(u8, u8)> {
        if col < self.board_x || row < self.board_y {
            return None;
        }
        let c = (col - self.board_x) / self.square_w;
        let r = (row - self.board_y) / self.square_h;
        if c >= 8 || r >= 8 {
            return None;
        }
        Some(match bottom {
            Color::White => (c as u8, 7 - r as u8),
            Color::Black => (7 - c as u8, r as u8),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fits_and_grows() {
        let small = compute(80, 24);
        assert!(!small.too_small);
        assert_eq!((small.square_w, small.square_h), (6, 2));
        assert!(small.board_y + 8 * small.square_h < small.status.y);
        assert!(small.panel.width >= PANEL_MIN);
        let big = compute(200, 60);
        assert!(big.square_h > small.square_h && big.square_w > small.square_w);
        assert!(big.panel.x + PANEL_MIN <= 200);
        assert!(compute(79, 24).too_small && compute(80, 23).too_small);
    }

    /// At 200×60 the board takes most of the height and the middle of the width.
    #[test]
    fn a_large_window_is_filled_with_the_board_centred() {
        let l = compute(200, 60);
        let (w, h) = (8 * l.square_w, 8 * l.square_h);
        assert!(h * 10 >= 56 * 9, "board {h} rows high of 60");
        assert!(w * 2 >= 200, "board {w} columns wide of 200");
        let middle = l.board_x + w / 2;
        assert!(
            middle.abs_diff(100) <= 1,
            "board's middle at column {middle}"
        );
        assert!(l.panel.width >= PANEL_MIN);
    }

    /// Every size keeps a square between 2 and 3 cells wide per cell of height,
    /// and the panel at least its narrowest, and grows with the window.
    #[test]
    fn squares_stay_close_to_square_and_the_panel_grows() {
        let mut last = (0, 0);
        for (w, h) in [
            (80, 24),
            (100, 30),
            (120, 40),
            (160, 50),
            (200, 60),
            (300, 90),
        ] {
            let l = compute(w, h);
            let ratio = l.square_w as f64 / l.square_h as f64;
            assert!((2.0..=3.0).contains(&ratio), "{w}×{h}: {ratio}");
            assert!(l.panel.width >= PANEL_MIN, "{w}×{h}");
            assert!(l.panel.right() <= w && l.board_x >= LABELS, "{w}×{h}");
            assert!(l.board_y + 8 * l.square_h < l.status.y, "{w}×{h}");
            assert!((l.square_w, l.square_h) >= last, "{w}×{h}");
            last = (l.square_w, l.square_h);
        }
    }

    #[test]
    fn clicks_map_back_to_squares_from_both_sides() {
        let l = compute(100, 30);
        for bottom in [Color::White, Color::Black] {
            for file in 0..8 {
                for rank in 0..8 {
                    let (c, r) = Layout::screen_of(file, rank, bottom);
                    let rect = l.square_rect(c, r);
                    assert_eq!(
                        l.square_at(rect.x + 1, rect.y + 1, bottom),
                        Some((file, rank))
                    );
                }
            }
        }
        assert_eq!(l.square_at(0, 0, Color::White), None);
    }
}

//! Where everything goes on the screen, as a pure function of the terminal size,
//! so that the view draws and the update maps clicks with the same geometry.

use checkers::Color;
use ratatui::layout::Rect;

/// The smallest terminal the game draws itself in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;
const PANEL_MIN: u16 = 28;

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
    pub status: Rect,
    pub command: Rect,
    pub full: Rect,
}

/// The layout of a `width` × `height` terminal.
pub fn compute(width: u16, height: u16) -> Layout {
    let full = Rect::new(0, 0, width, height);
    let too_small = width < MIN_WIDTH || height < MIN_HEIGHT;
    let avail_h = height.saturating_sub(4);
    // Beyond about 11×5 cells a square only adds empty space around its piece.
    let mut square_h = (avail_h / 8).clamp(2, 5);
    let w_max = (width.saturating_sub(3 + PANEL_MIN) / 8).clamp(4, 11);
    let square_w = (square_h * 5 / 2 + 1).min(w_max);
    if square_w < square_h * 2 {
        square_h = (square_w / 2).max(2);
    }
    let board_x = 3;
    let board_y = 1;
    // One column between the board and the panel, so the panel keeps PANEL_MIN at 80 wide.
    let panel_x = board_x + 8 * square_w + 1;
    Layout {
        too_small,
        board_x,
        board_y,
        square_w,
        square_h,
        panel: Rect::new(
            panel_x,
            0,
            width.saturating_sub(panel_x),
            height.saturating_sub(2),
        ),
        status: Rect::new(0, height.saturating_sub(2), width, 1),
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

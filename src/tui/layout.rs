//! Where everything goes on the screen, as a pure function of the terminal size,
//! the board's size and the side at its bottom, so that the view draws and the
//! update maps clicks and moves the cursor with the same geometry.

use checkers::Color;
use ratatui::layout::Rect;

/// The width the layout is made for (with 24 rows): from here up the panel
/// keeps [`PANEL_MIN`] columns; below it the game still draws itself,
/// compactly, down to [`Layout::min_size`].
pub const MIN_WIDTH: u16 = 80;
/// The side panel's narrowest; it takes what the board leaves beyond that.
pub const PANEL_MIN: u16 = 28;
/// The panel's narrowest in a terminal narrower than [`MIN_WIDTH`]: its lines
/// ("○ White: 12 men, 0 kings") still fit without wrapping.
pub const PANEL_NARROW: u16 = 24;
/// A square's narrowest: a disc of two cells with a cell either side, where
/// the cursor's brackets go.
const SQUARE_MIN_W: u16 = 4;
/// Rows under everything: two for the status (it wraps rather than cut) and one
/// for the command line.
const BOTTOM_ROWS: u16 = 3;
/// Columns left of the board for the rank labels (two digits and a space), and
/// between board and panel.
const LABELS: u16 = 3;
const GAP: u16 = 1;

/// The screen areas for one terminal size and board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub too_small: bool,
    /// Squares a side: 8 or 10.
    pub size: u16,
    /// The side drawn at the bottom of the board.
    pub bottom: Color,
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

impl Layout {
    /// The layout of a `width` × `height` terminal for a board of `size`
    /// squares a side with `bottom` at the bottom.
    ///
    /// Squares grow without limit in both directions, as large as the window
    /// allows beside a panel of at least [`PANEL_MIN`] columns, and about twice
    /// as wide as tall in cells, which is close to square on screen since a
    /// terminal cell is about twice as tall as wide. The board is centred in the
    /// window when the panel still fits to its right, else moved left just
    /// enough; it is centred vertically above the status line. At the smallest
    /// terminal, 80×24, an 8×8 board gets squares of 6×2 cells, a 10×10 one
    /// of 4×2 and a 12×12 one of 4×1. Below 80×24 the panel narrows to
    /// [`PANEL_NARROW`] and squares shrink to 4×1 before the game gives up.
    pub fn new(width: u16, height: u16, size: u8, bottom: Color) -> Layout {
        let n = u16::from(size).max(1);
        let full = Rect::new(0, 0, width, height);
        let (least_w, least_h) = Layout::min_size(size);
        let too_small = width < least_w || height < least_h;
        let panel_min = if width < MIN_WIDTH {
            PANEL_NARROW
        } else {
            PANEL_MIN
        };
        // One row under the board for the file letters.
        let avail_h = height.saturating_sub(BOTTOM_ROWS + 1);
        let avail_w = width.saturating_sub(LABELS + GAP + panel_min);
        // Two rows a square where they fit; a 12×12 board at 80×24 has one.
        let least_h = if 2 * n <= avail_h { 2 } else { 1 };
        let square_h = (avail_h / n).min(avail_w / (2 * n)).max(least_h);
        let square_w = (avail_w / n).min(2 * square_h + 2).max(SQUARE_MIN_W);
        let board_w = n * square_w;
        let centred = width.saturating_sub(board_w) / 2;
        let room = width.saturating_sub(board_w + GAP + panel_min);
        let board_x = centred.min(room).max(LABELS);
        let board_y = avail_h.saturating_sub(n * square_h) / 2;
        let panel_x = board_x + board_w + GAP;
        let bottom_y = height.saturating_sub(BOTTOM_ROWS);
        Layout {
            too_small,
            size: n,
            bottom,
            board_x,
            board_y,
            square_w,
            square_h,
            panel: Rect::new(panel_x, 0, width.saturating_sub(panel_x), bottom_y),
            status: Rect::new(0, bottom_y, width, 2),
            command: Rect::new(0, height.saturating_sub(1), width, 1),
            full,
        }
    }

    /// The smallest terminal, (width, height), that holds a board of `size`
    /// squares a side: squares of 4×1 with their labels, the narrow panel, and
    /// the status and command lines: 60×12 for 8×8, 68×14 for 10×10, 76×16
    /// for 12×12.
    pub fn min_size(size: u8) -> (u16, u16) {
        let n = u16::from(size).max(1);
        (
            LABELS + n * SQUARE_MIN_W + GAP + PANEL_NARROW,
            n + 1 + BOTTOM_ROWS,
        )
    }

    /// The board's squares, without the labels around it.
    pub fn board(&self) -> Rect {
        Rect::new(
            self.board_x,
            self.board_y,
            self.size * self.square_w,
            self.size * self.square_h,
        )
    }

    /// The board's screen cell area of screen square (`col`, `row`), each from
    /// 0 to `size - 1`.
    pub fn square_rect(&self, col: u16, row: u16) -> Rect {
        Rect::new(
            self.board_x + col * self.square_w,
            self.board_y + row * self.square_h,
            self.square_w,
            self.square_h,
        )
    }

    /// Screen square (column, row) of board square (`file`, `rank`).
    pub fn on_screen(&self, file: u8, rank: u8) -> (u16, u16) {
        let last = self.size - 1;
        let (file, rank) = (u16::from(file), u16::from(rank));
        match self.bottom {
            Color::White => (file, last - rank),
            Color::Black => (last - file, rank),
        }
    }

    /// Board square (file, rank) of screen square (`col`, `row`); both are on
    /// the board when these are.
    pub fn on_board(&self, col: u16, row: u16) -> (u8, u8) {
        let last = self.size - 1;
        let (file, rank) = match self.bottom {
            Color::White => (col, last - row),
            Color::Black => (last - col, row),
        };
        (file as u8, rank as u8)
    }

    /// The screen cells of board square (`file`, `rank`).
    pub fn rect_of(&self, file: u8, rank: u8) -> Rect {
        let (col, row) = self.on_screen(file, rank);
        self.square_rect(col, row)
    }

    /// The board square (file, rank) under terminal cell (`col`, `row`), if any.
    pub fn square_at(&self, col: u16, row: u16) -> Option<(u8, u8)> {
        if col < self.board_x || row < self.board_y {
            return None;
        }
        let c = (col - self.board_x) / self.square_w;
        let r = (row - self.board_y) / self.square_h;
        if c >= self.size || r >= self.size {
            return None;
        }
        Some(self.on_board(c, r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eight(width: u16, height: u16) -> Layout {
        Layout::new(width, height, 8, Color::White)
    }

    #[test]
    fn the_board_fits_and_grows() {
        let small = eight(80, 24);
        assert!(!small.too_small);
        assert_eq!((small.square_w, small.square_h), (6, 2));
        assert!(small.board().bottom() < small.status.y);
        assert!(small.panel.width >= PANEL_MIN);
        let big = eight(200, 60);
        assert!(big.square_h > small.square_h && big.square_w > small.square_w);
        assert!(big.panel.x + PANEL_MIN <= 200);
        assert!(!eight(79, 24).too_small && !eight(80, 23).too_small);
    }

    /// Each board draws in a terminal down to its least size, and not below:
    /// squares of 4×1 with their labels, the narrow panel, the status and the
    /// command line, nothing overlapping and nothing outside the window.
    #[test]
    fn every_board_draws_down_to_its_least_terminal() {
        for (size, least) in [(8, (60, 12)), (10, (68, 14)), (12, (76, 16))] {
            assert_eq!(Layout::min_size(size), least);
            let (w, h) = least;
            for (w, h) in [(w, h), (w, 20), (79, h), (79, 23), (w, 30)] {
                let l = Layout::new(w, h, size, Color::White);
                let at = format!("{size}: {w}×{h}");
                assert!(!l.too_small, "{at}");
                assert!(l.square_w >= SQUARE_MIN_W && l.square_h >= 1, "{at}");
                let board = l.board();
                assert!(
                    board.x >= LABELS && board.right() + GAP <= l.panel.x,
                    "{at}"
                );
                assert!(
                    l.panel.width >= PANEL_NARROW && l.panel.right() <= w,
                    "{at}"
                );
                assert!(board.bottom() < l.status.y, "{at}");
                assert!(
                    l.status.bottom() <= l.command.y && l.command.bottom() <= h,
                    "{at}"
                );
            }
            assert!(
                Layout::new(w - 1, h, size, Color::White).too_small,
                "{size}"
            );
            assert!(
                Layout::new(w, h - 1, size, Color::White).too_small,
                "{size}"
            );
        }
        // Two rows a square as soon as they fit.
        assert_eq!((eight(60, 20).square_w, eight(60, 20).square_h), (4, 2));
    }

    /// At 200×60 the board takes as much of the 56 rows above the file letters
    /// and status as whole squares can, and the middle of the width.
    #[test]
    fn a_large_window_is_filled_with_the_board_centred() {
        for size in [8, 10] {
            let l = Layout::new(200, 60, size, Color::White);
            let board = l.board();
            let (w, h) = (board.width, board.height);
            assert!(
                h <= 56 && 56 - h < size.into(),
                "{size}: board {h} rows high of 60"
            );
            assert!(w * 2 >= 200, "{size}: board {w} columns wide of 200");
            let middle = l.board_x + w / 2;
            assert!(
                middle.abs_diff(100) <= 1,
                "{size}: board's middle at column {middle}"
            );
            assert!(l.panel.width >= PANEL_MIN);
        }
    }

    /// Every size keeps a square between 2 and 3 cells wide per cell of height,
    /// and the panel at least its narrowest, and grows with the window.
    #[test]
    fn squares_stay_close_to_square_and_the_panel_grows() {
        for size in [8, 10] {
            let mut last = (0, 0);
            for (w, h) in [
                (80, 24),
                (100, 30),
                (120, 40),
                (160, 50),
                (200, 60),
                (300, 90),
            ] {
                let l = Layout::new(w, h, size, Color::White);
                let ratio = l.square_w as f64 / l.square_h as f64;
                assert!((2.0..=3.0).contains(&ratio), "{size}: {w}×{h}: {ratio}");
                assert!(l.panel.width >= PANEL_MIN, "{size}: {w}×{h}");
                assert!(
                    l.panel.right() <= w && l.board_x >= LABELS,
                    "{size}: {w}×{h}"
                );
                assert!(l.board().bottom() < l.status.y, "{size}: {w}×{h}");
                assert!((l.square_w, l.square_h) >= last, "{size}: {w}×{h}");
                last = (l.square_w, l.square_h);
            }
        }
    }

    #[test]
    fn clicks_map_back_to_squares_from_both_sides() {
        for bottom in [Color::White, Color::Black] {
            let l = Layout::new(100, 30, 8, bottom);
            for file in 0..8 {
                for rank in 0..8 {
                    let rect = l.rect_of(file, rank);
                    assert_eq!(l.square_at(rect.x + 1, rect.y + 1), Some((file, rank)));
                }
            }
            assert_eq!(l.square_at(0, 0), None);
        }
    }

    /// The 10×10 board's squares at the sizes a player is likely to have.
    #[test]
    fn a_ten_by_ten_board_gets_squares_of_4x2_8x3_and_12x5() {
        for ((w, h), square) in [
            ((80, 24), (4, 2)),
            ((120, 40), (8, 3)),
            ((200, 60), (12, 5)),
        ] {
            let l = Layout::new(w, h, 10, Color::White);
            assert!(!l.too_small);
            assert_eq!((l.square_w, l.square_h), square, "{w}×{h}");
        }
    }

    /// At every size and from both sides, each of the hundred squares lies
    /// inside the board's area, the board and its labels inside the window
    /// clear of panel and status, and a screen square and its board square
    /// map onto each other, every cell of a square answering a click with it.
    #[test]
    fn every_square_of_a_ten_by_ten_board_is_on_the_board_and_maps_back() {
        for (w, h) in [(80, 24), (120, 40), (200, 60)] {
            for bottom in [Color::White, Color::Black] {
                let l = Layout::new(w, h, 10, bottom);
                let board = l.board();
                let at = format!("{w}×{h}, {bottom:?} at the bottom");
                assert_eq!(board.width, 10 * l.square_w, "{at}");
                assert!(
                    board.x >= LABELS && board.right() + GAP <= l.panel.x,
                    "{at}"
                );
                assert!(l.panel.width >= PANEL_MIN && l.panel.right() <= w, "{at}");
                // The file letters go on the row under the board, above the status.
                assert!(board.bottom() < l.status.y, "{at}");
                let mut cells = 0;
                for file in 0..10 {
                    for rank in 0..10 {
                        let (col, row) = l.on_screen(file, rank);
                        assert!(col < 10 && row < 10, "{at}: {file},{rank}");
                        assert_eq!(l.on_board(col, row), (file, rank), "{at}");
                        let rect = l.rect_of(file, rank);
                        assert_eq!(rect.intersection(board), rect, "{at}: {file},{rank}");
                        for y in rect.top()..rect.bottom() {
                            for x in rect.left()..rect.right() {
                                assert_eq!(l.square_at(x, y), Some((file, rank)), "{at}");
                                cells += 1;
                            }
                        }
                    }
                }
                // The squares tile the board: no cell is two squares'.
                assert_eq!(cells, board.area(), "{at}");
                assert_eq!(l.square_at(board.right(), board.y), None, "{at}");
                assert_eq!(l.square_at(board.x, board.bottom()), None, "{at}");
                assert_eq!(l.square_at(board.x - 1, board.y), None, "{at}");
            }
        }
    }

    /// With White at the bottom a1 is the bottom-left square and j10 the
    /// top-right; flipped, the other way round.
    #[test]
    fn flipping_turns_the_ten_by_ten_board_round() {
        let white = Layout::new(80, 24, 10, Color::White);
        let black = Layout::new(80, 24, 10, Color::Black);
        assert_eq!(white.on_screen(0, 0), (0, 9));
        assert_eq!(white.on_screen(9, 9), (9, 0));
        assert_eq!(black.on_screen(0, 0), (9, 0));
        assert_eq!(black.on_screen(9, 9), (0, 9));
        assert_eq!(white.rect_of(0, 0), black.rect_of(9, 9));
        assert_eq!(white.on_board(2, 3), black.on_board(7, 6));
    }
}

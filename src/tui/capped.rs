//! A terminal backend that claims no more than the largest screen the game draws:
//! ratatui keeps two buffers of cells the size of the screen, so a terminal that
//! says it is 9999×9999 cost gigabytes. The game is drawn in the top-left corner
//! of such a terminal and the rest stays blank.

use super::event::{MAX_COLS, MAX_ROWS};
use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

/// Also answers where the cursor is from the last place it was put, without asking
/// the terminal: the answer would come back through the input thread's reader, so
/// asking timed out (ratatui asks on `clear`, which a redraw after `fg` needs).
#[derive(Debug)]
pub struct Capped<B> {
    inner: B,
    cursor: Position,
}

impl<B> Capped<B> {
    pub fn new(inner: B) -> Capped<B> {
        Capped {
            inner,
            cursor: Position::ORIGIN,
        }
    }
}

fn cap(s: Size) -> Size {
    Size::new(s.width.min(MAX_COLS), s.height.min(MAX_ROWS))
}

impl<B: Backend> Backend for Capped<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.cursor = position.into();
        self.inner.set_cursor_position(self.cursor)
    }

    fn clear(&mut self) -> Result<(), Self::Error> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> Result<Size, Self::Error> {
        self.inner.size().map(cap)
    }

    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        self.inner.window_size().map(|w| WindowSize {
            columns_rows: cap(w.columns_rows),
            pixels: w.pixels,
        })
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::backend::TestBackend;

    #[test]
    fn a_huge_terminal_is_drawn_as_the_largest_screen_and_a_small_one_as_itself() {
        let huge = Capped::new(TestBackend::new(MAX_COLS + 100, MAX_ROWS + 100));
        assert_eq!(huge.size().unwrap(), Size::new(MAX_COLS, MAX_ROWS));
        let terminal = ratatui::Terminal::new(huge).unwrap();
        assert_eq!(terminal.size().unwrap(), Size::new(MAX_COLS, MAX_ROWS));
        let mut small = Capped::new(TestBackend::new(80, 24));
        assert_eq!(small.size().unwrap(), Size::new(80, 24));
        small.set_cursor_position((3, 4)).unwrap();
        assert_eq!(small.get_cursor_position().unwrap(), Position::new(3, 4));
    }
}

//! Pointing into a text in error messages.

/// `offset` moved back to the nearest character boundary of `text`, so slicing never panics.
pub(crate) fn floor_boundary(text: &str, offset: usize) -> usize {
    let mut i = offset.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The 1-based line and column (in characters) of byte `offset` in `text`, for
/// error messages about a file; an offset inside a character counts as its start.
pub fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..floor_boundary(text, offset)];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

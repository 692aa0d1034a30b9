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

/// `text` safe to print on a terminal: every control character (C0, DEL, C1), which a
/// file or an argument could use to retitle, clear or recolour the terminal, is shown
/// escaped as `\u{1b}`; everything else, including non-ASCII letters, is kept.
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::printable;

    #[test]
    fn printable_escapes_control_characters_and_keeps_letters() {
        assert_eq!(printable("Müller – Шашки"), "Müller – Шашки");
        assert_eq!(printable("a\u{1b}]0;x\u{7}b"), "a\\u{1b}]0;x\\u{7}b");
        assert_eq!(
            printable("\u{9b}2J\t\n\u{7f}"),
            "\\u{9b}2J\\u{9}\\u{a}\\u{7f}"
        );
    }
}

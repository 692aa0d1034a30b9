//! Texts from outside: reading a file safely, pointing into it in error messages,
//! and quoting it without letting it drive the terminal.

use std::io::{self, Read};
use std::path::Path;

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

/// Writes a message that quotes input, made [`printable`] whole: an error's
/// `Display` never lets the text it quotes reach a terminal raw.
pub(crate) fn write_printable(
    f: &mut std::fmt::Formatter<'_>,
    args: std::fmt::Arguments<'_>,
) -> std::fmt::Result {
    match args.as_str() {
        Some(s) => f.write_str(&printable(s)),
        None => f.write_str(&printable(&args.to_string())),
    }
}

/// Reads a file whole, if it is a regular file of at most `limit` bytes: the one way
/// every reader of the program opens a file. A FIFO, a terminal, `/dev/zero` or a
/// directory is refused without blocking and without reading a byte (the path's
/// metadata is checked before opening, the file is opened non-blocking, and the opened
/// file's metadata is checked again, so a path swapped in between is caught too), and
/// a file that grows past `limit` while it is read is refused rather than read on.
/// The errors keep their kind (`NotFound`, `InvalidInput` for "not a regular file",
/// `FileTooLarge`) and read as the end of a sentence: "cannot read F: {error}".
pub fn read_file(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let file = open_file(path, limit)?;
    let mut bytes = Vec::with_capacity(file.metadata()?.len() as usize);
    file.take(limit.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(too_large(limit));
    }
    Ok(bytes)
}

/// Opens a file to be read as a stream, with the checks of [`read_file`] (a regular
/// file of at most `limit` bytes, opened without blocking), for a reader that must
/// not hold the whole file, such as `pdn check` over a large collection.
pub fn open_file(path: &Path, limit: u64) -> io::Result<std::fs::File> {
    check_kind(&std::fs::metadata(path)?, limit)?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // Opening a FIFO without a writer blocks, and a terminal must not become ours.
        options.custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY);
    }
    let file = options.open(path)?;
    check_kind(&file.metadata()?, limit)?;
    Ok(file)
}

/// [`read_file`], as UTF-8 text (`InvalidData` otherwise).
pub fn read_text(path: &Path, limit: u64) -> io::Result<String> {
    String::from_utf8(read_file(path, limit)?)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

fn check_kind(meta: &std::fs::Metadata, limit: u64) -> io::Result<()> {
    if !meta.is_file() {
        let what = kind_name(meta);
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {what}, not a regular file"),
        ));
    }
    if meta.len() > limit {
        return Err(too_large(limit));
    }
    Ok(())
}

fn too_large(limit: u64) -> io::Error {
    let size = if limit >= 1 << 20 && limit.is_multiple_of(1 << 20) {
        format!("{} MiB", limit >> 20)
    } else {
        format!("{limit} bytes")
    };
    io::Error::new(
        io::ErrorKind::FileTooLarge,
        format!("it is larger than {size}, more than this kind of file can be"),
    )
}

fn kind_name(meta: &std::fs::Metadata) -> &'static str {
    if meta.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return "a pipe (FIFO)";
        }
        if t.is_char_device() {
            return "a device (a terminal or the like)";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "something else"
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

//! Texts from outside: reading a file safely, pointing into it in error messages,
//! and quoting it without letting it drive the terminal.

use std::io::{self, Read, Write};
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

/// The most characters of a text from outside that an error message quotes.
pub const QUOTED_CHARS: usize = 60;

/// `text` as an error message quotes it: whole up to [`QUOTED_CHARS`]
/// characters, else its first ones and `…`. A message is one line a person
/// reads, and a bad line of a megabyte would otherwise come back whole.
///
/// ```
/// assert_eq!(checkers::quoted("W:W99"), "W:W99");
/// let long = "1".repeat(100);
/// assert_eq!(checkers::quoted(&long), format!("{}…", &long[..60]));
/// ```
pub fn quoted(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((at, _)) => std::borrow::Cow::Owned(format!("{}…", &text[..at])),
        None => std::borrow::Cow::Borrowed(text),
    }
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

/// The way out to the terminal for a command's output, which quotes what files,
/// other programs and file names hold: a writer that passes newlines and tabs and
/// writes every other control character (C0, DEL, C1) escaped, so nothing written
/// through it can retitle, clear or recolour the terminal, whatever text a caller
/// did not make [`printable`] first. [`Printable::text`] escapes as [`printable`]
/// does (`\u{1b}`); [`Printable::json`] as JSON does (`\u001b`), so a JSON document
/// stays valid and reads back exactly (serde_json escapes C0 itself, but writes DEL
/// and C1 raw).
///
/// ```
/// use std::io::Write;
/// let mut shown = Vec::new();
/// let mut out = checkers::Printable::text(&mut shown);
/// writeln!(out, "name: {}", "a\u{1b}]0;x\u{7}").unwrap();
/// drop(out);
/// assert_eq!(shown, b"name: a\\u{1b}]0;x\\u{7}\n");
/// ```
#[derive(Debug)]
pub struct Printable<W: Write> {
    inner: W,
    json: bool,
    /// The last byte written was 0xC2, which may begin a C1 character (U+0080 to
    /// U+009F are 0xC2 0x80 to 0xC2 0x9F): held until the next byte says which.
    lead: bool,
}

impl<W: Write> Printable<W> {
    /// For text: a control character is written as [`printable`] writes it.
    pub fn text(inner: W) -> Printable<W> {
        Printable {
            inner,
            json: false,
            lead: false,
        }
    }

    /// For a JSON document: a control character is written as a JSON escape.
    pub fn json(inner: W) -> Printable<W> {
        Printable {
            inner,
            json: true,
            lead: false,
        }
    }

    fn escape(&self, c: u8, out: &mut Vec<u8>) {
        let text = if self.json {
            format!("\\u{c:04x}")
        } else {
            format!("\\u{{{c:x}}}")
        };
        out.extend_from_slice(text.as_bytes());
    }

    /// A held 0xC2 that no C1 followed (the end of a character cut short) goes on.
    fn finish(&mut self) {
        if std::mem::take(&mut self.lead) {
            let _ = self.inner.write_all(&[0xc2]);
        }
    }
}

impl<W: Write> Write for Printable<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut out = Vec::with_capacity(buf.len());
        for &b in buf {
            if std::mem::take(&mut self.lead) {
                if (0x80..=0x9f).contains(&b) {
                    self.escape(b, &mut out);
                    continue;
                }
                out.push(0xc2);
            }
            match b {
                b'\n' | b'\t' => out.push(b),
                0..=0x1f | 0x7f => self.escape(b, &mut out),
                0xc2 => self.lead = true,
                _ => out.push(b),
            }
        }
        self.inner.write_all(&out)?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

impl<W: Write> Drop for Printable<W> {
    fn drop(&mut self) {
        self.finish();
    }
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
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, Refused::NotUtf8))
}

/// Why [`read_file`] refused a path that exists. It is the inner error of the
/// `io::Error` returned (`error.get_ref()`), so that a front end can word it in
/// its own language; its `Display` is the English sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not a regular file: a directory, a pipe, a device…
    NotRegular(FileKind),
    /// Larger than the reader's limit, in bytes.
    TooLarge(u64),
    /// Not UTF-8 text ([`read_text`]).
    NotUtf8,
}

/// What a path that is not a regular file is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A directory.
    Directory,
    /// A pipe (FIFO).
    Fifo,
    /// A character device: a terminal, `/dev/zero` and the like.
    Device,
    /// A block device.
    BlockDevice,
    /// A socket.
    Socket,
    /// Anything else.
    Other,
}

impl FileKind {
    /// The English words for it, as in "it is a directory".
    pub fn english(self) -> &'static str {
        match self {
            FileKind::Directory => "a directory",
            FileKind::Fifo => "a pipe (FIFO)",
            FileKind::Device => "a device (a terminal or the like)",
            FileKind::BlockDevice => "a block device",
            FileKind::Socket => "a socket",
            FileKind::Other => "something else",
        }
    }
}

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refused::NotRegular(kind) => write!(f, "it is {}, not a regular file", kind.english()),
            Refused::TooLarge(limit) => write!(
                f,
                "it is larger than {}, more than this kind of file can be",
                size_words(*limit)
            ),
            Refused::NotUtf8 => write!(f, "it is not UTF-8 text"),
        }
    }
}

impl std::error::Error for Refused {}

/// A size as people write it: whole MiB where it is, bytes otherwise.
pub fn size_words(bytes: u64) -> String {
    if bytes >= 1 << 20 && bytes.is_multiple_of(1 << 20) {
        format!("{} MiB", bytes >> 20)
    } else {
        format!("{bytes} bytes")
    }
}

fn check_kind(meta: &std::fs::Metadata, limit: u64) -> io::Result<()> {
    if !meta.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            Refused::NotRegular(kind_of(meta)),
        ));
    }
    if meta.len() > limit {
        return Err(too_large(limit));
    }
    Ok(())
}

fn too_large(limit: u64) -> io::Error {
    io::Error::new(io::ErrorKind::FileTooLarge, Refused::TooLarge(limit))
}

fn kind_of(meta: &std::fs::Metadata) -> FileKind {
    if meta.is_dir() {
        return FileKind::Directory;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        let t = meta.file_type();
        if t.is_fifo() {
            return FileKind::Fifo;
        }
        if t.is_char_device() {
            return FileKind::Device;
        }
        if t.is_block_device() {
            return FileKind::BlockDevice;
        }
        if t.is_socket() {
            return FileKind::Socket;
        }
    }
    FileKind::Other
}

#[cfg(test)]
mod tests {
    use super::{printable, Printable};
    use std::io::Write;

    /// What `write` puts through a [`Printable`], as text (or as JSON).
    fn through(json: bool, write: impl FnOnce(&mut Printable<&mut Vec<u8>>)) -> String {
        let mut shown = Vec::new();
        let mut out = if json {
            Printable::json(&mut shown)
        } else {
            Printable::text(&mut shown)
        };
        write(&mut out);
        drop(out);
        String::from_utf8(shown).expect("UTF-8 in, UTF-8 out")
    }

    #[test]
    fn printable_escapes_control_characters_and_keeps_letters() {
        assert_eq!(printable("Müller – Шашки"), "Müller – Шашки");
        assert_eq!(printable("a\u{1b}]0;x\u{7}b"), "a\\u{1b}]0;x\\u{7}b");
        assert_eq!(
            printable("\u{9b}2J\t\n\u{7f}"),
            "\\u{9b}2J\\u{9}\\u{a}\\u{7f}"
        );
    }

    #[test]
    fn the_way_out_escapes_what_printable_escapes_but_keeps_lines_and_tabs() {
        let hostile = "Eng\u{1b}]0;pwned\u{7}\u{9b}2J\u{7f}\r\u{85}é\u{a0}€";
        let shown = through(false, |out| writeln!(out, "a\t{hostile}").unwrap());
        assert_eq!(shown, format!("a\t{}\n", printable(hostile)));
        assert!(!shown
            .trim_end()
            .contains(|c: char| c.is_control() && c != '\t'));
        // A C1 character cut between two writes is still seen: 0xC2 | 0x9B.
        let cut = through(false, |out| {
            let bytes = "x\u{9b}y\u{c2}".as_bytes();
            out.write_all(&bytes[..2]).unwrap();
            out.write_all(&bytes[2..]).unwrap();
        });
        assert_eq!(cut, "x\\u{9b}y\u{c2}");
    }

    #[cfg(feature = "app")]
    #[test]
    fn the_way_out_for_json_keeps_the_document_valid_and_exact() {
        let id = "g\u{1b}]0;x\u{7}\u{9b}\u{7f}\u{80}\"\\é";
        let doc = serde_json::json!({ "id": id }).to_string();
        assert!(doc.contains('\u{9b}'), "serde_json writes C1 raw: {doc}");
        let shown = through(true, |out| out.write_all(doc.as_bytes()).unwrap());
        assert!(!shown.contains(char::is_control), "{shown}");
        let back: serde_json::Value = serde_json::from_str(&shown).expect("still JSON");
        assert_eq!(back["id"], id);
    }
}

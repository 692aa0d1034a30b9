//! A PDN file's bytes as lines of text: UTF-8, a byte-order mark skipped; a line
//! that is not UTF-8 is read as Windows-1251 where its bytes make Cyrillic words
//! (and so is every such line after it), otherwise as Latin-1.

use super::{PdnError, Unreadable};
use std::io::BufRead;

/// How a file's text was read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8, as PDN 3.0 asks: how every line that is valid UTF-8 is read.
    Utf8,
    /// ISO 8859-1: every byte is the character of the same number.
    Latin1,
    /// The Cyrillic code page of Russian files written on Windows.
    Windows1251,
}

impl Encoding {
    /// Its usual name.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Latin1 => "Latin-1",
            Encoding::Windows1251 => "Windows-1251",
        }
    }
}

/// Windows-1251's upper half, 0x80 to 0xFF (0x98 is unassigned).
const CP1251: [char; 128] = [
    'Ђ', 'Ѓ', '‚', 'ѓ', '„', '…', '†', '‡', '€', '‰', 'Љ', '‹', 'Њ', 'Ќ', 'Ћ', 'Џ', //
    'ђ', '‘', '’', '“', '”', '•', '–', '—', '\u{fffd}', '™', 'љ', '›', 'њ', 'ќ', 'ћ', 'џ', //
    '\u{a0}', 'Ў', 'ў', 'Ј', '¤', 'Ґ', '¦', '§', 'Ё', '©', 'Є', '«', '¬', '\u{ad}', '®',
    'Ї', //
    '°', '±', 'І', 'і', 'ґ', 'µ', '¶', '·', 'ё', '№', 'є', '»', 'ј', 'Ѕ', 'ѕ', 'ї', //
    'А', 'Б', 'В', 'Г', 'Д', 'Е', 'Ж', 'З', 'И', 'Й', 'К', 'Л', 'М', 'Н', 'О', 'П', //
    'Р', 'С', 'Т', 'У', 'Ф', 'Х', 'Ц', 'Ч', 'Ш', 'Щ', 'Ъ', 'Ы', 'Ь', 'Э', 'Ю', 'Я', //
    'а', 'б', 'в', 'г', 'д', 'е', 'ж', 'з', 'и', 'й', 'к', 'л', 'м', 'н', 'о', 'п', //
    'р', 'с', 'т', 'у', 'ф', 'х', 'ц', 'ч', 'ш', 'щ', 'ъ', 'ы', 'ь', 'э', 'ю', 'я', //
];

/// Whether a line that is not UTF-8 reads as Cyrillic in Windows-1251: a run of
/// three or more letters there (0xC0-0xFF, Ё, ё), or a whole word of two. Latin-1
/// text has its accented letters one at a time inside ASCII words (`Müller`).
fn looks_cyrillic(bytes: &[u8]) -> bool {
    let letter = |b: u8| b >= 0xC0 || b == 0xA8 || b == 0xB8;
    let mut i = 0;
    while i < bytes.len() {
        if !letter(bytes[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && letter(bytes[i]) {
            i += 1;
        }
        let run = i - start;
        let ascii_letter_at = |j: Option<usize>| j.is_some_and(|j| bytes[j].is_ascii_alphabetic());
        let whole_word = !ascii_letter_at(start.checked_sub(1))
            && !ascii_letter_at((i < bytes.len()).then_some(i));
        if run >= 3 || (run == 2 && whole_word) {
            return true;
        }
    }
    false
}

/// The lines of a file, decoded.
#[derive(Debug)]
pub(super) struct Lines<R> {
    input: R,
    bytes: Vec<u8>,
    /// The number of the line last read.
    pub(super) number: usize,
    /// A line read as Cyrillic: every later line that is not UTF-8 is too.
    cyrillic: bool,
    /// The encodings lines were read in, other than UTF-8.
    pub(super) used: Vec<Encoding>,
}

impl<R: BufRead> Lines<R> {
    pub(super) fn new(input: R) -> Lines<R> {
        Lines {
            input,
            bytes: Vec::new(),
            number: 0,
            cyrillic: false,
            used: Vec::new(),
        }
    }

    /// Reads the next line into `out` (cleared first), without its line ending;
    /// `false` at the end of the input.
    pub(super) fn next_into(&mut self, out: &mut String) -> Result<bool, PdnError> {
        out.clear();
        self.bytes.clear();
        let line = self.number + 1;
        let fail = |message: String, kind| PdnError {
            line,
            column: 1,
            message,
            kind,
        };
        let n = self
            .input
            .read_until(b'\n', &mut self.bytes)
            .map_err(|e| fail(format!("cannot read the file: {e}"), Unreadable::Io))?;
        if n == 0 {
            return Ok(false);
        }
        self.number = line;
        let mut bytes = self.bytes.as_slice();
        if line == 1 {
            if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
                return Err(fail(
                    "the file is UTF-16; save it as UTF-8 (or Latin-1) to read it".into(),
                    Unreadable::Utf16,
                ));
            }
            bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
        }
        if let Some(at) = bytes.iter().position(|&b| b == 0) {
            return Err(PdnError {
                line,
                column: at + 1,
                message: "a NUL byte: this is not a text file".into(),
                kind: Unreadable::NotText,
            });
        }
        let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        match std::str::from_utf8(bytes) {
            Ok(text) => out.push_str(text),
            Err(_) => {
                self.cyrillic = self.cyrillic || looks_cyrillic(bytes);
                let encoding = if self.cyrillic {
                    Encoding::Windows1251
                } else {
                    Encoding::Latin1
                };
                if !self.used.contains(&encoding) {
                    self.used.push(encoding);
                }
                out.extend(bytes.iter().map(|&b| match (b, encoding) {
                    (0..=0x7F, _) => b as char,
                    (_, Encoding::Windows1251) => CP1251[usize::from(b - 0x80)],
                    _ => char::from(b),
                }));
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(bytes: &[u8]) -> (Vec<String>, Vec<Encoding>) {
        let mut lines = Lines::new(bytes);
        let mut out = Vec::new();
        let mut s = String::new();
        while lines.next_into(&mut s).unwrap() {
            out.push(s.clone());
        }
        (out, lines.used)
    }

    #[test]
    fn utf8_with_a_byte_order_mark_and_crlf() {
        let (lines, used) = read(b"\xEF\xBB\xBF[Event \"x\"]\r\n1. 11-15\r\n");
        assert_eq!(lines, ["[Event \"x\"]", "1. 11-15"]);
        assert!(used.is_empty());
    }

    #[test]
    fn latin1_names_stay_latin1() {
        let (lines, used) = read(b"[White \"M\xFCller\"]\n[Black \"Fran\xE7ois\"]\n");
        assert_eq!(lines, ["[White \"Müller\"]", "[Black \"François\"]"]);
        assert_eq!(used, [Encoding::Latin1]);
    }

    #[test]
    fn cyrillic_words_read_as_windows_1251() {
        // "Блиндер Б." and "Ли В." in Windows-1251.
        let (lines, used) =
            read(b"[White \"\xC1\xEB\xE8\xED\xE4\xE5\xF0 \xC1.\"]\n[Black \"\xCB\xE8 \xC2.\"]\n");
        assert_eq!(lines, ["[White \"Блиндер Б.\"]", "[Black \"Ли В.\"]"]);
        assert_eq!(used, [Encoding::Windows1251]);
        assert!(looks_cyrillic(b"\"\xCB\xE8 \xC2.\""));
        assert!(!looks_cyrillic(b"M\xFCller \xC9mile"));
    }

    #[test]
    fn utf16_and_binary_files_are_refused() {
        let mut s = String::new();
        let e = Lines::new(&b"\xFF\xFE[\0E\0"[..])
            .next_into(&mut s)
            .unwrap_err();
        assert!(e.message.contains("UTF-16"), "{e}");
        let e = Lines::new(&b"ab\0c"[..]).next_into(&mut s).unwrap_err();
        assert_eq!((e.line, e.column), (1, 3));
    }
}

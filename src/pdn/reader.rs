//! Streaming PDN reading: bytes in, one game at a time out.
//!
//! Lenient as PDN 3.0 asks and as real files need: tags `[Name "value"]` (one that
//! is broken is skipped with a warning, and the game read on); move numbers `12.`,
//! `12...`, `1. ...`; comments `{…}`, `;…` and `%…`; variations `(…)` skipped; NAGs
//! `$n` and marks `!?` ignored; results `1-0`, `0-1`, `1/2-1/2`, `2-0`, `0-2`,
//! `1-1`, `*` and the same with `:` (`0:1`, `1/2:1/2`), also glued to a move
//! (`27-20*`); a game ends at its result or where the next one's tags begin.

use super::decode::{Encoding, Lines};
use super::written::{glued_end, is_move, unfinished};
use super::{PdnError, PdnGame, Tag, Warning, WarningKind};
use std::io::BufRead;

/// Result tokens, as written in the files read.
const RESULTS: [&str; 15] = [
    "1-0", "0-1", "1/2-1/2", "*", "2-0", "0-2", "1-1", "0-0", "1:0", "0:1", "1/2:1/2", "2:0",
    "0:2", "1:1", "½-½",
];

/// The most of a comment's text kept with its game.
const COMMENT_KEPT: usize = 4096;

/// Whether `s` is a result as written.
pub(super) fn is_result(s: &str) -> bool {
    RESULTS.contains(&s)
}

/// Reads games one at a time from PDN bytes; see the module documentation.
#[derive(Debug)]
pub struct Reader<R> {
    lines: Lines<R>,
    /// The current line, with `\n` after it.
    text: String,
    /// Byte offset into `text` and its 1-based column in characters.
    at: usize,
    col: usize,
    done: bool,
    error: Option<PdnError>,
    /// Variation nesting, and where the outermost one opened.
    depth: usize,
    opened: (usize, usize),
    game: Option<PdnGame>,
    /// Whether the game being read has reached its moves (a tag then starts the next).
    in_moves: bool,
    /// A `*` glued to the last move: the result, unless more moves follow.
    star: Option<(usize, usize)>,
    /// Warnings met before the game they belong to has started.
    pending: Vec<Warning>,
    count: usize,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input` from its start; iterate it for the games.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            lines: Lines::new(input),
            text: String::new(),
            at: 0,
            col: 1,
            done: false,
            error: None,
            depth: 0,
            opened: (0, 0),
            game: None,
            in_moves: false,
            star: None,
            pending: Vec::new(),
            count: 0,
        }
    }

    /// The encodings read other than UTF-8, so far.
    pub fn encodings(&self) -> &[Encoding] {
        &self.lines.used
    }

    /// One line saying how text that is not UTF-8 was read, if there was any.
    pub fn encoding_note(&self) -> Option<String> {
        let used = self.encodings();
        (!used.is_empty()).then(|| {
            let names: Vec<&str> = used.iter().map(|e| e.name()).collect();
            format!(
                "note: the file is not UTF-8; read as {}",
                names.join(" and ")
            )
        })
    }

    fn peek(&mut self) -> Option<char> {
        while self.at >= self.text.len() {
            if self.done {
                return None;
            }
            match self.lines.next_into(&mut self.text) {
                Ok(true) => {
                    self.text.push('\n');
                    self.at = 0;
                    self.col = 1;
                }
                Ok(false) => {
                    self.done = true;
                    self.text.clear();
                    self.at = 0;
                }
                Err(e) => {
                    self.error = Some(e);
                    self.done = true;
                    self.text.clear();
                    self.at = 0;
                }
            }
        }
        self.text[self.at..].chars().next()
    }

    fn line(&self) -> usize {
        self.lines.number
    }

    fn bump(&mut self) {
        if let Some(c) = self.text[self.at..].chars().next() {
            self.at += c.len_utf8();
            self.col += 1;
        }
    }

    fn skip_line(&mut self) {
        self.at = self.text.len();
    }

    /// Whether the rest of the line starts like a tag, `[Name "`: where a comment
    /// or variation left open runs into the next game.
    fn tag_line_here(&self) -> bool {
        let rest = self.text[self.at..].strip_prefix('[').unwrap_or("");
        let name = rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_');
        name.len() < rest.len() && name.trim_start_matches([' ', '\t']).starts_with('"')
    }

    fn warn(&mut self, line: usize, column: usize, kind: WarningKind, message: String) {
        let w = Warning {
            line,
            column,
            kind,
            message,
        };
        match &mut self.game {
            Some(g) => g.warnings.push(w),
            None => self.pending.push(w),
        }
    }

    fn start(&mut self, line: usize) -> &mut PdnGame {
        if self.game.is_none() {
            self.count += 1;
            self.in_moves = false;
            self.star = None;
            self.game = Some(PdnGame {
                number: self.count,
                line,
                warnings: std::mem::take(&mut self.pending),
                ..PdnGame::default()
            });
        }
        self.game.as_mut().expect("just started")
    }

    fn finish(&mut self) -> Option<PdnGame> {
        let mut g = self.game.take()?;
        if g.result.is_none() {
            if let Some(at) = self.star.take() {
                g.result = Some("*".to_string());
                g.result_at = Some(at);
            }
        }
        Some(g)
    }

    fn comment(&mut self) {
        let (line, col) = (self.line(), self.col);
        self.bump();
        // Only a main-line comment after a move says something of that move.
        let after = match &self.game {
            Some(g) if self.depth == 0 && self.in_moves => g.moves.len().checked_sub(1),
            _ => None,
        };
        let mut text = String::new();
        self.comment_body(line, col, after.map(|_| &mut text));
        if let (Some(i), Some(g)) = (after, self.game.as_mut()) {
            if !text.trim().is_empty() {
                g.comments.push((i, text));
            }
        }
    }

    /// The rest of a comment, up to and past its `}`; its text goes to `keep`
    /// (up to [`COMMENT_KEPT`] bytes) when given.
    fn comment_body(&mut self, line: usize, col: usize, mut keep: Option<&mut String>) {
        loop {
            match self.peek() {
                None => {
                    return self.warn(
                        line,
                        col,
                        WarningKind::Unclosed,
                        "a comment `{` is never closed: the rest of the file was read as its text"
                            .into(),
                    )
                }
                Some('[') if self.col == 1 && self.tag_line_here() => {
                    let at = self.line();
                    return self.warn(
                        line,
                        col,
                        WarningKind::Unclosed,
                        format!("a comment `{{` is never closed before the tag on line {at}: it ends there"),
                    );
                }
                Some('}') => return self.bump(),
                Some(_) => match self.text[self.at..].find(['}', '\n']) {
                    // Straight to the brace or the end of the line.
                    Some(i) => {
                        if let Some(keep) = keep.as_deref_mut() {
                            let piece = &self.text[self.at..self.at + i + 1];
                            let piece = piece.strip_suffix('}').unwrap_or(piece);
                            if keep.len() + piece.len() <= COMMENT_KEPT {
                                keep.push_str(piece);
                            }
                        }
                        self.col += self.text[self.at..self.at + i].chars().count();
                        self.at += i;
                        if self.text[self.at..].starts_with('\n') {
                            self.bump();
                        }
                    }
                    None => self.skip_line(),
                },
            }
        }
    }

    /// `[Name "value"]` on one line; anything else there is skipped with a warning.
    fn tag(&mut self) {
        let (line, col) = (self.line(), self.col);
        let rest = self.text[self.at..].trim_end_matches('\n');
        match parse_tag(rest) {
            Ok((name, value, len)) => {
                self.col += rest[..len].chars().count();
                self.at += len;
                self.start(line).tags.push(Tag {
                    name,
                    value,
                    line,
                    column: col,
                });
            }
            Err(why) => {
                let shown: String = rest.chars().take(60).collect();
                self.start(line);
                self.warn(
                    line,
                    col,
                    WarningKind::BrokenTag,
                    format!("broken tag `{shown}` ({why}): skipped"),
                );
                self.skip_line();
            }
        }
    }

    /// A token of the moves: up to a space or a character that starts something else.
    fn token(&mut self) -> String {
        let rest = &self.text[self.at..];
        let end = rest
            .find(|c: char| c.is_whitespace() || "{}()[];%".contains(c))
            .unwrap_or(rest.len());
        let token = rest[..end].to_string();
        self.col += token.chars().count();
        self.at += end;
        token
    }

    /// Takes a token of the moves; returns the game when it ends there.
    fn movetext(&mut self, raw: &str, line: usize, col: usize) -> Option<PdnGame> {
        self.start(line);
        self.in_moves = true;
        // Move numbers: `12.`, `12...`, glued to the move or not.
        let digits = raw.len() - raw.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let (body, col) = if digits > 0 && raw[digits..].starts_with('.') {
            let body = raw[digits..].trim_start_matches('.');
            (body, col + (raw.len() - body.len()))
        } else {
            (raw, col)
        };
        if body.is_empty() || body.starts_with('$') || body.chars().all(|c| c == '.') {
            return None;
        }
        let g = self.game.as_mut().expect("started above");
        if is_result(body) {
            g.result = Some(body.to_string());
            g.result_at = Some((line, col));
            self.star = None;
            return self.finish();
        }
        let lower = body.to_lowercase();
        let marks = ['!', '?', '+', '#'];
        let mut m = lower.trim_end_matches(marks);
        let mut glued_star = None;
        if let Some(s) = m.strip_suffix('*') {
            m = s.trim_end_matches(marks);
            glued_star = Some((line, col + m.chars().count()));
        }
        // `35x 4`, `1- 7`: a move broken by a space.
        if let Some(last) = g.moves.last_mut() {
            if unfinished(&last.0) && m.starts_with(|c: char| c.is_ascii_alphanumeric()) {
                last.0.push_str(m);
                self.star = glued_star;
                return None;
            }
        }
        let digit = m.bytes().any(|b| b.is_ascii_digit());
        if m == "-" || m == "--" || is_move(m) || unfinished(m) {
            g.moves.push((m.to_string(), line, col));
            self.star = glued_star;
        } else if let Some(end) = glued_end(m) {
            g.moves.push((m[..end].to_string(), line, col));
            self.star = glued_star;
            // As written where the move is plain ASCII in both, else as lowercased.
            let (mv, rest) = match (body.get(..end), body.get(end..)) {
                (Some(a), Some(b)) if a.eq_ignore_ascii_case(&m[..end]) => (a, b),
                _ => (&m[..end], &m[end..]),
            };
            let rest: String = rest.chars().take(40).collect();
            let message = format!("`{rest}` glued to the move `{mv}` is no move: ignored");
            self.warn(line, col + end, WarningKind::NotAMove, message);
        } else if digit && m.len() <= 2 && m.bytes().all(|b| b.is_ascii_digit()) {
            // A move number without its dot.
        } else if digit {
            // Meant as a move, but none: the replay refuses it, saying where.
            g.moves.push((m.to_string(), line, col));
            self.star = glued_star;
        } else {
            let shown: String = body.chars().take(40).collect();
            let message = format!("`{shown}` among the moves is no move: ignored");
            self.warn(line, col, WarningKind::NotAMove, message);
        }
        None
    }

    /// `/FEN "…"/`: a position set up among the moves (PDN 3.0's setup command),
    /// kept as a move for the replay.
    fn inline_setup(&mut self, line: usize, col: usize) {
        self.start(line);
        self.in_moves = true;
        let rest = &self.text[self.at..];
        let len = (|| {
            let after = rest[4..].trim_start_matches([' ', '\t']);
            let value = after.strip_prefix('"')?;
            let close = value.find('"')?;
            let tail = value[close + 1..].trim_start_matches([' ', '\t']);
            tail.starts_with('/').then(|| rest.len() - tail.len() + 1)
        })();
        match len {
            Some(len) => {
                let setup = rest[..len].to_string();
                self.col += setup.chars().count();
                self.at += len;
                self.star = None;
                self.game
                    .as_mut()
                    .expect("started")
                    .moves
                    .push((setup, line, col));
            }
            None => {
                let shown: String = rest.trim_end().chars().take(60).collect();
                self.warn(
                    line,
                    col,
                    WarningKind::NotAMove,
                    format!("broken set-up `{shown}` (write it /FEN \"…\"/): the line is skipped"),
                );
                self.skip_line();
            }
        }
    }

    fn next_game(&mut self) -> Option<PdnGame> {
        while let Some(c) = self.peek() {
            let (line, col) = (self.line(), self.col);
            match c {
                _ if c.is_whitespace() => self.bump(),
                // Some exports (lidraughts') write the line breaks between tags
                // as the two characters `\n`: among the tags they are line breaks.
                '\\' if !self.in_moves && self.text[self.at..].starts_with("\\n") => {
                    self.bump();
                    self.bump();
                }
                '%' | ';' => self.skip_line(),
                '{' => self.comment(),
                '(' => {
                    if self.depth == 0 {
                        self.opened = (line, col);
                    }
                    self.depth += 1;
                    self.bump();
                }
                ']' | '}' | ')' if self.depth == 0 => {
                    self.warn(
                        line,
                        col,
                        WarningKind::Stray,
                        format!("`{c}` closes nothing: ignored"),
                    );
                    self.bump();
                }
                ')' => {
                    self.depth -= 1;
                    self.bump();
                }
                '[' if self.depth > 0 && col == 1 && self.tag_line_here() => {
                    let (l, c) = self.opened;
                    self.depth = 0;
                    self.warn(
                        l,
                        c,
                        WarningKind::Unclosed,
                        format!("a variation `(` is never closed before the tag on line {line}: it ends there"),
                    );
                }
                '[' if self.depth > 0 => self.bump(),
                '/' if self.depth == 0 && starts_with_fen(&self.text[self.at..]) => {
                    self.inline_setup(line, col)
                }
                '[' => {
                    if self.game.is_some() && self.in_moves {
                        return self.finish();
                    }
                    self.tag();
                }
                _ => {
                    let token = self.token();
                    if token.is_empty() {
                        // A closing bracket inside a variation, skipped with it.
                        self.bump();
                    } else if self.depth == 0 {
                        if let Some(g) = self.movetext(&token, line, col) {
                            return Some(g);
                        }
                    }
                }
            }
        }
        if self.depth > 0 {
            let (l, c) = self.opened;
            self.depth = 0;
            self.warn(
                l,
                c,
                WarningKind::Unclosed,
                "a variation `(` is never closed: the rest of the file was skipped as its moves"
                    .into(),
            );
        }
        self.finish()
    }
}

fn starts_with_fen(s: &str) -> bool {
    s.get(..4).is_some_and(|p| p.eq_ignore_ascii_case("/fen"))
}

/// Reads `[Name "value"]` at the start of `s`: the name, the value (with `\"` and
/// `\\` unescaped) and the bytes taken; or why it is broken.
fn parse_tag(s: &str) -> Result<(String, String, usize), &'static str> {
    let body = &s[1..];
    let name_len = body
        .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
        .unwrap_or(body.len());
    let name = &body[..name_len];
    if name.is_empty() {
        return Err("no tag name");
    }
    let after = &body[name_len..];
    let value_start = after.trim_start_matches([' ', '\t']);
    let Some(quoted) = value_start.strip_prefix('"') else {
        return Err("its value is not in quotes");
    };
    let mut value = String::new();
    let mut chars = quoted.char_indices();
    let close = loop {
        match chars.next() {
            None => return Err("its value is not closed with `\"`"),
            Some((_, '\\')) => {
                if let Some((_, c)) = chars.next() {
                    value.push(c);
                }
            }
            Some((i, '"')) => break i,
            Some((_, c)) => value.push(c),
        }
    };
    let tail = &quoted[close + 1..];
    let trimmed = tail.trim_start_matches([' ', '\t']);
    if !trimmed.starts_with(']') {
        return Err("it is not closed with `]`");
    }
    let taken = s.len() - trimmed.len() + 1;
    Ok((name.to_string(), value, taken))
}

impl<R: BufRead> Iterator for Reader<R> {
    /// A game, or why the input cannot be read any further (after which there are no more).
    type Item = Result<PdnGame, PdnError>;

    fn next(&mut self) -> Option<Self::Item> {
        let game = self.next_game();
        if let Some(e) = self.error.take() {
            self.game = None;
            return Some(Err(e));
        }
        game.map(Ok)
    }
}

/// Every game of PDN `text` (see [`Reader`]); an error only for input that is not text.
pub fn read_games(text: &str) -> Result<Vec<PdnGame>, PdnError> {
    Reader::new(text.as_bytes()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_read_with_escapes_and_broken_ones_explained() {
        assert_eq!(
            parse_tag(r#"[White "a \"b\" \\ c"] rest"#),
            Ok(("White".into(), r#"a "b" \ c"#.into(), 22))
        );
        assert_eq!(
            parse_tag(r#"[Round "11.1]"#),
            Err("its value is not closed with `\"`")
        );
        assert_eq!(parse_tag("[Round 17]"), Err("its value is not in quotes"));
        assert_eq!(parse_tag(r#"[Event "x""#), Err("it is not closed with `]`"));
    }
}

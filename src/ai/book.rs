//! An opening book: the move to play in positions of a game's first plies,
//! each found by a search far longer than a game gives it, made by the
//! project's own engine (`checkers book build`, [`crate::lab::book`]).
//!
//! At 100 ms a move, ten times the time for the first sixteen plies is worth as
//! much as twice the time for the whole game (docs/STRENGTH.md): the opening is
//! where the evaluation misjudges most and the search sees least of the end. A
//! book spends that time once, before the game. The first one measured (500 ms
//! searches, which left the game after about three moves) was worth nothing,
//! so no player uses a book yet: this is the lab's tool to make and measure one.
//!
//! The file is text, one position a line, so that it can be read and compared:
//!
//! ```text
//! # checkers opening book: english
//! W:W21,22,...:B1,2,...<TAB>11-15<TAB>12<TAB>1000
//! ```
//!
//! the position (a FEN with numeric squares), the move (its whole path), the
//! search's score for the side to move in hundredths of a man, and the
//! milliseconds the search had. Lines starting with `#` are comments.

use std::collections::HashMap;

use crate::fen;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::rules::Ruleset;
use crate::square::SquareNotation;

/// The file's first line, before the ruleset's id.
const HEADER: &str = "# checkers opening book: ";

/// One position of the book and what was found for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position, side to move included.
    pub position: Position,
    /// The move to play.
    pub best: Move,
    /// The search's score for the side to move, in hundredths of a man.
    pub score: i32,
    /// How long the search had, in milliseconds.
    pub ms: u32,
}

/// The book of one ruleset: entries in the order they were added, found by position.
#[derive(Clone, Debug, Default)]
pub struct OpeningBook {
    entries: Vec<Entry>,
    /// Index into `entries` by the position's hash.
    index: HashMap<u64, usize>,
}

impl OpeningBook {
    /// An empty book.
    pub fn new() -> OpeningBook {
        OpeningBook::default()
    }

    /// Positions in the book.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether the book holds no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries in the order they were added.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Adds `entry`, replacing what the book held for its position.
    pub fn insert(&mut self, entry: Entry) {
        match self.index.get(&entry.position.hash()) {
            Some(&i) => self.entries[i] = entry,
            None => {
                self.index.insert(entry.position.hash(), self.entries.len());
                self.entries.push(entry);
            }
        }
    }

    /// The book's entry for `pos`, if it holds `pos` (the whole position is
    /// compared, not only its hash).
    pub fn get(&self, pos: &Position) -> Option<&Entry> {
        let e = &self.entries[*self.index.get(&pos.hash())?];
        (e.position == *pos).then_some(e)
    }

    /// The move the book plays in `pos`, if it holds `pos`.
    pub fn probe(&self, pos: &Position) -> Option<Move> {
        self.get(pos).map(|e| e.best)
    }

    /// The book as its file's text, for `rules`.
    pub fn to_text(&self, rules: &Ruleset) -> String {
        let mut out = format!("{HEADER}{}\n", rules.id);
        for e in &self.entries {
            let fen = fen::write(&e.position, rules.geometry(), SquareNotation::Numeric);
            let mv = notation::write(&e.best, &numeric(rules));
            out.push_str(&format!("{fen}\t{mv}\t{}\t{}\n", e.score, e.ms));
        }
        out
    }

    /// Reads a book's text for `rules`. Every move is checked to be legal in
    /// its position; an error names the line and what is wrong with it.
    pub fn parse(text: &str, rules: &Ruleset) -> Result<OpeningBook, String> {
        let mut book = OpeningBook::new();
        for (n, line) in text.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            let at = |what: String| format!("line {}: {what}", n + 1);
            // A book of another variant may read as positions and legal moves
            // here and still be wrong: its header says whose it is.
            if let Some(id) = line.strip_prefix(HEADER) {
                if id.trim() != rules.id {
                    return Err(at(format!(
                        "the book is for {}, not {}",
                        crate::printable(id.trim()),
                        rules.id
                    )));
                }
                continue;
            }
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let fields: Vec<&str> = line.split('\t').collect();
            let [fen_text, mv, score, ms] = fields[..] else {
                return Err(at(format!(
                    "expected 4 fields separated by tabs (position, move, score, milliseconds), found {}",
                    fields.len()
                )));
            };
            let position = fen::parse(fen_text, rules.geometry())
                .map_err(|e| at(format!("the position: {e}")))?;
            let best = notation::parse_move(mv, &position, rules)
                .map_err(|e| at(format!("the move: {e}")))?;
            let score = score
                .parse()
                .map_err(|_| at(format!("the score is not a whole number: {score:?}")))?;
            let ms = ms
                .parse()
                .map_err(|_| at(format!("the milliseconds are not a whole number: {ms:?}")))?;
            book.insert(Entry {
                position,
                best,
                score,
                ms,
            });
        }
        Ok(book)
    }
}

/// `rules`' notation with numeric squares, which the book's file always uses.
fn numeric(rules: &Ruleset) -> crate::rules::Notation {
    let mut n = rules.notation;
    n.squares = SquareNotation::Numeric;
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::builtin;

    fn english() -> Ruleset {
        Ruleset::builtin(builtin::ENGLISH).unwrap()
    }

    #[test]
    fn a_book_reads_back_what_it_wrote_and_finds_its_positions() {
        let rules = english();
        let start = Position::start(&rules);
        let moves = crate::legal_moves(&start, &rules);
        let mut book = OpeningBook::new();
        book.insert(Entry {
            position: start,
            best: moves[2],
            score: 12,
            ms: 1000,
        });
        let after = start.after(&moves[2]);
        let reply = crate::legal_moves(&after, &rules)[0];
        book.insert(Entry {
            position: after,
            best: reply,
            score: -12,
            ms: 1000,
        });
        let text = book.to_text(&rules);
        let read = OpeningBook::parse(&text, &rules).unwrap();
        assert_eq!(read.entries(), book.entries());
        assert_eq!(read.probe(&start), Some(moves[2]));
        assert_eq!(read.probe(&after), Some(reply));
        assert_eq!(read.probe(&after.after(&reply)), None);
    }

    #[test]
    fn a_bad_book_line_is_refused_with_its_number_and_reason() {
        let rules = english();
        let start = fen::write(
            &Position::start(&rules),
            rules.geometry(),
            SquareNotation::Numeric,
        );
        let cases = [
            (
                format!("# a comment\n{start}\t11-15\t0"),
                "line 2: expected 4 fields",
            ),
            (format!("{start}\t11-18\t0\t100"), "line 1: the move"),
            (
                "W:W99:B1\t11-15\t0\t100".to_string(),
                "line 1: the position",
            ),
            (format!("{start}\t11-15\tten\t100"), "line 1: the score"),
            (format!("{start}\t11-15\t0\t-1"), "line 1: the milliseconds"),
            (
                format!("{HEADER}russian\n{start}\t11-15\t0\t100"),
                "line 1: the book is for russian, not english",
            ),
        ];
        for (text, want) in cases {
            let err = OpeningBook::parse(&text, &rules).unwrap_err();
            assert!(err.starts_with(want), "{text:?}: {err}");
        }
    }
}

//! Named openings, and English checkers' three-move ballots.
//!
//! The tables are the project's own, gathered from public sources that each
//! line cites (`openings/*.tsv`): the names by which players know the first
//! moves of English checkers and Russian shashki, and the three-move deck that
//! English tournaments draw their openings from. A name belongs to the position
//! its moves reach, not to the moves, so a game that transposes into a named
//! opening gets its name.
//!
//! ```
//! use checkers::rules::builtin;
//! use checkers::{openings, Game, Ruleset};
//!
//! let mut game = Game::new(Ruleset::builtin(builtin::ENGLISH).unwrap());
//! for m in ["11-15", "23-19", "8-11", "22-17", "4-8"] {
//!     game.play_text(m).unwrap();
//! }
//! let book = openings::book(game.rules()).unwrap();
//! assert_eq!(book.name_of(&game).unwrap().name, "Old Fourteenth");
//! ```

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::rules::builtin;
use crate::{notation, Game, Position, Ruleset};

/// One named opening: the moves that define it and what it is called.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The name as the game's own players say it.
    pub name: String,
    /// The name in English where the players' language is another (Russian
    /// openings), else empty.
    pub english: String,
    /// The defining moves from the start, as the variant writes them.
    pub moves: Vec<String>,
    /// Where the name and moves were read.
    pub source: String,
}

impl Opening {
    /// The name to show a reader of `lang` (`"ru"`, `"en"`, …): the players'
    /// own name for a reader of their language, else the English one.
    pub fn name_for(&self, native: bool) -> &str {
        if native || self.english.is_empty() {
            &self.name
        } else {
            &self.english
        }
    }
}

/// The named openings of one variant, found by the positions they reach.
#[derive(Debug)]
pub struct Book {
    /// The variant's id.
    pub variant: &'static str,
    /// The language its names are in (`"en"`, `"ru"`).
    pub lang: &'static str,
    entries: Vec<Opening>,
    /// Position hash → the entry that reaches it (the longest, where several do).
    at: HashMap<u64, usize>,
    start: u64,
}

impl Book {
    /// Every opening of the book, in the order of its file.
    pub fn entries(&self) -> &[Opening] {
        &self.entries
    }

    /// The opening of the latest position of `game` that has a name: the one
    /// being played, or the one the game left last. None for a game that did
    /// not begin at the start position or has not reached a named one.
    pub fn name_of(&self, game: &Game) -> Option<&Opening> {
        if game.start().hash() != self.start {
            return None;
        }
        let plies = game.moves().len();
        (0..=plies)
            .rev()
            .map(|i| {
                if i == plies {
                    game.position()
                } else {
                    game.position_before(i)
                }
            })
            .find_map(|p| self.at.get(&p.hash()))
            .map(|&i| &self.entries[i])
    }

    fn build(variant: &'static str, lang: &'static str, text: &str) -> Book {
        let rules = Ruleset::builtin(variant).expect("a built-in variant");
        let start = Position::start(&rules);
        let mut book = Book {
            variant,
            lang,
            entries: Vec::new(),
            at: HashMap::new(),
            start: start.hash(),
        };
        for line in data_lines(text) {
            let cols: Vec<&str> = line.split('\t').collect();
            let [moves, name, english, source, ..] = cols[..] else {
                continue;
            };
            let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
            let Some(end) = replay(&rules, &moves) else {
                // The tests check that every line replays.
                continue;
            };
            let i = book.entries.len();
            book.entries.push(Opening {
                name: name.to_string(),
                english: english.to_string(),
                moves,
                source: source.to_string(),
            });
            let longer = |j: &usize| book.entries[*j].moves.len() >= book.entries[i].moves.len();
            if !book.at.get(&end.hash()).is_some_and(longer) {
                book.at.insert(end.hash(), i);
            }
        }
        book
    }
}

/// The lines of a data file that hold data: not blank, not `#` comments.
fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(|l| l.trim_end_matches('\r'))
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
}

/// The position `moves` reach from the start; None if one of them is not
/// legal there.
fn replay(rules: &Ruleset, moves: &[String]) -> Option<Position> {
    let mut pos = Position::start(rules);
    for text in moves {
        pos = pos.after(&notation::parse_move(text, &pos, rules).ok()?);
    }
    Some(pos)
}

/// The book of named openings for `rules`, where the project has one (English
/// checkers and Russian shashki).
pub fn book(rules: &Ruleset) -> Option<&'static Book> {
    static ENGLISH: OnceLock<Book> = OnceLock::new();
    static RUSSIAN: OnceLock<Book> = OnceLock::new();
    match rules.id.as_str() {
        builtin::ENGLISH => Some(ENGLISH.get_or_init(|| {
            Book::build(
                builtin::ENGLISH,
                "en",
                include_str!("../openings/english.tsv"),
            )
        })),
        builtin::RUSSIAN => Some(RUSSIAN.get_or_init(|| {
            Book::build(
                builtin::RUSSIAN,
                "ru",
                include_str!("../openings/russian.tsv"),
            )
        })),
        _ => None,
    }
}

/// One opening of English checkers' three-move deck.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ballot {
    /// Its number in the deck, from 1.
    pub number: u32,
    /// Black's move, White's answer and Black's second move.
    pub moves: Vec<String>,
    /// The name the deck gives it, if any.
    pub name: String,
}

impl Ballot {
    /// The game after the ballot's three moves, in English checkers.
    pub fn game(&self) -> Game {
        let rules = Ruleset::builtin(builtin::ENGLISH).expect("english is built in");
        let mut game = Game::new(rules);
        for m in &self.moves {
            // `ballots` keeps only ballots whose moves replay.
            game.play_text(m).expect("a ballot's moves are legal");
        }
        game
    }

    /// "9-13 21-17 5-9".
    pub fn text(&self) -> String {
        self.moves.join(" ")
    }
}

/// The three-move deck of English checkers, in the order of its numbers.
pub fn ballots() -> &'static [Ballot] {
    static DECK: OnceLock<Vec<Ballot>> = OnceLock::new();
    DECK.get_or_init(|| {
        let rules = Ruleset::builtin(builtin::ENGLISH).expect("english is built in");
        data_lines(include_str!("../openings/ballots.tsv"))
            .filter_map(|line| {
                let cols: Vec<&str> = line.split('\t').collect();
                let [number, moves, name, ..] = cols[..] else {
                    return None;
                };
                let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
                replay(&rules, &moves)?;
                Some(Ballot {
                    number: number.parse().ok()?,
                    moves,
                    name: name.to_string(),
                })
            })
            .collect()
    })
}

/// A ballot drawn from the deck by `seed` (any seed will do: the draw is for
/// variety, not secrecy); None only if the deck were empty.
pub fn drawn_ballot(seed: u64) -> Option<&'static Ballot> {
    let deck = ballots();
    deck.get((seed % deck.len().max(1) as u64) as usize)
}

/// The ballot numbered `n`, if the deck has it.
pub fn ballot(n: u32) -> Option<&'static Ballot> {
    ballots().iter().find(|b| b.number == n)
}

/// The ballot whose three moves open `game`, if it began at the start position
/// of English checkers with one.
pub fn ballot_of(game: &Game) -> Option<&'static Ballot> {
    if game.rules().id != builtin::ENGLISH || game.moves().len() < 3 {
        return None;
    }
    let start = Position::start(game.rules());
    if game.start().hash() != start.hash() {
        return None;
    }
    let opening: Vec<String> = game
        .moves()
        .take(3)
        .map(|m| notation::write(m, &game.rules().notation))
        .collect();
    ballots().iter().find(|b| b.moves == opening)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(text: &str) -> usize {
        data_lines(text).count()
    }

    #[test]
    fn every_line_of_the_opening_books_replays_from_the_start() {
        for (variant, text) in [
            (builtin::ENGLISH, include_str!("../openings/english.tsv")),
            (builtin::RUSSIAN, include_str!("../openings/russian.tsv")),
        ] {
            let rules = Ruleset::builtin(variant).unwrap();
            for line in data_lines(text) {
                let cols: Vec<&str> = line.split('\t').collect();
                assert!(cols.len() >= 4, "{variant}: too few columns: {line}");
                assert!(!cols[1].is_empty(), "{variant}: no name: {line}");
                assert!(cols[3].starts_with("http"), "{variant}: no source: {line}");
                let moves: Vec<String> = cols[0].split_whitespace().map(str::to_string).collect();
                assert!(replay(&rules, &moves).is_some(), "{variant}: {line}");
            }
            let book = book(&rules).unwrap();
            assert_eq!(book.entries().len(), lines_of(text), "{variant}");
        }
    }

    #[test]
    fn every_ballot_of_the_deck_replays_and_is_numbered_once() {
        let text = include_str!("../openings/ballots.tsv");
        assert_eq!(ballots().len(), lines_of(text), "a line did not replay");
        let mut numbers: Vec<u32> = ballots().iter().map(|b| b.number).collect();
        numbers.sort_unstable();
        numbers.dedup();
        assert_eq!(numbers.len(), ballots().len(), "a number is used twice");
        let mut openings: Vec<String> = ballots().iter().map(Ballot::text).collect();
        openings.sort();
        openings.dedup();
        assert_eq!(openings.len(), ballots().len(), "an opening is in twice");
        for b in ballots() {
            assert_eq!(b.moves.len(), 3, "{b:?}");
            let game = b.game();
            assert_eq!(game.moves().len(), 3);
            assert_eq!(ballot_of(&game), Some(b));
        }
    }

    #[test]
    fn a_game_that_transposes_into_a_named_opening_gets_its_name() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let book = book(&rules).unwrap();
        let mut game = Game::new(rules.clone());
        assert_eq!(book.name_of(&game), None);
        let named = book
            .entries()
            .iter()
            .find(|o| o.moves.len() >= 2)
            .expect("a named opening of two moves or more");
        for m in &named.moves {
            game.play_text(m).unwrap();
        }
        assert_eq!(book.name_of(&game).map(|o| &o.name), Some(&named.name));
        // A game that did not begin at the start has no opening.
        let pos = *game.position();
        let elsewhere = Game::from_position(rules, pos);
        assert_eq!(book.name_of(&elsewhere), None);
    }

    #[test]
    fn other_variants_have_no_book() {
        for id in [builtin::GERMAN, builtin::BRAZILIAN, builtin::INTERNATIONAL] {
            assert!(book(&Ruleset::builtin(id).unwrap()).is_none(), "{id}");
        }
    }
}

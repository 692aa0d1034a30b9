//! PDN game records: written as PDN 3.0, read as people and programs wrote them.
//!
//! Reading is streaming and lenient: [`Reader`] turns bytes into one [`PdnGame`]
//! at a time (memory does not grow with the file), skipping what it cannot use
//! with a [`Warning`] that names the line; [`Checker`] decides each game's rules
//! (its tags, else what it assumes) and replays it, as a record and not as a
//! referee: a game played on past a repetition is still read to its end.
//!
//! ```
//! use checkers::pdn::{Assume, Checker, Reader, Verdict};
//!
//! let text = "[Event \"x\"]\n1. 11-15 23-19 2. 8-11 0-1\n";
//! let mut checker = Checker::new(Assume::default());
//! for game in Reader::new(text.as_bytes()) {
//!     let checked = checker.check(game.unwrap());
//!     // No GameType tag and squares 1-32: English, as CheckerBoard reads it.
//!     match checked.verdict {
//!         Verdict::Replayed(r) => assert_eq!((r.game.rules().id.as_str(), r.game.moves().len()), ("english", 3)),
//!         other => panic!("{other:?}"),
//!     }
//! }
//! ```

mod decode;
mod reader;
mod replay;
mod variant;
mod writer;
mod written;

pub use decode::Encoding;
pub use reader::{read_games, Reader};
pub use replay::{
    recorded_ending, recorded_result, replay, replay_record, Refusal, ReplayError, Replayed,
};
pub use variant::{variant_of, Assume, Checked, Checker, Unsupported, Verdict};
pub use writer::{move_number, write_game, write_game_with, Note, Tags, WriteOptions};

/// A tag pair as read, with where it stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tag {
    /// The name as written; [`PdnGame::tag`] looks it up ignoring case.
    pub name: String,
    /// The value between the quotes, with its `\` escapes undone.
    pub value: String,
    /// The 1-based line of its `[`.
    pub line: usize,
    /// The 1-based column of its `[`, in characters.
    pub column: usize,
}

/// A game as read from PDN text, before its moves are checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PdnGame {
    /// Its number in the file, counting from 1.
    pub number: usize,
    /// Tag pairs in file order.
    pub tags: Vec<Tag>,
    /// Move texts (move numbers, annotations and comments taken off) with their
    /// 1-based line and column in the file; `-` is a move the record does not know.
    pub moves: Vec<(String, usize, usize)>,
    /// The result at the end of the movetext as written (`1-0`, `0:1`, `1/2:1/2`,
    /// `*`, …), if any, and where.
    pub result: Option<String>,
    /// The 1-based line and column of that result.
    pub result_at: Option<(usize, usize)>,
    /// The line the game starts on.
    pub line: usize,
    /// What was skipped or taken as meant while reading it.
    pub warnings: Vec<Warning>,
    /// The comments of the main line that follow a move, each with the index in
    /// `moves` of the move before it (the first 4 KiB of each: enough for the
    /// clock and evaluation commands that programs write there).
    pub comments: Vec<(usize, String)>,
}

impl PdnGame {
    /// The value of tag `name` (case-insensitive), if present.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.find_tag(name).map(|t| t.value.as_str())
    }

    /// Tag `name` (case-insensitive) with its place in the file.
    pub fn find_tag(&self, name: &str) -> Option<&Tag> {
        self.tags.iter().find(|t| t.name.eq_ignore_ascii_case(name))
    }
}

/// What kind of leniency a [`Warning`] reports, for counting them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WarningKind {
    /// A tag that is not `[Name "value"]` on one line, skipped.
    BrokenTag,
    /// A comment or variation never closed.
    Unclosed,
    /// A `)` or `}` that closes nothing, ignored.
    Stray,
    /// Text in the moves that is no move (a word, or letters glued to a move), ignored.
    NotAMove,
    /// A man on its crowning row in a set-up position, crowned.
    CrownedMan,
    /// A set-up position whose side to move is `?`, read as the first mover's.
    UnknownSide,
    /// A `GameType` that is not a number, ignored.
    BadGameType,
    /// The result written contradicts the final position or the `Result` tag.
    Result,
    /// Move text that fits several moves, read as the one the record goes on from.
    Ambiguous,
}

impl WarningKind {
    /// What happened, as a heading for a count of them.
    pub fn describe(self) -> &'static str {
        match self {
            WarningKind::BrokenTag => "broken tag skipped",
            WarningKind::Unclosed => "comment or variation never closed",
            WarningKind::Stray => "stray `)` or `}` ignored",
            WarningKind::NotAMove => "text in the moves that is no move, ignored",
            WarningKind::CrownedMan => "man on its crowning row in a set-up, crowned",
            WarningKind::UnknownSide => "set-up with side to move `?`, read as the first mover's",
            WarningKind::BadGameType => "GameType that is not a number, ignored",
            WarningKind::Result => "result that contradicts the position or the Result tag",
            WarningKind::Ambiguous => "ambiguous move read as the one the game goes on from",
        }
    }
}

/// Something the reader skipped or took as meant, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// The 1-based line of the text concerned.
    pub line: usize,
    /// Its 1-based column, in characters.
    pub column: usize,
    /// The kind, for counting.
    pub kind: WarningKind,
    /// What was done, quoting the text (which may hold anything: print it through
    /// [`crate::printable`]).
    pub message: String,
}

impl std::fmt::Display for Warning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

/// PDN input that could not be read at all: the file is not text, or reading it failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PdnError {
    /// The 1-based line where reading stopped.
    pub line: usize,
    /// The 1-based column there (1 where the whole line is at fault).
    pub column: usize,
    /// What is wrong, in English.
    pub message: String,
    /// Which of the reasons it is, for a reader to word in its own language.
    pub kind: Unreadable,
}

/// Why PDN input could not be read at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Reading failed (the system's error is in the message).
    Io,
    /// The file is UTF-16.
    Utf16,
    /// A NUL byte: not a text file.
    NotText,
}

impl std::fmt::Display for PdnError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.message
        )
    }
}

impl std::error::Error for PdnError {}

/// A game opened from a file to be looked at or played on.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The game as read, for its tags.
    pub pdn: PdnGame,
    /// The game as played.
    pub game: crate::Game,
    /// What the reader skipped, took as meant, or noticed (the file's encoding, a
    /// draw played past), one line each.
    pub notes: Vec<String>,
}

/// Why game `n` of a file could not be opened; its `Display` is one line,
/// without the file name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OpenError {
    /// The input cannot be read as PDN at all.
    Unreadable(PdnError),
    /// The file holds `count` games (perhaps none), so no game `n`.
    NoSuchGame {
        /// How many games the file holds.
        count: usize,
        /// The game asked for, counting from 1.
        n: usize,
    },
    /// Game `n` cannot be replayed to the end of its record.
    Refused {
        /// The game, counting from 1.
        n: usize,
        /// The move or set-up refused, and why.
        error: Box<ReplayError>,
    },
    /// Game `n` is of a game this program does not play.
    Unsupported {
        /// The game, counting from 1.
        n: usize,
        /// Which game it is.
        what: Unsupported,
    },
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OpenError::Unreadable(e) => write!(f, "{e}"),
            OpenError::NoSuchGame { count: 0, .. } => f.write_str("no game in the file"),
            OpenError::NoSuchGame { count: 1, n } => {
                write!(f, "it holds 1 game; there is no game {n}")
            }
            OpenError::NoSuchGame { count, n } => {
                write!(f, "it holds {count} games; there is no game {n}")
            }
            OpenError::Refused { n, error } => write!(f, "game {n}, {error}"),
            // The name of the game comes from the file's tags.
            OpenError::Unsupported { n, what } => {
                crate::text::write_printable(f, format_args!("game {n}: {}", what.message))
            }
        }
    }
}

impl std::error::Error for OpenError {}

/// Game `n` (from 1) of a PDN file read from `input`, streaming: only that game is
/// kept. A game that cannot be replayed to its end (not one of this program's
/// games, or corrupt) is refused.
pub fn open_game(
    input: impl std::io::Read,
    n: usize,
    assume: &Assume,
) -> Result<Loaded, OpenError> {
    let mut reader = Reader::new(std::io::BufReader::new(input));
    let mut checker = Checker::new(assume.clone());
    let mut count = 0;
    let mut found = None;
    for game in reader.by_ref() {
        let game = game.map_err(OpenError::Unreadable)?;
        count += 1;
        if count == n {
            found = Some(game);
            break;
        }
        // Earlier games tell what the file holds, as they do for `pdn check`.
        checker.check(game);
    }
    let Some(pdn) = found else {
        // Count the rest too, so the message says how many there are.
        for game in reader.by_ref() {
            game.map_err(OpenError::Unreadable)?;
            count += 1;
        }
        return Err(OpenError::NoSuchGame { count, n });
    };
    let mut notes: Vec<String> = reader.encoding_note().into_iter().collect();
    let checked = checker.check(pdn);
    let (pdn, verdict) = (checked.pdn, checked.verdict);
    match verdict {
        Verdict::Replayed(r) => {
            notes.extend(pdn.warnings.iter().map(|w| format!("warning: {w}")));
            notes.extend(r.warnings.iter().map(|w| format!("warning: {w}")));
            notes.extend(r.remarks());
            Ok(Loaded {
                pdn,
                game: r.game,
                notes,
            })
        }
        Verdict::Refused(error) => Err(OpenError::Refused {
            n,
            error: Box::new(error),
        }),
        Verdict::Unsupported(what) => Err(OpenError::Unsupported { n, what }),
    }
}

//! A draughts rules engine for 8×8 variants, driven by ruleset files.
//!
//! Five variants are built in (English checkers, Dammen 64, Brazilian, Russian
//! shashki and German Dame, each a file in `rulesets/`), and a ruleset file of your
//! own adds another without code. The engine knows nothing of terminals: the
//! `checkers` binary's front end sits behind the `app` feature, so
//! `default-features = false` gives the engine alone (serde and toml its only
//! dependencies).
//!
//! The layers, from the bottom: [`square`] and [`Bitboard`] (the board), [`rules`]
//! (a validated [`Ruleset`]), [`Position`], [`Move`] and [`legal_moves`], [`game`]
//! (history, draws, the outcome) and [`legality`] (why a move is refused); above
//! them the formats, [`notation`], [`fen`], [`pdn`] and [`perft`](mod@perft); and [`ai`], the
//! search and evaluation.
//!
//! # Legal moves
//!
//! Every capture is a move with its whole path; the rules of the variant decide
//! which are legal (here Russian: any capture may be chosen, so both count).
//!
//! ```
//! use checkers::rules::builtin;
//! use checkers::{fen, legal_moves, notation, Ruleset};
//!
//! let rules = Ruleset::builtin(builtin::RUSSIAN).unwrap();
//! let pos = fen::parse("W:Wc3:Bd4,d6,f6", rules.geometry()).unwrap();
//! let moves: Vec<String> = legal_moves(&pos, &rules)
//!     .iter()
//!     .map(|m| notation::write(m, &rules.notation))
//!     .collect();
//! assert_eq!(moves, ["c3:e5:c7", "c3:e5:g7"]);
//! ```
//!
//! # A game, and why a move is refused
//!
//! ```
//! use checkers::rules::builtin;
//! use checkers::{Game, Illegal, MoveText, ResolveError, Ruleset};
//!
//! let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
//! let mut game = Game::new(rules);
//! game.play_text("11-15").unwrap();
//!
//! // Parsing needs only the board's numbering; resolving against the position
//! // finds the rule broken.
//! let text = MoveText::parse("15-19", game.rules().geometry()).unwrap();
//! match text.resolve(game.position(), game.rules()) {
//!     Err(ResolveError::Illegal { why, .. }) => assert_eq!(why, Illegal::NotYourPiece),
//!     other => panic!("{other:?}"),
//! }
//! assert!(MoveText::parse("15-", game.rules().geometry()).is_err());
//! ```
//!
//! # Perft, the move generator's contract
//!
//! ```
//! use checkers::rules::builtin;
//! use checkers::{perft, Position, Ruleset};
//!
//! let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
//! let start = Position::start(&rules);
//! assert_eq!(perft(&start, &rules, 6), 36768);
//!
//! // International draughts on 10×10: the published counts.
//! let rules = Ruleset::builtin(builtin::INTERNATIONAL).unwrap();
//! assert_eq!(perft(&Position::start(&rules), &rules, 4), 4265);
//! ```
//!
//! # A ruleset of your own
//!
//! ```
//! use checkers::Ruleset;
//!
//! let text = include_str!("../tests/good_rulesets/pool.toml");
//! let pool = Ruleset::from_toml(text, "pool.toml").unwrap();
//! assert_eq!(pool.id, "my-pool");
//!
//! let broken = text.replace("first_move = \"black\"", "first_move = \"blue\"");
//! let e = Ruleset::from_toml(&broken, "pool.toml").unwrap_err();
//! assert!(e.to_string().starts_with("pool.toml:"), "{e}");
//! ```
//!
//! # The AI
//!
//! ```
//! use checkers::ai::{search, Limits};
//! use checkers::rules::builtin;
//! use checkers::{Position, Ruleset};
//!
//! let rules = Ruleset::builtin(builtin::DAMMEN64).unwrap();
//! let start = Position::start(&rules);
//! let result = search(&start, &rules, Limits { depth: Some(4), ..Limits::default() });
//! assert!(result.best.is_some());
//! ```

#![warn(missing_docs)]

pub mod ai;
mod bitboard;
pub mod clock;
pub mod fen;
pub mod game;
#[cfg(feature = "lab")]
pub mod lab;
pub mod legality;
mod movegen;
pub mod moves;
pub mod notation;
pub mod openings;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod rules;
pub mod square;
mod text;

pub use bitboard::{Bitboard, Corner, Face, Geometry, BOARD_10, BOARD_12, BOARD_8};
pub use fen::{FenError, FenProblem};
pub use game::{Game, GameError, Outcome, OutcomeReason};
pub use legality::Illegal;
pub use movegen::legal_moves;
pub use moves::{Move, MoveList};
pub use notation::{MoveError, MoveText, ParseError, PlayError, ResolveError};
pub use perft::{divide, perft, perft_visit};
pub use position::{Piece, Position, Undo};
pub use rules::{Ruleset, RulesetError};
pub use square::{Color, Square, SquareNotation};
pub use text::{
    line_col, open_file, printable, quoted, read_file, read_text, size_words, FileKind, Printable,
    Refused,
};

/// The README's Rust example is compiled and run with the other doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;

//! A draughts rules engine for 8×8 variants, driven by ruleset files.
//!
//! The README below doubles as the crate documentation; its Rust example is a doc test.
//!
//! ```
//! use checkers::{legal_moves, perft, Position, Ruleset};
//!
//! let rules = Ruleset::builtin("english").unwrap();
//! let start = Position::initial(rules.first_move);
//! assert_eq!(legal_moves(&start, &rules).len(), 7);
//! assert_eq!(perft(&start, &rules, 6), 36768);
//! ```
#![doc = include_str!("../README.md")]

pub mod ai;
mod bitboard;
pub mod fen;
pub mod game;
pub mod legality;
mod movegen;
pub mod moves;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod rules;
pub mod square;
mod text;

pub use bitboard::Bitboard;
pub use fen::FenError;
pub use game::{Game, GameError, Outcome, OutcomeReason};
pub use legality::Illegal;
pub use movegen::legal_moves;
pub use moves::{Move, MoveList};
pub use notation::{MoveError, MoveText, ParseError, PlayError, ResolveError};
pub use perft::{divide, perft, perft_visit};
pub use position::{Piece, Position, Undo};
pub use rules::{Ruleset, RulesetError};
pub use square::{Color, Square, SquareNotation};
pub use text::line_col;

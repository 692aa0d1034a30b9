//! Move text in two steps: parse without a board, then resolve against a position.
//!
//! Numbers (`11-15`, `15x24`, `15x24x31`) and algebraic names (`c3-d4`,
//! `c3:e5:g3`, `c3xe5`) are read in every variant; a move is written in the
//! ruleset's notation with its full path.

use crate::bitboard::Geometry;
use crate::game::{Game, GameError, Outcome};
use crate::legality::{why_illegal, Illegal};
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Notation, Ruleset};
use crate::square::Square;
use std::fmt;

/// Parsed move text: the squares given, not yet checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The squares in the order given: start, any landings, end.
    pub squares: Vec<Square>,
    /// Whether the text used a capture separator (`x` or `:`).
    pub capture: bool,
}

/// Move text that is not a move at all, found without a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::text::write_printable(
            f,
            format_args!("`{}` is not a move: {}", self.text, self.reason),
        )
    }
}

impl std::error::Error for ParseError {}

/// Well-formed move text that names no single legal move of a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// No legal move matches.
    Illegal {
        /// The text given.
        text: String,
        /// The rule it breaks.
        why: Illegal,
        /// The rule in a player's words, squares written as the variant writes them.
        reason: String,
    },
    /// Several legal moves match start and end; the full path picks one.
    Ambiguous {
        /// The text given.
        text: String,
        /// The matching moves, written with their full paths.
        candidates: Vec<String>,
    },
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Illegal { text, reason, .. } => {
                crate::text::write_printable(f, format_args!("`{text}` is illegal: {reason}"))
            }
            ResolveError::Ambiguous { text, candidates } => crate::text::write_printable(
                f,
                format_args!(
                    "`{text}` is ambiguous: give the full path, one of {}",
                    candidates.join(", ")
                ),
            ),
        }
    }
}

impl std::error::Error for ResolveError {}

/// Move text that is malformed, illegal here, or ambiguous here: [`parse_move`]'s
/// error, which does both steps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not a move at all.
    Syntax {
        /// The text given.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// No legal move matches.
    Illegal {
        /// The text given.
        text: String,
        /// Why, in the words a player understands.
        reason: String,
    },
    /// Several legal moves match start and end; the full path picks one.
    Ambiguous {
        /// The text given.
        text: String,
        /// The matching moves, written with their full paths.
        candidates: Vec<String>,
    },
}

impl From<ParseError> for MoveError {
    fn from(e: ParseError) -> MoveError {
        MoveError::Syntax {
            text: e.text,
            reason: e.reason,
        }
    }
}

impl From<ResolveError> for MoveError {
    fn from(e: ResolveError) -> MoveError {
        match e {
            ResolveError::Illegal { text, reason, .. } => MoveError::Illegal { text, reason },
            ResolveError::Ambiguous { text, candidates } => {
                MoveError::Ambiguous { text, candidates }
            }
        }
    }
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text, reason } => {
                crate::text::write_printable(f, format_args!("`{text}` is not a move: {reason}"))
            }
            MoveError::Illegal { text, reason } => {
                crate::text::write_printable(f, format_args!("`{text}` is illegal: {reason}"))
            }
            MoveError::Ambiguous { text, candidates } => crate::text::write_printable(
                f,
                format_args!(
                    "`{text}` is ambiguous: give the full path, one of {}",
                    candidates.join(", ")
                ),
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why [`Game::play_text`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is already over.
    Over(Outcome),
    /// The text is malformed, illegal or ambiguous.
    Move(MoveError),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Over(o) => write!(f, "the game is over: {o}"),
            PlayError::Move(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for PlayError {}

impl Game {
    /// Parses, resolves and plays move text.
    ///
    /// It lives with the notation: the game record knows moves, not how they are written.
    pub fn play_text(&mut self, text: &str) -> Result<Move, PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::Over(o));
        }
        let m = parse_move(text, self.position(), self.rules()).map_err(PlayError::Move)?;
        let result = self.play(&m);
        let notation = &self.rules().notation;
        let refused = |e: GameError| match e {
            GameError::Over(o) => PlayError::Over(o),
            GameError::Illegal { mv, why } => PlayError::Move(MoveError::Illegal {
                text: write(&mv, notation),
                reason: why.describe(notation),
            }),
        };
        result.map_err(refused)?;
        Ok(m)
    }
}

impl MoveText {
    /// Parses `11-15`, `15x24x31`, `c3-d4`, `c3:e5:g3` and the like, squares of the board `geo`.
    pub fn parse(text: &str, geo: &Geometry) -> Result<MoveText, ParseError> {
        // Quoted short: a file's move may be thousands of characters long.
        let syntax = |reason: String| ParseError {
            text: crate::quoted(text).into_owned(),
            reason,
        };
        let t = text.trim();
        if t.is_empty() {
            return Err(syntax(
                "it is empty; write a move such as 11-15 or c3-d4".into(),
            ));
        }
        let capture = t.contains(['x', 'X', ':']);
        if capture && t.contains('-') {
            return Err(syntax("it mixes `-` with a capture separator".into()));
        }
        let squares = t
            .split(['-', 'x', 'X', ':'])
            .map(|part| {
                geo.parse_square(part.trim()).ok_or_else(|| {
                    syntax(format!(
                        "`{}` is not a square (1-{} or a dark square such as c3)",
                        crate::quoted(part),
                        geo.squares()
                    ))
                })
            })
            .collect::<Result<Vec<Square>, ParseError>>()?;
        if squares.len() < 2 {
            return Err(syntax("a move needs a start and an end square".into()));
        }
        // More than two squares are a capture's landings whatever joins them:
        // Thai records join them with `-` (PDN's GameType 31).
        let capture = capture || squares.len() > 2;
        Ok(MoveText { squares, capture })
    }

    /// The legal move of `pos` this text names.
    pub fn resolve(&self, pos: &Position, rules: &Ruleset) -> Result<Move, ResolveError> {
        let text = self.write_plain(rules.geometry());
        let legal = legal_moves(pos, rules);
        let from = self.squares[0];
        let to = *self
            .squares
            .last()
            .expect("parse keeps at least two squares");
        // A text that is some move's whole path names that move, even when a
        // longer capture shares its start and end.
        if let Some(m) = legal.iter().find(|m| m.path() == self.squares) {
            return Ok(*m);
        }
        let matching: Vec<&Move> = if self.squares.len() == 2 {
            legal
                .iter()
                .filter(|m| m.from() == from && m.to() == to)
                .collect()
        } else {
            Vec::new()
        };
        match matching.as_slice() {
            [m] => Ok(**m),
            [] => {
                let why = why_illegal(pos, rules, &self.squares);
                Err(ResolveError::Illegal {
                    reason: why.describe(&rules.notation),
                    why,
                    text,
                })
            }
            many => Err(ResolveError::Ambiguous {
                text,
                candidates: many.iter().map(|m| write(m, &rules.notation)).collect(),
            }),
        }
    }

    fn write_plain(&self, geo: &Geometry) -> String {
        let sep = if self.capture { "x" } else { "-" };
        let parts: Vec<String> = self
            .squares
            .iter()
            .map(|&s| crate::square::SquareNotation::Numeric.write(geo, s))
            .collect();
        parts.join(sep)
    }
}

/// Parses and resolves in one step.
pub fn parse_move(text: &str, pos: &Position, rules: &Ruleset) -> Result<Move, MoveError> {
    let with_text = |e: MoveError| {
        let text = crate::quoted(text.trim()).into_owned();
        match e {
            MoveError::Syntax { reason, .. } => MoveError::Syntax { text, reason },
            MoveError::Illegal { reason, .. } => MoveError::Illegal { text, reason },
            MoveError::Ambiguous { candidates, .. } => MoveError::Ambiguous { text, candidates },
        }
    };
    let parsed = MoveText::parse(text, rules.geometry()).map_err(|e| with_text(e.into()))?;
    parsed.resolve(pos, rules).map_err(|e| with_text(e.into()))
}

/// Writes `m` with its full path in `notation`.
pub fn write(m: &Move, notation: &Notation) -> String {
    let sep = if m.is_capture() {
        notation.capture_separator.to_string()
    } else {
        "-".to_string()
    };
    let parts: Vec<String> = m.path().iter().map(|&s| notation.square(s)).collect();
    parts.join(&sep)
}

/// The moves of `line`, played one after another from `pos`, each written as
/// [`write_short`] writes it in the position it is played from.
pub fn write_line(line: &[Move], pos: &Position, rules: &Ruleset) -> Vec<String> {
    let mut p = *pos;
    line.iter()
        .map(|m| {
            let text = write_short(m, &p, rules);
            p = p.after(m);
            text
        })
        .collect()
}

/// Writes `m` with only its start and end, unless another legal move of `pos`
/// shares both; then with the full path (the PDN convention).
pub fn write_short(m: &Move, pos: &Position, rules: &Ruleset) -> String {
    let legal = legal_moves(pos, rules);
    let clash = legal
        .iter()
        .filter(|o| o.from() == m.from() && o.to() == m.to())
        .count()
        > 1;
    if clash || !m.is_capture() {
        return write(m, &rules.notation);
    }
    let n = &rules.notation;
    format!(
        "{}{}{}",
        n.square(m.from()),
        n.capture_separator,
        n.square(m.to())
    )
}

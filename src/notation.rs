//! Move text in two steps: parse without a board, then resolve against a position.
//!
//! Numbers (`11-15`, `15x24`, `15x24x31`) and algebraic names (`c3-d4`,
//! `c3:e5:g3`, `c3xe5`) are read in every variant; a move is written in the
//! ruleset's notation with its full path.

use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::position::{Piece, Position};
use crate::rules::{CaptureChoice, Notation, Ruleset};
use crate::square::{parse_square, Square};
use std::fmt;

/// Parsed move text: the squares given, not yet checked against a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The squares in the order given: start, any landings, end.
    pub squares: Vec<Square>,
    /// Whether the text used a capture separator (`x` or `:`).
    pub capture: bool,
}

/// Move text that is malformed, illegal here, or ambiguous here.
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

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax { text, reason } => write!(f, "`{text}` is not a move: {reason}"),
            MoveError::Illegal { text, reason } => write!(f, "`{text}` is illegal: {reason}"),
            MoveError::Ambiguous { text, candidates } => write!(
                f,
                "`{text}` is ambiguous: give the full path, one of {}",
                candidates.join(", ")
            ),
        }
    }
}

impl std::error::Error for MoveError {}

impl MoveText {
    /// Parses `11-15`, `15x24x31`, `c3-d4`, `c3:e5:g3` and the like.
    pub fn parse(text: &str) -> Result<MoveText, MoveError> {
        let syntax = |reason: String| MoveError::Syntax {
            text: text.to_string(),
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
                parse_square(part.trim()).ok_or_else(|| {
                    syntax(format!(
                        "`{part}` is not a square (1-32 or a dark square such as c3)"
                    ))
                })
            })
            .collect::<Result<Vec<Square>, MoveError>>()?;
        if squares.len() < 2 {
            return Err(syntax("a move needs a start and an end square".into()));
        }
        if !capture && squares.len() > 2 {
            return Err(syntax(
                "a move of more than two squares is a capture: separate them with `x` or `:`"
                    .into(),
            ));
        }
        Ok(MoveText { squares, capture })
    }

    /// The legal move of `pos` this text names.
    pub fn resolve(&self, pos: &Position, rules: &Ruleset) -> Result<Move, MoveError> {
        let text = self.write_plain();
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
            [] => Err(MoveError::Illegal {
                reason: explain_illegal(pos, rules, &self.squares),
                text,
            }),
            many => Err(MoveError::Ambiguous {
                text,
                candidates: many.iter().map(|m| write(m, &rules.notation)).collect(),
            }),
        }
    }

    fn write_plain(&self) -> String {
        let sep = if self.capture { "x" } else { "-" };
        let parts: Vec<String> = self.squares.iter().map(|s| s.pdn().to_string()).collect();
        parts.join(sep)
    }
}

/// Parses and resolves in one step.
pub fn parse_move(text: &str, pos: &Position, rules: &Ruleset) -> Result<Move, MoveError> {
    MoveText::parse(text)
        .map_err(|e| with_text(e, text))?
        .resolve(pos, rules)
        .map_err(|e| with_text(e, text))
}

fn with_text(e: MoveError, text: &str) -> MoveError {
    let text = text.trim().to_string();
    match e {
        MoveError::Syntax { reason, .. } => MoveError::Syntax { text, reason },
        MoveError::Illegal { reason, .. } => MoveError::Illegal { text, reason },
        MoveError::Ambiguous { candidates, .. } => MoveError::Ambiguous { text, candidates },
    }
}

/// Why no legal move follows `squares` here, in a player's words (RULES.md, Display).
pub fn explain_illegal(pos: &Position, rules: &Ruleset, squares: &[Square]) -> String {
    let legal = legal_moves(pos, rules);
    let from = squares[0];
    let side = pos.side_to_move();
    match pos.piece_at(from) {
        None => {
            return format!(
                "there is no piece on {}",
                rules.notation.squares.write(from)
            )
        }
        Some(p) if p.color() != side => return "that is not your piece".to_string(),
        _ => {}
    }
    if legal.is_empty() {
        return "you have no legal move".to_string();
    }
    if legal[0].is_capture() {
        let most = legal.iter().map(Move::capture_count).max().unwrap_or(0);
        let from_moves = legal.iter().any(|m| m.from() == from);
        if rules.capture_choice == CaptureChoice::MostPieces && most > 1 {
            // The most-pieces rule has already removed this piece's shorter
            // captures from the legal list: ask the rules without it.
            let mut any = rules.clone();
            any.capture_choice = CaptureChoice::Any;
            if from_moves || legal_moves(pos, &any).iter().any(|m| m.from() == from) {
                return format!("you must take the most pieces: {most}");
            }
        }
        if !from_moves {
            return "a capture is mandatory".to_string();
        }
        return "a capture must go on until no further capture is possible".to_string();
    }
    if legal.iter().all(|m| m.from() != from) {
        return "that piece has no legal move".to_string();
    }
    if let (Some(Piece::Man(_)), Some(&to)) = (pos.piece_at(from), squares.last()) {
        let backwards = match side {
            crate::Color::White => to.rank() < from.rank(),
            crate::Color::Black => to.rank() > from.rank(),
        };
        if backwards {
            return "men do not move backwards".to_string();
        }
    }
    "that piece cannot move there".to_string()
}

/// Writes `m` with its full path in `notation`.
pub fn write(m: &Move, notation: &Notation) -> String {
    let sep = if m.is_capture() {
        notation.capture_separator.to_string()
    } else {
        "-".to_string()
    };
    let parts: Vec<String> = m
        .path()
        .iter()
        .map(|&s| notation.squares.write(s))
        .collect();
    parts.join(&sep)
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
        n.squares.write(m.from()),
        n.capture_separator,
        n.squares.write(m.to())
    )
}

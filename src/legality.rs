//! Why a move is illegal: the rule of docs/RULES.md that a path breaks.
//!
//! Explaining a refusal is a question about the position and the rules, so it
//! lives in the core; the formats and the front end only put it into words.

use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::position::{Piece, Position};
use crate::rules::{CaptureChoice, Notation, Ruleset};
use crate::square::{Color, Square};
use std::fmt;

/// The rule a refused path breaks, most specific first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The start square is empty.
    NoPiece(Square),
    /// The piece belongs to the side not to move.
    NotYourPiece,
    /// The side to move has no legal move at all.
    NoLegalMove,
    /// The majority rule: only a capture taking this many pieces may be played.
    MustTakeMost(u32),
    /// A capture is on the board and this piece has none.
    CaptureMandatory,
    /// A capture stopped while a further capture was possible.
    CaptureMustContinue,
    /// This piece has no legal move.
    PieceCannotMove,
    /// A man stepped towards its own side.
    MenDoNotMoveBackwards,
    /// The square moved to already holds a piece.
    Occupied(Square),
    /// The piece has moves, but not to that square.
    CannotMoveThere,
}

impl Illegal {
    /// The reason in a player's words, squares written in `notation`.
    pub fn describe(&self, notation: &Notation) -> String {
        match self {
            Illegal::NoPiece(sq) => format!("there is no piece on {}", notation.square(*sq)),
            Illegal::NotYourPiece => "that is not your piece".to_string(),
            Illegal::NoLegalMove => "you have no legal move".to_string(),
            Illegal::MustTakeMost(n) => format!("you must take the most pieces: {n}"),
            Illegal::CaptureMandatory => "a capture is mandatory".to_string(),
            Illegal::CaptureMustContinue => {
                "a capture must go on until no further capture is possible".to_string()
            }
            Illegal::PieceCannotMove => "that piece has no legal move".to_string(),
            Illegal::MenDoNotMoveBackwards => "men do not move backwards".to_string(),
            Illegal::Occupied(sq) => format!("{} is occupied", notation.square(*sq)),
            Illegal::CannotMoveThere => "that piece cannot move there".to_string(),
        }
    }
}

impl fmt::Display for Illegal {
    /// The reason with squares as algebraic names, which need no board;
    /// [`Illegal::describe`] writes them as the variant does.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let algebraic = Notation {
            squares: crate::square::SquareNotation::Algebraic,
            capture_separator: 'x',
            geometry: crate::bitboard::BOARD_8,
        };
        f.write_str(&self.describe(&algebraic))
    }
}

/// Why no legal move of `pos` follows `squares` (start, landings, end) (docs/RULES.md, Display).
pub fn why_illegal(pos: &Position, rules: &Ruleset, squares: &[Square]) -> Illegal {
    let legal = legal_moves(pos, rules);
    let Some(&from) = squares.first() else {
        return Illegal::CannotMoveThere;
    };
    let side = pos.side_to_move();
    match pos.piece_at(from) {
        None => return Illegal::NoPiece(from),
        Some(p) if p.color() != side => return Illegal::NotYourPiece,
        _ => {}
    }
    if legal.is_empty() {
        return Illegal::NoLegalMove;
    }
    if legal[0].is_capture() {
        let from_moves = legal.iter().any(|m| m.from() == from);
        // Stopping on a landing of one of this piece's captures, or straying from
        // one midway, is stopping too early.
        let continues = |path: &[Square]| {
            legal.iter().any(|m| {
                let p = m.path();
                p.len() > path.len() && p.starts_with(path)
            })
        };
        let midway = squares.len() > 2 && continues(&squares[..squares.len() - 1]);
        if from_moves && (continues(squares) || midway) {
            return Illegal::CaptureMustContinue;
        }
        let most = legal.iter().map(Move::capture_count).max().unwrap_or(0);
        if rules.capture_choice == CaptureChoice::MostPieces && most > 1 {
            // The most-pieces rule has already removed the shorter captures from
            // the legal list: ask the rules without it whether this was one.
            let mut any = rules.clone();
            any.capture_choice = CaptureChoice::Any;
            // A piece with only shorter captures is told to take the most; the
            // piece with the longest is told so only when it tried a shorter one,
            // since a quiet step of it ignores the capture altogether.
            let to = squares.last().copied();
            let shorter = legal_moves(pos, &any).iter().any(|m| {
                m.from() == from && (!from_moves || m.path() == squares || Some(m.to()) == to)
            });
            if shorter {
                return Illegal::MustTakeMost(most);
            }
        }
        // Any other move (a quiet step of any piece, a step onto a piece) ignores
        // the capture that has to be made.
        return Illegal::CaptureMandatory;
    }
    if legal.iter().all(|m| m.from() != from) {
        return Illegal::PieceCannotMove;
    }
    if let Some(&to) = squares
        .last()
        .filter(|&&to| to != from && pos.piece_at(to).is_some())
    {
        return Illegal::Occupied(to);
    }
    if let (Some(Piece::Man(_)), Some(&to)) = (pos.piece_at(from), squares.last()) {
        let backwards = match side {
            Color::White => to.rank() < from.rank(),
            Color::Black => to.rank() > from.rank(),
        };
        if backwards {
            return Illegal::MenDoNotMoveBackwards;
        }
    }
    Illegal::CannotMoveThere
}

//! Why a move is illegal: the rule of docs/RULES.md that a path breaks.
//!
//! Explaining a refusal is a question about the position and the rules, so it
//! lives in the core; the formats and the front end only put it into words.

use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::position::{Piece, Position};
use crate::rules::{CaptureChoice, Criterion, Notation, Ruleset};
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
    /// A man tried to take a king, which the rules do not allow.
    MenCannotTakeKings,
    /// A capture by a king comes before a capture by a man.
    KingCapturesFirst,
    /// Only a capture taking this many kings may be played.
    MustTakeMostKings(u32),
    /// Only a capture that takes a king as early as any may be played.
    MustTakeKingFirst,
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
            Illegal::MenCannotTakeKings => "men cannot take kings".to_string(),
            Illegal::KingCapturesFirst => "a capture with the king comes first".to_string(),
            Illegal::MustTakeMostKings(n) => format!("you must take the most kings: {n}"),
            Illegal::MustTakeKingFirst => {
                "you must take a king as early in the capture as you can".to_string()
            }
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

/// Which of the criteria after the most-pieces rule bars the capture
/// `allowed` asks about, if one does: the rules are asked without each, in turn.
fn broken_precedence(
    pos: &Position,
    rules: &Ruleset,
    legal: &[Move],
    allowed: &dyn Fn(&Ruleset) -> bool,
) -> Option<Illegal> {
    let kings = pos.kings(pos.side_to_move().opposite());
    for (k, c) in rules.capture_precedence.iter().enumerate() {
        let mut before = rules.clone();
        before.capture_precedence.truncate(k);
        let mut after = rules.clone();
        after.capture_precedence.truncate(k + 1);
        if allowed(&before) && !allowed(&after) {
            return Some(match c {
                Criterion::MostPieces => {
                    Illegal::MustTakeMost(legal.iter().map(Move::capture_count).max().unwrap_or(0))
                }
                Criterion::WithKing => Illegal::KingCapturesFirst,
                Criterion::MostKings => Illegal::MustTakeMostKings(
                    legal
                        .iter()
                        .map(|m| (m.captured() & kings).count())
                        .max()
                        .unwrap_or(0),
                ),
                Criterion::KingFirst => Illegal::MustTakeKingFirst,
            });
        }
    }
    None
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
    let to = squares.last().copied();
    if !rules.men_take_kings {
        // The very capture, were men allowed to take kings.
        let mut kings_too = rules.clone();
        kings_too.men_take_kings = true;
        let taken = legal_moves(pos, &kings_too).iter().any(|m| {
            m.is_capture()
                && m.from() == from
                && (m.path() == squares || Some(m.to()) == to)
                && !legal.iter().any(|l| l.same_move(m))
        });
        if taken {
            return Illegal::MenCannotTakeKings;
        }
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
        // `32x12` where the capture lands on 12 on its way on: typed from and
        // to alone, it too stops early.
        let passes = squares.len() == 2
            && legal.iter().any(|m| {
                let p = m.path();
                m.from() == from && p.len() > 2 && p[1..p.len() - 1].contains(&squares[1])
            });
        if from_moves && (continues(squares) || midway || passes) {
            return Illegal::CaptureMustContinue;
        }
        // A capture of this piece that leaves the board's captures after a
        // landing it could reach (onto a piece, or where no capture goes): the
        // square is what is wrong, not the duty to capture. A capture the
        // rules of choice forbid is left to them below.
        let strayed = from_moves
            && squares.len() > 2
            && legal
                .iter()
                .any(|m| m.from() == from && m.path().get(1) == squares.get(1));
        if strayed {
            let mut free = rules.clone();
            free.capture_choice = CaptureChoice::Any;
            free.capture_precedence.clear();
            free.men_take_kings = true;
            if !legal_moves(pos, &free).iter().any(|m| m.path() == squares) {
                return match to {
                    Some(t) if t != from && pos.piece_at(t).is_some() => Illegal::Occupied(t),
                    _ => Illegal::CannotMoveThere,
                };
            }
        }
        // Whether the rules `r` would let this piece make this capture.
        let allowed = |r: &Ruleset| {
            legal_moves(pos, r).iter().any(|m| {
                m.from() == from && (!from_moves || m.path() == squares || Some(m.to()) == to)
            })
        };
        if let Some(reason) = broken_precedence(pos, rules, &legal, &allowed) {
            return reason;
        }
        let most = legal.iter().map(Move::capture_count).max().unwrap_or(0);
        if rules.capture_choice == CaptureChoice::MostPieces && most > 1 {
            // The most-pieces rule has already removed the shorter captures from
            // the legal list: ask the rules without it whether this was one.
            let mut any = rules.clone();
            any.capture_choice = CaptureChoice::Any;
            any.capture_precedence.clear();
            // A piece with only shorter captures is told to take the most; the
            // piece with the longest is told so only when it tried a shorter one,
            // since a quiet step of it ignores the capture altogether.
            if allowed(&any) {
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

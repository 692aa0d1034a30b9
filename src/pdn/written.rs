//! The forms moves take in real files, and the legal move each names:
//! `11-15`, `24x15x6`, `c3-d4`, `c3:e5:g7` (squares with separators); `a3b4`
//! (algebraic squares run together); `ed4` (the start's file and the end square,
//! a Russian short form); `1115` (numbers run together); `-` (a move the record
//! does not know).

use super::Refusal;
use crate::bitboard::Geometry;
use crate::moves::Move;
use crate::notation::{MoveText, ResolveError};
use crate::position::Position;
use crate::rules::Ruleset;
use crate::square::Square;
use crate::{legal_moves, Illegal};

/// The end of the square starting at byte `i` of `s`: one or two digits, or a
/// file letter and a rank.
fn square_at(s: &[u8], i: usize) -> Option<usize> {
    match *s.get(i)? {
        b'a'..=b'h' if matches!(s.get(i + 1), Some(b'1'..=b'8')) => Some(i + 2),
        b'0'..=b'9' if matches!(s.get(i + 1), Some(b'0'..=b'9')) => Some(i + 2),
        b'0'..=b'9' => Some(i + 1),
        _ => None,
    }
}

/// How much of the start of `s` is squares joined by `-`, `x` or `:`, in bytes,
/// and how many squares that is.
fn separated(s: &[u8]) -> (usize, usize) {
    let Some(mut end) = square_at(s, 0) else {
        return (0, 0);
    };
    let mut n = 1;
    while matches!(s.get(end), Some(b'-' | b'x' | b':')) {
        match square_at(s, end + 1) {
            Some(e) => {
                end = e;
                n += 1;
            }
            None => break,
        }
    }
    (end, n)
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    Separated,
    Joined,
    FileTo,
    Digits,
}

/// The form of lowercase move text `s`, if it is one.
fn form(s: &str) -> Option<Form> {
    let b = s.as_bytes();
    let (end, n) = separated(b);
    if n >= 2 && end == b.len() {
        return Some(Form::Separated);
    }
    let algebraic_pair = |p: &[u8]| matches!(p, [b'a'..=b'h', b'1'..=b'8']);
    if b.len() >= 4 && b.len().is_multiple_of(2) && b.chunks(2).all(algebraic_pair) {
        return Some(Form::Joined);
    }
    if let [b'a'..=b'h', b'a'..=b'h', b'1'..=b'8'] = b {
        return Some(Form::FileTo);
    }
    if b.len() >= 3 && b.iter().all(u8::is_ascii_digit) {
        return Some(Form::Digits);
    }
    None
}

/// Whether lowercase `s` is move text in one of the forms read.
pub(super) fn is_move(s: &str) -> bool {
    form(s).is_some()
}

/// Where the move ends in lowercase `s` when letters are glued after it
/// (`8-11redoverstepped…`), so that the rest can be set aside.
pub(super) fn glued_end(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let (end, n) = separated(b);
    (n >= 2 && end < b.len() && b[end].is_ascii_alphabetic()).then_some(end)
}

/// Whether `s` ends in a separator, so that the next token may finish it (`35x 4`).
pub(super) fn unfinished(s: &str) -> bool {
    s.len() > 1 && s.ends_with(['-', 'x', ':'])
}

/// A move as written, read without a board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Written {
    Path(MoveText),
    FileTo(u8, Square),
    Digits(String),
    /// `-`: not recorded.
    Unknown,
}

/// Reads move text (as the reader keeps it: lowercase, annotations off), squares
/// of the board `geo`.
pub(super) fn parse(s: &str, geo: &Geometry) -> Result<Written, String> {
    if s == "-" || s == "--" {
        return Ok(Written::Unknown);
    }
    // Quoted short in what is said: a file's move may run for pages.
    let shown = crate::quoted(s);
    let square = |part: &str| {
        geo.parse_square(part)
            .ok_or_else(|| match part.parse::<u32>() {
                Ok(n) if n > geo.squares() => format!(
                    "`{shown}` is not a move: `{part}` is not a square of the {}×{} board (1-{})",
                    geo.size,
                    geo.size,
                    geo.squares()
                ),
                _ => format!(
                    "`{shown}` is not a move: `{}` is not a square",
                    crate::quoted(part)
                ),
            })
    };
    match form(s) {
        Some(Form::Separated) => {
            let squares = s
                .split(['-', 'x', ':'])
                .map(square)
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Written::Path(MoveText {
                squares,
                capture: s.contains(['x', ':']),
            }))
        }
        Some(Form::Joined) => {
            let squares = (0..s.len())
                .step_by(2)
                .map(|i| square(&s[i..i + 2]))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Written::Path(MoveText {
                capture: squares.len() > 2,
                squares,
            }))
        }
        Some(Form::FileTo) => Ok(Written::FileTo(s.as_bytes()[0] - b'a', square(&s[1..])?)),
        Some(Form::Digits) => Ok(Written::Digits(s.to_string())),
        None => Err(match MoveText::parse(s, geo) {
            Err(e) => e.to_string(),
            Ok(_) => format!("`{shown}` is not a move"),
        }),
    }
}

/// Every way of cutting `digits` into squares of `geo` (no leading zero).
fn splits(geo: &Geometry, digits: &[u8], now: &mut Vec<Square>, out: &mut Vec<Vec<Square>>) {
    if digits.is_empty() {
        if now.len() >= 2 {
            out.push(now.clone());
        }
        return;
    }
    for len in 1..=2.min(digits.len()) {
        let part = &digits[..len];
        if part[0] == b'0' {
            return;
        }
        let n = part.iter().fold(0u8, |n, d| n * 10 + (d - b'0'));
        if let Some(sq) = geo.square(n) {
            now.push(sq);
            splits(geo, &digits[len..], now, out);
            now.pop();
        }
    }
}

/// Whether `m`, a move on `geo`, goes over the squares `via`, in that order.
fn passes(geo: &Geometry, m: &Move, via: &[Square]) -> bool {
    if via.is_empty() {
        return true;
    }
    let path = m.path();
    let mut way = Vec::new();
    // A legal move's legs are diagonals on the board.
    for leg in path.windows(2) {
        way.extend(geo.between(leg[0], leg[1]));
        way.push(leg[1]);
    }
    let mut rest = way.iter();
    via.iter().all(|v| rest.any(|w| w == v))
}

/// Move text that names no single legal move.
#[derive(Clone, Debug)]
pub(super) struct Unresolved {
    pub(super) kind: Refusal,
    pub(super) message: String,
    /// The rule broken, where the move text named one move that breaks one.
    pub(super) why: Option<crate::Illegal>,
    /// The legal moves it fits, when several do.
    pub(super) candidates: Vec<Move>,
}

/// The legal move of `pos` that `w` (written as `text`) names.
pub(super) fn resolve(
    w: &Written,
    text: &str,
    pos: &Position,
    rules: &Ruleset,
) -> Result<Move, Unresolved> {
    // Quoted short in what is said: a file's move may run for pages.
    let text = &*crate::quoted(text);
    let refuse = |kind, message| Unresolved {
        kind,
        message,
        why: None,
        candidates: Vec::new(),
    };
    let one_of = |found: Vec<Move>, none: String| match found.as_slice() {
        [m] => Ok(*m),
        [] => Err(refuse(Refusal::Illegal, none)),
        many => Err(Unresolved {
            kind: Refusal::Ambiguous,
            why: None,
            message: format!(
                "`{text}` is ambiguous: it fits {}",
                many.iter()
                    .map(|m| crate::notation::write(m, &rules.notation))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            candidates: found,
        }),
    };
    let legal = legal_moves(pos, rules);
    match w {
        Written::Path(t) => {
            let (from, to) = (t.squares[0], t.squares[t.squares.len() - 1]);
            let ends = |m: &&Move| m.from() == from && m.to() == to;
            // A move's whole path names it, even where a longer capture shares its ends.
            if let Some(m) = legal.iter().filter(ends).find(|m| m.path() == t.squares) {
                return Ok(*m);
            }
            // Start and end name it, and landings written between (a flying king's
            // may be any square of its line) must lie on its way, in order.
            let via = &t.squares[1..t.squares.len() - 1];
            let found: Vec<Move> = legal
                .iter()
                .filter(ends)
                .filter(|m| passes(rules.geometry(), m, via))
                .copied()
                .collect();
            if !found.is_empty() {
                return one_of(found, String::new());
            }
            match t.resolve(pos, rules) {
                Ok(m) => Ok(m),
                Err(ResolveError::Illegal { reason, why, .. }) => Err(Unresolved {
                    why: Some(why),
                    ..refuse(Refusal::Illegal, format!("`{text}` is illegal: {reason}"))
                }),
                Err(ResolveError::Ambiguous { candidates, .. }) => Err(refuse(
                    Refusal::Ambiguous,
                    format!("`{text}` is ambiguous: it fits {}", candidates.join(", ")),
                )),
            }
        }
        Written::FileTo(file, to) => {
            let found = legal
                .iter()
                .filter(|m| rules.geometry().seen(m.from()).0 == *file && m.to() == *to)
                .copied()
                .collect();
            let none = format!(
                "`{text}` is illegal: no piece on the {}-file can move to {}",
                (b'a' + file) as char,
                rules.geometry().name(*to)
            );
            one_of(found, none)
        }
        Written::Digits(d) => {
            // Long enough for a capture of seven pieces in two-digit squares.
            if d.len() > 16 {
                return Err(refuse(Refusal::NotAMove, format!("`{text}` is not a move")));
            }
            let mut cuts = Vec::new();
            splits(rules.geometry(), d.as_bytes(), &mut Vec::new(), &mut cuts);
            let mut found: Vec<Move> = Vec::new();
            for squares in cuts {
                let (from, to) = (squares[0], squares[squares.len() - 1]);
                let fits = |m: &&Move| {
                    m.from() == from && m.to() == to && (squares.len() == 2 || m.path() == squares)
                };
                for m in legal.iter().filter(fits) {
                    if !found.contains(m) {
                        found.push(*m);
                    }
                }
            }
            let none = format!(
                "`{text}` is illegal: however its digits are read as squares, it names no legal move"
            );
            one_of(found, none)
        }
        Written::Unknown => Err(refuse(
            Refusal::Illegal,
            Illegal::NoLegalMove.describe(&rules.notation),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::builtin;

    #[test]
    fn the_forms_are_told_apart() {
        for (s, f) in [
            ("11-15", Some(Form::Separated)),
            ("24x15x6", Some(Form::Separated)),
            ("c3:e5:g7", Some(Form::Separated)),
            ("46x1", Some(Form::Separated)),
            ("a3b4", Some(Form::Joined)),
            ("ed4", Some(Form::FileTo)),
            ("1115", Some(Form::Digits)),
            ("15", None),
            ("15-", None),
            ("game", None),
        ] {
            assert_eq!(form(s), f, "{s}");
        }
        assert_eq!(glued_end("8-11redoverstepped"), Some(4));
        assert_eq!(glued_end("8-11"), None);
        assert!(unfinished("35x") && !unfinished("-"));
    }

    #[test]
    fn run_together_numbers_are_cut_where_a_legal_move_is() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let pos = Position::initial(rules.first_move);
        let m = resolve(
            &parse("1115", &crate::BOARD_8).unwrap(),
            "1115",
            &pos,
            &rules,
        )
        .unwrap();
        assert_eq!(
            (
                crate::BOARD_8.number(m.from()).unwrap(),
                crate::BOARD_8.number(m.to()).unwrap()
            ),
            (11, 15)
        );
        let m = resolve(&parse("914", &crate::BOARD_8).unwrap(), "914", &pos, &rules).unwrap();
        assert_eq!(
            (
                crate::BOARD_8.number(m.from()).unwrap(),
                crate::BOARD_8.number(m.to()).unwrap()
            ),
            (9, 14)
        );
        let e = resolve(
            &parse("1519", &crate::BOARD_8).unwrap(),
            "1519",
            &pos,
            &rules,
        )
        .unwrap_err();
        assert_eq!(e.kind, Refusal::Illegal);
    }

    #[test]
    fn a_file_and_a_square_name_the_one_move_that_fits() {
        let rules = Ruleset::builtin(builtin::RUSSIAN).unwrap();
        let pos = Position::initial(rules.first_move);
        let m = resolve(&parse("ed4", &crate::BOARD_8).unwrap(), "ed4", &pos, &rules).unwrap();
        assert_eq!(
            (m.from().algebraic(), m.to().algebraic()),
            ("e3".into(), "d4".into())
        );
        let e = resolve(&parse("ad4", &crate::BOARD_8).unwrap(), "ad4", &pos, &rules).unwrap_err();
        assert_eq!(e.kind, Refusal::Illegal, "{}", e.message);
    }
}

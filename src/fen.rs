//! PDN FEN: `W:W21,22,K30:B1,2,K5`.
//!
//! Read: the side to move, then each side's list in any order; squares as PDN
//! numbers, ranges of numbers (`21-32`) or algebraic names (`a1`), kings marked
//! with `K`. A side with no pieces may be left empty (`W:W:B1,2`): that side has
//! lost. Numbers are the board's own: 1-32 on 8×8, 1-50 on 10×10, so the reader
//! is given the board. Written: in the ruleset's square notation, in number order.

use crate::bitboard::Geometry;
use crate::position::Position;
use crate::square::{Color, Square, SquareNotation};
use crate::text::quoted;
use std::fmt;

/// A FEN that could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenError {
    /// The FEN as given, cut as [`crate::quoted`] cuts it: messages quote it.
    pub fen: String,
    /// What is wrong, quoting the offending part.
    pub message: String,
    /// The same as a value, for a front end that words it in its own language.
    pub problem: FenProblem,
}

/// What is wrong with a FEN.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FenProblem {
    /// Nothing at all, not even the side to move.
    Empty,
    /// The side to move is not `W` or `B`: the text given (cut as the FEN is).
    BadSide(String),
    /// A piece list that does not start with `W` or `B` (cut as the FEN is).
    BadList(String),
    /// A side's pieces listed twice.
    ListedTwice(Color),
    /// A list item that is no square or range.
    NotASquare {
        /// The item as written, `K` included (cut as the FEN is).
        item: String,
        /// The side whose list it is in.
        color: Color,
        /// The board's squares, numbered 1 to this.
        squares: u32,
    },
    /// A square that holds two pieces.
    SquareTwice {
        /// The square.
        square: Square,
        /// Its number on the board.
        number: u8,
        /// Its algebraic name as the board is seen.
        name: String,
    },
    /// A man on its own crowning row, not written as a king.
    ManOnCrowningRow {
        /// The man's side.
        color: Color,
        /// Where it stands.
        square: Square,
        /// Its number on the board.
        number: u8,
        /// Its algebraic name as the board is seen.
        name: String,
    },
    /// More pieces than a side has.
    TooMany {
        /// The side listed.
        color: Color,
        /// How many pieces it was given.
        count: u32,
        /// The most a side has on this board (12 on 8×8, 20 on 10×10).
        most: u32,
    },
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::text::write_printable(
            f,
            format_args!("bad FEN \"{}\": {}", self.fen, self.message),
        )
    }
}

impl std::error::Error for FenError {}

/// Reads a FEN of a position on the board `geo`.
pub fn parse(fen: &str, geo: &Geometry) -> Result<Position, FenError> {
    let err = |message: String, problem: FenProblem| FenError {
        fen: quoted(fen).into_owned(),
        message,
        problem,
    };
    let text = fen.trim().trim_matches('"').trim_end_matches('.').trim();
    let mut parts = text.split(':');
    let side = match parts.next().map(str::trim) {
        Some("W" | "w") => Color::White,
        Some("B" | "b") => Color::Black,
        Some("") | None => {
            return Err(err(
                "it is empty; expected the side to move, `W` or `B`, as in W:W21-32:B1-12".into(),
                FenProblem::Empty,
            ))
        }
        Some(other) => {
            let other = quoted(other);
            return Err(err(
                format!("side to move `{other}` must be `W` or `B`, as in W:W21-32:B1-12"),
                FenProblem::BadSide(other.to_string()),
            ));
        }
    };
    let mut sets = [0u128; 2];
    let mut seen = [false; 2];
    let mut kings = 0u128;
    for part in parts {
        let part = part.trim();
        let mut chars = part.chars();
        let color = match chars.next() {
            Some('W' | 'w') => Color::White,
            Some('B' | 'b') => Color::Black,
            _ => {
                let part = quoted(part);
                return Err(err(
                    format!("piece list `{part}` must start with `W` or `B`"),
                    FenProblem::BadList(part.to_string()),
                ));
            }
        };
        if std::mem::replace(&mut seen[color.index()], true) {
            return Err(err(
                format!("the {color} pieces are listed twice"),
                FenProblem::ListedTwice(color),
            ));
        }
        let list = chars.as_str().trim();
        if list.is_empty() {
            continue;
        }
        for item in list.split(',') {
            let item = item.trim();
            // A lowercase `k` marks a king too, except where it is a file of
            // the board (12×12 has files a to l): there `k3` is a square, and
            // only `K` marks a king (`Kk3`).
            let king_marks: &[char] = if geo.size > 10 { &['K'] } else { &['K', 'k'] };
            let (king, body) = match item.strip_prefix(king_marks) {
                Some(rest) => (true, rest.trim()),
                None => (false, item),
            };
            let squares = parse_item(geo, body).ok_or_else(|| {
                let item = quoted(item);
                err(
                    format!(
                        "`{item}` in the {color} list is not a square: use 1-{last}, a range such as 21-{last}, or a dark square such as c3",
                        last = geo.squares()
                    ),
                    FenProblem::NotASquare {
                        item: item.to_string(),
                        color,
                        squares: geo.squares(),
                    },
                )
            })?;
            for sq in squares {
                let m = sq.mask();
                if (sets[0] | sets[1]) & m != 0 {
                    return Err(err(
                        format!(
                            "square {} ({}) is listed twice",
                            number(geo, sq),
                            geo.name(sq)
                        ),
                        FenProblem::SquareTwice {
                            square: sq,
                            number: number(geo, sq),
                            name: geo.name(sq),
                        },
                    ));
                }
                if !king && geo.promotion_row(color) & m != 0 {
                    return Err(err(
                        format!(
                            "a {color} man on {} ({}) stands on its crowning row; write it as a king, K{}",
                            number(geo, sq),
                            geo.name(sq),
                            number(geo, sq)
                        ),
                        FenProblem::ManOnCrowningRow {
                            color,
                            square: sq,
                            number: number(geo, sq),
                            name: geo.name(sq),
                        },
                    ));
                }
                sets[color.index()] |= m;
                if king {
                    kings |= m;
                }
            }
        }
        let n = sets[color.index()].count_ones();
        let most = geo.most_men();
        if n > most {
            return Err(err(
                format!("{color} has {n} pieces; a side has at most {most}"),
                FenProblem::TooMany {
                    color,
                    count: n,
                    most,
                },
            ));
        }
    }
    Ok(Position::from_parts(sets[0], sets[1], kings, side))
}

/// The number of a square of the board, for messages.
fn number(geo: &Geometry, sq: Square) -> u8 {
    geo.number(sq).unwrap_or(0)
}

/// One list item: a square or a numeric range.
fn parse_item(geo: &Geometry, s: &str) -> Option<Vec<Square>> {
    if let Some((a, b)) = s.split_once('-') {
        let a: u8 = a.trim().parse().ok()?;
        let b: u8 = b.trim().parse().ok()?;
        if a > b {
            return None;
        }
        (a..=b).map(|n| geo.square(n)).collect()
    } else {
        geo.parse_square(s).map(|sq| vec![sq])
    }
}

/// Writes `pos`, a position on the board `geo`, as a FEN with squares in `notation`.
pub fn write(pos: &Position, geo: &Geometry, notation: SquareNotation) -> String {
    let mut out = String::new();
    out.push(pos.side_to_move().letter());
    for color in [Color::White, Color::Black] {
        out.push(':');
        out.push(color.letter());
        let mut squares: Vec<Square> = pos.pieces(color).iter().collect();
        squares.sort_by_key(|&s| number(geo, s));
        let items: Vec<String> = squares
            .iter()
            .map(|&s| {
                let k = if pos.kings(color).contains(s) {
                    "K"
                } else {
                    ""
                };
                format!("{k}{}", notation.write(geo, s))
            })
            .collect();
        out.push_str(&items.join(","));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::{BOARD_10, BOARD_8};

    #[test]
    fn reads_numbers_ranges_kings_and_algebraic() {
        let p = parse("W:W21-32:B1-12", &BOARD_8).unwrap();
        assert_eq!(p, Position::initial(Color::White));
        let q = parse("B:Wa1,c1,Ke1:Bb8", &BOARD_8).unwrap();
        assert_eq!(q.side_to_move(), Color::Black);
        assert_eq!(q.pieces(Color::White).count(), 3);
        assert_eq!(q.kings(Color::White).count(), 1);
        assert_eq!(
            write(&q, &BOARD_8, SquareNotation::Numeric),
            "B:W29,30,K31:B1"
        );
        assert_eq!(
            write(&q, &BOARD_8, SquareNotation::Algebraic),
            "B:Wa1,c1,Ke1:Bb8"
        );
    }

    #[test]
    fn reads_and_writes_the_fifty_squares_of_10x10() {
        let rules = crate::rules::Ruleset::from_toml(
            include_str!("../rulesets/international.toml"),
            "international.toml",
        )
        .unwrap();
        let start = parse("W:W31-50:B1-20", &BOARD_10).unwrap();
        assert_eq!(start, Position::start(&rules));
        assert_eq!(
            write(&start, &BOARD_10, SquareNotation::Numeric),
            "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:\
             B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20"
        );
        let q = parse("B:WKa1,j10:Bi1,50", &BOARD_10);
        assert!(q.is_err(), "i1 and 50 are one square: {q:?}");
        assert!(parse("B:WK46,a3:Bj10", &BOARD_10).is_ok());
        for fen in ["W:W3:B50", "W:W30:B46"] {
            let e = parse(fen, &BOARD_10).unwrap_err().to_string();
            assert!(e.contains("crowning row"), "{fen}: {e}");
        }
        assert!(parse("W:W51:B1", &BOARD_10).is_err());
        assert!(parse("W:W33:B1", &BOARD_10).is_ok());
        assert!(parse("W:W11-31:B50", &BOARD_10)
            .unwrap_err()
            .to_string()
            .contains("at most 20"));
    }

    #[test]
    fn a_side_may_have_no_pieces() {
        let p = parse("W:W:B1,2", &BOARD_8).unwrap();
        assert!(p.pieces(Color::White).is_empty());
        assert_eq!(p.pieces(Color::Black).count(), 2);
    }

    #[test]
    fn refuses_bad_fens_with_a_reason() {
        for (fen, needle) in [
            ("", "empty"),
            ("X:W1:B2", "side to move"),
            ("W:W33:B1", "`33`"),
            ("W:W5:B5", "listed twice"),
            ("W:W1:B9", "crowning row"),
            ("W:Wb1:B9", "`b1`"),
            ("W:W5-20:B25", "at most 12"),
            ("W:W21:W22", "listed twice"),
            ("W:Q21", "must start with"),
        ] {
            let e = parse(fen, &BOARD_8).unwrap_err();
            assert!(e.to_string().contains(needle), "{fen}: {e}");
        }
    }
}

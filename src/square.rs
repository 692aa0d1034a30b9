//! Squares and colours: the vocabulary every other module speaks.
//!
//! A [`Square`] is one of the 32 dark squares. Inside, it is the bit index of the
//! ghost-square layout of the crate's private `bitboard` module, so move generation never
//! converts; outside, it reads and writes as a PDN number (1 = b8 … 32 = g1) or an
//! algebraic name (`a1` … `h8`).

use crate::bitboard::{BOARD_8, HALF_STRIDE, STRIDE};
use std::fmt;

/// One side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Starts on rows 1–3 (PDN squares 21–32) and moves up the board.
    White,
    /// Starts on rows 6–8 (PDN squares 1–12) and moves down the board.
    Black,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn opposite(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black: an index into per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter: `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// Lowercase English name.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A dark square of the 8×8 board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// Bit index of each PDN number (index 0 is PDN square 1).
const PDN_TO_BIT: [u8; 32] = {
    let mut t = [0u8; 32];
    let mut n = 0;
    while n < 32 {
        t[n] = match BOARD_8.square(n as u8 + 1) {
            Some(sq) => sq.0,
            None => panic!("every number 1-32 is a square of 8×8"),
        };
        n += 1;
    }
    t
};

/// PDN number of each bit index, `0` for the bits no square uses.
const BIT_TO_PDN: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut n = 0;
    while n < 32 {
        t[PDN_TO_BIT[n] as usize] = (n + 1) as u8;
        n += 1;
    }
    t
};

impl Square {
    /// Every square in PDN order, 1 to 32.
    pub fn all() -> impl Iterator<Item = Square> {
        PDN_TO_BIT.iter().map(|&b| Square(b))
    }

    /// The square with PDN number `n` (1 = b8 … 32 = g1).
    pub const fn from_pdn(n: u8) -> Option<Square> {
        if n >= 1 && n <= 32 {
            Some(Square(PDN_TO_BIT[(n - 1) as usize]))
        } else {
            None
        }
    }

    /// The dark square at `file` (0 = a) and `rank` (0 = rank 1), if it is dark.
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        BOARD_8.square_at(file, rank)
    }

    /// Parses `c3`-style algebraic names; light squares are refused.
    pub fn from_algebraic(s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let file = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank = b[1].checked_sub(b'1')?;
        Square::from_coords(file, rank)
    }

    /// The square at bit index `bit` of the ghost-square layout; bits no square uses are
    /// refused. Only the layout's own test needs the checked form.
    #[cfg(test)]
    pub(crate) const fn from_bit(bit: u8) -> Option<Square> {
        if bit < 64 && BIT_TO_PDN[bit as usize] != 0 {
            Some(Square(bit))
        } else {
            None
        }
    }

    /// Trusted constructor for move generation, which only produces valid bits.
    #[inline]
    pub(crate) const fn from_bit_unchecked(bit: u8) -> Square {
        Square(bit)
    }

    /// Bit index in the ghost-square layout.
    #[inline]
    pub(crate) const fn bit(self) -> u8 {
        self.0
    }

    /// The one-bit mask of this square.
    #[inline]
    pub(crate) const fn mask(self) -> u64 {
        1u64 << self.0
    }

    /// PDN number, 1 to 32.
    pub const fn pdn(self) -> u8 {
        BIT_TO_PDN[self.0 as usize]
    }

    /// Rank, 0 (rank 1, White's back row) to 7.
    pub const fn rank(self) -> u8 {
        let pair = self.0 / STRIDE;
        let rest = self.0 % STRIDE;
        pair * 2 + if rest >= HALF_STRIDE { 1 } else { 0 }
    }

    /// File, 0 (a) to 7 (h).
    pub const fn file(self) -> u8 {
        let rest = self.0 % STRIDE;
        if rest >= HALF_STRIDE {
            (rest - HALF_STRIDE) * 2 + 1
        } else {
            rest * 2
        }
    }

    /// Algebraic name such as `c3`.
    pub fn algebraic(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}({})", self.algebraic(), self.pdn())
    }
}

/// How squares are written: PDN numbers or algebraic names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareNotation {
    /// `1` … `32`.
    Numeric,
    /// `a1` … `h8`.
    Algebraic,
}

impl SquareNotation {
    /// Writes `sq` in this notation.
    pub fn write(self, sq: Square) -> String {
        match self {
            SquareNotation::Numeric => sq.pdn().to_string(),
            SquareNotation::Algebraic => sq.algebraic(),
        }
    }
}

/// Reads a square in either notation: a PDN number or an algebraic name.
pub fn parse_square(s: &str) -> Option<Square> {
    if s.bytes().all(|c| c.is_ascii_digit()) && !s.is_empty() && s.len() <= 2 {
        Square::from_pdn(s.parse().ok()?)
    } else {
        Square::from_algebraic(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdn_numbers_match_rules_md() {
        let cases = [
            (1, "b8"),
            (2, "d8"),
            (3, "f8"),
            (4, "h8"),
            (5, "a7"),
            (29, "a1"),
            (30, "c1"),
            (31, "e1"),
            (32, "g1"),
        ];
        for (n, name) in cases {
            let sq = Square::from_pdn(n).unwrap();
            assert_eq!(sq.algebraic(), name);
            assert_eq!(Square::from_algebraic(name), Some(sq));
            assert_eq!(sq.pdn(), n);
        }
    }

    #[test]
    fn a1_is_dark_and_light_squares_are_refused() {
        assert!(Square::from_algebraic("a1").is_some());
        assert!(Square::from_algebraic("b1").is_none());
        assert!(Square::from_algebraic("a2").is_none());
        assert!(Square::from_algebraic("i1").is_none());
        assert!(Square::from_pdn(0).is_none());
        assert!(Square::from_pdn(33).is_none());
    }

    #[test]
    fn every_square_round_trips() {
        assert_eq!(Square::all().count(), 32);
        for sq in Square::all() {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), Some(sq));
            assert_eq!(Square::from_bit(sq.bit()), Some(sq));
        }
    }
}

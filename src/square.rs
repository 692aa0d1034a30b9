//! Squares and colours: the vocabulary every other module speaks.
//!
//! A [`Square`] is a dark square, named by its file and rank. Inside, it is the bit
//! index of the ghost-square layout of the crate's private `bitboard` module, the same
//! bit on every board, so move generation never converts. Its number depends on the
//! board ([`Geometry::number`]: 1 = b8 … 32 = g1 on 8×8, 1 = b10 … 50 = i1 on 10×10);
//! its algebraic name (`a1`, `j10`) does not.

use crate::bitboard::{Geometry, HALF_STRIDE, STRIDE};
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

/// A dark square of a board (see the module's note).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at bit index `bit` of the ghost-square layout; bits no square uses are
    /// refused. Only the layout's own test needs the checked form.
    #[cfg(test)]
    pub(crate) const fn from_bit(bit: u8) -> Option<Square> {
        if bit < 128 && crate::bitboard::ANY_BOARD & (1 << bit) != 0 {
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
    pub(crate) const fn mask(self) -> u128 {
        1u128 << self.0
    }

    /// Rank, 0 (rank 1, White's back row) upwards.
    pub const fn rank(self) -> u8 {
        let pair = self.0 / STRIDE;
        let rest = self.0 % STRIDE;
        pair * 2 + if rest >= HALF_STRIDE { 1 } else { 0 }
    }

    /// File, 0 (a) rightwards.
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
        f.write_str(&self.algebraic())
    }
}

/// How squares are written: numbers or algebraic names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SquareNotation {
    /// The board's numbers: `1` … `32` on 8×8, `1` … `50` on 10×10.
    Numeric,
    /// `a1` … `h8` on 8×8, `a1` … `j10` on 10×10.
    Algebraic,
}

impl SquareNotation {
    /// Writes `sq` of the board `geo` in this notation.
    pub fn write(self, geo: &Geometry, sq: Square) -> String {
        match self {
            SquareNotation::Numeric => geo.number(sq).unwrap_or(0).to_string(),
            SquareNotation::Algebraic => geo.name(sq),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::{BOARD_10, BOARD_8};

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
            let sq = BOARD_8.square(n).unwrap();
            assert_eq!(sq.algebraic(), name);
            assert_eq!(BOARD_8.square_named(name), Some(sq));
            assert_eq!(BOARD_8.number(sq), Some(n));
            assert_eq!(BOARD_8.parse_square(&n.to_string()), Some(sq));
        }
    }

    #[test]
    fn international_numbers_run_from_b10_to_i1() {
        // FMJD numbering: 1 is the dark square on White's far left, 46 on
        // White's own back row at the left corner, 50 at the right.
        for (n, name) in [(1, "b10"), (5, "j10"), (6, "a9"), (46, "a1"), (50, "i1")] {
            let sq = BOARD_10.square(n).unwrap();
            assert_eq!(sq.algebraic(), name);
            assert_eq!(BOARD_10.square_named(name), Some(sq));
            assert_eq!(BOARD_10.number(sq), Some(n));
        }
        assert_eq!(BOARD_10.all().count(), 50);
        assert!(BOARD_8.square_named("j10").is_none());
        assert!(BOARD_8.square(33).is_none());
        assert!(BOARD_10.square(51).is_none());
        assert!(BOARD_10.parse_square("a01").is_none());
    }

    #[test]
    fn a1_is_dark_and_light_squares_are_refused() {
        assert!(BOARD_8.square_named("a1").is_some());
        assert!(BOARD_8.square_named("b1").is_none());
        assert!(BOARD_8.square_named("a2").is_none());
        assert!(BOARD_8.square_named("i1").is_none());
        assert!(BOARD_8.square(0).is_none());
        assert!(BOARD_8.square(33).is_none());
    }

    #[test]
    fn every_square_round_trips() {
        for geo in [BOARD_8, BOARD_10] {
            assert_eq!(geo.all().count() as u32, geo.squares());
            for sq in geo.all() {
                assert_eq!(geo.square_at(sq.file(), sq.rank()), Some(sq));
                assert_eq!(Square::from_bit(sq.bit()), Some(sq));
                assert!(geo.contains(sq));
            }
        }
    }
}

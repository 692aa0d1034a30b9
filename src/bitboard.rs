//! Sets of squares, and the board geometry they live in.
//!
//! The dark squares sit in one word, a pair of rows in every 13 bits: the six
//! dark squares of an odd rank, one padding (ghost) bit, the six of the even
//! rank above. Thirteen is a pair of rows of the widest board (12×12: 72
//! squares in bits 0–77, a 128-bit word); the smaller boards use the first four
//! (8×8, bits 0–49) or five (10×10, bits 0–63) of each row's six places, so
//! both fit a 64-bit word, and a square's bit is the same on every board: it
//! depends only on its file and rank ([`bit_of`]). With the padding, every
//! diagonal step is the same shift everywhere: +6 is up-left, +7 up-right, −6
//! down-right and −7 down-left ("up" is towards the last rank). A step off the
//! board lands on a place no square uses or outside the word, so one mask with
//! the board's squares replaces all edge tests. This is the ghost-square layout
//! the fast 10×10 generators use.
//!
//! The move generator steps by rotating its word ([`Word::ROT`]): one
//! instruction even for a direction known only at run time. Bits a rotation
//! carries round the word land where no square is on 8×8 and 12×12; 10×10
//! fills its 64-bit word to the top bit, so there the generator first drops
//! the rank a step leaves the board from. Elsewhere (the evaluations) a step
//! is a pair of shifts ([`Word::step`]), which never wraps. Measured against
//! the layout before (stride 11 on a 64-bit word): docs/STRENGTH.md, "Speed".

use crate::square::Square;
use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Shl, Shr, Sub};

/// Bits from one rank to the same place two ranks up: a pair of rows.
pub(crate) const STRIDE: u8 = 13;
/// Bits from a rank to the one above it when that is an even rank.
pub(crate) const HALF_STRIDE: u8 = 7;

/// The diagonal directions, in the order up-left, up-right, down-right,
/// down-left, as indices into [`UP`] and [`DOWN`].
#[cfg(test)]
pub(crate) const DIRS: [usize; 4] = [0, 1, 2, 3];
/// Each direction's left shift (zero for the downward ones).
pub(crate) const UP: [u32; 4] = [HALF_STRIDE as u32 - 1, HALF_STRIDE as u32, 0, 0];
/// Each direction's right shift (zero for the upward ones).
pub(crate) const DOWN: [u32; 4] = [0, 0, HALF_STRIDE as u32 - 1, HALF_STRIDE as u32];

/// The bit of the dark square at `file` (0 = a) and `rank` (0 = rank 1).
pub(crate) const fn bit_of(file: u8, rank: u8) -> u8 {
    STRIDE * (rank / 2) + HALF_STRIDE * (rank % 2) + file / 2
}

/// A machine word that holds a board: `u64` for 8×8 and 10×10, `u128` for
/// 12×12. The move generator is compiled for the narrowest word its board
/// fits, so the small boards pay nothing for the large one.
pub(crate) trait Word:
    Copy
    + Eq
    + Default
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
    + Sub<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + fmt::Debug
{
    /// No bits.
    const ZERO: Self;
    /// Bit 0 alone.
    const ONE: Self;
    /// The low bits of a set of squares (the board's own fit).
    fn narrow(x: u128) -> Self;
    /// The set as the 128-bit sets of squares the rest of the crate speaks.
    fn wide(self) -> u128;
    /// The low 64 bits.
    fn low(self) -> u64;
    /// The number of bits set.
    fn count_ones(self) -> u32;
    /// The index of the lowest bit set (the word's width when none is).
    fn trailing_zeros(self) -> u32;
    /// The bits in reverse order.
    fn reverse_bits(self) -> Self;
    /// Whether no bit is set.
    #[inline(always)]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    /// The set without its lowest bit.
    #[inline(always)]
    fn clear_lowest(self) -> Self {
        self & (self - Self::ONE)
    }
    /// Bit `i` alone.
    #[inline(always)]
    fn bit(i: u32) -> Self {
        Self::ONE << i
    }
    /// One diagonal step in direction `d` (see [`DIRS`]), not yet kept on a board.
    #[inline(always)]
    fn step(self, d: usize) -> Self {
        (self << UP[d]) >> DOWN[d]
    }
    /// The diagonal steps as left rotations, in the order of [`DIRS`]: the
    /// move generator's form, one instruction for a direction known only at
    /// run time. A rotated step wraps bits round the word; on 8×8 and 12×12
    /// they land where no square is, on 10×10 the kernel masks them first.
    const ROT: [u32; 4];
    /// The word rotated left by `r`.
    fn rotate(self, r: u32) -> Self;
    /// The word's width in bits.
    const WIDTH: u32;
    /// The bit a rotation by `r` moved to `bit` came from.
    #[inline(always)]
    fn back(bit: u32, r: u32) -> u32 {
        (bit + Self::WIDTH - r) & (Self::WIDTH - 1)
    }
    /// The rotation that undoes rotation `r`.
    #[inline(always)]
    fn opposite(r: u32) -> u32 {
        (Self::WIDTH - r) & (Self::WIDTH - 1)
    }
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: $t = 0;
            const ONE: $t = 1;
            #[inline(always)]
            fn narrow(x: u128) -> $t {
                x as $t
            }
            #[inline(always)]
            fn wide(self) -> u128 {
                self as u128
            }
            #[inline(always)]
            fn low(self) -> u64 {
                self as u64
            }
            #[inline(always)]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline(always)]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline(always)]
            fn reverse_bits(self) -> $t {
                <$t>::reverse_bits(self)
            }
            const WIDTH: u32 = <$t>::BITS;
            const ROT: [u32; 4] = [
                HALF_STRIDE as u32 - 1,
                HALF_STRIDE as u32,
                <$t>::BITS - (HALF_STRIDE as u32 - 1),
                <$t>::BITS - HALF_STRIDE as u32,
            ];
            #[inline(always)]
            fn rotate(self, r: u32) -> $t {
                self.rotate_left(r)
            }
        }
    };
}
word!(u64);
word!(u128);

/// The largest board.
pub(crate) const MAX_SIZE: usize = 12;

/// Where square 1 of a board's numbering is, as White sees the board; the
/// numbers run along the rows (PDN's `GameType` notation digit, read from
/// White's side).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Corner {
    /// Top left: English, international, Italian.
    #[default]
    TopLeft,
    /// Top right.
    TopRight,
    /// Bottom left.
    BottomLeft,
    /// Bottom right: Spanish, Portuguese, Thai.
    BottomRight,
}

/// How a board is set before the players and numbered. Only its text and its
/// picture depend on this: a turned board is the mirror image of the usual one,
/// and the rules of draughts are the same in a mirror, so inside, every board
/// is the usual one and the engine never sees a face.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Face {
    /// Turned: the corner square at White's left is light, so the long diagonal
    /// runs from White's right (Italian, Spanish, Portuguese). Shown and named
    /// as the players see it; held inside as its mirror image.
    pub turned: bool,
    /// Where square 1 is.
    pub first: Corner,
}

/// The shape of a board: how many squares a side it has, and which bits of the
/// word its dark squares use, rank by rank. Everything that move generation,
/// crowning and the start position need to know of the board is here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Squares along a side: 8, 10 or 12.
    pub size: u8,
    /// How the board is set and numbered (the usual face unless a ruleset
    /// turns it): only names, numbers and pictures of squares read it.
    pub face: Face,
    /// The dark squares.
    pub(crate) valid: u128,
    /// Each rank's dark squares, rank 1 (index 0) upwards; only the first
    /// `size` are used.
    pub(crate) ranks: [u128; MAX_SIZE],
}

impl Geometry {
    /// The board of `size` squares a side: 8, 10 or 12 (anything else is taken as 8).
    pub const fn new(size: u8) -> Geometry {
        let size = match size {
            10 | 12 => size,
            _ => 8,
        };
        let half = size / 2;
        let mut ranks = [0u128; MAX_SIZE];
        let mut valid = 0;
        let mut r = 0;
        while r < size {
            ranks[r as usize] = ((1u128 << half) - 1) << bit_of(r % 2, r);
            valid |= ranks[r as usize];
            r += 1;
        }
        Geometry {
            size,
            face: Face {
                turned: false,
                first: Corner::TopLeft,
            },
            valid,
            ranks,
        }
    }

    /// The number of dark squares.
    pub const fn squares(&self) -> u32 {
        self.valid.count_ones()
    }

    /// The row where `color`'s men are crowned: the far side's back row.
    #[inline]
    pub(crate) const fn promotion_row(&self, color: crate::square::Color) -> u128 {
        match color {
            crate::square::Color::White => self.ranks[self.size as usize - 1],
            crate::square::Color::Black => self.ranks[0],
        }
    }

    /// The row before [`Geometry::promotion_row`]: where `color`'s men stand one
    /// step from crowning.
    #[inline]
    pub(crate) const fn row_before_promotion(&self, color: crate::square::Color) -> u128 {
        match color {
            crate::square::Color::White => self.ranks[self.size as usize - 2],
            crate::square::Color::Black => self.ranks[1],
        }
    }

    /// The dark square at `file` (0 = a) and `rank` (0 = rank 1) of this board.
    pub const fn square_at(&self, file: u8, rank: u8) -> Option<Square> {
        if file >= self.size || rank >= self.size || !(file + rank).is_multiple_of(2) {
            return None;
        }
        Some(Square::from_bit_unchecked(bit_of(file, rank)))
    }

    /// Whether the board's squares reach past a 64-bit word (12×12).
    pub(crate) const fn wide(&self) -> bool {
        self.valid >> 64 != 0
    }

    /// The dark squares strictly between `a` and `b`, walking from `a` towards
    /// `b` one file and one rank at a time (along a diagonal: a leg of a
    /// move's path), in that order; a walk that leaves the board ends there.
    pub fn between(&self, a: Square, b: Square) -> impl Iterator<Item = Square> {
        let geo = *self;
        let step = |from: u8, to: u8| (to as i8 - from as i8).signum();
        let (df, dr) = (step(a.file(), b.file()), step(a.rank(), b.rank()));
        let end = (b.file() as i8, b.rank() as i8);
        let on_board = move |x: i8| (0..geo.size as i8).contains(&x);
        let mut at = (a.file() as i8, a.rank() as i8);
        std::iter::from_fn(move || loop {
            at = (at.0 + df, at.1 + dr);
            if at == end || !on_board(at.0) || !on_board(at.1) {
                return None;
            }
            if let Some(sq) = geo.square_at(at.0 as u8, at.1 as u8) {
                return Some(sq);
            }
        })
        .fuse()
    }

    /// This board with another face.
    pub const fn with_face(mut self, face: Face) -> Geometry {
        self.face = face;
        self
    }

    /// This board with the usual face: what the engine's own tables (the
    /// learned evaluation's features) number by, whatever a ruleset shows.
    pub const fn plain(self) -> Geometry {
        Geometry::new(self.size)
    }

    /// Where `sq` is as the players see the board: its file (0 = a, from
    /// White's left) and rank (0 = rank 1, White's side). The same as the
    /// square's own file and rank unless the board is turned.
    pub const fn seen(&self, sq: Square) -> (u8, u8) {
        if self.face.turned {
            (self.size - 1 - sq.file(), sq.rank())
        } else {
            (sq.file(), sq.rank())
        }
    }

    /// The playing square the players see at `file` and `rank` (see
    /// [`Geometry::seen`]); light squares and squares off the board are `None`.
    pub const fn seen_at(&self, file: u8, rank: u8) -> Option<Square> {
        if file >= self.size {
            return None;
        }
        if self.face.turned {
            self.square_at(self.size - 1 - file, rank)
        } else {
            self.square_at(file, rank)
        }
    }

    /// Where the numbering's square 1 would be if it were at the top left:
    /// `(file, rank)` seen, flipped across the board for the other corners.
    const fn in_first_frame(&self, (file, rank): (u8, u8)) -> (u8, u8) {
        let last = self.size - 1;
        match self.face.first {
            Corner::TopLeft => (file, rank),
            Corner::TopRight => (last - file, rank),
            Corner::BottomLeft => (file, last - rank),
            Corner::BottomRight => (last - file, last - rank),
        }
    }

    /// The square numbered `n` on this board, as PDN and the federations number
    /// it: from the face's first corner, along each row, row by row across the
    /// board. With the usual face 1 is the top-left playing square as White sees
    /// the board, numbers run along each rank from White's left, rank by rank
    /// towards White (on 8×8 1 = b8 … 32 = g1; on 10×10 1 = b10 … 50 = i1).
    pub const fn square(&self, n: u8) -> Option<Square> {
        let half = self.size / 2;
        if n == 0 || n > self.size * half {
            return None;
        }
        // In the frame where square 1 is at the top left, the row's k-th
        // playing square is at file 2k or 2k + 1, whichever is dark there.
        let (row, k) = ((n - 1) / half, (n - 1) % half);
        let rank = self.size - 1 - row;
        let (f, r) = self.in_first_frame((2 * k, rank));
        if let Some(sq) = self.seen_at(f, r) {
            return Some(sq);
        }
        let (f, r) = self.in_first_frame((2 * k + 1, rank));
        self.seen_at(f, r)
    }

    /// The number of `sq` on this board (see [`Geometry::square`]), if it is on it.
    pub const fn number(&self, sq: Square) -> Option<u8> {
        if sq.file() >= self.size || sq.rank() >= self.size {
            return None;
        }
        let (file, rank) = self.in_first_frame(self.seen(sq));
        let half = self.size / 2;
        Some((self.size - 1 - rank) * half + file / 2 + 1)
    }

    /// The algebraic name of `sq` as the players see the board (`c3`, `j10`).
    pub fn name(&self, sq: Square) -> String {
        let (file, rank) = self.seen(sq);
        format!("{}{}", (b'a' + file) as char, rank + 1)
    }

    /// The most pieces a side can have: as many as its men at the start when
    /// they fill every rank but the two in the middle (12 on 8×8, 20 on 10×10,
    /// 30 on 12×12).
    pub const fn most_men(&self) -> u32 {
        (self.size as u32 / 2 - 1) * (self.size as u32 / 2)
    }

    /// Whether `sq` is a square of this board.
    pub const fn contains(&self, sq: Square) -> bool {
        self.valid & sq.mask() != 0
    }

    /// Every square in number order, 1 to [`Geometry::squares`].
    pub fn all(&self) -> impl Iterator<Item = Square> + '_ {
        (1..=self.squares() as u8).filter_map(|n| self.square(n))
    }

    /// The square of an algebraic name such as `c3` or `j10` on this board;
    /// light squares and squares off the board are refused.
    pub fn square_named(&self, s: &str) -> Option<Square> {
        let b = s.as_bytes();
        let (&letter, digits) = b.split_first()?;
        if digits.is_empty() || digits.len() > 2 || !digits.iter().all(u8::is_ascii_digit) {
            return None;
        }
        let file = letter.to_ascii_lowercase().checked_sub(b'a')?;
        let rank: u8 = std::str::from_utf8(digits).ok()?.parse().ok()?;
        if digits[0] == b'0' {
            return None;
        }
        self.seen_at(file, rank.checked_sub(1)?)
    }

    /// A square written either way: its number on this board or its algebraic name.
    pub fn parse_square(&self, s: &str) -> Option<Square> {
        if !s.is_empty() && s.len() <= 3 && s.bytes().all(|c| c.is_ascii_digit()) {
            self.square(s.parse().ok()?)
        } else {
            self.square_named(s)
        }
    }

    /// The squares of the first `rows` ranks of `color`'s side: where its men
    /// stand at the start.
    pub(crate) const fn home(&self, color: crate::square::Color, rows: u8) -> u128 {
        let mut set = 0;
        let mut k = 0;
        while k < rows && k < self.size {
            set |= match color {
                crate::square::Color::White => self.ranks[k as usize],
                crate::square::Color::Black => self.ranks[(self.size - 1 - k) as usize],
            };
            k += 1;
        }
        set
    }
}

/// The 8×8 board.
pub const BOARD_8: Geometry = Geometry::new(8);
/// The 10×10 board.
pub const BOARD_10: Geometry = Geometry::new(10);
/// The 12×12 board.
pub const BOARD_12: Geometry = Geometry::new(12);
/// Every board, smallest first.
pub const BOARDS: [Geometry; 3] = [BOARD_8, BOARD_10, BOARD_12];
// 10×10 fills a 64-bit word (its last square is bit 63); 12×12 ends at bit 77.
const _: () = assert!(BOARD_10.valid >> 63 == 1 && BOARD_12.valid >> 77 == 1);

/// Every square of any board: the largest board's.
pub(crate) const ANY_BOARD: u128 = BOARD_12.valid;

/// A set of squares.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub(crate) u128);

impl Bitboard {
    /// No squares.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// Whether `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & sq.mask() != 0
    }

    /// Number of squares in the set.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | sq.mask())
    }

    /// The squares in increasing bit order (which is decreasing PDN number).
    #[inline]
    pub fn iter(self) -> Squares {
        Squares(self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        Bitboard(iter.into_iter().fold(0, |b, s| b | s.mask()))
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    fn into_iter(self) -> Squares {
        self.iter()
    }
}

/// Iterator over the squares of a [`Bitboard`].
#[derive(Clone, Debug)]
pub struct Squares(u128);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Square::from_bit_unchecked(bit))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}

macro_rules! bitop {
    ($tr:ident, $f:ident, $op:tt, $tra:ident, $fa:ident) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, &, BitAndAssign, bitand_assign);
bitop!(BitOr, bitor, |, BitOrAssign, bitor_assign);

impl BitXor for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn bitxor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 ^ rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & ANY_BOARD)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On every board, for every face: numbers 1..=n and names each name one
    /// playing square and read back; square 1 is at the face's corner, 2 beside
    /// it along the row; a turned board's playing squares are the mirror image.
    #[test]
    fn every_face_numbers_and_names_each_square_once() {
        let corners = [
            Corner::TopLeft,
            Corner::TopRight,
            Corner::BottomLeft,
            Corner::BottomRight,
        ];
        for board in BOARDS {
            let last = board.size - 1;
            for turned in [false, true] {
                for first in corners {
                    let geo = board.with_face(Face { turned, first });
                    let n = geo.squares() as u8;
                    let mut seen = Bitboard(0);
                    for k in 1..=n {
                        let sq = geo.square(k).unwrap();
                        assert!(geo.contains(sq));
                        assert_eq!(geo.number(sq), Some(k));
                        assert_eq!(geo.square_named(&geo.name(sq)), Some(sq));
                        let (f, r) = geo.seen(sq);
                        assert_eq!(geo.seen_at(f, r), Some(sq));
                        assert_eq!((f + r) % 2 == 1, turned, "{geo:?} {k}");
                        seen.0 |= sq.mask();
                    }
                    assert_eq!(seen.0, board.valid, "every square once");
                    assert_eq!(geo.square(0), None);
                    assert_eq!(geo.square(n + 1), None);
                    // 1 on the corner's row, 2 next to it, towards the board.
                    let (f1, r1) = geo.seen(geo.square(1).unwrap());
                    let (f2, r2) = geo.seen(geo.square(2).unwrap());
                    let top = matches!(first, Corner::TopLeft | Corner::TopRight);
                    let left = matches!(first, Corner::TopLeft | Corner::BottomLeft);
                    assert_eq!((r1, r2), if top { (last, last) } else { (0, 0) });
                    assert!(if left {
                        f1 <= 1 && f2 > f1
                    } else {
                        f1 >= last - 1 && f2 < f1
                    });
                }
            }
        }
        // The usual face is the PDN numbering: 1 = b8, 32 = g1.
        assert_eq!(BOARD_8.name(BOARD_8.square(1).unwrap()), "b8");
        assert_eq!(BOARD_8.name(BOARD_8.square(32).unwrap()), "g1");
        assert_eq!(BOARD_8.with_face(Face::default()), BOARD_8);
    }

    const VALID: u128 = BOARD_8.valid;

    #[test]
    fn valid_mask_is_the_32_squares() {
        let all: Bitboard = crate::BOARD_8.all().collect();
        assert_eq!(all.0, VALID);
        assert_eq!(VALID.count_ones(), 32);
        assert_eq!(
            Bitboard(BOARD_8.ranks[0]).iter().map(|s| s.rank()).max(),
            Some(0)
        );
        assert!(Bitboard(BOARD_8.ranks[7]).iter().all(|s| s.rank() == 7));
        for (r, &rank) in BOARD_8.ranks[..8].iter().enumerate() {
            let squares: Vec<u8> = Bitboard(rank).iter().map(|s| s.rank()).collect();
            assert_eq!(squares, [r as u8; 4], "rank {}", r + 1);
        }
    }

    /// Every step of every square on every board, in both words where the
    /// board fits a 64-bit one, lands on the diagonal neighbour or off the board.
    #[test]
    fn steps_are_uniform_diagonal_moves() {
        for geo in [BOARD_8, BOARD_10, BOARD_12] {
            let n = geo.size as i8;
            for sq in geo.all() {
                for (d, (df, dr)) in DIRS
                    .into_iter()
                    .zip([(-1i8, 1i8), (1, 1), (1, -1), (-1, -1)])
                {
                    let f = sq.file() as i8 + df;
                    let r = sq.rank() as i8 + dr;
                    let expect = if (0..n).contains(&f) && (0..n).contains(&r) {
                        geo.square_at(f as u8, r as u8).unwrap().mask()
                    } else {
                        0
                    };
                    assert_eq!(sq.mask().step(d) & geo.valid, expect, "{sq:?} dir {d}");
                    if geo.size <= 10 {
                        let narrow = (sq.mask() as u64).step(d) & geo.valid as u64;
                        assert_eq!(narrow as u128, expect, "{sq:?} dir {d}, 64 bits");
                    }
                    if expect != 0 {
                        let r = u128::ROT[d];
                        assert_eq!(sq.mask().rotate(r), expect, "{sq:?} rotated by {r}");
                        assert_eq!(u128::back(expect.trailing_zeros(), r), sq.bit() as u32);
                    }
                }
            }
        }
    }
}

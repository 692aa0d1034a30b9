//! A move and a list of moves.

use crate::bitboard::{Bitboard, Word};
use crate::square::Square;
use std::fmt;
use std::mem::MaybeUninit;

/// The most landings between start and end: a piece can take at most the 30
/// pieces of the other side on 12×12, so at most 29 landings come before the last.
pub const MAX_INTERMEDIATE: usize = 29;

/// Bits a landing takes in a move's path: a square's bit index is below 128.
const LANDING_BITS: usize = 7;
/// Bytes of a move's packed path.
const VIA_BYTES: usize = (MAX_INTERMEDIATE * LANDING_BITS).div_ceil(8);

/// A legal move: its whole path and the squares it empties.
///
/// Two capture sequences with the same start, end and captured set are one move
/// (docs/RULES.md, one-move-per-capture-set); the path kept is the first one generated.
///
/// The captured set is kept as two words, the low 64 bits and the rest, so
/// that a move stays aligned to 8 bytes, and the landings are packed seven
/// bits each: 40 bytes a move, where whole bytes made it 48 and perft paid
/// 1.7% more instructions for the larger move lists.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    captured: u64,
    captured_high: u16,
    from: u8,
    to: u8,
    len: u8,
    promotes: bool,
    /// The landings before the last, [`LANDING_BITS`] each, from bit 0.
    via: [u8; VIA_BYTES],
}

impl Move {
    #[inline(always)]
    pub(crate) fn quiet(from: u8, to: u8, promotes: bool) -> Move {
        Move {
            captured: 0,
            captured_high: 0,
            from,
            to,
            len: 0,
            promotes,
            via: [0; VIA_BYTES],
        }
    }

    #[inline(always)]
    pub(crate) fn capture<W: Word>(
        from: u8,
        to: u8,
        captured: W,
        via: &[u8],
        promotes: bool,
    ) -> Move {
        let wide = captured.wide();
        let mut m = Move {
            captured: wide as u64,
            captured_high: (wide >> 64) as u16,
            from,
            to,
            len: via.len() as u8,
            promotes,
            via: [0; VIA_BYTES],
        };
        for (i, &b) in via.iter().enumerate() {
            let at = i * LANDING_BITS;
            let bits = (b as u16) << (at % 8);
            m.via[at / 8] |= bits as u8;
            if let Some(next) = m.via.get_mut(at / 8 + 1) {
                *next |= (bits >> 8) as u8;
            }
        }
        m
    }

    /// The square the piece leaves.
    #[inline]
    pub fn from(&self) -> Square {
        Square::from_bit_unchecked(self.from)
    }

    /// The square the piece ends on.
    #[inline]
    pub fn to(&self) -> Square {
        Square::from_bit_unchecked(self.to)
    }

    /// The squares of the pieces taken.
    #[inline]
    pub fn captured(&self) -> Bitboard {
        Bitboard(self.captured as u128 | (self.captured_high as u128) << 64)
    }

    /// Whether the move takes anything.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured != 0 || self.captured_high != 0
    }

    /// Number of pieces taken.
    #[inline]
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones() + self.captured_high.count_ones()
    }

    /// Whether the moving man is a king at the end of the move.
    #[inline]
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// Every square of the path: the start, each landing, the end.
    pub fn path(&self) -> Vec<Square> {
        let mut v = Vec::with_capacity(self.len as usize + 2);
        v.push(self.from());
        v.extend((0..self.len as usize).map(|i| Square::from_bit_unchecked(self.landing(i))));
        v.push(self.to());
        v
    }

    /// The bit of landing `i` before the last.
    fn landing(&self, i: usize) -> u8 {
        let at = i * LANDING_BITS;
        let low = self.via[at / 8] as u16;
        let high = self.via.get(at / 8 + 1).map_or(0, |&b| b as u16);
        ((low | high << 8) >> (at % 8)) as u8 & ((1 << LANDING_BITS) - 1)
    }

    /// Whether two moves are the same by docs/RULES.md: same start, end and captured set.
    #[inline]
    pub(crate) fn same_move(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to == other.to
            && self.captured == other.captured
            && self.captured_high == other.captured_high
    }

    pub(crate) fn raw_from(&self) -> u8 {
        self.from
    }

    pub(crate) fn raw_to(&self) -> u8 {
        self.to
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.is_capture() { "x" } else { "-" };
        let path: Vec<String> = self.path().iter().map(|s| s.algebraic()).collect();
        write!(f, "{}", path.join(sep))?;
        if self.promotes {
            write!(f, "(K)")?;
        }
        Ok(())
    }
}

/// Moves kept inline up to this many; a rare larger list spills to the heap.
const INLINE: usize = 128;

/// A list of moves that lives on the stack in all but freak positions.
///
/// Quiet moves never exceed 12 × 13 = 156 but captures with flying kings have no
/// small proven bound, so the list spills to a `Vec` instead of losing a move.
pub struct MoveList {
    len: usize,
    inline: [MaybeUninit<Move>; INLINE],
    spill: Vec<Move>,
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            inline: [const { MaybeUninit::uninit() }; INLINE],
            spill: Vec::new(),
        }
    }

    /// Appends a move.
    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        if self.len < INLINE {
            self.inline[self.len].write(m);
        } else {
            if self.len == INLINE {
                let inline = self.as_slice().to_vec();
                self.spill = inline;
            }
            self.spill.push(m);
        }
        self.len += 1;
    }

    /// Empties the list.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
        self.spill.clear();
    }

    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        if self.len <= INLINE {
            // SAFETY: the first `len` entries were written by `push`.
            unsafe { std::slice::from_raw_parts(self.inline.as_ptr().cast::<Move>(), self.len) }
        } else {
            &self.spill
        }
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(&Move) -> bool) {
        let kept: Vec<Move> = self
            .as_slice()
            .iter()
            .copied()
            .filter(|m| keep(m))
            .collect();
        self.clear();
        for m in kept {
            self.push(m);
        }
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_path_of_29_landings_anywhere_on_12x12_is_kept_whole() {
        assert_eq!(std::mem::size_of::<Move>(), 40);
        let landings: Vec<u8> = (0..MAX_INTERMEDIATE as u8).map(|i| 77 - i * 2).collect();
        let m = Move::capture(0, 77, 1u128 << 70 | 1, &landings, true);
        let path: Vec<u8> = m.path().iter().map(|s| s.bit()).collect();
        assert_eq!(path[0], 0);
        assert_eq!(&path[1..=MAX_INTERMEDIATE], &landings[..]);
        assert_eq!(path[MAX_INTERMEDIATE + 1], 77);
        let short = Move::capture(5, 9, 1u64 << 7, &[127, 64, 63], false);
        let bits: Vec<u8> = short.path().iter().map(|s| s.bit()).collect();
        assert_eq!(bits, [5, 127, 64, 63, 9]);
    }

    #[test]
    fn list_spills_without_losing_moves() {
        let mut list = MoveList::new();
        for i in 0..300u32 {
            list.push(Move::capture(0, 5, u64::from(i) << 1, &[], false));
        }
        for i in 0..2u32 {
            list.push(Move::capture(0, 5, 1u128 << (70 + i), &[], false));
        }
        assert_eq!(list.len(), 302);
        assert!(list
            .iter()
            .enumerate()
            .all(|(i, m)| m.captured().0 == (i as u128) << 1 || i >= 300));
        assert_eq!(list[301].captured().0, 1 << 71);
        list.retain(|m| m.captured().0 % 4 == 0);
        assert_eq!(list.len(), 152);
        list.clear();
        assert!(list.is_empty());
    }
}

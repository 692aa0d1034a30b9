//! A position: where the pieces stand and who is to move. No history.

use crate::bitboard::{bit_of, Bitboard, ANY_BOARD, BOARD_8};
use crate::moves::Move;
use crate::rules::Ruleset;
use crate::square::{Color, Square};

/// What stands on a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A man (an uncrowned piece).
    Man(Color),
    /// A king.
    King(Color),
}

impl Piece {
    /// The owner.
    pub fn color(self) -> Color {
        match self {
            Piece::Man(c) | Piece::King(c) => c,
        }
    }

    /// Whether it is a king.
    pub fn is_king(self) -> bool {
        matches!(self, Piece::King(_))
    }
}

/// A position: a small `Copy` value with the Zobrist hash kept up to date.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pieces: [u64; 2],
    kings: u64,
    side: Color,
    hash: u64,
}

/// Zobrist keys: `[color * 2 + is_king][bit]`, then the side-to-move key. Rows of
/// 64 so that an index masked with 63 needs no bounds check in `make`.
struct Keys {
    piece: [[u64; 64]; 4],
    black_to_move: u64,
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Fixed keys so that hashes are the same in every run and every build.
///
/// The first keys drawn go to the 8×8 squares in the order of the 36-bit layout
/// the engine used before the ghost-square one (a pair of rows in every 9 bits,
/// a padding bit after the first four), so every 8×8 position keeps the hash it
/// always had; the rest of the word's bits get keys drawn after those.
static KEYS: Keys = {
    let mut state = 0x0DA3_5EED_u64;
    let mut piece = [[0u64; 64]; 4];
    let mut drawn = [[false; 64]; 4];
    let mut kind = 0;
    while kind < 4 {
        let mut old = 0;
        while old < 36 {
            let key = splitmix(&mut state);
            let (pair, place) = (old / 9, old % 9);
            if place != 4 {
                let rank = 2 * pair + (place > 4) as usize;
                let slot = if place > 4 { place - 5 } else { place };
                let bit = bit_of((2 * slot + rank % 2) as u8, rank as u8) as usize;
                piece[kind][bit] = key;
                drawn[kind][bit] = true;
            }
            old += 1;
        }
        kind += 1;
    }
    let black_to_move = splitmix(&mut state);
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < 64 {
            if !drawn[kind][bit] {
                piece[kind][bit] = splitmix(&mut state);
            }
            bit += 1;
        }
        kind += 1;
    }
    Keys {
        piece,
        black_to_move,
    }
};

#[inline(always)]
fn key(color: usize, king: bool, bit: u32) -> u64 {
    KEYS.piece[(color * 2 + king as usize) & 3][(bit & 63) as usize]
}

/// What [`Position::make`] needs to undo a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured_kings: u64,
    was_king: bool,
}

impl Position {
    /// The start position of the 8×8 games: White men on 21–32, Black men on
    /// 1–12. [`Position::start`] is any ruleset's.
    pub fn initial(first_move: Color) -> Position {
        Position::from_parts(
            BOARD_8.home(Color::White, 3),
            BOARD_8.home(Color::Black, 3),
            0,
            first_move,
        )
    }

    /// The start position of `rules`: each side's men on the rows nearest it, as
    /// many rows as the rules say, on the rules' board.
    pub fn start(rules: &Ruleset) -> Position {
        let g = rules.geometry();
        Position::from_parts(
            g.home(Color::White, rules.men_rows),
            g.home(Color::Black, rules.men_rows),
            0,
            rules.first_move,
        )
    }

    /// A position from piece sets. The caller guarantees the sets are disjoint
    /// subsets of the board; [`crate::fen`] is the checked way in.
    pub(crate) fn from_parts(white: u64, black: u64, kings: u64, side: Color) -> Position {
        debug_assert_eq!(white & black, 0);
        debug_assert_eq!((white | black) & !ANY_BOARD, 0);
        debug_assert_eq!(kings & !(white | black), 0);
        let mut p = Position {
            pieces: [white, black],
            kings,
            side,
            hash: 0,
        };
        p.hash = p.compute_hash();
        p
    }

    /// The Zobrist hash computed from scratch.
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            KEYS.black_to_move
        } else {
            0
        };
        for c in 0..2 {
            let mut b = self.pieces[c];
            while b != 0 {
                let bit = b.trailing_zeros();
                h ^= key(c, self.kings >> bit & 1 != 0, bit);
                b &= b - 1;
            }
        }
        h
    }

    /// The Zobrist hash, kept up to date by [`Position::make`].
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// All pieces of `color`.
    #[inline]
    pub fn pieces(&self, color: Color) -> Bitboard {
        Bitboard(self.pieces[color.index()])
    }

    /// The men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> Bitboard {
        Bitboard(self.pieces[color.index()] & !self.kings)
    }

    /// The kings of `color`.
    #[inline]
    pub fn kings(&self, color: Color) -> Bitboard {
        Bitboard(self.pieces[color.index()] & self.kings)
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.pieces[0] | self.pieces[1])
    }

    /// What stands on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let m = sq.mask();
        let color = if self.pieces[0] & m != 0 {
            Color::White
        } else if self.pieces[1] & m != 0 {
            Color::Black
        } else {
            return None;
        };
        Some(if self.kings & m != 0 {
            Piece::King(color)
        } else {
            Piece::Man(color)
        })
    }

    #[inline(always)]
    pub(crate) fn raw(&self) -> (u64, u64, u64) {
        let s = self.side.index();
        (self.pieces[s], self.pieces[s ^ 1], self.kings)
    }

    /// The same placement with the other side to move.
    pub fn with_side_to_move(&self, side: Color) -> Position {
        Position::from_parts(self.pieces[0], self.pieces[1], self.kings, side)
    }

    /// Plays `m`, which must be legal here, and returns what [`Position::unmake`] needs.
    #[inline]
    pub fn make(&mut self, m: &Move) -> Undo {
        let undo = Undo {
            captured_kings: m.captured().0 & self.kings,
            was_king: self.kings >> m.raw_from() & 1 != 0,
        };
        *self = self.after(m);
        undo
    }

    /// The position after `m`, leaving `self` as it is.
    ///
    /// Built whole from registers rather than patched in place: patching one
    /// side's set and then copying the struct stalls on store forwarding, which
    /// cost perft a third of its time.
    #[inline(always)]
    pub fn after(&self, m: &Move) -> Position {
        let us = self.side.index();
        let them = us ^ 1;
        let from = m.raw_from() as u32;
        let to = m.raw_to() as u32;
        let was_king = self.kings >> from & 1 != 0;
        let captured = m.captured().0;
        let is_king = was_king || m.promotes();

        let mut h = self.hash ^ KEYS.black_to_move;
        h ^= key(us, was_king, from) ^ key(us, is_king, to);
        let mut c = captured;
        while c != 0 {
            let bit = c.trailing_zeros();
            h ^= key(them, self.kings >> bit & 1 != 0, bit);
            c &= c - 1;
        }

        // Not a XOR: a capture may end on the square it started from.
        let own = self.pieces[us] & !(1u64 << from) | 1u64 << to;
        let opp = self.pieces[them] & !captured;
        let kings = self.kings & !(captured | 1u64 << from) | (is_king as u64) << to;
        Position {
            pieces: if us == 0 { [own, opp] } else { [opp, own] },
            kings,
            side: self.side.opposite(),
            hash: h,
        }
    }

    /// Takes back `m`, made with [`Position::make`] which returned `undo`.
    pub fn unmake(&mut self, m: &Move, undo: Undo) {
        self.side = self.side.opposite();
        let us = self.side.index();
        let them = us ^ 1;
        let from = m.raw_from() as u32;
        let to = m.raw_to() as u32;
        let is_king = self.kings >> to & 1 != 0;
        let captured = m.captured().0;

        let mut h = self.hash ^ KEYS.black_to_move;
        h ^= key(us, undo.was_king, from) ^ key(us, is_king, to);
        let mut c = captured;
        while c != 0 {
            let bit = c.trailing_zeros();
            h ^= key(them, undo.captured_kings >> bit & 1 != 0, bit);
            c &= c - 1;
        }

        self.pieces[us] = self.pieces[us] & !(1u64 << to) | 1u64 << from;
        self.pieces[them] |= captured;
        self.kings &= !(1u64 << to);
        self.kings |= undo.captured_kings | (undo.was_king as u64) << from;
        self.hash = h;
    }
}

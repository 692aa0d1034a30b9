//! A position: where the pieces stand and who is to move. No history.

use crate::bitboard::{bit_of, Bitboard, Word, ANY_BOARD, BOARD_8};
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
///
/// The sets (White's pieces, Black's, the kings) reach bit 77 on the 12×12
/// board. Each is kept as its low 64 bits and the 14 above, so that a position
/// stays 40 bytes and 8-aligned as it was with 64-bit sets (128-bit sets make
/// it 64 bytes); the move generator reads and writes them through the word
/// its board fits (`Position::raw`, `Position::after_in`), so on the smaller
/// boards it works in 64 bits and the high parts stay zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    low: [u64; 3],
    high: [u16; 3],
    side: Color,
    hash: u64,
}

/// Where each set is in [`Position`]'s arrays.
const KINGS: usize = 2;

/// Zobrist keys: `[color * 2 + is_king][bit]`, then the side-to-move key. Rows of
/// 256 so that a bit index taken as a byte needs neither a mask nor a bounds
/// check in `make` (a mask cost perft 1% of its instructions).
struct Keys {
    piece: [[u64; 256]; 4],
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
/// always had; then, in the order of the 64-bit ghost-square layout (a pair of
/// rows in every 11 bits), the squares of 10×10 that 8×8 lacks, so every 10×10
/// position keeps its hash too; the bits of 12×12 get keys drawn after those.
static KEYS: Keys = {
    let mut state = 0x0DA3_5EED_u64;
    let mut piece = [[0u64; 256]; 4];
    let mut drawn = [[false; 128]; 4];
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
    // The 11-bit layout's places, in its bit order: (rank, place in the rank).
    let mut kind = 0;
    while kind < 4 {
        let mut old = 0;
        while old < 64 {
            let (pair, place) = (old / 11, old % 11);
            if place != 5 && pair < 5 {
                let rank = 2 * pair + (place > 5) as usize;
                let slot = if place > 5 { place - 6 } else { place };
                let bit = bit_of((2 * slot + rank % 2) as u8, rank as u8) as usize;
                // The 8×8 squares had theirs already and drew none here.
                if !drawn[kind][bit] {
                    piece[kind][bit] = splitmix(&mut state);
                    drawn[kind][bit] = true;
                }
            } else {
                // A ghost bit of that layout: its key was drawn and never used.
                splitmix(&mut state);
            }
            old += 1;
        }
        kind += 1;
    }
    let mut kind = 0;
    while kind < 4 {
        let mut bit = 0;
        while bit < 128 {
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
    KEYS.piece[(color * 2 + king as usize) & 3][bit as u8 as usize]
}

/// What [`Position::make`] needs to undo a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Undo {
    captured_kings: u128,
    was_king: bool,
}

/// A move about to be played: the mover's colour index, its start and end
/// bits, the kings before it, whether the piece ends a king, and the hash after.
struct Step<W> {
    us: usize,
    from: u32,
    to: u32,
    kings: W,
    is_king: bool,
    hash: u64,
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
    pub(crate) fn from_parts(white: u128, black: u128, kings: u128, side: Color) -> Position {
        debug_assert_eq!(white & black, 0);
        debug_assert_eq!((white | black) & !ANY_BOARD, 0);
        debug_assert_eq!(kings & !(white | black), 0);
        let mut p = Position::of_sets([white, black, kings], side, 0);
        p.hash = p.compute_hash();
        p
    }

    #[inline(always)]
    fn of_sets(sets: [u128; 3], side: Color, hash: u64) -> Position {
        Position {
            low: sets.map(|x| x as u64),
            high: sets.map(|x| (x >> 64) as u16),
            side,
            hash,
        }
    }

    /// Set `i` (0 White's pieces, 1 Black's, 2 the kings) in the word `W`,
    /// which must hold the board.
    #[inline(always)]
    fn set<W: Word>(&self, i: usize) -> W {
        W::narrow(self.low[i] as u128 | (self.high[i] as u128) << 64)
    }

    /// The Zobrist hash computed from scratch.
    pub fn compute_hash(&self) -> u64 {
        let mut h = if self.side == Color::Black {
            KEYS.black_to_move
        } else {
            0
        };
        let kings: u128 = self.set(KINGS);
        for c in 0..2 {
            let mut b: u128 = self.set(c);
            while b != 0 {
                let bit = b.trailing_zeros();
                h ^= key(c, kings >> bit & 1 != 0, bit);
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
        Bitboard(self.set(color.index()))
    }

    /// The men of `color`.
    #[inline]
    pub fn men(&self, color: Color) -> Bitboard {
        Bitboard(self.set::<u128>(color.index()) & !self.set::<u128>(KINGS))
    }

    /// The kings of `color`.
    #[inline]
    pub fn kings(&self, color: Color) -> Bitboard {
        Bitboard(self.set::<u128>(color.index()) & self.set::<u128>(KINGS))
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.set::<u128>(0) | self.set::<u128>(1))
    }

    /// What stands on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let m = sq.mask();
        let color = if self.set::<u128>(0) & m != 0 {
            Color::White
        } else if self.set::<u128>(1) & m != 0 {
            Color::Black
        } else {
            return None;
        };
        Some(if self.set::<u128>(KINGS) & m != 0 {
            Piece::King(color)
        } else {
            Piece::Man(color)
        })
    }

    /// The side to move's pieces, the other side's and the kings, in the
    /// word `W` (which must hold the board).
    #[inline(always)]
    pub(crate) fn raw<W: Word>(&self) -> (W, W, W) {
        let s = self.side.index();
        (self.set(s), self.set(s ^ 1), self.set(KINGS))
    }

    /// The same placement with the other side to move.
    pub fn with_side_to_move(&self, side: Color) -> Position {
        Position::from_parts(self.set(0), self.set(1), self.set(KINGS), side)
    }

    /// Plays `m`, which must be legal here, and returns what [`Position::unmake`] needs.
    #[inline]
    pub fn make(&mut self, m: &Move) -> Undo {
        let undo = Undo {
            captured_kings: m.captured().0 & self.set::<u128>(KINGS),
            was_king: self.set::<u128>(KINGS) >> m.raw_from() & 1 != 0,
        };
        *self = self.after(m);
        undo
    }

    /// The position after `m`, leaving `self` as it is.
    #[inline(always)]
    pub fn after(&self, m: &Move) -> Position {
        self.after_in::<u128>(m)
    }

    /// [`Position::after`] computed in the word `W`, which must hold the board:
    /// the move generator's kernels play moves in their own word.
    ///
    /// Built whole from registers rather than patched in place: patching one
    /// side's set and then copying the struct stalls on store forwarding, which
    /// cost perft a third of its time.
    #[inline(always)]
    pub(crate) fn after_in<W: Word>(&self, m: &Move) -> Position {
        let Step {
            us,
            from,
            to,
            kings: all_kings,
            is_king,
            hash,
        } = self.step_in::<W>(m);
        let them = us ^ 1;
        let captured = W::narrow(m.captured().0);
        // Not a XOR: a capture may end on the square it started from.
        let own = self.set::<W>(us) & !W::bit(from) | W::bit(to);
        let opp = self.set::<W>(them) & !captured;
        let crowned = if is_king { W::bit(to) } else { W::ZERO };
        let kings = all_kings & !(captured | W::bit(from)) | crowned;
        let (own, opp) = (own.wide(), opp.wide());
        let (white, black) = if us == 0 { (own, opp) } else { (opp, own) };
        Position::of_sets([white, black, kings.wide()], self.side.opposite(), hash)
    }

    /// The hash of [`Position::after_in`]'s position alone, for a prefetch
    /// before the move is played.
    #[inline(always)]
    pub(crate) fn hash_after_in<W: Word>(&self, m: &Move) -> u64 {
        self.step_in::<W>(m).hash
    }

    /// What playing `m` here needs to know, and the hash it leads to.
    #[inline(always)]
    fn step_in<W: Word>(&self, m: &Move) -> Step<W> {
        let us = self.side.index();
        let them = us ^ 1;
        let from = m.raw_from() as u32;
        let to = m.raw_to() as u32;
        let kings: W = self.set(KINGS);
        let was_king = (kings >> from).low() & 1 != 0;
        let is_king = was_king || m.promotes();
        let mut hash = self.hash ^ KEYS.black_to_move;
        hash ^= key(us, was_king, from) ^ key(us, is_king, to);
        let mut c = W::narrow(m.captured().0);
        while !c.is_zero() {
            let bit = c.trailing_zeros();
            hash ^= key(them, (kings >> bit).low() & 1 != 0, bit);
            c = c.clear_lowest();
        }
        Step {
            us,
            from,
            to,
            kings,
            is_king,
            hash,
        }
    }

    /// Takes back `m`, made with [`Position::make`] which returned `undo`.
    pub fn unmake(&mut self, m: &Move, undo: Undo) {
        self.side = self.side.opposite();
        let us = self.side.index();
        let them = us ^ 1;
        let from = m.raw_from() as u32;
        let to = m.raw_to() as u32;
        let mut sets: [u128; 3] = [self.set(0), self.set(1), self.set(KINGS)];
        let is_king = sets[KINGS] >> to & 1 != 0;
        let captured = m.captured().0;

        let mut h = self.hash ^ KEYS.black_to_move;
        h ^= key(us, undo.was_king, from) ^ key(us, is_king, to);
        let mut c = captured;
        while c != 0 {
            let bit = c.trailing_zeros();
            h ^= key(them, undo.captured_kings >> bit & 1 != 0, bit);
            c &= c - 1;
        }

        sets[us] = sets[us] & !(1u128 << to) | 1u128 << from;
        sets[them] |= captured;
        sets[KINGS] &= !(1u128 << to);
        sets[KINGS] |= undo.captured_kings | (undo.was_king as u128) << from;
        *self = Position::of_sets(sets, self.side, h);
    }
}

//! Endgame tables: every position with few pieces, solved once by the rules' own
//! move generator, with the number of plies to the game's end under best play.
//!
//! Self-play teaches least where games seldom go and where the way to win is
//! long: three kings against one where kings fly (a triangle of a dozen moves),
//! a king and two men against a king that holds the long diagonal. A table knows
//! them exactly, for any ruleset, because it is computed from the same generator
//! the game is played with; nothing is taken from elsewhere.
//!
//! The tables hold positions with White to move only: the rules are the same
//! for both colours on a board turned 180°, so a position with Black to move is
//! looked up turned and with the colours swapped. Positions are grouped by their
//! material (white men, white kings, black men, black kings), and each group is
//! a dense array indexed by the combination of squares each kind occupies.
//!
//! The value is the game-theoretic one under the rules of movement alone: the
//! no-progress draws (the 50-move rule and the like) count moves from outside
//! the position and are left to the search, which carries those counters.
//!
//! The engine only probes them. They are solved by the lab
//! (`checkers::lab::tables`, behind the `lab` feature) and attached to an
//! engine before it searches ([`crate::ai::Engine::attach_tables`]), so a
//! search never stops to build them.
//!
//! ```
//! use checkers::ai::endgame::Value;
//! use checkers::{fen, lab, Ruleset};
//!
//! let rules = Ruleset::builtin("english").unwrap();
//! let tables = lab::tables::build(&rules, 3, &mut |_| {});
//! // Two kings against one where kings are short: won for the side with two.
//! let pos = fen::parse("W:WK18,K19:BK5", rules.geometry()).unwrap();
//! assert!(matches!(tables.probe(&pos), Some(Value::Win(_))));
//! // Four pieces: not in these tables.
//! let four = fen::parse("W:WK18,K19:BK5,K6", rules.geometry()).unwrap();
//! assert_eq!(tables.probe(&four), None);
//! ```

use crate::bitboard::{bit_of, VALID};
use crate::position::Position;
use crate::square::Color;

/// The most pieces a table is built for by default: every four-piece ending
/// builds in a few seconds on one core (docs/STRENGTH.md).
pub const DEFAULT_PIECES: u32 = 4;
/// The most pieces this solver builds for: it keeps the moves within a group
/// of materials in memory, which at five pieces would take gigabytes.
pub const MAX_PIECES: u32 = 4;

/// A solved position's value for the side to move: a win or a loss in that many
/// plies (a loss in 0 has no move), or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins, the game ending after this many plies (odd: the
    /// winner makes the last move).
    Win(u32),
    /// The side to move loses, the game ending after this many plies (even; 0:
    /// it has no move now).
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

/// Stored as plies + 1 (odd plies win, even plies lose); 0 is a draw, and while
/// a group is being solved, a position not solved yet.
pub(crate) type Cell = u8;
pub(crate) const UNSOLVED: Cell = 0;

/// The dense index (0–31, in bit order) of each bit of the ghost-square layout.
pub(crate) const DENSE: [u8; 64] = {
    let mut t = [u8::MAX; 64];
    let mut b = 0;
    let mut n = 0;
    while b < 64 {
        if VALID >> b & 1 != 0 {
            t[b] = n;
            n += 1;
        }
        b += 1;
    }
    t
};

/// Binomial coefficients C(n, k) for n ≤ 32 and k ≤ MAX_PIECES.
pub(crate) const BINOM: [[u64; MAX_PIECES as usize + 1]; 33] = {
    let mut t = [[0u64; MAX_PIECES as usize + 1]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES as usize {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// The squares each kind may stand on: a man never rests on the row where it
/// is crowned, so white men use the 28 squares below rank 8 (dense 0–27) and
/// black men the 28 above rank 1 (dense 4–31, counted from 4).
pub(crate) const KINDS: [(u32, u32); 4] = [(28, 0), (32, 0), (28, 4), (32, 0)];

/// The rank of a set of squares among the sets of its size (the combinatorial
/// number system), with dense indices counted from `from`.
#[inline]
pub(crate) fn rank(mut set: u64, from: u32) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        let s = DENSE[set.trailing_zeros() as usize] as u32 - from;
        r += BINOM[s as usize][i];
        i += 1;
        set &= set - 1;
    }
    r
}

/// Turns a position 180° and swaps the colours: the same position for the
/// other side. In the ghost-square layout a half turn reverses the bits from
/// a1 (bit 0) to h8.
#[inline]
pub(crate) fn turned((white, black, kings): (u64, u64, u64)) -> (u64, u64, u64) {
    const H8: u32 = bit_of(7, 7) as u32;
    let t = |b: u64| b.reverse_bits() >> (63 - H8);
    (t(black), t(white), t(kings))
}

/// White's pieces, Black's and the kings, as the side to move sees them: as
/// White, on a board turned for Black.
#[inline]
pub(crate) fn as_white(pos: &Position) -> (u64, u64, u64) {
    let parts = (
        pos.pieces(Color::White).0,
        pos.pieces(Color::Black).0,
        pos.kings(Color::White).0 | pos.kings(Color::Black).0,
    );
    match pos.side_to_move() {
        Color::White => parts,
        Color::Black => turned(parts),
    }
}

/// One material group: where its cells start and the sizes of its four factors.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Group {
    pub(crate) offset: usize,
    /// Read by the lab's solver, which walks a group's positions.
    #[cfg_attr(not(feature = "lab"), allow(dead_code))]
    pub(crate) counts: [u8; 4],
    /// C(squares, count) for each kind, in order: white men, white kings, black
    /// men, black kings.
    pub(crate) sizes: [u64; 4],
}

impl Group {
    fn index(&self, sets: [u64; 4]) -> usize {
        let mut i = 0;
        for k in 0..4 {
            i = i * self.sizes[k] + rank(sets[k], KINDS[k].1);
        }
        self.offset + i as usize
    }
}

/// Every position of up to `pieces` pieces of one ruleset, solved.
#[derive(Clone)]
pub struct Tables {
    pub(crate) pieces: u32,
    /// Offsets of the groups by (white men, white kings, black men, black kings).
    pub(crate) groups: Vec<Option<Group>>,
    pub(crate) cells: Vec<Cell>,
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("pieces", &self.pieces)
            .field("cells", &self.cells.len())
            .finish()
    }
}

pub(crate) const SIDE: usize = MAX_PIECES as usize + 1;

pub(crate) fn slot(counts: [u8; 4]) -> usize {
    counts.iter().fold(0, |a, &c| a * SIDE + c as usize)
}

impl Tables {
    /// The most pieces a position may have to be in the tables.
    pub fn pieces(&self) -> u32 {
        self.pieces
    }

    /// The number of cells (positions with White to move, some of them
    /// impossible), one byte each.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the tables hold nothing.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The value of `pos` for the side to move, if it has few enough pieces.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.occupied().count() > self.pieces {
            return None;
        }
        Some(decode(self.cell(pos)?))
    }

    #[inline]
    fn cell(&self, pos: &Position) -> Option<Cell> {
        let (white, black, kings) = as_white(pos);
        self.cell_of(white, black, kings)
    }

    /// The cell of a position with White to move; `None` if a side has no piece
    /// (the game is over: no table needed) or it is not in the tables.
    #[inline]
    fn cell_of(&self, white: u64, black: u64, kings: u64) -> Option<Cell> {
        Some(self.cells[self.index_of(white, black, kings)?])
    }

    #[inline]
    pub(crate) fn index_of(&self, white: u64, black: u64, kings: u64) -> Option<usize> {
        let sets = [white & !kings, white & kings, black & !kings, black & kings];
        let counts = sets.map(|s| s.count_ones() as u8);
        let g = (*self.groups.get(slot(counts))?)?;
        Some(g.index(sets))
    }
}

pub(crate) fn decode(c: Cell) -> Value {
    match c {
        UNSOLVED => Value::Draw,
        c if (c - 1) % 2 == 1 => Value::Win(c as u32 - 1),
        c => Value::Loss(c as u32 - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_half_turn_reverses_the_board() {
        let a1 = crate::BOARD_8.square_named("a1").unwrap().mask();
        let h8 = crate::BOARD_8.square_named("h8").unwrap().mask();
        let c3 = crate::BOARD_8.square_named("c3").unwrap().mask();
        let f6 = crate::BOARD_8.square_named("f6").unwrap().mask();
        assert_eq!(turned((a1 | c3, 0, a1)), (0, h8 | f6, h8));
    }
}

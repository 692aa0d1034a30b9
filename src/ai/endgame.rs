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

mod packed;

use crate::bitboard::{bit_of, Geometry, Word};
use crate::position::Position;
use crate::square::Color;
// Made and read by the lab's solver and files.
#[cfg_attr(not(feature = "lab"), allow(unused_imports))]
pub(crate) use packed::{inflate, pack, Packed, BLOCK};

/// The most pieces any table holds (the index's limit).
pub const MAX_PIECES: u32 = 6;

/// The most pieces the solver builds for on `geo`'s board. It holds the cells
/// a byte a position while it solves: 3.7 GB for six pieces on 8×8, 1.9 GB for
/// five on 10×10, 12.3 GB for five on 12×12, which a game then holds deflated
/// ([`RAW_LIMIT`]). Six on 10×10 would be some 80 GB.
pub const fn most_pieces(geo: &Geometry) -> u32 {
    match geo.size {
        8 => MAX_PIECES,
        _ => 5,
    }
}

/// The most pieces the tables of `geo`'s board are built for when a game needs
/// them: what builds in seconds on one core. Every four-piece ending does on
/// 8×8 and 10×10 (16 s on 10×10); on 12×12 they take 90 s of one core's
/// time, so a game builds three pieces (1 s). Larger tables that
/// `checkers tables build --pieces N` has built ahead (five or six pieces on
/// 8×8, five on 10×10, four or five on 12×12) are used where found (docs/STRENGTH.md).
pub const fn default_pieces(geo: &Geometry) -> u32 {
    if geo.size > 10 {
        3
    } else {
        4
    }
}

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

/// The most squares a board has (12×12's 72).
const MOST_SQUARES: usize = 72;

/// Binomial coefficients C(n, k) for n ≤ 72 and k ≤ MAX_PIECES.
pub(crate) const BINOM: [[u64; MAX_PIECES as usize + 1]; MOST_SQUARES + 1] = {
    let mut t = [[0u64; MAX_PIECES as usize + 1]; MOST_SQUARES + 1];
    let mut n = 0;
    while n <= MOST_SQUARES {
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

/// How the tables count one board's squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Board {
    /// The dense index (0 to squares − 1, in bit order) of each bit of the
    /// ghost-square layout; `u8::MAX` where no square is. As long as a set's
    /// word, so that no lookup needs a bounds check.
    pub(crate) dense: [u8; 128],
    /// The bit of each dense index.
    pub(crate) bit: [u8; MOST_SQUARES],
    /// The squares each kind (white men, white kings, black men, black kings)
    /// may stand on, as (how many, first dense index): a man never rests on
    /// the row where it is crowned, so white men use the squares below the
    /// last rank and black men those above the first, counted from the first
    /// rank's end.
    pub(crate) kinds: [(u32, u32); 4],
    /// The bit of the last square (top right as White sees the board): a half
    /// turn maps bit `b` to `last - b`.
    last: u32,
}

impl Board {
    #[cfg_attr(not(feature = "lab"), allow(dead_code))]
    pub(crate) const fn of(geo: &Geometry) -> Board {
        let mut dense = [u8::MAX; 128];
        let mut bit = [0u8; MOST_SQUARES];
        let mut b = 0;
        let mut n = 0;
        while b < 128 {
            if geo.valid >> b & 1 != 0 {
                dense[b] = n;
                bit[n as usize] = b as u8;
                n += 1;
            }
            b += 1;
        }
        let squares = geo.squares();
        let row = geo.size as u32 / 2;
        Board {
            dense,
            bit,
            kinds: [
                (squares - row, 0),
                (squares, 0),
                (squares - row, row),
                (squares, 0),
            ],
            last: bit_of(geo.size - 1, geo.size - 1) as u32,
        }
    }

    /// The rank of a set of squares among the sets of its size (the combinatorial
    /// number system), with dense indices counted from `from`.
    #[inline]
    pub(crate) fn rank<W: Word>(&self, mut set: W, from: u32) -> u64 {
        let mut r = 0;
        let mut i = 1;
        while !set.is_zero() {
            let s = self.dense[set.trailing_zeros() as usize] as u32 - from;
            r += BINOM[s as usize][i];
            i += 1;
            set = set.clear_lowest();
        }
        r
    }

    /// Whether the board needs a 128-bit word (its last square is past bit 63,
    /// as [`Geometry::wide`] says of the board).
    #[inline(always)]
    pub(crate) fn wide(&self) -> bool {
        self.last >= 64
    }

    /// Turns a position 180° and swaps the colours: the same position for the
    /// other side. In the ghost-square layout a half turn reverses the bits
    /// from a1 (bit 0) to the last square.
    #[cfg(test)]
    pub(crate) fn turned<W: Word>(&self, (white, black, kings): (W, W, W)) -> (W, W, W) {
        self.half_turn((black, white, kings))
    }

    /// The three sets turned 180°, each where it was.
    #[inline(always)]
    pub(crate) fn half_turn<W: Word>(&self, (a, b, c): (W, W, W)) -> (W, W, W) {
        let t = |x: W| x.reverse_bits() >> (W::WIDTH - 1 - self.last);
        (t(a), t(b), t(c))
    }

    /// White's pieces, Black's and the kings, as the side to move sees them: as
    /// White, on a board turned for Black; in the word `W`, which must hold
    /// the board.
    #[inline]
    pub(crate) fn as_white<W: Word>(&self, pos: &Position) -> (W, W, W) {
        // The side to move's pieces first: White's, or Black's to be turned.
        let parts = pos.raw::<W>();
        match pos.side_to_move() {
            Color::White => parts,
            Color::Black => self.half_turn(parts),
        }
    }
}

/// How the tables count each of [`crate::bitboard::BOARDS`], in its order.
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
const BOARDS: [Board; 3] = {
    let geo = crate::bitboard::BOARDS;
    [Board::of(&geo[0]), Board::of(&geo[1]), Board::of(&geo[2])]
};

/// How the tables count the squares of `geo`'s board.
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
pub(crate) fn board_of(geo: &Geometry) -> &'static Board {
    let at = crate::bitboard::BOARDS
        .iter()
        .position(|g| g.size == geo.size);
    &BOARDS[at.expect("every board is in the list")]
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
    fn index<W: Word>(&self, sets: [W; 4], board: &Board) -> usize {
        let mut i = 0;
        for ((set, size), (_, from)) in sets.iter().zip(self.sizes).zip(board.kinds) {
            i = i * size + board.rank(*set, from);
        }
        self.offset + i as usize
    }
}

/// Every position of up to `pieces` pieces of one ruleset, solved.
#[derive(Clone)]
pub struct Tables {
    pub(crate) pieces: u32,
    /// How the board's squares are counted.
    pub(crate) board: Board,
    /// Offsets of the groups by (white men, white kings, black men, black kings).
    pub(crate) groups: Vec<Option<Group>>,
    pub(crate) cells: Cells,
}

/// The cells of [`Tables`], each position's value. Made by the lab alone.
#[derive(Clone)]
#[cfg_attr(not(feature = "lab"), allow(dead_code))]
pub(crate) enum Cells {
    /// A byte a position: as solved, or inflated when read.
    Raw(Vec<Cell>),
    /// Deflated a block at a time, inflated as probed: tables too large to
    /// hold a byte a position ([`RAW_LIMIT`]).
    Packed(Packed),
}

/// The most cells tables read from a file are held a byte each; larger ones
/// stay deflated in memory and are inflated a block at a time as probed. Every
/// table of up to five pieces on 8×8 and 10×10 and six on 8×8 (3.7 G cells) is
/// held raw, as the matches of docs/STRENGTH.md measured them; five on 12×12
/// (12.3 G) are held deflated.
pub const RAW_LIMIT: usize = 4 << 30;

impl Cells {
    /// The number of cells.
    pub(crate) fn len(&self) -> usize {
        match self {
            Cells::Raw(c) => c.len(),
            Cells::Packed(p) => p.len(),
        }
    }

    /// Cell `i`; `None` past the end (or in a block that does not inflate).
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<Cell> {
        match self {
            Cells::Raw(c) => c.get(i).copied(),
            Cells::Packed(p) => p.get(i),
        }
    }

    /// The cells held a byte each, for the solver, which writes them. The
    /// solver makes its tables raw and never reads deflated ones, so deflated
    /// cells here are a bug, said at the call rather than as a bad index.
    #[cfg_attr(not(feature = "lab"), allow(dead_code))]
    pub(crate) fn raw_mut(&mut self) -> &mut [Cell] {
        match self {
            Cells::Raw(c) => c,
            Cells::Packed(_) => unreachable!("the solver writes only tables it holds raw"),
        }
    }
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
        self.cells.len() == 0
    }

    /// The bytes the cells take in memory: one a position, or what they
    /// deflate to where they are too many for that ([`RAW_LIMIT`]).
    pub fn memory(&self) -> usize {
        match &self.cells {
            Cells::Raw(c) => c.len(),
            Cells::Packed(p) => p.bytes(),
        }
    }

    /// The value of `pos` for the side to move, if it has few enough pieces.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.occupied().count() > self.pieces {
            return None;
        }
        Some(decode(self.cell(pos)?))
    }

    /// The cell of `pos`; `None` if a side has no piece (the game is over: no
    /// table needed) or it is not in the tables.
    #[inline]
    fn cell(&self, pos: &Position) -> Option<Cell> {
        let i = if self.board.wide() {
            self.index_of(self.board.as_white::<u128>(pos))
        } else {
            self.index_of(self.board.as_white::<u64>(pos))
        };
        self.cells.get(i?)
    }

    /// The index of the cell of a position with White to move, given as
    /// White's pieces, Black's and the kings.
    #[inline]
    pub(crate) fn index_of<W: Word>(&self, (white, black, kings): (W, W, W)) -> Option<usize> {
        let sets = [white & !kings, white & kings, black & !kings, black & kings];
        let counts = sets.map(|s| s.count_ones() as u8);
        let g = (*self.groups.get(slot(counts))?)?;
        Some(g.index(sets, &self.board))
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
        for (geo, [a, b, c, d]) in [
            (crate::BOARD_8, ["a1", "h8", "c3", "f6"]),
            (crate::BOARD_10, ["a1", "j10", "c3", "h8"]),
            (crate::BOARD_12, ["a1", "l12", "c3", "j10"]),
        ] {
            let sq = |n: &str| geo.square_named(n).unwrap().mask();
            let board = board_of(&geo);
            assert_eq!(
                board.turned((sq(a) | sq(c), 0, sq(a))),
                (0, sq(b) | sq(d), sq(b))
            );
            // Every square to its twin and back.
            for s in geo.all() {
                let t = board.turned((s.mask(), 0, 0)).1;
                let twin = geo
                    .square_at(geo.size - 1 - s.file(), geo.size - 1 - s.rank())
                    .unwrap();
                assert_eq!(t, twin.mask(), "{s:?}");
            }
        }
    }
}

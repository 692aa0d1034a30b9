//! A small network on top of the pattern weights: what a sum of patterns cannot
//! say (that this man is weak *because* those squares are empty and the kings
//! are far away) it learns as a few dozen nonlinear features of the whole board.
//!
//! Inputs are the (piece kind, square) pairs seen from one side (128 on 8×8,
//! 200 on 10×10, 288 on 12×12), plus "this side is to move". A hidden layer of [`HIDDEN`]
//! units, clipped to 0..1, feeds one output. The score for White is the network on the board as White sees it
//! minus the network on the board as Black sees it (turned 180°, colours
//! swapped), so that, like the patterns, it is antisymmetric by construction.
//!
//! It is trained in floating point on the residual the hand-written terms and
//! the pattern weights leave (by the lab's fit, `checkers::lab::network`), stored as floats in the weights file, and
//! played with 16-bit integers: a position costs one row of [`HIDDEN`] adds per
//! piece and side of view.

use crate::bitboard::{Geometry, Word};
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;

/// Hidden units.
pub const HIDDEN: usize = 64;

/// Where a board's network keeps its parameters: the input rows (four piece
/// kinds, own man, own king, other man, other king, on each square, then the
/// side to move), the hidden biases, the output weights. Only the number of
/// rows depends on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    squares: usize,
}

impl Shape {
    /// The network of `geo`'s board.
    pub const fn of(geo: &Geometry) -> Shape {
        Shape {
            squares: geo.squares() as usize,
        }
    }

    /// Input rows.
    pub const fn inputs(&self) -> usize {
        4 * self.squares + 1
    }

    /// The side-to-move input.
    pub(crate) const fn side_to_move(&self) -> usize {
        4 * self.squares
    }

    /// Parameters, in the order the weights file holds them.
    pub const fn params(&self) -> usize {
        self.inputs() * HIDDEN + 2 * HIDDEN
    }

    /// The first hidden bias.
    pub(crate) const fn biases(&self) -> usize {
        self.inputs() * HIDDEN
    }

    /// The first output weight.
    pub(crate) const fn output(&self) -> usize {
        self.biases() + HIDDEN
    }
}

/// Fixed-point unit of a hidden activation when playing, at most; a network
/// whose sums could overflow 16 bits at it plays with a smaller one.
const ACT_ONE: i32 = 256;

/// Both views' hidden sums, before the side to move's row.
pub type Accumulator = [[i16; HIDDEN]; 2];
/// Fixed-point unit of an output weight (hundredths of a man): up to ±1,000
/// hundredths of a man per unit of activation fit in 16 bits.
const OUT_ONE: i32 = 32;

/// Bits a square can have on any board (12×12's last square is bit 77).
const BITS: usize = 80;

/// `rows[view][kind][bit]`: the input row of a piece of `kind` (white man, white
/// king, black man, black king) on square `bit`, as White (view 0) or Black
/// (view 1) sees it.
pub(crate) type Rows = [[[u16; BITS]; 4]; 2];

/// The [`Rows`] of `geo`'s board.
pub(crate) fn rows(geo: &Geometry) -> Rows {
    // The rows are the engine's own: numbered on the usual face whatever board
    // a ruleset shows.
    let geo = &geo.plain();
    let mut rows = [[[0u16; BITS]; 4]; 2];
    let squares = geo.squares() as usize;
    let number = |sq| geo.number(sq).expect("a square of the board") as usize;
    for sq in geo.all() {
        let bit = sq.bit() as usize;
        let turned = super::learned::rotate(geo, sq);
        let [white_view, black_view] = &mut rows;
        for (kind, (w, b)) in white_view.iter_mut().zip(black_view).enumerate() {
            w[bit] = (kind * squares + number(sq) - 1) as u16;
            b[bit] = (((kind + 2) % 4) * squares + number(turned) - 1) as u16;
        }
    }
    rows
}

/// The pieces of `pos` as (kind, set) pairs in the order of [`rows`], in the
/// word `W` (which must hold the board).
#[inline(always)]
pub(crate) fn piece_sets<W: Word>(pos: &Position) -> [W; 4] {
    let (us, them, kings) = pos.raw::<W>();
    let (white, black) = match pos.side_to_move() {
        Color::White => (us, them),
        Color::Black => (them, us),
    };
    [white & !kings, white & kings, black & !kings, black & kings]
}

/// Calls `f` with each bit of `set`.
#[inline(always)]
pub(crate) fn each_bit<W: Word>(mut set: W, mut f: impl FnMut(usize)) {
    while !set.is_zero() {
        f(set.trailing_zeros() as usize);
        set = set.clear_lowest();
    }
}

/// The network as it plays: integer rows and output weights in hundredths of a man.
#[derive(Clone)]
pub struct Network {
    rows: Rows,
    input: Vec<[i16; HIDDEN]>,
    bias: [i16; HIDDEN],
    output: [i16; HIDDEN],
    /// The side-to-move row.
    to_move: usize,
    /// This network's fixed-point unit of activation.
    one: i32,
    /// Whether the board needs more than 64 bits: the sums are then walked in
    /// 128-bit words, and on the other boards in the 64-bit ones they cost
    /// before 12×12 came (3% of a search's speed on 8×8).
    wide: bool,
    #[cfg(target_arch = "x86_64")]
    avx2: bool,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network").finish_non_exhaustive()
    }
}

impl Network {
    /// Ready to play on `geo`'s board from the stored parameters
    /// ([`Shape::params`] floats: rows and biases in activation units, output
    /// weights in hundredths of a man).
    pub fn new(params: &[f32], geo: &Geometry) -> Network {
        let shape = Shape::of(geo);
        assert_eq!(params.len(), shape.params(), "a value for every parameter");
        let (to_move, biases, output) = (shape.side_to_move(), shape.biases(), shape.output());
        // The largest sum a unit can reach: its bias, the side-to-move row and
        // the largest rows of as many pieces as the board can hold at the start
        // (no position holds more). Any order of additions then stays within 16 bits.
        let most = 2 * geo.most_men() as usize;
        let reach = (0..HIDDEN)
            .map(|j| {
                let mut rows: Vec<f32> = (0..shape.inputs())
                    .filter(|&i| i != to_move)
                    .map(|i| params[i * HIDDEN + j].abs())
                    .collect();
                rows.sort_by(|a, b| b.total_cmp(a));
                params[biases + j].abs()
                    + params[to_move * HIDDEN + j].abs()
                    + rows[..most].iter().sum::<f32>()
            })
            .fold(0f32, f32::max);
        let mut one = ACT_ONE;
        while one > 1 && reach * one as f32 > 30_000.0 {
            one /= 2;
        }
        let q = |x: f32, one: i32| {
            (x * one as f32)
                .round()
                .clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        let input = (0..shape.inputs())
            .map(|i| std::array::from_fn(|j| q(params[i * HIDDEN + j], one)))
            .collect();
        Network {
            rows: rows(geo),
            input,
            bias: std::array::from_fn(|j| q(params[biases + j], one)),
            one,
            output: std::array::from_fn(|j| q(params[output + j], OUT_ONE)),
            to_move,
            wide: geo.wide(),
            #[cfg(target_arch = "x86_64")]
            avx2: std::arch::is_x86_feature_detected!("avx2"),
        }
    }

    /// The network's score of `pos` for White, in hundredths of a man.
    #[inline]
    pub fn white_score(&self, pos: &Position) -> i32 {
        let mut acc = [self.bias; 2];
        self.refresh(pos, &mut acc);
        self.score(&acc, pos.side_to_move())
    }

    /// Fills `acc` with the sums of `pos`'s rows, side to move apart.
    pub fn refresh(&self, pos: &Position, acc: &mut Accumulator) {
        *acc = [self.bias; 2];
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: the CPU was found to have AVX2 when the network was made.
            return unsafe { self.refresh_avx2(pos, acc) };
        }
        self.refresh_rows(pos, acc)
    }

    /// The accumulator of the position `m` leads to from `parent`, from
    /// `parent`'s: the mover's rows out and in, the captured pieces' rows out.
    /// Rows are added with wrapping arithmetic, so the order of additions does
    /// not matter and the result is exactly [`Network::refresh`]'s.
    #[inline]
    pub fn update(&self, acc: &Accumulator, parent: &Position, m: &Move, out: &mut Accumulator) {
        *out = *acc;
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: as in `refresh`.
            return unsafe { self.update_avx2(parent, m, out) };
        }
        self.update_rows(parent, m, out)
    }

    /// The score, for White in hundredths of a man, of the position whose rows
    /// `acc` holds, with `to_move` to move.
    #[inline]
    pub fn score(&self, acc: &Accumulator, to_move: Color) -> i32 {
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: as in `refresh`.
            return unsafe { self.score_avx2(acc, to_move) };
        }
        self.score_rows(acc, to_move)
    }

    // The same code compiled for 256-bit registers: a row of 64 units is four
    // instructions instead of eight, and rows are most of the cost.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn refresh_avx2(&self, pos: &Position, acc: &mut Accumulator) {
        self.refresh_rows(pos, acc)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn update_avx2(&self, parent: &Position, m: &Move, acc: &mut Accumulator) {
        self.update_rows(parent, m, acc)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn score_avx2(&self, acc: &Accumulator, to_move: Color) -> i32 {
        self.score_rows(acc, to_move)
    }

    /// Adds (`add`) or takes away the rows of a piece of `kind` on `bit`, in both views.
    #[inline(always)]
    fn piece(&self, acc: &mut Accumulator, kind: usize, bit: usize, add: bool) {
        for (view, a) in acc.iter_mut().enumerate() {
            let row = &self.input[self.rows[view][kind][bit] as usize];
            if add {
                for (x, w) in a.iter_mut().zip(row) {
                    *x = x.wrapping_add(*w);
                }
            } else {
                for (x, w) in a.iter_mut().zip(row) {
                    *x = x.wrapping_sub(*w);
                }
            }
        }
    }

    #[inline(always)]
    fn refresh_rows(&self, pos: &Position, acc: &mut Accumulator) {
        if self.wide {
            self.refresh_in::<u128>(pos, acc)
        } else {
            self.refresh_in::<u64>(pos, acc)
        }
    }

    #[inline(always)]
    fn refresh_in<W: Word>(&self, pos: &Position, acc: &mut Accumulator) {
        for (kind, set) in piece_sets::<W>(pos).into_iter().enumerate() {
            each_bit(set, |bit| self.piece(acc, kind, bit, true));
        }
    }

    #[inline(always)]
    fn update_rows(&self, parent: &Position, m: &Move, acc: &mut Accumulator) {
        if self.wide {
            self.update_in::<u128>(parent, m, acc)
        } else {
            self.update_in::<u64>(parent, m, acc)
        }
    }

    #[inline(always)]
    fn update_in<W: Word>(&self, parent: &Position, m: &Move, acc: &mut Accumulator) {
        let (from, to) = (m.raw_from() as usize, m.raw_to() as usize);
        let us = if parent.side_to_move() == Color::White {
            0
        } else {
            2
        };
        let (_, _, kings) = parent.raw::<W>();
        let was_king = !(kings & W::bit(from as u32)).is_zero();
        self.piece(acc, us + was_king as usize, from, false);
        self.piece(acc, us + (was_king || m.promotes()) as usize, to, true);
        each_bit(W::narrow(m.captured().0), |bit| {
            let king = !(kings & W::bit(bit as u32)).is_zero();
            self.piece(acc, (2 - us) + king as usize, bit, false)
        });
    }

    #[inline(always)]
    fn score_rows(&self, acc: &Accumulator, to_move: Color) -> i32 {
        let mut acc = *acc;
        let view = to_move.index();
        for (a, w) in acc[view].iter_mut().zip(&self.input[self.to_move]) {
            *a = a.wrapping_add(*w);
        }
        let one = self.one as i16;
        let out = |acc: &[i16; HIDDEN]| -> i32 {
            acc.iter()
                .zip(&self.output)
                .map(|(&a, &v)| a.clamp(0, one) as i32 * v as i32)
                .sum()
        };
        (out(&acc[0]) - out(&acc[1])) / (self.one * OUT_ONE)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::ai::Rng;

    /// Parameters of a random network: rows and biases in activation units,
    /// output weights in hundredths of a man.
    pub(crate) fn random_params(seed: u64, geo: &Geometry) -> Vec<f32> {
        let mut rng = Rng::new(seed);
        let shape = Shape::of(geo);
        (0..shape.params())
            .map(|i| {
                let x = (rng.below(2001) as f32 / 1000.0 - 1.0) * 0.3;
                if i < shape.output() {
                    x
                } else {
                    x * 50.0
                }
            })
            .collect()
    }

    #[test]
    fn updated_sums_equal_sums_made_afresh() {
        let mut rng = Rng::new(4);
        for rules in crate::Ruleset::builtins() {
            let net = Network::new(&random_params(11, rules.geometry()), rules.geometry());
            for _ in 0..20 {
                let mut pos = Position::start(&rules);
                let mut acc = [[0; HIDDEN]; 2];
                net.refresh(&pos, &mut acc);
                for _ in 0..80 {
                    let moves = crate::legal_moves(&pos, &rules);
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len() as u64) as usize];
                    let mut next = [[0; HIDDEN]; 2];
                    net.update(&acc, &pos, &m, &mut next);
                    pos = pos.after(&m);
                    let mut fresh = [[0; HIDDEN]; 2];
                    net.refresh(&pos, &mut fresh);
                    assert_eq!(next, fresh, "{}: after {m:?}", rules.id);
                    assert_eq!(net.score(&next, pos.side_to_move()), net.white_score(&pos));
                    acc = next;
                }
            }
        }
    }
}

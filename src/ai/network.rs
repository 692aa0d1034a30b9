//! A small network on top of the pattern weights: what a sum of patterns cannot
//! say (that this man is weak *because* those squares are empty and the kings
//! are far away) it learns as a few dozen nonlinear features of the whole board.
//!
//! Inputs are the (piece kind, square) pairs seen from one side (128 on 8×8,
//! 200 on 10×10, 288 on 12×12), plus "this side is to move". A hidden layer of
//! 32 to 256 units (one of [`HIDDEN_SIZES`]: the weights file says which),
//! clipped to 0..1, feeds one output. The score for White is the network on the
//! board as White sees it minus the network on the board as Black sees it
//! (turned 180°, colours swapped), so that, like the patterns, it is
//! antisymmetric by construction.
//!
//! It is trained in floating point on the residual the hand-written terms and
//! the pattern weights leave (by the lab's fit, `checkers::lab::network`),
//! stored as floats in the weights file, and played with 16-bit integers: a
//! position costs one row of adds, as long as the hidden layer, per piece and
//! side of view.

use crate::bitboard::{Geometry, Word};
use crate::moves::Move;
use crate::position::Position;
use crate::square::Color;

/// The hidden layer's sizes this program plays: multiples of a 256-bit
/// register's 16 lanes, each compiled for its own size.
pub const HIDDEN_SIZES: [usize; 4] = [32, 64, 128, 256];

/// The largest hidden layer.
pub const MAX_HIDDEN: usize = 256;

/// The hidden layer the lab fits unless told otherwise.
pub const DEFAULT_HIDDEN: usize = 64;

/// Where a board's network keeps its parameters: the input rows (four piece
/// kinds, own man, own king, other man, other king, on each square, then the
/// side to move), the hidden biases, the output weights, each as long as the
/// hidden layer. The number of rows depends on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    squares: usize,
    hidden: usize,
}

impl Shape {
    /// The network of `hidden` units on `geo`'s board.
    pub const fn of(geo: &Geometry, hidden: usize) -> Shape {
        Shape {
            squares: geo.squares() as usize,
            hidden,
        }
    }

    /// The network on `geo`'s board that has `params` parameters, if one of
    /// [`HIDDEN_SIZES`] has that many.
    pub fn with_params(geo: &Geometry, params: usize) -> Option<Shape> {
        HIDDEN_SIZES
            .iter()
            .map(|&h| Shape::of(geo, h))
            .find(|s| s.params() == params)
    }

    /// Hidden units.
    pub const fn hidden(&self) -> usize {
        self.hidden
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
        (self.inputs() + 2) * self.hidden
    }

    /// The first hidden bias.
    pub(crate) const fn biases(&self) -> usize {
        self.inputs() * self.hidden
    }

    /// The first output weight.
    pub(crate) const fn output(&self) -> usize {
        self.biases() + self.hidden
    }
}

/// Fixed-point unit of a hidden activation when playing, at most; a network
/// whose sums could overflow 16 bits at it plays with a smaller one.
const ACT_ONE: i32 = 256;

/// Both views' hidden sums, before the side to move's row; a network of fewer
/// than [`MAX_HIDDEN`] units uses the first of them.
pub type Accumulator = [[i16; MAX_HIDDEN]; 2];
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

/// Evaluates `$body` with `$n` bound to `$hidden` as a constant, one of
/// [`HIDDEN_SIZES`]: each size is its own code, so that a row is a fixed run of
/// registers. The branch is the same at every call and costs nothing next to the rows.
macro_rules! sized {
    ($hidden:expr, $n:ident => $body:expr) => {
        match $hidden {
            32 => {
                const $n: usize = 32;
                $body
            }
            64 => {
                const $n: usize = 64;
                $body
            }
            128 => {
                const $n: usize = 128;
                $body
            }
            _ => {
                const $n: usize = 256;
                $body
            }
        }
    };
}

/// The network as it plays: integer rows and output weights in hundredths of a man.
#[derive(Clone)]
pub struct Network {
    rows: Rows,
    /// Hidden units: one of [`HIDDEN_SIZES`].
    hidden: usize,
    /// The input rows, `hidden` values each.
    input: Vec<i16>,
    bias: [i16; MAX_HIDDEN],
    output: [i16; MAX_HIDDEN],
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
    /// ([`Shape::params`] floats for one of [`HIDDEN_SIZES`]: rows and biases in
    /// activation units, output weights in hundredths of a man).
    pub fn new(params: &[f32], geo: &Geometry) -> Network {
        let shape = Shape::with_params(geo, params.len())
            .expect("a value for every parameter of a network of a size this program plays");
        let hidden = shape.hidden();
        let (to_move, biases, output) = (shape.side_to_move(), shape.biases(), shape.output());
        // The largest sum a unit can reach: its bias, the side-to-move row and
        // the largest rows of as many pieces as the board can hold at the start
        // (no position holds more). Any order of additions then stays within 16 bits.
        let most = 2 * geo.most_men() as usize;
        let reach = (0..hidden)
            .map(|j| {
                let mut rows: Vec<f32> = (0..shape.inputs())
                    .filter(|&i| i != to_move)
                    .map(|i| params[i * hidden + j].abs())
                    .collect();
                rows.sort_by(|a, b| b.total_cmp(a));
                params[biases + j].abs()
                    + params[to_move * hidden + j].abs()
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
        let input = params[..biases].iter().map(|&x| q(x, one)).collect();
        // Units past `hidden` are never read.
        let padded = |at: usize, one: i32| -> [i16; MAX_HIDDEN] {
            std::array::from_fn(|j| {
                if j < hidden {
                    q(params[at + j], one)
                } else {
                    0
                }
            })
        };
        Network {
            rows: rows(geo),
            hidden,
            input,
            bias: padded(biases, one),
            one,
            output: padded(output, OUT_ONE),
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
        #[cfg(target_arch = "x86_64")]
        if self.avx2 {
            // SAFETY: as in `refresh`.
            return unsafe { self.update_avx2(acc, parent, m, out) };
        }
        self.update_rows(acc, parent, m, out)
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
    fn update_avx2(&self, from: &Accumulator, parent: &Position, m: &Move, acc: &mut Accumulator) {
        self.update_rows(from, parent, m, acc)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn score_avx2(&self, acc: &Accumulator, to_move: Color) -> i32 {
        self.score_rows(acc, to_move)
    }

    /// Adds (`add`) or takes away the rows of a piece of `kind` on `bit`, in both views.
    #[inline(always)]
    fn piece<const N: usize>(&self, acc: &mut Accumulator, kind: usize, bit: usize, add: bool) {
        for (view, a) in acc.iter_mut().enumerate() {
            let at = self.rows[view][kind][bit] as usize * N;
            let row: &[i16; N] = self.input[at..at + N].try_into().expect("a whole row");
            let a: &mut [i16; N] = (&mut a[..N]).try_into().expect("N units");
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
        sized!(self.hidden, N => self.refresh_sized::<N>(pos, acc))
    }

    #[inline(always)]
    fn refresh_sized<const N: usize>(&self, pos: &Position, acc: &mut Accumulator) {
        if self.wide {
            self.refresh_in::<u128, N>(pos, acc)
        } else {
            self.refresh_in::<u64, N>(pos, acc)
        }
    }

    #[inline(always)]
    fn refresh_in<W: Word, const N: usize>(&self, pos: &Position, acc: &mut Accumulator) {
        for (kind, set) in piece_sets::<W>(pos).into_iter().enumerate() {
            each_bit(set, |bit| self.piece::<N>(acc, kind, bit, true));
        }
    }

    #[inline(always)]
    fn update_rows(&self, from: &Accumulator, parent: &Position, m: &Move, acc: &mut Accumulator) {
        sized!(self.hidden, N => self.update_sized::<N>(from, parent, m, acc))
    }

    #[inline(always)]
    fn update_sized<const N: usize>(
        &self,
        from: &Accumulator,
        parent: &Position,
        m: &Move,
        acc: &mut Accumulator,
    ) {
        // Only the units in use: the rest of a large accumulator is never read.
        for (a, f) in acc.iter_mut().zip(from) {
            a[..N].copy_from_slice(&f[..N]);
        }
        if self.wide {
            self.update_in::<u128, N>(parent, m, acc)
        } else {
            self.update_in::<u64, N>(parent, m, acc)
        }
    }

    #[inline(always)]
    fn update_in<W: Word, const N: usize>(
        &self,
        parent: &Position,
        m: &Move,
        acc: &mut Accumulator,
    ) {
        let (from, to) = (m.raw_from() as usize, m.raw_to() as usize);
        let us = if parent.side_to_move() == Color::White {
            0
        } else {
            2
        };
        let (_, _, kings) = parent.raw::<W>();
        let was_king = !(kings & W::bit(from as u32)).is_zero();
        self.piece::<N>(acc, us + was_king as usize, from, false);
        self.piece::<N>(acc, us + (was_king || m.promotes()) as usize, to, true);
        each_bit(W::narrow(m.captured().0), |bit| {
            let king = !(kings & W::bit(bit as u32)).is_zero();
            self.piece::<N>(acc, (2 - us) + king as usize, bit, false)
        });
    }

    #[inline(always)]
    fn score_rows(&self, acc: &Accumulator, to_move: Color) -> i32 {
        sized!(self.hidden, N => self.score_sized::<N>(acc, to_move))
    }

    #[inline(always)]
    fn score_sized<const N: usize>(&self, acc: &Accumulator, to_move: Color) -> i32 {
        let sums = |view: usize| -> [i16; N] { acc[view][..N].try_into().expect("N units") };
        let mut acc = [sums(0), sums(1)];
        let view = to_move.index();
        let at = self.to_move * N;
        for (a, w) in acc[view].iter_mut().zip(&self.input[at..at + N]) {
            *a = a.wrapping_add(*w);
        }
        let one = self.one as i16;
        let output: &[i16; N] = self.output[..N].try_into().expect("N units");
        let out = |acc: &[i16; N]| -> i32 {
            acc.iter()
                .zip(output)
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
    pub(crate) fn random_params(seed: u64, geo: &Geometry, hidden: usize) -> Vec<f32> {
        let mut rng = Rng::new(seed);
        let shape = Shape::of(geo, hidden);
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
        // Every size is its own code.
        for (rules, hidden) in crate::Ruleset::builtins()
            .into_iter()
            .flat_map(|r| HIDDEN_SIZES.map(|h| (r.clone(), h)))
        {
            let params = random_params(11, rules.geometry(), hidden);
            let net = Network::new(&params, rules.geometry());
            for _ in 0..20 {
                let mut pos = Position::start(&rules);
                let mut acc = [[0; MAX_HIDDEN]; 2];
                net.refresh(&pos, &mut acc);
                for _ in 0..80 {
                    let moves = crate::legal_moves(&pos, &rules);
                    if moves.is_empty() {
                        break;
                    }
                    let m = moves[rng.below(moves.len() as u64) as usize];
                    let mut next = [[0; MAX_HIDDEN]; 2];
                    net.update(&acc, &pos, &m, &mut next);
                    pos = pos.after(&m);
                    let mut fresh = [[0; MAX_HIDDEN]; 2];
                    net.refresh(&pos, &mut fresh);
                    assert_eq!(next, fresh, "{} ({hidden} units): after {m:?}", rules.id);
                    assert_eq!(net.score(&next, pos.side_to_move()), net.white_score(&pos));
                    acc = next;
                }
            }
        }
    }
}

//! A small network on top of the pattern weights: what a sum of patterns cannot
//! say (that this man is weak *because* those squares are empty and the kings
//! are far away) it learns as a few dozen nonlinear features of the whole board.
//!
//! Inputs are the 128 (piece kind, square) pairs seen from one side, plus "this
//! side is to move". A hidden layer of [`HIDDEN`] units, clipped to 0..1, feeds
//! one output. The score for White is the network on the board as White sees it
//! minus the network on the board as Black sees it (turned 180°, colours
//! swapped), so that, like the patterns, it is antisymmetric by construction.
//!
//! It is trained in floating point on the residual the hand-written terms and
//! the pattern weights leave ([`fit`]), stored as floats in the weights file, and
//! played with 16-bit integers: a position costs one row of [`HIDDEN`] adds per
//! piece and side of view.

use super::Rng;
use crate::moves::Move;
use crate::position::Position;
use crate::square::{Color, Square};

/// Hidden units.
pub const HIDDEN: usize = 64;
/// Inputs: four piece kinds (own man, own king, other man, other king) on 32
/// squares, then the side to move.
pub const INPUTS: usize = 4 * 32 + 1;
/// The side-to-move input.
const TO_MOVE: usize = 4 * 32;
/// Parameters, in the order the weights file holds them: the input rows, the
/// hidden biases, the output weights.
pub const PARAMS: usize = INPUTS * HIDDEN + 2 * HIDDEN;
const BIASES: usize = INPUTS * HIDDEN;
const OUTPUT: usize = BIASES + HIDDEN;

/// Fixed-point unit of a hidden activation when playing, at most; a network
/// whose sums could overflow 16 bits at it plays with a smaller one.
const ACT_ONE: i32 = 256;

/// Both views' hidden sums, before the side to move's row.
pub type Accumulator = [[i16; HIDDEN]; 2];
/// Fixed-point unit of an output weight (hundredths of a man): up to ±1,000
/// hundredths of a man per unit of activation fit in 16 bits.
const OUT_ONE: i32 = 32;

/// `rows[view][kind][bit]`: the input row of a piece of `kind` (white man, white
/// king, black man, black king) on square `bit`, as White (view 0) or Black
/// (view 1) sees it.
fn rows() -> [[[u16; 64]; 4]; 2] {
    let mut rows = [[[0u16; 64]; 4]; 2];
    for sq in Square::all() {
        let bit = sq.bit() as usize;
        let turned = super::learned::rotate(sq);
        let [white_view, black_view] = &mut rows;
        for (kind, (w, b)) in white_view.iter_mut().zip(black_view).enumerate() {
            w[bit] = (kind * 32 + sq.pdn() as usize - 1) as u16;
            b[bit] = (((kind + 2) % 4) * 32 + turned.pdn() as usize - 1) as u16;
        }
    }
    rows
}

/// The pieces of `pos` as (kind, set) pairs in the order of [`rows`].
#[inline(always)]
fn piece_sets(pos: &Position) -> [u64; 4] {
    [
        pos.men(Color::White).0,
        pos.kings(Color::White).0,
        pos.men(Color::Black).0,
        pos.kings(Color::Black).0,
    ]
}

/// The active inputs of both views of `pos`.
fn active_inputs(rows: &[[[u16; 64]; 4]; 2], pos: &Position, out: &mut [Vec<u16>; 2]) {
    out[0].clear();
    out[1].clear();
    for (kind, set) in piece_sets(pos).into_iter().enumerate() {
        let mut s = set;
        while s != 0 {
            let bit = s.trailing_zeros() as usize;
            out[0].push(rows[0][kind][bit]);
            out[1].push(rows[1][kind][bit]);
            s &= s - 1;
        }
    }
    let view = if pos.side_to_move() == Color::White {
        0
    } else {
        1
    };
    out[view].push(TO_MOVE as u16);
}

/// The network as it plays: integer rows and output weights in hundredths of a man.
#[derive(Clone)]
pub struct Network {
    rows: [[[u16; 64]; 4]; 2],
    input: Vec<[i16; HIDDEN]>,
    bias: [i16; HIDDEN],
    output: [i16; HIDDEN],
    /// This network's fixed-point unit of activation.
    one: i32,
    #[cfg(target_arch = "x86_64")]
    avx2: bool,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Network").finish_non_exhaustive()
    }
}

impl Network {
    /// Ready to play from the stored parameters ([`PARAMS`] floats: rows and biases
    /// in activation units, output weights in hundredths of a man).
    pub fn new(params: &[f32]) -> Network {
        assert_eq!(params.len(), PARAMS, "a value for every parameter");
        // The largest sum a unit can reach: its bias, the side-to-move row and
        // the 24 largest rows (no board holds more pieces). Any order of
        // additions then stays within 16 bits.
        let reach = (0..HIDDEN)
            .map(|j| {
                let mut rows: Vec<f32> = (0..INPUTS)
                    .filter(|&i| i != TO_MOVE)
                    .map(|i| params[i * HIDDEN + j].abs())
                    .collect();
                rows.sort_by(|a, b| b.total_cmp(a));
                params[BIASES + j].abs()
                    + params[TO_MOVE * HIDDEN + j].abs()
                    + rows[..24].iter().sum::<f32>()
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
        let input = (0..INPUTS)
            .map(|i| std::array::from_fn(|j| q(params[i * HIDDEN + j], one)))
            .collect();
        Network {
            rows: rows(),
            input,
            bias: std::array::from_fn(|j| q(params[BIASES + j], one)),
            one,
            output: std::array::from_fn(|j| q(params[OUTPUT + j], OUT_ONE)),
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
        for (kind, set) in piece_sets(pos).into_iter().enumerate() {
            let mut s = set;
            while s != 0 {
                self.piece(acc, kind, s.trailing_zeros() as usize, true);
                s &= s - 1;
            }
        }
    }

    #[inline(always)]
    fn update_rows(&self, parent: &Position, m: &Move, acc: &mut Accumulator) {
        let (from, to) = (m.raw_from() as usize, m.raw_to() as usize);
        let us = if parent.side_to_move() == Color::White {
            0
        } else {
            2
        };
        let was_king = parent.kings(parent.side_to_move()).0 >> from & 1 != 0;
        self.piece(acc, us + was_king as usize, from, false);
        self.piece(acc, us + (was_king || m.promotes()) as usize, to, true);
        let kings = parent.kings(parent.side_to_move().opposite()).0;
        let mut c = m.captured().0;
        while c != 0 {
            let bit = c.trailing_zeros() as usize;
            self.piece(acc, (2 - us) + (kings >> bit & 1) as usize, bit, false);
            c &= c - 1;
        }
    }

    #[inline(always)]
    fn score_rows(&self, acc: &Accumulator, to_move: Color) -> i32 {
        let mut acc = *acc;
        let view = to_move.index();
        for (a, w) in acc[view].iter_mut().zip(&self.input[TO_MOVE]) {
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

/// What the trainer needs of one position.
#[derive(Clone, Copy, Debug)]
pub struct Sample<'a> {
    pub position: &'a Position,
    /// What the rest of the evaluation says, in units of logit.
    pub base: f32,
    /// The target win chance for White.
    pub target: f32,
}

/// How to fit the network.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    pub epochs: u32,
    /// Adam's step size at the first epoch; it decays to a tenth by the last.
    pub learning_rate: f32,
    pub batch: usize,
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            epochs: 10,
            learning_rate: 0.002,
            batch: 512,
            seed: 1,
        }
    }
}

/// The float network being fitted, parameters laid out as in [`PARAMS`].
struct Float {
    p: Vec<f32>,
}

/// One view's forward pass: pre-activations, and the view's output.
#[inline]
fn view_forward(p: &[f32], rows: &[u16], pre: &mut [f32; HIDDEN]) -> f32 {
    pre.copy_from_slice(&p[BIASES..BIASES + HIDDEN]);
    for &r in rows {
        let row = &p[r as usize * HIDDEN..(r as usize + 1) * HIDDEN];
        for (a, w) in pre.iter_mut().zip(row) {
            *a += w;
        }
    }
    pre.iter()
        .zip(&p[OUTPUT..OUTPUT + HIDDEN])
        .map(|(a, v)| a.clamp(0.0, 1.0) * v)
        .sum()
}

impl Float {
    fn new(seed: u64) -> Float {
        let mut rng = Rng::new(seed);
        let mut p = vec![0f32; PARAMS];
        for x in &mut p[..BIASES] {
            // Small enough that a full board's two dozen rows keep most units
            // between their clips at the start.
            *x = (rng.below(2001) as f32 / 1000.0 - 1.0) * 0.1;
        }
        for x in &mut p[BIASES..OUTPUT] {
            *x = 0.5;
        }
        // The output starts at zero, so the fit starts from the evaluation it corrects.
        Float { p }
    }

    /// The network's logit for White.
    fn predict(&self, active: &[Vec<u16>; 2], pre: &mut [[f32; HIDDEN]; 2]) -> f32 {
        let [p0, p1] = pre;
        view_forward(&self.p, &active[0], p0) - view_forward(&self.p, &active[1], p1)
    }
}

/// The loss after an epoch, as in [`super::train::Epoch`].
pub use super::train::Epoch;

/// Fits the network to `train` (held-out loss on `test`); returns its parameters
/// with the output in hundredths of a man (`scale` per unit of logit).
pub fn fit(
    train: &[Sample],
    test: &[Sample],
    scale: f32,
    settings: &Settings,
    on_epoch: &mut dyn FnMut(&Epoch),
    on_batch: &mut dyn FnMut(u32, f32),
) -> Vec<f32> {
    let rows = rows();
    let mut net = Float::new(settings.seed);
    let mut m = vec![0f32; PARAMS];
    let mut v = vec![0f32; PARAMS];
    let mut grad = vec![0f32; PARAMS];
    let mut active = [Vec::with_capacity(32), Vec::with_capacity(32)];
    let mut pre = [[0f32; HIDDEN]; 2];
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = Rng::new(settings.seed ^ 0x5eed);
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let mut step = 0i32;
    let mean_loss = |net: &Float, set: &[Sample]| -> f64 {
        if set.is_empty() {
            return 0.0;
        }
        let mut pre = [[0f32; HIDDEN]; 2];
        let mut active = [Vec::new(), Vec::new()];
        set.iter()
            .map(|s| {
                active_inputs(&rows, s.position, &mut active);
                let x = s.base + net.predict(&active, &mut pre);
                super::train::loss(super::train::sigmoid(x), s.target)
            })
            .sum::<f64>()
            / set.len() as f64
    };
    // Epoch 0: the loss of the evaluation the network corrects.
    on_epoch(&Epoch {
        epoch: 0,
        train_loss: mean_loss(&net, train),
        held_out_loss: mean_loss(&net, test),
    });
    for epoch in 1..=settings.epochs {
        super::train::shuffle(&mut order, &mut rng);
        let lr = super::train::step_size(settings.learning_rate, epoch, settings.epochs);
        let batches = order.len().div_ceil(settings.batch.max(1));
        for (b, batch) in order.chunks(settings.batch.max(1)).enumerate() {
            for &i in batch {
                let s = &train[i as usize];
                active_inputs(&rows, s.position, &mut active);
                let y = net.predict(&active, &mut pre);
                let g = super::train::sigmoid(s.base + y) - s.target;
                for view in 0..2 {
                    let sign = if view == 0 { g } else { -g };
                    let mut da = [0f32; HIDDEN];
                    for j in 0..HIDDEN {
                        let a = pre[view][j];
                        grad[OUTPUT + j] += sign * a.clamp(0.0, 1.0);
                        if a > 0.0 && a < 1.0 {
                            da[j] = sign * net.p[OUTPUT + j];
                        }
                    }
                    for (gb, d) in grad[BIASES..OUTPUT].iter_mut().zip(&da) {
                        *gb += d;
                    }
                    for &r in &active[view] {
                        let row = &mut grad[r as usize * HIDDEN..(r as usize + 1) * HIDDEN];
                        for (gw, d) in row.iter_mut().zip(&da) {
                            *gw += d;
                        }
                    }
                }
            }
            step += 1;
            let c1 = 1.0 - b1.powi(step);
            let c2 = 1.0 - b2.powi(step);
            let n = batch.len() as f32;
            for k in 0..PARAMS {
                let g = grad[k] / n;
                m[k] = b1 * m[k] + (1.0 - b1) * g;
                v[k] = b2 * v[k] + (1.0 - b2) * g * g;
                net.p[k] -= lr * (m[k] / c1) / ((v[k] / c2).sqrt() + eps);
                grad[k] = 0.0;
            }
            on_batch(epoch, (b + 1) as f32 / batches as f32);
        }
        on_epoch(&Epoch {
            epoch,
            train_loss: mean_loss(&net, train),
            held_out_loss: mean_loss(&net, test),
        });
    }
    let mut p = net.p;
    for x in &mut p[OUTPUT..] {
        *x *= scale;
    }
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fen;

    fn random_params(seed: u64) -> Vec<f32> {
        let mut rng = Rng::new(seed);
        // Rows and biases in activation units, output weights in hundredths of a man.
        (0..PARAMS)
            .map(|i| {
                let x = (rng.below(2001) as f32 / 1000.0 - 1.0) * 0.3;
                if i < OUTPUT {
                    x
                } else {
                    x * 50.0
                }
            })
            .collect()
    }

    fn turned(pos: &Position) -> Position {
        let flip = |set: u64| -> u64 {
            crate::Bitboard(set)
                .iter()
                .map(|s| super::super::learned::rotate(s).mask())
                .fold(0, |a, b| a | b)
        };
        Position::from_parts(
            flip(pos.pieces(Color::Black).0),
            flip(pos.pieces(Color::White).0),
            flip(pos.kings(Color::White).0 | pos.kings(Color::Black).0),
            pos.side_to_move().opposite(),
        )
    }

    #[test]
    fn a_turned_position_scores_the_opposite_and_integers_follow_the_floats() {
        let params = random_params(5);
        let net = Network::new(&params);
        let float = Float { p: params.clone() };
        let rows = rows();
        let mut active = [Vec::new(), Vec::new()];
        let mut pre = [[0f32; HIDDEN]; 2];
        for text in [
            "W:W21,22,23,25,K30:B1,2,5,9,K14",
            "B:W18,19,24,27,28,31,32:B3,6,7,10,11,K26",
            "W:W9,K1:B12,K31",
        ] {
            let pos = fen::parse(text).unwrap();
            let s = net.white_score(&pos);
            assert_eq!(s, -net.white_score(&turned(&pos)), "{text}");
            active_inputs(&rows, &pos, &mut active);
            let f = float.predict(&active, &mut pre);
            assert!((f - s as f32).abs() <= 2.0, "{text}: {f} vs {s}");
        }
    }

    #[test]
    fn updated_sums_equal_sums_made_afresh() {
        let net = Network::new(&random_params(11));
        let mut rng = Rng::new(4);
        for variant in crate::Ruleset::builtin_ids() {
            let rules = crate::Ruleset::builtin(variant).unwrap();
            for _ in 0..20 {
                let mut pos = Position::initial(rules.first_move);
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
                    assert_eq!(next, fresh, "{variant}: after {m:?}");
                    assert_eq!(net.score(&next, pos.side_to_move()), net.white_score(&pos));
                    acc = next;
                }
            }
        }
    }

    #[test]
    fn training_lowers_the_loss() {
        // White wins where it has more kings: a nonlinear fact of the board the
        // network can learn from a base that knows nothing.
        let mut rng = Rng::new(9);
        let mut positions = Vec::new();
        let mut targets = Vec::new();
        for _ in 0..600 {
            let mut white = 0u64;
            let mut black = 0u64;
            let mut kings = 0u64;
            for sq in Square::all() {
                match rng.below(6) {
                    0 => white |= sq.mask(),
                    1 => black |= sq.mask(),
                    2 => {
                        white |= sq.mask();
                        kings |= sq.mask()
                    }
                    3 => {
                        black |= sq.mask();
                        kings |= sq.mask()
                    }
                    _ => {}
                }
            }
            let pos = Position::from_parts(white, black, kings, Color::White);
            let d = (white & kings).count_ones() as i32 - (black & kings).count_ones() as i32;
            targets.push(if d > 0 { 0.9 } else { 0.1 });
            positions.push(pos);
        }
        let samples: Vec<Sample> = positions
            .iter()
            .zip(&targets)
            .map(|(p, &t)| Sample {
                position: p,
                base: 0.0,
                target: t,
            })
            .collect();
        let mut losses = Vec::new();
        let settings = Settings {
            epochs: 6,
            batch: 32,
            ..Settings::default()
        };
        fit(
            &samples,
            &[],
            100.0,
            &settings,
            &mut |e| losses.push(e.train_loss),
            &mut |_, _| {},
        );
        let start = targets
            .iter()
            .map(|&t| super::super::train::loss(0.5, t))
            .sum::<f64>()
            / targets.len() as f64;
        assert!(
            losses.last().unwrap() < &(start * 0.8),
            "{start} {losses:?}"
        );
    }
}

//! What the two fits share (the pattern weights' in [`super::train`], the
//! network's in [`super::network`]): the optimiser, the loss, the order samples
//! are visited in and the step size's decay. One copy of each, so that the two
//! fits cannot drift apart.

use crate::ai::Rng;

/// The loss after an epoch.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Epoch {
    /// The epoch, from 1; epoch 0 is the loss before any fitting.
    pub epoch: u32,
    /// Mean loss on the positions fitted.
    pub train_loss: f64,
    /// Mean loss on the held-out games' positions, which the fit never sees.
    pub held_out_loss: f64,
}

pub(crate) fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Cross-entropy of prediction `p` against target `t`, less the target's own
/// entropy, so that a perfect fit scores 0.
pub(crate) fn loss(p: f32, t: f32) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6) as f64;
    let t = t as f64;
    let ent = |q: f64| {
        if q <= 0.0 || q >= 1.0 {
            0.0
        } else {
            -q * q.ln() - (1.0 - q) * (1.0 - q).ln()
        }
    };
    -(t * p.ln() + (1.0 - t) * (1.0 - p).ln()) - ent(t)
}

/// Fisher–Yates with the seeded generator: the order an epoch visits samples in.
pub(crate) fn shuffle(order: &mut [u32], rng: &mut Rng) {
    for i in (1..order.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        order.swap(i, j);
    }
}

/// Adam's step size at `epoch` (from 1): `first` at the first, decaying
/// geometrically to a tenth of it by the last.
pub(crate) fn step_size(first: f32, epoch: u32, epochs: u32) -> f32 {
    let progress = (epoch - 1) as f32 / epochs.max(2).saturating_sub(1) as f32;
    first * 0.1f32.powf(progress)
}

const B1: f32 = 0.9;
const B2: f32 = 0.999;
const EPS: f32 = 1e-8;

/// Adam's moments for `len` parameters. A step is [`Adam::next_step`] and then
/// [`Adam::update`] for each parameter that moves in it: all of them for the
/// network, only those the batch touched for the pattern weights (lazy Adam).
pub(crate) struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    step: i32,
    /// The bias corrections of the current step.
    c1: f32,
    c2: f32,
}

impl Adam {
    pub(crate) fn new(len: usize) -> Adam {
        Adam {
            m: vec![0.0; len],
            v: vec![0.0; len],
            step: 0,
            c1: 1.0,
            c2: 1.0,
        }
    }

    /// Begins the next step.
    pub(crate) fn next_step(&mut self) {
        self.step += 1;
        self.c1 = 1.0 - B1.powi(self.step);
        self.c2 = 1.0 - B2.powi(self.step);
    }

    /// Moves parameter `k`, whose value is `w`, against gradient `g` with step size `lr`.
    #[inline]
    pub(crate) fn update(&mut self, k: usize, w: &mut f32, g: f32, lr: f32) {
        self.m[k] = B1 * self.m[k] + (1.0 - B1) * g;
        self.v[k] = B2 * self.v[k] + (1.0 - B2) * g * g;
        *w -= lr * (self.m[k] / self.c1) / ((self.v[k] / self.c2).sqrt() + EPS);
    }
}

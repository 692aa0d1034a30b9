//! Fitting the network of [`crate::ai::network`] in floating point, on the
//! residual the hand-written terms and the pattern weights leave. The result is
//! stored as floats in the weights file and played with integers.

use super::fit::{loss, shuffle, sigmoid, step_size, Adam, Epoch};
use crate::ai::network::{each_bit, piece_sets, rows, Rows, Shape, DEFAULT_HIDDEN};
use crate::ai::Rng;
use crate::bitboard::Geometry;
use crate::position::Position;
use crate::square::Color;

/// The active inputs of both views of `pos`.
fn active_inputs(rows: &Rows, shape: &Shape, pos: &Position, out: &mut [Vec<u16>; 2]) {
    out[0].clear();
    out[1].clear();
    for (kind, set) in piece_sets::<u128>(pos).into_iter().enumerate() {
        each_bit(set, |bit| {
            out[0].push(rows[0][kind][bit]);
            out[1].push(rows[1][kind][bit]);
        });
    }
    let view = if pos.side_to_move() == Color::White {
        0
    } else {
        1
    };
    out[view].push(shape.side_to_move() as u16);
}

/// What the trainer needs of one position.
#[derive(Clone, Copy, Debug)]
pub struct Sample<'a> {
    /// The position, whose pieces and side to move are the network's inputs.
    pub position: &'a Position,
    /// What the rest of the evaluation says, in units of logit.
    pub base: f32,
    /// The target win chance for White.
    pub target: f32,
}

/// How to fit the network.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Passes over the training samples.
    pub epochs: u32,
    /// Adam's step size at the first epoch; it decays to a tenth by the last.
    pub learning_rate: f32,
    /// Samples per step of Adam.
    pub batch: usize,
    /// Seed of the starting weights and of the samples' order: the same seed and
    /// data give the same network.
    pub seed: u64,
    /// Hidden units: one of [`crate::ai::network::HIDDEN_SIZES`].
    pub hidden: usize,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            epochs: 10,
            learning_rate: 0.002,
            batch: 512,
            seed: 1,
            hidden: DEFAULT_HIDDEN,
        }
    }
}

/// The float network being fitted, parameters laid out as [`Shape`] says.
struct Float {
    p: Vec<f32>,
    shape: Shape,
}

/// One view's forward pass: pre-activations (as many as the hidden units), and the view's output.
#[inline]
fn view_forward(p: &[f32], shape: &Shape, rows: &[u16], pre: &mut [f32]) -> f32 {
    let (biases, output, h) = (shape.biases(), shape.output(), shape.hidden());
    pre.copy_from_slice(&p[biases..biases + h]);
    for &r in rows {
        let row = &p[r as usize * h..(r as usize + 1) * h];
        for (a, w) in pre.iter_mut().zip(row) {
            *a += w;
        }
    }
    pre.iter()
        .zip(&p[output..output + h])
        .map(|(a, v)| a.clamp(0.0, 1.0) * v)
        .sum()
}

impl Float {
    fn new(seed: u64, shape: Shape) -> Float {
        let mut rng = Rng::new(seed);
        let mut p = vec![0f32; shape.params()];
        for x in &mut p[..shape.biases()] {
            // Small enough that a full board's two dozen rows keep most units
            // between their clips at the start.
            *x = (rng.below(2001) as f32 / 1000.0 - 1.0) * 0.1;
        }
        for x in &mut p[shape.biases()..shape.output()] {
            *x = 0.5;
        }
        // The output starts at zero, so the fit starts from the evaluation it corrects.
        Float { p, shape }
    }

    /// The network's logit for White.
    fn predict(&self, active: &[Vec<u16>; 2], pre: &mut [Vec<f32>; 2]) -> f32 {
        let [p0, p1] = pre;
        view_forward(&self.p, &self.shape, &active[0], p0)
            - view_forward(&self.p, &self.shape, &active[1], p1)
    }
}

/// Fits the network of `geo`'s board to `train` (held-out loss on `test`);
/// returns its parameters with the output in hundredths of a man (`scale` per
/// unit of logit). It starts from `start` (a network as a weights file holds
/// it, of `settings.hidden` units) if given, else from small random weights.
#[allow(clippy::too_many_arguments)]
pub fn fit(
    train: &[Sample],
    test: &[Sample],
    scale: f32,
    settings: &Settings,
    geo: &Geometry,
    start: Option<&[f32]>,
    on_epoch: &mut dyn FnMut(&Epoch),
    on_batch: &mut dyn FnMut(u32, f32),
) -> Vec<f32> {
    let rows = rows(geo);
    let shape = Shape::of(geo, settings.hidden);
    let (biases, output, h) = (shape.biases(), shape.output(), shape.hidden());
    let mut net = match start {
        Some(p) => {
            assert_eq!(p.len(), shape.params(), "a start of another shape");
            let mut p = p.to_vec();
            // Stored in hundredths of a man; the fit works in this data's logit.
            for x in &mut p[output..] {
                *x /= scale;
            }
            Float { p, shape }
        }
        None => Float::new(settings.seed, shape),
    };
    let mut adam = Adam::new(shape.params());
    let mut grad = vec![0f32; shape.params()];
    let mut active = [Vec::with_capacity(32), Vec::with_capacity(32)];
    let mut pre = [vec![0f32; h], vec![0f32; h]];
    let mut da = vec![0f32; h];
    let mut order: Vec<u32> = (0..train.len() as u32).collect();
    let mut rng = Rng::new(settings.seed ^ 0x5eed);
    let mean_loss = |net: &Float, set: &[Sample]| -> f64 {
        if set.is_empty() {
            return 0.0;
        }
        let mut pre = [vec![0f32; h], vec![0f32; h]];
        let mut active = [Vec::new(), Vec::new()];
        set.iter()
            .map(|s| {
                active_inputs(&rows, &shape, s.position, &mut active);
                let x = s.base + net.predict(&active, &mut pre);
                loss(sigmoid(x), s.target)
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
        shuffle(&mut order, &mut rng);
        let lr = step_size(settings.learning_rate, epoch, settings.epochs);
        let batches = order.len().div_ceil(settings.batch.max(1));
        for (b, batch) in order.chunks(settings.batch.max(1)).enumerate() {
            for &i in batch {
                let s = &train[i as usize];
                active_inputs(&rows, &shape, s.position, &mut active);
                let y = net.predict(&active, &mut pre);
                let g = sigmoid(s.base + y) - s.target;
                for view in 0..2 {
                    let sign = if view == 0 { g } else { -g };
                    da.fill(0.0);
                    for j in 0..h {
                        let a = pre[view][j];
                        grad[output + j] += sign * a.clamp(0.0, 1.0);
                        if a > 0.0 && a < 1.0 {
                            da[j] = sign * net.p[output + j];
                        }
                    }
                    for (gb, d) in grad[biases..output].iter_mut().zip(&da) {
                        *gb += d;
                    }
                    for &r in &active[view] {
                        let row = &mut grad[r as usize * h..(r as usize + 1) * h];
                        for (gw, d) in row.iter_mut().zip(&da) {
                            *gw += d;
                        }
                    }
                }
            }
            adam.next_step();
            let n = batch.len() as f32;
            for (k, (w, g)) in net.p.iter_mut().zip(&mut grad).enumerate() {
                adam.update(k, w, *g / n, lr);
                *g = 0.0;
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
    for x in &mut p[output..] {
        *x *= scale;
    }
    p
}

/// `start`, a network as a weights file holds it, widened to `hidden` units:
/// its units as they were, and new ones started as [`fit`] starts a fresh
/// network's, their output weights zero, so that the wider network scores
/// every position as `start` does until a fit gives them a voice.
pub fn widen(start: &[f32], geo: &Geometry, hidden: usize, seed: u64) -> Vec<f32> {
    let old = Shape::with_params(geo, start.len()).expect("a network of a size this program plays");
    let (h, wide) = (old.hidden(), Shape::of(geo, hidden));
    assert!(hidden >= h, "a network is widened, never narrowed");
    let mut p = Float::new(seed, wide).p;
    for i in 0..old.inputs() {
        p[i * hidden..i * hidden + h].copy_from_slice(&start[i * h..(i + 1) * h]);
    }
    p[wide.biases()..wide.biases() + h].copy_from_slice(&start[old.biases()..old.output()]);
    p[wide.output()..wide.output() + h].copy_from_slice(&start[old.output()..]);
    p
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::network::tests::random_params;
    use crate::ai::network::Network;
    use crate::fen;
    use crate::square::Color;

    fn turned(pos: &Position, geo: &Geometry) -> Position {
        let flip = |set: u128| -> u128 {
            crate::Bitboard(set)
                .iter()
                .map(|s| crate::ai::learned::rotate(geo, s).mask())
                .fold(0, |a, b| a | b)
        };
        Position::from_parts(
            flip(pos.pieces(Color::Black).0),
            flip(pos.pieces(Color::White).0),
            flip(pos.kings(Color::White).0 | pos.kings(Color::Black).0),
            pos.side_to_move().opposite(),
        )
    }

    /// The integer network on `pos` is antisymmetric and within rounding of the float one.
    fn check(net: &Network, float: &Float, geo: &Geometry, pos: &Position, what: &str) {
        let rows = rows(geo);
        let mut active = [Vec::new(), Vec::new()];
        let h = float.shape.hidden();
        let mut pre = [vec![0f32; h], vec![0f32; h]];
        let s = net.white_score(pos);
        assert_eq!(s, -net.white_score(&turned(pos, geo)), "{what}");
        active_inputs(&rows, &float.shape, pos, &mut active);
        let f = float.predict(&active, &mut pre);
        // Each unit's rounding is independent, so their sum grows as the root
        // of their number: 2 hundredths of a man at 64 units, 4 at 256.
        let within = 2.0f32.max((h as f32 / 16.0).sqrt());
        assert!((f - s as f32).abs() <= within, "{what}: {f} vs {s}");
    }

    #[test]
    fn a_widened_network_scores_every_position_as_the_narrow_one_did() {
        let rules = crate::Ruleset::builtin("russian").unwrap();
        let geo = *rules.geometry();
        let narrow = random_params(3, &geo, 64);
        let wide = widen(&narrow, &geo, 256, 9);
        assert_eq!(wide.len(), Shape::of(&geo, 256).params());
        let (a, b) = (Network::new(&narrow, &geo), Network::new(&wide, &geo));
        let float = |p: &[f32], h| Float {
            p: p.to_vec(),
            shape: Shape::of(&geo, h),
        };
        let (fa, fb) = (float(&narrow, 64), float(&wide, 256));
        let rows = rows(&geo);
        let mut active = [Vec::new(), Vec::new()];
        let mut rng = Rng::new(4);
        let mut pos = Position::start(&rules);
        for _ in 0..120 {
            assert_eq!(a.white_score(&pos), b.white_score(&pos));
            active_inputs(&rows, &fa.shape, &pos, &mut active);
            let (mut pa, mut pb) = (
                [vec![0.0; 64], vec![0.0; 64]],
                [vec![0.0; 256], vec![0.0; 256]],
            );
            assert_eq!(fa.predict(&active, &mut pa), fb.predict(&active, &mut pb));
            let moves = crate::legal_moves(&pos, &rules);
            if moves.is_empty() {
                break;
            }
            pos = pos.after(&moves[rng.below(moves.len() as u64) as usize]);
        }
        // The new units are not silent inside: a fit can move them.
        let first_new = Shape::of(&geo, 256).biases() + 64;
        assert!(wide[first_new] != 0.0);
    }

    #[test]
    fn a_turned_position_scores_the_opposite_and_integers_follow_the_floats() {
        let mut rng = Rng::new(6);
        for (rules, hidden) in crate::Ruleset::builtins()
            .into_iter()
            .flat_map(|r| crate::ai::network::HIDDEN_SIZES.map(|h| (r.clone(), h)))
        {
            let geo = *rules.geometry();
            let params = random_params(5, &geo, hidden);
            let net = Network::new(&params, &geo);
            let float = Float {
                p: params.clone(),
                shape: Shape::of(&geo, hidden),
            };
            if geo.size == 8 {
                for text in [
                    "W:W21,22,23,25,K30:B1,2,5,9,K14",
                    "B:W18,19,24,27,28,31,32:B3,6,7,10,11,K26",
                    "W:W9,K1:B12,K31",
                ] {
                    // Numbered on the usual face, whatever this ruleset shows.
                    let pos = fen::parse(text, &geo.plain()).unwrap();
                    check(&net, &float, &geo, &pos, text);
                }
            }
            // Random games reach kings and the far corners of every board.
            for game in 0..4 {
                let mut pos = Position::start(&rules);
                for ply in 0..200 {
                    let moves = crate::legal_moves(&pos, &rules);
                    if moves.is_empty() {
                        break;
                    }
                    check(
                        &net,
                        &float,
                        &geo,
                        &pos,
                        &format!("{} ({hidden} units) game {game} ply {ply}", rules.id),
                    );
                    pos = pos.after(&moves[rng.below(moves.len() as u64) as usize]);
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
            let mut white = 0u128;
            let mut black = 0u128;
            let mut kings = 0u128;
            for sq in crate::BOARD_8.all() {
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
        let params = fit(
            &samples,
            &[],
            100.0,
            &settings,
            &crate::BOARD_8,
            None,
            &mut |e| losses.push(e.train_loss),
            &mut |_, _| {},
        );
        let start = targets.iter().map(|&t| loss(0.5, t)).sum::<f64>() / targets.len() as f64;
        assert!(
            losses.last().unwrap() < &(start * 0.8),
            "{start} {losses:?}"
        );

        // A fit started from that network starts where the first one ended
        // (the stored network is in hundredths of a man, the fit in logits),
        // and a small step does not forget it.
        let mut again = Vec::new();
        fit(
            &samples,
            &[],
            100.0,
            &Settings {
                epochs: 1,
                learning_rate: 0.0002,
                ..settings
            },
            &crate::BOARD_8,
            Some(&params),
            &mut |e| again.push(e.train_loss),
            &mut |_, _| {},
        );
        let end = *losses.last().unwrap();
        assert!(
            (again[0] - end).abs() < 1e-4 * end.max(1e-3),
            "{again:?} after {losses:?}"
        );
        assert!(again[1] < start * 0.8, "{again:?}");
    }
}

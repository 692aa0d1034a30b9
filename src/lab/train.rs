//! Fitting the learned evaluation to self-play data.
//!
//! Logistic regression: a position's features, weighted, give a logit whose
//! sigmoid should match the target, a blend of the game's result and the
//! search's score at that position (`lambda` of the score). Fitted by Adam on
//! mini-batches, on one thread, in an order drawn from the seed, so a run is
//! reproducible; a share of the games (not of positions, which within a game are
//! alike) is held out to report the loss on positions the fit never saw.
//!
//! Data files are text: a header naming the variant, then per game a line
//! `game INDEX RESULT PLIES`, one `FEN SCORE` line per sample (score in hundredths
//! of a man, White's view) and `end INDEX`. A run that is stopped leaves whole
//! games behind it; a half-written one is dropped when read.

use super::fit::{loss, shuffle, sigmoid, step_size, Adam, Epoch};
use super::network::Sample as NetSample;
use super::selfplay::Record;
use crate::ai::eval::Evaluator;
use crate::ai::learned::{features, fingerprint, Layout, LAYOUT_8};
use crate::ai::Rng;
use crate::fen;
use crate::rules::Ruleset;
use crate::square::SquareNotation;

/// The first line of a data file.
pub const DATA_MAGIC: &str = "# checkers selfplay v1";

/// A data file's header: the magic line and the variant line.
pub fn data_header(rules: &Ruleset) -> String {
    format!(
        "{DATA_MAGIC}\n# variant {} {:016x}\n",
        rules.id,
        fingerprint(rules)
    )
}

/// One game of `rules` as data-file lines.
pub fn write_record(out: &mut String, rec: &Record, rules: &Ruleset) {
    use std::fmt::Write;
    let _ = writeln!(out, "game {} {} {}", rec.index, rec.result, rec.plies);
    for s in &rec.samples {
        let _ = writeln!(
            out,
            "{} {}",
            fen::write(&s.position, rules.geometry(), SquareNotation::Numeric),
            s.score
        );
    }
    let _ = writeln!(out, "end {}", rec.index);
}

/// The positions of data files, as features ready to fit.
#[derive(Clone, Debug, Default)]
pub struct Dataset {
    /// The board's features, from the first sample's evaluator.
    layout: Option<Layout>,
    /// `entries[offsets[i]..offsets[i + 1]]` are sample i's features.
    offsets: Vec<u32>,
    entries: Vec<(u32, f32)>,
    phase: Vec<f32>,
    /// White's result of the sample's game.
    result: Vec<f32>,
    /// The search's score, hundredths of a man, White's view.
    score: Vec<f32>,
    /// The hand-written evaluation, hundredths of a man, White's view: the fit
    /// learns a correction to it.
    base: Vec<f32>,
    /// Which game (a number unique across files) each sample comes from.
    game: Vec<u32>,
    /// The positions themselves, for the network's fit.
    positions: Vec<crate::Position>,
    games: u32,
}

impl Dataset {
    /// Samples held.
    pub fn len(&self) -> usize {
        self.phase.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.phase.is_empty()
    }

    /// Games the samples come from.
    pub fn games(&self) -> u32 {
        self.games
    }

    /// Adds a sample of game `game` directly (tests build synthetic sets this way);
    /// `hand` is the hand-written evaluation the weights correct.
    pub fn push(
        &mut self,
        hand: &Evaluator,
        pos: &crate::Position,
        result: f32,
        score: i32,
        game: u32,
    ) {
        if self.offsets.is_empty() {
            self.offsets.push(0);
        }
        let layout = *self
            .layout
            .get_or_insert_with(|| Layout::of(hand.geometry()));
        debug_assert_eq!(layout.geo, *hand.geometry(), "one board a dataset");
        let f = features(pos, &layout);
        self.entries.extend_from_slice(&f.entries);
        self.offsets.push(self.entries.len() as u32);
        self.phase.push(f.phase);
        self.result.push(result);
        self.score.push(score as f32);
        self.base.push(hand.hand_white(pos) as f32);
        self.game.push(game);
        self.positions.push(*pos);
        self.games = self.games.max(game + 1);
    }

    /// Reads a data file's text, checking it is for `rules`; `origin` names it in errors.
    /// Returns how many whole games it held.
    pub fn read(&mut self, text: &str, rules: &Ruleset, origin: &str) -> Result<u32, String> {
        let mut lines = text.lines().enumerate();
        match lines.next() {
            Some((_, l)) if l.trim_end() == DATA_MAGIC => {}
            _ => {
                return Err(format!(
                    "{origin}: not a self-play data file (`checkers selfplay` writes them)"
                ))
            }
        }
        let want = format!("# variant {} {:016x}", rules.id, fingerprint(rules));
        match lines.next() {
            Some((_, l)) if l.trim_end() == want => {}
            Some((_, l)) => {
                // The file's line, quoted with its control characters shown.
                return Err(format!(
                    "{origin}: the data is for another ruleset (`{}`), not `{}`",
                    crate::text::printable(l.trim_start_matches("# variant ").trim_end()),
                    rules.id
                ));
            }
            None => return Err(format!("{origin}: the file ends after its first line")),
        }
        let first_game = self.games;
        let hand = Evaluator::hand(rules);
        let mut whole = 0;
        let mut pending: Vec<(crate::Position, i32)> = Vec::new();
        let mut current: Option<(u64, f32)> = None;
        for (n, line) in lines {
            let bad = |what: &str| format!("{origin}:{}: {what}", n + 1);
            let mut parts = line.split_whitespace();
            match parts.next() {
                Some("game") => {
                    let index = parts.next().and_then(|x| x.parse::<u64>().ok());
                    let result = parts.next().and_then(|x| x.parse::<f32>().ok());
                    match (index, result) {
                        (Some(i), Some(r)) if [0.0, 0.5, 1.0].contains(&r) => {
                            current = Some((i, r));
                            pending.clear();
                        }
                        _ => {
                            return Err(bad(
                                "a `game` line needs an index and a result 1, 0.5 or 0",
                            ))
                        }
                    }
                }
                Some("end") => {
                    let Some((_, result)) = current.take() else {
                        return Err(bad("`end` without `game`"));
                    };
                    let g = first_game + whole;
                    for (pos, score) in pending.drain(..) {
                        self.push(&hand, &pos, result, score, g);
                    }
                    whole += 1;
                }
                Some(fen_text) if current.is_some() => {
                    let pos =
                        fen::parse(fen_text, rules.geometry()).map_err(|e| bad(&e.to_string()))?;
                    let score = parts
                        .next()
                        .and_then(|x| x.parse::<i32>().ok())
                        .ok_or_else(|| bad("a position line needs a score after its FEN"))?;
                    pending.push((pos, score));
                }
                Some(_) => return Err(bad("a position outside a game")),
                None => {}
            }
        }
        self.games = first_game + whole;
        Ok(whole)
    }

    /// The network trainer's samples, training and held-out: the base is what
    /// `eval` (hand-written terms and pattern weights) says, in units of logit.
    pub fn network_samples<'a>(
        &'a self,
        eval: &Evaluator,
        scale: f32,
        settings: &Settings,
    ) -> (Vec<NetSample<'a>>, Vec<NetSample<'a>>) {
        let (mut train, mut test) = (Vec::new(), Vec::new());
        for i in 0..self.len() {
            let sample = NetSample {
                position: &self.positions[i],
                base: eval.white_before_network(&self.positions[i]) as f32 / scale,
                target: self.target(i, scale, settings),
            };
            if held(self.game[i], settings) {
                test.push(sample);
            } else {
                train.push(sample);
            }
        }
        (train, test)
    }

    /// The win chance sample `i` is fitted to.
    fn target(&self, i: usize, scale: f32, settings: &Settings) -> f32 {
        let p = self.phase[i];
        let lambda = settings.lambda * p + settings.lambda_endgame * (1.0 - p);
        lambda * sigmoid(self.score[i] / scale) + (1.0 - lambda) * self.result[i]
    }

    fn features(&self, i: usize) -> &[(u32, f32)] {
        &self.entries[self.offsets[i] as usize..self.offsets[i + 1] as usize]
    }
}

/// Whether game `g`'s samples are held out: every game whose hash falls below
/// the share, the same games for every seed.
fn held(g: u32, settings: &Settings) -> bool {
    (g.wrapping_mul(2_654_435_761) as f32 / u32::MAX as f32) < settings.holdout
}

/// How to fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// Passes over the training samples.
    pub epochs: u32,
    /// Adam's step size at the first epoch; it decays to a tenth by the last.
    pub learning_rate: f32,
    /// The share of the target taken from the search's score; the rest is the result.
    pub lambda: f32,
    /// The share of the search's score on an empty board; it is blended towards
    /// `lambda` by the position's phase, as the weights are.
    pub lambda_endgame: f32,
    /// Samples per step of Adam.
    pub batch: usize,
    /// Pull of each weight towards zero, so that rare patterns stay small.
    pub l2: f32,
    /// Share of the games held out.
    pub holdout: f32,
    /// Seed of the order the samples are visited in; which games are held out
    /// does not depend on it.
    pub seed: u64,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            epochs: 20,
            learning_rate: 0.01,
            lambda: 0.5,
            lambda_endgame: 0.5,
            batch: 4096,
            l2: 1e-4,
            holdout: 0.1,
            seed: 1,
        }
    }
}

/// The scale that turns search scores into win chances best: the `k` (hundredths
/// of a man per unit of logit) for which sigmoid(score / k) predicts the results
/// with the least loss. The weights are learned and written in the same units.
pub fn fit_scale(data: &Dataset) -> f32 {
    let cost = |k: f32| -> f64 {
        (0..data.len())
            .map(|i| loss(sigmoid(data.score[i] / k), data.result[i]))
            .sum()
    };
    // The cost is smooth with one minimum: a golden-section search in log-space.
    let (mut lo, mut hi) = (20f32.ln(), 2000f32.ln());
    let g = 0.618_034f32;
    for _ in 0..40 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if cost(a.exp()) < cost(b.exp()) {
            hi = b;
        } else {
            lo = a;
        }
    }
    ((lo + hi) / 2.0).exp()
}

/// Fits the weights to `data`; `scale` from [`fit_scale`]; `on_epoch` hears the
/// loss after each epoch and `on_batch` the share of the epoch done.
/// Returns the weights in hundredths of a man.
pub fn fit(
    data: &Dataset,
    scale: f32,
    settings: &Settings,
    on_epoch: &mut dyn FnMut(&Epoch),
    on_batch: &mut dyn FnMut(u32, f32),
) -> Vec<[i16; 2]> {
    // The weights are a correction to the hand-written evaluation, and start at none.
    let features = data.layout.unwrap_or(LAYOUT_8).features;
    let mut w = vec![[0f32; 2]; features];
    let mut adam = Adam::new(2 * features);
    let mut grad = vec![[0f32; 2]; features];
    let mut touched: Vec<u32> = Vec::new();
    let mut seen = vec![false; features];

    let (mut train, mut test): (Vec<u32>, Vec<u32>) = (Vec::new(), Vec::new());
    for i in 0..data.len() as u32 {
        if held(data.game[i as usize], settings) {
            test.push(i);
        } else {
            train.push(i);
        }
    }
    let target = |i: usize| data.target(i, scale, settings);
    let predict = |w: &[[f32; 2]], i: usize| -> f32 {
        let p = data.phase[i];
        data.base[i] / scale
            + data
                .features(i)
                .iter()
                .map(|&(f, x)| x * (w[f as usize][0] * p + w[f as usize][1] * (1.0 - p)))
                .sum::<f32>()
    };
    let mean_loss = |w: &[[f32; 2]], set: &[u32]| -> f64 {
        if set.is_empty() {
            return 0.0;
        }
        set.iter()
            .map(|&i| loss(sigmoid(predict(w, i as usize)), target(i as usize)))
            .sum::<f64>()
            / set.len() as f64
    };
    let mut rng = Rng::new(settings.seed);
    for epoch in 1..=settings.epochs {
        shuffle(&mut train, &mut rng);
        let lr = step_size(settings.learning_rate, epoch, settings.epochs);
        let batches = train.len().div_ceil(settings.batch.max(1));
        for (b, batch) in train.chunks(settings.batch.max(1)).enumerate() {
            for &i in batch {
                let i = i as usize;
                let g = sigmoid(predict(&w, i)) - target(i);
                let p = data.phase[i];
                for &(f, x) in data.features(i) {
                    let f = f as usize;
                    grad[f][0] += g * x * p;
                    grad[f][1] += g * x * (1.0 - p);
                    if !seen[f] {
                        seen[f] = true;
                        touched.push(f as u32);
                    }
                }
            }
            adam.next_step();
            let n = batch.len() as f32;
            // Only the weights this batch touched move (lazy Adam): a pattern
            // seen once in a million positions keeps its moments between sightings.
            for &f in &touched {
                let f = f as usize;
                for k in 0..2 {
                    let g = grad[f][k] / n + settings.l2 * w[f][k];
                    adam.update(2 * f + k, &mut w[f][k], g, lr);
                    grad[f][k] = 0.0;
                }
                seen[f] = false;
            }
            touched.clear();
            on_batch(epoch, (b + 1) as f32 / batches as f32);
        }
        on_epoch(&Epoch {
            epoch,
            train_loss: mean_loss(&w, &train),
            held_out_loss: mean_loss(&w, &test),
        });
    }
    w.iter()
        .map(|p| {
            let c = |x: f32| (x * scale).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
            [c(p[0]), c(p[1])]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::builtin;
    use crate::Position;

    /// Positions where White is a man up win, a man down lose, even ones draw.
    fn synthetic(rules: &Ruleset) -> Dataset {
        let mut data = Dataset::default();
        let mut rng = Rng::new(3);
        for g in 0..400u32 {
            let mut pos = Position::start(rules);
            for _ in 0..(4 + rng.below(20)) {
                let moves = crate::legal_moves(&pos, rules);
                if moves.is_empty() {
                    break;
                }
                pos = pos.after(&moves[rng.below(moves.len() as u64) as usize]);
            }
            let diff = pos.pieces(crate::Color::White).count() as i32
                - pos.pieces(crate::Color::Black).count() as i32;
            let result = match diff.signum() {
                1 => 1.0,
                -1 => 0.0,
                _ => 0.5,
            };
            data.push(&Evaluator::hand(rules), &pos, result, diff * 100, g);
        }
        data
    }

    #[test]
    fn training_lowers_the_loss_on_either_board() {
        for id in [builtin::ENGLISH, builtin::INTERNATIONAL] {
            let rules = Ruleset::builtin(id).unwrap();
            let data = synthetic(&rules);
            let settings = Settings {
                epochs: 8,
                batch: 64,
                lambda: 0.0,
                lambda_endgame: 0.0,
                ..Settings::default()
            };
            let mut losses = Vec::new();
            let weights = fit(
                &data,
                100.0,
                &settings,
                &mut |e| losses.push(e.train_loss),
                &mut |_, _| {},
            );
            assert_eq!(weights.len(), Layout::of(rules.geometry()).features, "{id}");
            assert!(
                losses.last().unwrap() < losses.first().unwrap(),
                "{id}: {losses:?}"
            );
        }
    }

    #[test]
    fn the_scale_fits_the_results() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let k = fit_scale(&synthetic(&rules));
        // A man up always won here: the fitted scale makes a man's score decisive.
        assert!(k < 60.0, "{k}");
    }

    #[test]
    fn data_files_round_trip_and_drop_a_half_written_game() {
        use super::super::selfplay::Sample;
        let rules = Ruleset::builtin(builtin::RUSSIAN).unwrap();
        let start = Position::initial(rules.first_move);
        let rec = Record {
            index: 0,
            result: 1.0,
            plies: 40,
            samples: vec![Sample {
                position: start,
                score: 12,
            }],
        };
        let mut text = data_header(&rules);
        write_record(&mut text, &rec, &rules);
        text.push_str("game 1 0 50\n");
        text.push_str(&format!(
            "{} 5\n",
            fen::write(&start, rules.geometry(), SquareNotation::Numeric)
        ));
        let mut data = Dataset::default();
        assert_eq!(data.read(&text, &rules, "d.txt"), Ok(1));
        assert_eq!(data.len(), 1);
        let english = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let e = Dataset::default()
            .read(&text, &english, "d.txt")
            .unwrap_err();
        assert!(e.contains("another ruleset"), "{e}");
    }
}

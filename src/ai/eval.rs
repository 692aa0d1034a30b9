//! Static evaluation, in hundredths of a man, from the side to move's view.
//!
//! It reads the ruleset's settings, never its name: kings are worth far more
//! where they fly, men that capture backwards defend differently, and the
//! endgame knowledge about lone kings applies wherever kings fly.

use super::evalfile::EvalFile;
use super::learned::{men_steps, Learned};
use super::network::Network;
use crate::bitboard::{Geometry, Word};
use crate::position::Position;
use crate::rules::{KingMoves, Ruleset};
use crate::square::Color;
use std::sync::Arc;

/// The weights of the evaluation; the values and how they were chosen are in docs/STRENGTH.md.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// A man's material value: 100 in the built-in weights, as scores are in
    /// hundredths of a man.
    pub man: i32,
    /// A king's material value, in hundredths of a man: far more where kings fly.
    pub king: i32,
    /// Bonus per man by rank counted from its own side (0 = back row, 6 = one step from crowning).
    pub advance: [i32; 7],
    /// Per man still on the back row while the opponent has men to crown.
    pub back_rank: i32,
    /// Per man on the four central squares.
    pub center: i32,
    /// Per king on the long diagonal (a1–h8), where kings fly.
    pub long_diagonal: i32,
    /// Per man one step from crowning with a free square ahead.
    pub runaway: i32,
    /// Per free forward step of a man (a cheap mobility measure).
    pub mobility: i32,
    /// Added to the side ahead per piece traded off, to make the win easier.
    pub trade_bonus: i32,
}

/// The largest evaluation, in hundredths of a man: just inside the scores the
/// search keeps for forced wins and losses ([`crate::ai::MATE_BOUND`]).
pub const MAX_EVAL: i32 = crate::ai::MATE_BOUND - 1;

/// Built-in weights for short-king and flying-king variants.
pub fn default_weights(rules: &Ruleset) -> Weights {
    // Tuned by self-play (tests/integration/tune.rs, 200 games a trial; docs/STRENGTH.md, "Tuning the hand-written terms"):
    // short kings gained from a dearer king and a cheaper runaway, flying kings
    // from more weight on mobility.
    let flying = rules.king_moves == KingMoves::AnyDistance;
    Weights {
        man: 100,
        king: if flying { 280 } else { 180 },
        advance: [0, 2, 4, 7, 11, 16, 24],
        back_rank: 8,
        center: 6,
        long_diagonal: if flying { 20 } else { 0 },
        runaway: if flying { 40 } else { 25 },
        mobility: if flying { 4 } else { 2 },
        trade_bonus: 3,
    }
}

/// The squares of `geo` at the (file, rank) pairs given that are dark.
fn square_mask(geo: &Geometry, at: impl Iterator<Item = (u8, u8)>) -> u128 {
    at.filter_map(|(f, r)| geo.square_at(f, r))
        .fold(0, |a, s| a | s.mask())
}

/// An evaluator for one ruleset: learned weights where there are some for it, the
/// hand-written terms otherwise.
#[derive(Clone, Debug)]
pub struct Evaluator {
    /// The hand-written terms' weights; learned weights, where in use, are a
    /// correction added to them.
    pub weights: Weights,
    learned: Option<Arc<Learned>>,
    network: Option<Arc<Network>>,
    flying: bool,
    /// The board the terms are laid out on.
    geo: Geometry,
    /// Pieces on the board at the start: the trade bonus counts down from it.
    start_pieces: i32,
    center: u128,
    long_diagonal: u128,
}

impl Evaluator {
    /// The evaluation the program plays with: the ruleset's built-in learned
    /// weights if it has them, else the hand-written terms.
    pub fn new(rules: &Ruleset) -> Evaluator {
        match EvalFile::builtin(rules) {
            Some(file) => Evaluator::learned(rules, &file),
            None => Evaluator::hand(rules),
        }
    }

    /// The hand-written evaluation, whatever weights are built in.
    pub fn hand(rules: &Ruleset) -> Evaluator {
        Evaluator::with_weights(rules, default_weights(rules))
    }

    /// The evaluation of a weights file (checked against `rules` by its loader).
    pub fn learned(rules: &Ruleset, file: &EvalFile) -> Evaluator {
        Evaluator {
            learned: Some(Arc::new(Learned::new(&file.weights, rules.geometry()))),
            network: file
                .network
                .as_deref()
                .map(|p| Arc::new(Network::new(p, rules.geometry()))),
            ..Evaluator::hand(rules)
        }
    }

    /// The board this evaluator is laid out on.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// Whether learned weights are in use.
    pub fn is_learned(&self) -> bool {
        self.learned.is_some()
    }

    /// The hand-written evaluation with `weights` instead of the built-in ones
    /// (for tuning).
    pub fn with_weights(rules: &Ruleset, weights: Weights) -> Evaluator {
        let geo = rules.geometry();
        let (size, mid) = (geo.size, geo.size / 2);
        // The four squares around the middle (d4, f4, c5, e5 on 8×8) and the
        // long diagonal from a1 to the far corner, on any board.
        let center = square_mask(
            geo,
            (mid - 2..=mid + 1).flat_map(|f| [(f, mid - 1), (f, mid)]),
        );
        let long_diagonal = square_mask(geo, (0..size).map(|i| (i, i)));
        Evaluator {
            weights,
            learned: None,
            network: None,
            flying: rules.king_moves == KingMoves::AnyDistance,
            geo: *geo,
            start_pieces: geo.home(Color::White, rules.men_rows).count_ones() as i32 * 2,
            center,
            long_diagonal,
        }
    }

    /// The network in use, if any.
    pub fn network(&self) -> Option<&Network> {
        self.network.as_deref()
    }

    /// The score of `pos` for the side to move.
    pub fn evaluate(&self, pos: &Position) -> i32 {
        let net = self.network.as_ref().map_or(0, |n| n.white_score(pos));
        self.evaluate_with(pos, net)
    }

    /// The score of `pos` for the side to move, given the network's score for
    /// White (from an accumulator the search keeps up to date).
    #[inline]
    pub fn evaluate_with(&self, pos: &Position, network: i32) -> i32 {
        let score = match &self.learned {
            Some(_) => {
                let score = self.white_before_network(pos) + network;
                if self.drawish(pos) {
                    score / 16
                } else {
                    score
                }
            }
            None => self.hand_white(pos),
        };
        // Whatever the weights, an evaluation is never read as a win or loss
        // in so many plies: those scores belong to the search alone.
        let score = score.clamp(-MAX_EVAL, MAX_EVAL);
        match pos.side_to_move() {
            Color::White => score,
            Color::Black => -score,
        }
    }

    /// The hand-written terms and the pattern weights, for White: what the
    /// network corrects. The learned weights correct the hand-written terms;
    /// where the data saw little (rare endgames), the correction is small and
    /// the hand-written knowledge stands.
    pub fn white_before_network(&self, pos: &Position) -> i32 {
        let hand = self.hand_white(pos);
        match &self.learned {
            Some(learned) => hand + learned.white_score(pos),
            None => hand,
        }
    }

    /// The hand-written terms' score for White, endgame knowledge included.
    pub fn hand_white(&self, pos: &Position) -> i32 {
        let white = self.side_score(pos, Color::White);
        let black = self.side_score(pos, Color::Black);
        self.endgame(pos, white - black)
    }

    fn side_score(&self, pos: &Position, c: Color) -> i32 {
        // In the board's own word: on 8×8 and 10×10 a 64-bit one, whose
        // counts and steps are single instructions (the terms were an eighth
        // of a russian search's time in 128 bits).
        if self.geo.wide() {
            self.side_score_in::<u128>(pos, c)
        } else {
            self.side_score_in::<u64>(pos, c)
        }
    }

    #[inline(always)]
    fn side_score_in<W: Word>(&self, pos: &Position, c: Color) -> i32 {
        let w = &self.weights;
        let narrow = W::narrow;
        let men = narrow(pos.men(c).0);
        let kings = narrow(pos.kings(c).0);
        let them = c.opposite();
        let mut s = men.count_ones() as i32 * w.man + kings.count_ones() as i32 * w.king;
        // A man's rank from its own side, 0 to size - 2, on the advance scale of
        // 0 to 6 (the same ranks on 8×8).
        let last = self.geo.size as usize - 1;
        for r in 0..last {
            let rank = if c == Color::White { r } else { last - r };
            let adv = w.advance[(r * 6 / (last - 1)).min(6)];
            s += (men & narrow(self.geo.ranks[rank])).count_ones() as i32 * adv;
        }
        if !pos.men(them).is_empty() {
            let back = if c == Color::White {
                self.geo.ranks[0]
            } else {
                self.geo.ranks[last]
            };
            s += (men & narrow(back)).count_ones() as i32 * w.back_rank;
        }
        s += ((men | kings) & narrow(self.center)).count_ones() as i32 * w.center;
        s += (kings & narrow(self.long_diagonal)).count_ones() as i32 * w.long_diagonal;
        let (free, crowning) = men_steps::<W>(&self.geo, pos, c);
        s += free * w.mobility + crowning * w.runaway;
        s
    }

    /// Material that cannot win is worth little; material that can is worth more
    /// the fewer pieces remain.
    fn endgame(&self, pos: &Position, score: i32) -> i32 {
        if self.drawish(pos) {
            return score / 16;
        }
        let wc = pos.pieces(Color::White).count() as i32;
        let bc = pos.pieces(Color::Black).count() as i32;
        // Trading down helps the side that is ahead.
        let total = wc + bc;
        let ahead = (wc - bc).signum();
        score + ahead * (self.start_pieces - total) * self.weights.trade_bonus
    }

    /// Kings only, and material that cannot force a win: equal numbers of up to
    /// two pieces, or where kings fly, a lone king against two (or three while it
    /// holds the long diagonal, seed 003's main road).
    fn drawish(&self, pos: &Position) -> bool {
        if !(pos.men(Color::White).is_empty() && pos.men(Color::Black).is_empty()) {
            return false;
        }
        let wc = pos.pieces(Color::White).count() as i32;
        let bc = pos.pieces(Color::Black).count() as i32;
        let (strong, weak) = if wc >= bc { (wc, bc) } else { (bc, wc) };
        let weak_color = if wc >= bc { Color::Black } else { Color::White };
        if strong == weak && strong <= 2 {
            return true;
        }
        if self.flying && weak == 1 {
            let holds = pos.kings(weak_color).0 & self.long_diagonal != 0;
            return strong <= 2 || (strong == 3 && holds);
        }
        false
    }
}

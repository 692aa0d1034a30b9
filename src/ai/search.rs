//! Iterative deepening negamax with principal-variation search.
//!
//! One code path for every ruleset: the move generator is specialised per
//! ruleset through the same `Kernel` dispatch perft uses, and captures, which
//! are compulsory, are searched past the horizon until the position is quiet, so
//! the search never stands pat in the middle of an exchange.

use super::endgame::{Tables, Value};
use super::eval::Evaluator;
use super::network::{Accumulator, Network};
use super::tt::{score_from_tt, score_to_tt, Bound, Entry, Table};
use crate::movegen::{generate, generate_captures, has_quiet, threatened, Kernel};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::Ruleset;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

mod draws;
mod engine;
mod report;
use draws::NoProgress;
pub use engine::{search, stop_flag, Engine, MAX_THREADS};
pub use report::{Info, Limits, Options, SearchResult, ENDGAME_FROM};

/// A won position's score; a win in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses, not evaluations.
pub const MATE_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;
const MAX_PLY: usize = 128;
/// The deepest node a static cut-off may end, and its margin per ply of depth,
/// in hundredths of a man.
const STATIC_CUT_DEPTH: i32 = 3;
const STATIC_CUT_MARGIN: i32 = 60;
/// ProbCut's shallowest node, how much shallower its test search is, and the
/// margin above beta that test must clear, in hundredths of a man.
const PROBCUT_MIN_DEPTH: i32 = 5;
const PROBCUT_REDUCTION: i32 = 4;
const PROBCUT_MARGIN: i32 = 40;
/// Where kings fly and land anywhere beyond what they take, a king is worth more
/// men and a position's score swings further between a shallow search and a
/// deep one, so the test must clear beta by more. Measured against the margin
/// of 40 at 40 ms a move: +16 ± 13 Elo over 900 games in brazilian, +14 ± 17
/// over 600 in russian; german, whose kings land directly behind, scored −16 ±
/// 35 over 300 with it and keeps 40 (docs/STRENGTH.md).
const PROBCUT_MARGIN_FLYING: i32 = 70;
/// Forward pruning (the static cut and ProbCut) is left to positions of more
/// pieces than this. In an ending of four the tree is small and the win is a
/// blockade or a forced capture that no static score sees: the learned
/// evaluation scores one man against three anywhere from −4.9 to −7.2, so a
/// margin of 0.6 a ply cut the mating line of `W:W31:B1,2,22` until depth 15.
/// Where four-piece tables are attached (every game up to 10×10) such nodes
/// are looked up before this matters.
const PRUNE_ABOVE: u32 = 4;
/// The first depth searched in a window around the last depth's score, and
/// the window's half-width, in hundredths of a man.
const ASPIRATION_FROM: i32 = 5;
const ASPIRATION_WINDOW: i32 = 25;

/// ProbCut's margin for a ruleset (see [`PROBCUT_MARGIN_FLYING`]).
fn probcut_margin(rules: &Ruleset) -> i32 {
    let flags = rules.gen_flags();
    if flags.king_long_move && flags.land_any {
        PROBCUT_MARGIN_FLYING
    } else {
        PROBCUT_MARGIN
    }
}

/// Whether counter-moves order the moves in this ruleset: where they were
/// measured to pay, with kings that move one square. Measured at 40 ms a move
/// against the search without them: english +29 ± 24 Elo over 348 games
/// (SPRT [0, 10] accepted); russian and brazilian, whose kings fly, even. In
/// dammen64, with aspiration windows and at 100 ms, +34 ± 33 over 153 games
/// (SPRT [0, 20] accepted); in italian, the same, +57 ± 43 over 98. German,
/// whose kings fly too, ended 390 games at 100 ms undecided (+5 ± 29) and
/// goes without (docs/STRENGTH.md).
fn counter_moves_pay(rules: &Ruleset) -> bool {
    !rules.gen_flags().king_long_move
}

/// Whether aspiration windows narrow the root's search in this ruleset: where
/// they were measured to pay, with kings that move one square (english,
/// dammen64, italian), or kings that fly and land anywhere beyond (russian,
/// brazilian). Measured at 40 ms a move against the search without them, the
/// sequential test [0, 10] accepting each: english +34 ± 28 Elo over 269
/// games, russian +17 ± 21 over 417, brazilian +13 ± 21 over 366; with
/// counter-moves at 100 ms, [0, 20] accepting each, dammen64 +34 ± 33 over 153
/// and italian +57 ± 43 over 98. German, whose kings land directly behind,
/// ended 400 games at 100 ms undecided (+8 ± 29) and goes without
/// (docs/STRENGTH.md).
fn aspiration_pays(rules: &Ruleset) -> bool {
    let flags = rules.gen_flags();
    !flags.king_long_move || flags.land_any
}

/// A move's identity for killers: start, end and captured set.
type MoveKey = (u8, u8, u128);

fn key_of(m: &Move) -> MoveKey {
    (m.from().bit(), m.to().bit(), m.captured().0)
}

/// How a search with a clock judges its time, iteration by iteration: how much
/// of the clock's share for the move it plans to take.
#[derive(Default)]
struct Budget {
    best: Option<Move>,
    score: i32,
    /// Recent changes of the best move, each worth less as depths pass.
    changes: f64,
    /// Iterations since the best move last changed.
    stable: u32,
}

impl Budget {
    /// The share to take after iteration `depth` found `best` with `score`: more
    /// while the best move changes or the score falls (the search has not
    /// settled, and a move played now is likely the wrong one), less once one
    /// move has stood through many depths.
    fn after(&mut self, depth: u32, best: Option<Move>, score: i32) -> f64 {
        self.changes *= 0.5;
        let fall = if depth > 1 {
            (self.score - score).max(0)
        } else {
            0
        };
        if depth > 1 && best != self.best {
            self.changes += 1.0;
            self.stable = 0;
        } else {
            self.stable += 1;
        }
        self.best = best;
        self.score = score;
        let mut share = 1.0 + self.changes;
        share *= 1.0 + f64::from(fall.min(100)) / 100.0;
        if self.stable >= 6 {
            share *= 0.6;
        }
        share
    }
}

struct Searcher<'a, G: Kernel> {
    eval: &'a Evaluator,
    options: Options,
    /// How far above beta ProbCut's shallow search must score, for this ruleset.
    probcut_margin: i32,
    /// Whether counter-moves order the moves, for this ruleset and these options.
    counter_moves: bool,
    /// Whether aspiration windows narrow the root, for this ruleset and these options.
    aspiration: bool,
    draws: NoProgress,
    tt: &'a Table,
    stop: &'a AtomicBool,
    /// Set while the search ponders (the Hub's `go ponder`): the clock does
    /// not run for it yet, so no limit of time ends it until this clears.
    ponder: &'a AtomicBool,
    /// The time limits said stop while the search pondered: it stops as soon
    /// as the pondering ends.
    ponder_stop: bool,
    start: Instant,
    /// When the search must stop: the time given, or with a clock the time
    /// this move may take as the search has judged it so far.
    deadline: Option<Instant>,
    limits: Limits,
    nodes: u64,
    aborted: bool,
    /// The move that replaced the previous best in the current iteration, with its score.
    root_change: Option<(Move, i32)>,
    /// Hashes of the positions from the game's start to the current node.
    path: Vec<u64>,
    killers: [[Option<MoveKey>; 2]; MAX_PLY],
    history: Box<[[u32; 128]; 128]>,
    /// The quiet move that last refuted each move (by its start and end): the
    /// answer to a move is often the same wherever it is played.
    counter: Box<[[Option<MoveKey>; 64]; 64]>,
    /// The start and end of the move that led from each ply to the next on the
    /// current line.
    line: [(u8, u8); MAX_PLY],
    pv: Box<[[Option<Move>; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// The move-order keys of every node on the current line, as a stack.
    order: Vec<(i64, usize)>,
    /// With a network: its sums for the position at each ply of the current line,
    /// each made from its parent's by the move between them.
    network: Option<&'a Network>,
    acc: Vec<Accumulator>,
    endgame: Option<&'a Tables>,
    /// Plies added to every iteration's depth: a helper thread's offset.
    skew: u32,
    // Not a `G` held: the kernel is only a type, so the searcher is `Send` whatever it is.
    _g: std::marker::PhantomData<fn() -> G>,
}

impl<G: Kernel> Searcher<'_, G> {
    fn iterate(&mut self, root: &Position, on_info: &mut dyn FnMut(&Info)) -> SearchResult {
        if let Some(net) = self.network {
            self.acc = vec![[[0; _]; 2]; MAX_PLY + 1];
            net.refresh(root, &mut self.acc[0]);
        }
        let mut list = MoveList::new();
        generate::<G>(root, &mut list);
        let mut root_moves: Vec<(Move, i32)> = list.iter().map(|m| (*m, 0)).collect();
        let mut result = SearchResult {
            best: root_moves.first().map(|(m, _)| *m),
            info: Info {
                depth: 0,
                score: if root_moves.is_empty() { -MATE } else { 0 },
                nodes: 0,
                elapsed: Duration::ZERO,
                pv: root_moves
                    .first()
                    .map(|(m, _)| vec![*m])
                    .unwrap_or_default(),
            },
            root_scores: root_moves.clone(),
        };
        if root_moves.is_empty() {
            return result;
        }
        let max_depth = self
            .limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 8)
            .min(MAX_PLY as u32 - 8);
        let mut budget = Budget::default();
        self.deadline = self.limits.movetime.map(|t| self.start + t);
        for depth in 1..=max_depth {
            self.root_change = None;
            let score = self.aspirated(
                root,
                (depth + self.skew) as i32,
                result.info.score,
                &mut root_moves,
            );
            if self.aborted {
                // An unfinished iteration still proves something: a move that
                // beat the previous best in a finished re-search is better at
                // this depth than the move the last full iteration chose.
                if let Some((m, score)) = self.root_change.filter(|_| self.options.partial_root) {
                    let pv = self.root_pv();
                    if let Some(i) = result.root_scores.iter().position(|&(r, _)| r == m) {
                        result.root_scores[i].1 = score;
                        result.root_scores[..=i].rotate_right(1);
                    }
                    result.best = Some(m);
                    result.info.score = score;
                    result.info.pv = pv;
                    result.info.nodes = self.nodes;
                    result.info.elapsed = self.start.elapsed();
                }
                break;
            }
            root_moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            let pv = self.root_pv();
            result = SearchResult {
                best: Some(root_moves[0].0),
                info: Info {
                    depth,
                    score,
                    nodes: self.nodes,
                    elapsed: self.start.elapsed(),
                    pv,
                },
                root_scores: root_moves.clone(),
            };
            on_info(&result.info);
            if self.enough(depth, score, root_moves.len(), result.best, &mut budget) {
                if !self.ponder.load(Ordering::Relaxed) {
                    break;
                }
                // Searching on costs nothing while the opponent thinks, and
                // the deeper result is ready if the expected move comes.
                self.ponder_stop = true;
            }
        }
        // An answer found while still pondering (its depth or nodes reached)
        // waits for the ponder-hit or the stop: the driver has not asked for
        // a move yet.
        while self.ponder.load(Ordering::Relaxed) && !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(1));
        }
        result
    }

    /// Whether the iteration just finished at `depth` (with `score`, its best
    /// move `best`, `moves` legal moves at the root) is enough under the
    /// limits: the time and the result say no further one is worth starting.
    fn enough(
        &mut self,
        depth: u32,
        score: i32,
        moves: usize,
        best: Option<Move>,
        budget: &mut Budget,
    ) -> bool {
        // A forced result: deeper search cannot change it, and on a clock the
        // time saved is worth more later. At a fixed time per move time not
        // spent is lost, and the deeper iterations may find a shorter win.
        let fixed_time = self.limits.target.is_none() && self.limits.movetime.is_some();
        if score.abs() >= MATE_BOUND && depth as i32 > MATE - score.abs() + 2 && !fixed_time {
            return true;
        }
        let elapsed = self.start.elapsed();
        if let Some(target) = self.limits.target {
            if moves == 1 {
                return true; // forced: the clock's time is worth more later
            }
            let planned = target.mul_f64(budget.after(depth, best, score));
            // The iteration under way may run to twice the plan before it is
            // cut short; one that would start past half of it rarely ends.
            let cap = self
                .limits
                .movetime
                .map_or(planned * 2, |most| (planned * 2).min(most));
            self.deadline = self.start.checked_add(cap);
            elapsed > planned / 2
        } else if let Some(t) = self.limits.movetime {
            // At a fixed time per move time not spent is lost, and an
            // iteration the clock cuts short still pays (see `root_change`).
            elapsed * 1000 > t * self.options.start_permille
        } else {
            false
        }
    }

    /// One iteration searched in a window around the last one's score, widened
    /// on the side it fails until the score falls inside: most iterations
    /// score near the last, and a narrow window cuts more of the tree.
    fn aspirated(
        &mut self,
        pos: &Position,
        depth: i32,
        last: i32,
        moves: &mut [(Move, i32)],
    ) -> i32 {
        if !self.aspiration
            || depth < ASPIRATION_FROM
            || self.limits.exact_root
            || last.abs() >= MATE_BOUND
        {
            return self.root(pos, depth, moves, -INF, INF);
        }
        let mut delta = ASPIRATION_WINDOW;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let score = self.root(pos, depth, moves, alpha, beta);
            if self.aborted {
                return score;
            }
            if score <= alpha {
                alpha = (score - delta).max(-INF);
            } else if score >= beta {
                beta = (score + delta).min(INF);
            } else {
                return score;
            }
            delta *= 2;
            if delta > 8 * ASPIRATION_WINDOW {
                // Far from the last score: a full window costs less than
                // failing again.
                (alpha, beta) = (-INF, INF);
            }
        }
    }

    /// Searches the root's moves in the window (`alpha`, `beta`), writing each
    /// move's score back into `moves`; returns the best score, or a bound if
    /// it falls outside the window.
    #[allow(clippy::needless_range_loop)] // scores are written back into `moves`
    fn root(
        &mut self,
        pos: &Position,
        depth: i32,
        moves: &mut [(Move, i32)],
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv_len[0] = 0;
        self.path.push(pos.hash());
        for i in 0..moves.len() {
            let m = moves[i].0;
            let child = pos.after_in::<G::W>(&m);
            self.line[0] = (m.from().bit(), m.to().bit());
            self.advance_network(0, pos, &m);
            self.draws.advance(0, pos, &m, &child);
            let score = if i == 0 || self.limits.exact_root {
                -self.negamax(
                    &child,
                    depth - 1,
                    1,
                    -beta,
                    if self.limits.exact_root { INF } else { -alpha },
                )
            } else {
                let s = -self.negamax(&child, depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && !self.aborted {
                    -self.negamax(&child, depth - 1, 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            moves[i].1 = if score > alpha || i == 0 || self.limits.exact_root {
                score
            } else {
                -INF
            };
            if score > alpha {
                alpha = score;
                self.set_pv(0, m);
                if i > 0 && !self.limits.exact_root {
                    self.root_change = Some((m, score));
                }
                if alpha >= beta {
                    // Above the window: the search again in a wider one
                    // starts with this move.
                    moves[..=i].rotate_right(1);
                    break;
                }
            }
        }
        self.path.pop();
        alpha
    }

    /// The principal variation from the root, as far as the search has it.
    fn root_pv(&self) -> Vec<Move> {
        self.pv[0][..self.pv_len[0]]
            .iter()
            .flatten()
            .copied()
            .collect()
    }

    fn set_pv(&mut self, ply: usize, m: Move) {
        self.pv[ply][0] = Some(m);
        let n = if ply + 1 < MAX_PLY {
            self.pv_len[ply + 1]
        } else {
            0
        };
        for i in 0..n.min(MAX_PLY - 1) {
            self.pv[ply][i + 1] = self.pv[ply + 1][i];
        }
        self.pv_len[ply] = n + 1;
    }

    fn out_of_time(&mut self) -> bool {
        if self.nodes & 1023 == 0 {
            // Time counts from the search's start, pondering included, as in
            // Scan: after a ponder-hit the search answers at once if its
            // time is spent, and the driver's clock is spared.
            let timed = !self.ponder.load(Ordering::Relaxed)
                && (self.ponder_stop || self.deadline.is_some_and(|d| Instant::now() >= d));
            if timed || self.stop.load(Ordering::Relaxed) {
                self.aborted = true;
            }
        }
        if self.limits.nodes.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        }
        self.aborted
    }

    /// Whether the position at `ply` with this hash already occurred with the
    /// same side to move since the last irreversible move: a draw by repetition
    /// in the search counts from the second occurrence.
    fn repeated(&self, ply: usize, hash: u64) -> bool {
        let back = self.draws.reversible[ply.min(MAX_PLY - 1)] as usize;
        self.path[self.path.len().saturating_sub(back)..]
            .iter()
            .rev()
            .skip(1)
            .step_by(2)
            .any(|&h| h == hash)
    }

    /// Makes the network's sums for the child `m` leads to from `pos` at `ply`.
    #[inline]
    fn advance_network(&mut self, ply: usize, pos: &Position, m: &Move) {
        if let Some(net) = self.network {
            let (done, next) = self.acc.split_at_mut(ply + 1);
            net.update(&done[ply], pos, m, &mut next[0]);
        }
    }

    /// The static evaluation of `pos`, the node at `ply`, for the side to move.
    #[inline]
    fn evaluate(&self, pos: &Position, ply: usize) -> i32 {
        match self.network {
            Some(net) => self
                .eval
                .evaluate_with(pos, net.score(&self.acc[ply], pos.side_to_move())),
            None => self.eval.evaluate(pos),
        }
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        self.pv_len[ply.min(MAX_PLY - 1)] = 0;
        self.nodes += 1;
        if self.out_of_time() {
            return 0;
        }
        let hash = pos.hash();
        if ply > 0 && (self.repeated(ply, hash) || self.draws.drawn(ply)) {
            // As in the game, a side without a move has lost before any draw.
            let mut list = MoveList::new();
            generate::<G>(pos, &mut list);
            return if list.is_empty() {
                -MATE + ply as i32
            } else {
                self.draw_score(ply)
            };
        }
        if ply > 0 {
            if let Some(value) = self.endgame.and_then(|t| t.probe(pos)) {
                // Exact, so scored as the search scores a game's end: a win
                // in `d` plies from here is a win `ply + d` plies from the root.
                return match value {
                    Value::Win(d) => MATE - ply as i32 - d as i32,
                    Value::Loss(d) => -MATE + ply as i32 + d as i32,
                    Value::Draw => self.draw_score(ply),
                };
            }
        }
        if ply >= MAX_PLY - 2 {
            return self.evaluate(pos, ply);
        }
        let mut list = MoveList::new();
        if depth <= 0 {
            // The horizon: quiet positions are evaluated, but captures are
            // compulsory, so an exchange in progress is played out.
            if !generate_captures::<G>(pos, &mut list) {
                return if has_quiet::<G>(pos) {
                    self.evaluate(pos, ply)
                } else {
                    -MATE + ply as i32
                };
            }
        } else {
            // Generated before the probe, while the table's memory, prefetched
            // by the parent, is still on its way.
            generate::<G>(pos, &mut list);
            if list.is_empty() {
                return -MATE + ply as i32;
            }
            // Every child's slot is asked for at once, long before its probe:
            // a child's own prefetch, made just before it is searched, left
            // the probe waiting on memory for a sixth of the search's time.
            // Measured: 10-22% less time to the same depth in five variants,
            // node for node (docs/STRENGTH.md, Speed).
            for m in list.iter() {
                self.tt.prefetch(pos.hash_after_in::<G::W>(m));
            }
        }
        let depth = depth.max(0);

        let mut tt_index = None;
        if let Some(e) = self.tt.probe(hash) {
            tt_index = Some(e.best as usize);
            if e.depth as i32 >= depth && ply > 0 {
                let s = score_from_tt(e.score as i32, ply);
                match e.bound {
                    Bound::Exact => return s,
                    Bound::Lower if s >= beta => return s,
                    Bound::Upper if s <= alpha => return s,
                    _ => {}
                }
            }
        }

        if self.options.static_cut
            && beta - alpha == 1
            && (1..=STATIC_CUT_DEPTH).contains(&depth)
            && beta.abs() < MATE_BOUND
            && !list[0].is_capture()
            && pos.occupied().count() > PRUNE_ABOVE
            && !threatened::<G>(pos)
        {
            // Neither side can capture, so no exchange is under way, and a
            // shot starts with a threat or a capture: a score this far above
            // beta seldom falls below it in a few quiet plies. Measured: +20
            // ± 19 Elo in english over 600 games at 40 ms a move.
            let margin = STATIC_CUT_MARGIN * depth;
            let s = self.evaluate(pos, ply);
            if s - margin >= beta {
                return s - margin;
            }
        }
        if self.options.probcut
            && beta - alpha == 1
            && depth >= PROBCUT_MIN_DEPTH
            && ply > 0
            && beta.abs() < MATE_BOUND - self.probcut_margin
            && !list[0].is_capture()
            && pos.occupied().count() > PRUNE_ABOVE
        {
            // A search four plies shallower that clears beta by a margin
            // rarely falls below beta when searched deeper, and costs a small
            // share of the full search. Unlike a static cut it searches, so
            // shots within its depth are seen. Measured: +57 ± 27 Elo in
            // english over 300 games at 40 ms a move, on top of the static cut.
            let b = beta + self.probcut_margin;
            let s = self.negamax(pos, depth - PROBCUT_REDUCTION, ply, b - 1, b);
            if self.aborted {
                return 0;
            }
            if s >= b {
                return s;
            }
        }

        // This node's order keys sit on top of the shared stack, above its
        // ancestors' keys and below its descendants'.
        let base = self.order.len();
        self.order_scores(&list, tt_index, ply);
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_index = 0;
        self.path.push(hash);
        for n in 0..list.len() {
            // Pick the best-scored remaining move: a cut-off usually comes early,
            // so sorting the whole list would be wasted work.
            let scores = &mut self.order[base..];
            let mut i = n;
            for j in n + 1..scores.len() {
                if scores[j].0 > scores[i].0 {
                    i = j;
                }
            }
            scores.swap(n, i);
            let (key, i) = scores[n];
            let m = list[i];
            let child = pos.after_in::<G::W>(&m);
            self.line[ply.min(MAX_PLY - 1)] = (m.from().bit(), m.to().bit());
            self.tt.prefetch(child.hash());
            self.advance_network(ply, pos, &m);
            self.draws.advance(ply, pos, &m, &child);
            // A single legal reply costs no depth: the choice was forced.
            let next = if list.len() == 1 { depth } else { depth - 1 };
            let score = if n == 0 {
                -self.negamax(&child, next, ply + 1, -beta, -alpha)
            } else {
                let r = if beta - alpha > 1 {
                    0 // the principal variation is searched to its full depth
                } else {
                    self.reduction(&m, n, depth, key)
                };
                let mut s = -self.negamax(&child, next - r, ply + 1, -alpha - 1, -alpha);
                if r > 0 && s > alpha && !self.aborted {
                    s = -self.negamax(&child, next, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.aborted {
                    -self.negamax(&child, next, ply + 1, -beta, -alpha)
                } else {
                    s
                }
            };
            if self.aborted {
                self.path.pop();
                self.order.truncate(base);
                return 0;
            }
            if score > best {
                best = score;
                best_index = i;
                if score > alpha {
                    alpha = score;
                    if beta - alpha0 > 1 {
                        // Only a full-window node's line can become the
                        // principal variation; a null window only answers yes or no.
                        self.set_pv(ply, m);
                    }
                    if alpha >= beta {
                        if !m.is_capture() {
                            self.reward(&m, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.path.pop();
        self.order.truncate(base);
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key: hash,
            score: score_to_tt(best, ply) as i16,
            depth: depth.min(i8::MAX as i32) as i8,
            bound,
            best: best_index.min(u8::MAX as usize) as u8,
        });
        best
    }

    /// How many plies shallower to try the `n`th move first. Only quiet moves
    /// after the table's move, killers and promotions are reduced (captures are
    /// forced, so a position with one has no quiet move), and never near the
    /// horizon, where the capture search already decides.
    fn reduction(&self, m: &Move, n: usize, depth: i32, order_key: i64) -> i32 {
        if !self.options.reductions || depth < 3 || n < 3 || m.is_capture() {
            return 0;
        }
        if order_key >= 1 << 28 {
            return 0; // the table's move, a killer or a promotion
        }
        if n >= 8 && depth >= 5 {
            2
        } else {
            1
        }
    }

    /// A draw seen from the side to move at `ply`: the root side is worse off by
    /// the contempt.
    fn draw_score(&self, ply: usize) -> i32 {
        if ply.is_multiple_of(2) {
            -self.limits.contempt
        } else {
            self.limits.contempt
        }
    }

    fn reward(&mut self, m: &Move, ply: usize, depth: i32) {
        let k = key_of(m);
        let slot = &mut self.killers[ply.min(MAX_PLY - 1)];
        if slot[0] != Some(k) {
            slot[1] = slot[0];
            slot[0] = Some(k);
        }
        if ply > 0 {
            let (from, to) = self.line[(ply - 1).min(MAX_PLY - 1)];
            self.counter[from as usize & 63][to as usize & 63] = Some(k);
        }
        let h = &mut self.history[m.from().bit() as usize][m.to().bit() as usize];
        // Capped below the promotion key, so history orders quiet moves among
        // themselves and never outranks a killer or a promotion.
        *h = (*h + (depth * depth) as u32).min((1 << 28) - 1);
    }

    /// Pushes the move-order keys of `list` on the order stack: the table's move,
    /// then the captures taking most, then killers, promotions, then by history.
    /// Paired with each move's index.
    fn order_scores(&mut self, list: &MoveList, tt_index: Option<usize>, ply: usize) {
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let counter = if ply > 0 && self.counter_moves {
            let (from, to) = self.line[(ply - 1).min(MAX_PLY - 1)];
            self.counter[from as usize & 63][to as usize & 63]
        } else {
            None
        };
        for (i, m) in list.iter().enumerate() {
            let mut s: i64 = 0;
            if Some(i) == tt_index {
                s += 1 << 40;
            }
            s += (m.capture_count() as i64) << 32;
            let k = key_of(m);
            if killers[0] == Some(k) {
                s += 1 << 30;
            } else if killers[1] == Some(k) {
                s += 1 << 29;
            }
            if m.promotes() || counter == Some(k) {
                s += 1 << 28;
            }
            s += self.history[m.from().bit() as usize][m.to().bit() as usize] as i64;
            self.order.push((s, i));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{aspiration_pays, counter_moves_pay, Budget};
    use crate::movegen::legal_moves;
    use crate::rules::Ruleset;
    use crate::Position;

    /// Each switch where a match showed it pays (docs/STRENGTH.md), and
    /// nowhere a match did not: counter-moves where kings are short, aspiration
    /// windows there and where kings fly and land anywhere beyond, not in
    /// german, whose flying kings land directly behind.
    #[test]
    fn counter_moves_and_aspiration_windows_search_the_variants_where_they_won_their_match() {
        let shape = |id: &str| {
            let rules = Ruleset::builtin(id).unwrap();
            (counter_moves_pay(&rules), aspiration_pays(&rules))
        };
        assert_eq!(shape("english"), (true, true));
        assert_eq!(shape("dammen64"), (true, true));
        assert_eq!(shape("italian"), (true, true));
        assert_eq!(shape("russian"), (false, true));
        assert_eq!(shape("brazilian"), (false, true));
        assert_eq!(shape("german"), (false, false));
    }

    #[test]
    fn a_clock_budget_grows_while_the_best_move_changes_or_the_score_falls_and_shrinks_once_it_stands(
    ) {
        let rules = Ruleset::builtin("english").unwrap();
        let moves = legal_moves(&Position::start(&rules), &rules);
        let (a, b) = (Some(moves[0]), Some(moves[1]));
        let mut budget = Budget::default();
        assert_eq!(budget.after(1, a, 0), 1.0);
        assert_eq!(budget.after(2, a, 0), 1.0);
        let changed = budget.after(3, b, 0);
        assert!(changed > 1.5, "{changed}");
        let fell = Budget::default().after(1, a, 50);
        let mut falling = Budget::default();
        falling.after(1, a, 50);
        let after_fall = falling.after(2, a, -50);
        assert!(after_fall >= 2.0 * fell - 1e-9, "{after_fall}");
        let mut steady = Budget::default();
        let shares: Vec<f64> = (1..=10).map(|d| steady.after(d, a, 10)).collect();
        assert!(shares[9] < 1.0, "{shares:?}");
    }

    /// With a clock, a forced move is played after the first depth: the time
    /// is worth more later. At a fixed time per move it is searched on.
    #[test]
    fn with_a_clock_a_forced_move_is_answered_after_one_depth() {
        use super::{search, Limits};
        use std::time::Duration;
        let rules = Ruleset::builtin("english").unwrap();
        // After 11-15 22-18, Black's only legal move is 15x22.
        let pos = crate::fen::parse(
            "B:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,12,15",
            rules.geometry(),
        )
        .unwrap();
        assert_eq!(legal_moves(&pos, &rules).len(), 1);
        let clocked = Limits {
            target: Some(Duration::from_secs(600)),
            movetime: Some(Duration::from_secs(1800)),
            ..Limits::default()
        };
        assert_eq!(search(&pos, &rules, clocked).info.depth, 1);
        let fixed = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        assert!(search(&pos, &rules, fixed).info.depth > 1);
    }
}

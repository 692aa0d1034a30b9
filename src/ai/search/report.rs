//! What a search is asked and what it answers.

use crate::moves::Move;
use std::time::Duration;

/// When to stop searching. Unset limits do not apply; with none set the search
/// runs until stopped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// The deepest iteration to search, in plies.
    pub depth: Option<u32>,
    /// Wall-clock time for the whole search, counted from its start: without a
    /// `target` the search spends all of it, with one it is the most it may take.
    pub movetime: Option<Duration>,
    /// With a clock, the time this move should take as a rule. The search takes
    /// more (up to `movetime`) while its best move keeps changing or its score
    /// falls, less when its best move has stood through many depths, and none
    /// when only one move is legal.
    pub target: Option<Duration>,
    /// Nodes to visit, all iterations together: unlike time, a limit that does
    /// not depend on the machine's speed.
    pub nodes: Option<u64>,
    /// Score every root move exactly (a full window for each), so that a level
    /// that plays with noise chooses among true scores. Slower; for low levels.
    pub exact_root: bool,
    /// What a draw is worth to the side to move at the root, negated, in
    /// hundredths of a man: above zero the search avoids repetitions against a
    /// weaker opponent instead of settling for them. Zero for analysis.
    pub contempt: i32,
}

/// What the search reports after each finished depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The last finished iteration's depth, in plies (0: none finished).
    pub depth: u32,
    /// Hundredths of a man for the side to move; see [`super::MATE`].
    pub score: i32,
    /// Nodes visited since the search started, all iterations together.
    pub nodes: u64,
    /// Wall-clock time since the search started.
    pub elapsed: Duration,
    /// The principal variation: the best line found, starting with the move to play.
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let s = self.elapsed.as_secs_f64();
        if s > 0.0 {
            (self.nodes as f64 / s) as u64
        } else {
            0
        }
    }
}

/// The outcome of a search: the best move found (none if there is no legal
/// move) and the last finished depth's report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play.
    pub best: Option<Move>,
    /// The last finished depth's report (or, if the clock cut the next one
    /// short, the move it found better and its score).
    pub info: Info,
    /// Every root move with the score it got at the last finished depth.
    pub root_scores: Vec<(Move, i32)>,
}

/// Switches of the search itself, for comparing versions by self-play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Late-move reductions: quiet moves late in the order are searched a ply or
    /// two shallower first, and again at full depth only if they look good.
    pub reductions: bool,
    /// Use a move that beat the previous best in an iteration the clock cut short.
    pub partial_root: bool,
    /// At a fixed time per move, start another iteration only while less than
    /// this share (in thousandths) of the time is spent: 1000 spends all of it.
    pub start_permille: u32,
    /// Static cut-offs: a node near the horizon where neither side can capture,
    /// off the principal variation, whose evaluation beats beta by a margin per
    /// ply of depth, is cut without a search.
    pub static_cut: bool,
    /// ProbCut: a node off the principal variation with no capture to make,
    /// whose shallow search (four plies less) beats beta by a margin, is cut.
    pub probcut: bool,
    /// Counter-moves: the quiet move that last refuted the opponent's move
    /// (by its start and end) is tried with the killers, and not reduced; in
    /// the rulesets where they were measured to pay (short kings, any capture).
    pub counter_moves: bool,
    /// Endgame tables: positions of few pieces are looked up, not searched,
    /// once the game is down to [`ENDGAME_FROM`] pieces, if tables are attached
    /// ([`super::Engine::attach_tables`]).
    pub endgame: bool,
    /// Aspiration windows: each iteration from the fifth is searched first in
    /// a narrow window around the last one's score; in the rulesets where they
    /// were measured to pay (english, russian, brazilian, and others of their
    /// shape).
    pub aspiration: bool,
}

/// The most pieces a root may have for the search to use the endgame tables
/// (and for a program to attach them lazily): from here on a search of a tenth of a second reaches positions of
/// four pieces, and earlier the tables would cost their build for nothing.
pub const ENDGAME_FROM: u32 = 14;

impl Default for Options {
    fn default() -> Options {
        Options {
            reductions: true,
            partial_root: true,
            start_permille: 1000,
            static_cut: true,
            probcut: true,
            counter_moves: true,
            endgame: true,
            aspiration: true,
        }
    }
}

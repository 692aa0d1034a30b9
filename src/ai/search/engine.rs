//! The engine: a search for one ruleset with its transposition table, its
//! evaluation and, when given them, its endgame tables, kept from one search to
//! the next.

use super::{aspiration_pays, counter_moves_pay, probcut_margin, Searcher, MAX_PLY};
use crate::ai::endgame::Tables;
use crate::ai::eval::Evaluator;
use crate::ai::tt::Table;
use crate::ai::Past;
use crate::movegen::{dispatch_builtin, Kernel, Run};
use crate::position::Position;
use crate::rules::Ruleset;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

use super::draws::NoProgress;
use super::{Info, Limits, Options, SearchResult, ENDGAME_FROM};

/// A search engine for one ruleset, keeping its transposition table between searches.
#[derive(Debug)]
pub struct Engine {
    rules: Ruleset,
    /// The evaluation searched with: the ruleset's built-in one unless replaced
    /// (a weights file, or the hand-written terms alone).
    pub eval: Evaluator,
    /// Switches of the search itself, for comparing versions by matches.
    pub options: Options,
    tt: Table,
    /// Attached by the caller before a search ([`Engine::attach_tables`]);
    /// used from roots of [`ENDGAME_FROM`] pieces or fewer.
    endgame: Option<Arc<Tables>>,
}

impl Engine {
    /// An engine with a transposition table of `tt_mb` megabytes.
    pub fn new(rules: &Ruleset, tt_mb: usize) -> Engine {
        Engine {
            rules: rules.clone(),
            eval: Evaluator::new(rules),
            options: Options::default(),
            tt: Table::new(tt_mb),
            endgame: None,
        }
    }

    /// The ruleset this engine plays.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// Gives the engine endgame tables to look positions up in, from then on,
    /// in searches from a root of [`ENDGAME_FROM`] pieces or fewer. The tables
    /// must be of this engine's rules of movement. Nothing is built here: a
    /// search never waits for tables.
    pub fn attach_tables(&mut self, tables: Arc<Tables>) {
        self.endgame = Some(tables);
    }

    /// The endgame tables attached, if any.
    pub fn tables(&self) -> Option<&Tables> {
        self.endgame.as_deref()
    }

    /// Forgets earlier searches, so that the next one depends only on its input.
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Searches `pos`. `past` tells what came before it in the game (for draws
    /// by repetition and by the no-progress rules); `stop` ends the search early from another thread;
    /// `on_info` hears about each finished depth.
    pub fn search(
        &mut self,
        pos: &Position,
        past: &Past,
        limits: Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        // Only from a root this small, whatever tables are attached, so that a
        // search depends on its position and not on when the tables came.
        let tables = self.options.endgame && pos.occupied().count() <= ENDGAME_FROM;
        struct S<'a> {
            engine: &'a mut Engine,
            tables: bool,
            pos: &'a Position,
            past: &'a Past,
            limits: Limits,
            stop: &'a AtomicBool,
            on_info: &'a mut dyn FnMut(&Info),
        }
        impl Run for S<'_> {
            type Out = SearchResult;
            fn run<G: Kernel>(self) -> SearchResult {
                let draws = NoProgress::new(&self.engine.rules, self.past);
                let mut s = Searcher::<G> {
                    eval: &self.engine.eval,
                    options: self.engine.options,
                    probcut_margin: probcut_margin(&self.engine.rules),
                    counter_moves: self.engine.options.counter_moves
                        && counter_moves_pay(&self.engine.rules),
                    aspiration: self.engine.options.aspiration
                        && aspiration_pays(&self.engine.rules),
                    draws,
                    tt: &mut self.engine.tt,
                    stop: self.stop,
                    start: Instant::now(),
                    deadline: None,
                    limits: self.limits,
                    nodes: 0,
                    aborted: false,
                    root_change: None,
                    path: self.past.hashes.clone(),
                    killers: [[None; 2]; MAX_PLY],
                    history: Box::new([[0; 128]; 128]),
                    counter: Box::new([[None; 64]; 64]),
                    line: [(0, 0); MAX_PLY],
                    pv: Box::new([[None; MAX_PLY]; MAX_PLY]),
                    pv_len: [0; MAX_PLY],
                    order: Vec::with_capacity(64 * MAX_PLY),
                    network: self.engine.eval.network(),
                    endgame: self.engine.endgame.as_deref().filter(|_| self.tables),
                    acc: Vec::new(),
                    _g: std::marker::PhantomData,
                };
                s.iterate(self.pos, self.on_info)
            }
        }
        dispatch_builtin(
            self.rules.gen_flags(),
            S {
                engine: self,
                tables,
                pos,
                past,
                limits,
                stop,
                on_info,
            },
        )
    }
}

/// Runs a one-off search with a fresh engine, for tools and tests.
pub fn search(pos: &Position, rules: &Ruleset, limits: Limits) -> SearchResult {
    let mut engine = Engine::new(rules, 16);
    let stop = AtomicBool::new(false);
    engine.search(pos, &Past::default(), limits, &stop, &mut |_| {})
}

/// A stop flag shared with a search running on another thread.
pub fn stop_flag() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

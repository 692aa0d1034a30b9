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
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use super::draws::NoProgress;
use super::{Info, Limits, Options, SearchResult, ENDGAME_FROM};

/// The most threads a search runs on.
pub const MAX_THREADS: usize = 64;

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
    /// Threads a search not bounded by depth or nodes runs on (see [`Engine::set_threads`]).
    threads: usize,
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
            threads: 1,
            endgame: None,
        }
    }

    /// Searches bounded by time or by nothing (not by depth or nodes, which
    /// stay reproducible) run on `n` threads sharing the transposition table: more
    /// depth in the same time where the machine has the cores. One by default,
    /// and never more than [`MAX_THREADS`] or the machine's cores.
    pub fn set_threads(&mut self, n: usize) {
        // Threads beyond the cores only take turns on them: the main search
        // then runs a fraction of the time and sees its deadline a scheduler's
        // round late, and the helpers see the stop as late (64 threads on 2
        // cores took 0.47 s for 50 ms), for no depth gained.
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        self.threads = n.clamp(1, MAX_THREADS.min(cores));
    }

    /// The threads set by [`Engine::set_threads`].
    pub fn threads(&self) -> usize {
        self.threads
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
        self.search_pondering(pos, past, limits, stop, &AtomicBool::new(false), on_info)
    }

    /// [`Engine::search`] that ponders while `ponder` is set: no limit of time
    /// ends it until `ponder` clears (the Hub's `ponder-hit`), and an answer
    /// found before is held until then or until `stop`. The time limits count
    /// from the search's start, pondering included: a search whose time is
    /// spent answers as soon as `ponder` clears.
    pub fn search_pondering(
        &mut self,
        pos: &Position,
        past: &Past,
        limits: Limits,
        stop: &AtomicBool,
        ponder: &AtomicBool,
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
            ponder: &'a AtomicBool,
            on_info: &'a mut dyn FnMut(&Info),
        }
        impl Run for S<'_> {
            type Out = SearchResult;
            fn run<G: Kernel>(self) -> SearchResult {
                let engine: &Engine = self.engine;
                let ponder = self.ponder;
                let searcher = |limits: Limits, stop, skew| {
                    searcher::<G>(engine, self.past, self.tables, limits, stop, ponder, skew)
                };
                let l = self.limits;
                // Helpers make a search's result depend on how the threads
                // ran, so only a search bounded by time, or by nothing (stopped
                // by its caller), has them: one bounded by depth or nodes stays
                // reproducible.
                let helpers = if l.depth.is_none() && l.nodes.is_none() && !l.exact_root {
                    engine.threads.saturating_sub(1)
                } else {
                    0
                };
                if helpers == 0 {
                    return searcher(l, self.stop, 0).iterate(self.pos, self.on_info);
                }
                // Lazy SMP: helpers search the same root on their own threads,
                // sharing only the transposition table, and stop when the main
                // search does. What they store there orders and cuts the main
                // search's tree; every other helper runs a ply ahead, so that
                // the threads spread over two depths.
                let helper_stop = AtomicBool::new(false);
                let free = Limits {
                    movetime: None,
                    target: None,
                    ..l
                };
                // Made first, so that the main search's clock counts the
                // helpers' start-up too: the caller's time is spent from here.
                let mut main = searcher(l, self.stop, 0);
                std::thread::scope(|scope| {
                    for i in 0..helpers {
                        let mut h = searcher(free, &helper_stop, (i % 2 == 0) as u32);
                        let pos = self.pos;
                        scope.spawn(move || h.iterate(pos, &mut |_| {}));
                    }
                    // Set however the main search ends, a panic included: the
                    // scope waits for the helpers, which stop only on this flag.
                    let _stop_helpers = StopOnDrop(&helper_stop);
                    main.iterate(self.pos, self.on_info)
                })
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
                ponder,
                on_info,
            },
        )
    }
}

/// Sets its flag when dropped.
struct StopOnDrop<'a>(&'a AtomicBool);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// A searcher of `engine`'s evaluation, options and tables, writing to its
/// transposition table.
fn searcher<'a, G: Kernel>(
    engine: &'a Engine,
    past: &Past,
    tables: bool,
    limits: Limits,
    stop: &'a AtomicBool,
    ponder: &'a AtomicBool,
    skew: u32,
) -> Searcher<'a, G> {
    Searcher::<G> {
        eval: &engine.eval,
        options: engine.options,
        probcut_margin: probcut_margin(&engine.rules),
        counter_moves: engine.options.counter_moves && counter_moves_pay(&engine.rules),
        aspiration: engine.options.aspiration && aspiration_pays(&engine.rules),
        draws: NoProgress::new(&engine.rules, past),
        tt: &engine.tt,
        stop,
        ponder,
        ponder_stop: false,
        start: Instant::now(),
        deadline: None,
        limits,
        skew,
        nodes: 0,
        aborted: false,
        root_change: None,
        path: past.hashes.clone(),
        killers: [[None; 2]; MAX_PLY],
        history: Box::new([[0; 128]; 128]),
        counter: Box::new([[None; 64]; 64]),
        line: [(0, 0); MAX_PLY],
        pv: Box::new([[None; MAX_PLY]; MAX_PLY]),
        pv_len: [0; MAX_PLY],
        order: Vec::with_capacity(64 * MAX_PLY),
        network: engine.eval.network(),
        endgame: engine.endgame.as_deref().filter(|_| tables),
        acc: Vec::new(),
        _g: std::marker::PhantomData,
    }
}

/// Runs a one-off search with a fresh engine, for tools and tests.
pub fn search(pos: &Position, rules: &Ruleset, limits: Limits) -> SearchResult {
    let mut engine = Engine::new(rules, 8);
    let stop = AtomicBool::new(false);
    engine.search(pos, &Past::default(), limits, &stop, &mut |_| {})
}

/// A stop flag shared with a search running on another thread.
pub fn stop_flag() -> Arc<AtomicBool> {
    Arc::new(AtomicBool::new(false))
}

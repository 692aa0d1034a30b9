//! One Hub session: the state the protocol's lines change, and the answer to each line.

use super::{
    args, count, find_move, get, hub_move, level, parse_pos, say, say_error, score_text, Out,
    Search,
};
use checkers::ai::eval::Evaluator;
use checkers::ai::{Engine, Info, Limits, Past, MAX_THREADS};
use checkers::rules::builtin::{CANADIAN, INTERNATIONAL};
use checkers::{Game, Position, Ruleset};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// One hub session: the state the protocol's lines change.
pub(super) struct Session {
    pub(super) out: Out,
    eval: Option<Evaluator>,
    /// The variants offered: with a weights file, only its own.
    variants: String,
    rules: Ruleset,
    hash_mb: usize,
    /// Threads a search not bounded by depth or nodes runs on (`set-param
    /// name=threads`), up to the most a search runs on: the `param` line offers
    /// this, and the engine runs on no more of them than the machine's cores.
    threads: usize,
    /// Made at the first search, so that `set-param` before it costs no table.
    engine: Option<Arc<Mutex<Engine>>>,
    /// `None` after a `pos` that was refused: nothing is searched until a good one.
    pos: Option<Position>,
    past: Past,
    /// The last `level` taken; `None` before any.
    limits: Option<Limits>,
    search: Option<Search>,
}

impl Session {
    pub(super) fn new(eval: Option<(Ruleset, Evaluator)>, out: Out) -> Session {
        let (rules, eval) = match eval {
            Some((rules, eval)) => (rules, Some(eval)),
            None => (
                Ruleset::builtin(checkers::rules::builtin::DEFAULT).expect("built-in"),
                None,
            ),
        };
        let variants = match &eval {
            Some(_) => rules.id.clone(),
            None => Ruleset::builtin_ids().collect::<Vec<_>>().join(" "),
        };
        Session {
            out,
            eval,
            variants,
            pos: Some(Position::start(&rules)),
            rules,
            // The table the hub always searched with (asked for as 64
            // while the table halved a power of two).
            hash_mb: 32,
            threads: 1,
            engine: None,
            past: Past::default(),
            limits: None,
            search: None,
        }
    }

    pub(super) fn stop_search(&mut self) {
        if let Some(s) = self.search.take() {
            s.stop.store(true, Ordering::Relaxed);
            let _ = s.handle.join();
        }
    }

    fn engine(&mut self) -> Arc<Mutex<Engine>> {
        let (rules, hash_mb, eval) = (&self.rules, self.hash_mb, &self.eval);
        let threads = self.threads;
        self.engine
            .get_or_insert_with(|| {
                let mut engine = Engine::new(rules, hash_mb);
                engine.set_threads(threads);
                if let Some(e) = eval {
                    engine.eval = e.clone();
                }
                Arc::new(Mutex::new(engine))
            })
            .clone()
    }

    /// `init`: the engine, with its endgame tables, is made before `ready`, so
    /// that no `go` waits for them under the driver's clock.
    fn init(&mut self) {
        // A search still running holds the engine.
        self.stop_search();
        let engine = self.engine();
        crate::cli::tables::ensure(&self.rules, &mut |_| {});
        checkers::lab::tables::attach(&mut engine.lock().unwrap_or_else(|e| e.into_inner()));
        say(&self.out, "ready");
    }

    /// Forgets the position after a `pos` that was refused, for whatever reason:
    /// searching the position before it, the start position or half the moves
    /// would answer for a position the GUI never meant.
    pub(super) fn refuse_pos(&mut self) {
        self.stop_search();
        self.pos = None;
    }

    /// Answers one line; `false` once the session is over (`quit`).
    pub(super) fn handle(&mut self, line: &str) -> bool {
        let line = line.trim();
        // Any blank parts the words, as in Scan: a tab after `pos` left the
        // whole line an unknown command, ignored without a word.
        let (cmd, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let a = args(rest);
        match cmd {
            "hub" => self.hello(),
            "set-param" => self.set_param(&a),
            "init" => self.init(),
            "ping" => say(&self.out, "pong"),
            "new-game" => {
                self.stop_search();
                if let Some(engine) = &self.engine {
                    engine.lock().unwrap_or_else(|e| e.into_inner()).clear();
                }
            }
            "pos" => {
                self.stop_search();
                if let Err(e) = self.set_pos(&a) {
                    self.refuse_pos();
                    say_error(&self.out, &e);
                }
            }
            "level" => match level(&a) {
                Ok(limits) => self.limits = Some(limits),
                Err(e) => say_error(&self.out, &e),
            },
            "go" => {
                let mode = |m: &str| rest.split_whitespace().any(|w| w == m);
                self.go(mode("analyze"), mode("ponder"));
            }
            "ponder-hit" => {
                if let Some(s) = &self.search {
                    s.ponder.store(false, Ordering::Relaxed);
                }
            }
            "stop" => self.stop_search(),
            "quit" => return false,
            _ => {} // The protocol asks engines to ignore what they do not know.
        }
        true
    }

    fn hello(&self) {
        let out = &self.out;
        say(
            out,
            &format!(
                "id name=checkers version={} author=\"the checkers team\"",
                env!("CARGO_PKG_VERSION")
            ),
        );
        say(
            out,
            &format!(
                "param name=variant value={} type=enum values=\"{}\"",
                self.rules.id, self.variants
            ),
        );
        say(
            out,
            &format!(
                "param name=hash value={} type=int min=1 max=4096",
                self.hash_mb
            ),
        );
        say(
            out,
            &format!(
                "param name=threads value={} type=int min=1 max={MAX_THREADS}",
                self.threads
            ),
        );
        say(out, "wait");
    }

    fn set_param(&mut self, a: &[(String, String)]) {
        match (get(a, "name"), get(a, "value")) {
            // With a weights file, only its variant: the others are not offered.
            (Some("variant"), Some(v)) => {
                // Scan, the reference 10×10 engine, calls international draughts
                // "normal": a GUI made for it may say so.
                let v = if v == "normal" { INTERNATIONAL } else { v };
                let offered = self.variants.split(' ').any(|id| id == v);
                match Ruleset::builtin(v).filter(|_| offered) {
                    Some(r) => {
                        self.stop_search();
                        self.rules = r;
                        self.engine = None;
                        self.pos = Some(Position::start(&self.rules));
                        self.past = Past::default();
                    }
                    None => say_error(
                        &self.out,
                        &format!("variant {v} is not offered; use one of {}", self.variants),
                    ),
                }
            }
            // A table larger than the engine keeps is taken as its largest: a GUI
            // offers sizes of its own, and a smaller table only costs strength.
            (Some("hash"), Some(v)) => match count("hash", v) {
                Ok(mb) => {
                    self.stop_search();
                    self.hash_mb = mb.min(4096);
                    self.engine = None;
                }
                Err(e) => say_error(&self.out, &e),
            },
            // Likewise more threads than a search runs on are taken as the most.
            (Some("threads"), Some(v)) => match count("threads", v) {
                Ok(n) => {
                    self.stop_search();
                    self.threads = n.min(MAX_THREADS);
                    if let Some(engine) = &self.engine {
                        let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
                        engine.set_threads(self.threads);
                    }
                }
                Err(e) => say_error(&self.out, &e),
            },
            _ => {}
        }
    }

    /// The position of a `pos` line, after its moves; an error for a position that
    /// cannot be read or a move that is not legal where it is played. Without
    /// `pos=` it is the start position, as in Scan (which also reads a `start`
    /// flag, ignored here as any unknown argument, to the same effect).
    fn set_pos(&mut self, a: &[(String, String)]) -> Result<(), String> {
        let start = match get(a, "pos") {
            Some(text) => {
                self.board_for(text);
                parse_pos(text, self.rules.geometry())?
            }
            None => Position::start(&self.rules),
        };
        let mut pos = start;
        // The game record gives the search the repetitions and draw
        // counters; a position the rules call over keeps only its hashes.
        let mut game = Game::from_position(self.rules.clone(), start);
        let mut hashes = Vec::new();
        for (i, text) in get(a, "moves").unwrap_or("").split_whitespace().enumerate() {
            let Some(m) = find_move(&pos, &self.rules, text) else {
                return Err(format!(
                    "move {} of moves, {text}, is not a legal move there",
                    i + 1
                ));
            };
            hashes.push(pos.hash());
            pos = pos.after(&m);
            let _ = game.play(&m);
        }
        self.past = if *game.position() == pos {
            Past::of(&game)
        } else {
            Past {
                hashes,
                counters: Vec::new(),
            }
        };
        self.pos = Some(pos);
        Ok(())
    }

    /// A `pos` of 50 squares to a session playing an 8×8 game: a driver made for
    /// 10×10 engines sends no variant, so the session turns to international
    /// draughts, where it is offered (and to canadian for 72 squares).
    fn board_for(&mut self, pos: &str) {
        let squares = pos.chars().count().saturating_sub(1) as u32;
        if squares == self.rules.geometry().squares() {
            return;
        }
        let fits = [INTERNATIONAL, CANADIAN].into_iter().find_map(|id| {
            let offered = self.variants.split(' ').any(|v| v == id);
            Ruleset::builtin(id).filter(|r| offered && r.geometry().squares() == squares)
        });
        if let Some(r) = fits {
            self.stop_search();
            self.rules = r;
            self.engine = None;
        }
    }

    /// Starts a search of the position under the level: `go ponder` unbounded
    /// until `ponder-hit`, then under the level like `go think`.
    fn go(&mut self, analyze: bool, ponder: bool) {
        self.stop_search();
        let Some(start) = self.pos else {
            say_error(
                &self.out,
                "no position to search: the last pos was refused; send a good pos first",
            );
            return;
        };
        // The level bounds every search, as Scan's does (protocol.txt pairs
        // `level infinite` with analysis, the GUI sending `stop`). With no
        // `level` yet, an analysis runs until `stop`, as it does in Scan,
        // whose level is infinite until set; a move takes a second.
        let limits = self.limits.unwrap_or(if analyze {
            Limits::default()
        } else {
            Limits {
                movetime: Some(Duration::from_secs(1)),
                ..Default::default()
            }
        });
        let stop = Arc::new(AtomicBool::new(false));
        let pondering = Arc::new(AtomicBool::new(ponder && !analyze));
        let (flag, ponder_flag, out, engine, past, geo) = (
            stop.clone(),
            pondering.clone(),
            self.out.clone(),
            self.engine(),
            self.past.clone(),
            *self.rules.geometry(),
        );
        let handle = std::thread::spawn(move || {
            let mut engine = engine.lock().unwrap_or_else(|e| e.into_inner());
            let mut report = |i: &Info| {
                let pv: Vec<String> = i.pv.iter().map(|m| hub_move(m, &geo)).collect();
                say(
                    &out,
                    &format!(
                        "info depth={} score={} nodes={} time={:.3} nps={} pv=\"{}\"",
                        i.depth,
                        score_text(i.score),
                        i.nodes,
                        i.elapsed.as_secs_f64(),
                        i.nps(),
                        pv.join(" ")
                    ),
                );
            };
            // A driver that skipped `init` gets the tables here, still before the
            // search's clock starts.
            crate::cli::tables::prepare(&mut engine, &start, &mut |_| {});
            let r =
                engine.search_pondering(&start, &past, limits, &flag, &ponder_flag, &mut report);
            match r.best {
                Some(m) => {
                    let ponder = r
                        .info
                        .pv
                        .get(1)
                        .map(|p| format!(" ponder={}", hub_move(p, &geo)))
                        .unwrap_or_default();
                    say(&out, &format!("done move={}{ponder}", hub_move(&m, &geo)));
                }
                None => say(&out, "done"),
            }
        });
        self.search = Some(Search {
            stop,
            ponder: pondering,
            handle,
        });
    }
}

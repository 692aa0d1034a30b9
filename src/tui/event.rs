//! The one event channel: an input thread and a signal thread feed it, the main
//! loop blocks on it, so an idle game uses no CPU.

use crossterm::event::Event as InputEvent;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

/// Everything the main loop reacts to.
#[derive(Debug)]
pub enum Event {
    /// A key, mouse or resize event from the terminal.
    Input(InputEvent),
    /// SIGINT, SIGTERM, SIGHUP or SIGQUIT (the number): restore the terminal and
    /// leave with the shell's code for it, 128 + the number.
    Terminate(i32),
    /// Ctrl-Z or SIGTSTP: restore the terminal and stop until `fg`.
    Suspend,
    /// SIGCONT: the game goes on after a stop; take the terminal back and redraw.
    Continue,
    /// The input thread could not read the terminal any more.
    InputFailed(String),
    /// A search finished a depth.
    AiInfo(u64, checkers::ai::Info),
    /// A search ended with this move and score.
    AiDone {
        id: u64,
        best: Option<checkers::Move>,
        score: i32,
    },
    /// A review's verdict on one position of its line.
    Verdict(u64, usize, checkers::ai::review::Verdict),
    /// A review went through its line, or was stopped.
    ReviewDone(u64),
    /// The analysis finished a depth.
    Analysed(u64, u32, Vec<checkers::ai::analysis::Line>),
    /// The endgame tables the game asked for are ready.
    Tables(super::app::TablesFor),
    /// The share of the tables the game asked for (by their key) read or solved.
    TablesProgress(u64, f64),
}

/// Starts the input and signal threads and returns both ends of the channel.
pub fn spawn() -> std::io::Result<(Sender<Event>, Receiver<Event>)> {
    // Set up crossterm's event source (and its SIGWINCH handler) here, before
    // the first frame: if the input thread did it later, a resize in between
    // would be lost and the screen would keep the old size.
    crossterm::event::poll(std::time::Duration::ZERO)?;
    let (tx, rx) = mpsc::channel();
    spawn_input(tx.clone());
    spawn_signals(tx.clone())?;
    Ok((tx, rx))
}

/// An engine for `rules` with a table of `mb` megabytes, searching with
/// `eval` where one is given instead of the ruleset's own.
fn engine(
    rules: &checkers::Ruleset,
    mb: usize,
    eval: Option<&checkers::ai::eval::Evaluator>,
) -> checkers::ai::Engine {
    let mut engine = checkers::ai::Engine::new(rules, mb);
    if let Some(eval) = eval {
        engine.eval = eval.clone();
    }
    engine
}

/// Runs `work` on its own thread with a fresh stop flag, and returns the flag:
/// setting it stops the work.
fn spawn_stoppable(
    work: impl FnOnce(&std::sync::atomic::AtomicBool) + Send + 'static,
) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    let stop = checkers::ai::search::stop_flag();
    let flag = stop.clone();
    thread::spawn(move || work(&stop));
    flag
}

/// Runs a review on its own thread: a verdict per position comes back on the
/// channel, then the end. Setting the returned flag stops it.
pub fn spawn_review(
    req: super::app::ReviewRequest,
    tx: Sender<Event>,
) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    spawn_stoppable(move |stop| {
        let mut engine = engine(&req.rules, 64, req.eval.as_deref());
        let id = req.id;
        checkers::ai::review::review(
            &mut engine,
            &req.rules,
            req.start,
            &req.moves,
            req.limits,
            stop,
            &mut |engine, pos| crate::cli::tables::prepare(engine, pos, &mut |_| {}),
            &mut |ply, verdict| {
                let _ = tx.send(Event::Verdict(id, ply, verdict));
            },
        );
        let _ = tx.send(Event::ReviewDone(id));
    })
}

/// Runs an analysis on its own thread until the returned flag is set; the
/// lines of each depth come back on the channel.
pub fn spawn_analysis(
    req: super::app::AnalyseRequest,
    tx: Sender<Event>,
) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    spawn_stoppable(move |stop| {
        let mut engine = engine(&req.rules, 64, req.eval.as_deref());
        crate::cli::tables::attach_ready(&mut engine, &req.pos);
        let id = req.id;
        checkers::ai::analysis::analyse(
            &mut engine,
            &req.pos,
            &req.past,
            super::app::LINES,
            stop,
            &mut |depth, lines| {
                let _ = tx.send(Event::Analysed(id, depth, lines.to_vec()));
            },
        );
    })
}

/// Reads the endgame tables of `rules` from the cache (or solves the small
/// ones) on its own thread, and hands them over on the channel.
pub fn spawn_tables(rules: checkers::Ruleset, tx: Sender<Event>) {
    thread::spawn(move || {
        let key = checkers::lab::tables::movement_key(&rules);
        crate::cli::tables::ensure(&rules, &mut |share| {
            let _ = tx.send(Event::TablesProgress(key, share));
        });
        let _ = tx.send(Event::Tables(super::app::TablesFor {
            key,
            tables: checkers::lab::tables::shared(&rules),
        }));
    });
}

/// Runs a search on its own thread; its reports come back on the channel.
/// Setting the returned flag stops it.
pub fn spawn_search(
    req: super::app::SearchRequest,
    tx: Sender<Event>,
) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    spawn_stoppable(move |stop| {
        let mut engine = engine(&req.rules, req.level.table_mb(), req.eval.as_deref());
        let id = req.id;
        let info_tx = tx.clone();
        // Never waited for: the game asks for them on another thread as it
        // nears its end (`App::want_tables`), and searches without them until
        // they are in, rather than let a clock run while they are solved.
        crate::cli::tables::attach_ready(&mut engine, &req.pos);
        let result = engine.search(&req.pos, &req.past, req.limits, stop, &mut |info| {
            let _ = info_tx.send(Event::AiInfo(id, info.clone()));
        });
        let mut rng = checkers::ai::Rng::new(req.seed);
        let best = answer(&result, &req, &mut rng);
        let _ = tx.send(Event::AiDone {
            id,
            best,
            score: result.info.score,
        });
    })
}

/// The move a search answers with: the level's choice, or under touch-move
/// the touched piece's best.
fn answer(
    result: &checkers::ai::SearchResult,
    req: &super::app::SearchRequest,
    rng: &mut checkers::ai::Rng,
) -> Option<checkers::Move> {
    match req.touched {
        Some(from) => result
            .root_scores
            .iter()
            .filter(|(m, _)| m.from() == from)
            .max_by_key(|&&(_, s)| s)
            .map(|&(m, _)| m),
        None => checkers::ai::choose(result, &req.level, rng),
    }
}

/// The largest screen the game draws: a larger terminal shows the game in this
/// corner and the rest blank, so that the screen's memory (two buffers of cells)
/// stays bounded whatever size the terminal claims (9999×9999 took 9 GB).
pub const MAX_COLS: u16 = 500;
pub const MAX_ROWS: u16 = 200;

/// What a terminal event means to the game: Ctrl-Z suspends (raw mode turns off
/// the terminal's own Ctrl-Z), a resize is capped to the largest screen drawn.
fn classify(ev: InputEvent) -> Event {
    use crossterm::event::{KeyCode, KeyEventKind, KeyModifiers};
    match ev {
        InputEvent::Key(k)
            if k.code == KeyCode::Char('z')
                && k.modifiers.contains(KeyModifiers::CONTROL)
                && k.kind == KeyEventKind::Press =>
        {
            Event::Suspend
        }
        InputEvent::Resize(w, h) => {
            Event::Input(InputEvent::Resize(w.min(MAX_COLS), h.min(MAX_ROWS)))
        }
        ev => Event::Input(ev),
    }
}

fn spawn_input(tx: Sender<Event>) {
    thread::spawn(move || loop {
        // `read` blocks until the terminal has something: no polling, no ticks.
        let msg = match crossterm::event::read() {
            Ok(ev) => classify(ev),
            Err(e) => Event::InputFailed(e.to_string()),
        };
        let failed = matches!(msg, Event::InputFailed(_));
        if tx.send(msg).is_err() || failed {
            return;
        }
    });
}

fn spawn_signals(tx: Sender<Event>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP};
    let mut signals =
        signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT])?;
    thread::spawn(move || {
        for signal in signals.forever() {
            let event = match signal {
                SIGTSTP => Event::Suspend,
                SIGCONT => Event::Continue,
                n => Event::Terminate(n),
            };
            if tx.send(event).is_err() {
                return;
            }
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

    /// Under touch-move the answer is the touched piece's best move, even where
    /// another piece has a better one.
    #[test]
    fn a_touched_pieces_best_move_is_the_answer() {
        let rules = checkers::Ruleset::builtin("russian").unwrap();
        // White's c3 is touched; g7 crowning is the board's best, not c3's.
        let pos = checkers::fen::parse("W:Wc3,g7:Ba7,h2", rules.geometry()).unwrap();
        let level = checkers::ai::Level::get_or_default(8);
        let limits = checkers::ai::Limits {
            depth: Some(4),
            exact_root: true,
            ..Default::default()
        };
        let mut engine = checkers::ai::Engine::new(&rules, 1);
        let stop = checkers::ai::search::stop_flag();
        let result = engine.search(&pos, &Default::default(), limits, &stop, &mut |_| {});
        let from = rules.geometry().square_named("c3");
        let req = crate::tui::app::SearchRequest {
            id: 1,
            eval: None,
            purpose: crate::tui::app::Purpose::Hint,
            rules: rules.clone(),
            pos,
            past: Default::default(),
            level,
            limits,
            seed: 1,
            touched: from,
        };
        let mut rng = checkers::ai::Rng::new(1);
        let best = answer(&result, &req, &mut rng).expect("a move");
        assert_eq!(Some(best.from()), from);
        assert_ne!(
            result.best.map(|m| m.from()),
            from,
            "the board's best is c3's"
        );
    }

    #[test]
    fn ctrl_z_suspends_and_a_huge_resize_is_capped() {
        let z = InputEvent::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
        assert!(matches!(classify(z), Event::Suspend));
        let plain = InputEvent::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::NONE));
        assert!(matches!(classify(plain), Event::Input(_)));
        match classify(InputEvent::Resize(9999, 9999)) {
            Event::Input(InputEvent::Resize(w, h)) => assert_eq!((w, h), (MAX_COLS, MAX_ROWS)),
            other => panic!("{other:?}"),
        }
        match classify(InputEvent::Resize(80, 24)) {
            Event::Input(InputEvent::Resize(w, h)) => assert_eq!((w, h), (80, 24)),
            other => panic!("{other:?}"),
        }
    }
}

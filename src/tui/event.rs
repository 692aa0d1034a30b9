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
    /// SIGINT, SIGTERM or SIGHUP: restore the terminal and leave.
    Terminate,
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

/// Runs a search on its own thread; its reports come back on the channel.
/// Setting the returned flag stops it.
pub fn spawn_search(
    req: super::app::SearchRequest,
    tx: Sender<Event>,
) -> std::sync::Arc<std::sync::atomic::AtomicBool> {
    let stop = checkers::ai::search::stop_flag();
    let flag = stop.clone();
    thread::spawn(move || {
        let mut engine = checkers::ai::Engine::new(&req.rules, req.level.table_mb());
        if let Some(eval) = &req.eval {
            engine.eval = (**eval).clone();
        }
        let id = req.id;
        let info_tx = tx.clone();
        let result = engine.search(&req.pos, &req.past, req.limits, &stop, &mut |info| {
            let _ = info_tx.send(Event::AiInfo(id, info.clone()));
        });
        let mut rng = checkers::ai::Rng::new(req.seed);
        let best = checkers::ai::choose(&result, &req.level, &mut rng);
        let _ = tx.send(Event::AiDone {
            id,
            best,
            score: result.info.score,
        });
    });
    flag
}

fn spawn_input(tx: Sender<Event>) {
    thread::spawn(move || loop {
        // `read` blocks until the terminal has something: no polling, no ticks.
        let msg = match crossterm::event::read() {
            Ok(ev) => Event::Input(ev),
            Err(e) => Event::InputFailed(e.to_string()),
        };
        let failed = matches!(msg, Event::InputFailed(_));
        if tx.send(msg).is_err() || failed {
            return;
        }
    });
}

fn spawn_signals(tx: Sender<Event>) -> std::io::Result<()> {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    let mut signals = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])?;
    thread::spawn(move || {
        if signals.forever().next().is_some() {
            let _ = tx.send(Event::Terminate);
        }
    });
    Ok(())
}

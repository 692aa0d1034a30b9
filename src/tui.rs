//! The terminal front end: terminal setup and the event loop.

mod app;
pub mod autosave;
mod board_view;
mod event;
pub mod i18n;
mod keymap;
mod layout;
#[cfg(test)]
mod test_support;
mod theme;
mod view;

pub use app::{AiSettings, Options};
pub use theme::{BoardColors, Depth, Theme};

use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::execute;
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, EnterAlternateScreen, LeaveAlternateScreen,
};
use ratatui::backend::CrosstermBackend;
use ratatui::Terminal;
use std::io::{self, Stdout};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;

type Term = Terminal<CrosstermBackend<Stdout>>;

/// Puts the terminal back as it was; safe to call more than once.
fn restore() {
    let _ = disable_raw_mode();
    let _ = execute!(
        io::stdout(),
        DisableMouseCapture,
        LeaveAlternateScreen,
        crossterm::cursor::Show
    );
}

/// Chains a panic hook that restores the terminal before the message is printed,
/// so a bug never leaves the shell in raw mode.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        restore();
        previous(info);
    }));
}

fn init() -> io::Result<Term> {
    install_panic_hook();
    enable_raw_mode()?;
    if let Err(e) = execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture) {
        restore();
        return Err(e);
    }
    Terminal::new(CrosstermBackend::new(io::stdout())).inspect_err(|_| restore())
}

/// Runs the game until the player quits. The terminal is restored on every path out.
pub fn run(opts: Options) -> Result<(), String> {
    let events = event::spawn().map_err(|e| format!("cannot watch for signals: {e}"))?;
    let mut terminal = init().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let result = event_loop(&mut terminal, opts, &events);
    restore();
    result
}

fn event_loop(
    terminal: &mut Term,
    opts: Options,
    events: &(Sender<event::Event>, Receiver<event::Event>),
) -> Result<(), String> {
    let (tx, rx) = events;
    let size = terminal.size().map_err(|e| e.to_string())?;
    let mut app = app::App::new(opts, (size.width, size.height));
    let mut running: Option<Arc<AtomicBool>> = None;
    loop {
        run_effects(&mut app, &mut running, tx);
        // The size read here also covers a resize whose event was never seen.
        let size = terminal.size().map_err(|e| e.to_string())?;
        if (size.width, size.height) != app.size {
            app.update(app::Action::Resize(size.width, size.height));
        }
        terminal
            .draw(|f| f.render_widget(&app, f.area()))
            .map_err(|e| format!("cannot draw: {e}"))?;
        let Ok(ev) = rx.recv() else {
            return Ok(());
        };
        match ev {
            event::Event::Input(input) => {
                if let Some(action) = keymap::action(app.mode(), &input) {
                    app.update(action);
                }
            }
            event::Event::AiInfo(id, info) => app.update(app::Action::AiInfo { id, info }),
            event::Event::AiDone { id, best, score } => {
                app.update(app::Action::AiDone { id, best, score })
            }
            event::Event::Terminate => break,
            event::Event::InputFailed(e) => {
                if let Some(stop) = running.take() {
                    stop.store(true, Ordering::Relaxed);
                }
                return Err(format!("cannot read the terminal: {e}"));
            }
        }
        if app.quit {
            break;
        }
    }
    if let Some(stop) = running.take() {
        stop.store(true, Ordering::Relaxed);
    }
    Ok(())
}

/// Does the work `update` asked for, in order: searches start and stop on
/// their own threads, and what came of file work goes straight back to
/// `update`, until nothing is left to do.
fn run_effects(
    app: &mut app::App,
    running: &mut Option<Arc<AtomicBool>>,
    tx: &Sender<event::Event>,
) {
    while !app.effects.is_empty() {
        for effect in std::mem::take(&mut app.effects) {
            match effect {
                app::Effect::Stop => {
                    if let Some(stop) = running.take() {
                        stop.store(true, Ordering::Relaxed);
                    }
                }
                app::Effect::Search(req) => {
                    if let Some(stop) = running.take() {
                        stop.store(true, Ordering::Relaxed);
                    }
                    *running = Some(event::spawn_search(*req, tx.clone()));
                }
                app::Effect::File(work) => {
                    if let Some(action) = do_file_work(work) {
                        app.update(action);
                    }
                }
            }
        }
    }
}

/// Reads or writes the file `work` names, and says what came of it as an
/// action for `update` (`None`: nothing to say). The one place the front end
/// touches the file system during a game; the tests run file work through it too.
fn do_file_work(work: app::FileWork) -> Option<app::Action> {
    match work {
        app::FileWork::Save { path, pdn } => {
            let error = crate::files::write_atomically(std::path::Path::new(&path), &pdn)
                .err()
                .map(|e| e.to_string());
            Some(app::Action::Saved { path, error })
        }
        app::FileWork::Load { path } => {
            let text = std::fs::read_to_string(&path).map_err(|e| e.to_string());
            Some(app::Action::Loaded { path, text })
        }
        app::FileWork::Autosave { pdn, finished } => {
            autosave::write(&pdn, finished).map(app::Action::Notice)
        }
    }
}

//! The terminal front end: terminal setup and the event loop.

mod app;
pub mod autosave;
mod board_view;
mod capped;
mod event;
#[cfg(test)]
mod fuzz;
pub mod i18n;
mod keymap;
mod layout;
#[cfg(test)]
mod test_support;
#[cfg(test)]
mod tests;
mod theme;
mod view;

pub use app::{fresh_seed, AiSettings, Options, Unfinished, REVIEW_TIME};
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

type Term = Terminal<capped::Capped<CrosstermBackend<Stdout>>>;

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
    Terminal::new(capped::Capped::new(CrosstermBackend::new(io::stdout())))
        .inspect_err(|_| restore())
}

/// Takes the terminal back after a stop: raw mode, the alternate screen, the mouse,
/// and a whole new frame (the shell drew over the screen meanwhile).
fn reenter(terminal: &mut Term) -> Result<(), String> {
    enable_raw_mode()
        .and_then(|()| execute!(io::stdout(), EnterAlternateScreen, EnableMouseCapture))
        .and_then(|()| terminal.hide_cursor())
        .and_then(|()| terminal.clear())
        .map_err(|e| format!("cannot take the terminal back: {e}"))
}

/// Ctrl-Z: the terminal as it was, then stopped as the shell's Ctrl-Z stops a
/// program; `fg` (SIGCONT) carries on here.
fn suspend(terminal: &mut Term) -> Result<(), String> {
    restore();
    signal_hook::low_level::emulate_default_handler(signal_hook::consts::SIGTSTP)
        .map_err(|e| format!("cannot suspend: {e}"))?;
    reenter(terminal)
}

/// Runs the game until the player quits, keeping it in the saved-games
/// library through `keeper` (which holds the game's file if it is already
/// there). The terminal is restored on every path out; after SIGINT, SIGTERM, SIGHUP or SIGQUIT the process exits at once with the
/// shell's code for the signal (128 + its number: 130, 143, 129, 131), as a program
/// killed by it would. Nothing is lost by not returning: the
/// game is saved on the way out, as when the player quits.
pub fn run(opts: Options, keeper: crate::games::Keeper) -> Result<(), String> {
    let events = event::spawn().map_err(|e| format!("cannot watch for signals: {e}"))?;
    let mut terminal = init().map_err(|e| format!("cannot set up the terminal: {e}"))?;
    let result = event_loop(&mut terminal, opts, keeper, &events);
    restore();
    drop(terminal);
    match result {
        Ok(Some(signal)) => std::process::exit(128 + signal),
        Ok(None) => Ok(()),
        Err(e) => Err(e),
    }
}

fn event_loop(
    terminal: &mut Term,
    opts: Options,
    mut keeper: crate::games::Keeper,
    events: &(Sender<event::Event>, Receiver<event::Event>),
) -> Result<Option<i32>, String> {
    let (tx, rx) = events;
    let size = terminal.size().map_err(|e| e.to_string())?;
    let mut app = app::App::new(opts, (size.width, size.height));
    let mut running = Running::default();
    let mut signal = None;
    loop {
        run_effects(&mut app, &mut running, &mut keeper, tx);
        // The size read here also covers a resize whose event was never seen.
        let size = terminal.size().map_err(|e| e.to_string())?;
        if (size.width, size.height) != app.size {
            app.update(app::Action::Resize(size.width, size.height));
        }
        terminal
            .draw(|f| f.render_widget(&app, f.area()))
            .map_err(|e| format!("cannot draw: {e}"))?;
        // A running clock is redrawn every tenth of a second; otherwise the
        // loop sleeps until something happens.
        let ev = if app.wants_ticks() {
            match rx.recv_timeout(std::time::Duration::from_millis(50)) {
                Ok(ev) => Some(ev),
                Err(std::sync::mpsc::RecvTimeoutError::Timeout) => None,
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return Ok(None),
            }
        } else {
            match rx.recv() {
                Ok(ev) => Some(ev),
                Err(_) => return Ok(None),
            }
        };
        app.update(app::Action::Tick(std::time::Instant::now()));
        let Some(ev) = ev else {
            continue;
        };
        match ev {
            event::Event::Input(input) => {
                if let Some(action) = app.input_action(&input) {
                    app.update(action);
                }
            }
            event::Event::AiInfo(id, info) => app.update(app::Action::AiInfo { id, info }),
            event::Event::AiDone { id, best, score } => {
                app.update(app::Action::AiDone { id, best, score })
            }
            event::Event::Verdict(id, ply, verdict) => {
                app.update(app::Action::Verdict { id, ply, verdict })
            }
            event::Event::ReviewDone(id) => app.update(app::Action::ReviewDone { id }),
            event::Event::Tables(tables) => app.update(app::Action::TablesReady(tables)),
            event::Event::TablesProgress(key, share) => app.update(app::Action::TablesProgress {
                key,
                percent: percent(share),
            }),
            event::Event::Analysed(id, depth, lines) => {
                app.update(app::Action::Analysed { id, depth, lines })
            }
            event::Event::Terminate(n) => {
                // Leaving as Ctrl-C does: a failed save is tried once more.
                app.update(app::Action::ForceQuit);
                signal = Some(n);
            }
            event::Event::Suspend => suspend(terminal)?,
            event::Event::Continue => reenter(terminal)?,
            event::Event::InputFailed(e) => {
                running.stop_all();
                return Err(format!("cannot read the terminal: {e}"));
            }
        }
        if app.quit || signal.is_some() {
            break;
        }
    }
    // The last save asked for on the way out.
    run_effects(&mut app, &mut running, &mut keeper, tx);
    running.stop_all();
    Ok(signal)
}

/// The work running on other threads: the AI's search and a review, each
/// stopped by setting its flag.
#[derive(Default)]
struct Running {
    search: Option<Arc<AtomicBool>>,
    review: Option<Arc<AtomicBool>>,
    analysis: Option<Arc<AtomicBool>>,
}

impl Running {
    fn stop(slot: &mut Option<Arc<AtomicBool>>) {
        if let Some(stop) = slot.take() {
            stop.store(true, Ordering::Relaxed);
        }
    }

    fn stop_all(&mut self) {
        Running::stop(&mut self.search);
        Running::stop(&mut self.review);
        Running::stop(&mut self.analysis);
    }
}

/// Does the work `update` asked for, in order: searches start and stop on
/// their own threads, and what came of file work goes straight back to
/// `update`, until nothing is left to do.
/// A share of the endgame tables ready, 0 to 1, as the whole percent the panel shows.
fn percent(share: f64) -> u8 {
    (share * 100.0).clamp(0.0, 100.0) as u8
}

fn run_effects(
    app: &mut app::App,
    running: &mut Running,
    keeper: &mut crate::games::Keeper,
    tx: &Sender<event::Event>,
) {
    while !app.effects.is_empty() {
        for effect in std::mem::take(&mut app.effects) {
            match effect {
                app::Effect::Stop => Running::stop(&mut running.search),
                app::Effect::Search(req) => {
                    Running::stop(&mut running.search);
                    running.search = Some(event::spawn_search(*req, tx.clone()));
                }
                app::Effect::StopReview => Running::stop(&mut running.review),
                app::Effect::StopAnalysis => Running::stop(&mut running.analysis),
                app::Effect::Analyse(req) => {
                    Running::stop(&mut running.analysis);
                    running.analysis = Some(event::spawn_analysis(*req, tx.clone()));
                }
                app::Effect::Review(req) => {
                    Running::stop(&mut running.review);
                    running.review = Some(event::spawn_review(*req, tx.clone()));
                }
                app::Effect::LoadTables(rules) => event::spawn_tables(*rules, tx.clone()),
                app::Effect::Clipboard(text) => {
                    // OSC 52: the terminal puts the text on the system clipboard
                    // (where it allows it; elsewhere the status line shows it).
                    let _ = execute!(
                        io::stdout(),
                        crossterm::style::Print(format!(
                            "\x1b]52;c;{}\x07",
                            base64(text.as_bytes())
                        ))
                    );
                }
                app::Effect::File(work) => {
                    if let Some(action) = do_file_work(work, keeper) {
                        app.update(action);
                    }
                }
            }
        }
    }
}

/// Standard base64 with padding, for OSC 52.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ABC[(n >> (18 - 6 * i) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Reads or writes the file `work` names, and says what came of it as an
/// action for `update` (`None`: nothing to say). The one place the front end
/// touches the file system during a game; the tests run file work through it too.
fn do_file_work(work: app::FileWork, keeper: &mut crate::games::Keeper) -> Option<app::Action> {
    use std::path::Path;
    match work {
        app::FileWork::Save { path, pdn, replace } => {
            let target = Path::new(&path);
            // A folder is named as one, not as a file that exists.
            let written = if target.is_dir() {
                Err(io::Error::from(io::ErrorKind::IsADirectory))
            } else if replace {
                crate::files::write_atomically(target, &pdn)
            } else {
                crate::files::write_new(target, &pdn)
            };
            let error = written.err().map(|e| app::save_failure(&e));
            Some(app::Action::Saved { path, error })
        }
        app::FileWork::Load { path } => {
            // A FIFO or a terminal named here must not freeze the game: never block.
            let text = crate::files::read_text(Path::new(&path), crate::files::MAX_PDN_BYTES);
            Some(app::Action::Loaded { path, text })
        }
        app::FileWork::Keep { pdn } => Some(app::Action::Kept(
            keeper.keep(&pdn).map(|p| p.display().to_string()),
        )),
        app::FileWork::LetGo => {
            keeper.let_go();
            None
        }
        app::FileWork::Take { id } => Some(app::Action::Taken(
            keeper.take(&id).map(|p| p.display().to_string()),
        )),
    }
}

//! End to end: the real binary in a pseudo-terminal, its output read back through a
//! terminal emulator (vt100), played by keys and typed moves, then left by `q` or
//! by SIGTERM; either way the terminal must be as it was before.
#![cfg(unix)]

use portable_pty::{native_pty_system, Child, CommandBuilder, ExitStatus, MasterPty, PtySize};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

pub(crate) const ROWS: u16 = 24;
pub(crate) const COLS: u16 = 80;
/// How long to wait for anything the game should show; generous for a busy machine,
/// and a passing test never waits this long.
pub(crate) const PATIENCE: Duration = Duration::from_secs(60);

/// The game running in a pseudo-terminal, and what it has drawn so far.
pub(crate) struct Session {
    pub(crate) child: Box<dyn Child + Send + Sync>,
    pub(crate) master: Box<dyn MasterPty + Send>,
    pub(crate) writer: Box<dyn Write + Send>,
    pub(crate) output: Receiver<Vec<u8>>,
    /// Every byte the program wrote, to check the last things it sent.
    pub(crate) raw: Vec<u8>,
    pub(crate) screen: vt100::Parser,
    /// `stty`-level settings before the program started, as text.
    pub(crate) termios_before: String,
    /// The session's own config and data folders, removed when it ends.
    pub(crate) home: PathBuf,
}

/// A fresh folder for one session: sessions run at the same time, in this process and in
/// others, and the game saves itself after every move.
fn session_home() -> PathBuf {
    static SESSIONS: AtomicUsize = AtomicUsize::new(0);
    let n = SESSIONS.fetch_add(1, Ordering::Relaxed);
    let home = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("tui-e2e-{}-{n}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    home
}

pub(crate) fn nonzero(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a terminal dimension")
}

pub(crate) fn termios_text(master: &dyn MasterPty) -> String {
    // Linux answers for the terminal side of the pair when asked on the master.
    master
        .get_termios()
        .map(|t| format!("{:?} {:?}", t.local_flags, t.input_flags))
        .unwrap_or_default()
}

impl Session {
    pub(crate) fn start(args: &[&str]) -> Session {
        Session::start_with(args, (COLS, ROWS), &[])
    }

    /// The game in a `cols` × `rows` terminal with `env` set as well.
    pub(crate) fn start_with(
        args: &[&str],
        (cols, rows): (u16, u16),
        env: &[(&str, &str)],
    ) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pseudo-terminal");
        let termios_before = termios_text(pty.master.as_ref());
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_checkers"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        // English unless a test asks for another language.
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            cmd.env_remove(var);
        }
        // The tester's own config file must not change what the test sees, and the game
        // saved after every move goes neither to the tester's data folder nor to another
        // session's, unless `env` names folders that sessions share on purpose.
        let home = session_home();
        cmd.env("XDG_CONFIG_HOME", home.join("config"));
        cmd.env("XDG_DATA_HOME", home.join("data"));
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pty.slave.spawn_command(cmd).expect("start checkers");
        // Only the child holds the terminal side now, so reads end when it exits.
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let (tx, output) = mpsc::channel();
        thread::spawn(move || {
            let mut buf = [0u8; 8192];
            loop {
                match reader.read(&mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(n) => {
                        if tx.send(buf[..n].to_vec()).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Session {
            child,
            master: pty.master,
            writer,
            output,
            raw: Vec::new(),
            screen: vt100::Parser::new(nonzero(rows), nonzero(cols), 0),
            termios_before,
            home,
        }
    }

    pub(crate) fn take(&mut self, bytes: Vec<u8>) {
        self.screen.process(&bytes);
        self.raw.extend_from_slice(&bytes);
    }

    pub(crate) fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads output until the screen shows every one of `texts`.
    pub(crate) fn wait_for(&mut self, texts: &[&str]) {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let shown = self.contents();
            if texts.iter().all(|t| shown.contains(t)) {
                return;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self
                .output
                .recv_timeout(left.min(Duration::from_millis(100)))
            {
                Ok(bytes) => self.take(bytes),
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {}
                Err(e) => panic!(
                    "the screen never showed {texts:?} ({e:?}); it shows:\n{}",
                    self.contents()
                ),
            }
        }
    }

    /// Reads output until the screen no longer shows `text`.
    pub(crate) fn wait_gone(&mut self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while self.contents().contains(text) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self
                .output
                .recv_timeout(left.min(Duration::from_millis(100)))
            {
                Ok(bytes) => self.take(bytes),
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {}
                Err(e) => panic!(
                    "the screen still shows {text:?} ({e:?}):\n{}",
                    self.contents()
                ),
            }
        }
    }

    pub(crate) fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("write to the game");
        self.writer.flush().expect("flush to the game");
    }

    /// A lone Esc: a key right after it would be read as Alt+key.
    pub(crate) fn send_esc(&mut self) {
        self.send(b"\x1b");
        thread::sleep(Duration::from_millis(150));
    }

    /// Waits for the program to exit and collects the rest of its output.
    pub(crate) fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("poll the game") {
                break status;
            }
            assert!(
                Instant::now() < deadline,
                "the game did not exit; the screen shows:\n{}",
                self.contents()
            );
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(50)) {
                self.take(bytes);
            }
        };
        // The reader ends when the terminal side closes.
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_secs(1)) {
            self.take(bytes);
        }
        status
    }

    /// Leaves the game as a player does, `q` then `y` at the question, and
    /// checks that it exits cleanly and the terminal is as it was.
    pub(crate) fn quit(&mut self) {
        self.send(b"q");
        self.wait_for(&["Quit now?"]);
        self.send(b"y");
        let status = self.wait_exit();
        assert!(status.success(), "exit status {status:?}");
        self.assert_restored();
    }

    /// The checks every way out must pass: the terminal is as it was.
    pub(crate) fn assert_restored(&self) {
        let raw = &self.raw;
        let last = |pat: &[u8]| raw.windows(pat.len()).rposition(|w| w == pat);
        let entered = last(b"\x1b[?1049h").expect("the game used the alternate screen");
        let left = last(b"\x1b[?1049l").expect("the game left the alternate screen");
        assert!(left > entered);
        let mouse_on = last(b"\x1b[?1000h").expect("the game captured the mouse");
        let mouse_off = last(b"\x1b[?1000l").expect("the game released the mouse");
        assert!(mouse_off > mouse_on);
        let shown = last(b"\x1b[?25h").expect("the game showed the cursor again");
        // Nothing but cursor-show after leaving (ratatui shows it once more on drop).
        let mut tail = &raw[left + b"\x1b[?1049l".len()..];
        while let Some(rest) = tail.strip_prefix(b"\x1b[?25h") {
            tail = rest;
        }
        assert!(
            tail.is_empty() && shown > left,
            "the last bytes were {:?}",
            String::from_utf8_lossy(&raw[raw.len().saturating_sub(80)..])
        );
        let s = self.screen.screen();
        assert!(!s.alternate_screen(), "still on the alternate screen");
        assert!(!s.hide_cursor(), "the cursor is still hidden");
        assert_eq!(s.mouse_protocol_mode(), vt100::MouseProtocolMode::None);
        // Raw mode is off again: echo and line editing as before.
        let after = termios_text(self.master.as_ref());
        assert_eq!(after, self.termios_before, "terminal settings not restored");
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A failed test must not leave the game running.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        let _ = std::fs::remove_dir_all(&self.home);
    }
}

mod analysis;
mod ballot;
mod board;
mod board_screen;
mod canadian;
mod clock;
mod editor;
mod international;
mod more_8x8;
mod review;
mod watch;

#[test]
fn a_short_hot_seat_game_by_keys_and_typed_moves_then_quit() {
    let mut s = Session::start(&["play", "--variant", "english"]);
    s.wait_for(&["English draughts", "Black to move", "(none yet)"]);
    assert!(s.screen.screen().alternate_screen());
    let raw_mode = termios_text(s.master.as_ref());
    assert!(!s.termios_before.is_empty());
    assert_ne!(raw_mode, s.termios_before, "the game runs in raw mode");

    // Black, by keys: the cursor starts on the first piece that can move, 9 (b6);
    // Enter picks it up, up on Black's side of the board steps diagonally to 14
    // (c5, nearer the centre), Enter puts it down.
    s.send(b"\r");
    s.wait_for(&["choose a landing square"]);
    s.send(b"k");
    s.send(b"\r");
    s.wait_for(&["1. 9-14", "White to move"]);

    // White, typed.
    s.send(b":24-20\r");
    s.wait_for(&["1. 9-14      24-20", "Black to move"]);

    // The command line opens with `:` and Esc closes it, playing nothing.
    s.send(b":");
    s.wait_gone("? help");
    s.send_esc();
    s.wait_for(&["? help · : move or command"]);
    // Black, typed with Tab completion of `11-1`.
    s.send(b":11-1\t");
    s.wait_for(&[":11-15"]);
    s.send(b"\r");
    s.wait_for(&["2. 11-15", "White to move"]);

    // White, by mouse (SGR reports, 1-based): at 80×24 squares are 6×2 cells from
    // column 3, row 2, White at the bottom; 20 (h4) covers (45–50, 10–11), 16 (g5)
    // (39–44, 8–9).
    s.send(b"\x1b[<0;49;12M\x1b[<0;49;12m");
    s.wait_for(&["choose a landing square"]);
    s.send(b"\x1b[<0;43;10M\x1b[<0;43;10m");
    s.wait_for(&["2. 11-15     20-16", "Black to move"]);

    // Black must take 12x19 now: anything else is refused with the reason.
    s.send(b":15-11\r");
    s.wait_for(&["`15-11` is illegal: a capture is mandatory"]);

    // q asks first; n goes back to the game; q and y leave.
    s.send(b"q");
    s.wait_for(&["Quit now?"]);
    s.send(b"n");
    s.wait_gone("Quit now?");
    assert!(s.contents().contains("2. 11-15     20-16"));
    assert!(!s.contents().contains("3. "));
    s.quit();
}

#[test]
fn sigterm_restores_the_terminal() {
    let mut s = Session::start(&["play", "--variant", "russian"]);
    s.wait_for(&["Russian shashki", "White to move"]);
    s.send(b":c3-d4\r");
    s.wait_for(&["1. c3-d4", "Black to move"]);
    let pid = s.child.process_id().expect("the game's process id");
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(killed.success());
    let status = s.wait_exit();
    assert_eq!(
        status.exit_code(),
        143,
        "128 + SIGTERM, as the shell has it"
    );
    s.assert_restored();
}

#[test]
fn a_too_small_terminal_asks_to_be_enlarged_and_ctrl_c_leaves() {
    let pty_rows_cols = (20, 59);
    let mut s = Session::start(&["play"]);
    s.wait_for(&["Black to move"]);
    s.master
        .resize(PtySize {
            rows: pty_rows_cols.0,
            cols: pty_rows_cols.1,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("resize the pty");
    s.screen
        .set_size(nonzero(pty_rows_cols.0), nonzero(pty_rows_cols.1));
    s.wait_for(&["enlarge the terminal to 60×12", "(it is 59×20 now)"]);
    s.send(b"\x03");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.assert_restored();
}

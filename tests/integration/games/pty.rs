//! The game in a pseudo-terminal, driven as `tui_e2e` drives it, but with the
//! data folder shared between sessions: the saved-games tests are about what
//! several runs (at once or one after another) leave there.

use portable_pty::{native_pty_system, Child, CommandBuilder, ExitStatus, PtySize};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

/// Generous for a busy machine; a passing test never waits this long.
const PATIENCE: Duration = Duration::from_secs(10);

/// One user's folders: config and data, shared by the sessions of one test.
pub struct Home {
    pub dir: PathBuf,
}

impl Home {
    pub fn new(test: &str) -> Home {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("games-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("a test folder");
        Home { dir }
    }

    pub fn games_dir(&self) -> PathBuf {
        self.dir.join("data/checkers/games")
    }

    fn env(&self) -> [(&'static str, PathBuf); 3] {
        [
            ("HOME", self.dir.clone()),
            ("XDG_CONFIG_HOME", self.dir.join("config")),
            ("XDG_DATA_HOME", self.dir.join("data")),
        ]
    }

    /// `checkers ARGS` without a terminal: status, stdout, stderr.
    pub fn run(&self, args: &[&str]) -> (i32, String, String) {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_checkers"))
            .args(args)
            .envs(self.env())
            .stdin(std::process::Stdio::null())
            .output()
            .expect("run checkers");
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    }

    /// `checkers games --json`, the library as a user's script sees it.
    pub fn games(&self) -> Vec<serde_json::Value> {
        let (code, out, err) = self.run(&["games", "--json"]);
        assert_eq!(code, 0, "checkers games --json failed: {err}");
        serde_json::from_str(&out).expect("games --json prints JSON")
    }

    /// The saved game with this many moves and this result ("unfinished", "1-0"…).
    pub fn find(&self, moves: u64, result: &str) -> serde_json::Value {
        let games = self.games();
        games
            .iter()
            .find(|g| g["moves"] == moves && g["result"] == result)
            .cloned()
            .unwrap_or_else(|| panic!("no {result} game of {moves} moves in {games:#?}"))
    }

    pub fn start(&self, args: &[&str]) -> Session {
        Session::start(self, args, 80, 24)
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The game running in a pseudo-terminal, and what it has drawn so far.
pub struct Session {
    child: Box<dyn Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    screen: vt100::Parser,
    // Kept open until the session ends.
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

impl Session {
    pub fn start(home: &Home, args: &[&str], cols: u16, rows: u16) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pseudo-terminal");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_checkers"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        for (k, v) in home.env() {
            cmd.env(k, v);
        }
        let child = pty.slave.spawn_command(cmd).expect("start checkers");
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
        let size = |n| std::num::NonZeroU16::new(n).expect("a terminal dimension");
        Session {
            child,
            writer,
            output,
            screen: vt100::Parser::new(size(rows), size(cols), 0),
            _master: pty.master,
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.process_id().expect("the game's process id")
    }

    pub fn contents(&self) -> String {
        self.screen.screen().contents()
    }

    /// Reads output until the screen shows every one of `texts`.
    pub fn wait_for(&mut self, texts: &[&str]) {
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
                Ok(bytes) => self.screen.process(&bytes),
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {}
                Err(e) => panic!(
                    "the screen never showed {texts:?} ({e:?}); it shows:\n{}",
                    self.contents()
                ),
            }
        }
    }

    pub fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("write to the game");
        self.writer.flush().expect("flush to the game");
    }

    /// Types `:text` and Enter, then waits for the command line to close and
    /// for `then` on screen (so that what was typed is not taken for it).
    pub fn command(&mut self, text: &str, then: &[&str]) {
        let typed = format!(":{text}");
        self.send(typed.as_bytes());
        self.wait_for(&[&typed]);
        self.send(b"\r");
        self.wait_gone(&typed);
        self.wait_for(then);
    }

    /// Reads output until the screen no longer shows `text`.
    pub fn wait_gone(&mut self, text: &str) {
        let deadline = Instant::now() + PATIENCE;
        while self.contents().contains(text) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self
                .output
                .recv_timeout(left.min(Duration::from_millis(100)))
            {
                Ok(bytes) => self.screen.process(&bytes),
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {}
                Err(e) => panic!(
                    "the screen still shows {text:?} ({e:?}):\n{}",
                    self.contents()
                ),
            }
        }
    }

    /// Waits for the program to exit.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("poll the game") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "the game did not exit; the screen shows:\n{}",
                self.contents()
            );
            if let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(50)) {
                self.screen.process(&bytes);
            }
        }
    }

    /// `q`, the dialog, `y`: leaves a game in progress and waits for the exit.
    pub fn quit(&mut self) {
        self.send(b"q");
        self.wait_for(&["Quit now?"]);
        self.send(b"y");
        let status = self.wait_exit();
        assert!(status.success(), "exit status {status:?}");
    }

    /// Sends SIGKILL: the harshest way a game can end.
    pub fn kill(&mut self) {
        self.child.kill().expect("kill the game");
        let _ = self.child.wait();
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

//! The game in a pseudo-terminal, driven as `tui_e2e` drives it, but with the
//! data folder shared between sessions: the saved-games tests are about what
//! several runs (at once or one after another) leave there.

use std::path::{Path, PathBuf};

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

    pub(crate) fn env(&self) -> [(&'static str, PathBuf); 3] {
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

    pub(crate) fn start(&self, args: &[&str]) -> Session {
        Session::start(self, args, 80, 24)
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// The game in a pseudo-terminal (`tui_e2e`'s driver) with this test's
/// folders, and the steps the saved-games tests repeat.
pub(crate) struct Session(crate::tui_e2e::Session);

impl std::ops::Deref for Session {
    type Target = crate::tui_e2e::Session;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl std::ops::DerefMut for Session {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.0
    }
}

impl Session {
    pub fn start(home: &Home, args: &[&str], cols: u16, rows: u16) -> Session {
        let env: Vec<(&str, String)> = home
            .env()
            .iter()
            .map(|(k, v)| (*k, v.display().to_string()))
            .collect();
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        Session(crate::tui_e2e::Session::start_with(
            args,
            (cols, rows),
            &env,
        ))
    }

    pub fn pid(&self) -> u32 {
        self.0.child.process_id().expect("the game's process id")
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
        self.0.child.kill().expect("kill the game");
        let _ = self.0.child.wait();
    }
}

//! How fast the terminal game answers: launch to first frame, and key to frame
//! while the AI is thinking. A measurement to run by hand, not a test:
//!
//! ```text
//! cargo build --release
//! cargo run --release --example tui_latency -- target/release/checkers
//! ```
//!
//! The game runs in a pseudo-terminal (80×24), as in the end-to-end tests. For
//! the first figure it is started ten times and the time to the first drawn
//! board is taken; for the second, the player (Black, english) makes a move, the
//! AI (White, level 10, 10 s a move) starts to think on the other core, and the
//! cursor is moved 60 times, each time measuring from the key's write to the
//! first byte of the frame that answers it.

use portable_pty::{native_pty_system, CommandBuilder, PtySize};
use std::io::{Read, Write};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::{Duration, Instant};

struct Game {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    writer: Box<dyn Write + Send>,
    output: Receiver<Vec<u8>>,
    screen: vt100::Parser,
    _master: Box<dyn portable_pty::MasterPty + Send>,
}

fn start(binary: &str, args: &[&str]) -> Game {
    let pty = native_pty_system()
        .openpty(PtySize {
            rows: 24,
            cols: 80,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("open a pseudo-terminal");
    let mut cmd = CommandBuilder::new(binary);
    cmd.args(args);
    cmd.env("TERM", "xterm-256color");
    let home = std::env::temp_dir().join(format!("tui-latency-{}", std::process::id()));
    cmd.env("XDG_CONFIG_HOME", home.join("config"));
    cmd.env("XDG_DATA_HOME", home.join("data"));
    let child = pty.slave.spawn_command(cmd).expect("start the game");
    drop(pty.slave);
    let mut reader = pty.master.try_clone_reader().expect("pty reader");
    let writer = pty.master.take_writer().expect("pty writer");
    let (tx, output) = mpsc::channel();
    thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                return;
            }
        }
    });
    let n = |v| std::num::NonZeroU16::new(v).expect("a size");
    let screen = vt100::Parser::new(n(24), n(80), 0);
    Game {
        child,
        writer,
        output,
        screen,
        _master: pty.master,
    }
}

impl Game {
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !self.screen.screen().contents().contains(text) {
            let bytes = self
                .output
                .recv_timeout(deadline.saturating_duration_since(Instant::now()))
                .unwrap_or_else(|_| panic!("never showed {text:?}"));
            self.screen.process(&bytes);
        }
    }

    fn drain(&mut self) {
        while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(50)) {
            self.screen.process(&bytes);
        }
    }

    /// Where the cursor's `[` is drawn.
    fn cursor(&self) -> Option<(usize, usize)> {
        let text = self.screen.screen().contents();
        text.lines()
            .enumerate()
            .find_map(|(y, l)| l.chars().position(|c| c == '[').map(|x| (x, y)))
    }

    fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("write");
        self.writer.flush().expect("flush");
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn summary(name: &str, mut ms: Vec<f64>) {
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    println!(
        "{name}: median {:.1} ms, 95th percentile {:.1} ms, max {:.1} ms ({} runs)",
        at(0.5),
        at(0.95),
        at(1.0),
        ms.len()
    );
}

fn main() {
    let binary = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "target/release/checkers".to_string());
    // The pty's spawn looks a bare relative name up in PATH.
    let binary = std::fs::canonicalize(&binary)
        .unwrap_or_else(|e| panic!("{binary}: {e}"))
        .to_string_lossy()
        .into_owned();
    let mut launch = Vec::new();
    for _ in 0..10 {
        let t = Instant::now();
        let mut g = start(&binary, &["play", "--variant", "english"]);
        g.wait_for("(none yet)");
        launch.push(t.elapsed().as_secs_f64() * 1e3);
    }
    summary("launch to first frame", launch);

    let mut g = start(
        &binary,
        &[
            "play",
            "--variant",
            "english",
            "--ai",
            "white",
            "--level",
            "10",
            "--think-time",
            "10",
        ],
    );
    g.wait_for("(none yet)");
    g.send(b":11-15\r");
    g.wait_for("thinking");
    g.drain();
    let mut keys = Vec::new();
    for i in 0..60 {
        let key: &[u8] = if i % 2 == 0 { b"h" } else { b"l" };
        let before = g.cursor();
        let t = Instant::now();
        g.send(key);
        // The search's own reports redraw the panel too: wait for the frame in
        // which the cursor has moved.
        while g.cursor() == before {
            let bytes = g
                .output
                .recv_timeout(Duration::from_secs(5))
                .expect("a frame for the key");
            g.screen.process(&bytes);
        }
        keys.push(t.elapsed().as_secs_f64() * 1e3);
        // Let the frame (and any search report) finish before the next key.
        g.drain();
    }
    assert!(
        g.screen.screen().contents().contains("thinking"),
        "the AI was still thinking"
    );
    summary("key to frame while the AI thinks", keys);
}

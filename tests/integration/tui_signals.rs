//! The terminal game under signals and a huge terminal, in a real pseudo-terminal:
//! every signal that ends it leaves the terminal as it was and exits with the shell's
//! code for that signal; Ctrl-Z stops it with the terminal restored and `fg` brings
//! the game back; a 9999×9999 terminal costs bounded memory.
#![cfg(unix)]

use crate::tui_e2e::{termios_text, Session, PATIENCE};
use portable_pty::PtySize;
use std::time::{Duration, Instant};

fn kill(signal: &str, pid: u32) {
    let sent = std::process::Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .expect("run kill");
    assert!(sent.success());
}

/// The state letter of /proc/PID/stat: `T` when stopped.
fn state(pid: u32) -> char {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    stat.rsplit(')')
        .next()
        .and_then(|rest| rest.trim_start().chars().next())
        .unwrap_or('?')
}

fn wait_state(s: &mut Session, pid: u32, want: char) {
    let deadline = Instant::now() + PATIENCE;
    let since = s.raw.len();
    while state(pid) != want {
        assert!(
            Instant::now() < deadline,
            "the game never reached state {want}"
        );
        if let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(20)) {
            s.take(bytes);
        }
    }
    // What it wrote before it stopped: a stopping game leaves the alternate
    // screen and releases the mouse first, and those bytes may still be on their
    // way through the pseudo-terminal when the state changes.
    if want == 'T' {
        let has = |raw: &[u8], pat: &[u8]| raw.windows(pat.len()).any(|w| w == pat);
        while !(has(&s.raw[since..], b"\x1b[?1049l") && has(&s.raw[since..], b"\x1b[?1000l")) {
            let left = deadline.saturating_duration_since(Instant::now());
            match s.output.recv_timeout(left) {
                Ok(bytes) => s.take(bytes),
                Err(_) => break,
            }
        }
    }
    while let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(200)) {
        s.take(bytes);
    }
}

#[test]
fn every_ending_signal_restores_the_terminal_with_the_shells_exit_code() {
    for (signal, code) in [("INT", 130), ("HUP", 129), ("QUIT", 131)] {
        let mut s = Session::start(&["play", "--variant", "english"]);
        s.wait_for(&["Black to move"]);
        kill(signal, s.child.process_id().expect("a pid"));
        let status = s.wait_exit();
        assert_eq!(status.exit_code(), code, "SIG{signal}: {status:?}");
        s.assert_restored();
    }
}

/// The terminal as the shell needs it while the game is stopped: the alternate
/// screen left after it was last entered, the mouse released, raw mode off.
fn assert_suspended(s: &Session) {
    let raw = &s.raw;
    let last = |pat: &[u8]| raw.windows(pat.len()).rposition(|w| w == pat);
    assert!(
        last(b"\x1b[?1049l") > last(b"\x1b[?1049h"),
        "still on the alternate screen"
    );
    assert!(
        last(b"\x1b[?1000l") > last(b"\x1b[?1000h"),
        "the mouse is still captured"
    );
    assert!(!s.screen.screen().alternate_screen());
    assert_eq!(
        termios_text(s.master.as_ref()),
        s.termios_before,
        "raw mode left on"
    );
}

#[test]
fn ctrl_z_suspends_with_the_terminal_restored_and_fg_redraws() {
    let mut s = Session::start(&["play", "--variant", "english"]);
    s.wait_for(&["Black to move"]);
    s.send(b":9-14\r");
    s.wait_for(&["1. 9-14", "White to move"]);
    let pid = s.child.process_id().expect("a pid");
    let entered = s.raw.len();

    // Ctrl-Z, as a key: raw mode turned the terminal's own Ctrl-Z off.
    s.send(b"\x1a");
    wait_state(&mut s, pid, 'T');
    assert_suspended(&s);

    // `fg` sends SIGCONT: the game takes the terminal back and draws itself whole.
    kill("CONT", pid);
    s.wait_for(&["1. 9-14", "White to move"]);
    assert!(s.screen.screen().alternate_screen());
    assert_ne!(
        termios_text(s.master.as_ref()),
        s.termios_before,
        "raw mode again"
    );
    let again = &s.raw[entered..];
    assert!(
        again.windows(8).any(|w| w == b"\x1b[?1049h"),
        "re-entered the alternate screen"
    );

    // SIGTSTP from outside (the shell's Ctrl-Z when raw mode is off, or `kill -TSTP`).
    kill("TSTP", pid);
    wait_state(&mut s, pid, 'T');
    assert_suspended(&s);
    kill("CONT", pid);
    s.wait_for(&["1. 9-14", "White to move"]);

    // Still playable, and a normal quit.
    s.send(b":24-20\r");
    s.wait_for(&["1. 9-14      24-20"]);
    s.quit();
}

/// The most memory the process ever held, in kB (VmHWM).
fn peak_kb(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status")
}

#[test]
fn a_huge_terminal_costs_bounded_memory() {
    let mut s = Session::start(&["play", "--variant", "english"]);
    s.wait_for(&["Black to move"]);
    let pid = s.child.process_id().expect("a pid");
    // The emulator reading the output stays 80×24: only the game is told 9999×9999.
    s.master
        .resize(PtySize {
            rows: 9999,
            cols: 9999,
            pixel_width: 0,
            pixel_height: 0,
        })
        .expect("resize the pty");
    // Drawn at the capped size, then played on: the game answers.
    std::thread::sleep(Duration::from_millis(500));
    s.send(b":9-14\r");
    let deadline = Instant::now() + PATIENCE;
    while !String::from_utf8_lossy(&s.raw).contains("9-14") {
        assert!(Instant::now() < deadline, "no answer at 9999×9999");
        if let Ok(bytes) = s.output.recv_timeout(Duration::from_millis(50)) {
            s.take(bytes);
        }
    }
    let peak = peak_kb(pid);
    // Two screens of 9999×9999 cells took 9 GB; 500×200 cells take a few MB.
    assert!(peak < 150_000, "peak memory {peak} kB");
    kill("TERM", pid);
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 143);
}

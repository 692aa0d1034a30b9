//! The `checkers` binary, run as a user or a script runs it: output formats exactly,
//! and every bad input answered with one line on standard error and exit code 2.

use checkers::Ruleset;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

mod analyze_and_match;
mod bad_input;
mod help_and_config;
#[cfg(unix)]
mod hostile_input;
mod moves;
mod perft;
mod review;
mod ruleset_file;
mod tables;
mod variants;

const START: &str = "B:W21-32:B1-12";

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn checkers(args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_checkers"))
        .args(args)
        .env("RUST_BACKTRACE", "1")
        // The game's own messages follow the locale: these tests read English.
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the checkers binary runs");
    if let Some(text) = stdin {
        let mut input = child.stdin.take().unwrap();
        // The binary may stop reading at a bad line; a closed pipe is then expected.
        let _ = input.write_all(text.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 errors"),
    }
}

fn ok(args: &[&str]) -> String {
    ok_with(args, None)
}

fn ok_with(args: &[&str], stdin: Option<&str>) -> String {
    let run = checkers(args, stdin);
    assert_eq!(
        (run.code, run.stderr.as_str()),
        (0, ""),
        "checkers {args:?} failed"
    );
    run.stdout
}

/// Runs a bad command line: exit code 2, exactly one non-empty line on standard error
/// holding every phrase, never a panic or a backtrace. Returns the run for more checks.
fn refused(args: &[&str], stdin: Option<&str>, phrases: &[&str]) -> Run {
    let run = checkers(args, stdin);
    let err = &run.stderr;
    assert_eq!(run.code, 2, "checkers {args:?}: exit code; stderr: {err}");
    assert_eq!(
        err.lines().count(),
        1,
        "checkers {args:?}: one line: {err:?}"
    );
    assert!(err.ends_with('\n') && !err.trim().is_empty(), "{err:?}");
    for bad in [
        "panicked",
        "backtrace",
        "RUST_BACKTRACE",
        "internal error",
        "Usage:",
    ] {
        assert!(!err.contains(bad), "checkers {args:?}: {bad:?} in {err:?}");
    }
    for p in phrases {
        assert!(
            err.contains(p),
            "checkers {args:?}: expected {p:?} in {err:?}"
        );
    }
    run
}

fn manifest(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn pool() -> String {
    manifest("tests/good_rulesets/pool.toml")
        .display()
        .to_string()
}

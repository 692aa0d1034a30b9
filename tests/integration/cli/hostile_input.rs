//! Input that tries to hurt: control characters that would drive the terminal, and
//! files that are not files (a FIFO, a device, a directory) or are far too large.
//! Every one is refused in one line, at once, with nothing raw on standard error.

use super::*;
use std::time::{Duration, Instant};

/// A fresh folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("hostile-{test}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs checkers with `env` set and no terminal; a run that takes over 20 s is a hang.
fn timed(args: &[&str], env: &[(&str, &Path)]) -> (i32, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_checkers"));
    cmd.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let mut child = cmd.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        if child.try_wait().unwrap().is_some() {
            break;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("checkers {args:?} hung");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8(out.stderr).expect("UTF-8 errors");
    (out.status.code().expect("exited, not killed"), err)
}

/// One line, and no control character in it but its newline.
fn assert_clean(err: &str, context: &str) {
    assert_eq!(err.lines().count(), 1, "{context}: {err:?}");
    let line = err.strip_suffix('\n').unwrap_or(err);
    assert!(
        !line.chars().any(char::is_control),
        "{context}: a control character reached standard error: {err:?}"
    );
}

const NASTY: &str = "\u{1b}]0;owned\u{7}\u{1b}[2J\u{9b}31m";

#[test]
fn control_characters_in_arguments_are_escaped_in_errors() {
    let fen = format!("W:W{NASTY}:B1");
    let ruleset = format!("no/such/{NASTY}.toml");
    let flag = format!("--{NASTY}");
    for args in [
        vec!["moves", "--variant", NASTY, "--fen", START],
        vec!["moves", "--variant", "english", "--fen", &fen],
        vec!["perft", "--ruleset", &ruleset, "--depth", "1"],
        vec!["perft", "--variant", "english", "--depth", NASTY],
        vec!["variants", &flag],
        vec![
            "analyze",
            "--variant",
            "english",
            "--depth",
            "1",
            "--eval",
            &ruleset,
        ],
    ] {
        let run = checkers(&args, None);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert_clean(&run.stderr, &format!("{args:?}"));
        // clap drops the escape sequences it knows; the rest is escaped.
        assert!(run.stderr.contains("\\u{"), "{args:?}: {}", run.stderr);
    }
}

#[test]
fn control_characters_in_files_are_escaped_in_errors() {
    let dir = scratch("files");
    // A ruleset whose values and keys hold escape sequences.
    let bad = dir.join("bad.toml");
    std::fs::write(
        &bad,
        format!("id = \"x\"\nname = \"{NASTY}\"\n{NASTY} = 1\n"),
    )
    .unwrap();
    let toml_escaped = dir.join("escaped.toml");
    std::fs::write(
        &toml_escaped,
        "id = \"\\u001b]0;owned\\u0007\"\nboard = \"\\u009b2J\"\n",
    )
    .unwrap();
    for file in [&bad, &toml_escaped] {
        let (code, err) = timed(
            &["perft", "--ruleset", file.to_str().unwrap(), "--depth", "1"],
            &[],
        );
        assert_eq!(code, 2, "{err}");
        assert_clean(&err, &file.display().to_string());
    }
    // A config file whose value is an escape sequence (written as TOML escapes).
    let config = dir.join("config");
    std::fs::create_dir_all(config.join("checkers")).unwrap();
    std::fs::write(
        config.join("checkers/config.toml"),
        "variant = \"\\u001b]0;owned\\u0007\\u001b[2J\"\n",
    )
    .unwrap();
    let (code, err) = timed(&["play"], &[("XDG_CONFIG_HOME", &config)]);
    assert_eq!(code, 2, "{err}");
    assert_clean(&err, "config");
    assert!(err.contains("variant = \"\\u{1b}]0;owned"), "{err}");
    // A file name with control characters.
    let named = dir.join(format!("game{NASTY}.pdn"));
    std::fs::write(&named, "[Event \"x\"]\n1. 99-98 *\n").unwrap();
    let (code, err) = timed(&["play", "--load", named.to_str().unwrap()], &[]);
    assert_eq!(code, 2, "{err}");
    assert_clean(&err, "file name");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_that_are_not_regular_files_are_refused_at_once() {
    let dir = scratch("not-regular");
    let fifo = dir.join("fifo");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let fifo = fifo.to_str().unwrap();
    let folder = dir.to_str().unwrap();
    // A place --out could be written (it never is): train checks --out's
    // folder before reading its data, and this test is about the data.
    let out = dir.join("never-written.ckev");
    let out = out.to_str().unwrap();
    for (path, what) in [
        (fifo, "a pipe (FIFO), not a regular file"),
        ("/dev/zero", "a device"),
        (folder, "a directory, not a regular file"),
    ] {
        for args in [
            vec!["perft", "--ruleset", path, "--depth", "1"],
            vec!["play", "--load", path],
            vec!["pdn", "check", path],
            vec!["hub", "--eval", path],
            vec![
                "analyze",
                "--variant",
                "english",
                "--depth",
                "1",
                "--eval",
                path,
            ],
            vec![
                "train",
                "--variant",
                "english",
                "--data",
                path,
                "--out",
                out,
            ],
        ] {
            let (code, err) = timed(&args, &[]);
            assert_eq!(code, 2, "{args:?}: {err}");
            assert_clean(&err, &format!("{args:?}"));
            assert!(err.contains(what), "{args:?}: {err}");
        }
    }
    // The config file, too.
    let config = dir.join("config");
    std::fs::create_dir_all(config.join("checkers")).unwrap();
    assert!(Command::new("mkfifo")
        .arg(config.join("checkers/config.toml"))
        .status()
        .unwrap()
        .success());
    let (code, err) = timed(&["play"], &[("XDG_CONFIG_HOME", &config)]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("a pipe (FIFO), not a regular file"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn files_too_large_for_their_kind_are_refused_unread() {
    let dir = scratch("large");
    // Sparse: large to the program, nothing on the disk.
    let big = |name: &str, len: u64| {
        let p = dir.join(name);
        std::fs::File::create(&p).unwrap().set_len(len).unwrap();
        p
    };
    let ruleset = big("big.toml", 2 << 20);
    let (code, err) = timed(
        &[
            "perft",
            "--ruleset",
            ruleset.to_str().unwrap(),
            "--depth",
            "1",
        ],
        &[],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("larger than 1 MiB"), "{err}");
    let pdn = big("big.pdn", 65 << 20);
    let (code, err) = timed(&["play", "--load", pdn.to_str().unwrap()], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("larger than 64 MiB"), "{err}");
    let weights = big("big.ckev", 17 << 20);
    let (code, err) = timed(&["hub", "--eval", weights.to_str().unwrap()], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("larger than 16 MiB"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The XDG spec: a relative base directory is invalid and ignored; the default under
/// HOME applies (a relative one would name another folder from every directory).
#[test]
fn relative_xdg_config_home_is_ignored() {
    let home = scratch("xdg");
    let out = Command::new(env!("CARGO_BIN_EXE_checkers"))
        .args(["config", "path"])
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", "relative/config")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        home.join(".config/checkers/config.toml")
            .display()
            .to_string()
    );
    let _ = std::fs::remove_dir_all(&home);
}

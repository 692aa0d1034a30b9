//! `checkers match --opponent "hub:…"`, `--jobs`, and `--eval FILE` for match,
//! analyze and hub.

use std::path::PathBuf;
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_checkers");

fn checkers(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).to_string()
}

/// A two-game english match between levels 2, with `extra` flags.
fn english_match(extra: &[&str]) -> Output {
    let mut args = vec![
        "match",
        "--variant",
        "english",
        "--games",
        "2",
        "--white-level",
        "2",
        "--black-level",
        "2",
    ];
    args.extend_from_slice(extra);
    checkers(&args)
}

/// A fresh path in the temporary directory for this test.
fn temp(name: &str) -> PathBuf {
    // Under the build's own temporary folder, which goes with `cargo clean`.
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("checkers-match-hub-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A valid weights file for english: all weights zero.
fn zero_weights() -> PathBuf {
    use checkers::ai::evalfile::EvalFile;
    use checkers::ai::learned::FEATURES;
    let rules = checkers::Ruleset::builtin("english").unwrap();
    let file = EvalFile::new(&rules, 1.0, vec![[0, 0]; FEATURES]);
    let path = temp("zero.ckev");
    std::fs::write(&path, file.to_bytes()).unwrap();
    path
}

/// Exit code 2 and exactly one line on standard error, which contains `says`.
fn refused(out: &Output, says: &str) {
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.starts_with("error: ") && err.contains(says), "{err}");
}

#[test]
fn a_short_match_against_a_hub_engine_completes_with_a_table() {
    let pdn = temp("vs-hub.pdn");
    let opponent = format!("hub:{BIN} hub");
    let out = checkers(&[
        "match",
        "--variant",
        "english",
        "--games",
        "2",
        "--movetime",
        "20",
        "--white-level",
        "10",
        "--opponent",
        &opponent,
        "--jobs",
        "2",
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(out.status.success(), "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[0].starts_with("match") && lines[0].contains("elo"),
        "{stdout}"
    );
    assert!(
        lines[1].starts_with("level 10 v checkers ") && lines[1].contains(" ± "),
        "{stdout}"
    );
    assert!(!stdout.contains("forfeit"), "{stdout}");
    // One progress line per game, in game order.
    assert!(
        stderr.contains("game 1/2: ") && stderr.contains("game 2/2: "),
        "{stderr}"
    );
    assert!(stderr.find("game 1/2").unwrap() < stderr.find("game 2/2").unwrap());
    // The games are saved with the opponent's name from its `id`, in both colours.
    let saved = std::fs::read_to_string(&pdn).unwrap();
    assert!(saved.contains("[Round \"1\"]\n[White \"checkers level 10\"]\n[Black \"checkers "));
    assert!(
        saved.contains("[Round \"2\"]\n[White \"checkers 0"),
        "{saved}"
    );
    let check = checkers(&["pdn", "check", pdn.to_str().unwrap()]);
    assert!(check.status.success(), "{}", text(&check.stdout));
}

#[test]
fn an_opponent_that_plays_an_illegal_move_forfeits_the_game() {
    // A Hub engine in three lines of shell, whose every move is 1-5.
    let script = "while read cmd rest; do case $cmd in \
                  hub) echo 'id name=liar'; echo wait;; \
                  init) echo ready;; \
                  go) echo 'info depth=1'; echo 'done move=1-5';; \
                  quit) exit 0;; esac; done";
    let opponent = format!("hub:sh -c \"{script}\"");
    let pdn = temp("liar.pdn");
    let out = checkers(&[
        "match",
        "--variant",
        "russian",
        "--games",
        "2",
        "--movetime",
        "20",
        "--white-level",
        "1",
        "--opponent",
        &opponent,
        "--pdn",
        pdn.to_str().unwrap(),
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("level 1 v liar"), "{stdout}");
    assert!(stdout.contains("100.0%"), "{stdout}");
    assert!(
        stdout
            .contains("game 1: Black forfeits: liar played a bad move: `1-5` is not a legal move"),
        "{stdout}"
    );
    let saved = std::fs::read_to_string(&pdn).unwrap();
    assert!(
        saved.contains("{White forfeits: liar played a bad move"),
        "{saved}"
    );
}

#[test]
fn a_bad_opponent_command_is_one_line_and_exit_code_2() {
    let base = [
        "match",
        "--variant",
        "english",
        "--games",
        "2",
        "--movetime",
        "20",
        "--white-level",
        "3",
        "--opponent",
    ];
    let run = |opponent: &str| {
        let mut args = base.to_vec();
        args.push(opponent);
        checkers(&args)
    };
    refused(
        &run("hub:/nonexistent/engine hub"),
        "cannot start the opponent `/nonexistent/engine hub`",
    );
    refused(&run("scan hub"), "give hub:COMMAND");
    refused(&run("hub:"), "the opponent's command is empty");
    refused(
        &run("hub:sh -c 'echo broken >&2; exit 3'"),
        "exit status: 3",
    );
    // --movetime is required with --opponent, and --black-level is not wanted.
    let out = checkers(&[
        "match",
        "--variant",
        "english",
        "--games",
        "2",
        "--white-level",
        "3",
        "--opponent",
        "hub:x",
    ]);
    refused(&out, "--movetime");
}

#[test]
fn a_file_that_is_not_weights_is_refused_by_match_analyze_and_hub() {
    let not_weights = temp("not-weights.txt");
    std::fs::write(&not_weights, "hello\n").unwrap();
    let f = not_weights.to_str().unwrap();
    let out = english_match(&["--eval", f]);
    refused(&out, "not a weights file");
    let out = english_match(&["--eval-b", f]);
    refused(&out, "not a weights file");
    refused(
        &checkers(&[
            "analyze",
            "--variant",
            "english",
            "--depth",
            "2",
            "--eval",
            f,
        ]),
        "not a weights file",
    );
    refused(&checkers(&["hub", "--eval", f]), "not a weights file");
    // `play` refuses it before it needs a terminal.
    refused(
        &checkers(&["play", "--variant", "english", "--eval", f]),
        "not a weights file",
    );
    // Weights for another variant are refused too.
    let weights = zero_weights();
    refused(
        &checkers(&[
            "analyze",
            "--variant",
            "russian",
            "--depth",
            "2",
            "--eval",
            weights.to_str().unwrap(),
        ]),
        "trained for `english`, not `russian`",
    );
}

#[test]
fn a_weights_file_is_played_by_match_analyze_and_hub() {
    let weights = zero_weights();
    let w = weights.to_str().unwrap();
    let out = english_match(&["--eval", w, "--eval-b", w, "--jobs", "1"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        stdout.contains("level 2 (zero.ckev) v level 2 (zero.ckev)"),
        "{stdout}"
    );
    let out = checkers(&[
        "analyze",
        "--variant",
        "english",
        "--depth",
        "3",
        "--eval",
        w,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("\nbest "),
        "{}",
        text(&out.stdout)
    );
    // The hub plays the file's variant only.
    let (lines, _) = crate::common::hub_until_done(
        &["hub", "--eval", w],
        "hub\nset-param name=variant value=russian\ninit\nlevel depth=2\ngo think\n",
    );
    assert!(
        lines.contains("param name=variant value=english type=enum values=\"english\""),
        "{lines}"
    );
    // Still english (Black moves first there): a Black man's move from 9 to 12.
    let done = lines.lines().find(|l| l.starts_with("done move=")).unwrap();
    let from: u8 = done["done move=".len()..]
        .split(['-', 'x'])
        .next()
        .unwrap()
        .parse()
        .unwrap();
    assert!((9..=12).contains(&from), "{done}");
}

#[test]
fn eval_hand_names_the_hand_written_evaluation() {
    let out = checkers(&[
        "analyze",
        "--variant",
        "russian",
        "--depth",
        "3",
        "--eval",
        "hand",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("best "), "{}", text(&out.stdout));
}

//! The `checkers` binary, run as a user or a script runs it: output formats exactly,
//! and every bad input answered with one line on standard error and exit code 2.

use checkers::Ruleset;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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

// ---------------------------------------------------------------------------
// variants

#[test]
fn variants_lists_id_name_description() {
    let out = ok(&["variants"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    let ids: Vec<&str> = lines
        .iter()
        .map(|l| l.split('\t').next().unwrap())
        .collect();
    assert_eq!(
        ids,
        ["english", "dammen64", "brazilian", "russian", "german"]
    );
    for (line, r) in lines.iter().zip(Ruleset::builtins()) {
        assert_eq!(*line, format!("{}\t{}\t{}", r.id, r.name, r.description));
        assert_eq!(line.split('\t').count(), 3);
    }
}

// ---------------------------------------------------------------------------
// moves

#[test]
fn moves_text_one_move_per_line() {
    let out = ok(&["moves", "--variant", "english", "--fen", START]);
    assert_eq!(out, "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n");
}

#[test]
fn moves_text_uses_the_variants_notation() {
    // Russian: algebraic squares, captures written with `:`.
    let out = ok(&["moves", "--variant", "russian", "--fen", "W:Wc3:Bd4,f6"]);
    assert_eq!(out, "c3:e5:g7\n");
    let out = ok(&["moves", "--variant", "english", "--fen", "W:W22:B18,11"]);
    assert_eq!(out, "22x15x8\n");
}

#[test]
fn moves_json_paths_and_captures() {
    let out = ok(&["moves", "--variant", "english", "--fen", START, "--json"]);
    assert_eq!(
        out,
        "[{\"path\":[9,13],\"captures\":[]},{\"path\":[9,14],\"captures\":[]},\
         {\"path\":[10,14],\"captures\":[]},{\"path\":[10,15],\"captures\":[]},\
         {\"path\":[11,15],\"captures\":[]},{\"path\":[11,16],\"captures\":[]},\
         {\"path\":[12,16],\"captures\":[]}]\n"
    );
    // A capture: the path starts at the square the piece leaves and lists each
    // landing square; captures are the PDN numbers of the pieces taken.
    let out = ok(&[
        "moves",
        "--variant",
        "brazilian",
        "--fen",
        "W:W9,21:B6,7,16,17",
        "--json",
    ]);
    assert_eq!(out, "[{\"path\":[9,2,11,20],\"captures\":[6,7,16]}]\n");
    // PDN numbers even where the variant writes algebraic squares.
    let out = ok(&[
        "moves",
        "--variant",
        "russian",
        "--fen",
        "W:Wc3:Bd4,f6",
        "--json",
    ]);
    assert_eq!(out, "[{\"path\":[22,15,8],\"captures\":[11,18]}]\n");
}

#[test]
fn moves_json_is_valid_json_with_keys_in_order() {
    let out = ok(&["moves", "--variant", "german", "--fen", START, "--json"]);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let list = value.as_array().unwrap();
    assert_eq!(list.len(), 7);
    for m in list {
        let keys: Vec<&String> = m.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["path", "captures"]);
    }
}

#[test]
fn moves_with_no_legal_move() {
    // White has no pieces; then a white man on b6 hemmed in on a7, c7 and d8.
    for fen in ["W:W:B1", "W:W9:B2,5,6"] {
        assert_eq!(ok(&["moves", "--variant", "english", "--fen", fen]), "");
        assert_eq!(
            ok(&["moves", "--variant", "english", "--fen", fen, "--json"]),
            "[]\n"
        );
    }
}

#[test]
fn moves_from_stdin_answer_one_line_per_fen() {
    let input = format!("{START}\nW:W:B1\nW:W9:B2,5,6\nW:W22:B18,11\n");
    let text = ok_with(&["moves", "--variant", "english"], Some(&input));
    assert_eq!(
        text,
        "9-13 9-14 10-14 10-15 11-15 11-16 12-16\n\n\n22x15x8\n"
    );
    let json = ok_with(&["moves", "--variant", "english", "--json"], Some(&input));
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 4, "{json}");
    assert!(lines[0].starts_with("[{\"path\":[9,13],\"captures\":[]},"));
    assert_eq!(lines[1], "[]");
    assert_eq!(lines[2], "[]");
    assert_eq!(lines[3], "[{\"path\":[22,15,8],\"captures\":[11,18]}]");
    // No input, no answer.
    assert_eq!(ok_with(&["moves", "--variant", "english"], Some("")), "");
}

#[test]
fn moves_from_stdin_accept_windows_line_ends() {
    let out = ok_with(
        &["moves", "--variant", "english", "--json"],
        Some("W:W:B1\r\nW:W22:B18,11\r\n"),
    );
    assert_eq!(out, "[]\n[{\"path\":[22,15,8],\"captures\":[11,18]}]\n");
}

// ---------------------------------------------------------------------------
// perft

#[test]
fn perft_prints_the_count() {
    let out = ok(&["perft", "--variant", "english", "--depth", "4"]);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("perft 4 = 1469 ("), "{out}");
    let out = ok(&["perft", "--variant", "russian", "--depth", "0"]);
    assert!(out.starts_with("perft 0 = 1 ("), "{out}");
}

#[test]
fn perft_json() {
    let out = ok(&["perft", "--variant", "english", "--depth", "4", "--json"]);
    assert!(
        out.starts_with("{\"depth\":4,\"nodes\":1469,\"ms\":"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["depth", "nodes", "ms"]);
    assert!(v["ms"].is_u64());
}

#[test]
fn perft_from_a_fen() {
    let out = ok(&[
        "perft",
        "--variant",
        "english",
        "--fen",
        "W:W22:B18,11",
        "--depth",
        "1",
    ]);
    assert!(out.starts_with("perft 1 = 1 ("), "{out}");
}

#[test]
fn perft_divide_lines_sum_to_the_total() {
    let out = ok(&["perft", "--variant", "russian", "--depth", "5", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    let (total_line, split) = lines.split_last().unwrap();
    assert_eq!(split.len(), 7, "{out}");
    let sum: u64 = split
        .iter()
        .map(|l| {
            let (mv, n) = l.rsplit_once(' ').unwrap();
            assert!(mv.contains('-'), "a move in russian notation: {l}");
            n.parse::<u64>().unwrap()
        })
        .sum();
    assert!(
        total_line.starts_with(&format!("perft 5 = {sum} (")),
        "{out}"
    );
    let checked = checkers::perft(
        &checkers::Position::initial(checkers::Color::White),
        &Ruleset::builtin("russian").unwrap(),
        5,
    );
    assert_eq!(sum, checked);

    let out = ok(&[
        "perft",
        "--variant",
        "russian",
        "--depth",
        "5",
        "--divide",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["nodes"].as_u64(), Some(sum));
    let parts = v["divide"].as_array().unwrap();
    assert_eq!(parts.len(), 7);
    let json_sum: u64 = parts.iter().map(|p| p["nodes"].as_u64().unwrap()).sum();
    assert_eq!(json_sum, sum);
}

#[test]
fn perft_divide_at_depth_zero_is_just_the_root() {
    let out = ok(&["perft", "--variant", "english", "--depth", "0", "--divide"]);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("perft 0 = 1 ("));
}

// ---------------------------------------------------------------------------
// --ruleset

#[test]
fn a_ruleset_file_is_a_variant() {
    let file = pool();
    let out = ok(&["perft", "--ruleset", &file, "--depth", "6", "--json"]);
    assert!(out.starts_with("{\"depth\":6,\"nodes\":37986,"), "{out}");
    let out = ok(&["moves", "--ruleset", &file, "--fen", "W:W9,21:B6,7,16,17"]);
    assert_eq!(out, "9x2x11x20\n21x14\n");
    let out = ok_with(&["moves", "--ruleset", &file], Some("W:W9,21:B6,7,16,17\n"));
    assert_eq!(out, "9x2x11x20 21x14\n");
    // A built-in file given as a path plays as the built-in variant.
    let english = manifest("rulesets/english.toml").display().to_string();
    let out = ok(&["perft", "--ruleset", &english, "--depth", "4"]);
    assert!(out.starts_with("perft 4 = 1469 ("), "{out}");
}

// ---------------------------------------------------------------------------
// Bad input: one line, exit code 2.

#[test]
fn unknown_variant() {
    for cmd in [
        vec!["moves", "--variant", "checkers", "--fen", START],
        vec!["perft", "--variant", "checkers", "--depth", "1"],
    ] {
        refused(
            &cmd,
            None,
            &[
                "unknown variant `checkers`",
                "english, dammen64, brazilian, russian, german",
            ],
        );
    }
    refused(
        &["perft", "--variant", "Russian", "--depth", "1"],
        None,
        &["did you mean `russian`?"],
    );
    refused(
        &["perft", "--variant", "pool.toml", "--depth", "1"],
        None,
        &["use --ruleset pool.toml"],
    );
}

#[test]
fn bad_fen() {
    refused(
        &["moves", "--variant", "english", "--fen", "W:W99:B1"],
        None,
        &["bad FEN \"W:W99:B1\"", "`99`"],
    );
    refused(
        &[
            "perft",
            "--variant",
            "english",
            "--fen",
            "X:W21:B1",
            "--depth",
            "2",
        ],
        None,
        &["bad FEN \"X:W21:B1\"", "`W` or `B`"],
    );
    refused(
        &["moves", "--variant", "english", "--fen", ""],
        None,
        &["bad FEN", "empty"],
    );
}

#[test]
fn bad_fen_on_stdin_names_the_line() {
    let run = refused(
        &["moves", "--variant", "english"],
        Some(&format!("{START}\nW:W21:Bz9\n{START}\n")),
        &["line 2", "bad FEN \"W:W21:Bz9\""],
    );
    // The good line before it was answered.
    assert_eq!(run.stdout, "9-13 9-14 10-14 10-15 11-15 11-16 12-16\n");
    let run = refused(
        &["moves", "--variant", "english", "--json"],
        Some("W:W:B1\n\n"),
        &["line 2", "bad FEN \"\""],
    );
    assert_eq!(run.stdout, "[]\n");
}

#[test]
fn bad_depth() {
    refused(
        &["perft", "--variant", "english", "--depth", "abc"],
        None,
        &["--depth", "`abc` is not a whole number", "0 to 30"],
    );
    refused(
        &["perft", "--variant", "english", "--depth", "99"],
        None,
        &["--depth", "99", "0 to 30"],
    );
    refused(
        &["perft", "--variant", "english", "--depth", "-1"],
        None,
        &["--depth", "`-1`", "0 to 30"],
    );
    refused(
        &["perft", "--variant", "english"],
        None,
        &["--depth", "not provided"],
    );
}

#[test]
fn rules_must_be_given_once() {
    refused(
        &["perft", "--depth", "2"],
        None,
        &["--variant", "--ruleset"],
    );
    refused(
        &["moves", "--fen", START],
        None,
        &["--variant", "--ruleset"],
    );
    refused(
        &[
            "perft",
            "--variant",
            "english",
            "--ruleset",
            &pool(),
            "--depth",
            "2",
        ],
        None,
        &["--variant", "--ruleset", "cannot be used with", "not both"],
    );
}

#[test]
fn bad_flags_and_commands() {
    refused(
        &["perft", "--variant", "english", "--depth", "2", "--bogus"],
        None,
        &["--bogus"],
    );
    refused(
        &["perft", "--varient", "english", "--depth", "2"],
        None,
        &["--varient", "--variant"],
    );
    refused(&["fly"], None, &["fly"]);
    refused(&["play", "--level", "11"], None, &["--level", "11"]);
    refused(&["play", "--ai", "red"], None, &["--ai", "red"]);
    refused(
        &["play", "--think-time", "soon"],
        None,
        &["--think-time", "soon"],
    );
    refused(
        &["moves", "--variant", "english", "--fen"],
        None,
        &["--fen", "a value is required"],
    );
}

/// The game itself needs a terminal; without one it says so in one line
/// (exit code 1: nothing was wrong with the input).
#[test]
fn the_game_without_a_terminal_says_so() {
    for args in [&[][..], &["play", "--variant", "russian"][..]] {
        let run = checkers(args, Some(""));
        assert_eq!(run.code, 1, "{args:?}: {}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1);
        assert!(run.stderr.contains("needs a terminal"), "{}", run.stderr);
    }
}

#[test]
fn unreadable_ruleset_path() {
    let missing = manifest("tests/good_rulesets/no-such-file.toml")
        .display()
        .to_string();
    refused(
        &["perft", "--ruleset", &missing, "--depth", "1"],
        None,
        &[&missing, "no such file", "check the path"],
    );
    let folder = manifest("tests/good_rulesets").display().to_string();
    refused(
        &["moves", "--ruleset", &folder, "--fen", START],
        None,
        &[&folder, "cannot read the ruleset file"],
    );
    // Not UTF-8.
    let binary = Path::new(env!("CARGO_TARGET_TMPDIR")).join("cli-binary-ruleset.toml");
    std::fs::write(&binary, [0xff, 0xfe, 0x00, 0x41]).unwrap();
    let binary = binary.display().to_string();
    refused(
        &["perft", "--ruleset", &binary, "--depth", "1"],
        None,
        &[&binary, "not UTF-8"],
    );
}

#[test]
fn every_bad_ruleset_file_is_refused_by_the_binary() {
    let mut count = 0;
    for entry in std::fs::read_dir(manifest("tests/bad_rulesets")).unwrap() {
        let path = entry.unwrap().path();
        let shown = path.display().to_string();
        let expected = Ruleset::from_file(&path)
            .expect_err("a bad ruleset")
            .to_string();
        // The library's message, as is: FILE:LINE:COL: what is wrong and what to do.
        assert!(expected.starts_with(&format!("{shown}:")), "{expected}");
        for args in [
            vec!["perft", "--ruleset", &shown, "--depth", "1"],
            vec!["moves", "--ruleset", &shown, "--fen", START],
        ] {
            let run = refused(&args, None, &[&shown]);
            assert_eq!(run.stderr, format!("error: {expected}\n"));
            assert_eq!(run.stdout, "");
        }
        // In stdin mode the file is refused before any input is read.
        refused(
            &["moves", "--ruleset", &shown, "--json"],
            Some(&format!("{START}\n")),
            &[&shown],
        );
        count += 1;
    }
    assert!(count >= 15, "the bad files are there: {count}");
}

// ---------------------------------------------------------------------------
// Help is not an error.

#[test]
fn help_and_version_exit_zero() {
    let out = ok(&["--help"]);
    assert!(out.contains("perft") && out.contains("moves") && out.contains("variants"));
    let out = ok(&["perft", "--help"]);
    assert!(out.contains("--ruleset") && out.contains("--divide"));
    let out = ok(&["--version"]);
    assert!(out.starts_with("checkers "), "{out}");
}

/// `config path` and `config init` honour XDG_CONFIG_HOME; a broken config is
/// refused with its file and line before the game starts.
#[test]
fn config_path_init_and_a_broken_config() {
    let dir = std::env::temp_dir().join(format!("checkers-config-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_checkers"))
            .args(args)
            .env("XDG_CONFIG_HOME", &dir)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap()
    };
    let file = dir.join("checkers").join("config.toml");
    let out = run(&["config", "path"]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        file.display().to_string()
    );
    assert!(run(&["config", "init"]).status.success());
    assert!(std::fs::read_to_string(&file)
        .unwrap()
        .contains("# level = 5"));
    let again = run(&["config", "init"]);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    assert!(run(&["config", "init", "--force"]).status.success());
    std::fs::write(&file, "variant = \"russian\"\nlevel = 12\n").unwrap();
    let bad = run(&["play"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains("config.toml:2:") && err.contains("1 to 10"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

// ---------------------------------------------------------------------------
// analyze and match

/// Text: one line per finished depth, then the best move in the variant's notation.
#[test]
fn analyze_prints_each_depth_then_the_best_move() {
    let out = ok(&["analyze", "--variant", "russian", "--depth", "5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    for (i, line) in lines[..5].iter().enumerate() {
        assert!(
            line.starts_with(&format!("depth {:>2}  score ", i + 1)),
            "{line}"
        );
        assert!(line.contains(" nodes ") && line.contains(" nps ") && line.contains(" pv "));
    }
    let last = lines[5];
    assert!(
        last.starts_with("best ") && last.ends_with("depth 5"),
        "{last}"
    );
    let best = last.split_whitespace().nth(1).unwrap();
    assert!(best.contains('-') && best.len() == 5, "algebraic: {best}");
}

/// JSON: one object per depth, then a final one whose "best" is written as
/// `moves --json` writes the same move, and whose "notation" names it.
#[test]
fn analyze_json_best_matches_the_moves_format() {
    let fen = "W:W27:B18,19";
    let out = ok(&[
        "analyze",
        "--variant",
        "english",
        "--fen",
        fen,
        "--depth",
        "4",
        "--json",
    ]);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(objs.len(), 5);
    for (i, o) in objs[..4].iter().enumerate() {
        assert_eq!(o["depth"], i as u64 + 1);
        for key in ["score", "nodes", "nps", "ms", "pv"] {
            assert!(!o[key].is_null(), "{key} in {o}");
        }
    }
    let last = &objs[4];
    // Whichever move it is, `moves --json` lists the same object for it.
    let legal: Vec<serde_json::Value> =
        ok(&["moves", "--variant", "english", "--fen", fen, "--json"])
            .lines()
            .flat_map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                match v {
                    serde_json::Value::Array(a) => a,
                    other => vec![other],
                }
            })
            .collect();
    assert!(
        legal.contains(&last["best"]),
        "{} in {legal:?}",
        last["best"]
    );
    let text = last["notation"].as_str().unwrap();
    let texts = ok(&["moves", "--variant", "english", "--fen", fen]);
    assert!(texts.lines().any(|l| l == text), "{text} in {texts}");
}

#[test]
fn analyze_refuses_a_position_without_a_legal_move() {
    refused(
        &[
            "analyze",
            "--variant",
            "english",
            "--fen",
            "W:W9:B2,5,6",
            "--depth",
            "3",
        ],
        None,
        &["no legal move"],
    );
    refused(&["analyze", "--variant", "english"], None, &["--depth"]);
}

/// A short match between the two lowest levels: the results table, one plain
/// progress line per game on standard error, and every game in the PDN file.
#[test]
fn match_prints_a_table_and_writes_every_game() {
    let dir = std::env::temp_dir().join(format!("checkers-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pdn = dir.join("games.pdn");
    let args = [
        "match",
        "--variant",
        "english",
        "--games",
        "4",
        "--white-level",
        "2",
        "--black-level",
        "1",
        "--pdn",
        pdn.to_str().unwrap(),
    ];
    let run = checkers(&args, None);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let progress: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(progress.len(), 4, "{}", run.stderr);
    assert!(progress[3].starts_with("game 4/4: "), "{}", progress[3]);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert!(
        lines[0].starts_with("match") && lines[0].contains("elo"),
        "{}",
        run.stdout
    );
    assert!(lines[1].starts_with("level 2 v level 1"), "{}", lines[1]);
    let nums: Vec<u32> = lines[1]
        .split_whitespace()
        .skip(5)
        .take(4)
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(nums[0], 4, "games");
    assert_eq!(nums[1] + nums[2] + nums[3], 4, "wins + draws + losses");
    let text = std::fs::read_to_string(&pdn).unwrap();
    let games = checkers::pdn::read_games(&text).unwrap();
    assert_eq!(games.len(), 4);
    let check = ok(&["pdn", "check", pdn.to_str().unwrap()]);
    assert_eq!(check.lines().count(), 4, "{check}");
    assert!(
        check
            .lines()
            .all(|l| l.contains("(checkers level ") && l.contains("ok, ")),
        "{check}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn match_refuses_a_level_out_of_range() {
    refused(
        &[
            "match",
            "--variant",
            "english",
            "--games",
            "2",
            "--white-level",
            "11",
            "--black-level",
            "1",
        ],
        None,
        &["11"],
    );
}

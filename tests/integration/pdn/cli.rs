//! `checkers pdn check FILE...` (the summary, `--verbose`, `--json`), `play --load`
//! on the same files, and the capture separator of `match --pdn`, run as a user runs
//! them, with an empty config unless a test writes one.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn fixture(name: &str) -> String {
    format!("{}/tests/pdn/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A directory of the test's own, emptied.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("checkers-pdn-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("config")).unwrap();
    dir
}

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_checkers"))
        .args(args)
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("XDG_DATA_HOME", dir.join("data"))
        .output()
        .expect("the checkers binary runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).expect("UTF-8 output")
}

/// The hand-made files, every form the reader accepts.
const FIXTURES: [&str; 15] = [
    "bom.pdn",
    "broken_tag.pdn",
    "colon_draw.pdn",
    "colon_loss.pdn",
    "crowning_row.pdn",
    "ellipsis.pdn",
    "gametype20.pdn",
    "gametype30.pdn",
    "glued_star.pdn",
    "inline_fen.pdn",
    "latin1.pdn",
    "no_separator.pdn",
    "repetition.pdn",
    "unknown_moves.pdn",
    "windows1251.pdn",
];

#[test]
fn pdn_check_summarises_many_files() {
    let dir = scratch("summary");
    let files: Vec<String> = FIXTURES.iter().map(|f| fixture(f)).collect();
    let mut args = vec!["pdn", "check"];
    args.extend(files.iter().map(String::as_str));
    let out = run_in(&dir, &args);
    assert_eq!(out.status.code(), Some(2), "a game is not played here");
    assert_eq!(
        text(&out.stderr),
        "error: 1 of 20 games have errors\n",
        "one line on standard error"
    );
    let want = "\
files                       15
games                       20
replayed to the end         17   english 11, russian 5, international 1
  played on past a draw      1   repetition 1
moves not recorded           2   (`-`)
refused                      0
unsupported                  1   Turkish draughts 1
warnings                     3   man on its crowning row in a set-up, crowned 2, broken tag skipped 1
";
    let got = text(&out.stdout);
    assert!(got.starts_with(want), "{got}");
    let rest: Vec<&str> = got[want.len()..].lines().collect();
    assert_eq!(
        rest,
        [
            format!("not UTF-8: {} (read as Latin-1)", fixture("latin1.pdn")),
            format!(
                "not UTF-8: {} (read as Windows-1251)",
                fixture("windows1251.pdn")
            ),
        ]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--verbose` keeps the one line per game `pdn check` has always printed, with
/// what was skipped or noticed indented under it.
#[test]
fn pdn_check_verbose_prints_a_line_per_game() {
    let dir = scratch("verbose");
    let out = run_in(
        &dir,
        &["pdn", "check", "--verbose", &fixture("broken_tag.pdn")],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "game 1 (Alshanetsky - Langin, russian): ok, 8 moves, result 1/2:1/2\n  \
         warning: line 5, column 1: broken tag `[Round \"11.1]` (its value is not closed with `\"`): skipped\n\
         game 2 (Langin - Alshanetsky, russian): ok, 3 moves, result 1/2:1/2\n"
    );
    let out = run_in(
        &dir,
        &["pdn", "check", "--verbose", &fixture("repetition.pdn")],
    );
    assert_eq!(
        text(&out.stdout),
        "game 1 (White - Red, english): ok, 12 moves, result 0-1 (white wins (no pieces left))\n  \
         note: the game went on past a draw by repetition at move 4\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--variant` fills in for games that name none, never for one a tag names.
#[test]
fn pdn_check_variant_does_not_override_a_game_type() {
    let dir = scratch("variant");
    let out = run_in(
        &dir,
        &[
            "pdn",
            "check",
            "--verbose",
            "--variant",
            "english",
            &fixture("gametype20.pdn"),
        ],
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "game 1 (Borghetti - Raimondi, international): ok, 6 moves, result 0-1\n"
    );
    assert_eq!(text(&out.stderr), "");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pdn_check_json_counts_and_lists_refused_games() {
    let dir = scratch("json");
    let bad = dir.join("bad.pdn");
    std::fs::write(
        &bad,
        "[Event \"a\"]\n1. 11-15 23-19 *\n\n[Event \"b\"]\n1. 11-15 23-19\n2. 15-11 *\n",
    )
    .unwrap();
    let out = run_in(
        &dir,
        &[
            "pdn",
            "check",
            "--json",
            bad.to_str().unwrap(),
            &fixture("bom.pdn"),
        ],
    );
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["files"], 2);
    assert_eq!(v["games"], 4);
    assert_eq!(v["replayed"], 3);
    assert_eq!(v["replayed_by_variant"]["english"], 3);
    assert_eq!(v["refused"], 1);
    assert_eq!(v["refused_by_reason"]["illegal move"], 1);
    let r = &v["refused_games"][0];
    assert_eq!(r["file"], bad.to_str().unwrap());
    assert_eq!((r["game"].as_u64(), r["move"].as_u64()), (Some(2), Some(2)));
    assert_eq!(r["at"], serde_json::json!({"line": 6, "column": 4}));
    assert_eq!(r["text"], "15-11");
    assert!(
        v.get("each_game").is_none(),
        "games one by one with --verbose only"
    );
    let out = run_in(
        &dir,
        &["pdn", "check", "--json", "--verbose", &fixture("bom.pdn")],
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["each_game"].as_array().map(Vec::len), Some(2));
    assert_eq!(v["each_game"][1]["players"], "Hay - Anderson");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Text from a file never reaches the terminal raw.
#[test]
fn pdn_check_prints_file_text_with_control_characters_escaped() {
    let dir = scratch("escape");
    let f = dir.join("evil.pdn");
    std::fs::write(
        &f,
        "[White \"\u{1b}]0;owned\u{7}\"]\n[Round \"\u{1b}[2J]\n1. 11-15 \u{1b}[31m *\n",
    )
    .unwrap();
    for args in [
        vec!["pdn", "check", f.to_str().unwrap()],
        vec!["pdn", "check", "--verbose", f.to_str().unwrap()],
    ] {
        let out = run_in(&dir, &args);
        let all = text(&out.stdout) + &text(&out.stderr);
        assert!(!all.contains('\u{1b}') && !all.contains('\u{7}'), "{all:?}");
    }
    let out = run_in(&dir, &["pdn", "check", "--verbose", f.to_str().unwrap()]);
    assert!(
        text(&out.stdout).contains("\\u{1b}]0;owned\\u{7}"),
        "{}",
        text(&out.stdout)
    );
    // `play --load` refuses a game whose move holds one, saying so escaped.
    let bad_move = dir.join("bad_move.pdn");
    std::fs::write(&bad_move, "1. 11-15 23-19\u{1b}9 *\n").unwrap();
    let out = run_in(&dir, &["play", "--load", bad_move.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("`23-19\\u{1b}9` is not a move") && !err.contains('\u{1b}'),
        "{err:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn pdn_check_of_a_missing_or_empty_file_is_one_line_and_exit_code_2() {
    let dir = scratch("missing");
    let out = run_in(&dir, &["pdn", "check", "/no/such/file.pdn"]);
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.starts_with("error: cannot read /no/such/file.pdn: "),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    let empty = dir.join("empty.pdn");
    std::fs::write(&empty, "{ nothing but a comment }\n").unwrap();
    let out = run_in(&dir, &["pdn", "check", empty.to_str().unwrap()]);
    assert_eq!(
        text(&out.stderr),
        format!("error: {}: no game in the file\n", empty.display())
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--verbose` prints no summary, so it says itself why each file it could not
/// read was refused: it printed their names alone.
#[test]
fn pdn_check_verbose_says_why_each_unreadable_file_is() {
    let dir = scratch("verbose-unreadable");
    let utf16 = dir.join("utf16.pdn");
    let mut bytes = vec![0xff, 0xfe];
    bytes.extend("[Event \"x\"]\n".encode_utf16().flat_map(u16::to_le_bytes));
    std::fs::write(&utf16, bytes).unwrap();
    let empty = dir.join("empty.pdn");
    std::fs::write(&empty, "").unwrap();
    let (utf16, empty) = (utf16.to_str().unwrap(), empty.to_str().unwrap());
    let out = run_in(&dir, &["pdn", "check", "--verbose", utf16, empty]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "error: 2 of 2 files could not be read\n");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}");
    assert_eq!(lines[0], format!("{utf16}:"));
    assert!(
        lines[1].starts_with(&format!("unreadable: {utf16}: ")) && lines[1].contains("UTF-16"),
        "{stdout}"
    );
    assert_eq!(lines[2], format!("{empty}:"));
    assert_eq!(
        lines[3],
        format!("unreadable: {empty}: no game in the file")
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `play --load` reads the file as `pdn check` does: a game past a byte-order mark,
/// in Windows-1251, is found and opened (then it needs a terminal, which a test has
/// not); a game it cannot open is one line and exit code 2.
#[test]
fn play_load_opens_what_pdn_check_reads() {
    let dir = scratch("load");
    for (file, game) in [
        ("bom.pdn", "2"),
        ("windows1251.pdn", "1"),
        ("repetition.pdn", "1"),
    ] {
        let out = run_in(&dir, &["play", "--load", &fixture(file), "--game", game]);
        assert_eq!(out.status.code(), Some(1), "{file}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("needs a terminal"), "{file}");
    }
    for (file, game, why) in [
        (
            "bom.pdn",
            "3",
            "it holds 2 games; there is no game 3".to_string(),
        ),
        (
            "gametype30.pdn",
            "1",
            "game 1: GameType 30: Turkish draughts is not supported".to_string(),
        ),
    ] {
        let out = run_in(&dir, &["play", "--load", &fixture(file), "--game", game]);
        assert_eq!(out.status.code(), Some(2), "{file}");
        assert_eq!(
            text(&out.stderr),
            format!("error: {}: {why}\n", fixture(file))
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Russian captures are written with `:` unless `--capture-separator x` or the
/// config's `capture_separator = "x"` says otherwise; either reads back.
#[test]
fn match_writes_russian_captures_with_the_separator_chosen() {
    let dir = scratch("separator");
    let has = |s: &str, sep: char| {
        s.lines().filter(|l| !l.starts_with('[')).any(|l| {
            l.split_whitespace()
                .any(|w| w.len() == 5 && w.as_bytes()[2] == sep as u8)
        })
    };
    let pdn = dir.join("m.pdn");
    let base = [
        "match",
        "--variant",
        "russian",
        "--games",
        "2",
        "--white-level",
        "1",
        "--black-level",
        "1",
        "--jobs",
        "1",
        "--pdn",
        pdn.to_str().unwrap(),
    ];
    let mut with_flag = base.to_vec();
    with_flag.extend(["--capture-separator", "x"]);
    for (args, config, sep) in [
        (base.to_vec(), "", ':'),
        (with_flag, "", 'x'),
        (base.to_vec(), "capture_separator = \"x\"\n", 'x'),
    ] {
        std::fs::create_dir_all(dir.join("config/checkers")).unwrap();
        std::fs::write(dir.join("config/checkers/config.toml"), config).unwrap();
        // The run before wrote it; a match never replaces a file unasked.
        let _ = std::fs::remove_file(&pdn);
        let out = run_in(&dir, &args);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let written = std::fs::read_to_string(&pdn).unwrap();
        let other = if sep == ':' { 'x' } else { ':' };
        assert!(
            has(&written, sep) && !has(&written, other),
            "{sep}: {written}"
        );
        let check = run_in(&dir, &["pdn", "check", pdn.to_str().unwrap()]);
        assert_eq!(check.status.code(), Some(0), "{}", text(&check.stdout));
    }
    let out = run_in(&dir, &[&base[..], &["--capture-separator", "-"]].concat());
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// docs/PDN.md shows `pdn check` over the corpus with the output it prints.
#[test]
fn the_readme_shows_what_pdn_check_prints_over_the_corpus() {
    let readme = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/PDN.md"));
    let command =
        "$ checkers pdn check tests/data/pdn-corpus/*/*.pdn tests/data/pdn-corpus/*/*/*.pdn\n";
    let shown = readme.split(command).nth(1).expect("docs/PDN.md's example");
    let shown = &shown[..shown.find("```").expect("the end of the example")];
    let (stdout, stderr) = shown.split_at(shown.find("error: ").expect("its error line"));
    // The files as the shell expands the two patterns, but for the order inside a
    // folder, which changes nothing here: each file is read on its own.
    let files: Vec<String> = super::corpus::files()
        .iter()
        .map(|f| format!("tests/data/pdn-corpus/{f}"))
        .collect();
    let dir = scratch("readme");
    let out = Command::new(env!("CARGO_BIN_EXE_checkers"))
        .args(["pdn", "check"])
        .args(&files)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .output()
        .unwrap();
    assert_eq!(text(&out.stdout), stdout);
    assert_eq!(text(&out.stderr), stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

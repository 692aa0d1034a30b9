//! Text from outside (a ruleset file's name, another engine's `id`, a weights file's
//! name, a saved game's file name, a PDN file's tags) never reaches the terminal raw
//! (issue 33): whatever a command prints holds no control character but newline and
//! tab, and shows the ones it quotes escaped (`\u{1b}`). A test per output found
//! raw, then one that walks every command that prints such a name.

use checkers::ai::evalfile::EvalFile;
use checkers::ai::learned::FEATURES;
use checkers::pdn::{read_games, write_game, Tags};
use checkers::{printable, Game, Ruleset};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// A name that would retitle the terminal (OSC … BEL), clear it (C1 CSI) and
/// rub out a character (DEL), as it came.
const HOSTILE: &str = "Eng\u{1b}]0;pwned\u{7}\u{9b}2J\u{7f}";
/// As it is shown.
const SHOWN: &str = r"Eng\u{1b}]0;pwned\u{7}\u{9b}2J\u{7f}";

/// The fake engine's `id`: its name, then a version that would turn the text red.
const ENGINE_SHOWN: &str = r"Eng\u{1b}]0;pwned\u{7}\u{9b}2J\u{7f} \u{1b}[31m1";

/// A fresh folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("outside-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `checkers ARGS` with no terminal, its folders (config, data) under `home`.
fn run(home: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_checkers"))
        .args(args)
        .env("HOME", home)
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::null())
        .output()
        .expect("run checkers")
}

/// No control character in `bytes` but newline and tab: nothing that can drive a terminal.
#[track_caller]
fn assert_clean(what: &str, bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    if let Some(c) = text
        .chars()
        .find(|&c| c.is_control() && c != '\n' && c != '\t')
    {
        panic!("{what}: {c:?} reached the output raw: {text:?}");
    }
}

/// Both streams clean; standard output as text.
#[track_caller]
fn clean(what: &str, out: &Output) -> String {
    assert_clean(&format!("{what}, standard output"), &out.stdout);
    assert_clean(&format!("{what}, standard error"), &out.stderr);
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// English's ruleset under a hostile name, in a file whose name is hostile too.
fn hostile_ruleset(dir: &Path) -> PathBuf {
    let toml = include_str!("../../rulesets/english.toml");
    let escaped = r#"name = "Eng\u001b]0;pwned\u0007\u009b2J\u007f""#;
    let toml = toml.replacen("name = \"English draughts\"", escaped, 1);
    assert_ne!(toml, include_str!("../../rulesets/english.toml"));
    let path = dir.join(format!("{HOSTILE}.toml"));
    std::fs::write(&path, toml).unwrap();
    path
}

/// A Hub engine in a shell script: its `id` is hostile, and so is its one move,
/// which is no move at all, so it forfeits and its reason quotes the move.
fn hostile_engine(dir: &Path) -> String {
    let script = "while read cmd rest; do case $cmd in \
                  hub) printf 'id name=Eng\\033]0;pwned\\007\\302\\2332J\\177 version=\\033[31m1\\n'; \
                       echo wait;; \
                  init) echo ready;; \
                  go) printf 'done move=1-5\\033]0;x\\007\\n';; \
                  quit) exit 0;; esac; done\n";
    let path = dir.join("engine.sh");
    std::fs::write(&path, script).unwrap();
    format!("hub:sh {}", path.display())
}

/// Zero weights for English, in a file with a hostile name.
fn hostile_weights(dir: &Path) -> PathBuf {
    let rules = Ruleset::builtin("english").unwrap();
    let path = dir.join(format!("{HOSTILE}.ckev"));
    let file = EvalFile::new(&rules, 1.0, vec![[0, 0]; FEATURES]);
    std::fs::write(&path, file.to_bytes()).unwrap();
    path
}

/// A game in the saved-games library of `home`, its file named `HOSTILE` and its
/// players' tags hostile.
fn hostile_saved_game(home: &Path) -> PathBuf {
    let games = home.join("data/checkers/games");
    std::fs::create_dir_all(&games).unwrap();
    let path = games.join(format!("{HOSTILE}.pdn"));
    let text = format!(
        "[White \"{HOSTILE}\"]\n[Black \"b\u{9b}\"]\n[Variant \"x\u{1b}[2J\"]\n\n1. 11-15 *\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

/// A PDN file named `HOSTILE` whose players are hostile, one game replayed and one
/// refused (its move text is hostile too).
fn hostile_pdn(dir: &Path) -> PathBuf {
    let path = dir.join(format!("{HOSTILE}.pdn"));
    let text = format!(
        "[White \"{HOSTILE}\"]\n[Black \"b\u{9b}\"]\n[Variant \"English\"]\n\n1. 11-15 *\n\n\
         [White \"{HOSTILE}\"]\n[Variant \"English\"]\n\n1. 11-16\u{1b}[2J *\n"
    );
    std::fs::write(&path, text).unwrap();
    path
}

fn match_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["match", "--games", "2", "--white-level", "1"];
    args.extend_from_slice(extra);
    args
}

#[test]
fn match_shows_a_ruleset_files_name_escaped() {
    let dir = scratch("match-ruleset");
    let ruleset = hostile_ruleset(&dir);
    let out = run(
        &dir,
        &match_args(&[
            "--ruleset",
            ruleset.to_str().unwrap(),
            "--black-level",
            "1",
            "--movetime",
            "5",
        ]),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = clean("match --ruleset", &out);
    assert!(
        stdout.contains(&format!("both colours; {SHOWN})")),
        "{stdout}"
    );
}

#[test]
fn match_against_a_hub_engine_shows_and_saves_its_id_escaped() {
    let dir = scratch("match-hub");
    let opponent = hostile_engine(&dir);
    let pdn = dir.join("games.pdn");
    let out = run(
        &dir,
        &match_args(&[
            "--variant",
            "english",
            "--movetime",
            "20",
            "--opponent",
            &opponent,
            "--pdn",
            pdn.to_str().unwrap(),
        ]),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = clean("match --opponent", &out);
    assert!(
        stdout.contains(&format!("level 1 v {ENGINE_SHOWN}")),
        "{stdout}"
    );
    assert!(
        stdout.contains("100.0%"),
        "it forfeits every game: {stdout}"
    );

    // The file holds no control character either, and reads back as shown.
    let saved = std::fs::read(&pdn).unwrap();
    assert_clean("the --pdn file", &saved);
    let saved = String::from_utf8(saved).unwrap();
    let games = read_games(&saved).unwrap();
    assert_eq!(games.len(), 2, "{saved}");
    assert_eq!(games[0].tag("Black"), Some(ENGINE_SHOWN), "{saved}");
    assert_eq!(games[1].tag("White"), Some(ENGINE_SHOWN), "{saved}");
    assert!(
        saved.contains(r"played a bad move: `1-5\u(1b)]0;x\u(7)`"),
        "the forfeit's comment quotes the move escaped: {saved}"
    );
}

#[test]
fn games_lists_a_saved_games_file_name_escaped() {
    let home = scratch("games");
    let file = hostile_saved_game(&home);
    let out = run(&home, &["games"]);
    let stdout = clean("games", &out);
    assert!(
        stdout.lines().nth(1).unwrap().starts_with(SHOWN),
        "{stdout}"
    );

    // JSON keeps the id exact (escaped as JSON escapes it) and stays JSON.
    let out = run(&home, &["games", "--json"]);
    let stdout = clean("games --json", &out);
    let list: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(list[0]["id"], HOSTILE, "{stdout}");
    assert_eq!(list[0]["black"], "b\u{9b}", "{stdout}");

    // Listed, so it can be deleted, by a prefix; the message names it escaped.
    let out = run(&home, &["games", "--delete", "Eng", "--yes"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = clean("games --delete", &out);
    assert!(stdout.contains(SHOWN), "{stdout}");
    assert!(!file.exists());
}

#[test]
fn pdn_check_as_json_keeps_the_players_exact_and_escaped() {
    let dir = scratch("pdn-check");
    let pdn = hostile_pdn(&dir);
    let out = run(
        &dir,
        &["pdn", "check", "--json", "--verbose", pdn.to_str().unwrap()],
    );
    let stdout = clean("pdn check --json --verbose", &out);
    let report: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    let games = report["each_game"]
        .as_array()
        .expect("every game with --verbose");
    assert_eq!(
        games[0]["players"],
        format!("{HOSTILE} - b\u{9b}"),
        "{stdout}"
    );
}

/// The PDN writer's tags: PDN 3.0 strings, quotes and backslashes escaped, and no
/// control character, whose escape reads back as shown.
#[test]
fn pdn_tags_hold_no_control_character_and_read_back_as_shown() {
    let white = format!("{HOSTILE} \"quoted\" back\\slash\nnext line");
    let tags = Tags {
        white: white.clone(),
        black: "b\u{9b}\t".into(),
        ..Tags::default()
    };
    let game = Game::new(Ruleset::builtin("english").unwrap());
    let text = write_game(&game, &tags);
    assert_clean("a written game", text.as_bytes());
    let read = read_games(&text).unwrap();
    assert_eq!(read.len(), 1, "{text}");
    assert_eq!(read[0].tag("White"), Some(&*printable(&white)), "{text}");
    assert_eq!(read[0].tag("Black"), Some(r"b\u{9b}\u{9}"), "{text}");
}

/// Every command that prints a name from outside, given hostile ones: a ruleset
/// file, a weights file, another engine, a saved game, a PDN file, the config
/// folder. None lets a control character through, on either stream, whether it
/// succeeds or refuses.
#[test]
fn every_place_a_name_from_outside_is_printed_shows_it_escaped() {
    let home = scratch("walk");
    let ruleset = hostile_ruleset(&home);
    let ruleset = ruleset.to_str().unwrap();
    let engine = hostile_engine(&home);
    let weights = hostile_weights(&home);
    let weights = weights.to_str().unwrap();
    hostile_saved_game(&home);
    let pdn = hostile_pdn(&home);
    let pdn = pdn.to_str().unwrap();
    let saved = home.join("saved.pdn");
    let saved = saved.to_str().unwrap();
    // Weights trained for a variant whose id is hostile: refused, naming it.
    let foreign = home.join("foreign.ckev");
    let mut file = EvalFile::new(
        &Ruleset::builtin("english").unwrap(),
        1.0,
        vec![[0, 0]; FEATURES],
    );
    file.variant = HOSTILE.into();
    std::fs::write(&foreign, file.to_bytes()).unwrap();
    let foreign = foreign.to_str().unwrap();
    let hostile_config = home.join(format!("config{HOSTILE}"));

    let runs: Vec<Vec<&str>> = vec![
        match_args(&[
            "--ruleset",
            ruleset,
            "--black-level",
            "1",
            "--movetime",
            "5",
        ]),
        match_args(&[
            "--variant",
            "english",
            "--movetime",
            "20",
            "--opponent",
            &engine,
            "--eval",
            weights,
            "--pdn",
            saved,
        ]),
        match_args(&[
            "--variant",
            "english",
            "--black-level",
            "1",
            "--eval",
            foreign,
        ]),
        vec![
            "analyze",
            "--variant",
            "english",
            "--depth",
            "2",
            "--eval",
            foreign,
        ],
        vec!["analyze", "--ruleset", ruleset, "--depth", "2"],
        vec!["moves", "--ruleset", ruleset],
        vec!["perft", "--ruleset", ruleset, "--depth", "2"],
        vec!["play", "--ruleset", ruleset],
        vec!["play", "--load", pdn],
        vec!["play", "--load", pdn, "--game", "2"],
        vec!["--resume", "Eng"],
        vec!["games"],
        vec!["games", "--json"],
        vec!["games", "--delete", "Eng"],
        vec!["pdn", "check", pdn],
        vec!["pdn", "check", "--verbose", pdn, saved],
        vec!["pdn", "check", "--json", pdn, saved],
        vec!["pdn", "check", "--json", "--verbose", pdn],
        vec!["pdn", "check", saved],
        vec!["games", "--delete", "Eng", "--yes"],
    ];
    for args in &runs {
        let out = run(&home, args);
        clean(&format!("checkers {args:?}"), &out);
    }
    // The config's folder comes from the environment.
    for args in [["config", "path"], ["config", "init"]] {
        let out = Command::new(env!("CARGO_BIN_EXE_checkers"))
            .args(args)
            .env("XDG_CONFIG_HOME", &hostile_config)
            .output()
            .unwrap();
        clean(&format!("checkers {args:?}"), &out);
    }
    std::fs::remove_dir_all(&home).unwrap();
}

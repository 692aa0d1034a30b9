//! Bad input: one line, exit code 2.

use super::*;

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
                "english, dammen64, brazilian, russian, german, international",
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

/// A bad FEN of any size is quoted in 60 characters and `…`: a 900 KB line on
/// standard input came back as a 1.8 MB error line, the FEN and its bad item
/// each quoted whole.
#[test]
fn an_oversized_bad_fen_is_quoted_cut_short() {
    let digits = "9".repeat(100_000);
    let fen = format!("W:W{digits}");
    let cut = format!("{}…", &fen[..60]);
    let item = format!("`{}…` in the white list is not a square", &digits[..60]);
    let args = ["moves", "--variant", "english", "--fen", fen.as_str()];
    let run = refused(&args, None, &[&format!("bad FEN \"{cut}\""), &item]);
    assert!(run.stderr.len() < 400, "{} bytes", run.stderr.len());
    let line = format!("W:W{}\n", "1".repeat(900_000));
    let run = refused(&args[..3], Some(&line), &["line 1", "…"]);
    assert!(run.stderr.len() < 400, "{} bytes", run.stderr.len());
}

/// Every command that writes a file checks where it goes before its work: a
/// folder at the name is refused even with `--force` (a review ran whole, then
/// failed), and so is a folder that is not there (selfplay said so with exit
/// code 1, after the endgame tables).
#[test]
fn an_output_path_that_cannot_be_a_file_is_refused_before_the_work() {
    let dir = std::env::temp_dir().join(format!("checkers-out-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("folder")).unwrap();
    let folder = dir.join("folder");
    let folder = folder.to_str().unwrap();
    let lost = dir.join("no-such-folder").join("x");
    let lost = lost.to_str().unwrap();
    let record = manifest("tests/data/review_blunder.pdn");
    let record = record.to_str().unwrap();
    let english = ["--variant", "english"];
    let commands = |out: &str| -> Vec<(Vec<String>, &str)> {
        let with = |words: &[&str], flag| {
            let mut all: Vec<String> = words.iter().map(|w| w.to_string()).collect();
            all.extend([flag, out].map(str::to_string));
            all
        };
        vec![
            (
                with(&["review", record, "--depth", "3", "--force"], "--pdn"),
                "--pdn",
            ),
            (
                with(
                    &[&["train"][..], &english, &["--data", record, "--force"]].concat(),
                    "--out",
                ),
                "--out",
            ),
            (
                with(
                    &[
                        &["selfplay"][..],
                        &english,
                        &["--games", "1", "--depth", "1"],
                    ]
                    .concat(),
                    "--out",
                ),
                "--out",
            ),
            (
                with(
                    &[
                        &["match"][..],
                        &english,
                        &[
                            "--games",
                            "2",
                            "--white-level",
                            "1",
                            "--black-level",
                            "1",
                            "--force",
                        ],
                    ]
                    .concat(),
                    "--pdn",
                ),
                "--pdn",
            ),
            (
                with(
                    &[
                        &["book", "build"][..],
                        &english,
                        &["--plies", "1", "--force"],
                    ]
                    .concat(),
                    "--out",
                ),
                "--out",
            ),
        ]
    };
    for (args, _) in commands(folder) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let is_a_folder = format!("cannot write {folder}: it is a directory, not a regular file");
        let run = refused(&args, None, &[&is_a_folder]);
        assert_eq!(run.stdout, "", "{args:?}");
    }
    for (args, flag) in commands(lost) {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let run = refused(&args, None, &[&format!("no such folder for {flag}")]);
        assert_eq!(run.stdout, "", "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `pdn check` takes `--variant` but no `--ruleset`: its refusal offered one.
#[test]
fn pdn_check_refuses_an_unknown_variant_without_offering_a_ruleset() {
    let record = manifest("tests/data/review_blunder.pdn");
    let args = [
        "pdn",
        "check",
        "--variant",
        "bogus",
        record.to_str().unwrap(),
    ];
    let run = refused(
        &args,
        None,
        &["unknown variant `bogus`", "english, dammen64"],
    );
    assert!(!run.stderr.contains("--ruleset"), "{}", run.stderr);
}

/// No games at once is no way to play: `selfplay` and `train` took `--jobs 0`
/// (and played on one thread), where `match` and `book build` refuse it.
#[test]
fn no_command_takes_zero_jobs() {
    let english = ["--variant", "english"];
    for command in [
        &["selfplay", "--games", "1", "--out", "x.data"][..],
        &["train", "--out", "x.ckev"],
        &[
            "match",
            "--games",
            "2",
            "--white-level",
            "1",
            "--black-level",
            "1",
        ],
        &["book", "build", "--out", "x.book"],
    ] {
        let words = if command[0] == "book" { 2 } else { 1 };
        let args = [
            &command[..words],
            &english,
            &command[words..],
            &["--jobs", "0"],
        ]
        .concat();
        refused(&args, None, &["'--jobs <", "`0` is not a whole number"]);
    }
}

/// A flag's value of any length is quoted short too, by clap's refusal and by
/// the variant's.
#[test]
fn an_oversized_value_is_quoted_cut_short() {
    let nines = "9".repeat(100_000);
    let cut = format!("`{}…`", &nines[..60]);
    for args in [
        ["perft", "--variant", "english", "--depth", nines.as_str()],
        ["perft", "--variant", nines.as_str(), "--depth", "1"],
    ] {
        let run = refused(&args, None, &[&cut]);
        assert!(run.stderr.len() < 600, "{} bytes", run.stderr.len());
    }
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
    // In the player's language, from --lang or the locale.
    let run = checkers(&["play", "--lang", "ru"], Some(""));
    assert_eq!(run.code, 1);
    assert!(run.stderr.contains("игре нужен терминал"), "{}", run.stderr);
    let run = checkers(&["play", "--lang", "fr"], Some(""));
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("use en, nl, ru, de or it"),
        "{}",
        run.stderr
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_checkers"))
        .args(["play", "--variant", "german"])
        .env("LANG", "de_DE.UTF-8")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the checkers binary runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("das Spiel braucht ein Terminal"),
        "{stderr}"
    );
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

/// A variant named before any command points to `play`, not to `--version`
/// (issue 31).
#[test]
fn a_variant_given_without_a_command_points_to_play() {
    refused(
        &["--variant", "russian"],
        None,
        &[
            "unexpected argument '--variant'",
            "'checkers play --variant'",
        ],
    );
    refused(
        &["russian"],
        None,
        &[
            "unrecognized command 'russian'",
            "'checkers play --variant russian'",
        ],
    );
    let r = checkers(&["--variant", "russian"], None);
    assert!(!r.stderr.contains("--version"), "{}", r.stderr);
}

#[test]
fn a_bad_clock_is_refused_before_the_game_starts() {
    for bad in ["5+x", "0+0", "x", "99999"] {
        refused(
            &["play", "--clock", bad],
            None,
            &[&format!(
                "`{bad}` is not a clock: give minutes, a plus and seconds added per move"
            )],
        );
    }
}

#[test]
fn a_ballot_outside_the_deck_or_outside_english_is_refused_before_the_game_starts() {
    let deck = checkers::openings::ballots().len();
    for bad in ["0", "x", &(deck + 1).to_string()] {
        refused(
            &["play", "--variant", "english", "--ballot", bad],
            None,
            &[&format!(
                "`{bad}` is not a ballot: give a number of the three-move deck, 1 to {deck}, or random"
            )],
        );
    }
    refused(
        &["play", "--variant", "russian", "--ballot", "1"],
        None,
        &["three-move ballots are drawn in English checkers only, not in Russian shashki"],
    );
    refused(
        &["play", "--ballot", "1", "--fen", "W:W21:B1"],
        None,
        &["--ballot", "--fen"],
    );
}

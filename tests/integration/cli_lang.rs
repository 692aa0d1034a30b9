//! The command line in the player's language: help and refusals follow `--lang`,
//! then the config's `lang`, then the locale, English otherwise; what scripts read
//! (JSON, completions) stays as it was.

use std::path::PathBuf;
use std::process::{Command, Stdio};

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// A config (and data) folder of this test's own, holding `config` as
/// config.toml when given; removed when the test is done with it.
struct Home(PathBuf);

impl std::ops::Deref for Home {
    type Target = PathBuf;
    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl Drop for Home {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn config_home(test: &str, config: Option<&str>) -> Home {
    let dir = std::env::temp_dir().join(format!("checkers-cli-lang-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("checkers")).unwrap();
    if let Some(text) = config {
        std::fs::write(dir.join("checkers").join("config.toml"), text).unwrap();
    }
    Home(dir)
}

fn run(args: &[&str], env: &[(&str, &str)], home: &PathBuf) -> Run {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_checkers"));
    cmd.args(args)
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", home)
        .env("XDG_DATA_HOME", home.join("data"))
        .stdin(Stdio::null());
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the checkers binary runs");
    Run {
        code: out.status.code().expect("exited"),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 errors"),
    }
}

/// (language, usage heading, a play option's help, the refusal of an unknown flag)
const LANGS: [(&str, &str, &str, &str); 5] = [
    (
        "en",
        "Usage:",
        "Keep this side at the bottom",
        "error: unexpected argument '--bogus' (see checkers --help)",
    ),
    (
        "nl",
        "Gebruik:",
        "Houd deze kleur onderaan",
        "fout: onverwacht argument '--bogus' (zie checkers --help)",
    ),
    (
        "ru",
        "Запуск:",
        "Держать эту сторону внизу",
        "ошибка: неожиданный аргумент '--bogus' (см. checkers --help)",
    ),
    (
        "de",
        "Aufruf:",
        "Diese Farbe unten halten",
        "Fehler: unerwartetes Argument '--bogus' (siehe checkers --help)",
    ),
    (
        "it",
        "Uso:",
        "Tieni questo colore in basso",
        "errore: argomento inatteso '--bogus' (vedi checkers --help)",
    ),
];

#[test]
fn help_and_refusals_follow_the_lang_flag() {
    let home = config_home("flag", None);
    for (code, usage, bottom, refusal) in LANGS {
        for args in [
            vec!["play", "--help", "--lang", code],
            vec![&*format!("--lang={code}"), "play", "--help"],
        ] {
            let help = run(&args, &[], &home);
            assert_eq!(help.code, 0, "{args:?}: {}", help.stderr);
            assert!(help.stdout.contains(usage), "{args:?}: {}", help.stdout);
            assert!(help.stdout.contains(bottom), "{args:?}: {}", help.stdout);
        }
        let bad = run(&["--lang", code, "perft", "--bogus"], &[], &home);
        assert_eq!(bad.code, 2);
        assert_eq!(bad.stderr, format!("{refusal}\n"));
    }
}

#[test]
fn the_flag_then_the_config_then_the_locale() {
    let plain = config_home("order-plain", None);
    let dutch = config_home("order-config", Some("lang = \"nl\"\n"));
    let usage = |r: &Run| {
        r.stdout
            .lines()
            .find(|l| l.contains(':'))
            .unwrap_or("")
            .to_string()
    };
    // The locale, as POSIX reads it: LC_ALL before LC_MESSAGES before LANG.
    let r = run(&["--help"], &[("LANG", "de_DE.UTF-8")], &plain);
    assert!(r.stdout.contains("Aufruf:"), "{}", usage(&r));
    let r = run(
        &["--help"],
        &[("LANG", "de_DE.UTF-8"), ("LC_ALL", "ru_RU.UTF-8")],
        &plain,
    );
    assert!(r.stdout.contains("Запуск:"), "{}", usage(&r));
    let r = run(&["--help"], &[("LANG", "it_IT.UTF-8")], &plain);
    assert!(r.stdout.contains("Uso:"), "{}", usage(&r));
    let r = run(&["--help"], &[("LANG", "fr_FR.UTF-8")], &plain);
    assert!(r.stdout.contains("Usage:"), "{}", usage(&r));
    // The config before the locale, the flag before both.
    let r = run(&["--help"], &[("LANG", "de_DE.UTF-8")], &dutch);
    assert!(r.stdout.contains("Gebruik:"), "{}", usage(&r));
    let r = run(
        &["--help", "--lang", "ru"],
        &[("LANG", "de_DE.UTF-8")],
        &dutch,
    );
    assert!(r.stdout.contains("Запуск:"), "{}", usage(&r));
    // A --lang that is no language is refused in the language the rest gives.
    let r = run(&["--lang", "fr", "variants"], &[], &dutch);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with(
            "fout: ongeldige waarde 'fr' voor '--lang <LANG>': kies en, nl, ru, de of it"
        ),
        "{}",
        r.stderr
    );
}

#[test]
fn value_refusals_are_worded_in_the_language() {
    let home = config_home("values", None);
    let cases: [(&[&str], &str); 6] = [
        (&["play", "--level", "11", "--lang", "ru"], "ошибка: недопустимое значение '11' для '--level <LEVEL>': `11` не целое число от 1 до 10"),
        (&["play", "--ai", "red", "--lang", "de"], "Fehler: ungültiger Wert 'red' für '--ai <SIDE>'; mögliche Werte: white, black, both, none"),
        (&["perft", "--variant", "english", "--depth", "abc", "--lang", "nl"], "`abc` is geen geheel aantal halve zetten; gebruik 0 tot 30"),
        (&["perft", "--depth", "1", "--lang", "de"], "Fehler: sagen Sie, nach welchen Regeln gespielt wird: --variant NAME (english, dammen64, brazilian, russian, german, international, canadian, italian, czech, spanish, portuguese, pool, thai) oder --ruleset DATEI"),
        (&["pdn", "--lang", "ru"], "ошибка: 'checkers pdn' требует команды: check"),
        (&["analyze", "--variant", "english", "--lang", "nl"], "fout: deze verplichte argumenten ontbreken: <--depth <DEPTH>|--movetime <MS>>"),
    ];
    for (args, expected) in cases {
        let r = run(args, &[], &home);
        assert_eq!(r.code, 2, "{args:?}");
        assert_eq!(r.stderr.lines().count(), 1, "{args:?}: {}", r.stderr);
        assert!(r.stderr.contains(expected), "{args:?}: {}", r.stderr);
    }
}

/// JSON and shell completions are for programs: the same in every language.
#[test]
fn what_programs_read_stays_as_it_was() {
    let home = config_home("machine", None);
    let json = |lang: &str| {
        run(
            &[
                "moves",
                "--variant",
                "english",
                "--fen",
                "W:W22,25:B18",
                "--json",
                "--lang",
                lang,
            ],
            &[],
            &home,
        )
        .stdout
    };
    assert!(json("en").contains("\"path\""));
    for lang in ["nl", "ru", "de", "it"] {
        assert_eq!(json(lang), json("en"));
    }
    let bash = |lang: &str| run(&["completions", "bash", "--lang", lang], &[], &home).stdout;
    assert!(bash("en").contains("checkers"));
    assert_eq!(bash("ru"), bash("en"));
}

/// The library's errors a player meets before the game starts (a bad --fen, an
/// unknown variant, a record that stops replaying) are worded whole in the
/// language: no English sentence inside a Dutch one.
#[test]
fn the_engines_errors_are_worded_in_the_language() {
    let home = config_home("engine", None);
    let bad_fen = run(
        &[
            "play",
            "--variant",
            "russian",
            "--fen",
            "W:W21,21:B1",
            "--lang",
            "ru",
        ],
        &[],
        &home,
    );
    assert_eq!(bad_fen.code, 2);
    assert_eq!(
        bad_fen.stderr,
        "ошибка: неверный FEN \"W:W21,21:B1\": поле 21 (a3) указано дважды\n"
    );
    let variant = run(
        &[
            "perft",
            "--variant",
            "Dammen64",
            "--depth",
            "1",
            "--lang",
            "nl",
        ],
        &[],
        &home,
    );
    assert_eq!(variant.code, 2);
    assert!(
        variant.stderr.starts_with("fout: onbekende variant `Dammen64`; bedoel je `dammen64`? de ingebouwde varianten zijn english, dammen64"),
        "{}",
        variant.stderr
    );
    let record = home.join("bad.pdn");
    std::fs::write(
        &record,
        "[GameType \"21\"]\n\n1. 11-15 24-20 2. 15-19 23x16 3. 10-14 *\n",
    )
    .unwrap();
    let load = run(
        &["play", "--load", record.to_str().unwrap(), "--lang", "de"],
        &[],
        &home,
    );
    assert_eq!(load.code, 2);
    assert!(
        load.stderr
            .contains("bad.pdn: Partie 1, Zug 3 `10-14` (Zeile 3, Spalte ")
            && load
                .stderr
                .ends_with("`10-14` ist nicht erlaubt: es herrscht Schlagzwang\n"),
        "{}",
        load.stderr
    );
    // A weights file that cannot be read: the system's reason in the language
    // too, without its error number, on the command line and from the hub.
    for args in [
        &[
            "analyze",
            "--variant",
            "english",
            "--depth",
            "1",
            "--eval",
            "/no/such.ckev",
        ][..],
        &["hub", "--eval", "/no/such.ckev"][..],
    ] {
        let r = run(&[args, &["--lang", "ru"][..]].concat(), &[], &home);
        assert_eq!(r.code, 2, "{args:?}: {}", r.stderr);
        assert!(
            r.stderr.contains("такого файла нет") && !r.stderr.contains("os error"),
            "{args:?}: {}",
            r.stderr
        );
    }
    // English is the engine's own sentence, as before.
    let en = run(&["play", "--load", record.to_str().unwrap()], &[], &home);
    assert!(
        en.stderr
            .ends_with("`10-14` is illegal: a capture is mandatory\n"),
        "{}",
        en.stderr
    );
}

/// The binary's own refusals on the way to a game: a broken config (worded in the
/// language of the flag or the locale, since the config cannot say), a missing
/// file, a game id that names no saved game.
#[test]
fn the_way_to_a_game_is_refused_in_the_language() {
    let broken = config_home("broken", Some("level = 12\n"));
    let r = run(
        &["play", "--variant", "german"],
        &[("LANG", "de_DE.UTF-8")],
        &broken,
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.starts_with("Fehler: ")
            && r.stderr
                .ends_with(":1:9: level = 12: wählen Sie eine Stufe von 1 bis 10\n"),
        "{}",
        r.stderr
    );
    let home = config_home("way", None);
    let r = run(
        &["play", "--load", "/no/such/game.pdn", "--lang", "nl"],
        &[],
        &home,
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "fout: kan /no/such/game.pdn niet lezen: dat bestand bestaat niet\n"
    );
    let r = run(
        &["play", "--ruleset", "/no/such/pool.toml", "--lang", "de"],
        &[],
        &home,
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "Fehler: /no/such/pool.toml: die Regeldatei kann nicht gelesen werden: diese Datei gibt es nicht; prüfen Sie den Pfad\n"
    );
    let english = concat!(env!("CARGO_MANIFEST_DIR"), "/weights/english.ckev");
    let r = run(
        &[
            "play",
            "--variant",
            "russian",
            "--eval",
            english,
            "--lang",
            "ru",
        ],
        &[],
        &home,
    );
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        format!("ошибка: {english}: эти веса обучены для `english`, а не для `russian`\n")
    );
    let fresh = config_home("init", None);
    let r = run(&["config", "init", "--lang", "nl"], &[], &fresh);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert!(r.stdout.ends_with(" geschreven\n"), "{}", r.stdout);
    let r = run(&["config", "init", "--lang", "nl"], &[], &fresh);
    assert_eq!(r.code, 2);
    assert!(
        r.stderr
            .contains("bestaat al; gebruik `checkers config init --force`"),
        "{}",
        r.stderr
    );
    let r = run(&["--resume", "nope", "--lang", "ru"], &[], &home);
    assert_eq!(r.code, 2);
    assert_eq!(
        r.stderr,
        "ошибка: нет сохранённой партии с номером `nope` (см. `checkers games`)\n"
    );
}

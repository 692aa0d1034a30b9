//! The binary's readers under fuzzing, beside the code they reach (the library's are
//! in tests/integration/fuzz.rs, with the command for the long run): the config file,
//! the command line as clap parses it, whole Hub sessions, and another engine's
//! answers in a match through the Hub. Random input and structured edits of valid
//! input; none may panic, hang (a case over a few seconds fails) or echo a control
//! character.

use super::{localize, Cli, Command};
use crate::mutate::{cases, mutated, mutated_bytes};
use crate::tui::i18n::Lang;
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// A case slower than this is taken for a hang: far above any case's work, so
/// that a machine busy with other work does not fail the suite.
const SLOW: Duration = Duration::from_secs(10);

fn config(default: u32, weight: u32) -> Config {
    Config {
        cases: cases(default, weight),
        failure_persistence: None,
        ..Config::default()
    }
}

/// The default config file, commented and uncommented, and a few settings.
fn config_texts() -> &'static [&'static str] {
    static TEXTS: OnceLock<Vec<&'static str>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let text = crate::config::default_text();
        let on = crate::config::uncommented(&text);
        [
            text,
            on,
            "level = 3\nthink_time = 0.5\nopponent = \"black\"\n".into(),
            "[theme]\ndark_square = \"#102030\"\n".into(),
        ]
        .into_iter()
        .map(|s| &*Box::leak(s.into_boxed_str()))
        .collect()
    })
}

const COMMAND_LINES: &[&str] = &[
    "moves --variant english --fen B:W21-32:B1-12 --json",
    "perft --variant russian --depth 3 --divide",
    "analyze --variant brazilian --depth 4 --json --eval hand",
    "match --variant english --games 2 --movetime 50 --white-level 3 --black-level 4 --pdn out.pdn",
    "play --variant german --fen W:W21-32:B1-12 --ai black --level 5 --think-time 0.5 --bottom white",
    "play --load games.pdn --game 3",
    "selfplay --variant english --games 10 --out d.data --depth 4 --seed 7 --jobs 2",
    "train --ruleset pool.toml --out w.ckev --data a.data --epochs 3 --lambda 0.5 --force",
    "hub --eval w.ckev",
    "pdn check games.pdn",
    "config init --force",
    "completions bash",
    "--resume --ascii",
    "variants",
];

/// A Hub session as a GUI would send it (a small table first, so that a search
/// costs little; the edits never touch that line).
const SESSIONS: &[&str] = &[
    "hub\ninit\npos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"9-13 22-18\"\nlevel depth=3\ngo think\nping\n",
    "set-param name=variant value=russian\npos pos=Wbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww moves=\"22-18 11-15\"\nlevel move-time=0.01\ngo think\nstop\n",
    "level time=10 inc=0.5 moves=40\nnew-game\npos pos=WeeeeeeeeeeeeeeeeeeeeeeeeeeeeeBW\ngo analyze\nstop\nquit\n",
    "level nodes=500\nnew-game\npos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\ngo think\n",
];

proptest! {
    #![proptest_config(config(2000, 10))]

    #[test]
    fn config_reader(text in prop_oneof![any::<String>(), mutated(config_texts(), 8)]) {
        let t = Instant::now();
        if let Err(e) = crate::config::parse(&text, "fuzz.toml") {
            let shown = super::one_line(&e);
            prop_assert!(!shown.chars().any(char::is_control), "{shown:?}");
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

proptest! {
    #![proptest_config(config(2000, 10))]

    #[test]
    fn command_line_reader(line in prop_oneof![
        mutated(COMMAND_LINES, 6),
        prop::collection::vec(any::<String>(), 0..6).prop_map(|w| w.join(" ")),
    ], lang in prop::sample::select(Lang::ALL.to_vec())) {
        let t = Instant::now();
        let args = std::iter::once("checkers").chain(line.split(' '));
        let parsed = localize::command(lang)
            .try_get_matches_from(args)
            .and_then(|m| <Cli as clap::FromArgMatches>::from_arg_matches(&m));
        match parsed {
            Ok(cli) => {
                // What the commands check before they touch a file or the terminal.
                match &cli.command {
                    Some(Command::Moves(a)) if a.rules.ruleset.is_none() => {
                        if let Ok(rules) = super::load_rules(&a.rules) {
                            if let Some(f) = &a.fen {
                                let _ = checkers::fen::parse(f, rules.geometry());
                            }
                        }
                    }
                    Some(Command::Play(a)) => {
                        let _ = a.ai.settings(&crate::config::Config::default());
                    }
                    _ => {}
                }
            }
            Err(e) => {
                let line = localize::error_line(lang, &e).unwrap_or_default();
                let shown = checkers::printable(&line).into_owned();
                prop_assert!(!shown.chars().any(char::is_control), "{shown:?}");
                prop_assert_eq!(shown.lines().count().max(1), 1, "{}", shown);
            }
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

proptest! {
    #![proptest_config(config(300, 10))]

    #[test]
    fn hub_reader(input in prop_oneof![
        mutated_bytes(SESSIONS, 10),
        prop::collection::vec(any::<u8>(), 0..200),
    ]) {
        // `init` attaches the endgame tables before `ready`; solving them is a
        // fixed cost of seconds (more on a busy machine), paid once per process
        // here, outside the time a case is allowed.
        static TABLES: OnceLock<()> = OnceLock::new();
        TABLES.get_or_init(|| {
            for id in checkers::Ruleset::builtin_ids() {
                let rules = checkers::Ruleset::builtin(id).expect("built in");
                checkers::lab::tables::shared(&rules);
            }
        });
        let t = Instant::now();
        // A small table: an edit that asks for 4096 MB is a fair request, but a
        // million of them would only test the machine's memory.
        let mut session = b"set-param name=hash value=1\n".to_vec();
        for line in input.split(|&b| b == b'\n') {
            if !line.windows(4).any(|w| w.eq_ignore_ascii_case(b"hash")) {
                session.extend_from_slice(line);
                session.push(b'\n');
            }
        }
        let buffer = Arc::new(Mutex::new(Vec::<u8>::new()));
        let out: crate::hub::Out = buffer.clone();
        let code = crate::hub::serve(None, &mut std::io::Cursor::new(session), out);
        prop_assert_eq!(code, 0);
        let written = buffer.lock().unwrap().clone();
        let text = String::from_utf8(written);
        prop_assert!(text.is_ok(), "the hub wrote bytes that are not UTF-8");
        for line in text.unwrap().lines() {
            prop_assert!(!line.chars().any(char::is_control), "{line:?}");
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

const ANSWERS: &[&str] = &["22-18", "23x14x18", "9x18x27x14", "32-28", "1x10x19"];
const POSITIONS: &[&str] = &[
    "B:W21-32:B1-12",
    "W:W18,27,28:B9,14,K23",
    "W:WK1:B5,6,14,15",
];

proptest! {
    #![proptest_config(config(2000, 5))]

    /// What another engine answers when it plays a match (`--opponent hub:…`), and the
    /// command line that starts it.
    #[test]
    fn hub_answer_reader(
        answer in prop_oneof![mutated(ANSWERS, 4), any::<String>()],
        command in prop_oneof![mutated(&["checkers hub --eval 'my weights.ckev'"], 6), any::<String>()],
        variant in 0..5usize,
        at in 0..POSITIONS.len(),
    ) {
        let t = Instant::now();
        let _ = super::hub_opponent::split_command(&command);
        let rules = checkers::Ruleset::builtins().swap_remove(variant);
        let pos = checkers::fen::parse(POSITIONS[at], &checkers::BOARD_8).unwrap();
        if let Ok(hm) = super::hub_opponent::parse_move(&answer, rules.geometry()) {
            let _ = super::hub_opponent::resolve(&pos, &rules, &hm);
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

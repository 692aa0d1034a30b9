//! The saved games under fuzzing (the library's readers are in
//! tests/integration/fuzz.rs, with the command for the long run): a game file as
//! the list reads it and as `--resume` opens it, the ruleset it may carry with it,
//! and the names of the files, which are the games' ids. Random input and
//! structured edits of files this program writes; none may panic, hang (a case
//! over a few seconds fails), quote a control character in its reasons, or take an
//! id to a path outside the folder.

use super::text::{open_game, summary, write_game};
use super::{Library, TakeError};
use crate::mutate::{cases, mutated};
use crate::tui::i18n::Lang;
use checkers::pdn::{Assume, Tags};
use checkers::{Game, Ruleset};
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A case slower than this is taken for a hang.
const SLOW: Duration = Duration::from_secs(10);

/// Saved games as the terminal game writes them: a built-in variant's, one that
/// carries its user ruleset, and a finished one.
fn saved_games() -> &'static [&'static str] {
    static TEXTS: OnceLock<Vec<&'static str>> = OnceLock::new();
    TEXTS.get_or_init(|| {
        let tags = Tags {
            white: "You".into(),
            black: "checkers level 3".into(),
            ..Tags::default()
        };
        let english = Ruleset::builtin("english").unwrap();
        let mut opened = Game::new(english.clone());
        for m in ["11-15", "23-19", "8-11"] {
            opened.play_text(m).unwrap();
        }
        let pool_text = include_str!("../../tests/good_rulesets/pool.toml");
        let pool = Ruleset::from_toml(pool_text, "pool.toml").unwrap();
        let mut own = Game::new(pool);
        own.play_text("11-15").unwrap();
        let mut resigned = Game::new(english);
        resigned.resign(resigned.position().side_to_move());
        [
            write_game(&opened, &tags, None),
            write_game(&own, &tags, Some(pool_text)),
            write_game(&resigned, &tags, None),
        ]
        .into_iter()
        .map(|s| &*Box::leak(s.into_boxed_str()))
        .collect()
    })
}

/// A library holding a saved game, for the ids to be looked up in.
fn library() -> &'static Library {
    static LIBRARY: OnceLock<Library> = OnceLock::new();
    LIBRARY.get_or_init(|| {
        let tmp = std::env::temp_dir();
        // A run cannot remove its own folder (the library lives as long as the
        // process), so each removes those that earlier runs left an hour ago or
        // more (not those of a run going on beside it).
        let hour = std::time::Duration::from_secs(3600);
        let stale = std::fs::read_dir(&tmp).into_iter().flatten().flatten();
        for old in stale.filter(|e| {
            let age = e.metadata().and_then(|m| m.modified()).map(|t| t.elapsed());
            e.file_name()
                .to_string_lossy()
                .starts_with("checkers-games-fuzz-")
                && matches!(age, Ok(Ok(a)) if a > hour)
        }) {
            let _ = std::fs::remove_dir_all(old.path());
        }
        let dir = tmp.join(format!("checkers-games-fuzz-{}", std::process::id()));
        let lib = Library::at(dir).unwrap();
        std::fs::write(lib.path("20261123-040230-4711-2"), saved_games()[0]).unwrap();
        lib
    })
}

fn config() -> Config {
    Config {
        cases: cases(1000, 5),
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn saved_game_reader(
        text in prop_oneof![mutated(saved_games(), 10), any::<String>()],
        id in prop_oneof![mutated(&["20261123-040230-4711-2"], 4), any::<String>()],
    ) {
        let t = Instant::now();
        let clean = |why: &str| !why.contains(char::is_control);
        if let Err(why) = summary(&text) {
            prop_assert!(clean(&why), "{why}");
        }
        if let Err(e) = open_game(text.as_bytes(), 1, &Assume::default()) {
            // As `play --load` and `:load` word it (the library's own sentence may
            // quote a move raw: the binary escapes it at its edge).
            let why = e.in_lang(Lang::En);
            prop_assert!(clean(&why), "{why}");
        }
        let lib = library();
        match lib.resolve(&id) {
            Ok(found) => {
                let path = lib.path(&found);
                prop_assert_eq!(path.parent(), Some(&*lib.dir), "{}", found);
            }
            Err(e @ (TakeError::Unknown(_) | TakeError::Io(_))) => {
                prop_assert!(clean(&e.to_string()), "{e}");
            }
            Err(e) => prop_assert!(false, "{e}"),
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

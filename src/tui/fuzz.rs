//! The TUI's command line under fuzzing: random and edited typed text, each key
//! through the keymap and `update` as a player's would go, Tab completion among
//! them, a loaded file's text edited too, and the screen drawn after each command.
//! Nothing may panic or hang, and the status line shows no control character.
//! File work is answered here instead of done: no file is touched.

use super::app::{Action, Effect, FileWork, Mode};
use super::test_support::{app_with, ch, key, render, status_line};
use crate::mutate::{cases, mutated};
use crossterm::event::KeyCode;
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::time::{Duration, Instant};

const TYPED: &[&str] = &[
    "11-15",
    "c3-d4",
    "22x15",
    "9x18x27",
    "24-20",
    "undo",
    "redo",
    "flip",
    "help",
    "resign",
    "draw",
    "hint",
    "fen",
    "save my game.pdn",
    "load game.pdn",
    "new russian",
    "new",
    "q",
];
const LOADED: &[&str] = &[
    "[Event \"x\"]\n[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 22-17 *\n",
    "[GameType \"25\"]\n[FEN \"W:Wc3,e3:Bd4,f6\"]\n1. c3-b4 d4:f2 2. e3:g1 f6-g5 1-0\n",
];
const VARIANTS: &[&str] = &["english", "russian", "brazilian", "german", "dammen64"];
const SLOW: Duration = Duration::from_secs(3);

fn config() -> Config {
    Config {
        cases: cases(500, 10),
        failure_persistence: None,
        ..Config::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn command_line_reader(
        variant in 0..VARIANTS.len(),
        size in prop_oneof![Just((80u16, 24u16)), Just((120, 40)), Just((30, 8))],
        typed in prop::collection::vec(
            (prop_oneof![3 => mutated(TYPED, 4), 1 => any::<String>()], any::<bool>()),
            1..4,
        ),
        loaded in mutated(LOADED, 10),
    ) {
        let t = Instant::now();
        let mut app = app_with(VARIANTS[variant], None, size);
        for (text, tab) in typed {
            // Out of a dialog or overlay a previous command opened.
            if app.mode() != Mode::Board {
                key(&mut app, KeyCode::Esc);
            }
            ch(&mut app, ':');
            for c in text.chars().take(200) {
                ch(&mut app, c);
            }
            if tab {
                key(&mut app, KeyCode::Tab);
            }
            key(&mut app, KeyCode::Enter);
            for effect in std::mem::take(&mut app.effects) {
                let answer = match effect {
                    Effect::File(FileWork::Load { path }) => Some(Action::Loaded {
                        path,
                        text: Ok(loaded.clone()),
                    }),
                    Effect::File(FileWork::Save { path, .. }) => Some(Action::Saved {
                        path,
                        error: Some("disk full".into()),
                    }),
                    _ => None,
                };
                if let Some(action) = answer {
                    app.update(action);
                }
            }
            app.effects.clear();
            let _ = render(&app);
            let status = status_line(&app);
            prop_assert!(!status.chars().any(char::is_control), "{status:?}");
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

//! `save`, `save!` and `load` against real files, through the event loop's runner.

use crate::tui::app::{Action, Effect, FileWork, Kept};
use crate::tui::test_support::*;
use checkers::rules::builtin::{ENGLISH, RUSSIAN};

fn folder(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("checkers-save-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn save_refuses_to_replace_a_file_and_save_bang_replaces_it() {
    let dir = folder("clobber");
    let notes = dir.join("notes.txt");
    std::fs::write(&notes, "my notes").unwrap();
    let mut a = app(ENGLISH, None);
    type_move(&mut a, "11-15");
    type_move(&mut a, &format!("save {}", notes.display()));
    run_file_work(&mut a);
    let status = a.status.clone().unwrap();
    assert!(status.error, "{status:?}");
    assert!(
        status.text.contains("`save! FILE` replaces it"),
        "{status:?}"
    );
    assert_eq!(std::fs::read_to_string(&notes).unwrap(), "my notes");
    type_move(&mut a, &format!("save! {}", notes.display()));
    run_file_work(&mut a);
    assert!(!a.status.as_ref().unwrap().error, "{:?}", a.status);
    assert!(std::fs::read_to_string(&notes)
        .unwrap()
        .contains("1. 11-15 *"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_save_to_a_folder_or_a_missing_folder_says_so_in_the_players_language() {
    let dir = folder("folder");
    let mut a = app(ENGLISH, None);
    a.lang = crate::tui::i18n::Lang::It;
    type_move(&mut a, "11-15");
    for (path, why) in [
        (dir.clone(), "è una cartella, non un file"),
        (dir.join("no").join("x.pdn"), "la cartella non esiste"),
    ] {
        for bang in ["", "!"] {
            type_move(&mut a, &format!("save{bang} {}", path.display()));
            run_file_work(&mut a);
            let status = a.status.clone().unwrap();
            assert!(status.error, "{status:?}");
            assert!(status.text.contains(why), "{status:?}");
            assert!(!status.text.contains("os error"), "{status:?}");
        }
    }
    assert!(dir.is_dir());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_name_with_spaces_is_taken_whole_quoted_or_not() {
    let dir = folder("spaces");
    let mut a = app(ENGLISH, None);
    type_move(&mut a, "11-15");
    let plain = dir.join("my game.pdn");
    type_move(&mut a, &format!("save {}", plain.display()));
    run_file_work(&mut a);
    assert!(plain.is_file(), "{:?}", a.status);
    assert!(!dir.join("my").exists());
    let quoted = dir.join("our game.pdn");
    type_move(&mut a, &format!("save \"{}\"", quoted.display()));
    run_file_work(&mut a);
    assert!(quoted.is_file(), "{:?}", a.status);
    let mut b = app(RUSSIAN, None);
    type_move(&mut b, &format!("load {}", plain.display()));
    run_file_work(&mut b);
    assert_eq!(b.game.rules().id, ENGLISH);
    assert_eq!(b.game.moves().len(), 1);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_loaded_record_is_not_filed_until_a_move_is_played_on_it() {
    let dir = folder("review");
    let file = dir.join("finished.pdn");
    let mut a = app(ENGLISH, None);
    type_move(&mut a, "11-15");
    type_move(&mut a, "23-19");
    type_move(&mut a, &format!("save {}", file.display()));
    run_file_work(&mut a);
    let mut b = app(ENGLISH, None);
    type_move(&mut b, "9-13");
    b.update(Action::Kept(Ok("/games/x.pdn".into())));
    b.effects.clear();
    type_move(&mut b, &format!("load {}", file.display()));
    run_file_work(&mut b);
    assert_eq!(b.kept, Kept::Nowhere);
    assert!(
        b.effects
            .iter()
            .any(|e| matches!(e, Effect::File(FileWork::LetGo))),
        "the game on screen before is let go, not overwritten"
    );
    b.effects.clear();
    // Stepping through the record is looking, not playing.
    ch(&mut b, 'u');
    b.update(Action::Left);
    b.update(Action::Right);
    assert!(
        !b.effects
            .iter()
            .any(|e| matches!(e, Effect::File(FileWork::Keep { .. }))),
        "{:?}",
        b.effects
    );
    type_move(&mut b, "undo");
    assert_eq!(b.game.moves().len(), 0);
    type_move(&mut b, "9-13");
    assert!(!b.review, "a move played ends the review");
    assert!(b
        .effects
        .iter()
        .any(|e| matches!(e, Effect::File(FileWork::Keep { .. }))));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(unix)]
#[test]
fn load_refuses_what_is_not_a_regular_file_instead_of_blocking_on_it() {
    let mut a = app(ENGLISH, None);
    type_move(&mut a, "11-15");
    type_move(&mut a, "load /dev/null");
    run_file_work(&mut a);
    let status = a.status.clone().unwrap();
    assert!(status.error, "{status:?}");
    assert!(status.text.contains("not a regular file"), "{status:?}");
    assert_eq!(a.game.moves().len(), 1, "the game on screen stays");
}

/// What the reader skipped while loading a file is in the status line, with
/// any control character from the file escaped.
#[test]
fn load_shows_the_readers_warnings_in_the_status_line() {
    let mut a = crate::tui::test_support::app(checkers::rules::builtin::ENGLISH, None);
    let text = "[Round \"11.1]\n[Event \"\u{1b}[2J]\n1. 11-15 23-19 *\n";
    a.loaded("x.pdn", Ok(text.to_string()));
    let status = a.status.as_ref().expect("a status line");
    assert!(!status.error, "{status:?}");
    assert!(
        status
            .text
            .starts_with("loaded x.pdn: English draughts, 1 move"),
        "{}",
        status.text
    );
    assert!(
        status
            .text
            .contains("; warning: line 1, column 1: broken tag"),
        "{}",
        status.text
    );
    assert!(status.text.ends_with("(1 more)"), "{}", status.text);
    assert!(!status.text.contains('\u{1b}'));
    assert_eq!(a.game.moves().len(), 2);
}

/// A record that ended by resignation says so in its result alone: the panel
/// shows it at the record's end, and a game played on from it is unfinished.
#[test]
fn a_loaded_records_result_shows_at_its_end_and_goes_when_played_on() {
    let mut a = app(ENGLISH, None);
    a.loaded(
        "x.pdn",
        Ok("[GameType \"21\"]\n1. 11-15 23-19 2. 8-11 1-0\n".to_string()),
    );
    assert_eq!(a.record_result(), Some("1-0"));
    assert!(screen(&a).contains("Record: 1-0"), "{}", screen(&a));
    assert!(a.game_text().contains("[Result \"1-0\"]"));
    a.update(Action::Left);
    assert_eq!(a.record_result(), None);
    a.update(Action::Right);
    assert_eq!(a.record_result(), Some("1-0"));
    type_move(&mut a, "22-18");
    assert_eq!(a.record_result(), None);
    assert!(!screen(&a).contains("Record:"), "{}", screen(&a));
    assert!(a.game_text().contains("[Result \"*\"]"));
}

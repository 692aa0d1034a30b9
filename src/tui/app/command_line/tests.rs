//! The command line: typed moves and their errors, Tab completion, and the
//! commands that start, save and load games.

use crate::tui::app::Mode;
use crate::tui::test_support::*;
use checkers::rules::builtin::{ENGLISH, RUSSIAN};
use crossterm::event::KeyCode;

#[test]
fn typed_moves_and_their_errors() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    command(&mut a, "23-19");
    assert_eq!(moves_played(&a), ["11-15", "23-19"]);
    assert_eq!(a.mode(), Mode::Board);
    command(&mut a, "15-11");
    assert_refused(&a, "is illegal");
    // A word that is no command is not mistaken for a broken move.
    command(&mut a, "hello");
    assert_refused(&a, "`hello` is neither a command nor a move: type help");
    command(&mut a, "xyz");
    assert_refused(&a, "`xyz` is neither a command nor a move");
    command(&mut a, "22-");
    assert_refused(&a, "`22-` is not a move: write a move as 11-15");
    assert_eq!(a.game.moves().len(), 2);
    // Backspace edits; backspace on an empty line closes it.
    ch(&mut a, ':');
    ch(&mut a, '9');
    key(&mut a, KeyCode::Backspace);
    assert_eq!(a.mode(), Mode::Command);
    key(&mut a, KeyCode::Backspace);
    assert_eq!(a.mode(), Mode::Board);
    // Esc closes the line without playing.
    ch(&mut a, ':');
    for c in "8-11".chars() {
        ch(&mut a, c);
    }
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.mode(), Mode::Board);
    assert_eq!(a.game.moves().len(), 2);
}

#[test]
fn tab_completes_a_legal_move_and_cycles() {
    let mut a = app(ENGLISH, None);
    ch(&mut a, ':');
    ch(&mut a, '1');
    ch(&mut a, '1');
    key(&mut a, KeyCode::Tab);
    let first = a.command.as_ref().unwrap().text.clone();
    assert_eq!(first, "11-15");
    key(&mut a, KeyCode::Tab);
    let second = a.command.as_ref().unwrap().text.clone();
    assert_eq!(second, "11-16");
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.command.as_ref().unwrap().text, "11-15");
    key(&mut a, KeyCode::Enter);
    assert_eq!(moves_played(&a), ["11-15"]);
    // Nothing to complete: said so, the line stays open.
    ch(&mut a, ':');
    ch(&mut a, '5');
    key(&mut a, KeyCode::Tab);
    assert_refused(&a, "no legal move starts with `5`");
    assert_eq!(a.mode(), Mode::Command);
    assert_eq!(a.command.as_ref().unwrap().text, "5");
    // A forced capture completes from nothing.
    let mut a = app(ENGLISH, Some(ENGLISH_MANDATORY));
    ch(&mut a, ':');
    key(&mut a, KeyCode::Tab);
    assert_eq!(a.command.as_ref().unwrap().text, "14x23");
}

#[test]
fn new_game_by_command_and_variant() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    command(&mut a, &format!("new {RUSSIAN}"));
    // A game in progress is never dropped without a question.
    assert_eq!(a.mode(), Mode::Confirm);
    assert_eq!(a.game.moves().len(), 1);
    key(&mut a, KeyCode::Char('y'));
    assert_eq!(a.game.rules().id, RUSSIAN);
    assert_eq!(a.game.moves().len(), 0);
    assert!(a.touch_move());
    assert!(status_text(&a).contains("new game: Russian"));
    assert!(screen(&a).contains("Russian"));
    command(&mut a, "c3-d4");
    assert_eq!(moves_played(&a), ["c3-d4"]);
    command(&mut a, "new");
    assert_eq!(a.mode(), Mode::Confirm);
    key(&mut a, KeyCode::Char('n'));
    assert_eq!(moves_played(&a), ["c3-d4"], "`n` keeps the game");
    command(&mut a, "new");
    key(&mut a, KeyCode::Char('y'));
    assert_eq!(a.game.rules().id, RUSSIAN);
    assert_eq!(a.game.moves().len(), 0);
    command(&mut a, "new chess");
    assert_refused(&a, "unknown variant `chess`");
    assert_eq!(a.game.rules().id, RUSSIAN);
}

#[test]
fn save_and_load_a_game_and_show_the_fen() {
    let dir = std::env::temp_dir().join(format!("checkers-tui-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.pdn");
    let path = path.to_str().unwrap();
    let mut a = app(RUSSIAN, None);
    type_move(&mut a, "c3-d4");
    type_move(&mut a, "f6-g5");
    type_move(&mut a, "fen");
    assert!(
        a.status.as_ref().unwrap().text.starts_with("FEN W:W"),
        "{:?}",
        a.status
    );
    type_move(&mut a, &format!("save {path}"));
    run_file_work(&mut a);
    assert!(!a.status.as_ref().unwrap().error, "{:?}", a.status);
    let mut b = app(ENGLISH, None);
    type_move(&mut b, &format!("load {path}"));
    run_file_work(&mut b);
    assert_eq!(b.game.rules().id, RUSSIAN);
    assert_eq!(b.game.moves().len(), 2);
    assert_eq!(b.game.position(), a.game.position());
    type_move(&mut b, "load /no/such/file.pdn");
    run_file_work(&mut b);
    assert!(b.status.as_ref().unwrap().error);
    assert_eq!(b.game.moves().len(), 2, "a failed load changes nothing");
    type_move(&mut b, "save /no/such/dir/x.pdn");
    run_file_work(&mut b);
    assert!(b.status.as_ref().unwrap().text.contains("the game goes on"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn left_and_right_edit_inside_the_command_line() {
    let mut a = app(ENGLISH, None);
    ch(&mut a, ':');
    for c in "1115".chars() {
        ch(&mut a, c);
    }
    key(&mut a, KeyCode::Left);
    key(&mut a, KeyCode::Left);
    ch(&mut a, '-');
    assert_eq!(a.command.as_ref().unwrap().text, "11-15");
    key(&mut a, KeyCode::Home);
    key(&mut a, KeyCode::Delete);
    ch(&mut a, '1');
    key(&mut a, KeyCode::End);
    key(&mut a, KeyCode::Backspace);
    ch(&mut a, '5');
    key(&mut a, KeyCode::Right);
    assert_eq!(a.command.as_ref().unwrap().text, "11-15");
    // The cursor is drawn on the character it stands before.
    key(&mut a, KeyCode::Left);
    let l = a.layout();
    let buf = render(&a);
    let cell = &buf[(5, l.command.y)];
    assert_eq!(cell.symbol(), "5");
    assert!(cell.modifier.contains(ratatui::style::Modifier::REVERSED));
    key(&mut a, KeyCode::Enter);
    assert_eq!(moves_played(&a), ["11-15"]);
}

/// `~` typed at the start of a `:save` or `:load` path is the home directory, as
/// a shell would read it (issue 31).
#[test]
fn a_typed_path_starting_with_a_tilde_is_in_the_home_directory() {
    use super::home_expanded;
    let home = || Some(std::ffi::OsString::from("/home/ada"));
    assert_eq!(
        home_expanded("~/games/a.pdn", home()),
        "/home/ada/games/a.pdn"
    );
    assert_eq!(home_expanded("~", home()), "/home/ada");
    for same in ["~bob/a.pdn", "a~/b.pdn", "games/~/a.pdn", "/tmp/a.pdn"] {
        assert_eq!(home_expanded(same, home()), same);
    }
    assert_eq!(home_expanded("~/a.pdn", None), "~/a.pdn");
    assert_eq!(home_expanded("~/a.pdn", Some("".into())), "~/a.pdn");
}

/// Every command word the `:` line takes is in the help, `save!` included (issue 31).
#[test]
fn the_help_lists_every_command_the_command_line_takes() {
    let listed: Vec<&str> = crate::tui::view::overlays::COMMANDS
        .iter()
        .flat_map(|(words, _)| words.split([',', ' ']))
        .filter(|w| !w.is_empty())
        .collect();
    for word in [
        "undo", "redo", "flip", "new", "resign", "draw", "hint", "fen", "save", "save!", "load",
        "help", "quit",
    ] {
        assert!(
            listed.contains(&word),
            "`{word}` is missing from {listed:?}"
        );
    }
}

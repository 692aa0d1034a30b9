//! Undo, redo and flipping, and reviewing a loaded game.

use super::{Action, App, Options};
use crate::tui::test_support::*;
use checkers::rules::builtin::ENGLISH;
use checkers::{Color, Ruleset};
use crossterm::event::KeyCode;

#[test]
fn undo_and_redo_by_keys_and_commands() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    command(&mut a, "23-19");
    ch(&mut a, 'u');
    assert_eq!(moves_played(&a), ["11-15"]);
    assert!(status_text(&a).contains("took back 23-19"));
    ch(&mut a, 'u');
    assert!(moves_played(&a).is_empty());
    ch(&mut a, 'u');
    assert!(status_text(&a).contains("nothing to take back"));
    ch(&mut a, 'r');
    assert_eq!(moves_played(&a), ["11-15"]);
    command(&mut a, "redo");
    assert_eq!(moves_played(&a), ["11-15", "23-19"]);
    command(&mut a, "redo");
    assert!(status_text(&a).contains("nothing to replay"));
    command(&mut a, "undo");
    assert_eq!(moves_played(&a), ["11-15"]);
    // A new move forgets the moves taken back.
    command(&mut a, "22-18");
    ch(&mut a, 'r');
    assert!(status_text(&a).contains("nothing to replay"));
    // Undo drops a half-made selection.
    click(&mut a, sq("15"));
    assert!(a.selection.is_some());
    ch(&mut a, 'u');
    assert!(a.selection.is_none());
}

#[test]
fn flip_by_key_and_command() {
    let mut a = app(ENGLISH, None);
    assert_eq!(a.bottom(), Color::Black);
    ch(&mut a, 'f');
    assert_eq!(a.bottom(), Color::White);
    command(&mut a, "flip");
    assert_eq!(a.bottom(), Color::Black);
    // The view follows the side to move unless the bottom is fixed.
    command(&mut a, "11-15");
    assert_eq!(a.bottom(), Color::White);
    let mut fixed = App::new(
        Options {
            fixed_bottom: Some(Color::White),
            ..options(Ruleset::builtin(ENGLISH).unwrap())
        },
        (80, 24),
    );
    assert_eq!(fixed.bottom(), Color::White);
    command(&mut fixed, "11-15");
    assert_eq!(fixed.bottom(), Color::White);
}

#[test]
fn a_loaded_game_is_reviewed_with_left_and_right_and_played_on_from_any_move() {
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    let mut game = checkers::Game::new(rules.clone());
    for m in ["11-15", "23-19", "8-11", "22-17"] {
        game.play_text(m).unwrap();
    }
    let opts = Options {
        resume: Some(game),
        review: true,
        ..options(rules)
    };
    let mut a = App::new(opts, (80, 24));
    a.update(Action::Left);
    a.update(Action::Left);
    assert_eq!(a.game.moves().len(), 2);
    // The status says where in the game the board stands, as the move list
    // numbers it, not that a move was taken back.
    assert_eq!(status_text(&a), "after 1... 23-19, half-move 2 of 4");
    a.update(Action::Right);
    assert_eq!(a.game.moves().len(), 3);
    assert_eq!(status_text(&a), "after 2. 8-11, half-move 3 of 4");
    a.update(Action::Left);
    a.update(Action::Left);
    a.update(Action::Left);
    a.update(Action::Left);
    assert_eq!(a.game.moves().len(), 0);
    assert_eq!(
        status_text(&a),
        "the starting position, before the game's first move"
    );
    for _ in 0..3 {
        a.update(Action::Right);
    }
    assert!(a.review);
    // Playing another move from here drops the rest and ends the review.
    type_move(&mut a, "22-18");
    assert_eq!(a.game.moves().len(), 4);
    assert!(!a.review);
    a.update(Action::Left);
    assert_eq!(a.game.moves().len(), 4, "arrows move the cursor again");
}

#[test]
fn watching_the_ai_play_itself_keeps_the_board_still() {
    let opts = Options {
        ai: super::AiSettings {
            white: true,
            black: true,
            ..super::AiSettings::default()
        },
        ..options(Ruleset::builtin(ENGLISH).unwrap())
    };
    let mut a = App::new(opts, (80, 24));
    assert_eq!(a.bottom(), Color::White);
    a.game.play_text("11-15").unwrap();
    assert_eq!(
        a.bottom(),
        Color::White,
        "after Black's move, White still at the bottom"
    );
    let opts = Options {
        fixed_bottom: Some(Color::Black),
        ai: super::AiSettings {
            white: true,
            black: true,
            ..super::AiSettings::default()
        },
        ..options(Ruleset::builtin(ENGLISH).unwrap())
    };
    let mut a = App::new(opts, (80, 24));
    a.game.play_text("11-15").unwrap();
    assert_eq!(a.bottom(), Color::Black, "--bottom still decides");
}

/// PgUp and PgDn scroll the move list by a page, never past its ends.
#[test]
fn page_up_and_down_scroll_the_move_list_by_a_page() {
    let mut a = app(ENGLISH, None);
    for _ in 0..30 {
        let m = a.game.legal_moves()[0];
        let text = a.write(&m);
        command(&mut a, &text);
    }
    let page = crate::tui::view::move_list_page(&a);
    assert!(page > 1);
    key(&mut a, KeyCode::PageUp);
    assert_eq!(a.scroll, page);
    for _ in 0..10 {
        key(&mut a, KeyCode::PageUp);
    }
    assert_eq!(a.scroll, 14, "no further than the first of 15 rows");
    key(&mut a, KeyCode::PageDown);
    assert_eq!(a.scroll, 14 - page);
    for _ in 0..10 {
        key(&mut a, KeyCode::PageDown);
    }
    assert_eq!(a.scroll, 0);
}

/// A saved game is dated the day it started, not `????.??.??`; a record opened
/// from a file keeps its own tags when it is saved again (issue 31).
#[test]
fn saved_games_are_dated_and_a_loaded_record_keeps_its_tags() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    let today = crate::games::pdn_date(std::time::SystemTime::now());
    let text = a.game_text();
    assert!(text.contains(&format!("[Date \"{today}\"]")), "{text}");
    assert!(!text.contains("????"), "{text}");
    assert!(text.contains("[White \"human\"]"), "{text}");

    let record = "[Event \"Open\"]\n[Date \"1990.08.19\"]\n[White \"Tinsley\"]\n\
                  [Black \"Chinook\"]\n[GameType \"21\"]\n\n1. 11-15 23-19 *\n";
    a.update(Action::Loaded {
        path: "match.pdn".into(),
        text: Ok(record.into()),
    });
    assert_eq!(a.game.moves().len(), 2);
    let text = a.game_text();
    for tag in [
        "[Event \"Open\"]",
        "[Date \"1990.08.19\"]",
        "[White \"Tinsley\"]",
        "[Black \"Chinook\"]",
    ] {
        assert!(text.contains(tag), "{tag} in\n{text}");
    }
    // A new game is a new record: today's date, the players it has.
    command(&mut a, "new");
    if a.overlay.is_some() {
        ch(&mut a, 'y');
    }
    let text = a.game_text();
    assert!(text.contains(&format!("[Date \"{today}\"]")), "{text}");
    assert!(!text.contains("Tinsley"), "{text}");
}

/// `:load` of a finished record opens it for study without the game-over
/// dialog, and `:` opens the command line even when that dialog is up (issue 31).
#[test]
fn a_finished_record_loads_without_the_dialog_and_colon_always_opens_the_command_line() {
    let mut a = app(ENGLISH, None);
    // Black to move with no piece left to move: White has won.
    let record = "[FEN \"B:W23:B14\"]\n[GameType \"21\"]\n\n1. 14-18 23x14 1-0\n";
    a.update(Action::Loaded {
        path: "won.pdn".into(),
        text: Ok(record.into()),
    });
    assert!(a.game.outcome().is_some(), "the record is finished");
    assert!(
        a.overlay.is_none(),
        "no dialog over a record opened for study"
    );
    a.overlay = Some(super::Overlay::GameOver);
    ch(&mut a, ':');
    assert!(
        a.command.is_some(),
        "`:` opens the command line over the dialog"
    );
    for c in "new".chars() {
        ch(&mut a, c);
    }
    key(&mut a, KeyCode::Enter);
    assert!(a.command.is_none());
}

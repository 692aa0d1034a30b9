//! The start screen: choosing a variant, and resuming the unfinished game.

use crate::tui::app::{Action, App, Effect, FileWork, Mode, Options, Unfinished};
use crate::tui::keymap;
use crate::tui::test_support::*;
use checkers::rules::builtin::{ENGLISH, RUSSIAN};
use checkers::Ruleset;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

/// The start screen, its variant preset to `variant`.
fn start_screen(variant: &str) -> App {
    App::new(
        Options {
            start_screen: true,
            ..options(Ruleset::builtin(variant).unwrap())
        },
        (80, 24),
    )
}

#[test]
fn start_screen_picks_a_variant() {
    let mut a = start_screen(ENGLISH);
    assert_eq!(a.mode(), Mode::Start);
    let ids: Vec<&str> = Ruleset::builtin_ids().collect();
    let russian = ids.iter().position(|&i| i == RUSSIAN).unwrap();
    let english = ids.iter().position(|&i| i == ENGLISH).unwrap();
    for _ in 0..(russian + ids.len() - english) % ids.len() {
        key(&mut a, KeyCode::Down);
    }
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.mode(), Mode::Board);
    assert_eq!(a.game.rules().id, RUSSIAN);
}

fn unfinished(id: &str, variant: &str, moves: &[&str]) -> Unfinished {
    let mut game = checkers::Game::new(Ruleset::builtin(variant).unwrap());
    for m in moves {
        game.play_text(m).unwrap();
    }
    Unfinished {
        id: id.to_string(),
        game,
        ruleset_text: None,
        ai: None,
        tags: Default::default(),
        when: "2026-11-26 18:03 UTC".to_string(),
    }
}

#[test]
fn the_start_screen_lists_the_unfinished_games_and_r_continues_the_most_recent() {
    let opts = Options {
        start_screen: true,
        unfinished: vec![
            unfinished("20261123-040230-7", RUSSIAN, &["c3-d4"]),
            Unfinished {
                ai: Some(crate::tui::AiSettings {
                    black: true,
                    level: 3,
                    ..Default::default()
                }),
                ..unfinished("20261122-100000-8", ENGLISH, &["11-15", "23-19"])
            },
        ],
        ..options(Ruleset::builtin(ENGLISH).unwrap())
    };
    let mut a = App::new(opts, (80, 24));
    let shown = screen(&a);
    assert!(
        shown.contains("r or 1-9: continue an unfinished game"),
        "{shown}"
    );
    assert!(
        shown.contains("1  Russian shashki, 1 move, 2026-11-26 18:03 UTC  (20261123-040230-7)"),
        "{shown}"
    );
    assert!(
        shown.contains("2  English draughts, 1 move, against AI level 3, 2026-11-26 18:03 UTC"),
        "{shown}"
    );
    a.update(
        keymap::action(
            a.mode(),
            &Event::Key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE)),
        )
        .unwrap(),
    );
    assert!(a.start_menu.is_none());
    assert_eq!(a.game.rules().id, RUSSIAN);
    assert_eq!(a.game.moves().len(), 1);
    assert!(
        a.effects.iter().any(|e| matches!(e,
            Effect::File(FileWork::Take { id }) if id == "20261123-040230-7")),
        "the game's file is taken: {:?}",
        a.effects
    );
    assert!(
        !a.effects
            .iter()
            .any(|e| matches!(e, Effect::File(FileWork::Keep { .. }))),
        "resuming files no copy"
    );
}

#[test]
fn a_digit_continues_the_unfinished_game_numbered_so() {
    let opts = Options {
        start_screen: true,
        unfinished: vec![
            unfinished("a", RUSSIAN, &["c3-d4"]),
            unfinished("b", ENGLISH, &["11-15", "23-19"]),
        ],
        ..options(Ruleset::builtin(ENGLISH).unwrap())
    };
    let mut a = App::new(opts, (80, 24));
    key(&mut a, KeyCode::Char('2'));
    assert_eq!(a.game.rules().id, ENGLISH);
    assert_eq!(a.game.moves().len(), 2);
    // Another terminal holds it: the game goes on here as a copy, filed anew.
    a.effects.clear();
    a.update(Action::Taken(Err(
        "game b is open in another checkers".into()
    )));
    assert!(a.status.as_ref().unwrap().text.contains("this is a copy"));
    a.update(Action::Resize(80, 24));
    assert!(a
        .effects
        .iter()
        .any(|e| matches!(e, Effect::File(FileWork::Keep { .. }))));
}

/// `b` on the start screen, for English checkers: the game begins with a
/// ballot drawn from the three-move deck, and keeps it.
#[test]
fn b_on_the_start_screen_starts_english_from_a_ballot() {
    let mut a = start_screen(ENGLISH);
    assert!(
        screen(&a).contains("Three-move ballot (b): none"),
        "{}",
        screen(&a)
    );
    ch(&mut a, 'b');
    assert!(screen(&a).contains("Three-move ballot (b): drawn at random"));
    key(&mut a, KeyCode::Enter);
    assert_eq!(a.mode(), Mode::Board);
    let ballot = checkers::openings::ballot_of(&a.game).expect("a ballot's three moves");
    assert_eq!(a.tags.ballot, Some(ballot.number));
    assert!(a
        .game_text()
        .contains(&format!("[Ballot \"{}\"]", ballot.number)));
    // Not offered for another variant.
    let mut b = start_screen(RUSSIAN);
    assert!(!screen(&b).contains("ballot"));
    ch(&mut b, 'b');
    key(&mut b, KeyCode::Enter);
    assert_eq!(b.game.moves().len(), 0);
}

#[test]
fn keys_change_only_the_settings_the_start_screen_shows() {
    // b on Russian, where the ballot is not shown, does not turn it on for English.
    let mut a = start_screen(RUSSIAN);
    ch(&mut a, 'b');
    let ids: Vec<&str> = Ruleset::builtin_ids().collect();
    let russian = ids.iter().position(|&i| i == RUSSIAN).unwrap();
    let english = ids.iter().position(|&i| i == ENGLISH).unwrap();
    for _ in 0..(english + ids.len() - russian) % ids.len() {
        key(&mut a, KeyCode::Down);
    }
    assert!(
        screen(&a).contains("Three-move ballot (b): none"),
        "{}",
        screen(&a)
    );
    // > against the AI at level 5 (which has its own time) leaves the think time.
    let mut a = start_screen(ENGLISH);
    key(&mut a, KeyCode::Right);
    let before = a.start_menu.as_ref().unwrap().think_time;
    ch(&mut a, '>');
    assert_eq!(a.start_menu.as_ref().unwrap().think_time, before);
    // At level 10, which plays at it, > lengthens it and the screen says so.
    for _ in 0..5 {
        ch(&mut a, '+');
    }
    ch(&mut a, '>');
    let after = a.start_menu.as_ref().unwrap().think_time;
    assert_eq!(after, before + std::time::Duration::from_secs(1));
    assert!(
        screen(&a).contains(&format!("{} s", after.as_secs())),
        "{}",
        screen(&a)
    );
}

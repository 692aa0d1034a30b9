//! The start screen: choosing a variant, and resuming the unfinished game.

use crate::tui::app::{App, Mode, Options};
use crate::tui::keymap;
use crate::tui::test_support::*;
use checkers::rules::builtin::{ENGLISH, RUSSIAN};
use checkers::Ruleset;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

#[test]
fn start_screen_picks_a_variant() {
    let mut a = App::new(
        Options {
            start_screen: true,
            ..options(Ruleset::builtin(ENGLISH).unwrap())
        },
        (80, 24),
    );
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

#[test]
fn the_start_screen_offers_the_unfinished_game() {
    let mut game = checkers::Game::new(Ruleset::builtin(RUSSIAN).unwrap());
    game.play_text("c3-d4").unwrap();
    let opts = Options {
        start_screen: true,
        unfinished: Some(game),
        ..options(Ruleset::builtin(ENGLISH).unwrap())
    };
    let mut a = App::new(opts, (80, 24));
    let text = screen(&a);
    assert!(text.contains("r: resume the unfinished game"), "{text}");
    assert!(text.contains("(Russian shashki, 1 move)"), "{text}");
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
}

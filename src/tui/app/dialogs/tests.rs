//! The dialogs: quitting, draw offers, resigning, the end of the game and help.

use crate::tui::app::{Mode, Overlay};
use crate::tui::test_support::*;
use checkers::rules::builtin::ENGLISH;
use checkers::{Color, OutcomeReason};
use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

#[test]
fn q_quits_at_once_before_any_move() {
    let mut a = app(ENGLISH, None);
    ch(&mut a, 'q');
    assert!(a.quit);
}

#[test]
fn q_asks_first_during_a_game_then_y_quits() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    ch(&mut a, 'q');
    assert!(!a.quit);
    assert_eq!(a.overlay, Some(Overlay::ConfirmQuit));
    assert_eq!(a.mode(), Mode::Confirm);
    ch(&mut a, 'n');
    assert!(!a.quit);
    assert_eq!(a.overlay, None);
    ch(&mut a, 'q');
    key(&mut a, KeyCode::Esc);
    assert!(!a.quit && a.overlay.is_none());
    command(&mut a, "quit");
    assert_eq!(a.overlay, Some(Overlay::ConfirmQuit));
    ch(&mut a, 'y');
    assert!(a.quit);
}

#[test]
fn ctrl_c_quits_at_once_from_any_mode() {
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    send(&mut a, ctrl_c.clone());
    assert!(a.quit);
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    ch(&mut a, ':');
    send(&mut a, ctrl_c.clone());
    assert!(a.quit);
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    ch(&mut a, 'q');
    send(&mut a, ctrl_c);
    assert!(a.quit);
}

#[test]
fn draw_offer_accepted() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    command(&mut a, "draw");
    assert_eq!(a.overlay, Some(Overlay::DrawOffer { by: Color::White }));
    assert!(screen(&a).contains("White offers a draw"));
    ch(&mut a, 'y');
    let o = a.game.outcome().expect("game over");
    assert_eq!(o.winner, None);
    assert_eq!(o.reason, OutcomeReason::Agreement);
    assert_eq!(a.overlay, Some(Overlay::GameOver));
    assert!(screen(&a).contains("Draw."));
}

#[test]
fn draw_offer_declined() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "draw");
    ch(&mut a, 'n');
    assert!(a.game.outcome().is_none());
    assert_eq!(a.overlay, None);
    assert_eq!(status_text(&a), "White declines the draw offered by Black.");
    // Play goes on.
    command(&mut a, "11-15");
    assert_eq!(moves_played(&a), ["11-15"]);
}

#[test]
fn resign_ends_the_game_with_its_dialog() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    command(&mut a, "resign");
    let o = a.game.outcome().expect("game over");
    assert_eq!(o.winner, Some(Color::Black));
    assert_eq!(o.reason, OutcomeReason::Resignation);
    assert_eq!(a.mode(), Mode::GameOver);
    let text = screen(&a);
    assert!(text.contains("Black wins."), "{text}");
    // Esc looks at the board; clicking it brings the dialog back.
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.mode(), Mode::Board);
    click(&mut a, sq("22"));
    assert_eq!(a.mode(), Mode::GameOver);
    // Undo takes the resignation back.
    ch(&mut a, 'u');
    assert!(a.game.outcome().is_none());
    assert_eq!(moves_played(&a), ["11-15"]);
    // q leaves a finished game at once.
    command(&mut a, "resign");
    ch(&mut a, 'q');
    assert!(a.quit);
}

#[test]
fn game_over_by_play_then_new_game() {
    let mut a = app(ENGLISH, Some(ENGLISH_LAST_CAPTURE));
    click(&mut a, sq("14"));
    click(&mut a, sq("23"));
    let o = a.game.outcome().expect("game over");
    assert_eq!(o.winner, Some(Color::Black));
    assert_eq!(o.reason, OutcomeReason::NoPieces);
    assert_eq!(a.mode(), Mode::GameOver);
    ch(&mut a, 'n');
    assert_eq!(a.mode(), Mode::Board);
    assert_eq!(a.game.moves().len(), 0);
    assert_eq!(a.game.position().pieces(Color::White).count(), 12);
}

#[test]
fn help_opens_and_closes() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "help");
    assert_eq!(a.mode(), Mode::Help);
    key(&mut a, KeyCode::Esc);
    assert_eq!(a.mode(), Mode::Board);
    ch(&mut a, '?');
    assert_eq!(a.mode(), Mode::Help);
    ch(&mut a, '?');
    assert_eq!(a.mode(), Mode::Board);
}

/// The quit dialog says truthfully where the game is, or that it is not saved.
#[test]
fn the_quit_dialog_says_whether_and_where_the_game_is_saved() {
    use crate::tui::app::{Action, Effect, FileWork, Kept};
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    a.update(Action::Kept(Ok(
        "/data/checkers/games/20261123-040230-7.pdn".into(),
    )));
    ch(&mut a, 'q');
    let shown = screen(&a);
    assert!(shown.contains("This game is saved"), "{shown}");
    assert!(
        shown.contains("checkers --resume 20261123-040230-7"),
        "{shown}"
    );
    ch(&mut a, 'n');
    // The disk fills up: the next move is not saved, and the dialog says so.
    command(&mut a, "23-19");
    a.update(Action::Kept(Err(
        "cannot save the game: No space left on device".into(),
    )));
    assert_eq!(
        a.kept,
        Kept::Failed("cannot save the game: No space left on device".into())
    );
    a.effects.clear();
    ch(&mut a, 'q');
    assert!(
        a.effects
            .iter()
            .any(|e| matches!(e, Effect::File(FileWork::Keep { .. }))),
        "quitting tries the failed save again"
    );
    a.update(Action::Kept(Err(
        "cannot save the game: No space left on device".into(),
    )));
    let shown = screen(&a);
    assert!(shown.contains("could NOT be saved"), "{shown}");
    assert!(shown.contains("No space left on device"), "{shown}");
    // Space again: the retry succeeds and the dialog says so.
    a.update(Action::Kept(Ok(
        "/data/checkers/games/20261123-040230-7.pdn".into(),
    )));
    assert!(screen(&a).contains("This game is saved"));
}

#[test]
fn new_in_mid_game_asks_and_the_left_game_is_let_go_not_deleted() {
    use crate::tui::app::{Effect, FileWork};
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    command(&mut a, "new");
    assert!(matches!(a.overlay, Some(Overlay::ConfirmNew { .. })));
    assert!(screen(&a).contains("Start a new game?"));
    ch(&mut a, 'n');
    assert_eq!(a.game.moves().len(), 1, "no: the game stays");
    a.effects.clear();
    command(&mut a, "new");
    ch(&mut a, 'y');
    assert_eq!(a.game.moves().len(), 0);
    assert!(
        a.effects
            .iter()
            .any(|e| matches!(e, Effect::File(FileWork::LetGo))),
        "{:?}",
        a.effects
    );
}

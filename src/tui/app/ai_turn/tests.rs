//! Playing against the AI: the update function and the searches it asks for.

use crate::tui::app::{Action, AiSettings, App, Effect, Options, Purpose};
use crate::tui::test_support::*;
use checkers::rules::builtin::{ENGLISH, RUSSIAN};
use checkers::{Color, Move, OutcomeReason, Ruleset};

fn vs_ai(variant: &str, ai_white: bool, ai_black: bool) -> App {
    let opts = Options {
        ai: AiSettings {
            white: ai_white,
            black: ai_black,
            ..AiSettings::default()
        },
        ..options(Ruleset::builtin(variant).expect("built-in variant"))
    };
    App::new(opts, (80, 24))
}

/// Answers the search the app asked for last with `best` and `score`, as the
/// AI thread would; returns what the search was for.
fn answer(a: &mut App, best: Option<Move>, score: i32) -> Purpose {
    let (id, purpose) = requested(a).expect("the AI is asked for a search");
    a.update(Action::AiDone { id, best, score });
    purpose
}

/// The id of the search the app asked for last, and what for.
fn requested(a: &mut App) -> Option<(u64, Purpose)> {
    let mut last = None;
    for e in std::mem::take(&mut a.effects) {
        if let Effect::Search(r) = e {
            last = Some((r.id, r.purpose));
        }
    }
    last
}

#[test]
fn the_ai_moves_when_it_is_its_turn_and_its_reply_is_played() {
    // English: Black moves first, so an AI playing Black starts at once.
    let mut a = vs_ai(ENGLISH, false, true);
    // Meanwhile the human's cursor waits on one of the human's own pieces.
    let own = |a: &App| {
        let (f, r) = a.cursor;
        let sq = checkers::BOARD_8.square_at(f, r).expect("a dark square");
        a.game.position().piece_at(sq).map(|p| p.color())
    };
    assert_eq!(own(&a), Some(Color::White));
    let m = a.game.legal_moves()[0];
    assert_eq!(answer(&mut a, Some(m), 0), Purpose::Move);
    assert_eq!(a.game.moves().len(), 1);
    assert!(a.thinking.is_none());
    // Now the human (White) is to move and the board shows White at the bottom.
    assert_eq!(a.bottom(), Color::White);
    assert_eq!(
        own(&a),
        Some(Color::White),
        "the cursor is still on White's piece"
    );
    assert!(requested(&mut a).is_none());
}

#[test]
fn a_late_answer_for_an_old_position_is_dropped() {
    let mut a = vs_ai(RUSSIAN, false, true);
    type_move(&mut a, "c3-d4");
    let (old, _) = requested(&mut a).expect("search for Black's reply");
    // The human takes the move back while the AI thinks: the search is stopped.
    a.update(Action::Undo);
    assert!(a.effects.iter().any(|e| matches!(e, Effect::Stop)));
    assert_eq!(a.game.moves().len(), 0);
    let reply = checkers::legal_moves(
        &a.game.position().after(&a.game.legal_moves()[0]),
        a.game.rules(),
    )[0];
    a.update(Action::AiDone {
        id: old,
        best: Some(reply),
        score: 0,
    });
    assert_eq!(a.game.moves().len(), 0, "the stale reply was not played");
}

#[test]
fn undo_against_the_ai_takes_back_its_reply_too() {
    let mut a = vs_ai(RUSSIAN, false, true);
    type_move(&mut a, "c3-d4");
    let m = a.game.legal_moves()[0];
    answer(&mut a, Some(m), 0);
    assert_eq!(a.game.moves().len(), 2);
    a.update(Action::Undo);
    assert_eq!(
        a.game.moves().len(),
        0,
        "both the reply and the human's move"
    );
    assert_eq!(a.game.position().side_to_move(), Color::White);
}

#[test]
fn a_hint_marks_the_suggested_move_and_a_draw_offer_follows_the_evaluation() {
    let mut a = vs_ai(RUSSIAN, false, true);
    a.update(Action::Hint);
    let m = a.game.legal_moves()[0];
    assert_eq!(answer(&mut a, Some(m), 0), Purpose::Hint);
    assert_eq!(a.hint, Some(m));
    assert!(a.status.as_ref().unwrap().text.starts_with("hint: "));

    // The human offers a draw; the AI (Black) is better by a man: declined.
    type_move(&mut a, "draw");
    assert_eq!(answer(&mut a, None, -100), Purpose::DrawOffer);
    assert!(a.game.outcome().is_none());
    assert!(a.status.as_ref().unwrap().text.contains("declines"));
    // Level with the AI: accepted.
    type_move(&mut a, "draw");
    answer(&mut a, None, 0);
    assert_eq!(a.game.outcome().map(|o| o.winner), Some(None));
}

/// Level 10 does not take a draw on move 1 in an even position (issue 30); a
/// man down it does.
#[test]
fn a_strong_level_declines_an_even_draw_in_the_opening() {
    let mut a = vs_ai(RUSSIAN, false, true);
    a.ai.level = 10;
    type_move(&mut a, "c3-d4");
    let m = a.game.legal_moves()[0];
    answer(&mut a, Some(m), 0);
    type_move(&mut a, "draw");
    assert_eq!(answer(&mut a, None, 0), Purpose::DrawOffer);
    assert!(a.game.outcome().is_none());
    assert!(a.status.as_ref().unwrap().text.contains("declines"));
    type_move(&mut a, "draw");
    answer(&mut a, None, 150);
    assert_eq!(a.game.outcome().map(|o| o.winner), Some(None));
}

#[test]
fn a_resigning_level_resigns_only_a_hopeless_position() {
    let mut a = vs_ai(ENGLISH, false, true);
    a.ai.level = 7;
    let m = a.game.legal_moves()[0];
    answer(&mut a, Some(m), 50);
    assert!(a.game.outcome().is_none(), "a good position is played on");
    let human = a.write(&a.game.legal_moves()[0]);
    type_move(&mut a, &human);
    let m = a.game.legal_moves()[0];
    answer(&mut a, Some(m), -2000);
    let o = a.game.outcome().expect("resigned");
    assert_eq!(o.winner, Some(Color::White));
    assert_eq!(o.reason, OutcomeReason::Resignation);
}

/// A player who selects a piece while the AI thinks is told it is the AI's
/// turn, not that their own piece is not theirs (issue 31).
#[test]
fn selecting_a_piece_while_the_ai_thinks_says_it_is_the_ai_s_turn() {
    let mut a = vs_ai(ENGLISH, false, true);
    assert!(a.ai_to_move());
    let (f, r) = a.cursor;
    let own = checkers::BOARD_8.square_at(f, r).expect("a dark square");
    assert_eq!(
        a.game.position().piece_at(own).map(|p| p.color()),
        Some(Color::White)
    );
    a.update(Action::Activate);
    let status = a.status.as_ref().expect("a message");
    assert!(status.error);
    assert_eq!(status.text, "it is the AI's turn");
    assert!(a.selection.is_none());
}

/// An undo against the AI takes back two plies, and the message names both
/// (issue 31).
#[test]
fn an_undo_against_the_ai_names_both_plies_it_took_back() {
    let mut a = vs_ai(ENGLISH, true, false);
    // English: Black (the human) moves first.
    command(&mut a, "11-15");
    let reply = a.game.legal_moves()[0];
    answer(&mut a, Some(reply), 0);
    assert_eq!(a.game.moves().len(), 2);
    let reply_text = a.write(&reply);
    ch(&mut a, 'u');
    assert_eq!(a.game.moves().len(), 0, "both plies went back");
    let status = status_text(&a);
    assert!(
        status.contains("11-15") && status.contains(&reply_text) && status.contains("reply"),
        "{status}"
    );
}

/// Watching the AI play itself at 1 s a move: the answer of each search.
fn watched() -> App {
    let opts = Options {
        ai: AiSettings {
            white: true,
            black: true,
            delay: std::time::Duration::from_secs(1),
            ..AiSettings::default()
        },
        ..options(Ruleset::builtin(RUSSIAN).expect("built-in variant"))
    };
    App::new(opts, (80, 24))
}

#[test]
fn watching_the_ai_a_move_found_early_waits_for_its_time() {
    use std::time::{Duration, Instant};
    let mut a = watched();
    let t0 = Instant::now();
    a.update(Action::Tick(t0));
    let first = a.game.legal_moves()[0];
    answer(&mut a, Some(first), 0);
    assert_eq!(a.game.moves().len(), 1, "the first move waits for nothing");
    // The reply is found at once, but shown only a second after the first move.
    a.update(Action::Tick(t0 + Duration::from_millis(100)));
    let reply = a.game.legal_moves()[0];
    answer(&mut a, Some(reply), 0);
    assert_eq!(a.game.moves().len(), 1);
    assert_eq!(a.watched, Some(reply));
    assert!(requested(&mut a).is_none(), "no search while a move waits");
    a.update(Action::Tick(t0 + Duration::from_millis(900)));
    assert_eq!(a.game.moves().len(), 1);
    a.update(Action::Tick(t0 + Duration::from_millis(1000)));
    assert_eq!(a.game.moves().len(), 2);
    assert!(requested(&mut a).is_some(), "then the next search starts");
}

#[test]
fn watching_pause_holds_the_game_and_s_steps_one_move() {
    use std::time::{Duration, Instant};
    let mut a = watched();
    let t0 = Instant::now();
    a.update(Action::Tick(t0));
    ch(&mut a, 'p');
    assert!(a.paused && a.thinking.is_none());
    // The search asked for at the start, stopped.
    requested(&mut a);
    a.update(Action::Tick(t0 + Duration::from_secs(5)));
    assert!(requested(&mut a).is_none(), "paused, the AI does not think");
    assert_eq!(a.game.moves().len(), 0);
    assert!(screen(&a).contains("paused (p: go on, s: step)"));
    // s: one move, then paused again.
    ch(&mut a, 's');
    let m = a.game.legal_moves()[0];
    assert_eq!(answer(&mut a, Some(m), 0), Purpose::Move);
    assert_eq!(a.game.moves().len(), 1);
    assert!(a.paused);
    assert!(requested(&mut a).is_none(), "still paused after the step");
    // + and - change the pace, in steps.
    ch(&mut a, '+');
    assert_eq!(a.ai.delay, Duration::from_millis(500));
    ch(&mut a, '-');
    ch(&mut a, '-');
    assert_eq!(a.ai.delay, Duration::from_secs(2));
    assert_eq!(status_text(&a), "2 s between moves");
}

/// The weak levels' noise is seeded afresh in each game: two games asking the
/// same first search ask it with different seeds, so the same line does not beat
/// level 1 every time.
#[test]
fn the_weak_levels_noise_differs_from_one_game_to_the_next() {
    let seed = |a: &mut App| {
        std::mem::take(&mut a.effects)
            .into_iter()
            .find_map(|e| match e {
                Effect::Search(r) => Some(r.seed),
                _ => None,
            })
            .expect("the AI is asked for a search")
    };
    let (mut a, mut b) = (vs_ai(ENGLISH, false, true), vs_ai(ENGLISH, false, true));
    assert_eq!(a.game.position(), b.game.position());
    assert_ne!(seed(&mut a), seed(&mut b));
}

/// A record whose result says it is over (White resigned, say) is not played
/// on by the AI from its end, though the board shows no end.
#[test]
fn the_ai_does_not_play_on_from_the_end_of_a_record_that_is_over() {
    let rules = Ruleset::builtin(RUSSIAN).unwrap();
    let mut game = checkers::Game::new(rules.clone());
    for m in ["c3-d4", "f6-g5", "b2-c3", "g5-h4"] {
        game.play_text(m).unwrap();
    }
    let opts = Options {
        resume: Some(game),
        tags: Some(checkers::pdn::Tags {
            result: "0-1".to_string(),
            ..Default::default()
        }),
        review: true,
        ai: AiSettings {
            white: true,
            ..AiSettings::default()
        },
        ..options(rules)
    };
    let mut a = App::new(opts, (80, 24));
    assert_eq!(a.record_result(), Some("0-1"));
    assert_eq!(requested(&mut a), None);
    assert!(screen(&a).contains("Record: 0-1"), "{}", screen(&a));
    // Stepped back into it, the AI still waits: the record is looked at.
    a.update(Action::Left);
    assert_eq!(requested(&mut a), None);
}

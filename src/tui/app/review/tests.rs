//! Review in the terminal game, fed verdicts as the review thread sends them.

use crate::tui::app::{Action, AiSettings, App, Effect, FileWork, Kept, Options};
use crate::tui::test_support::*;
use checkers::ai::review::Verdict;
use checkers::rules::builtin::RUSSIAN;
use checkers::{Game, OutcomeReason, Ruleset};

/// A record of four moves, opened for review at its end.
fn record() -> App {
    let rules = Ruleset::builtin(RUSSIAN).unwrap();
    let mut game = Game::new(rules.clone());
    for m in ["c3-d4", "f6-g5", "b2-c3", "g5-h4"] {
        game.play_text(m).unwrap();
    }
    let opts = Options {
        resume: Some(game),
        review: true,
        ..options(rules)
    };
    App::new(opts, (80, 24))
}

/// The id of the review the app asked for.
fn review_id(a: &mut App) -> u64 {
    std::mem::take(&mut a.effects)
        .into_iter()
        .find_map(|e| match e {
            Effect::Review(r) => Some(r.id),
            _ => None,
        })
        .expect("a review is asked for")
}

/// A move of White's at ply 2 other than the one played.
fn alternative(a: &App) -> checkers::Move {
    let played = a.game.line()[2];
    *checkers::legal_moves(a.game.position_before(2), a.game.rules())
        .iter()
        .find(|m| m.path() != played.path())
        .expect("another move")
}

/// Verdicts for the five positions: level, then White's third move (`b2-c3`)
/// gives away two men's worth: White's view 0, 0, 0, -2, -2 (for the side to move 0, 0, 0, +200, -200).
fn feed(a: &mut App, id: u64) {
    let line = a.game.line();
    let scores = [0, 0, 0, 200, -200];
    for (ply, score) in scores.into_iter().enumerate() {
        // The engine's best move: the move played, except at ply 2.
        let pv = match ply {
            2 => vec![alternative(a)],
            p if p < line.len() => vec![line[p]],
            _ => Vec::new(),
        };
        let verdict = Verdict {
            score,
            depth: 8,
            pv,
        };
        a.update(Action::Verdict { id, ply, verdict });
    }
    a.update(Action::ReviewDone { id });
}

/// The progress line wraps between words in every language and size, never
/// cut off in a word ("Partieanalyse: 6 von 83 Stel").
#[test]
fn the_review_progress_is_never_cut_in_a_word() {
    use crate::tui::i18n::Lang;
    for lang in [Lang::En, Lang::De, Lang::Nl, Lang::It, Lang::Ru] {
        for size in [(80, 24), (68, 14)] {
            let mut a = record();
            a.lang = lang;
            a.update(Action::Resize(size.0, size.1));
            ch(&mut a, 'v');
            let header = lang.f("panel.review_running", &[("done", &0), ("total", &5)]);
            let text = screen(&a);
            let last_word = header.split_whitespace().last().unwrap();
            assert!(
                text.contains(last_word),
                "{lang:?} {size:?}: {header:?} cut\n{text}"
            );
        }
    }
}

#[test]
fn a_review_marks_the_blunder_draws_the_graph_and_m_goes_to_it() {
    let mut a = record();
    ch(&mut a, 'v');
    let id = review_id(&mut a);
    assert!(a.analysis.as_ref().is_some_and(|x| x.running));
    assert!(screen(&a).contains("Review: 0 of 5 positions"));
    feed(&mut a, id);
    let an = a.analysis.as_ref().expect("the review");
    assert!(!an.running);
    assert_eq!(an.judgement(2).map(|j| j.mark()), Some("??"));
    assert_eq!(an.judgement(0), None);
    let shown = screen(&a);
    assert!(shown.contains("b2-c3??"), "{shown}");
    // The graph: Black's advantage drawn down from the middle line.
    assert!(shown.contains('#'), "{shown}");
    // m: to the position after the blunder, with the verdict and the best move.
    ch(&mut a, 'm');
    assert_eq!(a.game.moves().len(), 3);
    let shown = screen(&a);
    assert!(shown.contains("b2-c3?? was a blunder"), "{shown}");
    let best = checkers::notation::write_short(
        &alternative(&a),
        a.game.position_before(2),
        a.game.rules(),
    );
    assert!(shown.contains(&format!("best: {best} +0.00")), "{shown}");
    // ← and → step through the game, the review staying with it.
    a.update(Action::Left);
    assert_eq!(a.game.moves().len(), 2);
    assert!(a.analysis_here().is_some());
}

#[test]
fn a_move_off_the_reviewed_line_ends_its_review_and_v_stops_one_under_way() {
    let mut a = record();
    ch(&mut a, 'v');
    let id = review_id(&mut a);
    // v again: stopped, what is known kept.
    ch(&mut a, 'v');
    assert!(a.effects.iter().any(|e| matches!(e, Effect::StopReview)));
    assert!(a.analysis.as_ref().is_some_and(|x| !x.running));
    feed(&mut a, id);
    // Back two moves, then another move: the review is of another line now.
    a.update(Action::Left);
    a.update(Action::Left);
    type_move(&mut a, "a3-b4");
    assert!(a.analysis.is_none());
    ch(&mut a, 'm');
    assert_eq!(status_text(&a), "v reviews the game first");
}

/// At 60×12 the review's verdict fills the panel: the move list, with no row
/// left for it, goes whole rather than leave its title on the last row.
#[test]
fn a_low_review_panel_leaves_out_a_move_list_with_no_room() {
    let mut a = record();
    a.size = (60, 12);
    ch(&mut a, 'v');
    let id = review_id(&mut a);
    feed(&mut a, id);
    while a.game.moves().next().is_some() {
        a.update(Action::Left);
    }
    // The first position's verdict and best move take the panel's last rows.
    let shown = screen(&a);
    assert!(shown.contains("best: c3-d4"), "{shown}");
    assert!(!shown.contains("Moves"), "{shown}");
    // With room, the list is there under its title.
    a.size = (80, 24);
    let shown = screen(&a);
    assert!(shown.contains("Moves"), "{shown}");
}

/// The record of four moves against the AI (Black), which White then resigned.
fn resigned_against_the_ai() -> App {
    let rules = Ruleset::builtin(RUSSIAN).unwrap();
    let mut game = Game::new(rules.clone());
    for m in ["c3-d4", "f6-g5", "b2-c3", "g5-h4"] {
        game.play_text(m).unwrap();
    }
    game.resign(checkers::Color::White);
    let opts = Options {
        resume: Some(game),
        ai: AiSettings {
            white: false,
            black: true,
            ..AiSettings::default()
        },
        ..options(rules)
    };
    let mut a = App::new(opts, (80, 24));
    a.effects.clear();
    a
}

/// `v`, and the review's verdicts all in.
fn review_to_the_end(a: &mut App) {
    ch(a, 'v');
    let id = review_id(a);
    feed(a, id);
}

/// What the app asked of the event loop since the last call: searches for a
/// move, and the texts it asked the library to keep.
fn asked(a: &mut App) -> (usize, Vec<String>) {
    let mut searches = 0;
    let mut kept = Vec::new();
    for e in std::mem::take(&mut a.effects) {
        match e {
            Effect::Search(_) => searches += 1,
            Effect::File(FileWork::Keep { pdn }) => kept.push(pdn),
            _ => {}
        }
    }
    (searches, kept)
}

#[test]
fn a_review_of_a_finished_game_keeps_its_result_and_the_ai_waits() {
    let mut a = resigned_against_the_ai();
    review_to_the_end(&mut a);
    // The first ← shows the position before the last move, not the same one.
    a.update(Action::Left);
    assert_eq!(a.game.moves().len(), 3);
    assert!(
        status_text(&a).contains("half-move 3 of 4"),
        "{}",
        status_text(&a)
    );
    // Black (the AI) is to move there: it does not play, and nothing is saved.
    assert_eq!(asked(&mut a), (0, Vec::new()));
    a.update(Action::Left);
    a.update(Action::Left);
    assert_eq!(asked(&mut a), (0, Vec::new()));
    // m from anywhere, and back to the end: the game is as it ended.
    ch(&mut a, 'm');
    assert_eq!(a.game.moves().len(), 3);
    a.update(Action::Right);
    assert_eq!(a.game.moves().len(), 4);
    let o = a.game.outcome().expect("the game is over again");
    assert_eq!(o.reason, OutcomeReason::Resignation);
    // Nothing to play on: ← steps back again, the result still kept.
    assert!(a.review);
    a.update(Action::Left);
    assert_eq!(a.game.moves().len(), 3);
    a.update(Action::Right);
    assert!(a.game.outcome().is_some());
    let (searches, kept) = asked(&mut a);
    assert_eq!(searches, 0);
    assert!(
        kept.iter().all(|p| p.contains("[Result \"0-1\"]")),
        "{kept:?}"
    );
}

#[test]
fn m_goes_back_from_the_end_of_a_resigned_game() {
    let mut a = resigned_against_the_ai();
    review_to_the_end(&mut a);
    ch(&mut a, 'm');
    assert_eq!(a.game.moves().len(), 3, "{}", status_text(&a));
    assert!(screen(&a).contains("b2-c3?? was a blunder"));
}

#[test]
fn a_move_off_the_line_of_a_finished_game_goes_on_in_a_new_one() {
    let mut a = resigned_against_the_ai();
    review_to_the_end(&mut a);
    a.update(Action::Left);
    a.update(Action::Left);
    assert_eq!(a.game.moves().len(), 2);
    type_move(&mut a, "a3-b4");
    // The resigned game is let go as it was; the new line is filed apart.
    assert!(a
        .effects
        .iter()
        .any(|e| matches!(e, Effect::File(FileWork::LetGo))));
    assert!(
        status_text(&a).contains("stays saved as it was"),
        "{}",
        status_text(&a)
    );
    assert!(!a.review);
    assert_eq!(a.kept, Kept::Nowhere);
    let (searches, kept) = asked(&mut a);
    assert_eq!(searches, 1, "the AI answers the new line");
    assert!(
        kept.iter().all(|p| p.contains("[Result \"*\"]")),
        "{kept:?}"
    );
    assert!(!kept.is_empty());
}

#[test]
fn a_move_off_the_line_of_an_unfinished_game_takes_the_rest_back() {
    let mut a = record();
    ch(&mut a, 'v');
    review_id(&mut a);
    a.update(Action::Left);
    a.update(Action::Left);
    type_move(&mut a, "a3-b4");
    assert!(!a
        .effects
        .iter()
        .any(|e| matches!(e, Effect::File(FileWork::LetGo))));
    assert_eq!(moves_played(&a).len(), 3);
    assert!(!a.review);
}

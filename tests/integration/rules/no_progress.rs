//! No-progress draws: the counters, what resets them, and when they fire.

use super::*;

/// The draw `name` comes exactly `plies` plies (its moves by each side, twice) after the
/// start or the last reset, and not one ply earlier.
#[track_caller]
pub(super) fn assert_draw_after_quiet_plies(game: &mut Game, name: &str, plies: u32) {
    let id = game.rules().id.clone();
    let already = counter(game, name);
    assert!(already < plies);
    wander(game, (plies - already) as usize);
    assert_eq!(counter(game, name), plies, "{id}");
    assert_eq!(game.outcome(), draw_by(name), "{id}");
    assert!(game.legal_moves().is_empty());
    // One ply earlier the game was still on.
    let last = game.undo().expect("a move to take back");
    assert_eq!(counter(game, name), plies - 1, "{id}");
    assert_eq!(game.outcome(), None, "{id}: one ply early");
    assert_eq!(game.redo(), Some(last));
    assert_eq!(game.outcome(), draw_by(name), "{id}");
}

/// Shuffles the kings, then gives a king away with `h2-g3`, which `f2xh4` takes.
fn shuffle_then_capture(game: &mut Game, name: &str) {
    for m in SHUFFLE {
        play(game, m);
    }
    play(game, "a1-b2");
    play(game, "h2-g3");
    assert_eq!(
        counter(game, name),
        6,
        "{}: king moves count",
        game.rules().id
    );
    play(game, "f2xh4");
    assert_eq!(
        counter(game, name),
        0,
        "{}: reset by the capture",
        game.rules().id
    );
    assert_eq!(game.outcome(), None);
}

#[test]
fn english_40_move_rule_draws_after_40_moves_each_not_one_ply_earlier() {
    let r = rules(ENGLISH);
    assert_eq!(r.no_progress.len(), 1);
    assert_eq!(r.no_progress[0].moves, 40);
    let mut game = quiet_game(ENGLISH);
    assert_draw_after_quiet_plies(&mut game, "40-move rule", 80);
}

#[test]
fn english_40_move_rule_resets_on_a_capture() {
    let mut game = quiet_game(ENGLISH);
    shuffle_then_capture(&mut game, "40-move rule");
    assert_draw_after_quiet_plies(&mut game, "40-move rule", 80);
}

#[test]
fn english_40_move_rule_resets_on_a_man_move() {
    let mut game = quiet_game(ENGLISH);
    for m in SHUFFLE {
        play(&mut game, m);
    }
    assert_eq!(counter(&game, "40-move rule"), 4);
    play(&mut game, "b4-a5");
    assert_eq!(counter(&game, "40-move rule"), 0);
    assert_draw_after_quiet_plies(&mut game, "40-move rule", 80);
}

#[test]
fn english_40_move_rule_resets_on_a_promotion() {
    // A crowning is a man move.
    let mut game = quiet_game(ENGLISH);
    for m in SHUFFLE {
        play(&mut game, m);
    }
    play(&mut game, "a7-b8");
    assert_eq!(counter(&game, "40-move rule"), 0);
}

/// The 50-move rule of dammen64, brazilian and german.
#[track_caller]
fn assert_fifty_move_rule(id: &str) {
    let r = rules(id);
    assert_eq!(r.no_progress.len(), 1, "{id}");
    let rule = &r.no_progress[0];
    assert_eq!(rule.name, "50-move rule");
    assert_eq!(rule.moves, 50);
    let mut resets = rule.reset_on.clone();
    resets.sort_by_key(|e| format!("{e:?}"));
    assert_eq!(resets, [ResetEvent::Capture, ResetEvent::Promotion], "{id}");
}

#[track_caller]
fn assert_fifty_move_draw_not_one_ply_earlier(id: &str) {
    assert_fifty_move_rule(id);
    let mut game = quiet_game(id);
    assert_draw_after_quiet_plies(&mut game, "50-move rule", 100);
}

#[track_caller]
fn assert_fifty_move_reset_on_capture(id: &str) {
    let mut game = quiet_game(id);
    shuffle_then_capture(&mut game, "50-move rule");
    assert_draw_after_quiet_plies(&mut game, "50-move rule", 100);
}

#[track_caller]
fn assert_fifty_move_reset_on_promotion(id: &str) {
    let mut game = quiet_game(id);
    for m in SHUFFLE {
        play(&mut game, m);
    }
    assert_eq!(counter(&game, "50-move rule"), 4, "{id}");
    play(&mut game, "a7-b8");
    assert!(game.moves().last().unwrap().promotes());
    assert_eq!(counter(&game, "50-move rule"), 0, "{id}");
    assert_draw_after_quiet_plies(&mut game, "50-move rule", 100);
}

#[track_caller]
fn assert_fifty_move_not_reset_by_a_plain_man_move(id: &str) {
    let mut game = quiet_game(id);
    for m in SHUFFLE {
        play(&mut game, m);
    }
    play(&mut game, "b4-a5");
    assert_eq!(
        counter(&game, "50-move rule"),
        5,
        "{id}: a man move counts on"
    );
    assert_draw_after_quiet_plies(&mut game, "50-move rule", 100);
}

#[test]
fn dammen64_50_move_rule_draws_after_50_moves_each_not_one_ply_earlier() {
    assert_fifty_move_draw_not_one_ply_earlier(DAMMEN64);
}

#[test]
fn dammen64_50_move_rule_resets_on_a_capture() {
    assert_fifty_move_reset_on_capture(DAMMEN64);
}

#[test]
fn dammen64_50_move_rule_resets_on_a_promotion() {
    assert_fifty_move_reset_on_promotion(DAMMEN64);
}

#[test]
fn dammen64_50_move_rule_is_not_reset_by_a_plain_man_move() {
    assert_fifty_move_not_reset_by_a_plain_man_move(DAMMEN64);
}

#[test]
fn brazilian_50_move_rule_draws_after_50_moves_each_not_one_ply_earlier() {
    assert_fifty_move_draw_not_one_ply_earlier(BRAZILIAN);
}

#[test]
fn brazilian_50_move_rule_resets_on_a_capture() {
    assert_fifty_move_reset_on_capture(BRAZILIAN);
}

#[test]
fn brazilian_50_move_rule_resets_on_a_promotion() {
    assert_fifty_move_reset_on_promotion(BRAZILIAN);
}

#[test]
fn brazilian_50_move_rule_is_not_reset_by_a_plain_man_move() {
    assert_fifty_move_not_reset_by_a_plain_man_move(BRAZILIAN);
}

#[test]
fn german_50_move_rule_draws_after_50_moves_each_not_one_ply_earlier() {
    assert_fifty_move_draw_not_one_ply_earlier(GERMAN);
}

#[test]
fn german_50_move_rule_resets_on_a_capture() {
    assert_fifty_move_reset_on_capture(GERMAN);
}

#[test]
fn german_50_move_rule_resets_on_a_promotion() {
    assert_fifty_move_reset_on_promotion(GERMAN);
}

#[test]
fn german_50_move_rule_is_not_reset_by_a_plain_man_move() {
    assert_fifty_move_not_reset_by_a_plain_man_move(GERMAN);
}

#[test]
fn russian_15_move_kings_rule_draws_after_15_moves_each_not_one_ply_earlier() {
    let mut game = quiet_game(RUSSIAN);
    assert_draw_after_quiet_plies(&mut game, "15-move kings rule", 30);
    // Two kings against two: the three-kings count never started.
    assert_eq!(counter(&game, "three kings against one"), 0);
}

#[test]
fn russian_15_move_kings_rule_resets_on_a_capture() {
    let mut game = quiet_game(RUSSIAN);
    shuffle_then_capture(&mut game, "15-move kings rule");
    assert_draw_after_quiet_plies(&mut game, "15-move kings rule", 30);
}

#[test]
fn russian_15_move_kings_rule_resets_on_a_man_move() {
    let mut game = quiet_game(RUSSIAN);
    for m in SHUFFLE {
        play(&mut game, m);
    }
    assert_eq!(counter(&game, "15-move kings rule"), 4);
    play(&mut game, "b4-a5");
    assert_eq!(counter(&game, "15-move kings rule"), 0);
    assert_draw_after_quiet_plies(&mut game, "15-move kings rule", 30);
}

#[test]
fn russian_three_kings_against_a_lone_king_draw_after_15_moves_counted_from_when_that_material_arose(
) {
    const KINGS: &str = "15-move kings rule";
    const THREE: &str = "three kings against one";
    // The quiet board with a third white king on c1.
    let pos = board(
        Color::White,
        "
        . . . . . . . B
        w . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . w . w . . . .
        . . w . . . . .
        . . . . . W . B
        W . W . . . . .
    ",
    );
    let mut game = Game::from_position(rules(RUSSIAN), pos);
    for m in SHUFFLE {
        play(&mut game, m);
    }
    play(&mut game, "a1-b2");
    play(&mut game, "h2-g3");
    // Black still has two kings: only the kings count runs.
    assert_eq!((counter(&game, KINGS), counter(&game, THREE)), (6, 0));
    play(&mut game, "f2xh4");
    // Three kings (and men) against a lone king from here on.
    assert_eq!((counter(&game, KINGS), counter(&game, THREE)), (0, 0));
    play(&mut game, "h8-g7");
    assert_eq!((counter(&game, KINGS), counter(&game, THREE)), (1, 1));
    // A man move resets the kings count, not this one.
    play(&mut game, "b4-a5");
    assert_eq!((counter(&game, KINGS), counter(&game, THREE)), (0, 2));
    assert_draw_after_quiet_plies(&mut game, THREE, 30);
    assert_eq!(counter(&game, KINGS), 28);
}

/// Wanders `plies` plies with a plain man move on every `every`th ply, so that the 15-move
/// kings rule keeps being reset while nothing is taken and nobody is crowned.
#[track_caller]
fn wander_moving_men(game: &mut Game, plies: usize, every: usize) {
    wander_with(game, plies, &|left| {
        (plies - left + 1).is_multiple_of(every)
    });
}

/// From `rows` (white to move), wanders `plies` plies with a man move every 21st ply: the
/// endgame count `rule` runs through the man moves while the kings rule keeps being reset and
/// `other` (the count for other material) stays at zero; the game is drawn by `rule` at exactly
/// `limit` plies.
#[track_caller]
fn assert_endgame_count(rows: &str, rule: &str, other: &str, plies: usize, limit: u32) {
    let mut game = Game::from_position(rules(RUSSIAN), board(Color::White, rows));
    wander_moving_men(&mut game, plies, 21);
    assert_eq!(counter(&game, rule), plies as u32);
    assert_eq!(counter(&game, "15-move kings rule"), 0);
    assert_eq!(counter(&game, other), 0);
    assert_draw_after_quiet_plies(&mut game, rule, limit);
}

#[test]
fn russian_30_move_rule_draws_with_four_or_five_pieces_and_kings_on_both_sides() {
    assert_endgame_count(
        "
        . . . . . B . .
        . . . . . . . .
        . . . . . . . b
        . . . . . . . .
        . . . . . . . .
        w . . . . . . .
        . . . . . . . .
        . . W . . . . .
    ",
        "30-move endgame rule",
        "60-move endgame rule",
        42,
        60,
    );
}

#[test]
fn russian_60_move_rule_draws_with_six_or_seven_pieces_and_kings_on_both_sides() {
    assert_endgame_count(
        "
        . . . . . B . .
        . . . . . . . .
        . . . . . b . b
        . . . . . . . .
        . . . . . . . .
        w . w . . . . .
        . . . . . . . .
        . . . . W . . .
    ",
        "60-move endgame rule",
        "30-move endgame rule",
        105,
        120,
    );
}

#[test]
fn russian_endgame_counts_need_kings_on_both_sides_and_reset_on_a_promotion() {
    const RULE: &str = "30-move endgame rule";
    // Black has no king: the count does not run.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        b . . . . . . .
        . . . . . . . b
        . . . . . . . .
        . . . . . . . .
        . . w . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    let mut game = Game::from_position(rules(RUSSIAN), pos);
    play(&mut game, "a1-b2");
    play(&mut game, "h6-g5");
    play(&mut game, "b2-a1");
    assert_eq!(counter(&game, RULE), 0, "black has no king");
    // Kings on both sides: the count runs, a man move does not reset it, a crowning does.
    let pos = board(
        Color::Black,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . B
        . . . . w . . .
        . . . . . . . b
        W . . . . . . .
    ",
    );
    let mut game = Game::from_position(rules(RUSSIAN), pos);
    play(&mut game, "h4-g5");
    play(&mut game, "e3-d4");
    assert_eq!(counter(&game, RULE), 2);
    play(&mut game, "h2-g1");
    assert_eq!(counter(&game, RULE), 0, "reset by black's crowning");
}

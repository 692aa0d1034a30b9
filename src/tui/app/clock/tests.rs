//! The clocks, driven by made-up moments: no test waits for the wall clock.

use crate::tui::app::{Action, AiSettings, App, Effect, Options, Overlay, Purpose};
use crate::tui::test_support::*;
use checkers::clock::TimeControl;
use checkers::rules::builtin::RUSSIAN;
use checkers::{Color, OutcomeReason, Ruleset};
use std::time::{Duration, Instant};

fn clocked(control: &str, ai: AiSettings) -> App {
    let opts = Options {
        clock: Some(TimeControl::parse(control).expect("a control")),
        ai,
        ..options(Ruleset::builtin(RUSSIAN).expect("built-in"))
    };
    App::new(opts, (80, 24))
}

/// Each side's first move, made before the clocks start.
fn open(a: &mut App) {
    type_move(a, "a3-b4");
    type_move(a, "h6-g5");
    assert_eq!(a.game.moves().len(), 2);
}

fn shown(a: &App, c: Color) -> Duration {
    a.clocks.as_ref().expect("clocks").shown(&a.game, c)
}

const S: fn(u64) -> Duration = Duration::from_secs;

#[test]
fn the_player_to_move_spends_time_and_earns_the_increment() {
    let mut a = clocked("1+2", AiSettings::default());
    let t0 = Instant::now();
    // Each clock starts with the base and the first move's increment, and
    // runs from each side's second move.
    assert_eq!(shown(&a, Color::White), S(62));
    a.update(Action::Tick(t0));
    a.update(Action::Tick(t0 + S(300)));
    assert!(!a.clock_running());
    open(&mut a);
    assert_eq!(
        shown(&a, Color::White),
        S(62),
        "the first moves took nothing"
    );
    assert_eq!(shown(&a, Color::Black), S(62));
    let t0 = t0 + S(300);
    a.update(Action::Tick(t0));
    a.update(Action::Tick(t0 + S(10)));
    assert_eq!(shown(&a, Color::White), S(52));
    assert_eq!(shown(&a, Color::Black), S(62));
    type_move(&mut a, "c3-d4");
    // 52 left, and 2 more for the move; now Black's clock runs.
    assert_eq!(shown(&a, Color::White), S(54));
    a.update(Action::Tick(t0 + S(15)));
    assert_eq!(shown(&a, Color::Black), S(57));
    assert_eq!(shown(&a, Color::White), S(54));
}

#[test]
fn a_flag_fall_ends_the_game_as_a_loss() {
    let mut a = clocked("0+1", AiSettings::default());
    open(&mut a);
    let t0 = Instant::now();
    a.update(Action::Tick(t0));
    a.update(Action::Tick(t0 + Duration::from_millis(999)));
    assert!(a.game.outcome().is_none());
    a.update(Action::Tick(t0 + S(1)));
    let o = a.game.outcome().expect("White's flag fell");
    assert_eq!(o.winner, Some(Color::Black));
    assert_eq!(o.reason, OutcomeReason::Time);
    assert_eq!(a.overlay, Some(Overlay::GameOver));
    assert!(screen(&a).contains("White ran out of time"));
    // The record says who won.
    assert!(a.game_text().contains("[Result \"0-1\"]"));
    // u takes the loss back, and says so rather than that nothing was taken back.
    ch(&mut a, 'u');
    assert!(a.game.outcome().is_none());
    assert_eq!(status_text(&a), "the game's end is taken back: play on");
}

/// A game lost on time opens again as it ended: the record's `Termination`
/// tag gives the reason the moves cannot show, and the flagged clock reads zero
/// rather than what the loser's last move left.
#[test]
fn a_game_lost_on_time_opens_again_lost_on_time_with_the_flag_down() {
    let mut a = clocked("0+1", AiSettings::default());
    open(&mut a);
    let t0 = Instant::now();
    a.update(Action::Tick(t0));
    a.update(Action::Tick(t0 + S(1)));
    let text = a.game_text();
    assert!(text.contains("[Termination \"time forfeit\"]"), "{text}");
    let (read, game, _) = crate::games::read_game(&text, None).expect("reads");
    let o = game.outcome().expect("over as recorded");
    assert_eq!(
        (o.winner, o.reason),
        (Some(Color::Black), OutcomeReason::Time)
    );
    let tags = crate::games::tags_of(&read, &game);
    let opts = Options {
        resume: Some(game),
        tags: Some(tags),
        review: true,
        ..options(Ruleset::builtin(RUSSIAN).expect("built-in"))
    };
    let mut b = App::new(opts, (80, 24));
    assert_eq!(shown(&b, Color::White), Duration::ZERO);
    assert_eq!(shown(&b, Color::Black), S(1));
    assert!(
        screen(&b).contains("White ran out of time"),
        "{}",
        screen(&b)
    );
    assert!(!screen(&b).contains("Record:"), "{}", screen(&b));
    assert_eq!(b.game_text(), text, "written again as it was read");
    // Stepped back over the end and forward to it again, the end is there again.
    b.update(Action::Left);
    assert_eq!(b.game.moves().len(), 1);
    assert!(b.game.outcome().is_none());
    b.update(Action::Right);
    assert!(
        screen(&b).contains("White ran out of time"),
        "{}",
        screen(&b)
    );
    assert_eq!(shown(&b, Color::White), Duration::ZERO);
    // :load reads it the same way.
    let mut c = clocked("0+1", AiSettings::default());
    c.loaded("lost.pdn", Ok(text.clone()));
    assert!(
        screen(&c).contains("White ran out of time"),
        "{}",
        screen(&c)
    );
    c.update(Action::Left);
    c.update(Action::Right);
    assert!(
        screen(&c).contains("White ran out of time"),
        "{}",
        screen(&c)
    );
}

#[test]
fn a_flag_fall_leaves_no_older_word_in_the_status_line() {
    let mut a = clocked("0+1", AiSettings::default());
    open(&mut a);
    let t0 = Instant::now();
    a.update(Action::Tick(t0));
    ch(&mut a, 'p');
    ch(&mut a, 'p');
    assert!(
        !status_text(&a).is_empty(),
        "resuming says the clocks run again"
    );
    a.update(Action::Tick(t0 + S(2)));
    assert!(a.game.outcome().is_some());
    assert_eq!(status_text(&a), "");
}

#[test]
fn pause_stops_the_clock_and_the_ai() {
    let ai = AiSettings {
        white: true,
        ..AiSettings::default()
    };
    let mut a = clocked("1+0", AiSettings::default());
    open(&mut a);
    a.ai = ai;
    let t0 = Instant::now();
    a.update(Action::Tick(t0));
    assert!(a.thinking.is_some(), "the AI thinks as White");
    ch(&mut a, 'p');
    assert!(a.paused);
    assert!(a.thinking.is_none(), "the AI's search is stopped");
    assert!(a.effects.iter().any(|e| matches!(e, Effect::Stop)));
    a.update(Action::Tick(t0 + S(30)));
    assert_eq!(
        shown(&a, Color::White),
        S(60),
        "no time passes while paused"
    );
    assert!(screen(&a).contains("paused (p)"));
    ch(&mut a, 'p');
    assert!(!a.paused);
    assert!(screen(&a).contains("the clocks run again"));
    assert_eq!(a.thinking.as_ref().map(|t| t.purpose), Some(Purpose::Move));
    a.update(Action::Tick(t0 + S(31)));
    assert_eq!(shown(&a, Color::White), S(59));
}

/// Paused, nothing is played: a move then would stand off the clock and
/// still earn the increment (both players could play a whole game so).
#[test]
fn no_move_is_played_while_paused() {
    let mut a = clocked("1+10", AiSettings::default());
    open(&mut a);
    let t0 = Instant::now();
    a.update(Action::Tick(t0));
    let before = shown(&a, Color::White);
    ch(&mut a, 'p');
    command(&mut a, "c3-d4");
    assert_eq!(a.game.moves().len(), 2, "a typed move was played");
    assert!(status_line(&a).contains("paused"), "{}", status_line(&a));
    // Nor by the keys: the cursor's piece is not even touched.
    key(&mut a, crossterm::event::KeyCode::Enter);
    assert!(a.selection.is_none());
    assert_eq!(a.game.moves().len(), 2, "{}", status_line(&a));
    assert_eq!(shown(&a, Color::White), before);
    ch(&mut a, 'p');
    command(&mut a, "c3-d4");
    assert_eq!(a.game.moves().len(), 3);
    assert_eq!(
        shown(&a, Color::White),
        before + S(10),
        "the increment, once"
    );
}

#[test]
fn the_ai_keeps_to_its_share_of_the_clock() {
    let ai = AiSettings {
        white: true,
        level: 10,
        think_time: S(30),
        ..AiSettings::default()
    };
    let a = clocked("1+0", ai);
    let limits = a
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::Search(r) => Some(r.limits),
            _ => None,
        })
        .expect("a search for White's move");
    // It plans on a thirtieth of the minute, not level 10's thirty seconds,
    // and may take up to three of those, but no more than a fifth of its clock.
    assert_eq!(limits.target, Some(S(2)));
    assert_eq!(limits.movetime, Some(S(6)));
}

#[test]
fn undo_gives_the_move_its_time_back_and_redo_replays_the_clock() {
    let mut a = clocked("1+0", AiSettings::default());
    open(&mut a);
    let t0 = Instant::now();
    a.update(Action::Tick(t0));
    a.update(Action::Tick(t0 + S(20)));
    type_move(&mut a, "c3-d4");
    a.update(Action::Tick(t0 + S(25)));
    assert_eq!(shown(&a, Color::Black), S(55));
    ch(&mut a, 'u');
    assert_eq!(
        shown(&a, Color::White),
        S(60),
        "White's move is to be made again"
    );
    ch(&mut a, 'r');
    assert_eq!(shown(&a, Color::White), S(40));
    assert_eq!(shown(&a, Color::Black), S(60));
}

#[test]
fn the_clocks_are_saved_with_the_game_and_read_back() {
    let mut a = clocked("5+3", AiSettings::default());
    open(&mut a);
    let t0 = Instant::now();
    a.update(Action::Tick(t0));
    a.update(Action::Tick(t0 + S(7)));
    type_move(&mut a, "c3-d4");
    a.update(Action::Tick(t0 + S(19)));
    type_move(&mut a, "f6-e5");
    let text = a.game_text();
    assert!(text.contains("[TimeControl \"300+3\"]"), "{text}");
    // The first moves, made before the clocks start, took nothing.
    assert!(
        text.replace('\n', " ").contains(
            "1. a3-b4 {[%clk 0:05:03]} h6-g5 {[%clk 0:05:03]} 2. c3-d4 {[%clk 0:04:59]} f6-e5 {[%clk 0:04:54]}"
        ),
        "{text}"
    );
    // Read back as `--resume` and `:load` read it.
    let (read, game, _) = crate::games::read_game(&text, None).expect("reads");
    let tags = crate::games::tags_of(&read, &game);
    let opts = Options {
        resume: Some(game),
        tags: Some(tags),
        ..options(Ruleset::builtin(RUSSIAN).expect("built-in"))
    };
    let b = App::new(opts, (80, 24));
    let clocks = b.clocks.as_ref().expect("the record's clocks");
    assert_eq!(clocks.control.to_string(), "5+3");
    assert_eq!(clocks.shown(&b.game, Color::White), S(299));
    assert_eq!(clocks.shown(&b.game, Color::Black), S(294));
}

#[test]
fn going_on_in_a_game_without_clocks_says_nothing_of_clocks() {
    let mut a = app(checkers::rules::builtin::ENGLISH, None);
    ch(&mut a, 'p');
    assert!(a.paused);
    ch(&mut a, 'p');
    let shown = screen(&a);
    assert!(shown.contains("going on"), "{shown}");
    assert!(!shown.contains("clocks"), "{shown}");
}

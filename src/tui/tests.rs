//! Tests of the terminal front end: rendered screens and the update function.
//!
//! Screens are rendered through ratatui's `TestBackend` with ASCII glyphs and no
//! colour, so each snapshot under `snapshots/` reads as plain text; one test turns
//! colour on and checks cell styles instead. The update tests press synthetic
//! crossterm keys and clicks through [`keymap::action`] and [`App::update`], the
//! same path the event loop takes.

use super::app::{AiSettings, App, Mode, Options, Overlay};
use super::keymap;
use super::layout::{self, Layout};
use super::theme::Theme;
use checkers::rules::builtin::{BRAZILIAN, DAMMEN64, ENGLISH, RUSSIAN};
use checkers::{fen, Color, OutcomeReason, Piece, Ruleset, Square};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::Terminal;

// ---------------------------------------------------------------------------
// Helpers

/// Options for a test app: `rules`, the readable ASCII colourless theme, hot-seat,
/// nothing loaded; tests change what they need with `..options(rules)`.
fn options(rules: Ruleset) -> Options {
    Options {
        rules,
        start: None,
        theme: Theme::new(true, false),
        no_touch_move: false,
        fixed_bottom: None,
        start_screen: false,
        ai: AiSettings::default(),
        board_numbers: None,
        resume: None,
        review: false,
        unfinished: None,
    }
}

/// An app for `variant`, from `fen_text` or the start position, with the
/// readable ASCII, colourless theme.
fn app_with(variant: &str, fen_text: Option<&str>, size: (u16, u16)) -> App {
    let opts = Options {
        start: fen_text.map(|f| fen::parse(f).expect("test FEN")),
        ..options(Ruleset::builtin(variant).expect("built-in variant"))
    };
    App::new(opts, size)
}

fn app(variant: &str, fen_text: Option<&str>) -> App {
    app_with(variant, fen_text, (80, 24))
}

fn terminal(app: &App) -> Terminal<TestBackend> {
    let (w, h) = app.size;
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    terminal
        .draw(|f| f.render_widget(app, f.area()))
        .expect("draw");
    terminal
}

/// The screen as TestBackend prints it: one quoted line per row.
fn screen(app: &App) -> String {
    terminal(app).backend().to_string()
}

/// The drawn cells, with their styles.
fn render(app: &App) -> Buffer {
    terminal(app).backend().buffer().clone()
}

/// The status line (second row from the bottom), trimmed.
fn status_line(app: &App) -> String {
    let (w, h) = app.size;
    let buf = render(app);
    (0..w)
        .map(|x| buf[(x, h - 2)].symbol())
        .collect::<String>()
        .trim()
        .to_string()
}

fn send(app: &mut App, event: Event) {
    if let Some(action) = keymap::action(app.mode(), &event) {
        app.update(action);
    }
}

fn key(app: &mut App, code: KeyCode) {
    send(app, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn ch(app: &mut App, c: char) {
    key(app, KeyCode::Char(c));
}

/// Types `:text` and Enter, as a player does.
fn command(app: &mut App, text: &str) {
    ch(app, ':');
    assert_eq!(app.mode(), Mode::Command);
    for c in text.chars() {
        ch(app, c);
    }
    key(app, KeyCode::Enter);
}

fn sq(name: &str) -> Square {
    checkers::square::parse_square(name).expect("square name")
}

/// The terminal cell in the middle of `square` on the current screen.
fn cell_of(app: &App, square: Square) -> (u16, u16) {
    let l = layout::compute(app.size.0, app.size.1);
    let (c, r) = Layout::screen_of(square.file(), square.rank(), app.bottom());
    let rect = l.square_rect(c, r);
    (rect.x + rect.width / 2, rect.y + rect.height / 2)
}

fn click(app: &mut App, square: Square) {
    let (column, row) = cell_of(app, square);
    send(
        app,
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        }),
    );
}

/// Moves the cursor to `square` with the arrow keys and presses Enter.
fn walk_and_enter(app: &mut App, square: Square) {
    // Arrows move on the screen; Layout::screen_of says where a square is on it.
    let bottom = app.bottom();
    let target = Layout::screen_of(square.file(), square.rank(), bottom);
    for _ in 0..16 {
        let now = Layout::screen_of(app.cursor.0, app.cursor.1, bottom);
        if now == target {
            break;
        }
        let code = if now.0 < target.0 {
            KeyCode::Right
        } else if now.0 > target.0 {
            KeyCode::Left
        } else if now.1 < target.1 {
            KeyCode::Down
        } else {
            KeyCode::Up
        };
        key(app, code);
    }
    assert_eq!((app.cursor.0, app.cursor.1), (square.file(), square.rank()));
    key(app, KeyCode::Enter);
}

fn moves_played(app: &App) -> Vec<String> {
    app.game.moves().map(|m| app.write(m)).collect()
}

fn status_text(app: &App) -> String {
    app.status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default()
}

fn assert_refused(app: &App, reason: &str) {
    let s = app.status.as_ref().expect("a status message");
    assert!(s.error, "expected an error, got info {:?}", s.text);
    assert!(
        s.text.contains(reason),
        "status {:?} does not give the reason {reason:?}",
        s.text
    );
}

// Positions (PDN FEN), each checked against `checkers moves` when written.

/// English, Black to move: 14 must capture 14x23; 5 and 6 could otherwise move.
const ENGLISH_MANDATORY: &str = "B:W18,30,31:B14,5,6";
/// English, Black to move: 14x23 then on to 30 or 32.
const ENGLISH_FORK: &str = "B:W18,26,27:B14,1";
/// Brazilian, White to move: only c3xe5xc7xa5 (3) is legal; c3xe1 (1) is not.
const BRAZILIAN_MOST: &str = "W:Wc3,h2:Bd2,d4,d6,b6,h8";
/// Black to move: 7x16x23x30 takes three, 14x23 only one; in dammen64 only the
/// first is legal, in english both are.
const TAKE_THREE_OR_ONE: &str = "B:W18,26,19,10,11:B14,1,7";
/// English, Black to move: 14x23 takes White's last piece.
const ENGLISH_LAST_CAPTURE: &str = "B:W18:B14";

// ---------------------------------------------------------------------------
// Snapshots of rendered screens (80×24, ASCII, no colour)

#[test]
fn snapshot_start_position_of_each_variant() {
    for id in Ruleset::builtin_ids() {
        let a = app(id, None);
        insta::assert_snapshot!(format!("start_{id}"), screen(&a));
    }
}

#[test]
fn snapshot_start_screen() {
    let opts = Options {
        start_screen: true,
        ..options(Ruleset::builtin(ENGLISH).unwrap())
    };
    let a = App::new(opts, (80, 24));
    assert_eq!(a.mode(), Mode::Start);
    let text = screen(&a);
    assert!(text.contains("Enter: play   q: quit"), "{text}");
    insta::assert_snapshot!("start_screen", text);
}

#[test]
fn snapshot_mandatory_capture() {
    let a = app(ENGLISH, Some(ENGLISH_MANDATORY));
    let s = status_line(&a);
    assert!(s.contains("a capture is mandatory"), "{s}");
    insta::assert_snapshot!("mandatory_capture", screen(&a));
}

#[test]
fn snapshot_maximal_capture_brazilian() {
    let a = app(BRAZILIAN, Some(BRAZILIAN_MOST));
    let s = status_line(&a);
    assert!(s.contains("* take the most: 3"), "{s}");
    insta::assert_snapshot!("maximal_capture_brazilian", screen(&a));
}

#[test]
fn snapshot_maximal_capture_dammen64() {
    let a = app(DAMMEN64, Some(TAKE_THREE_OR_ONE));
    let s = status_line(&a);
    assert!(s.contains("* take the most: 3"), "{s}");
    insta::assert_snapshot!("maximal_capture_dammen64", screen(&a));
}

/// Where any capture may be chosen, the longest is still pointed out.
#[test]
fn snapshot_longest_capture_english() {
    let a = app(ENGLISH, Some(TAKE_THREE_OR_ONE));
    let s = status_line(&a);
    assert!(
        s.contains("a capture is mandatory · * longest takes 3"),
        "{s}"
    );
    insta::assert_snapshot!("longest_capture_english", screen(&a));
}

#[test]
fn snapshot_multi_capture_half_done() {
    let mut a = app(ENGLISH, Some(ENGLISH_FORK));
    click(&mut a, sq("14"));
    click(&mut a, sq("23"));
    let sel = a.selection.clone().expect("still selecting");
    assert_eq!(sel.landings, vec![sq("23")]);
    insta::assert_snapshot!("multi_capture_half_done", screen(&a));
}

#[test]
fn snapshot_refused_move_with_reason() {
    let mut a = app(ENGLISH, Some(ENGLISH_MANDATORY));
    click(&mut a, sq("5"));
    assert_refused(&a, "a capture is mandatory");
    insta::assert_snapshot!("refused_move", screen(&a));
}

#[test]
fn snapshot_game_over_dialog() {
    let mut a = app(ENGLISH, Some(ENGLISH_LAST_CAPTURE));
    command(&mut a, "14x23");
    assert_eq!(a.overlay, Some(Overlay::GameOver));
    insta::assert_snapshot!("game_over", screen(&a));
}

#[test]
fn snapshot_help_overlay() {
    let mut a = app(ENGLISH, None);
    ch(&mut a, '?');
    assert_eq!(a.mode(), Mode::Help);
    insta::assert_snapshot!("help", screen(&a));
}

#[test]
fn snapshot_too_small_terminal() {
    let a = app_with(ENGLISH, None, (60, 20));
    let text = screen(&a);
    assert!(text.contains("enlarge the terminal to 80×24"), "{text}");
    insta::assert_snapshot!("too_small", text);
}

#[test]
fn snapshot_large_terminal_grows_the_board() {
    let a = app_with(ENGLISH, None, (200, 60));
    let big = layout::compute(200, 60);
    let small = layout::compute(80, 24);
    assert!(big.square_w > small.square_w && big.square_h > small.square_h);
    insta::assert_snapshot!("large_200x60", screen(&a));
}

#[test]
fn snapshot_command_line_and_quit_dialog() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    ch(&mut a, ':');
    for c in "22-1".chars() {
        ch(&mut a, c);
    }
    insta::assert_snapshot!("command_line", screen(&a));
    key(&mut a, KeyCode::Esc);
    ch(&mut a, 'q');
    insta::assert_snapshot!("confirm_quit", screen(&a));
}

/// The background of `square`, read at a corner cell away from the piece and cursor.
fn square_bg(app: &App, square: Square) -> ratatui::style::Color {
    let l = layout::compute(app.size.0, app.size.1);
    let (c, r) = Layout::screen_of(square.file(), square.rank(), app.bottom());
    let rect = l.square_rect(c, r);
    render(app)[(rect.x + rect.width - 1, rect.y + rect.height - 1)].bg
}

/// With colour on, what a glyph says is also said by the background.
#[test]
fn colours_mark_captures_selection_and_targets() {
    let coloured = |variant: &str, fen_text: &str| {
        let opts = Options {
            start: Some(fen::parse(fen_text).unwrap()),
            theme: Theme::new(false, true),
            ..options(Ruleset::builtin(variant).unwrap())
        };
        App::new(opts, (80, 24))
    };
    let mut a = coloured(ENGLISH, ENGLISH_MANDATORY);
    let must = square_bg(&a, sq("14"));
    let plain_dark = square_bg(&a, sq("15"));
    assert_ne!(plain_dark, ratatui::style::Color::Reset);
    assert_ne!(must, plain_dark, "a must-capture square stands out");
    assert_eq!(square_bg(&a, sq("5")), plain_dark, "a man that cannot move");
    assert!(Square::from_coords(0, 7).is_none());
    // a8 is a light square; its corner cell is its own colour.
    let l = layout::compute(80, 24);
    let (c, r) = Layout::screen_of(0, 7, a.bottom());
    let a8 = l.square_rect(c, r);
    let light = render(&a)[(a8.x, a8.y)].bg;
    assert_ne!(light, plain_dark);
    assert_ne!(light, must);

    // The longest capture is told apart from the other forced ones.
    let b = coloured(ENGLISH, TAKE_THREE_OR_ONE);
    let most = square_bg(&b, sq("7"));
    assert_eq!(square_bg(&b, sq("14")), must);
    assert_ne!(most, must);
    assert_ne!(most, plain_dark);

    // Selected piece, landing targets, then a chosen landing.
    click(&mut a, sq("14"));
    let selected = square_bg(&a, sq("14"));
    let target = square_bg(&a, sq("23"));
    for other in [must, plain_dark, most] {
        assert_ne!(selected, other);
        assert_ne!(target, other);
    }
    assert_ne!(target, selected);
    let mut f = coloured(ENGLISH, ENGLISH_FORK);
    click(&mut f, sq("14"));
    click(&mut f, sq("23"));
    let path = square_bg(&f, sq("23"));
    assert_ne!(path, target);
    assert_ne!(path, plain_dark);
    assert_eq!(square_bg(&f, sq("30")), target);

    // A refusal is drawn in another colour than a hint.
    let hint = render(&f)[(2, 22)].fg;
    click(&mut a, sq("5"));
    assert_refused(&a, "a capture is mandatory");
    let refusal = render(&a)[(2, 22)].fg;
    assert_ne!(refusal, ratatui::style::Color::Reset);
    assert_ne!(refusal, hint);
}

/// Without colour every cell keeps the terminal's own colours.
#[test]
fn no_colour_means_no_colour() {
    let mut a = app(ENGLISH, Some(ENGLISH_MANDATORY));
    click(&mut a, sq("14"));
    for cell in render(&a).content() {
        assert_eq!(cell.fg, ratatui::style::Color::Reset);
        assert_eq!(cell.bg, ratatui::style::Color::Reset);
    }
}

// ---------------------------------------------------------------------------
// The update function, driven by synthetic keys

#[test]
fn select_and_move_with_arrows_and_enter() {
    let mut a = app(ENGLISH, None);
    walk_and_enter(&mut a, sq("11"));
    assert_eq!(a.selection.as_ref().map(|s| s.from), Some(sq("11")));
    walk_and_enter(&mut a, sq("15"));
    assert_eq!(moves_played(&a), ["11-15"]);
    assert!(a.selection.is_none());
    // White to move now, and the board turned to White.
    assert_eq!(a.bottom(), Color::White);
    walk_and_enter(&mut a, sq("22"));
    walk_and_enter(&mut a, sq("18"));
    assert_eq!(moves_played(&a), ["11-15", "22-18"]);
}

#[test]
fn hjkl_move_the_cursor_like_arrows() {
    let mut a = app(ENGLISH, None);
    a.cursor = (3, 3);
    // Black is at the bottom: up on the screen is down the board.
    ch(&mut a, 'k');
    assert_eq!(a.cursor, (3, 2));
    ch(&mut a, 'j');
    assert_eq!(a.cursor, (3, 3));
    ch(&mut a, 'h');
    assert_eq!(a.cursor, (4, 3));
    ch(&mut a, 'l');
    assert_eq!(a.cursor, (3, 3));
    key(&mut a, KeyCode::Up);
    assert_eq!(a.cursor, (3, 2));
    // Flipped, White is at the bottom and up is up the board.
    ch(&mut a, 'f');
    assert_eq!(a.bottom(), Color::White);
    ch(&mut a, 'k');
    assert_eq!(a.cursor, (3, 3));
    // The cursor stops at the edge.
    for _ in 0..10 {
        ch(&mut a, 'l');
    }
    assert_eq!(a.cursor, (7, 3));
}

#[test]
fn multi_capture_by_stepping_through_landing_squares() {
    let mut a = app(ENGLISH, Some(ENGLISH_FORK));
    walk_and_enter(&mut a, sq("14"));
    walk_and_enter(&mut a, sq("23"));
    assert!(a.game.moves().len() == 0);
    assert_eq!(a.selection.as_ref().unwrap().landings, vec![sq("23")]);
    assert!(status_text(&a).contains("choose the next landing square"));
    let targets: Vec<Square> = a.candidates().iter().map(|m| m.to()).collect();
    assert!(targets.contains(&sq("30")) && targets.contains(&sq("32")));
    walk_and_enter(&mut a, sq("32"));
    assert_eq!(moves_played(&a), ["14x23x32"]);
}

#[test]
fn a_capture_by_clicking_only_its_last_square() {
    let mut a = app(ENGLISH, Some(ENGLISH_FORK));
    click(&mut a, sq("14"));
    click(&mut a, sq("30"));
    assert_eq!(moves_played(&a), ["14x23x30"]);
}

#[test]
fn mouse_clicks_map_through_the_layout_from_both_sides() {
    for size in [(80, 24), (120, 40), (200, 60)] {
        let mut a = app_with(ENGLISH, None, size);
        click(&mut a, sq("9"));
        click(&mut a, sq("13"));
        assert_eq!(a.bottom(), Color::White);
        click(&mut a, sq("22"));
        click(&mut a, sq("17"));
        assert_eq!(moves_played(&a), ["9-13", "22-17"], "at {size:?}");
    }
    // Flipped by hand: clicks still land on the square drawn there.
    let mut a = app(ENGLISH, None);
    ch(&mut a, 'f');
    assert_eq!(a.bottom(), Color::White);
    click(&mut a, sq("12"));
    click(&mut a, sq("16"));
    assert_eq!(moves_played(&a), ["12-16"]);
    // A click off the board does nothing.
    let before = a.cursor;
    send(
        &mut a,
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: 79,
            row: 23,
            modifiers: KeyModifiers::NONE,
        }),
    );
    assert_eq!(a.cursor, before);
}

#[test]
fn typed_moves_and_their_errors() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    command(&mut a, "23-19");
    assert_eq!(moves_played(&a), ["11-15", "23-19"]);
    assert_eq!(a.mode(), Mode::Board);
    command(&mut a, "15-11");
    assert_refused(&a, "is illegal");
    command(&mut a, "hello");
    assert_refused(&a, "is not a move");
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
fn esc_cancels_a_selection_in_english() {
    let mut a = app(ENGLISH, None);
    click(&mut a, sq("11"));
    assert!(a.selection.is_some());
    key(&mut a, KeyCode::Esc);
    assert!(a.selection.is_none());
    // Choosing another piece switches; clicking the piece again puts it back.
    click(&mut a, sq("11"));
    click(&mut a, sq("10"));
    assert_eq!(a.selection.as_ref().map(|s| s.from), Some(sq("10")));
    click(&mut a, sq("10"));
    assert!(a.selection.is_none());
}

#[test]
fn touch_move_in_russian_refuses_esc_and_switching() {
    let mut a = app(RUSSIAN, None);
    assert!(a.touch_move());
    click(&mut a, sq("c3"));
    key(&mut a, KeyCode::Esc);
    assert_refused(&a, "touch-move: you must move the piece you selected");
    assert_eq!(a.selection.as_ref().map(|s| s.from), Some(sq("c3")));
    click(&mut a, sq("e3"));
    assert_refused(&a, "touch-move: you must move the piece you selected");
    assert_eq!(a.selection.as_ref().map(|s| s.from), Some(sq("c3")));
    click(&mut a, sq("c3"));
    assert_refused(&a, "touch-move: you must move the piece you selected");
    command(&mut a, "e3-f4");
    assert_refused(&a, "touch-move: you must move the piece you selected");
    assert_eq!(a.game.moves().len(), 0);
    command(&mut a, "c3-d4");
    assert_eq!(moves_played(&a), ["c3-d4"]);
    // The panel says the rule is in force.
    assert!(screen(&a).contains("touch-move in force"));
}

#[test]
fn no_touch_move_lets_a_russian_player_change_their_mind() {
    let mut a = App::new(
        Options {
            no_touch_move: true,
            ..options(Ruleset::builtin(RUSSIAN).unwrap())
        },
        (80, 24),
    );
    assert!(!a.touch_move());
    click(&mut a, sq("c3"));
    key(&mut a, KeyCode::Esc);
    assert!(a.selection.is_none());
    assert!(a.status.is_none());
    click(&mut a, sq("c3"));
    click(&mut a, sq("e3"));
    assert_eq!(a.selection.as_ref().map(|s| s.from), Some(sq("e3")));
    assert!(!screen(&a).contains("touch-move in force"));
}

#[test]
fn touch_move_in_brazilian_after_a_landing_esc_only_resets_the_path() {
    let mut a = app(ENGLISH, Some(ENGLISH_FORK));
    click(&mut a, sq("14"));
    click(&mut a, sq("23"));
    key(&mut a, KeyCode::Esc);
    assert!(
        a.selection.is_none(),
        "english: Esc drops the whole selection"
    );

    // Brazilian: a man takes two, landing first on e5, then c7 or g7.
    let mut b = app(BRAZILIAN, Some("W:Wc3:Bd4,d6,f6"));
    assert!(b.touch_move());
    click(&mut b, sq("c3"));
    click(&mut b, sq("e5"));
    assert_eq!(b.selection.as_ref().unwrap().landings, vec![sq("e5")]);
    key(&mut b, KeyCode::Esc);
    let sel = b.selection.clone().expect("the piece stays selected");
    assert_eq!(sel.from, sq("c3"));
    assert!(sel.landings.is_empty());
}

#[test]
fn every_refusal_says_why() {
    // A capture is mandatory: another man chosen.
    let mut a = app(ENGLISH, Some(ENGLISH_MANDATORY));
    click(&mut a, sq("5"));
    assert_refused(&a, "a capture is mandatory");
    assert!(status_line(&a).contains("a capture is mandatory"));
    // … and typed.
    command(&mut a, "6-10");
    assert_refused(&a, "a capture is mandatory");

    // The most pieces: a shorter capture than the longest.
    let mut a = app(BRAZILIAN, Some(BRAZILIAN_MOST));
    click(&mut a, sq("c3"));
    click(&mut a, sq("e1"));
    assert_refused(&a, "you must take the most pieces: 3");
    assert!(status_line(&a).contains("you must take the most pieces: 3"));
    let mut a = app(BRAZILIAN, Some(BRAZILIAN_MOST));
    command(&mut a, "c3xe1");
    assert_refused(&a, "you must take the most pieces: 3");

    // The most pieces: a man whose only capture is shorter than the longest.
    let mut a = app(DAMMEN64, Some(TAKE_THREE_OR_ONE));
    click(&mut a, sq("14"));
    assert_refused(&a, "you must take the most pieces: 3");
    command(&mut a, "14x23");
    assert_refused(&a, "you must take the most pieces: 3");
    // A man that cannot capture at all is told a capture is mandatory.
    click(&mut a, sq("1"));
    assert_refused(&a, "a capture is mandatory");

    // Men do not move backwards.
    let mut a = app(ENGLISH, Some("B:W30:B14"));
    click(&mut a, sq("14"));
    click(&mut a, sq("10"));
    assert_refused(&a, "men do not move backwards");
    assert!(status_line(&a).contains("men do not move backwards"));
    command(&mut a, "14-9");
    assert_refused(&a, "men do not move backwards");

    // Not your piece.
    let mut a = app(ENGLISH, None);
    click(&mut a, sq("22"));
    assert_refused(&a, "that is not your piece");
    assert!(status_line(&a).contains("that is not your piece"));
    command(&mut a, "22-18");
    assert_refused(&a, "that is not your piece");

    // Touch-move.
    let mut a = app(RUSSIAN, None);
    click(&mut a, sq("a3"));
    click(&mut a, sq("g3"));
    assert_refused(&a, "touch-move: you must move the piece you selected");
    assert!(status_line(&a).contains("touch-move: you must move the piece you selected"));

    // Light squares, empty squares and pieces that cannot move.
    let mut a = app(ENGLISH, None);
    a.cursor = (1, 2);
    key(&mut a, KeyCode::Enter);
    assert_refused(&a, "pieces stand on the dark squares only");
    click(&mut a, sq("15"));
    assert_refused(&a, "there is no piece on 15");
    click(&mut a, sq("1"));
    assert_refused(&a, "that piece has no legal move");

    // A refusal clears at the next key.
    key(&mut a, KeyCode::Left);
    assert!(a.status.is_none());
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
    assert!(status_text(&a).contains("white declines the draw offered by black"));
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
fn new_game_by_command_and_variant() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    command(&mut a, &format!("new {RUSSIAN}"));
    assert_eq!(a.game.rules().id, RUSSIAN);
    assert_eq!(a.game.moves().len(), 0);
    assert!(a.touch_move());
    assert!(status_text(&a).contains("new game: Russian"));
    assert!(screen(&a).contains("Russian"));
    command(&mut a, "c3-d4");
    assert_eq!(moves_played(&a), ["c3-d4"]);
    command(&mut a, "new");
    assert_eq!(a.game.rules().id, RUSSIAN);
    assert_eq!(a.game.moves().len(), 0);
    command(&mut a, "new chess");
    assert_refused(&a, "unknown variant `chess`");
    assert_eq!(a.game.rules().id, RUSSIAN);
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
fn resizing_below_the_minimum_and_back() {
    let mut a = app(ENGLISH, None);
    send(&mut a, Event::Resize(79, 24));
    assert!(screen(&a).contains("enlarge the terminal to 80×24"));
    send(&mut a, Event::Resize(100, 30));
    let text = screen(&a);
    assert!(!text.contains("enlarge"));
    // Clicks use the new size.
    click(&mut a, sq("11"));
    click(&mut a, sq("15"));
    assert_eq!(moves_played(&a), ["11-15"]);
}

#[test]
fn the_move_list_numbers_full_moves_and_scrolls() {
    let mut a = app(ENGLISH, None);
    for m in [
        "11-15", "23-19", "8-11", "22-17", "9-13", "17-14", "10x17", "21x14",
    ] {
        command(&mut a, m);
        assert!(a.status.is_none(), "{m}: {:?}", a.status);
    }
    let text = screen(&a);
    assert!(text.contains("1. 11-15     23-19"), "{text}");
    assert!(text.contains("4. 10x17     21x14"), "{text}");
    // A game set up with the second player to move starts with "1. ...".
    let mut b = app(ENGLISH, Some("W:W21-32:B1-12"));
    command(&mut b, "22-18");
    assert!(screen(&b).contains("1. ...     22-18"));
}

#[test]
fn a_promoted_king_wears_a_crown() {
    let mut a = app(ENGLISH, Some("B:W5:B27"));
    command(&mut a, "27-32");
    let p = a.game.position().piece_at(sq("32"));
    assert_eq!(p, Some(Piece::King(Color::Black)));
    assert!(screen(&a).contains('^'));
}

// ---------------------------------------------------------------------------
// Playing against the AI: the update function and the requests it makes.

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

/// The id of the search the app asked for last, and what for.
fn requested(a: &mut App) -> Option<(u64, super::app::Purpose)> {
    let mut last = None;
    for e in std::mem::take(&mut a.effects) {
        if let super::app::Effect::Search(r) = e {
            last = Some((r.id, r.purpose));
        }
    }
    last
}

fn type_move(a: &mut App, text: &str) {
    a.update(Action::OpenCommand);
    for c in text.chars() {
        a.update(Action::CommandInput(c));
    }
    a.update(Action::CommandSubmit);
}

/// Does the saves and loads the app asked for through the event loop's own
/// runner and feeds back what came of them, as the event loop does. The
/// autosave is left undone: no test writes the player's data directory.
fn run_file_work(app: &mut App) {
    use super::app::{Effect, FileWork};
    while let Some(i) = app.effects.iter().position(|e| {
        matches!(
            e,
            Effect::File(FileWork::Save { .. } | FileWork::Load { .. })
        )
    }) {
        let Effect::File(work) = app.effects.remove(i) else {
            unreachable!("a file effect was found there");
        };
        if let Some(action) = super::do_file_work(work) {
            app.update(action);
        }
    }
}

use super::app::{Action, Purpose};

#[test]
fn the_ai_moves_when_it_is_its_turn_and_its_reply_is_played() {
    // English: Black moves first, so an AI playing Black starts at once.
    let mut a = vs_ai(ENGLISH, false, true);
    let (id, purpose) = requested(&mut a).expect("the AI is asked for a move");
    assert_eq!(purpose, Purpose::Move);
    let m = a.game.legal_moves()[0];
    a.update(Action::AiDone {
        id,
        best: Some(m),
        score: 0,
    });
    assert_eq!(a.game.moves().len(), 1);
    assert!(a.thinking.is_none());
    // Now the human (White) is to move and the board shows White at the bottom.
    assert_eq!(a.bottom(), Color::White);
    assert!(requested(&mut a).is_none());
}

#[test]
fn a_late_answer_for_an_old_position_is_dropped() {
    let mut a = vs_ai(RUSSIAN, false, true);
    type_move(&mut a, "c3-d4");
    let (old, _) = requested(&mut a).expect("search for Black's reply");
    // The human takes the move back while the AI thinks: the search is stopped.
    a.update(Action::Undo);
    assert!(a
        .effects
        .iter()
        .any(|e| matches!(e, super::app::Effect::Stop)));
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
    let (id, _) = requested(&mut a).unwrap();
    let reply = a.game.legal_moves()[0];
    a.update(Action::AiDone {
        id,
        best: Some(reply),
        score: 0,
    });
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
    let (id, purpose) = requested(&mut a).unwrap();
    assert_eq!(purpose, Purpose::Hint);
    let m = a.game.legal_moves()[0];
    a.update(Action::AiDone {
        id,
        best: Some(m),
        score: 0,
    });
    assert_eq!(a.hint, Some(m));
    assert!(a.status.as_ref().unwrap().text.starts_with("hint: "));

    // The human offers a draw; the AI (Black) is better by a man: declined.
    type_move(&mut a, "draw");
    let (id, purpose) = requested(&mut a).unwrap();
    assert_eq!(purpose, Purpose::DrawOffer);
    a.update(Action::AiDone {
        id,
        best: None,
        score: -100,
    });
    assert!(a.game.outcome().is_none());
    assert!(a.status.as_ref().unwrap().text.contains("declines"));
    // Level with the AI: accepted.
    type_move(&mut a, "draw");
    let (id, _) = requested(&mut a).unwrap();
    a.update(Action::AiDone {
        id,
        best: None,
        score: 0,
    });
    assert_eq!(a.game.outcome().map(|o| o.winner), Some(None));
}

#[test]
fn a_resigning_level_resigns_only_a_hopeless_position() {
    let mut a = vs_ai(ENGLISH, false, true);
    a.ai.level = 7;
    let (id, _) = requested(&mut a).unwrap();
    let m = a.game.legal_moves()[0];
    a.update(Action::AiDone {
        id,
        best: Some(m),
        score: 50,
    });
    assert!(a.game.outcome().is_none(), "a good position is played on");
    let human = a.write(&a.game.legal_moves()[0]);
    type_move(&mut a, &human);
    let (id, _) = requested(&mut a).unwrap();
    a.update(Action::AiDone {
        id,
        best: Some(a.game.legal_moves()[0]),
        score: -2000,
    });
    let o = a.game.outcome().expect("resigned");
    assert_eq!(o.winner, Some(Color::White));
    assert_eq!(o.reason, OutcomeReason::Resignation);
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
    a.update(Action::Right);
    assert_eq!(a.game.moves().len(), 3);
    assert!(a.review);
    // Playing another move from here drops the rest and ends the review.
    type_move(&mut a, "22-18");
    assert_eq!(a.game.moves().len(), 4);
    assert!(!a.review);
    a.update(Action::Left);
    assert_eq!(a.game.moves().len(), 4, "arrows move the cursor again");
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
    assert!(screen(&a).contains("r: resume the unfinished game (Russian shashki, 1 moves)"));
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

/// A draw counter near its limit is shown whole: on one line where the panel is
/// wide enough, with the count on a line of its own where it is not.
#[test]
fn a_draw_counter_near_its_limit_is_never_cut_off() {
    for (name, whole) in [("30-move endgame rule", false), ("endgame", true)] {
        let mut rules = Ruleset::builtin(RUSSIAN).unwrap();
        let rule = rules
            .no_progress
            .iter_mut()
            .find(|r| r.name == "30-move endgame rule")
            .unwrap();
        // Shortened so that two plies bring it within ten moves of its end.
        rule.moves = 11;
        rule.name = name.to_string();
        let opts = Options {
            start: Some(fen::parse("W:WKc1,a3:BKf8,h6").unwrap()),
            ..options(rules)
        };
        let mut a = App::new(opts, (80, 24));
        command(&mut a, "c1-d2");
        command(&mut a, "f8-g7");
        let text = screen(&a);
        let one_line = text.contains(&format!("{name}: 1 of 11 moves"));
        assert_eq!(one_line, whole, "{name}\n{text}");
        if !whole {
            assert!(text.contains(&format!("{name}:  ")), "{text}");
            assert!(text.contains("  1 of 11 moves"), "{text}");
        }
    }
}

//! Helpers shared by the front end's tests, which sit beside what they test.
//!
//! Screens are rendered through ratatui's `TestBackend` with ASCII glyphs and no
//! colour, so each snapshot reads as plain text. The update tests press synthetic
//! crossterm keys and clicks through [`keymap::action`] and [`App::update`], the
//! same path the event loop takes; file work goes through the event loop's own
//! runner, [`super::do_file_work`].

use super::app::{Action, AiSettings, App, Effect, FileWork, Mode, Options};
use super::i18n::Lang;
use super::theme::Theme;
use checkers::{fen, Ruleset, Square};
use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::Terminal;

/// Options for a test app: `rules`, the readable ASCII colourless theme, hot-seat,
/// nothing loaded; tests change what they need with `..options(rules)`.
pub(super) fn options(rules: Ruleset) -> Options {
    Options {
        rules,
        start: None,
        theme: Theme::new(true, false),
        lang: Lang::En,
        no_touch_move: false,
        fixed_bottom: None,
        start_screen: false,
        ai: AiSettings::default(),
        board_numbers: None,
        resume: None,
        review: false,
        unfinished: Vec::new(),
        open_elsewhere: 0,
        ruleset_text: None,
        kept_at: None,
        notes: Vec::new(),
        eval: None,
        tags: None,
        clock: None,
        analyse: None,
    }
}

/// An app for `variant`, from `fen_text` or the start position, with the
/// readable ASCII, colourless theme.
pub(super) fn app_with(variant: &str, fen_text: Option<&str>, size: (u16, u16)) -> App {
    let opts = Options {
        start: fen_text.map(|f| fen::parse(f, &checkers::BOARD_8).expect("test FEN")),
        ..options(Ruleset::builtin(variant).expect("built-in variant"))
    };
    App::new(opts, size)
}

pub(super) fn app(variant: &str, fen_text: Option<&str>) -> App {
    app_with(variant, fen_text, (80, 24))
}

pub(super) fn terminal(app: &App) -> Terminal<TestBackend> {
    let (w, h) = app.size;
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
    terminal
        .draw(|f| f.render_widget(app, f.area()))
        .expect("draw");
    terminal
}

/// The screen as TestBackend prints it: one quoted line per row.
pub(super) fn screen(app: &App) -> String {
    terminal(app).backend().to_string()
}

/// The drawn cells, with their styles.
pub(super) fn render(app: &App) -> Buffer {
    terminal(app).backend().buffer().clone()
}

/// The status line's two rows (above the command line), each trimmed, joined
/// by a space as the text was before it wrapped.
pub(super) fn status_line(app: &App) -> String {
    let (w, h) = app.size;
    let buf = render(app);
    let row = |y: u16| {
        (0..w)
            .map(|x| buf[(x, y)].symbol())
            .collect::<String>()
            .trim()
            .to_string()
    };
    let (first, second) = (row(h - 3), row(h - 2));
    if second.is_empty() {
        first
    } else {
        format!("{first} {second}")
    }
}

pub(super) fn send(app: &mut App, event: Event) {
    // As the event loop does.
    if let Some(action) = app.input_action(&event) {
        app.update(action);
    }
}

pub(super) fn key(app: &mut App, code: KeyCode) {
    send(app, Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

pub(super) fn ch(app: &mut App, c: char) {
    key(app, KeyCode::Char(c));
}

/// Types `:text` and Enter, as a player does.
pub(super) fn command(app: &mut App, text: &str) {
    ch(app, ':');
    assert_eq!(app.mode(), Mode::Command);
    for c in text.chars() {
        ch(app, c);
    }
    key(app, KeyCode::Enter);
}

pub(super) fn sq(name: &str) -> Square {
    checkers::BOARD_8.parse_square(name).expect("square name")
}

/// The square the test names `name` (on the usual face, as [`sq`] reads it) as
/// the player sees and types it on `app`'s board: another name on a turned board.
pub(super) fn shown_name(app: &App, name: &str) -> String {
    app.geometry().name(sq(name))
}

/// The cells `square` takes on the current screen, as the players see the board.
pub(super) fn square_rect(app: &App, square: Square) -> ratatui::layout::Rect {
    let (file, rank) = app.geometry().seen(square);
    app.layout().rect_of(file, rank)
}

/// The terminal cell in the middle of `square` on the current screen.
pub(super) fn cell_of(app: &App, square: Square) -> (u16, u16) {
    let rect = square_rect(app, square);
    (rect.x + rect.width / 2, rect.y + rect.height / 2)
}

pub(super) fn click(app: &mut App, square: Square) {
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

pub(super) fn moves_played(app: &App) -> Vec<String> {
    app.game.moves().map(|m| app.write(m)).collect()
}

pub(super) fn status_text(app: &App) -> String {
    app.status
        .as_ref()
        .map(|s| s.text.clone())
        .unwrap_or_default()
}

pub(super) fn assert_refused(app: &App, reason: &str) {
    let s = app.status.as_ref().expect("a status message");
    assert!(s.error, "expected an error, got info {:?}", s.text);
    assert!(
        s.text.contains(reason),
        "status {:?} does not give the reason {reason:?}",
        s.text
    );
}

/// Types `:text` and Enter through the actions themselves, without the keymap.
pub(super) fn type_move(a: &mut App, text: &str) {
    a.update(Action::OpenCommand);
    for c in text.chars() {
        a.update(Action::CommandInput(c));
    }
    a.update(Action::CommandSubmit);
}

/// Does the saves and loads the app asked for through the event loop's own
/// runner and feeds back what came of them, as the event loop does. The
/// autosave is left undone: no test writes the player's data directory.
pub(super) fn run_file_work(app: &mut App) {
    while let Some(i) = app.effects.iter().position(|e| {
        matches!(
            e,
            Effect::File(FileWork::Save { .. } | FileWork::Load { .. })
        )
    }) {
        let Effect::File(work) = app.effects.remove(i) else {
            unreachable!("a file effect was found there");
        };
        if let Some(action) = super::do_file_work(work, &mut crate::games::Keeper::default()) {
            app.update(action);
        }
    }
}

// Positions (PDN FEN), each checked against `checkers moves` when written.

/// English, Black to move: 14 must capture 14x23; 5 and 6 could otherwise move.
pub(super) const ENGLISH_MANDATORY: &str = "B:W18,30,31:B14,5,6";

/// English, Black to move: 14x23 then on to 30 or 32.
pub(super) const ENGLISH_FORK: &str = "B:W18,26,27:B14,1";

/// Brazilian, White to move: only c3xe5xc7xa5 (3) is legal; c3xe1 (1) is not.
pub(super) const BRAZILIAN_MOST: &str = "W:Wc3,h2:Bd2,d4,d6,b6,h8";

/// Black to move: 7x16x23x30 takes three, 14x23 only one; in dammen64 only the
/// first is legal, in english both are.
pub(super) const TAKE_THREE_OR_ONE: &str = "B:W18,26,19,10,11:B14,1,7";

/// English, Black to move: 14x23 takes White's last piece.
pub(super) const ENGLISH_LAST_CAPTURE: &str = "B:W18:B14";

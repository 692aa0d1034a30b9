//! Snapshots of rendered screens (80×24 unless said, ASCII, no colour), the
//! colours when they are on, and what the panel shows as the game goes.

use crate::tui::app::{App, Mode, Options, Overlay};
use crate::tui::test_support::*;
use crate::tui::theme::Theme;
use checkers::rules::builtin::{BRAZILIAN, DAMMEN64, ENGLISH, INTERNATIONAL, RUSSIAN};
use checkers::{fen, Color, Piece, Ruleset, Square};
use crossterm::event::{Event, KeyCode};

mod languages;

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
    let a = app_with(ENGLISH, None, (59, 20));
    let text = screen(&a);
    assert!(text.contains("enlarge the terminal to 60×12"), "{text}");
    insta::assert_snapshot!("too_small", text);
}

/// Below 80×24 the game still draws itself: the panel narrows and the squares
/// shrink to one row, and the key bar keeps help and quit.
#[test]
fn snapshot_compact_terminal() {
    let a = app_with(ENGLISH, None, (60, 12));
    let l = a.layout();
    assert!(!l.too_small);
    assert_eq!((l.square_w, l.square_h), (4, 1));
    let text = screen(&a);
    assert!(text.contains("English draughts"), "{text}");
    assert!(text.contains("? help"), "{text}");
    assert!(text.contains("q quit"), "{text}");
    insta::assert_snapshot!("compact_60x12", text);
}

/// A low panel leaves out the touch-move note, the piece counts and the
/// opening's name before the last moves: what changes stays in sight.
#[test]
fn a_low_panel_keeps_the_last_moves() {
    let mut a = app_with(RUSSIAN, None, (60, 12));
    for m in ["a3-b4", "h6-g5", "b2-a3", "g7-h6", "c1-b2", "f6-e5"] {
        command(&mut a, m);
        assert!(a.status.is_none(), "{m}: {:?}", a.status);
    }
    // Nine rows: the name, the opening's two, the side to move, the two
    // counts, the list's title and its last row, and the blank above it; the
    // touch-move note has no row left and goes first.
    let text = screen(&a);
    assert!(text.contains("3. c1-b2     f6-e5"), "{text}");
    assert!(text.contains("White to move"), "{text}");
    assert!(text.contains("12 men"), "{text}");
    assert!(!text.contains("touch-move in force"), "{text}");
    // With room, everything is there.
    let mut a = app_with(RUSSIAN, None, (80, 24));
    for m in ["a3-b4", "h6-g5", "b2-a3", "g7-h6", "c1-b2", "f6-e5"] {
        command(&mut a, m);
    }
    let text = screen(&a);
    assert!(
        text.contains("3. c1-b2") && text.contains("touch-move in force"),
        "{text}"
    );
    // With the AI's level and its search shown too, more goes, and the
    // move still shows.
    let mut a = app_with(RUSSIAN, None, (60, 12));
    a.ai.black = true;
    a.ai.level = 3;
    command(&mut a, "a3-b4");
    let text = screen(&a);
    assert!(text.contains("1. a3-b4"), "{text}");
    assert!(!text.contains("touch-move in force"), "{text}");
    // While it thinks, its expected line keeps its first row and gives up the
    // rest before the last move goes (at 60×12 its eight moves take three).
    let mut pos = *a.game.position();
    let mut pv = Vec::new();
    for _ in 0..8 {
        let m = checkers::legal_moves(&pos, a.game.rules())[0];
        pos = pos.after(&m);
        pv.push(m);
    }
    let first = a.write(&pv[0]);
    a.thinking = Some(crate::tui::app::Thinking {
        id: 1,
        purpose: crate::tui::app::Purpose::Move,
        info: Some(checkers::ai::search::Info {
            depth: 16,
            score: 26,
            nodes: 1_000_000,
            elapsed: std::time::Duration::from_millis(500),
            pv,
        }),
    });
    let text = screen(&a);
    assert!(text.contains("depth 16"), "{text}");
    assert!(text.contains(&format!("line: {first}")), "{text}");
    assert!(text.contains("1. a3-b4"), "{text}");
    let mut tall = app_with(RUSSIAN, None, (80, 24));
    command(&mut tall, "a3-b4");
    tall.thinking = a.thinking.clone();
    let info = a.thinking.as_ref().and_then(|t| t.info.as_ref()).unwrap();
    let last = a.write(&info.pv[7]);
    // The text that follows the line's label, its rows and the moves beside them.
    let after = |text: &str| -> String {
        let (_, rest) = text.split_once("line:").expect("the line shows");
        rest.chars().take(200).collect()
    };
    let text = screen(&tall);
    assert!(
        after(&text).contains(&last),
        "the whole line shows at 80×24:\n{text}"
    );
    let low = screen(&a);
    assert!(
        !after(&low).contains(&last),
        "the line's tail goes at 60×12:\n{low}"
    );
}

/// Where the help is taller than the terminal, it scrolls to its last line
/// and no further, and back to its first.
#[test]
fn help_scrolls_in_a_low_terminal() {
    let mut a = app_with(ENGLISH, None, (60, 12));
    ch(&mut a, '?');
    assert_eq!(a.mode(), Mode::Help);
    let first = screen(&a);
    assert!(first.contains("arrows"), "{first}");
    assert!(!first.contains("Esc or ? to close"), "{first}");
    assert!(first.contains("^v 10/"), "{first}");
    for _ in 0..10 {
        key(&mut a, KeyCode::PageDown);
    }
    let last = screen(&a);
    assert!(last.contains("Esc or ? to close"), "{last}");
    assert!(!last.contains("arrows"), "{last}");
    let Some(Overlay::Help { scroll }) = a.overlay else {
        panic!("help closed");
    };
    key(&mut a, KeyCode::Down);
    assert_eq!(a.overlay, Some(Overlay::Help { scroll }), "past the end");
    key(&mut a, KeyCode::Up);
    assert_eq!(a.overlay, Some(Overlay::Help { scroll: scroll - 1 }));
    for _ in 0..10 {
        key(&mut a, KeyCode::PageUp);
    }
    assert_eq!(screen(&a), first);
    // Where it fits, there is nothing to scroll.
    let mut a = app(ENGLISH, None);
    ch(&mut a, '?');
    key(&mut a, KeyCode::Down);
    assert_eq!(a.overlay, Some(Overlay::Help { scroll: 0 }));
    assert!(!screen(&a).contains("^v"));
}

#[test]
fn snapshot_large_terminal_grows_the_board() {
    let a = app_with(ENGLISH, None, (200, 60));
    let big = a.layout();
    let small = app(ENGLISH, None).layout();
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

/// A dialog's rows are blank beside its frame across every side it reaches
/// into: no cut move of the list, no half piece.
#[test]
fn a_dialog_leaves_no_fragment_beside_it() {
    for size in [(80, 24), (100, 30), (68, 14)] {
        let mut a = app_with(RUSSIAN, None, size);
        for m in [
            "c3-d4", "f6-e5", "d4xf6", "g7xe5", "b2-c3", "h6-g5", "a1-b2", "e7-f6", "g3-h4",
            "d6-c5",
        ] {
            command(&mut a, m);
            assert!(a.status.is_none(), "{m}: {:?}", a.status);
        }
        ch(&mut a, 'q');
        let buf = render(&a);
        let (w, h) = a.size;
        let rows: Vec<u16> = (0..h)
            .filter(|&y| (0..w).any(|x| buf[(x, y)].symbol() == "│"))
            .collect();
        assert!(rows.len() >= 2, "{size:?}: no dialog\n{}", screen(&a));
        for y in rows {
            let row: String = (0..w).map(|x| buf[(x, y)].symbol()).collect();
            let first = row.find('│').expect("a frame");
            let last = row.rfind('│').expect("a frame");
            assert!(
                row[..first].trim().is_empty() && row[last + '│'.len_utf8()..].trim().is_empty(),
                "{size:?}: text beside the dialog: {row:?}\n{}",
                screen(&a)
            );
        }
    }
}

/// The background of `square`, read at a corner cell away from the piece and cursor.
fn square_bg(app: &App, square: Square) -> ratatui::style::Color {
    let rect = square_rect(app, square);
    render(app)[(rect.x + rect.width - 1, rect.y + rect.height - 1)].bg
}

/// With colour on, what a glyph says is also said by the background.
#[test]
fn colours_mark_captures_selection_and_targets() {
    let coloured = |variant: &str, fen_text: &str| {
        let opts = Options {
            start: Some(fen::parse(fen_text, &checkers::BOARD_8).unwrap()),
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
    assert!(checkers::BOARD_8.square_at(0, 7).is_none());
    // a8 is a light square; its corner cell is its own colour.
    let a8 = a.layout().rect_of(0, 7);
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
    let hint = render(&f)[(2, 21)].fg;
    click(&mut a, sq("5"));
    assert_refused(&a, "a capture is mandatory");
    let refusal = render(&a)[(2, 21)].fg;
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

/// Without colour a white king wears its crown, with its number on the
/// disc's top (on its foot, where a man's goes, it hid the crown).
#[test]
fn without_colour_every_king_shows_its_crown() {
    for (size, fen_text) in [
        ((80, 24), "W:WK22,23:BK10,11"),
        ((100, 30), "W:WK22,23:BK10,11"),
    ] {
        let opts = Options {
            start: Some(fen::parse(fen_text, &checkers::BOARD_8).unwrap()),
            theme: Theme::new(false, false),
            ..options(Ruleset::builtin(ENGLISH).unwrap())
        };
        let a = App::new(opts, size);
        let text = screen(&a);
        let crowns = text.matches(a.theme.glyphs.crown).count();
        assert_eq!(crowns, 2, "{size:?}\n{text}");
    }
}

#[test]
fn resizing_below_the_minimum_and_back() {
    let mut a = app(ENGLISH, None);
    command(&mut a, "11-15");
    send(&mut a, Event::Resize(59, 24));
    assert!(screen(&a).contains("enlarge the terminal to 60×12"));
    // Keys act on nothing unseen: not the hidden quit dialog, not an undo.
    ch(&mut a, 'q');
    ch(&mut a, 'u');
    ch(&mut a, 'y');
    assert!(!a.quit && a.overlay.is_none());
    assert_eq!(moves_played(&a), ["11-15"]);
    send(&mut a, Event::Resize(100, 30));
    ch(&mut a, 'u');
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
    // A capture longer than the column widens it for every row.
    let mut c = app(ENGLISH, Some("B:W6,15,24,30:B1,3"));
    command(&mut c, "1x10x19x28");
    command(&mut c, "30-26");
    command(&mut c, "3-7");
    command(&mut c, "26-22");
    let text = screen(&c);
    assert!(text.contains("1. 1x10x19x28 30-26"), "{text}");
    assert!(text.contains("2. 3-7        26-22"), "{text}");
    // A game set up with the second player to move starts with "1. ...".
    let mut b = app(ENGLISH, Some("W:W21-32:B1-12"));
    command(&mut b, "22-18");
    assert!(screen(&b).contains("1. ...       22-18"));
}

/// Move 1 is the first mover's: Black's in Dammen 64 (seed 000: "De speler met
/// de donkergekleurde stukken … mag als eerste spelen"), White's in Russian; a
/// game set up with the other side to move starts with "1. ...".
#[test]
fn the_move_list_counts_from_the_variants_first_mover() {
    let mut d = app(DAMMEN64, None);
    assert_eq!(d.game.position().side_to_move(), Color::Black);
    command(&mut d, "9-14");
    command(&mut d, "22-18");
    assert!(screen(&d).contains("1. 9-14      22-18"), "{}", screen(&d));
    let mut r = app(RUSSIAN, None);
    assert_eq!(r.game.position().side_to_move(), Color::White);
    command(&mut r, "c3-d4");
    command(&mut r, "f6-e5");
    assert!(screen(&r).contains("1. c3-d4     f6-e5"), "{}", screen(&r));
    let mut w = app(DAMMEN64, Some("W:W21-32:B1-12"));
    command(&mut w, "22-18");
    assert!(screen(&w).contains("1. ...       22-18"), "{}", screen(&w));
}

#[test]
fn a_promoted_king_wears_a_crown() {
    let mut a = app(ENGLISH, Some("B:W5:B27"));
    command(&mut a, "27-32");
    let p = a.game.position().piece_at(sq("32"));
    assert_eq!(p, Some(Piece::King(Color::Black)));
    assert!(screen(&a).contains('^'));
}

/// A draw counter near its limit is shown whole: on one line where the panel is
/// wide enough, wrapped between words where it is not.
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
            start: Some(fen::parse("W:WKc1,a3:BKf8,h6", &checkers::BOARD_8).unwrap()),
            ..options(rules)
        };
        let mut a = App::new(opts, (80, 24));
        command(&mut a, "c1-d2");
        command(&mut a, "f8-g7");
        let text = screen(&a);
        let one_line = text.contains(&format!("{name}: 1 of 11 moves"));
        assert_eq!(one_line, whole, "{name}\n{text}");
        if !whole {
            assert!(text.contains(&format!("{name}: 1 of")), "{text}");
            assert!(text.contains("  11 moves"), "{text}");
        }
    }
}

/// The text drawn on `square`, row by row.
fn square_text(app: &App, square: Square) -> String {
    let rect = square_rect(app, square);
    let buf = render(app);
    (rect.y..rect.bottom())
        .map(|y| {
            (rect.x..rect.right())
                .map(|x| buf[(x, y)].symbol())
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// During a capture chosen landing by landing, the piece is drawn where it now
/// stands; a Russian man crowned on the way shows its crown at once.
#[test]
fn a_half_done_capture_draws_its_piece_where_it_stands_crowned_in_russian() {
    // b6 takes c7 to land on d8, crowned, and goes on as a king over e7.
    let mut a = app(RUSSIAN, Some("W:Wb6,a1:Bc7,e7,h8"));
    click(&mut a, sq("b6"));
    click(&mut a, sq("d8"));
    assert_eq!(
        a.selection.as_ref().map(|s| s.landings.clone()),
        Some(vec![sq("d8")])
    );
    let d8 = square_text(&a, sq("d8"));
    assert!(d8.contains('w') && d8.contains('^'), "d8: {d8}");
    let b6 = square_text(&a, sq("b6"));
    assert!(!b6.contains('w'), "b6: {b6}");
    // English crowns only at the end of a move: a man mid-capture has no crown.
    let mut e = app(ENGLISH, Some(ENGLISH_FORK));
    click(&mut e, sq("14"));
    click(&mut e, sq("23"));
    let at = square_text(&e, sq("23"));
    assert!(at.contains('b') && !at.contains('^'), "23: {at}");
    assert!(!square_text(&e, sq("14")).contains('b'));
}

/// Men are discs of two rows at the smallest size and larger discs beyond, kings
/// carry a crown on the disc, and without colour White is a ring, never the
/// light squares' texture.
#[test]
fn men_are_discs_and_white_is_a_ring_without_colour() {
    let boards = [
        (RUSSIAN, checkers::BOARD_8),
        (INTERNATIONAL, checkers::BOARD_10),
    ];
    let sizes = [(80, 24), (120, 40), (200, 60)];
    for ((variant, board), size) in boards.iter().flat_map(|b| sizes.map(|s| (b, s))) {
        let opts = Options {
            start: Some(fen::parse("W:Wc3,Ke5:Bf6,Kb8", board).unwrap()),
            theme: Theme::new(false, false),
            ..options(Ruleset::builtin(variant).unwrap())
        };
        let a = App::new(opts, size);
        let size = (variant, size);
        let white = square_text(&a, sq("c3"));
        let black = square_text(&a, sq("f6"));
        assert!(black.contains('█'), "{size:?} black: {black}");
        let solid = |t: &str| t.matches('█').count();
        assert!(solid(&white) < solid(&black), "{size:?} white: {white}");
        assert!(!white.contains('░'), "{size:?} white: {white}");
        // A ring of half blocks, or of brackets where the disc is too small for a hole.
        assert!(
            white.contains('▄') && white.contains('▀') || white.contains("()"),
            "{size:?} white: {white}"
        );
        for king in ["e5", "b8"] {
            assert!(square_text(&a, sq(king)).contains('♛'), "{size:?} {king}");
        }
        // The two kings still differ without colour.
        assert_ne!(
            square_text(&a, sq("e5")),
            square_text(&a, sq("b8")).replace("b8", "e5")
        );
        let rows = square_text(&a, sq("f6")).matches('█').count();
        assert!(rows >= 2, "{size:?}");
    }
}

/// Without colour, where square numbers are written on the men (80×24), a
/// white man's top row still differs from a black man's: the number goes on
/// the ring's foot, so the ring's top keeps its shape (issue 31).
#[test]
fn without_colour_white_and_black_men_differ_in_their_top_rows_where_numbers_are_shown() {
    for size in [(80, 24), (120, 40), (200, 60)] {
        let opts = Options {
            theme: Theme::new(false, false),
            ..options(Ruleset::builtin(ENGLISH).unwrap())
        };
        let a = App::new(opts, size);
        assert!(a.show_numbers);
        let top = |name: &str| {
            // The disc's top row: the first with a block in it.
            let text = square_text(&a, sq(name));
            let first = text
                .split('/')
                .find(|row| row.contains(['▄', '▀', '█']))
                .unwrap()
                .to_string();
            first
                .chars()
                .filter(|c| !c.is_ascii_digit())
                .collect::<String>()
        };
        for (white, black) in [("22", "11"), ("32", "1"), ("21", "12")] {
            assert_ne!(top(white), top(black), "{size:?}: {white} and {black}");
        }
        // Both still show their numbers somewhere on the square.
        assert!(square_text(&a, sq("22")).contains("22"), "{size:?}");
        assert!(square_text(&a, sq("11")).contains("11"), "{size:?}");
    }
}

/// The cursor is drawn on every dark square it can reach, reversed so that it
/// shows on any square's colour, with and without colour.
#[test]
fn the_cursor_is_drawn_on_every_dark_square() {
    for (variant, color) in [ENGLISH, INTERNATIONAL]
        .iter()
        .flat_map(|v| [(v, false), (v, true)])
    {
        let opts = Options {
            theme: Theme::new(false, color),
            ..options(Ruleset::builtin(variant).unwrap())
        };
        let mut a = App::new(opts, (80, 24));
        let squares: Vec<Square> = a.geometry().all().collect();
        for s in squares {
            a.cursor = (s.file(), s.rank());
            let rect = square_rect(&a, s);
            let buf = render(&a);
            let y = rect.y + rect.height / 2;
            let (left, right) = (&buf[(rect.x, y)], &buf[(rect.right() - 1, y)]);
            assert_eq!((left.symbol(), right.symbol()), ("[", "]"), "{s:?}");
            let reversed = ratatui::style::Modifier::REVERSED;
            assert!(left.modifier.contains(reversed) && right.modifier.contains(reversed));
        }
    }
}

/// At 200×60 a square is 16×7 cells, and two one-cell brackets are hard to
/// find on it: the cursor's square gets reversed bars down both sides and, on
/// an empty square, along its foot; its top row (the mark and the number) is
/// left as it was.
#[test]
fn on_big_squares_the_cursor_frames_its_square() {
    for color in [false, true] {
        let opts = Options {
            theme: Theme::new(false, color),
            ..options(Ruleset::builtin(ENGLISH).unwrap())
        };
        let mut a = App::new(opts, (200, 60));
        let s = sq("d4");
        a.cursor = (s.file(), s.rank());
        let rect = square_rect(&a, s);
        assert!(rect.width >= 8 && rect.height >= 4, "{rect:?}");
        let buf = render(&a);
        let reversed = |x: u16, y: u16| {
            buf[(x, y)]
                .modifier
                .contains(ratatui::style::Modifier::REVERSED)
        };
        for y in rect.y + 1..rect.bottom() {
            assert!(
                reversed(rect.x, y) && reversed(rect.right() - 1, y),
                "row {y}"
            );
        }
        for x in rect.x..rect.right() {
            assert!(reversed(x, rect.bottom() - 1), "foot, column {x}");
            assert!(!reversed(x, rect.y), "top row, column {x}");
        }
        // Another square has no frame.
        let other = square_rect(&a, sq("f4"));
        assert!(!reversed(other.x, other.y + 1));
    }
}

/// The 10×10 board at 80×24, 120×40 and 200×60, from both sides: files a–j
/// under it, ranks 1–10 to its left with their last digits in one column,
/// every one of the fifty numbers on its square, men told apart by side.
#[test]
fn a_ten_by_ten_board_is_labelled_and_numbered_at_every_size() {
    for (w, h) in [(80, 24), (120, 40), (200, 60)] {
        for flipped in [false, true] {
            let mut a = app_with(INTERNATIONAL, None, (w, h));
            a.flipped = flipped;
            let at = format!("{w}×{h}, flipped {flipped}");
            let l = a.layout();
            let board = l.board();
            let buf = render(&a);
            let text = |x0: u16, x1: u16, y: u16| -> String {
                (x0..x1).map(|x| buf[(x, y)].symbol()).collect()
            };
            let files: String = text(0, board.right(), board.bottom())
                .split_whitespace()
                .collect();
            let files_in_order = if flipped { "jihgfedcba" } else { "abcdefghij" };
            assert_eq!(files, files_in_order, "{at}");
            for rank in 0..10 {
                let rect = l.rect_of(0, rank);
                let label = text(0, board.x, rect.y + rect.height / 2);
                assert_eq!(label.trim(), (rank + 1).to_string(), "{at}");
                // The last digit stands a column away from the board, 10 over 9.
                let end = usize::from(board.x - 1);
                assert_eq!(label.trim_end().len(), end, "{at}: {label:?}");
            }
            for sq in a.geometry().all() {
                let n = a.geometry().number(sq).expect("a dark square").to_string();
                let shown = square_text(&a, sq);
                assert!(shown.contains(&n), "{at}: {n} on {shown:?}");
                let man = match a.game.position().piece_at(sq) {
                    Some(Piece::Man(Color::White)) => "ww",
                    Some(Piece::Man(Color::Black)) => "bb",
                    _ => continue,
                };
                assert!(shown.contains(man), "{at}: {n} on {shown:?}");
            }
        }
    }
}

/// International's 5-move rule runs only with a lone king against kings: the
/// panel says nothing of it at the start, and counts once it runs.
#[test]
fn a_counter_for_some_endings_only_shows_once_it_runs() {
    let a = app(INTERNATIONAL, None);
    assert!(!screen(&a).contains("5-move rule"), "{}", screen(&a));
    let opts = Options {
        start: Some(fen::parse("W:WK46:BK5,K1", &checkers::BOARD_10).unwrap()),
        ..options(Ruleset::builtin(INTERNATIONAL).unwrap())
    };
    let mut a = App::new(opts, (80, 24));
    command(&mut a, "46-41");
    assert!(
        screen(&a).contains("5-move rule: 0 of 5 moves"),
        "{}",
        screen(&a)
    );
}

/// A panel line never ends with one word alone on its last row: the word
/// before it goes down too.
#[test]
fn a_panel_entry_leaves_no_one_word_orphan() {
    let wrapped = super::wrap("компьютер за чёрных, уровень 5", 28, 2);
    assert_eq!(wrapped, ["компьютер за чёрных, уровень", "  5"]);
    let kept = super::no_orphan(wrapped, 28);
    assert_eq!(kept, ["компьютер за чёрных,", "  уровень 5"]);
    // Two words above: nothing to take; no room below: as it was.
    let short = vec!["one two".to_string(), "  three".to_string()];
    assert_eq!(super::no_orphan(short.clone(), 28), short);
    let long = vec!["a b longlonglong".to_string(), "  xxxxxxxxxx".to_string()];
    assert_eq!(super::no_orphan(long.clone(), 14), long);
}

/// A game begun from a ballot shows the ballot with its name, and does not
/// name the opening a second time; a game played on names the opening reached.
#[test]
fn the_panel_names_the_ballot_once_and_the_opening_of_a_game() {
    let ballot = checkers::openings::ballots()
        .iter()
        .find(|b| b.name == "Wilderness")
        .expect("the Wilderness ballot");
    let opts_of = |ballot: &checkers::openings::Ballot| Options {
        resume: Some(ballot.game()),
        tags: Some(checkers::pdn::Tags {
            ballot: Some(ballot.number),
            ..Default::default()
        }),
        ..options(Ruleset::builtin(ENGLISH).unwrap())
    };
    let shown = screen(&App::new(opts_of(ballot), (120, 40)));
    // The panel wraps the line between its moves.
    let expected = format!("Ballot {}: 9-13 22-18", ballot.number);
    assert!(shown.contains(&expected), "{shown}");
    assert!(shown.contains("11-16 (Wilderness)"), "{shown}");
    assert!(!shown.contains("Opening:"), "{shown}");
    // Taken back into the ballot and played otherwise: no longer that ballot's
    // game, on the panel or in its file.
    let mut a = App::new(opts_of(ballot), (120, 40));
    a.game.undo();
    assert!(
        screen(&a).contains(&expected),
        "taken back, it can be replayed"
    );
    a.game.undo();
    a.game.play_text("22-17").unwrap();
    assert!(!screen(&a).contains("Ballot"), "{}", screen(&a));
    assert!(!a.game_text().contains("[Ballot"), "{}", a.game_text());
    let mut a = app_with(RUSSIAN, None, (120, 40));
    for m in ["c3-d4", "d6-c5", "b2-c3", "f6-g5"] {
        a.game.play_text(m).unwrap();
    }
    assert!(screen(&a).contains("Opening: City game"), "{}", screen(&a));
}

/// At the least size of 10×10, `:fen` shows the whole FEN over the status
/// rows, broken after a comma, rather than cut after the first.
#[test]
fn fen_in_the_status_line_is_shown_whole_at_the_least_size() {
    let mut a = app_with(checkers::rules::builtin::INTERNATIONAL, None, (68, 14));
    command(&mut a, "fen");
    let shown = screen(&a);
    let rows: Vec<&str> = shown.lines().collect();
    let row = |i: usize| rows[i].trim_matches('"').trim();
    let status = format!("{}{}", row(11), row(12));
    assert_eq!(
        status,
        "FEN W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20",
        "{shown}"
    );
}

#[test]
fn a_message_row_never_runs_past_its_width_counting_the_space_between_words() {
    // "aaaa bbbb" is 9 wide: in 8 columns the second word goes to the next row.
    assert_eq!(super::message_rows("aaaa bbbb", 8), ["aaaa", "bbbb"]);
    assert_eq!(super::message_rows("aaa bbbb", 8), ["aaa bbbb"]);
    let text =
        "c3 is touched: it must move now (touch-move; start with --no-touch-move to play without)";
    for width in 20..90 {
        let rows = super::message_rows(text, width);
        assert!(
            rows.iter().all(|r| r.chars().count() <= width),
            "{width}: {rows:?}"
        );
        assert_eq!(rows.join(" "), text, "{width}");
    }
}

#[test]
fn a_fen_is_broken_after_a_comma_or_a_colon_never_inside_a_number() {
    let fen = "W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12";
    let rows = super::fen_rows(fen, 16);
    assert_eq!(rows.concat(), fen);
    for r in &rows {
        assert!(r.chars().count() <= 16, "{rows:?}");
        assert!(
            r.ends_with([',', ':']) || r == rows.last().unwrap(),
            "{rows:?}"
        );
    }
}

/// On the 12×12 board at 80×24 a square is one row tall: the cursor on the
/// piece that must capture leaves its mark in sight (without colour, nothing
/// else says so).
#[test]
fn the_cursor_on_a_one_row_square_keeps_its_must_capture_mark() {
    let rules = Ruleset::builtin(checkers::rules::builtin::CANADIAN).unwrap();
    let opts = Options {
        start: Some(fen::parse("W:W40,45:B34", rules.geometry()).unwrap()),
        ..options(rules)
    };
    let a = App::new(opts, (80, 24));
    let shown = screen(&a);
    assert!(shown.contains("!"), "{shown}");
    assert!(shown.contains("]"), "the cursor shows: {shown}");
}

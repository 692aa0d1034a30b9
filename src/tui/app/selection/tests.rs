//! Choosing a move on the board by keys and clicks, and every refusal with its reason.

use crate::tui::app::{App, Options};
use crate::tui::test_support::*;
use checkers::rules::builtin::{BRAZILIAN, DAMMEN64, ENGLISH, INTERNATIONAL, RUSSIAN};
use checkers::{Color, Ruleset, Square};
use crossterm::event::{Event, KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};

/// Moves the cursor to `square` with the arrow keys and presses Enter.
fn walk_and_enter(app: &mut App, square: Square) {
    // Arrows move on the screen; the layout says where a square is on it.
    // Up and down change the row and step to a diagonal neighbour, left and
    // right keep the row: so rows first, then columns.
    let layout = app.layout();
    let (file, rank) = app.geometry().seen(square);
    let target = layout.on_screen(file, rank);
    for _ in 0..20 {
        let now = layout.on_screen(app.cursor.0, app.cursor.1);
        if now == target {
            break;
        }
        let code = if now.1 < target.1 {
            KeyCode::Down
        } else if now.1 > target.1 {
            KeyCode::Up
        } else if now.0 < target.0 {
            KeyCode::Right
        } else {
            KeyCode::Left
        };
        key(app, code);
        let (file, rank) = app.cursor;
        let dark = app.geometry().square_at(file, rank).is_some();
        assert!(dark, "{code:?} left the dark squares");
    }
    assert_eq!((app.cursor.0, app.cursor.1), (square.file(), square.rank()));
    key(app, KeyCode::Enter);
}

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
fn hjkl_move_the_cursor_like_arrows_between_dark_squares() {
    let mut a = app(ENGLISH, None);
    a.cursor = (3, 3);
    a.cursor_aim = 3;
    // Black is at the bottom: up on the screen is down the board, and up and
    // down step diagonally, back towards the column aimed at.
    ch(&mut a, 'k');
    assert_eq!(a.cursor, (4, 2));
    ch(&mut a, 'k');
    assert_eq!(a.cursor, (3, 1));
    ch(&mut a, 'j');
    assert_eq!(a.cursor, (4, 2));
    ch(&mut a, 'j');
    assert_eq!(a.cursor, (3, 3));
    // Left and right go to the next dark square of the row.
    ch(&mut a, 'h');
    assert_eq!(a.cursor, (5, 3));
    ch(&mut a, 'l');
    assert_eq!(a.cursor, (3, 3));
    key(&mut a, KeyCode::Up);
    assert_eq!(a.cursor, (4, 2));
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
    for _ in 0..10 {
        ch(&mut a, 'k');
    }
    assert_eq!(a.cursor.1, 7);
}

/// From every dark square, every arrow lands on a dark square or stays put,
/// on the 8×8 board and the 10×10 one.
#[test]
fn the_cursor_never_leaves_the_dark_squares() {
    for (variant, last) in [(ENGLISH, 7), (INTERNATIONAL, 9)] {
        for flipped in [false, true] {
            let mut a = app(variant, None);
            a.flipped = flipped;
            let squares: Vec<Square> = a.geometry().all().collect();
            for sq in squares {
                for code in [KeyCode::Up, KeyCode::Down, KeyCode::Left, KeyCode::Right] {
                    a.set_cursor(sq);
                    key(&mut a, code);
                    let (f, r) = a.cursor;
                    let dark = a.geometry().square_at(f, r).is_some();
                    assert!(dark, "{variant}: {code:?} from {sq:?}");
                    let moved = (f, r) != (sq.file(), sq.rank());
                    let edge = match code {
                        KeyCode::Up | KeyCode::Down => sq.rank() == 0 || sq.rank() == last,
                        _ => sq.file() <= 1 || sq.file() >= last - 1,
                    };
                    assert!(moved || edge, "{variant}: {code:?} from {sq:?} did nothing");
                }
            }
        }
    }
}

/// A square of the 10×10 board by its number.
fn sq10(number: &str) -> Square {
    checkers::BOARD_10
        .parse_square(number)
        .expect("a square of the 10×10 board")
}

/// On the 10×10 board the cursor goes to its edges and no further: ten ranks
/// up, five dark squares across, a j-file square reached from the right.
#[test]
fn the_cursor_reaches_every_edge_of_the_ten_by_ten_board() {
    let mut a = app(INTERNATIONAL, None);
    assert_eq!(a.bottom(), Color::White);
    a.set_cursor(sq10("46"));
    for _ in 0..12 {
        ch(&mut a, 'k');
    }
    assert_eq!(a.cursor.1, 9, "up to rank 10");
    for _ in 0..12 {
        ch(&mut a, 'l');
    }
    assert_eq!(a.cursor, (9, 9), "j10 is square 5");
    for _ in 0..12 {
        ch(&mut a, 'j');
    }
    assert_eq!(a.cursor.1, 0, "down to rank 1");
    for _ in 0..12 {
        ch(&mut a, 'h');
    }
    assert_eq!(a.cursor, (0, 0), "a1 is square 46");
    // Up one column zigzags rather than drifting off: b2, a3, b4 …
    ch(&mut a, 'k');
    ch(&mut a, 'k');
    assert_eq!(a.cursor, (0, 2));
}

/// A 10×10 game at each size and from both sides: clicks, keys and typed
/// moves, hot-seat so the board turns after each move.
#[test]
fn a_ten_by_ten_game_is_played_by_clicks_keys_and_typed_moves_at_every_size() {
    for size in [(80, 24), (120, 40), (200, 60)] {
        let mut a = app_with(INTERNATIONAL, None, size);
        assert_eq!(a.bottom(), Color::White);
        click(&mut a, sq10("32"));
        click(&mut a, sq10("28"));
        assert_eq!(moves_played(&a), ["32-28"], "at {size:?}");
        // Black below now: the same clicks find Black's squares.
        assert_eq!(a.bottom(), Color::Black);
        walk_and_enter(&mut a, sq10("19"));
        walk_and_enter(&mut a, sq10("23"));
        assert_eq!(moves_played(&a), ["32-28", "19-23"], "at {size:?}");
        // White must take: the quiet move is refused with the reason.
        command(&mut a, "31-26");
        assert_refused(&a, "a capture is mandatory");
        command(&mut a, "28x19");
        assert_eq!(moves_played(&a), ["32-28", "19-23", "28x19"], "at {size:?}");
        // Black takes back by clicking its landing only.
        let take: Vec<String> = a.game.legal_moves().iter().map(|m| a.write(m)).collect();
        assert!(take.iter().all(|m| m.contains('x')), "{take:?}");
        let m = a.game.legal_moves()[0];
        click(&mut a, m.from());
        click(&mut a, m.to());
        assert_eq!(moves_played(&a).len(), 4, "at {size:?}: {take:?}");
        // Enter on a light square (b1), and a click on the other side's piece.
        a.cursor = (1, 0);
        key(&mut a, KeyCode::Enter);
        assert_refused(&a, "pieces stand on the dark squares only");
        click(&mut a, sq10("1"));
        assert_refused(&a, "that is not your piece");
    }
}

#[test]
fn the_cursor_starts_on_a_piece_that_must_capture_without_selecting_it() {
    let a = app(ENGLISH, Some("W:W22,25:B18"));
    assert_eq!(a.cursor, (sq("22").file(), sq("22").rank()));
    assert!(a.selection.is_none());
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

/// Nothing to take back or replay is no way out of touch-move, nor is the
/// editor (leaving it gives the game back as it was); a hint is for the
/// touched piece.
#[test]
fn a_touched_piece_stays_touched_and_the_hint_is_for_it() {
    let mut a = app(RUSSIAN, None);
    click(&mut a, sq("c3"));
    ch(&mut a, 'u');
    assert_eq!(a.selection.as_ref().map(|s| s.from), Some(sq("c3")), "u");
    ch(&mut a, 'r');
    assert_eq!(a.selection.as_ref().map(|s| s.from), Some(sq("c3")), "r");
    ch(&mut a, 'e');
    assert!(a.editor.is_none(), "the editor opened");
    assert_refused(&a, "touch-move: you must move the piece you selected");
    assert_eq!(a.selection.as_ref().map(|s| s.from), Some(sq("c3")), "e");
    a.effects.clear();
    ch(&mut a, 't');
    let request = a
        .effects
        .iter()
        .find_map(|e| match e {
            crate::tui::app::Effect::Search(r) => Some(r.clone()),
            _ => None,
        })
        .expect("a hint's search");
    assert_eq!(request.touched, Some(sq("c3")));
    assert!(request.limits.exact_root, "bounds, not scores");
    // Without touch-move the hint is the board's best, whatever is selected.
    let opts = Options {
        no_touch_move: true,
        ..options(Ruleset::builtin(RUSSIAN).unwrap())
    };
    let mut a = App::new(opts, (80, 24));
    click(&mut a, sq("c3"));
    a.effects.clear();
    ch(&mut a, 't');
    assert!(a.effects.iter().any(|e| matches!(
        e,
        crate::tui::app::Effect::Search(r) if r.touched.is_none()
    )));
    // A move taken back still lets the piece go.
    let mut a = app(RUSSIAN, None);
    command(&mut a, "c3-d4");
    command(&mut a, "f6-e5");
    click(&mut a, sq("d4"));
    ch(&mut a, 'u');
    assert!(a.selection.is_none());
}

/// A capture that ends on its own square is finished by choosing that square
/// again (it was refused as putting a touched piece back).
#[test]
fn a_capture_round_to_its_own_square_is_played_by_choosing_it_again() {
    let rules = Ruleset::builtin(INTERNATIONAL).unwrap();
    let opts = Options {
        start: Some(checkers::fen::parse("W:W32,45:B27,28,17,18,3", rules.geometry()).unwrap()),
        ..options(rules)
    };
    let mut a = App::new(opts, (80, 24));
    let from = a.geometry().parse_square("32").unwrap();
    click(&mut a, from);
    click(&mut a, from);
    assert_eq!(a.game.moves().len(), 1, "{:?}", a.status);
    assert_eq!(a.game.moves().next().unwrap().to(), from);
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

/// Every refusal on the board names the rule the move breaks, in every variant:
/// the board's clicks and the typed `:` line give the same reason.
#[test]
fn refusals_on_the_board_name_the_rule_broken_in_every_variant() {
    // c3 must take d4 (white men on c3 and g3, a black man on d4).
    let forced = "W:Wc3,g3:Bd4";
    // No capture: a white man on c3, black men on d4, e5 and b8.
    let quiet = "W:Wc3:Bd4,e5,b8";
    for id in Ruleset::builtin_ids() {
        let cases: [(&str, &[&str], &str); 6] = [
            (forced, &["c3", "b4"], "a capture is mandatory"),
            (forced, &["c3", "d4"], "a capture is mandatory"),
            (forced, &["g3"], "a capture is mandatory"),
            (quiet, &["c3", "b2"], "men do not move backwards"),
            (quiet, &["c3", "d4"], "is occupied"),
            (quiet, &["b8"], "that is not your piece"),
        ];
        for (fen_text, squares, reason) in cases {
            let mut a = app(id, Some(fen_text));
            for s in squares {
                click(&mut a, sq(s));
            }
            let shown = status_text(&a);
            assert!(shown.contains(reason), "{id} {squares:?}: {shown}");
            assert!(a.game.moves().len() == 0, "{id} {squares:?}");
            // Typed, the same move is refused for the same reason.
            if let [from, to] = squares {
                let mut a = app(id, Some(fen_text));
                let (from, to) = (shown_name(&a, from), shown_name(&a, to));
                command(&mut a, &format!("{from}-{to}"));
                let typed = status_text(&a);
                assert!(typed.contains(reason), "{id} :{from}-{to}: {typed}");
            }
        }
    }
}

/// Under touch-move the status says so before any piece is touched, and the
/// first Enter on a piece says it is now touched and how to play without.
#[test]
fn touch_move_is_announced_before_and_when_a_piece_is_touched() {
    let mut a = app(RUSSIAN, None);
    assert!(a.touch_move());
    let before = status_line(&a);
    assert!(
        before.contains("touch-move: a piece you select must be moved"),
        "{before}"
    );
    assert!(before.contains("--no-touch-move"), "{before}");
    // The cursor starts on a piece that can move; Enter touches it, visibly.
    let start = a.cursor;
    assert!(a.selection.is_none());
    key(&mut a, KeyCode::Enter);
    let touched = a.selection.as_ref().map(|s| (s.from.file(), s.from.rank()));
    assert_eq!(touched, Some(start));
    let note = status_text(&a);
    assert!(note.contains("is touched: it must move now"), "{note}");
    assert!(note.contains("--no-touch-move"), "{note}");
    // Without touch-move there is no such note.
    let b = App::new(
        Options {
            no_touch_move: true,
            ..options(Ruleset::builtin(RUSSIAN).unwrap())
        },
        (80, 24),
    );
    assert!(!status_line(&b).contains("touch-move"));
}

/// In hot-seat, after a move the cursor is on a piece the next player can move,
/// the one that must capture when there is one.
#[test]
fn after_a_move_the_cursor_waits_on_the_next_players_piece() {
    let mut a = app(ENGLISH, None);
    for m in ["11-15", "23-19", "8-11", "22-17", "9-13", "17-14"] {
        command(&mut a, m);
        let pos = a.game.position();
        let sq = checkers::BOARD_8
            .square_at(a.cursor.0, a.cursor.1)
            .expect("a dark square");
        let piece = pos.piece_at(sq).expect("a piece under the cursor");
        assert_eq!(piece.color(), pos.side_to_move(), "after {m}");
        assert!(
            a.game.legal_moves().iter().any(|l| l.from() == sq),
            "after {m}"
        );
        assert!(a.selection.is_none());
    }
    // Black must take 14 with 10 now.
    let must: Vec<Square> = a.game.legal_moves().iter().map(|m| m.from()).collect();
    assert!(must.contains(&checkers::BOARD_8.square_at(a.cursor.0, a.cursor.1).unwrap()));
    assert!(a.capture_summary().is_some());
}

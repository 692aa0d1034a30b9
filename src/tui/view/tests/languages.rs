//! The screens in each language, and that no text is cut at the smallest size.

use crate::tui::app::{App, Options};
use crate::tui::i18n::Lang;
use crate::tui::test_support::*;
use checkers::rules::builtin::{DAMMEN64, ENGLISH, GERMAN, ITALIAN, RUSSIAN};
use checkers::{fen, Ruleset};

/// Each language with the variant its players know best.
const HOME: [(Lang, &str); 5] = [
    (Lang::En, ENGLISH),
    (Lang::Nl, DAMMEN64),
    (Lang::Ru, RUSSIAN),
    (Lang::De, GERMAN),
    (Lang::It, ITALIAN),
];

fn app_in(lang: Lang, variant: &str, fen_text: Option<&str>, size: (u16, u16)) -> App {
    let opts = Options {
        lang,
        start: fen_text.map(|f| fen::parse(f, &checkers::BOARD_8).expect("test FEN")),
        ..options(Ruleset::builtin(variant).expect("built-in variant"))
    };
    App::new(opts, size)
}

/// A game under way: two moves played, and White's man on c3 must take d4.
/// The moves are typed as the player sees the squares (Italian turns the board).
fn game_in(lang: Lang, variant: &str, size: (u16, u16)) -> App {
    let mut a = app_in(lang, variant, Some("W:Wc3,e3,g3,b2:Bd6,f6,h6,b8"), size);
    for (from, to) in [("g3", "h4"), ("d6", "c5"), ("c3", "d4")] {
        let typed = format!("{}-{}", shown_name(&a, from), shown_name(&a, to));
        command(&mut a, &typed);
    }
    a
}

#[test]
fn snapshot_start_screen_and_a_game_in_each_language() {
    for (lang, variant) in HOME {
        for size in [(80, 24), (120, 40)] {
            let (w, h) = size;
            let start = App::new(
                Options {
                    lang,
                    start_screen: true,
                    ..options(Ruleset::builtin(variant).unwrap())
                },
                size,
            );
            let code = lang.code();
            let game = game_in(lang, variant, size);
            // Beside the other screens' snapshots.
            insta::with_settings!({ snapshot_path => "../snapshots" }, {
                insta::assert_snapshot!(format!("start_screen_{code}_{w}x{h}"), screen(&start));
                insta::assert_snapshot!(format!("game_{code}_{w}x{h}"), screen(&game));
            });
        }
    }
}

/// Rows `from..to` of the screen, their words joined by single spaces.
fn words(app: &App, x: u16, from: u16, to: u16) -> String {
    let buf = render(app);
    let mut out = Vec::new();
    for y in from..to {
        let row: String = (x..app.size.0).map(|x| buf[(x, y)].symbol()).collect();
        out.extend(row.split_whitespace().map(String::from));
    }
    out.join(" ")
}

fn squash(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// At 80×24, in every language, the longest messages are shown whole: the
/// touch-move note with the player to move and the captures, a refusal, and
/// every panel line.
#[test]
fn at_80x24_no_status_or_panel_text_is_cut_in_any_language() {
    for lang in Lang::ALL {
        for variant in Ruleset::builtin_ids() {
            let mut a = app_in(lang, variant, Some("W:Wc3,g3:Bd4,b8"), (80, 24));
            let l = layout_of(&a);
            // Touching a piece under touch-move, or being refused, gives the longest lines.
            click(&mut a, sq("c3"));
            click(&mut a, sq("b4"));
            let shown = words(&a, 0, l.status.y, l.status.y + 2);
            let text = status_text(&a);
            assert!(!text.is_empty(), "{lang:?} {variant}");
            assert_eq!(shown, squash(&text), "{lang:?} {variant}");
            let mut b = app_in(lang, variant, Some("W:Wc3,g3:Bd4,b8"), (80, 24));
            b.status = None;
            let status = words(&b, 0, l.status.y, l.status.y + 2);
            let to_move = lang.f(
                "status.to_move",
                &[("side", &lang.mover(checkers::Color::White))],
            );
            assert!(status.starts_with(&squash(&to_move)), "{lang:?}: {status}");
            assert!(
                status.contains(&squash(lang.t("status.capture_mandatory"))),
                "{status}"
            );
            if b.touch_move() {
                assert!(
                    status.ends_with(&squash(lang.t("touch.in_force"))),
                    "{status}"
                );
            }
            let panel = words(&b, l.panel.x, 0, l.panel.bottom());
            for expected in [
                lang.variant_name(b.game.rules()),
                lang.f(
                    "panel.pieces",
                    &[
                        ("glyph", &"w"),
                        ("side", &lang.side(checkers::Color::White)),
                        ("men", &lang.n("count.men", 2, &[])),
                        ("kings", &lang.n("count.kings", 0, &[])),
                    ],
                ),
            ] {
                assert!(
                    panel.contains(&squash(&expected)),
                    "{lang:?}: {expected:?} in {panel}"
                );
            }
            if b.touch_move() {
                assert!(panel.contains(&squash(lang.t("touch.panel"))), "{panel}");
            }
        }
    }
}

fn layout_of(a: &App) -> crate::tui::layout::Layout {
    a.layout()
}

/// The reason a capture is mandatory, in each language, for the forced piece's quiet move.
#[test]
fn the_forced_pieces_quiet_move_is_refused_in_each_language() {
    for (lang, words) in [
        (Lang::En, "a capture is mandatory"),
        (Lang::Nl, "slaan is verplicht"),
        (Lang::Ru, "бить обязательно"),
        (Lang::De, "Schlagzwang"),
        (Lang::It, "la presa è obbligatoria"),
    ] {
        for variant in Ruleset::builtin_ids() {
            let mut a = app_in(lang, variant, Some("W:Wc3,g3:Bd4,b8"), (80, 24));
            let typed = format!("{}-{}", shown_name(&a, "c3"), shown_name(&a, "b4"));
            command(&mut a, &typed);
            assert_refused(&a, words);
            let mut a = app_in(lang, variant, Some("W:Wc3,g3:Bd4,b8"), (80, 24));
            click(&mut a, sq("c3"));
            click(&mut a, sq("b4"));
            assert_refused(&a, words);
        }
    }
}

/// With unfinished games offered, the start screen's keys and the list of
/// games are shown whole at 80×24 in every language: descriptions give way first.
#[test]
fn the_start_screen_keeps_its_keys_and_games_in_sight_at_80x24() {
    for lang in Lang::ALL {
        for selected in 0..5 {
            let mut game = checkers::Game::new(Ruleset::builtin(RUSSIAN).unwrap());
            game.play_text("c3-d4").unwrap();
            let unfinished = crate::tui::Unfinished {
                id: "20261123-040230-7".into(),
                game,
                ruleset_text: None,
                ai: None,
                tags: Default::default(),
                when: String::new(),
            };
            let mut a = App::new(
                Options {
                    lang,
                    start_screen: true,
                    unfinished: vec![unfinished],
                    ..options(Ruleset::builtin(ENGLISH).unwrap())
                },
                (80, 24),
            );
            a.start_menu.as_mut().unwrap().selected = selected;
            let shown = words(&a, 0, 0, 24);
            let keys = squash(lang.t("start.keys_resume"));
            assert!(shown.contains(&keys), "{lang:?}: {shown}");
            let entry = format!(
                "1 {}, {} (20261123-040230-7)",
                lang.variant_name(&Ruleset::builtin(RUSSIAN).unwrap()),
                lang.n("count.moves", 1, &[])
            );
            assert!(shown.ends_with(&squash(&entry)), "{lang:?}: {shown}");
            let chosen = &a.start_menu.as_ref().unwrap().variants[selected];
            let description = squash(&lang.variant_description(chosen));
            assert!(shown.contains(&description), "{lang:?} {selected}: {shown}");
        }
    }
}

/// In the least terminal, with unfinished games, the start screen drops its
/// blank lines and the games' ids rather than the keys and the games: each
/// language shows its keys, the first game and the count of the others.
#[test]
fn a_low_start_screen_still_lists_unfinished_games_in_every_language() {
    let rules = Ruleset::builtin(ENGLISH).unwrap();
    for lang in Lang::ALL {
        let unfinished = (0..3)
            .map(|i| crate::tui::Unfinished {
                id: format!("20261203-15302{i}-1"),
                game: checkers::Game::new(rules.clone()),
                ruleset_text: None,
                ai: None,
                tags: Default::default(),
                when: String::new(),
            })
            .collect();
        let a = App::new(
            Options {
                lang,
                start_screen: true,
                unfinished,
                ..options(rules.clone())
            },
            (60, 12),
        );
        let shown = words(&a, 0, 0, 12);
        let entry = |i: usize| {
            squash(&format!(
                "{i} {}, {}",
                lang.variant_name(&rules),
                lang.n("count.moves", 0, &[])
            ))
        };
        let listed = (1..=3).filter(|&i| shown.contains(&entry(i))).count();
        let more = match listed {
            3 => String::new(),
            n => lang.f("start.more", &[("n", &(3 - n))]),
        };
        let screen = screen(&a);
        assert!(listed >= 1, "{lang:?}:\n{screen}");
        for part in [lang.t("start.keys_resume"), &more] {
            assert!(shown.contains(&squash(part)), "{lang:?}: {part}\n{screen}");
        }
        assert!(!shown.contains("20261203"), "{lang:?}: ids go first");
    }
}

/// The game-over dialog's second line is a sentence of its own: it starts with
/// a capital in every language, for a draw as for a win (issue 31).
#[test]
fn the_game_over_reason_starts_with_a_capital_in_every_language() {
    for lang in Lang::ALL {
        let mut a = app(checkers::rules::builtin::ENGLISH, None);
        a.lang = lang;
        a.game.agree_draw();
        a.overlay = Some(crate::tui::app::Overlay::GameOver);
        let reason = lang.t("outcome.agreement");
        let shown = crate::tui::view::overlays::sentence(reason);
        let text = screen(&a);
        assert!(text.contains(&format!(" {shown}.")), "{lang:?}:\n{text}");
        if shown != reason {
            assert!(!text.contains(&format!(" {reason}.")), "{lang:?}:\n{text}");
        }
    }
}

/// The help lists every key in every language and still fits the smallest
/// screen: its closing line is drawn.
#[test]
fn the_help_fits_80x24_in_every_language() {
    for (lang, variant) in HOME {
        let mut a = app_in(lang, variant, None, (80, 24));
        ch(&mut a, '?');
        let shown = screen(&a);
        let close = lang.t("dialog.help.close");
        assert!(shown.contains(close), "{lang:?}: {shown}");
        let last = shown.lines().rev().find(|l| l.contains('└'));
        assert!(
            last.is_some(),
            "{lang:?}: the dialog's bottom edge is on the screen"
        );
    }
}

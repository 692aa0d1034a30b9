//! What is drawn over or instead of the board: the dialogs and the start screen.

use super::{outcome_words, wrap_items};
use crate::tui::app::{App, Overlay, StartMenu, OPPONENTS};
use crate::tui::layout::Layout;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget};

/// Every key, for the help overlay (and the README): the key, or a catalogue
/// key (`key.…`) where the key has words in it, and what it does.
pub const KEYS: &[(&str, &str)] = &[
    ("key.arrows", "key.arrows.what"),
    ("key.enter", "key.enter.what"),
    ("Esc", "key.esc.what"),
    (":", "key.colon.what"),
    ("Tab", "key.tab.what"),
    ("u / r", "key.undo.what"),
    ("f", "key.flip.what"),
    ("t", "key.hint.what"),
    ("p", "key.pause.what"),
    ("s, + / -", "key.watch.what"),
    ("a", "key.analyse.what"),
    ("v, m", "key.review.what"),
    ("e", "key.editor.what"),
    ("n", "key.numbers.what"),
    ("PgUp / PgDn", "key.page.what"),
    ("?", "key.help.what"),
    ("q", "key.quit.what"),
];

/// The commands of the `:` line (the command words are the same in every language).
pub const COMMANDS: &[(&str, &str)] = &[
    ("undo, redo", "cmd.undo.what"),
    ("flip", "cmd.flip.what"),
    ("new [variant]", "cmd.new.what"),
    ("resign", "cmd.resign.what"),
    ("draw", "cmd.draw.what"),
    ("hint", "cmd.hint.what"),
    ("fen", "cmd.fen.what"),
    ("save F, save! F", "cmd.save.what"),
    ("load F", "cmd.load.what"),
    ("help", "cmd.help.what"),
    ("quit", "cmd.quit.what"),
];

fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    )
}

/// A bordered box centred in `area`, its lines wrapped to fit between words.
fn dialog(title: &str, lines: Vec<(String, Style)>, area: Rect, split: u16, buf: &mut Buffer) {
    dialog_from(title, lines, area, split, buf, 0, None)
}

/// The box of a dialog of `lines` in `area` and its lines wrapped to fit it;
/// the box is cut to the area's height where they are more.
fn dialog_box(title: &str, lines: Vec<(String, Style)>, area: Rect) -> (Rect, Vec<Line<'static>>) {
    let widest = lines
        .iter()
        .map(|(s, _)| s.chars().count())
        .max()
        .unwrap_or(10)
        .max(title.chars().count() + 2);
    let inner = (widest as u16 + 1).min(area.width.saturating_sub(2));
    let mut wrapped = Vec::new();
    for (text, style) in lines {
        // No word left alone on a last line, and a blank column before the
        // frame on the right as on the left.
        let width = usize::from(inner).saturating_sub(1).max(1);
        for l in super::no_orphan(wrap_items(&text, width, 2), width) {
            wrapped.push(Line::styled(l, style));
        }
    }
    let rect = centered(area, inner + 2, wrapped.len() as u16 + 2);
    (rect, wrapped)
}

/// How far a dialog of `lines` in `area` can scroll: the wrapped lines the box
/// has no room for.
fn dialog_overflow(title: &str, lines: Vec<(String, Style)>, area: Rect) -> usize {
    let (rect, wrapped) = dialog_box(title, lines, area);
    wrapped
        .len()
        .saturating_sub(rect.height.saturating_sub(2).into())
}

/// [`dialog`] from its `scroll`th wrapped line on; where lines are left out
/// above or below, the frame's foot says so with `more(last line shown,
/// lines)`. `split` is the column where the panel begins.
fn dialog_from(
    title: &str,
    lines: Vec<(String, Style)>,
    area: Rect,
    split: u16,
    buf: &mut Buffer,
    scroll: usize,
    more: Option<&dyn Fn(usize, usize) -> String>,
) {
    let (rect, wrapped) = dialog_box(title, lines, area);
    // The box's rows are cleared across the whole of each side it reaches
    // into, board or panel: a move list or a row of pieces cut by the frame
    // would leave half words and half pieces beside it.
    let left = if rect.x < split {
        area.x
    } else {
        split.max(area.x)
    };
    let right = if rect.right() > split {
        area.right()
    } else {
        split.min(area.right())
    };
    Clear.render(Rect::new(left, rect.y, right - left, rect.height), buf);
    let rows = usize::from(rect.height.saturating_sub(2));
    let total = wrapped.len();
    let top = scroll.min(total.saturating_sub(rows));
    let mut block = Block::default()
        .borders(Borders::ALL)
        .title(format!(" {title} "));
    if let Some(more) = more.filter(|_| total > rows) {
        let foot = more(top + rows, total);
        block = block.title_bottom(Line::from(format!(" {foot} ")).right_aligned());
    }
    Paragraph::new(wrapped.into_iter().skip(top).collect::<Vec<_>>())
        .block(block)
        .render(rect, buf);
}

/// The help's lines: the keys, the commands, the board's marks and how to close it.
fn help_lines(app: &App) -> Vec<(String, Style)> {
    let t = &app.theme;
    let l = app.lang;
    let plain = Style::default();
    let label = |k: &str| {
        if k.starts_with("key.") {
            l.t(k).to_string()
        } else {
            k.to_string()
        }
    };
    let width = KEYS
        .iter()
        .map(|(k, _)| label(k).chars().count())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<(String, Style)> = KEYS
        .iter()
        .map(|(k, v)| {
            let k = label(k);
            let pad = width - k.chars().count();
            (format!(" {k}{} {}", " ".repeat(pad), l.t(v)), plain)
        })
        .collect();
    let names: Vec<&str> = COMMANDS.iter().map(|(k, _)| *k).collect();
    lines.push((
        format!(" {}: {}", l.t("dialog.help.commands"), names.join(" · ")),
        t.title(),
    ));
    let g = &t.glyphs;
    let last = format!("{}{}", g.last_move, g.emptied);
    let legend = l.f(
        "dialog.help.legend",
        &[
            ("must", &g.must_capture),
            ("most", &g.most_capture),
            ("selected", &g.selected),
            ("target", &g.target),
            ("taken", &g.taken),
            ("last", &last),
        ],
    );
    // Six marks in two rows of three: one row is too wide for 80
    // columns in every language, and a wrapped row leaves one mark alone.
    let marks: Vec<&str> = legend.split("  ").collect();
    for half in marks.chunks(marks.len().div_ceil(2)) {
        lines.push((format!(" {}", half.join("  ")), plain));
    }
    lines.push((format!(" {}", l.t("dialog.help.close")), t.dim()));
    lines
}

/// How many lines the help can scroll down by in this terminal: none where it
/// fits.
pub(crate) fn help_overflow(app: &App) -> usize {
    dialog_overflow(
        app.lang.t("dialog.help"),
        help_lines(app),
        app.layout().full,
    )
}

pub(super) fn render_overlay(app: &App, overlay: &Overlay, layout: &Layout, buf: &mut Buffer) {
    let t = &app.theme;
    let l = app.lang;
    let area = layout.full;
    let split = layout.panel.x;
    let plain = Style::default();
    match overlay {
        Overlay::Help { scroll } => {
            let (up, down) = if t.ascii { ("^", "v") } else { ("↑", "↓") };
            let more = |shown: usize, total: usize| format!("{up}{down} {shown}/{total}");
            dialog_from(
                l.t("dialog.help"),
                help_lines(app),
                area,
                split,
                buf,
                *scroll,
                Some(&more),
            );
        }
        Overlay::ConfirmQuit => {
            let mut lines = where_kept(app);
            lines.push((format!(" {} ", l.t("dialog.quit.ask")), plain));
            dialog(l.t("dialog.quit"), lines, area, split, buf)
        }
        Overlay::ConfirmNew { .. } => {
            let mut lines = where_kept(app);
            lines.push((format!(" {} ", l.t("dialog.new.ask")), plain));
            dialog(l.t("dialog.new"), lines, area, split, buf)
        }
        Overlay::DrawOffer { by } => dialog(
            l.t("dialog.draw"),
            vec![
                (
                    format!(" {}", l.f("dialog.draw.offers", &[("side", &l.side(*by))])),
                    plain,
                ),
                (
                    format!(
                        " {} ",
                        l.f("dialog.draw.ask", &[("side", &l.side(by.opposite()))])
                    ),
                    plain,
                ),
            ],
            area,
            split,
            buf,
        ),
        Overlay::GameOver => {
            let (headline, reason) = match app.game.outcome() {
                Some(o) => outcome_words(app, &o),
                None => (l.t("dialog.game_over").to_string(), String::new()),
            };
            // Over the board, not the panel: the move list stays in sight.
            let board = Rect::new(0, 0, layout.board().right(), layout.board().bottom());
            dialog(
                l.t("dialog.game_over"),
                vec![
                    (format!(" {headline}."), t.title()),
                    (format!(" {}.", sentence(&reason)), plain),
                    (String::new(), plain),
                    (format!(" {} ", l.t("dialog.game_over.keys")), plain),
                ],
                board,
                split,
                buf,
            );
        }
    }
}

/// `text` as the start of a sentence: its first letter a capital ("repetition
/// three times" reads as the panel says it, "Repetition three times." as a line
/// of its own).
pub(super) fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// The truth about the game on screen, for the dialogs that leave it.
fn where_kept(app: &App) -> Vec<(String, Style)> {
    use crate::tui::app::Kept;
    let l = app.lang;
    let plain = Style::default();
    match &app.kept {
        Kept::Saved(path) => {
            let id = std::path::Path::new(path)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            vec![
                (format!(" {}", l.t("dialog.kept.saved")), plain),
                (format!(" {}", checkers::printable(path)), plain),
                (
                    format!(" (checkers --resume {})", checkers::printable(&id)),
                    plain,
                ),
            ]
        }
        Kept::Failed(e) => vec![
            (format!(" {}", l.t("dialog.kept.failed")), app.theme.error()),
            (format!(" {}.", checkers::printable(e)), plain),
            (format!(" {}", l.t("dialog.kept.failed_loss")), plain),
        ],
        Kept::Nowhere if app.review => vec![(format!(" {}", l.t("dialog.kept.review")), plain)],
        Kept::Nowhere => vec![(format!(" {}", l.t("dialog.kept.nowhere")), plain)],
    }
}

pub(super) fn render_start(app: &App, menu: &StartMenu, area: Rect, buf: &mut Buffer) {
    // A margin round the menu where the terminal has rows to spare for it.
    let margin = u16::from(area.height >= 20);
    let rect = Rect::new(
        2,
        margin,
        area.width.saturating_sub(4),
        area.height.saturating_sub(2 * margin),
    );
    // Where every description does not fit, only the chosen variant's is shown:
    // shortened on purpose rather than cut off at the bottom. With unfinished
    // games to list, only the chosen one is described, so that the list fits.
    // Where even that does not fit, the list of variants scrolls: a window
    // around the chosen one, with the number of variants above and below it;
    // then, in a low terminal, the description goes, and the window narrows
    // to the chosen variant alone.
    let (width, height) = (rect.width as usize, rect.height as usize);
    let n = menu.variants.len();
    let games = menu.unfinished.len().min(9);
    let all = if menu.unfinished.is_empty() {
        Describe::All
    } else {
        Describe::Chosen
    };
    let full = |describe, window| Fit {
        describe,
        window,
        compact: false,
    };
    let (mut lines, mut shown) = start_lines(app, menu, width, height, full(all, 0..n));
    if lines.len() > height {
        (lines, shown) = start_lines(app, menu, width, height, full(Describe::Chosen, 0..n));
    }
    let (mut rows, mut describe, mut compact) = (n, Describe::Chosen, false);
    while lines.len() > height || shown < games {
        if rows > 3 || (rows > 1 && describe == Describe::Neither) {
            rows -= 1;
        } else if describe == Describe::Chosen {
            describe = Describe::Neither;
        } else if !compact {
            compact = true;
        } else {
            break;
        }
        let first = menu.selected.saturating_sub(rows / 2).min(n - rows);
        let fit = Fit {
            describe,
            window: first..first + rows,
            compact,
        };
        (lines, shown) = start_lines(app, menu, width, height, fit);
    }
    Paragraph::new(lines).render(rect, buf);
}

/// Which variants the start menu describes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Describe {
    All,
    Chosen,
    Neither,
}

/// How much of the start menu to show in the room there is.
struct Fit {
    describe: Describe,
    /// The variants listed.
    window: std::ops::Range<usize>,
    /// The last resort of a low terminal with unfinished games to list: no
    /// blank lines, the counts of the variants not listed beside the one that
    /// is, and each unfinished game on one line, without its id (1-9 picks it).
    compact: bool,
}

fn start_lines(
    app: &App,
    menu: &StartMenu,
    width: usize,
    height: usize,
    fit: Fit,
) -> (Vec<Line<'static>>, usize) {
    let t = &app.theme;
    let l = app.lang;
    let Fit {
        describe,
        window,
        compact,
    } = fit;
    let mut lines: Vec<Line> = vec![Line::styled(l.t("start.title"), t.title())];
    if !compact {
        lines.push(Line::from(""));
    }
    lines.push(Line::from(l.t("start.choose")));
    let push = |lines: &mut Vec<Line>, text: &str, style: Style, indent: usize| {
        for w in wrap_items(text, width, indent) {
            lines.push(Line::styled(w, style));
        }
    };
    let scrolled = window.len() < menu.variants.len();
    let (above, below) = (window.start, menu.variants.len() - window.end);
    let count = |arrow: &str, n: usize| match n {
        0 => String::new(),
        n => format!("    {arrow} {n}"),
    };
    if scrolled && !compact {
        lines.push(Line::styled(count("↑", above), t.dim()));
    }
    for (i, r) in menu.variants.iter().enumerate() {
        if !window.contains(&i) {
            continue;
        }
        let chosen = i == menu.selected;
        let marker = if chosen { t.glyphs.selected } else { " " };
        let style = if chosen {
            t.highlight_row()
        } else {
            Style::default()
        };
        let mut line = Line::styled(format!("{marker} {:<20}", l.variant_name(r)), style);
        if compact {
            line.push_span(Span::styled(count("↑", above), t.dim()));
            line.push_span(Span::styled(count("↓", below), t.dim()));
        }
        lines.push(line);
        if describe == Describe::All || (chosen && describe == Describe::Chosen) {
            // Wrapped, a description keeps its indent on every line.
            push(
                &mut lines,
                &format!("    {}", l.variant_description(r)),
                t.dim(),
                4,
            );
        }
    }
    if scrolled && !compact {
        lines.push(Line::styled(count("↓", below), t.dim()));
    }
    let (key, white, black) = OPPONENTS[menu.opponent];
    push(
        &mut lines,
        &l.f("start.opponent", &[("opponent", &l.t(key))]),
        Style::default(),
        2,
    );
    if white || black {
        let level = checkers::ai::Level::get_or_default(menu.level);
        let mut text = l.f(
            "start.level",
            &[("level", &level.level), ("max", &checkers::ai::MAX_LEVEL)],
        );
        // The level without a time of its own plays at the think time.
        if menu.shows_think_time() {
            text.push_str("   ");
            text.push_str(&l.f("start.think", &[("secs", &menu.think_time.as_secs())]));
        }
        push(&mut lines, &text, Style::default(), 2);
    } else if !compact {
        lines.push(Line::from(""));
    }
    if white && black {
        let secs = format!("{}", menu.delay.as_secs_f64());
        push(
            &mut lines,
            &l.f("start.delay", &[("secs", &secs)]),
            Style::default(),
            2,
        );
    }
    let clock = match menu.clock {
        Some(c) => c.to_string(),
        None => l.t("start.no_clock").to_string(),
    };
    push(
        &mut lines,
        &l.f("start.clock", &[("clock", &clock)]),
        Style::default(),
        2,
    );
    if menu.shows_ballot() {
        let key = if menu.ballot {
            "start.ballot_random"
        } else {
            "start.no_ballot"
        };
        push(
            &mut lines,
            &l.f("start.ballot", &[("ballot", &l.t(key))]),
            Style::default(),
            2,
        );
    }
    let elsewhere = |lines: &mut Vec<Line>| {
        if menu.open_elsewhere > 0 {
            let text = l.f("start.open_elsewhere", &[("n", &menu.open_elsewhere)]);
            push(lines, &format!(" {text}"), t.dim(), 2);
        }
    };
    if menu.unfinished.is_empty() {
        push(&mut lines, l.t("start.keys"), t.dim(), 2);
        elsewhere(&mut lines);
        return (lines, 0);
    }
    push(&mut lines, l.t("start.keys_resume"), t.dim(), 2);
    lines.push(Line::from(l.t("start.unfinished")));
    // As many as fit, keeping a line for the count of the others.
    let room = height.saturating_sub(lines.len() + 1);
    let shown = menu.unfinished.len().min(9).min(room.max(1));
    for (i, u) in menu.unfinished.iter().take(shown).enumerate() {
        let against = match u.ai {
            Some(ai) if ai.white && ai.black => l.t("start.ai_both").to_string(),
            Some(ai) if ai.white || ai.black => l.f("start.against_ai", &[("level", &ai.level)]),
            _ => String::new(),
        };
        let moves = l.n("count.moves", u.game.moves().len().div_ceil(2) as u64, &[]);
        let variant = l.variant_name(u.game.rules());
        // The id is a file's name: ratatui would drop a control character unseen.
        let id = checkers::printable(&u.id);
        let when = if u.when.is_empty() {
            String::new()
        } else {
            format!(", {}", u.when)
        };
        let entry = format!(" {}  {variant}, {moves}{against}{when}", i + 1);
        let entry = if compact {
            entry
        } else {
            format!("{entry}  ({id})")
        };
        push(&mut lines, &entry, Style::default(), 4);
    }
    if shown < menu.unfinished.len() {
        let more = l.f("start.more", &[("n", &(menu.unfinished.len() - shown))]);
        push(&mut lines, &format!(" {more}"), t.dim(), 2);
    }
    elsewhere(&mut lines);
    (lines, shown)
}

#[cfg(test)]
mod tests {
    use crate::tui::app::App;
    use crate::tui::test_support::{options, screen};
    use crate::tui::{Options, Unfinished};
    use checkers::rules::builtin::ENGLISH;
    use checkers::{Game, Ruleset};

    /// A saved game's id is its file's name: a control character in it is shown
    /// escaped on the start screen, not dropped unseen (as ratatui drops one).
    #[test]
    fn an_unfinished_games_id_is_shown_with_its_control_characters_escaped() {
        let rules = Ruleset::builtin(ENGLISH).unwrap();
        let unfinished = Unfinished {
            id: "g\u{1b}]0;x\u{7}".into(),
            game: Game::new(rules.clone()),
            ruleset_text: None,
            ai: None,
            tags: Default::default(),
            when: String::new(),
        };
        let a = App::new(
            Options {
                start_screen: true,
                unfinished: vec![unfinished],
                ..options(rules)
            },
            (80, 24),
        );
        let text = screen(&a);
        assert!(text.contains(r"(g\u{1b}]0;x\u{7})"), "{text}");
    }

    /// Where every variant's description fits, every one is shown: the
    /// scrolling list is for small terminals only.
    #[test]
    fn a_tall_start_screen_describes_every_variant() {
        let rules = Ruleset::builtin(ENGLISH).unwrap();
        let a = App::new(
            Options {
                start_screen: true,
                ..options(rules)
            },
            (200, 60),
        );
        let text = screen(&a);
        assert!(!text.contains("    ↓"), "no list to scroll:\n{text}");
        for r in Ruleset::builtins() {
            let described = crate::tui::i18n::Lang::En.variant_description(&r);
            let lead: String = described.chars().take(30).collect();
            assert!(text.contains(&lead), "{}:\n{text}", r.id);
        }
    }
}

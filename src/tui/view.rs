//! The whole screen, drawn from the state without changing it.
//!
//! Every text is the player's language ([`Lang`]) and is wrapped on purpose
//! where it does not fit: a word is never cut by the edge of its area.

pub(super) mod overlays;
pub(crate) use overlays::help_overflow;
mod review;

use super::app::{App, Purpose};
use super::board_view;
use super::i18n::Lang;
use super::layout::Layout;
use checkers::ai::endgame::Value;
use checkers::game::OutcomeReason;
use checkers::rules::DrawCondition;
use checkers::{Color, Move, Outcome};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Paragraph, Widget, Wrap};

#[cfg(test)]
mod tests;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = self.layout();
        let l = self.lang;
        if layout.too_small {
            let (w, h) = Layout::min_size(layout.size as u8);
            let text = vec![
                Line::from(l.f("screen.too_small", &[("w", &w), ("h", &h)])),
                Line::from(l.f("screen.now", &[("w", &area.width), ("h", &area.height)])),
            ];
            let y = area.height / 2;
            Paragraph::new(text)
                .alignment(Alignment::Center)
                .wrap(Wrap { trim: true })
                .render(
                    Rect::new(0, y.saturating_sub(1), area.width, 2.min(area.height)),
                    buf,
                );
            return;
        }
        if let Some(menu) = &self.start_menu {
            return overlays::render_start(self, menu, area, buf);
        }
        board_view::render(self, &layout, buf);
        // Where the panel has columns to spare, one more keeps its text clear of
        // the square numbers at the board's right edge.
        let mut panel = layout.panel;
        if panel.width > crate::tui::layout::PANEL_MIN {
            panel.x += 1;
            panel.width -= 1;
        }
        match &self.editor {
            Some(ed) => render_editor_panel(self, ed, panel, buf),
            None => render_panel(self, panel, buf),
        }
        render_status(self, layout.status, buf);
        render_command(self, layout.command, buf);
        if let Some(overlay) = &self.overlay {
            overlays::render_overlay(self, overlay, &layout, buf);
        }
    }
}

/// `text` broken between words into lines of at most `width` characters, the
/// lines after the first indented by `indent`. Spaces inside a line are kept
/// (columns line up); a word longer than a whole line (a file path) is the only
/// thing ever broken inside.
pub fn wrap(text: &str, width: usize, indent: usize) -> Vec<String> {
    let width = width.max(indent + 8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    // Each word with the spaces before it.
    let mut gap = 0;
    let mut words: Vec<(usize, &str)> = Vec::new();
    for part in text.split(' ') {
        if part.is_empty() {
            gap += 1;
        } else {
            words.push((gap, part));
            gap = 1;
        }
    }
    for (i, (gap, word)) in words.into_iter().enumerate() {
        let len = line.chars().count();
        let wlen = word.chars().count();
        let gap = if i == 0 { gap } else { gap.max(1) };
        if len > 0 && len + gap + wlen > width {
            lines.push(std::mem::take(&mut line));
        }
        if line.is_empty() {
            line = " ".repeat(if lines.is_empty() { gap } else { indent });
        } else {
            line.push_str(&" ".repeat(gap));
        }
        let mut rest: String = word.to_string();
        while line.chars().count() + rest.chars().count() > width {
            let room = width - line.chars().count();
            line.extend(rest.chars().take(room));
            rest = rest.chars().skip(room).collect();
            lines.push(std::mem::replace(&mut line, " ".repeat(indent)));
        }
        line.push_str(&rest);
    }
    if !line.trim().is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// Wrapped lines whose last line is one word left alone ("level" | "5")
/// take down the word before it too, where that fits and leaves the line
/// above at least two words.
pub fn no_orphan(mut lines: Vec<String>, width: usize) -> Vec<String> {
    let n = lines.len();
    if n < 2 || lines[n - 1].split_whitespace().count() != 1 {
        return lines;
    }
    let prev = lines[n - 2].trim_end().to_string();
    if prev.split_whitespace().count() < 3 {
        return lines;
    }
    let Some(cut) = prev.rfind(' ') else {
        return lines;
    };
    let indent: String = lines[n - 1].chars().take_while(|&c| c == ' ').collect();
    let joined = format!("{indent}{} {}", &prev[cut + 1..], lines[n - 1].trim_start());
    if joined.chars().count() <= width {
        lines[n - 2] = prev[..cut].trim_end().to_string();
        lines[n - 1] = joined;
    }
    lines
}

/// Like [`wrap`], for a list of items (`n: new game · u: undo`, or items set
/// apart by runs of spaces): a line breaks between items rather than inside one
/// ("Esc: look at" | "the board"), as long as the line it leaves is at least half
/// full; an item longer than a line, or text without items, wraps between words.
pub fn wrap_items(text: &str, width: usize, indent: usize) -> Vec<String> {
    let width = width.max(indent + 8);
    // Each item with the separator before it (the first item with its indent).
    let mut items: Vec<(&str, &str)> = Vec::new();
    let mut rest = text;
    let mut before = "";
    while !rest.is_empty() {
        let at = [" · ", "  "]
            .iter()
            .filter_map(|sep| rest.find(sep).filter(|&i| i > 0))
            .min();
        let Some(at) = at else {
            items.push((before, rest));
            break;
        };
        items.push((before, &rest[..at]));
        let after = &rest[at..];
        let sep_len = if after.starts_with(" · ") {
            " · ".len()
        } else {
            after.len() - after.trim_start_matches(' ').len()
        };
        before = &after[..sep_len];
        rest = &after[sep_len..];
    }
    if items.is_empty() {
        // An empty line stays one.
        return wrap(text, width, indent);
    }
    let mut lines: Vec<String> = Vec::new();
    for (sep, item) in items {
        let Some(line) = lines.last_mut() else {
            lines = wrap(item, width, indent);
            continue;
        };
        let len = line.chars().count();
        let joined = format!("{line}{sep}{item}");
        if joined.chars().count() <= width {
            *line = joined;
        } else if len * 2 >= width && indent + item.chars().count() <= width {
            // The separator ends the line, so the reader sees the list go on.
            let mark = sep.trim_end();
            let pad = " ".repeat(indent);
            if len + mark.chars().count() <= width {
                line.push_str(mark);
                lines.push(format!("{pad}{item}"));
            } else if let Some((cut, moved)) = line
                .rfind(sep)
                .filter(|_| !mark.is_empty())
                .map(|cut| (cut, format!("{pad}{}{sep}{item}", &line[cut + sep.len()..])))
                .filter(|(_, moved)| moved.chars().count() <= width)
            {
                // No room for the mark: the line's last item goes down with
                // this one, so that the mark still ends the line.
                line.truncate(cut);
                line.push_str(mark);
                lines.push(moved);
            } else {
                lines.push(format!("{pad}{item}"));
            }
        } else {
            // Between words, as plain text wraps.
            let last = lines.pop().unwrap_or_default();
            lines.extend(wrap(&format!("{last}{sep}{item}"), width, indent));
        }
    }
    lines
}

fn side_glyph(app: &App, c: Color) -> &'static str {
    match c {
        Color::White => app.theme.glyphs.white_man,
        Color::Black => app.theme.glyphs.black_man,
    }
}

/// A no-progress rule's name in the player's language.
pub fn rule_name(l: Lang, name: &str) -> String {
    let key = format!("rule.{}", name.replace(' ', "_"));
    if super::i18n::has(&key) {
        l.t(&key).to_string()
    } else {
        checkers::printable(name).into_owned()
    }
}

/// The outcome as a headline ("White wins", "Draw") and a reason that says who
/// had no move or resigned.
pub fn outcome_words(app: &App, o: &Outcome) -> (String, String) {
    let l = app.lang;
    let headline = match o.winner {
        Some(c) => l.f("outcome.wins", &[("side", &l.side(c))]),
        None => l.t("outcome.draw").to_string(),
    };
    let loser = o.winner.map(|c| l.side(c.opposite())).unwrap_or_default();
    let reason = match &o.reason {
        OutcomeReason::NoPieces => l.f("outcome.no_pieces", &[("loser", &loser)]),
        OutcomeReason::NoLegalMove => l.f("outcome.no_legal_move", &[("loser", &loser)]),
        OutcomeReason::Repetition => {
            l.f("outcome.repetition", &[("n", &app.game.rules().repetition)])
        }
        OutcomeReason::NoProgress(name) => rule_name(l, name),
        OutcomeReason::Resignation => l.f("outcome.resignation", &[("loser", &loser)]),
        OutcomeReason::Time => l.f("outcome.time", &[("loser", &loser)]),
        OutcomeReason::Agreement => l.t("outcome.agreement").to_string(),
    };
    (headline, reason)
}

/// A panel entry: its text wrapped to the panel, in one style.
fn entry(lines: &mut Vec<Line<'static>>, text: &str, style: Style, width: u16, indent: usize) {
    for l in no_orphan(wrap(text, width as usize, indent), width as usize) {
        lines.push(Line::styled(l, style));
    }
}

/// Both clocks on one line, White's first: the running one bright, one
/// under ten seconds in the warning colour.
fn clock_line(app: &App, clocks: &crate::tui::app::Clocks) -> Line<'static> {
    let t = &app.theme;
    let running = app
        .clock_running()
        .then(|| app.game.position().side_to_move());
    let mut spans = Vec::new();
    for c in [Color::White, Color::Black] {
        let left = clocks.shown(&app.game, c);
        let style = if left < std::time::Duration::from_secs(10) {
            t.error()
        } else if running == Some(c) {
            t.title()
        } else {
            t.dim()
        };
        if c == Color::Black {
            spans.push(Span::raw("   "));
        }
        spans.push(Span::styled(
            format!("{} {}", side_glyph(app, c), checkers::clock::show(left)),
            style,
        ));
    }
    Line::from(spans)
}

/// The panel while a position is set up: the keys, the side to move and the
/// position's FEN as it stands.
fn render_editor_panel(app: &App, ed: &crate::tui::app::Editor, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let l = app.lang;
    let w = area.width;
    let mut lines = Vec::new();
    entry(
        &mut lines,
        &l.variant_name(app.game.rules()),
        t.title(),
        w,
        2,
    );
    entry(&mut lines, l.t("editor.title"), t.title(), w, 2);
    let side = l.f(
        "editor.side",
        &[
            ("glyph", &side_glyph(app, ed.side)),
            ("side", &l.mover(ed.side)),
        ],
    );
    entry(&mut lines, &side, Style::default(), w, 2);
    lines.push(Line::from(""));
    for key in [
        "editor.keys.put",
        "editor.keys.remove",
        "editor.keys.board",
        "editor.keys.done",
    ] {
        entry(&mut lines, l.t(key), t.dim(), w, 2);
    }
    lines.push(Line::from(""));
    for row in fen_rows(&ed.fen(app.geometry()), w as usize) {
        lines.push(Line::styled(row, t.info()));
    }
    Paragraph::new(lines).render(area, buf);
}

/// A FEN in rows of at most `width` characters, broken after a comma or a
/// colon, never inside a square's number (a FEN has no spaces to wrap at).
fn fen_rows(fen: &str, width: usize) -> Vec<String> {
    rows_breaking_after(fen, width.max(8), &[',', ':'])
}

/// A status message in rows of at most `width` characters, broken after a
/// space, and inside a long word (a FEN, a path) after a comma, a colon or a
/// slash, so that `:fen` on a narrow screen shows the whole FEN.
fn message_rows(text: &str, width: usize) -> Vec<String> {
    let rows = rows_breaking_after(text, width.max(8), &[' ', ',', ':', '/']);
    rows.into_iter().map(|r| r.trim().to_string()).collect()
}

fn rows_breaking_after(text: &str, width: usize, after: &[char]) -> Vec<String> {
    let mut rows = vec![String::new()];
    for part in text.split_inclusive(after) {
        let row = rows.last_mut().expect("one row at least");
        // The space the row ends with stays between it and the part; the part's
        // own trailing space may fall at the row's end.
        if !row.is_empty() && row.chars().count() + part.trim_end().chars().count() > width {
            rows.push(String::new());
        }
        rows.last_mut().expect("one row at least").push_str(part);
    }
    rows
}

/// The endgame tables' verdict on a position with `side` to move, whose value
/// for `side` is `value`: "Endgame tables: White wins in 12 moves".
fn table_verdict(l: Lang, value: Value, side: Color) -> String {
    // The winner makes the last move: a win in `plies` is that many of its moves.
    let (winner, plies) = match value {
        Value::Draw => return l.t("panel.tables_draw").to_string(),
        Value::Win(plies) => (side, plies),
        Value::Loss(plies) => (side.opposite(), plies),
    };
    let moves = u64::from(plies).div_ceil(2);
    l.f(
        "panel.tables_win",
        &[
            ("side", &l.side(winner)),
            ("moves", &l.n("count.moves_to_win", moves, &[])),
        ],
    )
}

/// The ballot the game was drawn to start from, and the named opening it is
/// in (or left last): "Ballot 37: 11-15 23-19 8-11", "Opening: Old Fourteenth".
fn opening_lines(app: &App) -> Vec<String> {
    let l = app.lang;
    let mut lines = Vec::new();
    let ballot = app.ballot();
    if let Some(b) = ballot {
        let moves = if b.name.is_empty() {
            b.text()
        } else {
            format!("{} ({})", b.text(), b.name)
        };
        lines.push(l.f("panel.ballot", &[("number", &b.number), ("moves", &moves)]));
    }
    let book = checkers::openings::book(app.game.rules());
    if let Some((book, o)) = book.and_then(|b| Some((b, b.name_of(&app.game)?))) {
        let name = o.name_for(l.code() == book.lang);
        if ballot.is_some_and(|b| b.name == name) {
            // The ballot's line has named it already.
            return lines;
        }
        lines.push(l.f("panel.opening", &[("name", &name)]));
    }
    lines
}

fn render_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let l = app.lang;
    let w = area.width;
    let pos = app.game.position();
    let rules = app.game.rules();
    let mut lines = Vec::new();
    // What a low panel leaves out, first to last, so that what changes (the
    // side to move, the AI's search, the review, the last moves) stays in sight:
    // the touch-move note, the AI's expected line past its first row, the AI's
    // level, the piece counts, the opening.
    let mut spare: [std::ops::Range<usize>; 5] = Default::default();
    entry(&mut lines, &l.variant_name(rules), t.title(), w, 2);
    let at = lines.len();
    for text in opening_lines(app) {
        entry(&mut lines, &text, t.dim(), w, 2);
    }
    spare[4] = at..lines.len();
    let side = pos.side_to_move();
    match app.game.outcome() {
        Some(o) => {
            let (headline, reason) = outcome_words(app, &o);
            entry(&mut lines, &format!("{headline}:"), t.info(), w, 2);
            entry(&mut lines, &reason, t.info(), w, 2);
        }
        None => {
            entry(
                &mut lines,
                &l.f(
                    "panel.to_move",
                    &[("glyph", &side_glyph(app, side)), ("side", &l.mover(side))],
                ),
                Style::default(),
                w,
                4,
            );
            // A record that ended by resignation or on time says so in its result alone.
            if let Some(result) = app.record_result() {
                let text = l.f("panel.record_result", &[("result", &result)]);
                entry(&mut lines, &text, t.info(), w, 2);
            }
        }
    }
    let at = lines.len();
    for c in [Color::White, Color::Black] {
        let (men, kings) = (pos.men(c).count() as u64, pos.kings(c).count() as u64);
        let text = l.f(
            "panel.pieces",
            &[
                ("glyph", &side_glyph(app, c)),
                ("side", &l.side(c)),
                ("men", &l.n("count.men", men, &[])),
                ("kings", &l.n("count.kings", kings, &[])),
            ],
        );
        entry(&mut lines, &text, Style::default(), w, 4);
    }
    spare[3] = at..lines.len();
    if let Some(value) = app.table_value() {
        entry(&mut lines, &table_verdict(l, value, side), t.info(), w, 2);
    } else if let Some(percent) = app.tables_percent {
        let text = l.f("panel.tables", &[("percent", &percent)]);
        entry(&mut lines, &text, t.info(), w, 2);
    }
    if let Some(clocks) = &app.clocks {
        lines.push(clock_line(app, clocks));
    }
    if app.paused {
        let key = if app.ai.watching() {
            "panel.paused_watching"
        } else {
            "panel.paused"
        };
        entry(&mut lines, l.t(key), t.error(), w, 2);
    } else if app.ai.watching() && app.game.outcome().is_none() {
        let secs = format!("{}", app.ai.delay.as_secs_f64());
        entry(
            &mut lines,
            &l.f("panel.watching", &[("secs", &secs)]),
            t.dim(),
            w,
            2,
        );
    }
    if let Some(a) = app.analysis_here() {
        lines.extend(review::lines(app, a, w, area.height >= 36));
    }
    if let Some(live) = &app.live {
        lines.extend(review::live_lines(app, live, w));
    }
    let at = lines.len();
    if app.touch_move() {
        entry(&mut lines, l.t("touch.panel"), t.dim(), w, 2);
    }
    spare[0] = at..lines.len();
    let at = lines.len();
    if app.ai.white || app.ai.black {
        let key = match (app.ai.white, app.ai.black) {
            (true, true) => "panel.ai_both",
            (true, false) => "panel.ai_white",
            _ => "panel.ai_black",
        };
        entry(
            &mut lines,
            &l.f(key, &[("level", &app.ai.level)]),
            t.dim(),
            w,
            2,
        );
    }
    spare[2] = at..lines.len();
    if let Some(th) = &app.thinking {
        let what = match th.purpose {
            Purpose::Move => "panel.thinking",
            Purpose::Hint => "panel.hinting",
            Purpose::DrawOffer => "panel.considering",
        };
        entry(&mut lines, l.t(what), t.info(), w, 2);
        if let Some(info) = &th.info {
            // For the side to move, a won or lost position as moves to the end.
            let score = checkers::ai::review::score_text(info.score);
            let depth = l.f("panel.depth", &[("depth", &info.depth), ("score", &score)]);
            entry(&mut lines, &depth, t.info(), w, 2);
            let speed = format!("{:.1}", info.nps() as f64 / 1e6);
            entry(
                &mut lines,
                &l.f("panel.speed", &[("speed", &speed)]),
                t.info(),
                w,
                2,
            );
            // The line the AI expects, whole moves only, on as many rows as it takes.
            let pv: Vec<String> = info.pv.iter().take(8).map(|m| app.write(m)).collect();
            let text = l.f("panel.pv", &[("pv", &pv.join(" "))]);
            let at = lines.len() + 1;
            entry(&mut lines, &text, t.dim(), w, 2);
            spare[1] = at.min(lines.len())..lines.len();
        }
    }
    for (rule, count) in app.game.counters() {
        // A counter shows as it nears its limit; one that runs only in some
        // endings (a lone king's 5 moves) shows once it has started.
        let left = rule.plies().saturating_sub(count);
        let running = count > 0 || rule.when == DrawCondition::default();
        if left <= 20 && running {
            let text = l.f(
                "panel.counter",
                &[
                    ("rule", &rule_name(l, &rule.name)),
                    ("done", &(count / 2)),
                    ("limit", &l.n("count.moves", rule.moves as u64, &[])),
                ],
            );
            entry(&mut lines, &text, t.error(), w, 2);
        }
    }
    let reps = app.game.repetitions();
    if reps >= 2 && app.game.outcome().is_none() {
        let text = l.f(
            "panel.repeated",
            &[
                ("times", &l.n("count.times", reps as u64, &[])),
                ("limit", &rules.repetition),
            ],
        );
        entry(&mut lines, &text, t.error(), w, 2);
    }
    // Room for the list's title and its last row at least.
    let mut over = (lines.len() + 3).saturating_sub(area.height.into());
    let mut gone: Vec<std::ops::Range<usize>> = Vec::new();
    for range in spare {
        if over == 0 {
            break;
        }
        over = over.saturating_sub(range.len());
        gone.push(range);
    }
    gone.sort_by_key(|r| std::cmp::Reverse(r.start));
    for range in gone {
        lines.drain(range);
    }
    if over == 0 {
        lines.push(Line::from(""));
    }
    let header = lines.len() as u16 + 1;
    // A title with no row under it says nothing: the list goes whole.
    if header >= area.height {
        Paragraph::new(lines).render(area, buf);
        return;
    }
    lines.push(Line::styled(l.t("panel.moves"), t.title()));
    let rows = move_rows(app);
    let room = area.height.saturating_sub(header) as usize;
    let end = rows.len().saturating_sub(
        app.scroll
            .min(rows.len().saturating_sub(room.min(rows.len()))),
    );
    let start = end.saturating_sub(room);
    for row in &rows[start..end] {
        lines.push(Line::from(row.clone()));
    }
    if rows.is_empty() {
        lines.push(Line::styled(l.t("panel.none_yet"), t.dim()));
    }
    Paragraph::new(lines).render(area, buf);
}

/// How many move-list rows the panel shows: what PgUp and PgDn scroll by.
pub fn move_list_page(app: &App) -> usize {
    (app.layout().panel.height as usize / 2).max(1)
}

/// Plies the move list counts before the game's first: 1 where a game set up
/// with the second player to move starts with "1. ...", else 0.
pub fn ply_offset(app: &App) -> usize {
    usize::from(app.game.start().side_to_move() != app.game.rules().first_move)
}

/// The move list as numbered full moves in the variant's notation.
pub fn move_rows(app: &App) -> Vec<String> {
    let moves: Vec<Move> = app.game.moves().copied().collect();
    let offset = ply_offset(app);
    let analysis = app.analysis_here();
    let texts: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let mark = analysis
                .and_then(|a| a.judgement(i))
                .map_or("", |j| j.mark());
            app.write(m) + mark
        })
        .collect();
    // The first mover's column is as wide as its longest move, so that a long
    // capture does not push the second mover's moves out of line.
    let col = texts
        .iter()
        .skip(offset)
        .step_by(2)
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(0)
        .max(9);
    let mut rows = Vec::new();
    let mut i = 0;
    let mut number = 1;
    if offset == 1 && !texts.is_empty() {
        rows.push(format!("{number:>3}. {:<col$} {}", "...", texts[0]));
        i = 1;
        number += 1;
    }
    while i < texts.len() {
        let second = texts.get(i + 1).cloned().unwrap_or_default();
        rows.push(format!("{number:>3}. {:<col$} {second}", texts[i]));
        i += 2;
        number += 1;
    }
    rows
}

/// The status line: a message, or whose turn it is and what the rules ask now.
/// It has two rows and wraps between words rather than lose its end.
fn render_status(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let l = app.lang;
    let inner = Rect::new(
        area.x + 1,
        area.y,
        area.width.saturating_sub(2),
        area.height,
    );
    if let Some(s) = &app.status {
        // A message may quote a file name or typed text: shown escaped, not dropped.
        let text = checkers::printable(&s.text);
        let style = if s.error { t.error() } else { t.info() };
        let lines: Vec<Line> = message_rows(&text, inner.width as usize)
            .into_iter()
            .map(|row| Line::styled(row, style))
            .collect();
        return Paragraph::new(lines).render(inner, buf);
    }
    let line = if let Some(o) = app.game.outcome() {
        let (headline, reason) = outcome_words(app, &o);
        let outcome = l.f(
            "outcome.line",
            &[("headline", &headline), ("reason", &reason)],
        );
        Line::styled(
            format!(" {}", l.f("status.game_over", &[("outcome", &outcome)])),
            t.info(),
        )
    } else {
        let side = app.game.position().side_to_move();
        let key = if app.ai.plays(side) {
            "status.ai_to_move"
        } else {
            "status.to_move"
        };
        let mut spans = vec![Span::raw(format!(
            " {}",
            l.f(key, &[("side", &l.mover(side))])
        ))];
        let sep = " · ";
        if let Some((most, rule)) = app.capture_summary() {
            spans.push(Span::styled(
                format!("{sep}{}", l.t("status.capture_mandatory")),
                t.error(),
            ));
            let mark = t.glyphs.most_capture;
            if rule && most > 1 {
                let text = l.f("status.take_most", &[("mark", &mark), ("n", &most)]);
                spans.push(Span::styled(format!("{sep}{text}"), t.error()));
            } else if most > 1 {
                let text = l.f("status.longest", &[("mark", &mark), ("n", &most)]);
                spans.push(Span::styled(format!("{sep}{text}"), t.info()));
            }
        }
        if app.selection.is_some() {
            spans.push(Span::styled(
                format!("{sep}{}", l.t("status.choose_landing")),
                t.info(),
            ));
        } else if app.touch_move() && !app.ai.plays(side) {
            spans.push(Span::styled(
                format!("{sep}{}", l.t("touch.in_force")),
                t.dim(),
            ));
        }
        Line::from(spans)
    };
    Paragraph::new(line)
        .wrap(Wrap { trim: true })
        .render(inner, buf);
}

fn render_command(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let line = match &app.command {
        Some(cmd) => {
            let (before, after) = cmd.text.split_at(cmd.cursor);
            let mut rest = after.chars();
            let under = rest.next().map(String::from).unwrap_or_else(|| " ".into());
            Line::from(vec![
                Span::raw(":"),
                Span::raw(before.to_string()),
                Span::styled(under, t.command_cursor()),
                Span::raw(rest.as_str().to_string()),
            ])
        }
        None => {
            let keys = fit_keys(app.lang.t("bar.keys"), area.width.saturating_sub(1).into());
            Line::styled(format!(" {keys}"), t.dim())
        }
    };
    Paragraph::new(line).render(area, buf);
}

/// The key bar's items (`? help · … · q quit`) that fit in `width` columns:
/// all if they do, else the first and the last (where help is and how to
/// quit) with as many of those between, in order, as leave room.
fn fit_keys(keys: &str, width: usize) -> String {
    const SEP: &str = " · ";
    let wide = |s: &str| s.chars().count();
    let items: Vec<&str> = keys.split(SEP).collect();
    let (Some(&first), Some(&last)) = (items.first(), items.last()) else {
        return keys.to_string();
    };
    if items.len() < 3 || wide(keys) <= width {
        return keys.to_string();
    }
    let mut kept = vec![first];
    let mut used = wide(first) + wide(SEP) + wide(last);
    for item in &items[1..items.len() - 1] {
        used += wide(SEP) + wide(item);
        if used > width {
            break;
        }
        kept.push(item);
    }
    kept.push(last);
    kept.join(SEP)
}

#[cfg(test)]
mod wrap_tests {
    use super::{wrap, wrap_items};

    /// A narrow terminal's key bar keeps help and quit and drops what is
    /// between from the end, never cutting an item in half.
    #[test]
    fn the_key_bar_keeps_help_and_quit_when_narrow() {
        let keys = "? help · : move or command · u undo · r redo · f flip · q quit";
        assert_eq!(super::fit_keys(keys, 80), keys);
        assert_eq!(
            super::fit_keys(keys, 58),
            "? help · : move or command · u undo · r redo · q quit"
        );
        assert_eq!(super::fit_keys(keys, 30), "? help · q quit");
        assert_eq!(super::fit_keys(keys, 5), "? help · q quit");
    }

    #[test]
    fn a_list_breaks_between_items() {
        let keys = "n: neue Partie · u: Zug zurück · Esc: Brett ansehen · q: Ende";
        assert_eq!(
            wrap_items(keys, 48, 1),
            [
                "n: neue Partie · u: Zug zurück ·",
                " Esc: Brett ansehen · q: Ende"
            ]
        );
        assert_eq!(wrap_items(keys, 80, 1), [keys]);
        // Where the mark cannot end a full line, the line's last item goes down
        // with the next: no line loses its mark.
        let list = " commands: undo · flip · resign · draw · hint · fen · save";
        let rows = wrap_items(list, 39, 2);
        assert_eq!(
            rows,
            [
                " commands: undo · flip · resign ·",
                "  draw · hint · fen · save"
            ]
        );
        assert_eq!(wrap_items("", 80, 1), [""]);
        let start =
            "Enter: spielen   r oder 1-9: eine unterbrochene Partie fortsetzen   q: beenden";
        assert_eq!(
            wrap_items(start, 76, 2),
            [
                "Enter: spielen   r oder 1-9: eine unterbrochene Partie fortsetzen",
                "  q: beenden"
            ]
        );
        // A key column padded with spaces is no list: its text wraps between words.
        let row = " Esc   cancel the selection (not under touch-move)";
        assert_eq!(wrap_items(row, 30, 7), wrap(row, 30, 7));
        for w in wrap_items(keys, 12, 1) {
            assert!(w.chars().count() <= 12, "{w:?}");
        }
    }

    #[test]
    fn wrapping_breaks_between_words_keeps_spacing_and_indents() {
        assert_eq!(
            wrap("Enter: play   q: quit", 40, 2),
            ["Enter: play   q: quit"]
        );
        assert_eq!(
            wrap("    one two three four", 14, 4),
            ["    one two", "    three four"]
        );
        for w in wrap(
            "a capture must go on until no further capture is possible",
            20,
            2,
        ) {
            assert!(w.chars().count() <= 20, "{w}");
        }
        let long = wrap("cannot read /a/very/long/path/name/here.pdn", 16, 2);
        assert!(long.iter().all(|l| l.chars().count() <= 16), "{long:?}");
        assert_eq!(
            long.concat().replace(' ', ""),
            "cannotread/a/very/long/path/name/here.pdn"
        );
    }
}

//! The whole screen, drawn from the state without changing it.

use super::app::{App, Overlay};
use super::board_view;
use super::layout::{MIN_HEIGHT, MIN_WIDTH};
use checkers::{Color, Move};
use ratatui::buffer::Buffer;
use ratatui::layout::{Alignment, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Widget, Wrap};

#[cfg(test)]
mod tests;

/// Every key, for the help overlay (and the README).
pub const KEYS: &[(&str, &str)] = &[
    ("arrows / h j k l", "move the cursor"),
    ("Enter / Space", "select a piece, then a landing square"),
    ("mouse click", "select a piece, then a landing square"),
    ("Esc", "cancel the selection (not under touch-move)"),
    (":", "type a move (11-15, c3:e5:g7) or a command"),
    ("Tab", "in the command line: complete a legal move"),
    ("u / r", "undo / redo a move"),
    ("f", "flip the board"),
    ("t", "hint: the AI suggests a move"),
    ("n", "show or hide square numbers"),
    ("PgUp / PgDn", "scroll the move list"),
    ("?", "this help"),
    ("q", "quit (asks while a game is in progress)"),
    ("Ctrl-C", "quit at once"),
];

/// The commands of the `:` line.
pub const COMMANDS: &[(&str, &str)] = &[
    ("undo, redo", "take back or replay a move"),
    ("flip", "turn the board round"),
    ("new [variant]", "start a new game"),
    ("resign", "resign the game"),
    ("draw", "offer a draw"),
    ("hint", "the AI suggests a move"),
    ("fen, save F, load F", "show the FEN; save or load PDN"),
    ("help", "this help"),
    ("quit", "leave"),
];

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let layout = self.layout();
        if layout.too_small {
            let text = vec![
                Line::from(format!("enlarge the terminal to {MIN_WIDTH}×{MIN_HEIGHT}")),
                Line::from(format!("(it is {}×{} now)", area.width, area.height)),
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
            return render_start(self, menu, area, buf);
        }
        board_view::render(self, &layout, buf);
        render_panel(self, layout.panel, buf);
        render_status(self, layout.status, buf);
        render_command(self, layout.command, buf);
        if let Some(overlay) = &self.overlay {
            render_overlay(self, overlay, area, buf);
        }
    }
}

fn side_glyph(app: &App, c: Color) -> &'static str {
    match c {
        Color::White => app.theme.glyphs.white_man,
        Color::Black => app.theme.glyphs.black_man,
    }
}

fn capitalised(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn render_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let pos = app.game.position();
    let rules = app.game.rules();
    let mut lines = vec![Line::styled(rules.name.clone(), t.title())];
    let side = pos.side_to_move();
    match app.game.outcome() {
        // Two lines: the outcome alone nearly fills the narrowest panel.
        Some(o) => {
            lines.push(Line::styled("Game over:", t.info()));
            lines.push(Line::styled(o.to_string(), t.info()));
        }
        None => lines.push(Line::from(format!(
            "{} {} to move",
            side_glyph(app, side),
            capitalised(side)
        ))),
    }
    for c in [Color::White, Color::Black] {
        let (men, kings) = (pos.men(c).count(), pos.kings(c).count());
        lines.push(Line::from(format!(
            "{} {}: {men} {}, {kings} {}",
            side_glyph(app, c),
            capitalised(c),
            if men == 1 { "man" } else { "men" },
            if kings == 1 { "king" } else { "kings" },
        )));
    }
    if app.touch_move() {
        lines.push(Line::styled("touch-move in force", t.dim()));
    }
    if app.ai.white || app.ai.black {
        let who = match (app.ai.white, app.ai.black) {
            (true, true) => "AI plays both sides",
            (true, false) => "AI plays White",
            _ => "AI plays Black",
        };
        lines.push(Line::styled(
            format!("{who}, level {}", app.ai.level),
            t.dim(),
        ));
    }
    if let Some(th) = &app.thinking {
        let what = match th.purpose {
            super::app::Purpose::Move => "thinking…",
            super::app::Purpose::Hint => "looking for a hint…",
            super::app::Purpose::DrawOffer => "considering the draw…",
        };
        lines.push(Line::styled(what.to_string(), t.info()));
        if let Some(info) = &th.info {
            let score = info.score as f64 / 100.0;
            lines.push(Line::styled(
                format!("depth {}  score {:+.2}", info.depth, score),
                t.info(),
            ));
            lines.push(Line::styled(
                format!("{:.1} M nodes/s", info.nps() as f64 / 1e6),
                t.info(),
            ));
            let pv: Vec<String> = info.pv.iter().take(6).map(|m| app.write(m)).collect();
            let mut line = format!("pv {}", pv.join(" "));
            line.truncate(area.width as usize);
            lines.push(Line::styled(line, t.dim()));
        }
    }
    for (rule, count) in app.game.counters() {
        let left = rule.plies().saturating_sub(count);
        if left <= 20 {
            let done = format!("{} of {} moves", count / 2, rule.moves);
            let line = format!("{}: {done}", rule.name);
            if line.chars().count() <= area.width as usize {
                lines.push(Line::styled(line, t.error()));
            } else {
                // Beside a small board the panel is narrow: the count goes on a
                // line of its own rather than being cut off.
                lines.push(Line::styled(format!("{}:", rule.name), t.error()));
                lines.push(Line::styled(format!("  {done}"), t.error()));
            }
        }
    }
    let reps = app.game.repetitions();
    if reps >= 2 && app.game.outcome().is_none() {
        lines.push(Line::styled(
            format!(
                "position repeated {reps} times (draw at {})",
                rules.repetition
            ),
            t.error(),
        ));
    }
    lines.push(Line::from(""));
    lines.push(Line::styled("Moves", t.title()));
    let header = lines.len() as u16;
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
        lines.push(Line::styled("(none yet)", t.dim()));
    }
    Paragraph::new(lines).render(area, buf);
}

/// The move list as numbered full moves in the variant's notation.
fn move_rows(app: &App) -> Vec<String> {
    let moves: Vec<Move> = app.game.moves().copied().collect();
    let first = app.game.rules().first_move;
    // A game set up with the second player to move starts with "1. ...".
    let offset = usize::from(app.game.start().side_to_move() != first);
    let texts: Vec<String> = moves.iter().map(|m| app.write(m)).collect();
    let mut rows = Vec::new();
    let mut i = 0;
    let mut number = 1;
    if offset == 1 && !texts.is_empty() {
        rows.push(format!("{number:>3}. ...     {}", texts[0]));
        i = 1;
        number += 1;
    }
    while i < texts.len() {
        let second = texts.get(i + 1).cloned().unwrap_or_default();
        rows.push(format!("{number:>3}. {:<9} {second}", texts[i]));
        i += 2;
        number += 1;
    }
    rows
}

fn render_status(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let line = if let Some(s) = &app.status {
        // A message may quote a file name or typed text: shown escaped, not dropped.
        Line::styled(
            format!(" {}", checkers::printable(&s.text)),
            if s.error { t.error() } else { t.info() },
        )
    } else if let Some(o) = app.game.outcome() {
        Line::styled(format!(" Game over: {o}"), t.info())
    } else {
        let side = app.game.position().side_to_move();
        let who = if app.ai.plays(side) { " (AI)" } else { "" };
        let mut spans = vec![Span::raw(format!(" {}{who} to move", capitalised(side)))];
        if let Some((most, rule)) = app.capture_summary() {
            spans.push(Span::styled(" · a capture is mandatory", t.error()));
            let g = &t.glyphs;
            if rule && most > 1 {
                spans.push(Span::styled(
                    format!(" · {} take the most: {most}", g.most_capture),
                    t.error(),
                ));
            } else if most > 1 {
                spans.push(Span::styled(
                    format!(" · {} longest takes {most}", g.most_capture),
                    t.info(),
                ));
            }
        }
        if app.selection.is_some() {
            spans.push(Span::styled(" · choose a landing square", t.info()));
        }
        Line::from(spans)
    };
    Paragraph::new(line).render(area, buf);
}

fn render_command(app: &App, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let line = match &app.command {
        Some(cmd) => Line::from(vec![
            Span::raw(":"),
            Span::raw(cmd.text.clone()),
            Span::styled("_", t.cursor()),
        ]),
        None => Line::styled(
            " ? help · : type a move · u undo · r redo · f flip · q quit",
            t.dim(),
        ),
    };
    Paragraph::new(line).render(area, buf);
}

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

fn dialog(title: &str, lines: Vec<Line<'static>>, area: Rect, buf: &mut Buffer) {
    let width = lines
        .iter()
        .map(|l| l.width() as u16)
        .max()
        .unwrap_or(10)
        .max(title.len() as u16)
        + 4;
    let rect = centered(area, width, lines.len() as u16 + 2);
    Clear.render(rect, buf);
    Paragraph::new(lines)
        .block(
            Block::default()
                .borders(Borders::ALL)
                .title(format!(" {title} ")),
        )
        .render(rect, buf);
}

fn render_overlay(app: &App, overlay: &Overlay, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    match overlay {
        Overlay::Help => {
            let mut lines: Vec<Line<'static>> = KEYS
                .iter()
                .map(|(k, v)| Line::from(format!(" {k:<18} {v}")))
                .collect();
            let names: Vec<&str> = COMMANDS.iter().map(|(k, _)| *k).collect();
            let (a, b) = names.split_at(names.len() / 2);
            lines.push(Line::styled(
                format!(" commands after `:`  {}", a.join(" · ")),
                t.title(),
            ));
            lines.push(Line::styled(
                format!("                     {}", b.join(" · ")),
                t.title(),
            ));
            let g = &t.glyphs;
            lines.push(Line::from(format!(
                " {} must capture  {} takes the most  {} selected  {} landing  {} taken  {} last move",
                g.must_capture, g.most_capture, g.selected, g.target, g.taken, g.last_move
            )));
            lines.push(Line::styled(" Esc or ? to close", t.dim()));
            dialog("Help", lines, area, buf);
        }
        Overlay::ConfirmQuit => {
            let mut lines = where_kept(app);
            lines.push(Line::from(" Quit now?  y: yes  n: no "));
            dialog("Quit?", lines, area, buf)
        }
        Overlay::ConfirmNew { .. } => {
            let mut lines = where_kept(app);
            lines.push(Line::from(" Start a new game?  y: yes  n: no "));
            dialog("New game?", lines, area, buf)
        }
        Overlay::DrawOffer { by } => dialog(
            "Draw offered",
            vec![
                Line::from(format!(" {} offers a draw.", capitalised(*by))),
                Line::from(format!(
                    " {}, do you accept?  y: yes  n: no ",
                    capitalised(by.opposite())
                )),
            ],
            area,
            buf,
        ),
        Overlay::GameOver => {
            let outcome = app.game.outcome();
            let headline = match &outcome {
                Some(o) => match o.winner {
                    Some(c) => format!(" {} wins.", capitalised(c)),
                    None => " Draw.".to_string(),
                },
                None => " Game over.".to_string(),
            };
            let reason = outcome.map(|o| format!(" {o}")).unwrap_or_default();
            dialog(
                "Game over",
                vec![
                    Line::styled(headline, t.title()),
                    Line::from(reason),
                    Line::from(""),
                    Line::from(" n: new game  u: undo  Esc: look at the board  q: quit "),
                ],
                area,
                buf,
            );
        }
    }
}

/// The truth about the game on screen, for the dialogs that leave it.
fn where_kept(app: &App) -> Vec<Line<'static>> {
    use super::app::Kept;
    match &app.kept {
        Kept::Saved(path) => {
            let id = std::path::Path::new(path)
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default();
            vec![
                Line::from(" This game is saved, to go on with later:"),
                Line::from(format!(" {}", checkers::printable(path))),
                Line::from(format!(" (checkers --resume {id})")),
            ]
        }
        Kept::Failed(e) => vec![
            Line::styled(" This game could NOT be saved:", app.theme.error()),
            Line::from(format!(" {}.", checkers::printable(e))),
            Line::from(" Its moves since the last save will be lost."),
        ],
        Kept::Nowhere if app.review => vec![Line::from(" The game record is left as it was.")],
        Kept::Nowhere => vec![Line::from(" This game is not saved; it will be lost.")],
    }
}

fn render_start(app: &App, menu: &super::app::StartMenu, area: Rect, buf: &mut Buffer) {
    let t = &app.theme;
    let mut lines = vec![
        Line::styled("checkers", t.title()),
        Line::from(""),
        Line::from("Choose a variant (↑/↓, Enter to play):"),
    ];
    for (i, r) in menu.variants.iter().enumerate() {
        let marker = if i == menu.selected {
            t.glyphs.selected
        } else {
            " "
        };
        let style = if i == menu.selected {
            t.highlight_row()
        } else {
            Style::default()
        };
        lines.push(Line::styled(format!("{marker} {:<20}", r.name), style));
        // With unfinished games to list, only the chosen variant is described,
        // so that the list fits a 24-line terminal.
        if menu.unfinished.is_empty() || i == menu.selected {
            lines.push(Line::styled(format!("    {}", r.description), t.dim()));
        }
    }
    let (opponent, white, black) = super::app::OPPONENTS[menu.opponent];
    lines.push(Line::from(format!("Opponent (←/→): {opponent}")));
    if white || black {
        let level = checkers::ai::Level::get_or_default(menu.level);
        let lvl = level.level;
        // The level without a time of its own plays at the think time.
        let think = if level.movetime.is_none() {
            format!("   think time (</>): {} s", menu.think_time.as_secs())
        } else {
            String::new()
        };
        lines.push(Line::from(format!(
            "AI level (-/+): {lvl} of {}{think}",
            checkers::ai::MAX_LEVEL
        )));
    } else {
        lines.push(Line::from(""));
    }
    if menu.unfinished.is_empty() {
        lines.push(Line::styled("Enter: play   q: quit", t.dim()));
    } else {
        lines.push(Line::styled(
            "Enter: play   r or 1-9: continue an unfinished game   q: quit",
            t.dim(),
        ));
        lines.push(Line::from("Unfinished games:"));
        // As many as fit (each wraps to at most two lines on a narrow screen).
        let room = usize::from(area.height.saturating_sub(2)).saturating_sub(lines.len() + 1);
        let shown = menu.unfinished.len().min(9).min(room.max(1));
        for (i, u) in menu.unfinished.iter().take(shown).enumerate() {
            let against = match u.ai {
                Some(ai) if ai.white && ai.black => ", AI against AI".to_string(),
                Some(ai) if ai.white || ai.black => format!(", against AI level {}", ai.level),
                _ => String::new(),
            };
            lines.push(Line::from(format!(
                " {}  {}, {} moves{against}  ({})",
                i + 1,
                u.game.rules().name,
                u.game.moves().len(),
                u.id
            )));
        }
        if shown < menu.unfinished.len() {
            lines.push(Line::styled(
                format!(
                    " and {} more: `checkers games` lists them",
                    menu.unfinished.len() - shown
                ),
                t.dim(),
            ));
        }
    }
    let rect = Rect::new(
        2,
        1,
        area.width.saturating_sub(4),
        area.height.saturating_sub(2),
    );
    Paragraph::new(lines)
        .wrap(Wrap { trim: false })
        .render(rect, buf);
}

//! The review's part of the panel: progress, the graph of the evaluation over
//! the game, and the verdict on the move just stepped to.

use super::entry;
use crate::tui::app::{Analysis, App, Live};
use checkers::ai::review::{chances, for_white, Judgement, Verdict};
use checkers::Color;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};

/// White's winning chances at each position of the line, as -1 (Black wins)
/// to 1 (White wins); `None` where the engine has not been yet.
fn balance(app: &App, a: &Analysis) -> Vec<Option<f64>> {
    let mut side = app.game.start().side_to_move();
    a.verdicts
        .iter()
        .map(|v| {
            let here = side;
            side = side.opposite();
            v.as_ref().map(|v| {
                let s = if here == Color::White {
                    v.score
                } else {
                    -v.score
                };
                (chances(s) - 50.0) / 50.0
            })
        })
        .collect()
}

/// The graph: a bar per position (or per group of positions, when the game is
/// longer than the panel is wide) up from the middle for White, down for
/// Black, the position on the board highlighted and the marked moves in the
/// warning colour.
pub(super) fn graph(app: &App, a: &Analysis, width: u16, height: u16) -> Vec<Line<'static>> {
    let t = &app.theme;
    let values = balance(app, a);
    let n = values.len();
    let cols = (width as usize).clamp(1, n.max(1));
    let here = app.game.moves().len();
    let (full, upper, lower, empty) = if t.ascii {
        ("#", "'", ".", " ")
    } else {
        ("█", "▀", "▄", " ")
    };
    let half = (height / 2).max(1) as usize;
    // Each column's positions, its value (the last one known), and its style.
    let columns: Vec<(Option<f64>, Style)> = (0..cols)
        .map(|c| {
            let (lo, hi) = (c * n / cols, ((c + 1) * n / cols).max(c * n / cols + 1));
            let value = (lo..hi).rev().find_map(|k| values[k]);
            let marked = (lo..hi)
                .any(|k| k > 0 && a.judgement(k - 1).is_some_and(|j| j >= Judgement::Mistake));
            let mut style = if marked { t.error() } else { t.info() };
            if (lo..hi).contains(&here) {
                style = style.add_modifier(Modifier::REVERSED);
            }
            (value, style)
        })
        .collect();
    let mut lines = Vec::new();
    for row in 0..2 * half {
        let spans: Vec<Span> = columns
            .iter()
            .map(|&(value, style)| {
                let v = value.unwrap_or(0.0);
                // Half-cells filled from the middle line outwards.
                let amount = (v.abs() * (2 * half) as f64).round() as usize;
                let (away, white_row) = if row < half {
                    (half - 1 - row, true)
                } else {
                    (row - half, false)
                };
                let ours = (v > 0.0) == white_row && v != 0.0;
                let glyph = if value.is_none() || !ours || amount <= 2 * away {
                    empty
                } else if amount >= 2 * away + 2 {
                    full
                } else if white_row {
                    lower
                } else {
                    upper
                };
                Span::styled(glyph, style)
            })
            .collect();
        lines.push(Line::from(spans));
    }
    lines
}

/// The review's lines of the panel.
pub(super) fn lines(app: &App, a: &Analysis, width: u16, tall: bool) -> Vec<Line<'static>> {
    let t = &app.theme;
    let l = app.lang;
    let mut lines = Vec::new();
    let header = if a.running {
        l.f(
            "panel.review_running",
            &[("done", &a.done()), ("total", &a.verdicts.len())],
        )
    } else {
        l.t("panel.review").to_string()
    };
    // Wrapped between words like every entry: "Partieanalyse: 6 von 83
    // Stellungen" was cut at 80×24.
    entry(&mut lines, &header, t.title(), width, 2);
    lines.extend(graph(app, a, width, if tall { 6 } else { 4 }));
    let here = app.game.moves().len();
    let pos = *app.game.position();
    if here > 0 {
        let i = here - 1;
        let before = app.game.position_before(i);
        let m = a.line[i];
        let judged = a.judgement(i);
        let text = checkers::notation::write_short(&m, before, app.game.rules())
            + judged.map_or("", Judgement::mark);
        // After the last move of a finished game the result says it all.
        let after = a.verdicts[here]
            .as_ref()
            .filter(|v| v.depth > 0)
            .map(|v| for_white(v.score, pos.side_to_move()));
        match (judged, &a.verdicts[i]) {
            (Some(j), Some(b)) => {
                let said = l.f(
                    "panel.review_judged",
                    &[
                        ("move", &text),
                        ("judgement", &l.t(&format!("judgement.{}", j.name()))),
                        ("before", &for_white(b.score, before.side_to_move())),
                        ("after", &after.clone().unwrap_or_default()),
                    ],
                );
                entry(&mut lines, &said, t.error(), width, 2);
                entry(&mut lines, &best_line(app, before, b, 3), t.dim(), width, 2);
            }
            _ => {
                let said = l.f(
                    "panel.review_move",
                    &[("move", &text), ("score", &after.unwrap_or_default())],
                );
                entry(&mut lines, &said, Style::default(), width, 2);
            }
        }
    }
    // The line from here, unless the better line of a marked move is shown.
    let marked = here.checked_sub(1).and_then(|i| a.judgement(i)).is_some();
    if let Some(v) = a.verdicts.get(here).and_then(|v| v.as_ref()) {
        if !v.pv.is_empty() && !marked {
            entry(&mut lines, &best_line(app, &pos, v, 4), t.dim(), width, 2);
        }
    }
    lines
}

/// "best: 9-13 22-18 … +0.20": the first `most` moves of the engine's line
/// from `pos` and its score, for White.
fn best_line(app: &App, pos: &checkers::Position, v: &Verdict, most: usize) -> String {
    app.lang.f(
        "panel.review_best",
        &[
            ("line", &pv_text(app, pos, &v.pv, most)),
            ("score", &for_white(v.score, pos.side_to_move())),
        ],
    )
}

/// Up to `most` moves of `pv` from `pos`, in the variant's notation.
fn pv_text(app: &App, pos: &checkers::Position, pv: &[checkers::Move], most: usize) -> String {
    checkers::notation::write_line(&pv[..pv.len().min(most)], pos, app.game.rules()).join(" ")
}

/// The analysis's lines of the panel: its depth, then each line with its
/// score for White.
pub(super) fn live_lines(app: &App, live: &Live, width: u16) -> Vec<Line<'static>> {
    let t = &app.theme;
    let l = app.lang;
    let mut lines = vec![Line::styled(
        l.f("panel.analysis", &[("depth", &live.depth)]),
        t.title(),
    )];
    let side = live.pos.side_to_move();
    for line in &live.lines {
        let text = format!(
            "{} {}",
            for_white(line.score, side),
            pv_text(app, &live.pos, &line.pv, 6)
        );
        entry(&mut lines, &text, t.info(), width, 6);
    }
    lines
}

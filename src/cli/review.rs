//! `checkers review FILE`: the engine's verdict on every move of a game, in the
//! terminal (graph, marks, best lines, stepping) or written as annotated PDN.

use super::game::{load_game, need_terminal};
use super::{lang, load_config, shown, theme, DisplayArgs, Fail, ReviewArgs};
use crate::tui;
use checkers::ai::review::{for_white, judge, review as review_line, Verdict};
use checkers::ai::Limits;
use checkers::notation::{write_line, write_short};
use checkers::pdn::{move_number, Note, Tags};
use checkers::{Color, Game, Ruleset};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub(super) fn review(a: &ReviewArgs, display: &DisplayArgs) -> Result<(), Fail> {
    let config = load_config()?;
    let given = match (&a.rules.variant, &a.rules.ruleset) {
        (None, None) => None,
        _ => Some(super::load_rules(&super::RulesArgs {
            variant: a.rules.variant.clone(),
            ruleset: a.rules.ruleset.clone(),
        })?),
    };
    let assume = checkers::pdn::Assume {
        variant: given,
        preferred: config.variant.as_deref().and_then(Ruleset::builtin),
    };
    let (game, carried, notes, tags) = load_game(&a.file, a.game as usize, &assume)?;
    let limits = Limits {
        depth: a.depth,
        movetime: match (a.depth, a.movetime) {
            (_, Some(ms)) => Some(Duration::from_millis(ms)),
            (None, None) => Some(tui::REVIEW_TIME),
            (Some(_), None) => None,
        },
        ..Limits::default()
    };
    if game.moves().len() == 0 {
        let file = shown(&a.file);
        return Err(Fail::Input(
            super::localize::current().f("cli.review.no_moves", &[("file", &file), ("n", &a.game)]),
        ));
    }
    if let Some(out) = &a.pdn {
        return write_review(&game, tags, limits, out, a.force);
    }
    need_terminal(lang(display, &config))?;
    let name = a.file.display().to_string();
    let opts = tui::Options {
        rules: game.rules().clone(),
        start: None,
        theme: theme(display, &config),
        lang: lang(display, &config),
        no_touch_move: !config.touch_move,
        fixed_bottom: None,
        start_screen: false,
        eval: None,
        ai: tui::AiSettings::default(),
        board_numbers: config.board_numbers,
        resume: Some(game),
        review: true,
        unfinished: Vec::new(),
        open_elsewhere: 0,
        ruleset_text: carried,
        kept_at: None,
        notes: notes.iter().map(|n| format!("{name}: {n}")).collect(),
        tags: Some(tags),
        clock: None,
        analyse: Some(limits),
    };
    tui::run(opts, crate::games::Keeper::default()).map_err(Fail::Runtime)
}

/// Reviews the game without a screen and writes it annotated to `out`:
/// progress on standard error, a report on standard output.
fn write_review(
    game: &Game,
    mut tags: Tags,
    limits: Limits,
    out: &std::path::Path,
    force: bool,
) -> Result<(), Fail> {
    super::check_out(out, force, "--pdn")?;
    let rules = game.rules();
    // The moves played (a record opens at its end), each with its position.
    let line: Vec<checkers::Move> = game.moves().copied().collect();
    let total = line.len() + 1;
    let mut engine = checkers::ai::Engine::new(rules, 32);
    let bar = super::learn::Progress::new("review", total as u64);
    let mut verdicts: Vec<Option<Verdict>> = vec![None; total];
    let stop = AtomicBool::new(false);
    review_line(
        &mut engine,
        rules,
        *game.start(),
        &line,
        limits,
        &stop,
        &mut |engine, pos| super::tables::prepare(engine, pos, &mut |_| {}),
        &mut |ply, verdict| {
            verdicts[ply] = Some(verdict);
            bar.tick(ply as u64 + 1, "");
        },
    );
    let mut report: Vec<String> = Vec::new();
    let mut counts = [[0usize; 3]; 2];
    for (i, m) in line.iter().enumerate() {
        let before = game.position_before(i);
        let side = before.side_to_move();
        let text = write_short(m, before, rules);
        let mut note = Note::default();
        if let (Some(b), Some(after)) = (&verdicts[i], &verdicts[i + 1]) {
            // After the last move of a finished game the result says it all.
            let mut comment = if after.depth == 0 {
                String::new()
            } else {
                format!("[%eval {}] ", for_white(after.score, side.opposite()))
            };
            if let Some(j) = judge(b, after, m) {
                note.mark = j.mark();
                counts[side.index()][j as usize] += 1;
                let best = write_line(&b.pv[..b.pv.len().min(6)], before, rules);
                comment.push_str(&format!(
                    "{}; best {} ({})",
                    j.name(),
                    best.join(" "),
                    for_white(b.score, side)
                ));
                report.push(format!(
                    "{} {text}{} {} -> {}, best {}",
                    move_number(game.start().side_to_move(), rules, i),
                    j.mark(),
                    for_white(b.score, side),
                    for_white(after.score, side.opposite()),
                    best.first().cloned().unwrap_or_default()
                ));
            }
            note.comment = comment.trim_end().to_string();
        }
        tags.notes.push(note);
    }
    let text = crate::games::write_game(game, &tags, None);
    super::write_out(out, &text, force)?;
    bar.finish(&format!("{total} positions, written to {}", shown(out)));
    for c in [Color::White, Color::Black] {
        let [i, m, b] = counts[c.index()];
        let words =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        println!(
            "{}: {}, {}, {}",
            c.name(),
            words(i, "inaccuracy", "inaccuracies"),
            words(m, "mistake", "mistakes"),
            words(b, "blunder", "blunders")
        );
    }
    for r in report {
        println!("{r}");
    }
    Ok(())
}

//! Analysis in the terminal game, fed lines as the analysis thread sends them.

use crate::tui::app::{Action, App, Effect};
use crate::tui::test_support::*;
use checkers::ai::analysis::Line;
use checkers::rules::builtin::RUSSIAN;

fn analyse_id(a: &mut App) -> u64 {
    std::mem::take(&mut a.effects)
        .into_iter()
        .filter_map(|e| match e {
            Effect::Analyse(r) => Some(r.id),
            _ => None,
        })
        .last()
        .expect("an analysis is asked for")
}

#[test]
fn analysis_shows_three_lines_and_follows_the_board() {
    let mut a = app(RUSSIAN, None);
    ch(&mut a, 'a');
    let id = analyse_id(&mut a);
    let moves = a.game.legal_moves();
    let lines: Vec<Line> = (0..3)
        .map(|i| Line {
            score: 30 - 10 * i as i32,
            pv: vec![moves[i]],
        })
        .collect();
    a.update(Action::Analysed {
        id,
        depth: 9,
        lines,
    });
    let shown = screen(&a);
    assert!(shown.contains("Analysis, depth 9 (a: stop)"), "{shown}");
    for (i, score) in ["+0.30", "+0.20", "+0.10"].iter().enumerate() {
        let text = format!("{score} {}", a.write(&moves[i]));
        assert!(shown.contains(&text), "{text} in {shown}");
    }
    // The board still takes moves: the analysis starts again on the new position.
    type_move(&mut a, "c3-d4");
    assert_eq!(a.game.moves().len(), 1);
    let next = analyse_id(&mut a);
    assert_ne!(next, id);
    assert_eq!(a.live.as_ref().map(|l| l.depth), Some(0));
    // A late report of the old position is dropped.
    a.update(Action::Analysed {
        id,
        depth: 12,
        lines: Vec::new(),
    });
    assert_eq!(a.live.as_ref().map(|l| l.depth), Some(0));
    // And taken back: again.
    ch(&mut a, 'u');
    assert_eq!(a.game.moves().len(), 0);
    analyse_id(&mut a);
    // a stops it.
    ch(&mut a, 'a');
    assert!(a.live.is_none());
    assert!(a.effects.iter().any(|e| matches!(e, Effect::StopAnalysis)));
}

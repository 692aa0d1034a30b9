//! Reviewing a game: the engine's verdict on every position of it, and the
//! moves that threw away the most, marked as PDN marks them.
//!
//! A move is judged by how much it lowered the mover's **winning chances**, not
//! by how many hundredths of a man it lost: a score `s` (hundredths of a man,
//! the mover's view) is worth `100 / (1 + e^(-s/100))` chances out of 100, so a
//! man up is 73, two men up 88, and a won or lost position hardly moves when the
//! score swings further. The thresholds are lidraughts' and lichess's, which
//! players know: a fall of 10 is an inaccuracy (`?!`), 20 a mistake (`?`), 30 a
//! blunder (`??`). A man given away for nothing from a level position is then a
//! mistake (50 → 27), two men a blunder (50 → 12), a man given back when three
//! up at most an inaccuracy, and nothing at all once the game is lost either way. The move the engine would
//! have played is never marked, whatever the scores say of it at the depth
//! searched.

use super::search::{Engine, Limits, MATE};
use super::Past;
use crate::game::Game;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Ruleset;
use std::sync::atomic::{AtomicBool, Ordering};

/// What the engine thinks of one position of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Hundredths of a man for the side to move.
    pub score: i32,
    /// The depth the score comes from (0: the game was over there).
    pub depth: u32,
    /// The best line from here, its first move the one to play.
    pub pv: Vec<Move>,
}

impl Verdict {
    /// The move the engine would play here.
    pub fn best(&self) -> Option<&Move> {
        self.pv.first()
    }
}

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// The winning chances fell by 10 or more of 100.
    Inaccuracy,
    /// By 20 or more.
    Mistake,
    /// By 30 or more.
    Blunder,
}

impl Judgement {
    /// The PDN move-strength mark: `?!`, `?` or `??`.
    pub fn mark(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    /// The English word, for comments and catalogue keys.
    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// A score for `side` as reviews write it, for White (see [`score_text`]).
pub fn for_white(score: i32, side: crate::Color) -> String {
    score_text(if side == crate::Color::White {
        score
    } else {
        -score
    })
}

/// A score as it stands, for whichever side it is for: `+0.35` in men, or `#7`
/// / `#-4`, the moves to a win or a loss.
pub fn score_text(s: i32) -> String {
    if s.abs() >= super::MATE_BOUND {
        let moves = (MATE - s.abs() + 1) / 2;
        format!("#{}{moves}", if s < 0 { "-" } else { "" })
    } else {
        format!("{:+.2}", s as f64 / 100.0)
    }
}

/// Winning chances out of 100 of the side a score `score` is for.
pub fn chances(score: i32) -> f64 {
    let s = score.clamp(-MATE, MATE) as f64;
    100.0 / (1.0 + (-s / 100.0).exp())
}

/// The judgement of `played`, made where the engine said `before` (for the
/// mover) and leading where it said `after` (for the opponent, to move there).
pub fn judge(before: &Verdict, after: &Verdict, played: &Move) -> Option<Judgement> {
    if before.best().is_some_and(|b| b.same_move(played)) {
        return None;
    }
    let fall = chances(before.score) - chances(-after.score);
    match fall {
        f if f >= 30.0 => Some(Judgement::Blunder),
        f if f >= 20.0 => Some(Judgement::Mistake),
        f if f >= 10.0 => Some(Judgement::Inaccuracy),
        _ => None,
    }
}

/// The engine's verdict on each position of the line `moves` from `start`:
/// `each(i, verdict)` for the position before move `i` (`i` = the number of
/// moves: the last position), in order, until `stop` is set. Each search sees
/// the game before it, for repetitions and the no-progress counts; `prepare`
/// runs before each (to attach endgame tables). Returns how many positions
/// were reviewed; a move that is not legal ends the line there.
#[allow(clippy::too_many_arguments)]
pub fn review(
    engine: &mut Engine,
    rules: &Ruleset,
    start: Position,
    moves: &[Move],
    limits: Limits,
    stop: &AtomicBool,
    prepare: &mut dyn FnMut(&mut Engine, &Position),
    each: &mut dyn FnMut(usize, Verdict),
) -> usize {
    let mut game = Game::from_position(rules.clone(), start);
    for i in 0..=moves.len() {
        if stop.load(Ordering::Relaxed) {
            return i;
        }
        let pos = *game.position();
        let verdict = if let Some(o) = game.outcome().filter(|_| i == moves.len()) {
            // The game ended here: its verdict is the result, not a search.
            let score = match o.winner {
                None => 0,
                Some(c) if c == pos.side_to_move() => MATE,
                Some(_) => -MATE,
            };
            Verdict {
                score,
                depth: 0,
                pv: Vec::new(),
            }
        } else {
            prepare(engine, &pos);
            let past = Past::of(&game);
            let result = engine.search(&pos, &past, limits, stop, &mut |_| {});
            if stop.load(Ordering::Relaxed) && result.info.depth == 0 {
                return i;
            }
            Verdict {
                score: result.info.score,
                depth: result.info.depth,
                pv: result.info.pv.clone(),
            }
        };
        each(i, verdict);
        if let Some(m) = moves.get(i) {
            if game.play_on(m).is_err() {
                return i + 1;
            }
        }
    }
    moves.len() + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn verdict(score: i32, pv: Vec<Move>) -> Verdict {
        Verdict {
            score,
            depth: 6,
            pv,
        }
    }

    #[test]
    fn chances_are_even_at_zero_and_saturate() {
        assert!((chances(0) - 50.0).abs() < 1e-9);
        assert!((chances(100) - 73.1).abs() < 0.1);
        assert!(chances(MATE) > 99.9 && chances(-MATE) < 0.1);
        assert!((chances(250) + chances(-250) - 100.0).abs() < 1e-9);
    }

    #[test]
    fn a_move_is_judged_by_the_chances_it_threw_away() {
        let rules = Ruleset::builtin(crate::rules::builtin::ENGLISH).unwrap();
        let moves = crate::legal_moves(&Position::start(&rules), &rules);
        let (best, other) = (moves[0], moves[1]);
        let level = verdict(0, vec![best]);
        // Two men given away from a level position: a blunder; one, a mistake.
        assert_eq!(
            judge(&level, &verdict(200, vec![]), &other),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            judge(&level, &verdict(100, vec![]), &other),
            Some(Judgement::Mistake)
        );
        assert_eq!(
            judge(&level, &verdict(50, vec![]), &other),
            Some(Judgement::Inaccuracy)
        );
        assert_eq!(judge(&level, &verdict(20, vec![]), &other), None);
        // The engine's own move is never marked.
        assert_eq!(judge(&level, &verdict(300, vec![]), &best), None);
        // Three men up, one given back: only an inaccuracy at most.
        let ahead = verdict(300, vec![best]);
        assert!(judge(&ahead, &verdict(-200, vec![]), &other) <= Some(Judgement::Inaccuracy));
        // Lost either way: nothing.
        let lost = verdict(-MATE + 10, vec![best]);
        assert_eq!(judge(&lost, &verdict(MATE - 5, vec![]), &other), None);
        assert_eq!(Judgement::Blunder.mark(), "??");
        assert_eq!(for_white(35, crate::Color::White), "+0.35");
        assert_eq!(for_white(35, crate::Color::Black), "-0.35");
        assert_eq!(for_white(MATE - 5, crate::Color::Black), "#-3");
        assert_eq!(for_white(MATE, crate::Color::White), "#0");
    }
}

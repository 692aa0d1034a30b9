//! Self-play games for training: the engine against itself from varied openings,
//! each quiet position kept with the search's score and, later, the game's result.
//!
//! A game depends only on the ruleset, the evaluation, the settings and its
//! index: the search is limited by depth, not time, and the table is cleared
//! before each game, so a run can be split over threads, stopped and resumed and
//! still give the same games.

use crate::ai::search::{Engine, Limits, MATE_BOUND};
use crate::ai::{Past, Rng};
use crate::game::Game;
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Ruleset;
use crate::square::Color;
use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

/// How self-play games are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Search depth per move, in plies.
    pub depth: u32,
    /// Up to this many random plies after the book opening, for variety.
    pub random_plies: u32,
    /// Seed of the random plies.
    pub seed: u64,
    /// A game this long is a draw.
    pub max_plies: usize,
    /// A side whose score stays at or above this (hundredths of a man) for
    /// [`Settings::adjudicate_plies`] plies in a row is scored the winner.
    pub adjudicate: i32,
    /// How many plies in a row the score must stay past [`Settings::adjudicate`]
    /// for the game to be scored.
    pub adjudicate_plies: u32,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            depth: 6,
            random_plies: 4,
            seed: 1,
            max_plies: 300,
            adjudicate: 700,
            adjudicate_plies: 6,
        }
    }
}

/// A quiet position of a self-play game and what the search thought of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sample {
    /// A position of the game with no capture to make, before the move played from it.
    pub position: Position,
    /// The search's score, hundredths of a man, from White's view.
    pub score: i32,
}

/// One finished self-play game.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The game's index, which with the settings decides the whole game (its
    /// book line too).
    pub index: u64,
    /// White's result: 1, ½ or 0.
    pub result: f32,
    /// Plies played, opening included.
    pub plies: usize,
    /// The game's quiet positions in the order played, except those scored as a
    /// forced win or loss.
    pub samples: Vec<Sample>,
}

/// The positions of the first `plies` plies from the start, a ply at a time
/// (the start is the first level): each position once, at the first ply that
/// reaches it, with the first line found to it. A position `keep` turns away
/// is left out and its moves are not followed.
pub fn early_positions(
    rules: &Ruleset,
    plies: usize,
    keep: impl Fn(&Position) -> bool,
) -> Vec<Vec<(Position, Vec<Move>)>> {
    let start = Position::start(rules);
    let mut seen = HashSet::from([start]);
    let mut levels = vec![vec![(start, Vec::new())]];
    for _ in 0..plies {
        let mut next = Vec::new();
        for (pos, line) in levels.last().expect("the start's level") {
            for m in legal_moves(pos, rules).iter() {
                let child = pos.after(m);
                if keep(&child) && seen.insert(child) {
                    let mut l: Vec<Move> = line.clone();
                    l.push(*m);
                    next.push((child, l));
                }
            }
        }
        levels.push(next);
    }
    levels
}

/// Every distinct position `plies` plies from the start (or at the last ply
/// the game reaches, if it ends sooner), with a line reaching it: the book the
/// games start from.
pub fn openings(rules: &Ruleset, plies: usize) -> Vec<Vec<Move>> {
    early_positions(rules, plies, |_| true)
        .into_iter()
        .rev()
        .find(|level| !level.is_empty())
        .map_or_else(Vec::new, |level| {
            level.into_iter().map(|(_, l)| l).collect()
        })
}

/// Plays game `index`: book line `index` (modulo the book), a few random plies,
/// then `engine` against itself.
pub fn play(
    rules: &Ruleset,
    engine: &mut Engine,
    book: &[Vec<Move>],
    index: u64,
    settings: &Settings,
) -> Record {
    let mut game = Game::new(rules.clone());
    if !book.is_empty() {
        for m in &book[(index % book.len() as u64) as usize] {
            if game.play(m).is_err() {
                break;
            }
        }
    }
    let mut rng = Rng::new(settings.seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let extra = rng.below(settings.random_plies as u64 + 1) as usize;
    super::arena::random_plies(&mut game, extra, &mut rng);
    engine.clear();
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(settings.depth),
        ..Limits::default()
    };
    let mut samples = Vec::new();
    let mut streak: (i32, u32) = (0, 0); // the side ahead (+1 White, -1 Black) and for how long
    let mut result = None;
    while game.outcome().is_none() && game.moves().len() < settings.max_plies {
        let pos = *game.position();
        let past = Past::of(&game);
        super::tables::prepare(engine, &pos);
        let found = engine.search(&pos, &past, limits, &stop, &mut |_| {});
        let Some(best) = found.best else { break };
        let white = if pos.side_to_move() == Color::White {
            found.info.score
        } else {
            -found.info.score
        };
        let quiet = !legal_moves(&pos, rules).iter().any(Move::is_capture);
        if quiet && white.abs() < MATE_BOUND {
            samples.push(Sample {
                position: pos,
                score: white,
            });
        }
        if white.abs() >= MATE_BOUND {
            result = Some(if white > 0 { 1.0 } else { 0.0 });
            break;
        }
        let ahead = if white >= settings.adjudicate {
            1
        } else if white <= -settings.adjudicate {
            -1
        } else {
            0
        };
        streak = if ahead != 0 && ahead == streak.0 {
            (ahead, streak.1 + 1)
        } else {
            (ahead, 1)
        };
        if ahead != 0 && streak.1 >= settings.adjudicate_plies {
            result = Some(if ahead > 0 { 1.0 } else { 0.0 });
            break;
        }
        if game.play(&best).is_err() {
            break;
        }
    }
    let result = result.unwrap_or_else(|| match game.outcome().and_then(|o| o.winner) {
        Some(Color::White) => 1.0,
        Some(Color::Black) => 0.0,
        None => 0.5,
    });
    let plies = game.moves().len();
    Record {
        index,
        result,
        plies,
        samples,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::builtin;

    #[test]
    fn the_book_holds_every_distinct_three_ply_position() {
        let rules = Ruleset::builtin(builtin::ENGLISH).unwrap();
        let book = openings(&rules, 3);
        let ends: HashSet<u64> = book
            .iter()
            .map(|line| {
                line.iter()
                    .fold(Position::start(&rules), |p, m| p.after(m))
                    .hash()
            })
            .collect();
        assert_eq!(ends.len(), book.len());
        assert!(book.iter().all(|l| l.len() == 3));
        // perft 3 from the English start is 302 lines, fewer positions.
        assert!(book.len() > 100 && book.len() <= 302, "{}", book.len());
    }

    #[test]
    fn a_game_depends_only_on_its_index() {
        let rules = Ruleset::builtin(builtin::RUSSIAN).unwrap();
        let book = openings(&rules, 2);
        let settings = Settings {
            depth: 3,
            ..Settings::default()
        };
        let mut a = Engine::new(&rules, 1);
        let mut b = Engine::new(&rules, 1);
        let first = play(&rules, &mut a, &book, 5, &settings);
        play(&rules, &mut b, &book, 9, &settings);
        let again = play(&rules, &mut b, &book, 5, &settings);
        assert_eq!(first, again);
        assert!(!first.samples.is_empty());
        assert!([0.0, 0.5, 1.0].contains(&first.result));
    }
}

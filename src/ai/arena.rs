//! AI against AI: games between two levels, for `checkers match` and the
//! strength ladder.

use super::search::Options;
use super::{choose, Engine, Level, Limits, Rng};
use crate::game::Game;
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::rules::Ruleset;
use crate::square::Color;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// A side in a match.
#[derive(Clone, Copy, Debug)]
pub struct Player {
    pub level: Level,
    /// Time per move instead of the level's own.
    pub movetime: Option<Duration>,
    /// Evaluation weights instead of the built-in ones (for tuning).
    pub weights: Option<super::eval::Weights>,
    /// Search switches (for comparing versions of the search).
    pub options: Options,
}

impl Player {
    /// A player at `level` with its own time, the built-in weights and search.
    pub fn new(level: Level) -> Player {
        Player {
            level,
            movetime: None,
            weights: None,
            options: Options::default(),
        }
    }
}

/// Evaluations at or below this (hundredths of a man) make a resigning level resign.
pub const RESIGN_BELOW: i32 = -800;

/// Level 10's time per move in a match, as in the game's default.
pub const LEVEL_10_THINK: Duration = Duration::from_secs(5);

/// A game longer than this many plies is adjudicated a draw.
pub const MAX_PLIES: usize = 400;

/// `plies` random legal moves from the start: a varied opening.
pub fn opening(rules: &Ruleset, plies: usize, rng: &mut Rng) -> Vec<Move> {
    let mut game = Game::new(rules.clone());
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len() as u64) as usize];
        if game.play(&m).is_err() {
            break;
        }
        moves.push(m);
    }
    moves
}

/// The search limits for `player`, with `think` as the level-10 think time.
pub fn limits_for(player: &Player, think: Duration) -> Limits {
    let mut limits = player.level.limits(think);
    if let Some(t) = player.movetime {
        limits.movetime = Some(t);
    }
    limits
}

/// Plays one game from `opening` between `white` and `black`.
pub fn play_game(
    rules: &Ruleset,
    opening: &[Move],
    white: &Player,
    black: &Player,
    rng: &mut Rng,
) -> Game {
    let mut game = Game::new(rules.clone());
    for m in opening {
        if game.play(m).is_err() {
            break;
        }
    }
    let engine_for = |p: &Player| {
        let mut e = Engine::new(rules, p.level.table_mb());
        e.options = p.options;
        if let Some(w) = p.weights {
            e.eval = super::eval::Evaluator::with_weights(rules, w);
        }
        e
    };
    let mut engines = [engine_for(white), engine_for(black)];
    let stop = AtomicBool::new(false);
    while game.outcome().is_none() {
        if game.moves().len() >= MAX_PLIES {
            game.agree_draw();
            break;
        }
        let pos = *game.position();
        let side = pos.side_to_move();
        let (player, engine) = match side {
            Color::White => (white, &mut engines[0]),
            Color::Black => (black, &mut engines[1]),
        };
        let past = super::Past::of(&game);
        let limits = limits_for(player, LEVEL_10_THINK);
        let result = engine.search(&pos, &past, limits, &stop, &mut |_| {});
        if player.level.resigns && result.info.score <= RESIGN_BELOW {
            game.resign(side);
            break;
        }
        let Some(m) = choose(&result, &player.level, rng)
            .or_else(|| legal_moves(&pos, rules).first().copied())
        else {
            break;
        };
        if game.play(&m).is_err() {
            break;
        }
    }
    game
}

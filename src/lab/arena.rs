//! AI against AI: games between two levels, for `checkers match` and the
//! strength ladder.

use crate::ai::book::OpeningBook;
use crate::ai::eval::{Evaluator, Weights};
use crate::ai::search::Options;
use crate::ai::{choose, Engine, Level, Limits, Past, Rng};
use crate::clock::TimeControl;
use crate::game::Game;
use crate::movegen::legal_moves;
use crate::moves::Move;
use crate::rules::Ruleset;
use crate::square::Color;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A side in a match.
#[derive(Clone, Debug)]
pub struct Player {
    /// The level played at: its depth, time per move, noise and resigning.
    pub level: Level,
    /// Time per move instead of the level's own.
    pub movetime: Option<Duration>,
    /// Evaluation weights instead of the built-in ones (for tuning).
    pub weights: Option<Weights>,
    /// A whole evaluation instead of the built-in one, such as a weights file's
    /// (`--eval FILE`); it wins over `weights`. Shared, so that many games can
    /// use one without copying it.
    pub eval: Option<Arc<Evaluator>>,
    /// Search switches (for comparing versions of the search).
    pub options: Options,
    /// Threads each of its searches runs on (see [`Engine::set_threads`]).
    pub threads: usize,
    /// An opening book whose moves it plays without a search where it holds the position.
    pub book: Option<Arc<OpeningBook>>,
}

impl Player {
    /// A player at `level` with its own time, the built-in evaluation and search.
    pub fn new(level: Level) -> Player {
        Player {
            level,
            movetime: None,
            weights: None,
            eval: None,
            options: Options::default(),
            threads: 1,
            book: None,
        }
    }
}

/// What a side does on its turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Plays this legal move.
    Play(Move),
    /// Gives the game up.
    Resign,
    /// Loses the game by breaking the match's rules (an illegal move, no answer
    /// in time, a crash); says what happened, for the report.
    Forfeit(String),
}

/// A side's clock as it stands when the side is asked to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    /// The time left for the rest of the game.
    pub left: Duration,
    /// What each move adds back once it is made.
    pub increment: Duration,
}

/// A side that chooses moves: the built-in AI ([`Builtin`]) or a program
/// outside, such as another engine spoken to through a protocol.
pub trait Contestant {
    /// The move for the side to move in `game`, which is not over, with `clock`
    /// its clock if the game has clocks. `rng` makes the low levels' choices.
    fn turn(&mut self, game: &Game, clock: Option<Clock>, rng: &mut Rng) -> Turn;

    /// Whether its last turn was decided by its endgame tables rather than by a
    /// search: the time report counts those moves apart.
    fn decided_by_tables(&self) -> bool {
        false
    }
}

/// The built-in AI playing as a [`Player`] says, with an engine of its own.
#[derive(Debug)]
pub struct Builtin {
    /// The side it plays as; its evaluation and search switches went into the
    /// engine when it was made, so it is not for changing afterwards.
    player: Player,
    engine: Engine,
    /// Whether the tables held the position of its last turn.
    in_tables: bool,
}

impl Builtin {
    /// A fresh engine (an empty transposition table) for `player`.
    pub fn new(rules: &Ruleset, player: Player) -> Builtin {
        let mut engine = Engine::new(rules, player.level.table_mb());
        engine.options = player.options;
        engine.set_threads(player.threads);
        if let Some(e) = &player.eval {
            engine.eval = Evaluator::clone(e);
        } else if let Some(w) = player.weights {
            engine.eval = Evaluator::with_weights(rules, w);
        }
        Builtin {
            player,
            engine,
            in_tables: false,
        }
    }
}

impl Contestant for Builtin {
    fn turn(&mut self, game: &Game, clock: Option<Clock>, rng: &mut Rng) -> Turn {
        let pos = *game.position();
        if let Some(m) = self.player.book.as_ref().and_then(|b| b.probe(&pos)) {
            self.in_tables = false;
            return Turn::Play(m);
        }
        let past = Past::of(game);
        let mut limits = limits_for(&self.player, LEVEL_10_THINK);
        if let Some(c) = clock {
            let budget = crate::clock::budget(c.left, c.increment, None);
            self.player.level.keep_to_clock(&mut limits, budget);
        }
        let stop = AtomicBool::new(false);
        super::tables::prepare(&mut self.engine, &pos);
        self.in_tables = self
            .engine
            .tables()
            .is_some_and(|t| t.probe(&pos).is_some());
        let result = self.engine.search(&pos, &past, limits, &stop, &mut |_| {});
        if self.player.level.resigns_at(result.info.score) {
            return Turn::Resign;
        }
        match choose(&result, &self.player.level, rng)
            .or_else(|| legal_moves(&pos, game.rules()).first().copied())
        {
            Some(m) => Turn::Play(m),
            // Only a finished game has no legal move; the caller does not ask then.
            None => Turn::Resign,
        }
    }

    fn decided_by_tables(&self) -> bool {
        self.in_tables
    }
}

/// A finished game, and who forfeited it and why if someone did.
#[derive(Clone, Debug)]
pub struct Played {
    /// The game to its end; one longer than [`MAX_PLIES`] plies is agreed drawn.
    pub game: Game,
    /// The side that forfeited and why; the game records it as that side resigning.
    pub forfeit: Option<(Color, String)>,
    /// How long each turn after the opening took, in the order played.
    pub thoughts: Vec<Thought>,
}

/// One turn's time: the wall-clock time from asking a side for its move to
/// having it, whatever it spent it on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Thought {
    /// The side that moved.
    pub side: Color,
    /// The time it took.
    pub took: Duration,
    /// How many legal moves it had: one is a forced move.
    pub choices: usize,
    /// Whether its endgame tables held the position, so that no search was needed.
    pub tables: bool,
}

/// Level 10's time per move in a match, as in the game's default.
pub const LEVEL_10_THINK: Duration = crate::ai::DEFAULT_THINK_TIME;

/// A game longer than this many plies is adjudicated a draw.
pub const MAX_PLIES: usize = 400;

/// `plies` random legal moves from the start: a varied opening.
pub fn opening(rules: &Ruleset, plies: usize, rng: &mut Rng) -> Vec<Move> {
    random_plies(&mut Game::new(rules.clone()), plies, rng)
}

/// Plays up to `plies` random legal moves in `game` (fewer if it ends); returns them.
pub fn random_plies(game: &mut Game, plies: usize, rng: &mut Rng) -> Vec<Move> {
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
    let mut white = Builtin::new(rules, white.clone());
    let mut black = Builtin::new(rules, black.clone());
    play_contest(rules, opening, &mut white, &mut black, None, rng).game
}

/// Plays one game from `opening` between any two contestants, with clocks if
/// `control` is given (a side whose move takes longer than its clock has left
/// loses on time). A game longer than [`MAX_PLIES`] is a draw; a move that is
/// not legal, which the built-in AI never plays, is a forfeit.
pub fn play_contest(
    rules: &Ruleset,
    opening: &[Move],
    white: &mut dyn Contestant,
    black: &mut dyn Contestant,
    control: Option<TimeControl>,
    rng: &mut Rng,
) -> Played {
    let mut game = Game::new(rules.clone());
    for m in opening {
        if game.play(m).is_err() {
            break;
        }
    }
    let mut forfeit = None;
    let mut thoughts = Vec::new();
    let mut left = [control.map_or(Duration::ZERO, |c| c.start()); 2];
    while game.outcome().is_none() {
        if game.moves().len() >= MAX_PLIES {
            game.agree_draw();
            break;
        }
        let side = game.position().side_to_move();
        let player: &mut dyn Contestant = match side {
            Color::White => &mut *white,
            Color::Black => &mut *black,
        };
        let choices = game.legal_moves().len();
        let asked = Instant::now();
        let clock = control.map(|c| Clock {
            left: left[side.index()],
            increment: c.increment,
        });
        let turn = player.turn(&game, clock, rng);
        let took = asked.elapsed();
        thoughts.push(Thought {
            side,
            took,
            choices,
            tables: player.decided_by_tables(),
        });
        if let Some(c) = control {
            let l = &mut left[side.index()];
            if took > *l {
                game.flag_fall(side);
                break;
            }
            *l = *l - took + c.increment;
        }
        let why = match turn {
            Turn::Play(m) => match game.play(&m) {
                Ok(()) => continue,
                Err(e) => e.to_string(),
            },
            Turn::Resign => {
                game.resign(side);
                break;
            }
            Turn::Forfeit(why) => why,
        };
        game.resign(side);
        forfeit = Some((side, why));
        break;
    }
    Played {
        game,
        forfeit,
        thoughts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::OutcomeReason;

    /// Plays the first legal move at once.
    struct First;

    impl Contestant for First {
        fn turn(&mut self, game: &Game, _: Option<Clock>, _: &mut Rng) -> Turn {
            Turn::Play(game.legal_moves()[0])
        }
    }

    /// A game between two players of the first legal move, on `base` seconds
    /// each and no increment.
    fn on_clock(base: u64) -> (Ruleset, Played) {
        let rules = Ruleset::builtin("english").unwrap();
        let control = TimeControl {
            base: Duration::from_secs(base),
            increment: Duration::ZERO,
        };
        let played = play_contest(
            &rules,
            &[],
            &mut First,
            &mut First,
            Some(control),
            &mut Rng::new(1),
        );
        (rules, played)
    }

    #[test]
    fn a_side_whose_move_takes_longer_than_its_clock_loses_on_time() {
        let (rules, played) = on_clock(0);
        let outcome = played.game.outcome().unwrap();
        assert_eq!(outcome.reason, OutcomeReason::Time);
        assert_eq!(outcome.winner, Some(rules.first_move.opposite()));
        assert_eq!(played.thoughts.len(), 1);
    }

    #[test]
    fn with_time_enough_every_turn_is_timed_and_nobody_loses_on_time() {
        let (_, played) = on_clock(3600);
        let outcome = played.game.outcome().unwrap();
        assert_ne!(outcome.reason, OutcomeReason::Time);
        assert_eq!(played.thoughts.len(), played.game.moves().len());
        assert!(played.thoughts.iter().all(|t| t.choices >= 1));
    }
}

//! The computer opponent: search limits and levels, search, evaluation.

pub mod analysis;
pub mod book;
pub mod endgame;
pub mod eval;
pub mod evalfile;
pub mod learned;
pub mod network;
pub mod review;
pub mod search;
mod tt;

pub use search::{search, Engine, Info, Limits, SearchResult, MATE, MATE_BOUND, MAX_THREADS};

use crate::moves::Move;
use std::time::Duration;

/// One row of the level table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// Its number, 1 (beginner) to [`MAX_LEVEL`].
    pub level: u8,
    /// Depth limit in plies (captures are always searched to the end).
    pub depth: Option<u32>,
    /// Time per move; `None` at level 10 means the player's think time.
    pub movetime: Option<Duration>,
    /// Random noise added to each root move's score, in hundredths of a man: the
    /// "human" mistakes of the low levels. The move is still always legal.
    pub noise: i32,
    /// Whether the level resigns a hopeless position.
    pub resigns: bool,
}

/// What the AI gives up to avoid a draw by repetition, in hundredths of a man:
/// a player wants a game, and an even position is still worth playing on.
pub const CONTEMPT: i32 = 15;

/// Evaluations at or below this (hundredths of a man: eight men down, or a forced
/// loss) make a resigning level resign.
pub const RESIGN_BELOW: i32 = -800;

/// The AI accepts a draw offer when its own score is at most this (hundredths of
/// a man): when it is not better.
pub const DRAW_ACCEPT_MARGIN: i32 = 20;

/// The strongest level.
pub const MAX_LEVEL: u8 = 10;

/// The top level's time per move unless the player sets another.
pub const DEFAULT_THINK_TIME: Duration = Duration::from_secs(5);

/// The level a new game is played at unless the player chooses another.
pub const DEFAULT_LEVEL: u8 = 5;

/// The level that gives hints and decides draw offers: a sound search, never a
/// beginner's, and quick enough to wait for.
pub const ADVICE_LEVEL: u8 = 8;

/// Levels 1 (beginner) to 10 (full strength within the think time).
pub const LEVELS: [Level; 10] = [
    lvl(1, Some(1), Some(100), 250, false),
    lvl(2, Some(2), Some(100), 150, false),
    lvl(3, Some(3), Some(200), 80, false),
    lvl(4, Some(4), Some(300), 40, false),
    lvl(5, Some(5), Some(300), 15, false),
    lvl(6, Some(6), Some(400), 0, true),
    lvl(7, Some(8), Some(500), 0, true),
    lvl(8, Some(10), Some(1000), 0, true),
    lvl(9, None, Some(2000), 0, true),
    lvl(10, None, None, 0, true),
];

const fn lvl(level: u8, depth: Option<u32>, ms: Option<u64>, noise: i32, resigns: bool) -> Level {
    Level {
        level,
        depth,
        movetime: match ms {
            Some(ms) => Some(Duration::from_millis(ms)),
            None => None,
        },
        noise,
        resigns,
    }
}

impl Level {
    /// The level numbered `n`, 1 to 10.
    pub fn get(n: u8) -> Option<Level> {
        LEVELS.get(usize::from(n).wrapping_sub(1)).copied()
    }

    /// The level numbered `n`, or the default level for a number out of range.
    pub fn get_or_default(n: u8) -> Level {
        Level::get(n).unwrap_or(LEVELS[DEFAULT_LEVEL as usize - 1])
    }

    /// Whether this level resigns a position it scores `score` (its own view).
    pub fn resigns_at(&self, score: i32) -> bool {
        self.resigns && score <= RESIGN_BELOW
    }

    /// The transposition table this level wants, in MB: the long searches of
    /// the top levels would fill a small one within a move.
    pub fn table_mb(&self) -> usize {
        // The tables these levels have always searched with: 32 MB and 8 MB
        // (asked for as 64 and 16 while the table halved what it was asked).
        if self.level >= 8 {
            32
        } else {
            8
        }
    }

    /// Keeps `limits` to a clock's `budget` for the move (the share and the most,
    /// from [`crate::clock::budget`]): a level without a time of its own (level
    /// 10) plans on the share and takes up to the most as the position asks; the
    /// others take no more than their own time or the share.
    pub fn keep_to_clock(&self, limits: &mut Limits, (share, most): (Duration, Duration)) {
        match self.movetime {
            Some(own) => limits.movetime = Some(own.min(share)),
            None => {
                limits.target = Some(share);
                limits.movetime = Some(most);
            }
        }
    }

    /// The search limits of this level, with `think_time` for level 10.
    pub fn limits(&self, think_time: Duration) -> Limits {
        Limits {
            depth: self.depth,
            movetime: self.movetime.or(Some(think_time)),
            target: None,
            nodes: None,
            exact_root: self.noise > 0,
            contempt: CONTEMPT,
        }
    }
}

/// A small deterministic generator (xorshift64*) for the levels' noise and for
/// varied openings; reproducible from its seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`: the same seed gives the same numbers, and
    /// any seed will do, zero included.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// The next number of the sequence, spread over the whole range of `u64`.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}

/// Plies before which a strong level (6 and up) plays an even position on
/// rather than take a draw: twenty moves each, as the draughts-64 rules bar
/// an offer before move 20.
pub const DRAW_NOT_BEFORE: usize = 40;

/// The least level that keeps its dignity with draw offers.
const STRONG: u8 = 6;

/// Whether the AI at `level` accepts a draw offered `plies` plies into the
/// game, in a position it scores `own_score`. A beginner's level (1-5) takes a
/// draw whenever it is not better. A strong level (6-10) plays an even
/// position on in the opening and takes a draw there only a man down; later,
/// whenever it is not better.
pub fn accepts_draw(own_score: i32, level: u8, plies: usize) -> bool {
    if level >= STRONG && plies < DRAW_NOT_BEFORE {
        return own_score <= -100;
    }
    own_score <= DRAW_ACCEPT_MARGIN
}

/// The move a level plays from a finished search: the best one, or at the low
/// levels the best after random noise on each root move's score, which makes
/// the plausible but imperfect choices of a beginner.
pub fn choose(result: &SearchResult, level: &Level, rng: &mut Rng) -> Option<Move> {
    if level.noise == 0 || result.root_scores.len() < 2 {
        return result.best;
    }
    let span = (2 * level.noise + 1) as u64;
    result
        .root_scores
        .iter()
        .map(|&(m, s)| {
            let s = if s <= -MATE { -MATE } else { s };
            (s + rng.below(span) as i32 - level.noise, m)
        })
        .max_by_key(|&(s, _)| s)
        .map(|(_, m)| m)
}

/// What the search needs to know of the game before its root position: the
/// positions the root could still repeat and the no-progress counters, so that
/// it sees the draws the game would declare.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Past {
    /// Hashes of the positions since the last capture or man move, the moves that
    /// cannot be undone, oldest first.
    pub hashes: Vec<u64>,
    /// Each of the ruleset's no-progress counters at the root, in plies.
    pub counters: Vec<u32>,
}

impl Past {
    /// The past of the game's current position.
    pub fn of(game: &crate::Game) -> Past {
        let n = game.moves().len();
        let moves: Vec<Move> = game.moves().copied().collect();
        let mut first = 0;
        for i in (0..n).rev() {
            let before = game.position_before(i);
            let m = &moves[i];
            if crate::game::events(before, m) & crate::game::IRREVERSIBLE != 0 {
                first = i + 1;
                break;
            }
        }
        Past {
            hashes: (first..n).map(|i| game.position_before(i).hash()).collect(),
            counters: game.counters().iter().map(|&(_, c)| c).collect(),
        }
    }
}

#[cfg(test)]
mod draw_tests {
    use super::*;

    #[test]
    fn a_strong_level_never_takes_an_even_draw_in_the_opening() {
        for level in 6..=MAX_LEVEL {
            assert!(!accepts_draw(0, level, 0), "level {level}, move 1");
            assert!(!accepts_draw(0, level, DRAW_NOT_BEFORE - 1));
            assert!(accepts_draw(0, level, DRAW_NOT_BEFORE));
            assert!(accepts_draw(-100, level, 0), "a man down it takes the draw");
            assert!(!accepts_draw(DRAW_ACCEPT_MARGIN + 1, level, 200));
        }
        for level in 1..STRONG {
            assert!(accepts_draw(0, level, 0), "level {level}");
            assert!(!accepts_draw(DRAW_ACCEPT_MARGIN + 1, level, 0));
        }
    }
}

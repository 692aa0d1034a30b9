//! The game record: history, repetition, draw counters and the outcome.

use crate::legality::{why_illegal, Illegal};
use crate::movegen::legal_moves;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{DrawCondition, NoProgressRule, ResetEvent, Ruleset};
use crate::square::Color;
use std::fmt;

/// Why a game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutcomeReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser has pieces but no legal move.
    NoLegalMove,
    /// The same position with the same side to move occurred the ruleset's number of times.
    Repetition,
    /// A no-progress rule, by name.
    NoProgress(String),
    /// A player resigned.
    Resignation,
    /// The loser's clock ran out (docs/RULES.md, flag-fall).
    Time,
    /// The players agreed a draw.
    Agreement,
}

impl OutcomeReason {
    /// Whether the game ended off the board (a resignation, an agreed draw, a
    /// flag fall), which its moves alone do not show.
    pub fn off_board(&self) -> bool {
        matches!(
            self,
            OutcomeReason::Resignation | OutcomeReason::Agreement | OutcomeReason::Time
        )
    }
}

/// How a game ended: the winner (none for a draw) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Color>,
    /// Why.
    pub reason: OutcomeReason,
}

impl Outcome {
    /// The PDN result: `1-0`, `0-1` or `1/2-1/2` (White's score first).
    pub fn pdn_result(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match &self.reason {
            OutcomeReason::NoPieces => "no pieces left".to_string(),
            OutcomeReason::NoLegalMove => "no legal move".to_string(),
            OutcomeReason::Repetition => "threefold repetition".to_string(),
            OutcomeReason::NoProgress(name) => name.clone(),
            OutcomeReason::Resignation => "resignation".to_string(),
            OutcomeReason::Time => "time".to_string(),
            OutcomeReason::Agreement => "draw agreed".to_string(),
        };
        match self.winner {
            Some(c) => write!(f, "{c} wins ({why})"),
            None => write!(f, "draw ({why})"),
        }
    }
}

/// Why a move or action was refused by the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The game is already over.
    Over(Outcome),
    /// The move is not legal here.
    Illegal {
        /// The move refused.
        mv: Move,
        /// The rule it breaks.
        why: Illegal,
    },
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Over(o) => write!(f, "the game is over: {o}"),
            GameError::Illegal { mv, why } => {
                // Algebraic names: an error knows no board to number its squares by.
                let path: Vec<String> = mv.path().iter().map(|s| s.algebraic()).collect();
                let sep = if mv.is_capture() { "x" } else { "-" };
                write!(f, "`{}` is illegal: {why}", path.join(sep))
            }
        }
    }
}

impl std::error::Error for GameError {}

#[derive(Clone, Debug)]
struct Ply {
    mv: Move,
    /// Each no-progress counter after the move, in plies.
    counters: Vec<u32>,
    position: Position,
}

/// A game: a start position, the moves played, and what they lead to.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Ruleset,
    start: Position,
    plies: Vec<Ply>,
    redo: Vec<Move>,
    ended_by: Option<Outcome>,
}

impl Game {
    /// A game from the variant's start position.
    pub fn new(rules: Ruleset) -> Game {
        let start = Position::start(&rules);
        Game::from_position(rules, start)
    }

    /// A game from a set-up position.
    pub fn from_position(rules: Ruleset, start: Position) -> Game {
        Game {
            rules,
            start,
            plies: Vec::new(),
            redo: Vec::new(),
            ended_by: None,
        }
    }

    /// The ruleset.
    pub fn rules(&self) -> &Ruleset {
        &self.rules
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.plies.last().map_or(&self.start, |p| &p.position)
    }

    /// The moves played so far.
    pub fn moves(&self) -> impl ExactSizeIterator<Item = &Move> + '_ {
        self.plies.iter().map(|p| &p.mv)
    }

    /// The position before ply `i` (0 is the start).
    pub fn position_before(&self, i: usize) -> &Position {
        if i == 0 {
            &self.start
        } else {
            &self.plies[i - 1].position
        }
    }

    /// The legal moves now (none once the game is over).
    pub fn legal_moves(&self) -> MoveList {
        if self.outcome().is_some() {
            return MoveList::new();
        }
        legal_moves(self.position(), &self.rules)
    }

    /// Each no-progress rule with its counter now, in plies.
    pub fn counters(&self) -> Vec<(&NoProgressRule, u32)> {
        let now = self.plies.last().map(|p| p.counters.as_slice());
        self.rules
            .no_progress
            .iter()
            .enumerate()
            .map(|(i, r)| (r, now.map_or(0, |c| c[i])))
            .collect()
    }

    /// Plays a legal move.
    pub fn play(&mut self, m: &Move) -> Result<(), GameError> {
        if let Some(o) = self.outcome() {
            return Err(GameError::Over(o));
        }
        let before = *self.position();
        let legal = legal_moves(&before, &self.rules);
        if !legal.iter().any(|l| l == m) {
            return Err(GameError::Illegal {
                mv: *m,
                why: why_illegal(&before, &self.rules, &m.path()),
            });
        }
        self.push(before, *m);
        if self.redo.last() == Some(m) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Plays a legal move as a game record has it: also past a draw the rules
    /// declare (a repetition, a no-progress count), which players may go beyond
    /// and a record then shows; a record is replayed, not refereed. A game ended
    /// by resignation or agreement takes no more moves, and a game won on the
    /// board has none to take.
    pub fn play_on(&mut self, m: &Move) -> Result<(), GameError> {
        if let Some(o) = &self.ended_by {
            return Err(GameError::Over(o.clone()));
        }
        let before = *self.position();
        if !legal_moves(&before, &self.rules).iter().any(|l| l == m) {
            return Err(GameError::Illegal {
                mv: *m,
                why: why_illegal(&before, &self.rules, &m.path()),
            });
        }
        self.push(before, *m);
        self.redo.clear();
        Ok(())
    }

    fn push(&mut self, before: Position, m: Move) {
        let after = before.after(&m);
        let ev = events(&before, &m);
        let prev = self.plies.last().map(|p| p.counters.clone());
        let counters = self
            .rules
            .no_progress
            .iter()
            .enumerate()
            .map(|(i, rule)| {
                let count = prev.as_ref().map_or(0, |c| c[i]);
                Counter::new(rule).next(count, ev, &before, &after)
            })
            .collect();
        self.plies.push(Ply {
            mv: m,
            counters,
            position: after,
        });
    }

    /// Takes back the last move (or a resignation or agreed draw); returns the move.
    pub fn undo(&mut self) -> Option<Move> {
        if self.ended_by.take().is_some() {
            return None;
        }
        let ply = self.plies.pop()?;
        self.redo.push(ply.mv);
        Some(ply.mv)
    }

    /// Plays again the last move taken back, also past a draw the rules declare:
    /// stepping through a loaded record must reach its end.
    pub fn redo(&mut self) -> Option<Move> {
        let m = *self.redo.last()?;
        if self.ended_by.is_some() {
            return None;
        }
        let before = *self.position();
        if !legal_moves(&before, &self.rules).iter().any(|l| *l == m) {
            return None;
        }
        self.push(before, m);
        self.redo.pop();
        Some(m)
    }

    /// The whole line: the moves played, then those taken back that can be
    /// played again, in order.
    pub fn line(&self) -> Vec<Move> {
        let mut v: Vec<Move> = self.plies.iter().map(|p| p.mv).collect();
        v.extend(self.redo.iter().rev());
        v
    }

    /// Whether a move taken back can be played again.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.ended_by = Some(Outcome {
                winner: Some(color.opposite()),
                reason: OutcomeReason::Resignation,
            });
        }
    }

    /// `color`'s clock ran out: the other side wins (docs/RULES.md, flag-fall).
    pub fn flag_fall(&mut self, color: Color) {
        if self.outcome().is_none() {
            self.ended_by = Some(Outcome {
                winner: Some(color.opposite()),
                reason: OutcomeReason::Time,
            });
        }
    }

    /// The players agree a draw.
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.ended_by = Some(Outcome {
                winner: None,
                reason: OutcomeReason::Agreement,
            });
        }
    }

    /// How many times the current position (same side to move) has occurred.
    pub fn repetitions(&self) -> u32 {
        let now = self.position();
        let earlier = std::iter::once(&self.start).chain(self.plies.iter().map(|p| &p.position));
        earlier
            .filter(|p| p.hash() == now.hash() && *p == now)
            .count() as u32
    }

    /// The outcome, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = &self.ended_by {
            return Some(o.clone());
        }
        let pos = self.position();
        let side = pos.side_to_move();
        if pos.pieces(side).is_empty() {
            return Some(Outcome {
                winner: Some(side.opposite()),
                reason: OutcomeReason::NoPieces,
            });
        }
        if legal_moves(pos, &self.rules).is_empty() {
            return Some(Outcome {
                winner: Some(side.opposite()),
                reason: OutcomeReason::NoLegalMove,
            });
        }
        if self.repetitions() >= self.rules.repetition {
            return Some(Outcome {
                winner: None,
                reason: OutcomeReason::Repetition,
            });
        }
        for (rule, count) in self.counters() {
            if count >= rule.plies() {
                return Some(Outcome {
                    winner: None,
                    reason: OutcomeReason::NoProgress(rule.name.clone()),
                });
            }
        }
        None
    }
}

/// A no-progress rule in the form that is cheap to apply at every move: the
/// game applies it to each move played, the search to each move searched.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counter {
    /// The limit in plies.
    pub limit: u32,
    /// The events that reset the counter, as [`events`] bits.
    resets: u8,
    /// The material condition, unless the rule always runs.
    when: Option<DrawCondition>,
}

const CAPTURE: u8 = 1;
const MAN_MOVE: u8 = 2;
const PROMOTION: u8 = 4;
/// The [`events`] of a move that can never be undone, so that no position
/// before it can occur again.
pub(crate) const IRREVERSIBLE: u8 = CAPTURE | MAN_MOVE;

/// The reset events that `m`, played from `pos`, is, as bits.
pub(crate) fn events(pos: &Position, m: &Move) -> u8 {
    let mut e = 0;
    if m.is_capture() {
        e |= CAPTURE;
    }
    if pos.men(pos.side_to_move()).contains(m.from()) {
        e |= MAN_MOVE;
    }
    if m.promotes() {
        e |= PROMOTION;
    }
    e
}

impl Counter {
    pub(crate) fn new(rule: &NoProgressRule) -> Counter {
        Counter {
            limit: rule.plies(),
            resets: rule
                .reset_on
                .iter()
                .map(|e| match e {
                    ResetEvent::Capture => CAPTURE,
                    ResetEvent::ManMove => MAN_MOVE,
                    ResetEvent::Promotion => PROMOTION,
                })
                .fold(0, |a, b| a | b),
            when: (rule.when != DrawCondition::default()).then_some(rule.when),
        }
    }

    /// The counter after a move with `events` from `before` to `after`, when it
    /// stood at `count` before the move: zero after a reset event or while the
    /// material condition does not hold on both sides of the move.
    pub(crate) fn next(&self, count: u32, events: u8, before: &Position, after: &Position) -> u32 {
        let runs = events & self.resets == 0
            && self
                .when
                .as_ref()
                .is_none_or(|w| holds(w, before) && holds(w, after));
        if runs {
            count + 1
        } else {
            0
        }
    }
}

/// Whether a draw rule's material condition holds in `pos`.
pub(crate) fn holds(when: &DrawCondition, pos: &Position) -> bool {
    let w = pos.pieces(Color::White).count();
    let b = pos.pieces(Color::Black).count();
    let total = w + b;
    if when.max_total_pieces.is_some_and(|m| total > m) {
        return false;
    }
    if when.min_total_pieces.is_some_and(|m| total < m) {
        return false;
    }
    if when.both_have_kings
        && (pos.kings(Color::White).is_empty() || pos.kings(Color::Black).is_empty())
    {
        return false;
    }
    if let Some(n) = when.lone_king_against_kings {
        let lone = |c: Color| pos.pieces(c).count() == 1 && pos.kings(c).count() == 1;
        let strong = |c: Color| pos.kings(c).count() >= n;
        if !(lone(Color::White) && strong(Color::Black)
            || lone(Color::Black) && strong(Color::White))
        {
            return false;
        }
    }
    true
}

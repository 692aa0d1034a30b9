//! One test for every rule of docs/RULES.md: the rules of every variant, and each
//! setting of each of the five variants (that page lists the rules with no test yet).
//!
//! Positions are drawn as small boards (rank 8 on top, `w`/`b` men, `W`/`B` kings);
//! move lists are compared in full, written as a reader would write them:
//! `c3xe5xg7 takes d4 f6`, `b6xd8 takes c7, crowned`, `c3-d4`.

use crate::common::{board, builtins_where, sq};
use checkers::rules::builtin::{
    BRAZILIAN, CANADIAN, DAMMEN64, ENGLISH, GERMAN, INTERNATIONAL, RUSSIAN,
};
use checkers::rules::{
    CaptureChoice, KingCapturesFrom, KingLands, KingMoves, PromotionMidCapture, ResetEvent,
};
use checkers::PlayError;
use checkers::{
    fen, legal_moves, notation, Color, Game, Move, MoveError, Outcome, OutcomeReason, Position,
    Ruleset, SquareNotation,
};

mod all_variants;
mod canadian;
mod capture_choice;
mod capture_precedence;
mod captures_removed;
mod fmjd_draws;
mod illegal_moves;
mod international;
mod king_captures_from;
mod king_lands;
mod king_moves;
mod men_capture_backwards;
mod more_8x8;
mod moves_first;
mod no_progress;
mod pdn;
mod promotion_mid_capture;
mod ruleset_settings;
mod seed;
mod square_notation;
mod touch_move;
mod turned_board;

// ---------------------------------------------------------------------------------------------
// Helpers shared by the sections
// ---------------------------------------------------------------------------------------------

/// The built-in `id` as the engine holds its board: with the usual face, so
/// that the diagrams and move texts of these tests name the same squares in
/// every variant. A turned board is the mirror image of the usual one and the
/// rules are the same in a mirror; the face itself is tested in `turned_board`.
fn rules(id: &str) -> Ruleset {
    crate::common::builtin(id).clone()
}

/// A move as a reader writes it: its path in algebraic names (`-` for a plain move, `x`
/// between the squares of a capture), the pieces it takes, and whether the man is crowned.
fn show(m: &Move) -> String {
    let sep = if m.is_capture() { "x" } else { "-" };
    let path: Vec<String> = m.path().iter().map(|s| s.algebraic()).collect();
    let mut s = path.join(sep);
    if m.is_capture() {
        let mut taken: Vec<String> = m.captured().iter().map(|s| s.algebraic()).collect();
        taken.sort();
        s.push_str(" takes ");
        s.push_str(&taken.join(" "));
    }
    if m.promotes() {
        s.push_str(", crowned");
    }
    s
}

/// Like [`show`] but with only the start and end of the path: for the moves that several
/// paths make, where which path is kept is not a rule.
fn show_ends(m: &Move) -> String {
    let sep = if m.is_capture() { "x" } else { "-" };
    let mut taken: Vec<String> = m.captured().iter().map(|s| s.algebraic()).collect();
    taken.sort();
    format!(
        "{}{sep}{} takes {}",
        m.from().algebraic(),
        m.to().algebraic(),
        taken.join(" ")
    )
}

fn sorted(v: impl IntoIterator<Item = String>) -> Vec<String> {
    let mut v: Vec<String> = v.into_iter().collect();
    v.sort();
    v
}

/// Every legal move of `pos` under the variant `id`, shown and sorted.
fn moves(id: &str, pos: &Position) -> Vec<String> {
    sorted(legal_moves(pos, &rules(id)).iter().map(show))
}

/// Asserts the exact list of legal moves, in any order.
#[track_caller]
fn assert_moves(id: &str, pos: &Position, expected: &[&str]) {
    let want = sorted(expected.iter().map(|s| s.to_string()));
    assert_eq!(
        moves(id, pos),
        want,
        "{id}: legal moves of {}",
        fen::write(pos, &checkers::BOARD_8, SquareNotation::Algebraic)
    );
}

/// The reason a move text is refused in `pos`.
#[track_caller]
fn refusal(id: &str, pos: &Position, text: &str) -> String {
    match notation::parse_move(text, pos, &rules(id)) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("{id}: `{text}` should be refused as illegal, got {other:?}"),
    }
}

#[track_caller]
fn play(game: &mut Game, text: &str) {
    if let Err(e) = game.play_text(text) {
        panic!(
            "{}: `{text}` should be legal in {}: {e}",
            game.rules().id,
            fen::write(
                game.position(),
                &checkers::BOARD_8,
                SquareNotation::Algebraic
            )
        );
    }
}

/// The value of the no-progress counter called `name`, in plies.
#[track_caller]
fn counter(game: &Game, name: &str) -> u32 {
    game.counters()
        .iter()
        .find(|(rule, _)| rule.name == name)
        .map(|(_, n)| *n)
        .unwrap_or_else(|| panic!("{} has no draw rule `{name}`", game.rules().id))
}

fn draw_by(name: &str) -> Option<Outcome> {
    Some(Outcome {
        winner: None,
        reason: OutcomeReason::NoProgress(name.to_string()),
    })
}

fn win(color: Color, reason: OutcomeReason) -> Option<Outcome> {
    Some(Outcome {
        winner: Some(color),
        reason,
    })
}

/// Plays `plies` plain king moves, each to a position that has not occurred before in the
/// game and leaves the side to move no capture: nothing is taken, no man moves, nothing
/// repeats, so only the no-progress counters move. The walk is found by a depth-first search
/// (deterministic: the first walk in move-generation order).
#[track_caller]
fn wander(game: &mut Game, plies: usize) {
    wander_with(game, plies, &|_| false);
}

/// [`wander`], except that the plies for which `man_moves(plies left)` holds are plain man
/// moves (no capture, no crowning) instead of king moves.
#[track_caller]
fn wander_with(game: &mut Game, plies: usize, man_moves: &dyn Fn(usize) -> bool) {
    let mut budget = 200_000u32;
    assert!(
        walk(game, plies, &mut budget, man_moves),
        "{}: no quiet walk of {plies} plies from {}",
        game.rules().id,
        fen::write(
            game.position(),
            &checkers::BOARD_8,
            SquareNotation::Algebraic
        )
    );
}

fn walk(game: &mut Game, left: usize, budget: &mut u32, man_moves: &dyn Fn(usize) -> bool) -> bool {
    if left == 0 {
        return true;
    }
    let pos = *game.position();
    let me = pos.side_to_move();
    let movers = if man_moves(left) {
        pos.men(me)
    } else {
        pos.kings(me)
    };
    let options: Vec<Move> = game
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| !m.is_capture() && !m.promotes() && movers.contains(m.from()))
        .collect();
    for m in options {
        *budget = budget.checked_sub(1).expect("the walk search gave up");
        game.play(&m).expect("a legal move");
        let now = legal_moves(game.position(), game.rules());
        let fresh = game.repetitions() == 1;
        let outcome = game.outcome();
        if let Some(o) = &outcome {
            // Only the last ply of the walk may end the game, and only by lack of progress;
            // a draw before that is a counter firing early.
            assert!(
                !fresh || left == 1 || !matches!(o.reason, OutcomeReason::NoProgress(_)),
                "{}: {o} with {} more plies of the walk to go (counters {:?})",
                game.rules().id,
                left - 1,
                game.counters()
                    .iter()
                    .map(|(r, n)| (r.name.as_str(), *n))
                    .collect::<Vec<_>>()
            );
        }
        let ok = fresh
            && !now.is_empty()
            && now.iter().all(|r| !r.is_capture())
            && match outcome {
                None => true,
                Some(o) => left == 1 && matches!(o.reason, OutcomeReason::NoProgress(_)),
            };
        if ok && walk(game, left - 1, budget, man_moves) {
            return true;
        }
        game.undo();
    }
    false
}

/// Two kings each, four white men that never move unless told to. Every line of a flying
/// king is blocked or ends on the edge, so the kings can shuffle a1-b2 and h8-g7 in every
/// variant without a capture. Events on call: `b4-a5` is a plain man move (to the edge, where
/// it cannot be taken), `a7-b8` a promotion, and after `a1-b2` black's `h2-g3` gives a king
/// away to `f2xh4`.
const QUIET_BOARD: &str = "
    . . . . . . . B
    w . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . w . w . . . .
    . . w . . . . .
    . . . . . W . B
    W . . . . . . .
";

/// Four plies of king moves that bring [`QUIET_BOARD`] back to where it was.
const SHUFFLE: [&str; 4] = ["a1-b2", "h8-g7", "b2-a1", "g7-h8"];

fn quiet_game(id: &str) -> Game {
    Game::from_position(rules(id), board(Color::White, QUIET_BOARD))
}

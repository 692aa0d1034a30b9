//! One test for every line of RULES.md: each bullet, and each row of the table of
//! differences for each of the five variants.
//!
//! Positions are drawn as small boards (rank 8 on top, `w`/`b` men, `W`/`B` kings);
//! move lists are compared in full, written as a reader would write them:
//! `c3xe5xg7 takes d4 f6`, `b6xd8 takes c7, crowned`, `c3-d4`.

use crate::common::{board, sq};
use checkers::game::GameError;
use checkers::rules::{
    CaptureChoice, KingCapturesFrom, KingLands, KingMoves, PromotionMidCapture, ResetEvent,
};
use checkers::{
    fen, legal_moves, notation, Color, Game, Move, MoveError, Outcome, OutcomeReason, Position,
    Ruleset, Square, SquareNotation,
};

const VARIANTS: [&str; 5] = ["english", "dammen64", "brazilian", "russian", "german"];
const FLYING_KINGS: [&str; 3] = ["brazilian", "russian", "german"];

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

fn rules(id: &str) -> Ruleset {
    Ruleset::builtin(id).unwrap_or_else(|| panic!("`{id}` is a built-in variant"))
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
        fen::write(pos, SquareNotation::Algebraic)
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
            fen::write(game.position(), SquareNotation::Algebraic)
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
        fen::write(game.position(), SquareNotation::Algebraic)
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

// ---------------------------------------------------------------------------------------------
// Common to all five variants
// ---------------------------------------------------------------------------------------------

#[test]
fn board_is_8x8_played_on_the_32_dark_squares_with_a1_dark() {
    assert!(Square::from_algebraic("a1").is_some(), "a1 is dark");
    assert!(Square::from_algebraic("b1").is_none(), "b1 is light");
    assert!(Square::from_algebraic("h8").is_some(), "h8 is dark");
    assert!(Square::from_algebraic("a8").is_none(), "a8 is light");
    assert!(Square::from_algebraic("i1").is_none() && Square::from_algebraic("a9").is_none());
    assert_eq!(Square::all().count(), 32);
    for s in Square::all() {
        assert_eq!((s.file() + s.rank()) % 2, 0, "{s:?} is dark");
    }
    for id in VARIANTS {
        let start = *Game::new(rules(id)).position();
        assert_eq!(start.pieces(Color::White).count(), 12, "{id}");
        assert_eq!(start.pieces(Color::Black).count(), 12, "{id}");
        assert!(start.kings(Color::White).is_empty() && start.kings(Color::Black).is_empty());
    }
}

#[test]
fn white_starts_on_the_dark_squares_of_rows_1_to_3_and_black_on_rows_6_to_8() {
    for id in VARIANTS {
        let r = rules(id);
        let start = *Game::new(r.clone()).position();
        for s in Square::all() {
            let expected = match s.rank() {
                0..=2 => Some(checkers::Piece::Man(Color::White)),
                5..=7 => Some(checkers::Piece::Man(Color::Black)),
                _ => None,
            };
            assert_eq!(start.piece_at(s), expected, "{id}: {s:?}");
        }
        // In PDN numbers: Black on 1-12, White on 21-32.
        let side = r.first_move.letter();
        assert_eq!(start, fen::parse(&format!("{side}:W21-32:B1-12")).unwrap());
    }
}

#[test]
fn pdn_square_numbers_run_from_1_b8_to_32_g1() {
    let names = [
        "b8", "d8", "f8", "h8", "a7", "c7", "e7", "g7", "b6", "d6", "f6", "h6", "a5", "c5", "e5",
        "g5", "b4", "d4", "f4", "h4", "a3", "c3", "e3", "g3", "b2", "d2", "f2", "h2", "a1", "c1",
        "e1", "g1",
    ];
    for (i, name) in names.iter().enumerate() {
        let n = i as u8 + 1;
        let s = Square::from_pdn(n).unwrap();
        assert_eq!(s.algebraic(), *name, "PDN {n}");
        assert_eq!(s.pdn(), n);
        assert_eq!(sq(name), s);
        assert_eq!(
            SquareNotation::Numeric.write(s),
            n.to_string(),
            "numeric notation of {name}"
        );
    }
    assert!(Square::from_pdn(0).is_none() && Square::from_pdn(33).is_none());
    // So Black starts on 1-12 and White on 21-32.
    let start = Position::initial(Color::White);
    let black: Vec<u8> = sorted_pdn(start.pieces(Color::Black));
    let white: Vec<u8> = sorted_pdn(start.pieces(Color::White));
    assert_eq!(black, (1..=12).collect::<Vec<u8>>());
    assert_eq!(white, (21..=32).collect::<Vec<u8>>());
}

fn sorted_pdn(b: checkers::Bitboard) -> Vec<u8> {
    let mut v: Vec<u8> = b.iter().map(|s| s.pdn()).collect();
    v.sort();
    v
}

#[test]
fn a_man_moves_one_square_diagonally_forward_to_an_empty_square() {
    let diagram = "
        . . . . . . . .
        . . . . b . . .
        . . . . . b . .
        . . . . . . . .
        . . . w . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ";
    for id in VARIANTS {
        // c3-d4 and e7-f6 are blocked by the side's own men; nothing goes backwards or sideways.
        assert_moves(
            id,
            &board(Color::White, diagram),
            &["c3-b4", "d4-c5", "d4-e5"],
        );
        assert_moves(
            id,
            &board(Color::Black, diagram),
            &["e7-d6", "f6-e5", "f6-g5"],
        );
    }
}

#[test]
fn capturing_is_mandatory() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . b . . . .
        . . w . . . w .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in VARIANTS {
        assert_moves(id, &pos, &["c3xe5 takes d4"]);
        assert_eq!(refusal(id, &pos, "g3-h4"), "a capture is mandatory", "{id}");
    }
}

#[test]
fn a_capture_that_can_go_on_must_go_on() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . . . . . . .
        . . . b . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in VARIANTS {
        assert_moves(id, &pos, &["c3xe5xg7 takes d4 f6"]);
        let reason = refusal(id, &pos, "c3xe5");
        let expected = match rules(id).capture_choice {
            CaptureChoice::Any => "a capture must go on until no further capture is possible",
            CaptureChoice::MostPieces => "you must take the most pieces: 2",
        };
        assert_eq!(reason, expected, "{id}");
    }
}

#[test]
fn no_piece_jumps_its_own_pieces() {
    // The king cannot jump its own man on c3 to reach e5, and neither can a man.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . b . . .
        . . . . . . . .
        . . w . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    for id in VARIANTS {
        assert_moves(id, &pos, &["a1-b2", "c3-b4", "c3-d4"]);
    }
    let men = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . w . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in VARIANTS {
        assert_moves(id, &men, &["c3-b4", "d4-c5", "d4-e5"]);
    }
}

/// A king inside a ring of four pieces: it takes all four and stops on c3, where d4 would
/// be taken again if that were allowed (e5 is empty).
const RING: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . b . b . .
    . . W . . . . .
    . . . b . b . .
    . . . . . . . .
";

#[test]
fn jumped_pieces_block_and_cannot_be_jumped_twice() {
    // Not twice: after the ring c3-e5-g3-e1-c3 the king stands next to d4 again with e5
    // empty behind it, and must stop.
    let ring = board(Color::White, RING);
    for id in VARIANTS {
        let list = legal_moves(&ring, &rules(id));
        assert!(!list.is_empty(), "{id}");
        for m in list.iter() {
            assert_eq!(m.capture_count(), 4, "{id}: {}", show(m));
            assert_eq!(m.path().len(), 5, "{id}: {}", show(m));
        }
    }
    // Block: a flying king takes c3, e5, g5 and f2 and lands on e1. Its way on to b4 runs
    // over c3, taken but still on the board, so the move ends there.
    let strike = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . b . b .
        . b . . . . . .
        . . b . . . . .
        . . . . . b . .
        W . . . . . . .
    ",
    );
    let long = "a1xd4xf6xh4xe1 takes c3 e5 f2 g5";
    assert_moves("russian", &strike, &[long, "a1xd4xg1 takes c3 f2"]);
    assert_moves("german", &strike, &[long, "a1xd4xg1 takes c3 f2"]);
    assert_moves("brazilian", &strike, &[long]);
    // All the pieces taken leave the board together when the move is complete.
    for id in FLYING_KINGS {
        let r = rules(id);
        let m = notation::parse_move("a1xd4xf6xh4xe1", &strike, &r).unwrap();
        let after = strike.after(&m);
        assert_eq!(sorted_pdn(after.pieces(Color::Black)), vec![sq("b4").pdn()]);
        assert_eq!(
            after.piece_at(sq("e1")),
            Some(checkers::Piece::King(Color::White))
        );
    }
}

#[test]
fn square_left_is_empty_for_the_rest_of_the_move() {
    // Ending on it: the short king goes round the ring and ends where it started.
    let ring = board(Color::White, RING);
    for id in ["english", "dammen64", "german"] {
        let list = legal_moves(&ring, &rules(id));
        assert_eq!(
            sorted(list.iter().map(show_ends)),
            ["c3xc3 takes d2 d4 f2 f4"],
            "{id}"
        );
        let after = ring.after(&list[0]);
        assert_eq!(
            after.piece_at(sq("c3")),
            Some(checkers::Piece::King(Color::White))
        );
        assert!(after.pieces(Color::Black).is_empty());
    }
    // Passing over it: the flying king's last jump, e5 to a1, runs over c3 where it started.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . W . . . . .
        . b . b . b . .
        . . . . . . . .
    ",
    );
    let long = "c3xe1xg3xe5xa1 takes b2 d2 f2 f4";
    assert_moves("russian", &pos, &[long, "c3xa1 takes b2"]);
    assert_moves("german", &pos, &[long, "c3xa1 takes b2"]);
    assert_moves("brazilian", &pos, &[long]);
}

#[test]
fn flying_king_must_stop_where_capture_continues() {
    // After taking c3 the king may land on d4 to h8, but only from e5 can it take again.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . b . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    for id in ["russian", "brazilian"] {
        assert_moves(id, &pos, &["a1xe5xg3 takes c3 f4", "a1xe5xh2 takes c3 f4"]);
        for stop in ["a1xd4", "a1xf6", "a1xg7", "a1xh8"] {
            assert!(
                notation::parse_move(stop, &pos, &rules(id)).is_err(),
                "{id}: {stop} stops where no further capture is possible"
            );
        }
    }
}

#[test]
fn flying_king_may_stop_on_any_square_beyond_when_no_capture_continues() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . b . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    for id in ["russian", "brazilian"] {
        assert_moves(
            id,
            &pos,
            &[
                "a1xd4 takes c3",
                "a1xe5 takes c3",
                "a1xf6 takes c3",
                "a1xg7 takes c3",
                "a1xh8 takes c3",
            ],
        );
    }
}

#[test]
fn men_may_capture_kings() {
    let white_takes = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . B . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    let black_takes = board(
        Color::Black,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . . . W . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in VARIANTS {
        assert_moves(id, &white_takes, &["c3xe5 takes d4"]);
        assert_moves(id, &black_takes, &["f6xd4 takes e5"]);
    }
}

#[test]
fn same_start_end_and_captured_set_is_one_move() {
    // Round the ring clockwise or anticlockwise: the same start, end and pieces, one move.
    let ring = board(Color::White, RING);
    for id in ["english", "dammen64", "german"] {
        assert_eq!(
            sorted(legal_moves(&ring, &rules(id)).iter().map(show_ends)),
            ["c3xc3 takes d2 d4 f2 f4"],
            "{id}"
        );
    }
    // A flying king may also end on b4, a5 (one way round) or b2, a1 (the other way):
    // five moves, not six.
    for id in ["russian", "brazilian"] {
        assert_eq!(
            sorted(legal_moves(&ring, &rules(id)).iter().map(show_ends)),
            [
                "c3xa1 takes d2 d4 f2 f4",
                "c3xa5 takes d2 d4 f2 f4",
                "c3xb2 takes d2 d4 f2 f4",
                "c3xb4 takes d2 d4 f2 f4",
                "c3xc3 takes d2 d4 f2 f4",
            ],
            "{id}"
        );
    }
    // Men that capture backwards go round the ring too.
    let man_ring = board(Color::White, &RING.replace('W', "w"));
    for id in ["russian", "brazilian"] {
        assert_eq!(
            sorted(legal_moves(&man_ring, &rules(id)).iter().map(show_ends)),
            ["c3xc3 takes d2 d4 f2 f4"],
            "{id}"
        );
    }
}

#[test]
fn a_side_with_no_pieces_loses() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . b . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in VARIANTS {
        let mut game = Game::from_position(rules(id), pos);
        assert_eq!(game.outcome(), None, "{id}");
        play(&mut game, "c3xe5");
        assert_eq!(
            game.outcome(),
            win(Color::White, OutcomeReason::NoPieces),
            "{id}"
        );
        let empty = Game::from_position(rules(id), fen::parse("W:W:B1").unwrap());
        assert_eq!(
            empty.outcome(),
            win(Color::Black, OutcomeReason::NoPieces),
            "{id}"
        );
    }
}

#[test]
fn a_side_with_no_legal_move_loses() {
    // After d2-c3 the black man on a5 can neither move to b4 nor take it (c3 is taken).
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        b . . . . . . .
        . w . . . . . .
        . . . . . . . .
        . . . w . . . .
        . . . . . . . .
    ",
    );
    for id in VARIANTS {
        let mut game = Game::from_position(rules(id), pos);
        assert_eq!(game.outcome(), None, "{id}");
        play(&mut game, "d2-c3");
        assert_eq!(
            game.outcome(),
            win(Color::White, OutcomeReason::NoLegalMove),
            "{id}"
        );
        assert!(game.legal_moves().is_empty(), "{id}");
        assert!(matches!(game.play_text("a5-b4"), Err(GameError::Over(_))));
    }
}

#[test]
fn a_player_may_resign() {
    for id in VARIANTS {
        let mut game = Game::new(rules(id));
        let loser = game.position().side_to_move();
        game.resign(loser);
        assert_eq!(
            game.outcome(),
            win(loser.opposite(), OutcomeReason::Resignation),
            "{id}"
        );
        assert!(game.legal_moves().is_empty(), "{id}");
    }
}

#[test]
fn a_draw_may_be_agreed() {
    for id in VARIANTS {
        let mut game = Game::new(rules(id));
        game.agree_draw();
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: None,
                reason: OutcomeReason::Agreement
            }),
            "{id}"
        );
        assert!(game.legal_moves().is_empty(), "{id}");
    }
}

#[test]
fn threefold_repetition_is_a_draw() {
    for id in VARIANTS {
        let mut game = quiet_game(id);
        assert_eq!(game.repetitions(), 1);
        for m in SHUFFLE {
            play(&mut game, m);
        }
        assert_eq!(game.repetitions(), 2, "{id}: back to the start once");
        assert_eq!(game.outcome(), None, "{id}");
        for m in &SHUFFLE[..3] {
            play(&mut game, m);
        }
        assert_eq!(game.outcome(), None, "{id}: not one ply early");
        play(&mut game, SHUFFLE[3]);
        assert_eq!(game.repetitions(), 3, "{id}");
        assert_eq!(
            game.outcome(),
            Some(Outcome {
                winner: None,
                reason: OutcomeReason::Repetition
            }),
            "{id}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Seed
// ---------------------------------------------------------------------------------------------

/// The ruleset file names the seed of RULES.md its rules come from.
#[track_caller]
fn assert_cites_seed(id: &str, cite: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("rulesets")
        .join(format!("{id}.toml"));
    let text = std::fs::read_to_string(&path).unwrap();
    let first = text.lines().next().unwrap_or_default();
    assert!(
        first.contains(cite),
        "{}: first line `{first}` should cite {cite}",
        path.display()
    );
}

#[test]
fn english_rules_come_from_seeds_002_and_000() {
    assert_cites_seed("english", "seeds 002 and 000");
}

#[test]
fn dammen64_rules_come_from_seed_000() {
    assert_cites_seed("dammen64", "seed 000");
}

#[test]
fn brazilian_rules_come_from_seed_001() {
    assert_cites_seed("brazilian", "seed 001");
}

#[test]
fn russian_rules_come_from_seed_003() {
    assert_cites_seed("russian", "seed 003");
}

#[test]
fn german_rules_come_from_seed_004() {
    assert_cites_seed("german", "seed 004");
}

// ---------------------------------------------------------------------------------------------
// Moves first
// ---------------------------------------------------------------------------------------------

#[track_caller]
fn assert_moves_first(id: &str, color: Color) {
    let r = rules(id);
    assert_eq!(r.first_move, color, "{id}");
    let game = Game::new(r);
    assert_eq!(game.position().side_to_move(), color, "{id}");
    let list = game.legal_moves();
    assert_eq!(list.len(), 7, "{id}");
    for m in list.iter() {
        assert_eq!(
            game.position().piece_at(m.from()),
            Some(checkers::Piece::Man(color)),
            "{id}"
        );
    }
}

#[test]
fn english_black_moves_first() {
    assert_moves_first("english", Color::Black);
}

#[test]
fn dammen64_black_moves_first() {
    assert_moves_first("dammen64", Color::Black);
}

#[test]
fn brazilian_white_moves_first() {
    assert_moves_first("brazilian", Color::White);
}

#[test]
fn russian_white_moves_first() {
    assert_moves_first("russian", Color::White);
}

#[test]
fn german_black_moves_first() {
    assert_moves_first("german", Color::Black);
}

// ---------------------------------------------------------------------------------------------
// Men capture backwards
// ---------------------------------------------------------------------------------------------

/// A white man on e5 with a black man behind it on d4 and c3 empty.
const BEHIND: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . w . . .
    . . . b . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

#[test]
fn english_men_do_not_capture_backwards() {
    assert_moves("english", &board(Color::White, BEHIND), &["e5-d6", "e5-f6"]);
}

#[test]
fn dammen64_men_do_not_capture_backwards() {
    assert_moves(
        "dammen64",
        &board(Color::White, BEHIND),
        &["e5-d6", "e5-f6"],
    );
}

#[test]
fn brazilian_men_capture_backwards() {
    assert_moves(
        "brazilian",
        &board(Color::White, BEHIND),
        &["e5xc3 takes d4"],
    );
}

#[test]
fn russian_men_capture_backwards() {
    assert_moves("russian", &board(Color::White, BEHIND), &["e5xc3 takes d4"]);
}

#[test]
fn german_men_do_not_capture_backwards() {
    assert_moves("german", &board(Color::White, BEHIND), &["e5-d6", "e5-f6"]);
}

// ---------------------------------------------------------------------------------------------
// King moves
// ---------------------------------------------------------------------------------------------

/// A white king on d4; the black man on h8 stops it on the long diagonal.
const KING_ALONE: &str = "
    . . . . . . . b
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . W . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

const ONE_SQUARE: [&str; 4] = ["d4-c3", "d4-c5", "d4-e3", "d4-e5"];
const ANY_DISTANCE: [&str; 12] = [
    "d4-a1", "d4-a7", "d4-b2", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f2", "d4-f6",
    "d4-g1", "d4-g7",
];

#[test]
fn english_king_moves_one_square() {
    assert_eq!(rules("english").king_moves, KingMoves::OneSquare);
    assert_moves("english", &board(Color::White, KING_ALONE), &ONE_SQUARE);
}

#[test]
fn dammen64_king_moves_one_square() {
    assert_eq!(rules("dammen64").king_moves, KingMoves::OneSquare);
    assert_moves("dammen64", &board(Color::White, KING_ALONE), &ONE_SQUARE);
}

#[test]
fn brazilian_king_moves_any_distance() {
    assert_eq!(rules("brazilian").king_moves, KingMoves::AnyDistance);
    assert_moves("brazilian", &board(Color::White, KING_ALONE), &ANY_DISTANCE);
}

#[test]
fn russian_king_moves_any_distance() {
    assert_eq!(rules("russian").king_moves, KingMoves::AnyDistance);
    assert_moves("russian", &board(Color::White, KING_ALONE), &ANY_DISTANCE);
}

#[test]
fn german_king_moves_any_distance() {
    assert_eq!(rules("german").king_moves, KingMoves::AnyDistance);
    assert_moves("german", &board(Color::White, KING_ALONE), &ANY_DISTANCE);
}

// ---------------------------------------------------------------------------------------------
// King captures from
// ---------------------------------------------------------------------------------------------

/// A white king on a1, a black man two squares away on d4 with nothing between.
const KING_AT_A_DISTANCE: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . . . . . . .
    . . . . . . . .
    W . . . . . . .
";

#[test]
fn english_king_captures_only_an_adjacent_piece() {
    assert_eq!(
        rules("english").king_captures_from,
        KingCapturesFrom::Adjacent
    );
    assert_moves(
        "english",
        &board(Color::White, KING_AT_A_DISTANCE),
        &["a1-b2"],
    );
}

#[test]
fn dammen64_king_captures_only_an_adjacent_piece() {
    assert_eq!(
        rules("dammen64").king_captures_from,
        KingCapturesFrom::Adjacent
    );
    assert_moves(
        "dammen64",
        &board(Color::White, KING_AT_A_DISTANCE),
        &["a1-b2"],
    );
}

#[test]
fn brazilian_king_captures_from_a_distance() {
    assert_moves(
        "brazilian",
        &board(Color::White, KING_AT_A_DISTANCE),
        &[
            "a1xe5 takes d4",
            "a1xf6 takes d4",
            "a1xg7 takes d4",
            "a1xh8 takes d4",
        ],
    );
}

#[test]
fn russian_king_captures_from_a_distance() {
    assert_moves(
        "russian",
        &board(Color::White, KING_AT_A_DISTANCE),
        &[
            "a1xe5 takes d4",
            "a1xf6 takes d4",
            "a1xg7 takes d4",
            "a1xh8 takes d4",
        ],
    );
}

#[test]
fn german_king_captures_from_a_distance() {
    assert_moves(
        "german",
        &board(Color::White, KING_AT_A_DISTANCE),
        &["a1xe5 takes d4"],
    );
}

// ---------------------------------------------------------------------------------------------
// King lands after a capture
// ---------------------------------------------------------------------------------------------

/// A white king on c3 next to a black man on d4, with e5 to h8 empty behind it.
const KING_NEXT_TO: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . W . . . . .
    . . . . . . . .
    . . . . . . . .
";

const ANY_BEYOND: [&str; 4] = [
    "c3xe5 takes d4",
    "c3xf6 takes d4",
    "c3xg7 takes d4",
    "c3xh8 takes d4",
];

#[test]
fn english_king_lands_directly_behind_the_piece_taken() {
    assert_eq!(rules("english").king_lands, KingLands::DirectlyBehind);
    assert_moves(
        "english",
        &board(Color::White, KING_NEXT_TO),
        &["c3xe5 takes d4"],
    );
}

#[test]
fn dammen64_king_lands_directly_behind_the_piece_taken() {
    assert_eq!(rules("dammen64").king_lands, KingLands::DirectlyBehind);
    assert_moves(
        "dammen64",
        &board(Color::White, KING_NEXT_TO),
        &["c3xe5 takes d4"],
    );
}

#[test]
fn brazilian_king_lands_on_any_empty_square_beyond() {
    assert_eq!(rules("brazilian").king_lands, KingLands::AnyEmptyBeyond);
    assert_moves("brazilian", &board(Color::White, KING_NEXT_TO), &ANY_BEYOND);
}

#[test]
fn russian_king_lands_on_any_empty_square_beyond() {
    assert_eq!(rules("russian").king_lands, KingLands::AnyEmptyBeyond);
    assert_moves("russian", &board(Color::White, KING_NEXT_TO), &ANY_BEYOND);
}

#[test]
fn german_king_lands_directly_behind_the_piece_taken() {
    assert_eq!(rules("german").king_lands, KingLands::DirectlyBehind);
    assert_moves(
        "german",
        &board(Color::White, KING_NEXT_TO),
        &["c3xe5 takes d4"],
    );
    // Also after a capture from a distance, and even where landing further on (e5) would
    // let it take f4: after c3 the king stands on d4.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . b . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    assert_moves("german", &pos, &["a1xd4 takes c3"]);
}

// ---------------------------------------------------------------------------------------------
// Which capture may be chosen
// ---------------------------------------------------------------------------------------------

/// e1 can take three (d2, d4, d6), h4 one (g5); a1 cannot take anything.
const THREE_OR_ONE: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . . . . . b .
    . . . b . . . w
    . . . . . . . .
    . . . b . . . .
    w . . . w . . .
";

const TAKE_THREE: &str = "e1xc3xe5xc7 takes d2 d4 d6";

#[track_caller]
fn assert_any_capture_may_be_chosen(id: &str) {
    assert_eq!(rules(id).capture_choice, CaptureChoice::Any);
    let pos = board(Color::White, THREE_OR_ONE);
    assert_moves(id, &pos, &[TAKE_THREE, "h4xf6 takes g5"]);
    let mut game = Game::from_position(rules(id), pos);
    play(&mut game, "h4xf6");
    assert_eq!(game.position().pieces(Color::Black).count(), 3, "{id}");
}

#[track_caller]
fn assert_must_take_the_most(id: &str) {
    assert_eq!(rules(id).capture_choice, CaptureChoice::MostPieces);
    let pos = board(Color::White, THREE_OR_ONE);
    assert_moves(id, &pos, &[TAKE_THREE]);
    assert_eq!(
        refusal(id, &pos, "h4xf6"),
        "you must take the most pieces: 3"
    );
}

#[test]
fn english_may_choose_a_shorter_capture() {
    assert_any_capture_may_be_chosen("english");
}

#[test]
fn dammen64_must_take_the_most_pieces() {
    assert_must_take_the_most("dammen64");
}

#[test]
fn brazilian_must_take_the_most_pieces() {
    assert_must_take_the_most("brazilian");
}

#[test]
fn russian_may_choose_a_shorter_capture() {
    assert_any_capture_may_be_chosen("russian");
}

#[test]
fn german_may_choose_a_shorter_capture() {
    assert_any_capture_may_be_chosen("german");
}

/// c3 can take the king on b4; g1 can take the man on f2, and the man on f4 too if there.
#[track_caller]
fn assert_a_king_counts_as_one_piece(id: &str) {
    let one_each = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . B . . . . . .
        . . w . . . . .
        . . . . . b . .
        . . . . . . w .
    ",
    );
    // A king taken weighs no more than a man taken.
    assert_moves(id, &one_each, &["c3xa5 takes b4", "g1xe3 takes f2"]);
    let two_men = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . B . . . b . .
        . . w . . . . .
        . . . . . b . .
        . . . . . . w .
    ",
    );
    // Two men outnumber one king.
    assert_moves(id, &two_men, &["g1xe3xg5 takes f2 f4"]);
}

#[test]
fn dammen64_a_king_counts_as_one_piece_when_taking_the_most() {
    assert_a_king_counts_as_one_piece("dammen64");
}

#[test]
fn brazilian_a_king_counts_as_one_piece_when_taking_the_most() {
    assert_a_king_counts_as_one_piece("brazilian");
}

/// The king on h6 can take g7; the man on a1 can take b2, and d4 too if there.
#[track_caller]
fn assert_king_capture_has_no_priority(id: &str) {
    let equal = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . b .
        . . . . . . . W
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . b . . . . . .
        w . . . . . . .
    ",
    );
    // Damslag gaat niet voor meerslag: with equal numbers the player chooses.
    assert_moves(id, &equal, &["a1xc3 takes b2", "h6xf8 takes g7"]);
    let man_takes_more = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . b .
        . . . . . . . W
        . . . . . . . .
        . . . b . . . .
        . . . . . . . .
        . b . . . . . .
        w . . . . . . .
    ",
    );
    // Meerslag gaat voor, also when a man takes more than a king could.
    assert_moves(id, &man_takes_more, &["a1xc3xe5 takes b2 d4"]);
}

#[test]
fn dammen64_a_king_capture_has_no_priority_over_an_equal_or_larger_man_capture() {
    assert_king_capture_has_no_priority("dammen64");
}

#[test]
fn brazilian_a_king_capture_has_no_priority_over_an_equal_or_larger_man_capture() {
    assert_king_capture_has_no_priority("brazilian");
}

// ---------------------------------------------------------------------------------------------
// A man reaches the last row mid-capture
// ---------------------------------------------------------------------------------------------

/// b6 takes c7 and lands on d8; f6 is in reach of a king on d8 (from a distance), not of a man.
const CROWNING_THEN_FAR: &str = "
    . . . . . . . .
    . . b . . . . .
    . w . . . b . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

/// b6 takes c7 and lands on d8; e7 is next to d8, in reach of a man capturing backwards.
const CROWNING_THEN_NEAR: &str = "
    . . . . . . . .
    . . b . b . . .
    . w . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

#[track_caller]
fn assert_crowned_and_the_move_ends(id: &str) {
    assert_eq!(
        rules(id).promotion_mid_capture,
        PromotionMidCapture::CrownedMoveEnds
    );
    for diagram in [CROWNING_THEN_FAR, CROWNING_THEN_NEAR] {
        let pos = board(Color::White, diagram);
        assert_moves(id, &pos, &["b6xd8 takes c7, crowned"]);
        let m = notation::parse_move("b6xd8", &pos, &rules(id)).unwrap();
        assert_eq!(
            pos.after(&m).piece_at(sq("d8")),
            Some(checkers::Piece::King(Color::White))
        );
    }
}

#[test]
fn english_man_reaching_the_last_row_mid_capture_is_crowned_and_the_move_ends() {
    assert_crowned_and_the_move_ends("english");
}

#[test]
fn dammen64_man_reaching_the_last_row_mid_capture_is_crowned_and_the_move_ends() {
    assert_crowned_and_the_move_ends("dammen64");
}

#[test]
fn german_man_reaching_the_last_row_mid_capture_is_crowned_and_the_move_ends() {
    assert_crowned_and_the_move_ends("german");
}

#[test]
fn brazilian_man_passing_last_row_mid_capture_is_not_crowned() {
    let pos = board(Color::White, CROWNING_THEN_NEAR);
    // It goes on capturing backwards as a man and ends on f6, uncrowned.
    assert_moves("brazilian", &pos, &["b6xd8xf6 takes c7 e7"]);
    let m = legal_moves(&pos, &rules("brazilian"))[0];
    assert_eq!(
        pos.after(&m).piece_at(sq("f6")),
        Some(checkers::Piece::Man(Color::White))
    );
    // As a man it cannot take f6 from d8 at a distance, so that move ends on d8.
    assert_moves(
        "brazilian",
        &board(Color::White, CROWNING_THEN_FAR),
        &["b6xd8 takes c7, crowned"],
    );
}

#[test]
fn brazilian_man_ending_a_capture_on_the_last_row_is_crowned() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . b . . . . .
        . . . . . . . .
        . . b . . . . .
        . . . w . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_moves("brazilian", &pos, &["d4xb6xd8 takes c5 c7, crowned"]);
    let m = legal_moves(&pos, &rules("brazilian"))[0];
    assert_eq!(
        pos.after(&m).piece_at(sq("d8")),
        Some(checkers::Piece::King(Color::White))
    );
}

#[test]
fn russian_man_crowned_mid_capture_goes_on_capturing_as_king() {
    // From d8, as a king: f6 is taken from a distance, and the king lands anywhere beyond.
    assert_moves(
        "russian",
        &board(Color::White, CROWNING_THEN_FAR),
        &[
            "b6xd8xg5 takes c7 f6, crowned",
            "b6xd8xh4 takes c7 f6, crowned",
        ],
    );
    let pos = board(Color::White, CROWNING_THEN_NEAR);
    assert_moves(
        "russian",
        &pos,
        &[
            "b6xd8xf6 takes c7 e7, crowned",
            "b6xd8xg5 takes c7 e7, crowned",
            "b6xd8xh4 takes c7 e7, crowned",
        ],
    );
    let m = notation::parse_move("b6xd8xh4", &pos, &rules("russian")).unwrap();
    assert_eq!(
        pos.after(&m).piece_at(sq("h4")),
        Some(checkers::Piece::King(Color::White))
    );
}

// ---------------------------------------------------------------------------------------------
// No-progress draws
// ---------------------------------------------------------------------------------------------

/// The draw `name` comes exactly `plies` plies (its moves by each side, twice) after the
/// start or the last reset, and not one ply earlier.
#[track_caller]
fn assert_draw_after_quiet_plies(game: &mut Game, name: &str, plies: u32) {
    let id = game.rules().id.clone();
    let already = counter(game, name);
    assert!(already < plies);
    wander(game, (plies - already) as usize);
    assert_eq!(counter(game, name), plies, "{id}");
    assert_eq!(game.outcome(), draw_by(name), "{id}");
    assert!(game.legal_moves().is_empty());
    // One ply earlier the game was still on.
    let last = game.undo().expect("a move to take back");
    assert_eq!(counter(game, name), plies - 1, "{id}");
    assert_eq!(game.outcome(), None, "{id}: one ply early");
    assert_eq!(game.redo(), Some(last));
    assert_eq!(game.outcome(), draw_by(name), "{id}");
}

/// Shuffles the kings, then gives a king away with `h2-g3`, which `f2xh4` takes.
fn shuffle_then_capture(game: &mut Game, name: &str) {
    for m in SHUFFLE {
        play(game, m);
    }
    play(game, "a1-b2");
    play(game, "h2-g3");
    assert_eq!(
        counter(game, name),
        6,
        "{}: king moves count",
        game.rules().id
    );
    play(game, "f2xh4");
    assert_eq!(
        counter(game, name),
        0,
        "{}: reset by the capture",
        game.rules().id
    );
    assert_eq!(game.outcome(), None);
}

#[test]
fn english_40_move_rule_draws_after_40_moves_each_not_one_ply_earlier() {
    let r = rules("english");
    assert_eq!(r.no_progress.len(), 1);
    assert_eq!(r.no_progress[0].moves, 40);
    let mut game = quiet_game("english");
    assert_draw_after_quiet_plies(&mut game, "40-move rule", 80);
}

#[test]
fn english_40_move_rule_resets_on_a_capture() {
    let mut game = quiet_game("english");
    shuffle_then_capture(&mut game, "40-move rule");
    assert_draw_after_quiet_plies(&mut game, "40-move rule", 80);
}

#[test]
fn english_40_move_rule_resets_on_a_man_move() {
    let mut game = quiet_game("english");
    for m in SHUFFLE {
        play(&mut game, m);
    }
    assert_eq!(counter(&game, "40-move rule"), 4);
    play(&mut game, "b4-a5");
    assert_eq!(counter(&game, "40-move rule"), 0);
    assert_draw_after_quiet_plies(&mut game, "40-move rule", 80);
}

#[test]
fn english_40_move_rule_resets_on_a_promotion() {
    // A crowning is a man move.
    let mut game = quiet_game("english");
    for m in SHUFFLE {
        play(&mut game, m);
    }
    play(&mut game, "a7-b8");
    assert_eq!(counter(&game, "40-move rule"), 0);
}

/// The 50-move rule of dammen64, brazilian and german.
#[track_caller]
fn assert_fifty_move_rule(id: &str) {
    let r = rules(id);
    assert_eq!(r.no_progress.len(), 1, "{id}");
    let rule = &r.no_progress[0];
    assert_eq!(rule.name, "50-move rule");
    assert_eq!(rule.moves, 50);
    let mut resets = rule.reset_on.clone();
    resets.sort_by_key(|e| format!("{e:?}"));
    assert_eq!(resets, [ResetEvent::Capture, ResetEvent::Promotion], "{id}");
}

#[track_caller]
fn assert_fifty_move_draw_not_one_ply_earlier(id: &str) {
    assert_fifty_move_rule(id);
    let mut game = quiet_game(id);
    assert_draw_after_quiet_plies(&mut game, "50-move rule", 100);
}

#[track_caller]
fn assert_fifty_move_reset_on_capture(id: &str) {
    let mut game = quiet_game(id);
    shuffle_then_capture(&mut game, "50-move rule");
    assert_draw_after_quiet_plies(&mut game, "50-move rule", 100);
}

#[track_caller]
fn assert_fifty_move_reset_on_promotion(id: &str) {
    let mut game = quiet_game(id);
    for m in SHUFFLE {
        play(&mut game, m);
    }
    assert_eq!(counter(&game, "50-move rule"), 4, "{id}");
    play(&mut game, "a7-b8");
    assert!(game.moves().last().unwrap().promotes());
    assert_eq!(counter(&game, "50-move rule"), 0, "{id}");
    assert_draw_after_quiet_plies(&mut game, "50-move rule", 100);
}

#[track_caller]
fn assert_fifty_move_not_reset_by_a_plain_man_move(id: &str) {
    let mut game = quiet_game(id);
    for m in SHUFFLE {
        play(&mut game, m);
    }
    play(&mut game, "b4-a5");
    assert_eq!(
        counter(&game, "50-move rule"),
        5,
        "{id}: a man move counts on"
    );
    assert_draw_after_quiet_plies(&mut game, "50-move rule", 100);
}

#[test]
fn dammen64_50_move_rule_draws_after_50_moves_each_not_one_ply_earlier() {
    assert_fifty_move_draw_not_one_ply_earlier("dammen64");
}

#[test]
fn dammen64_50_move_rule_resets_on_a_capture() {
    assert_fifty_move_reset_on_capture("dammen64");
}

#[test]
fn dammen64_50_move_rule_resets_on_a_promotion() {
    assert_fifty_move_reset_on_promotion("dammen64");
}

#[test]
fn dammen64_50_move_rule_is_not_reset_by_a_plain_man_move() {
    assert_fifty_move_not_reset_by_a_plain_man_move("dammen64");
}

#[test]
fn brazilian_50_move_rule_draws_after_50_moves_each_not_one_ply_earlier() {
    assert_fifty_move_draw_not_one_ply_earlier("brazilian");
}

#[test]
fn brazilian_50_move_rule_resets_on_a_capture() {
    assert_fifty_move_reset_on_capture("brazilian");
}

#[test]
fn brazilian_50_move_rule_resets_on_a_promotion() {
    assert_fifty_move_reset_on_promotion("brazilian");
}

#[test]
fn brazilian_50_move_rule_is_not_reset_by_a_plain_man_move() {
    assert_fifty_move_not_reset_by_a_plain_man_move("brazilian");
}

#[test]
fn german_50_move_rule_draws_after_50_moves_each_not_one_ply_earlier() {
    assert_fifty_move_draw_not_one_ply_earlier("german");
}

#[test]
fn german_50_move_rule_resets_on_a_capture() {
    assert_fifty_move_reset_on_capture("german");
}

#[test]
fn german_50_move_rule_resets_on_a_promotion() {
    assert_fifty_move_reset_on_promotion("german");
}

#[test]
fn german_50_move_rule_is_not_reset_by_a_plain_man_move() {
    assert_fifty_move_not_reset_by_a_plain_man_move("german");
}

#[test]
fn russian_15_move_kings_rule_draws_after_15_moves_each_not_one_ply_earlier() {
    let mut game = quiet_game("russian");
    assert_draw_after_quiet_plies(&mut game, "15-move kings rule", 30);
    // Two kings against two: the three-kings count never started.
    assert_eq!(counter(&game, "three kings against one"), 0);
}

#[test]
fn russian_15_move_kings_rule_resets_on_a_capture() {
    let mut game = quiet_game("russian");
    shuffle_then_capture(&mut game, "15-move kings rule");
    assert_draw_after_quiet_plies(&mut game, "15-move kings rule", 30);
}

#[test]
fn russian_15_move_kings_rule_resets_on_a_man_move() {
    let mut game = quiet_game("russian");
    for m in SHUFFLE {
        play(&mut game, m);
    }
    assert_eq!(counter(&game, "15-move kings rule"), 4);
    play(&mut game, "b4-a5");
    assert_eq!(counter(&game, "15-move kings rule"), 0);
    assert_draw_after_quiet_plies(&mut game, "15-move kings rule", 30);
}

#[test]
fn russian_three_kings_against_a_lone_king_draw_after_15_moves_counted_from_when_that_material_arose(
) {
    const KINGS: &str = "15-move kings rule";
    const THREE: &str = "three kings against one";
    // The quiet board with a third white king on c1.
    let pos = board(
        Color::White,
        "
        . . . . . . . B
        w . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . w . w . . . .
        . . w . . . . .
        . . . . . W . B
        W . W . . . . .
    ",
    );
    let mut game = Game::from_position(rules("russian"), pos);
    for m in SHUFFLE {
        play(&mut game, m);
    }
    play(&mut game, "a1-b2");
    play(&mut game, "h2-g3");
    // Black still has two kings: only the kings count runs.
    assert_eq!((counter(&game, KINGS), counter(&game, THREE)), (6, 0));
    play(&mut game, "f2xh4");
    // Three kings (and men) against a lone king from here on.
    assert_eq!((counter(&game, KINGS), counter(&game, THREE)), (0, 0));
    play(&mut game, "h8-g7");
    assert_eq!((counter(&game, KINGS), counter(&game, THREE)), (1, 1));
    // A man move resets the kings count, not this one.
    play(&mut game, "b4-a5");
    assert_eq!((counter(&game, KINGS), counter(&game, THREE)), (0, 2));
    assert_draw_after_quiet_plies(&mut game, THREE, 30);
    assert_eq!(counter(&game, KINGS), 28);
}

/// Wanders `plies` plies with a plain man move on every `every`th ply, so that the 15-move
/// kings rule keeps being reset while nothing is taken and nobody is crowned.
#[track_caller]
fn wander_moving_men(game: &mut Game, plies: usize, every: usize) {
    wander_with(game, plies, &|left| {
        (plies - left + 1).is_multiple_of(every)
    });
}

/// From `rows` (white to move), wanders `plies` plies with a man move every 21st ply: the
/// endgame count `rule` runs through the man moves while the kings rule keeps being reset and
/// `other` (the count for other material) stays at zero; the game is drawn by `rule` at exactly
/// `limit` plies.
#[track_caller]
fn assert_endgame_count(rows: &str, rule: &str, other: &str, plies: usize, limit: u32) {
    let mut game = Game::from_position(rules("russian"), board(Color::White, rows));
    wander_moving_men(&mut game, plies, 21);
    assert_eq!(counter(&game, rule), plies as u32);
    assert_eq!(counter(&game, "15-move kings rule"), 0);
    assert_eq!(counter(&game, other), 0);
    assert_draw_after_quiet_plies(&mut game, rule, limit);
}

#[test]
fn russian_30_move_rule_draws_with_four_or_five_pieces_and_kings_on_both_sides() {
    assert_endgame_count(
        "
        . . . . . B . .
        . . . . . . . .
        . . . . . . . b
        . . . . . . . .
        . . . . . . . .
        w . . . . . . .
        . . . . . . . .
        . . W . . . . .
    ",
        "30-move endgame rule",
        "60-move endgame rule",
        42,
        60,
    );
}

#[test]
fn russian_60_move_rule_draws_with_six_or_seven_pieces_and_kings_on_both_sides() {
    assert_endgame_count(
        "
        . . . . . B . .
        . . . . . . . .
        . . . . . b . b
        . . . . . . . .
        . . . . . . . .
        w . w . . . . .
        . . . . . . . .
        . . . . W . . .
    ",
        "60-move endgame rule",
        "30-move endgame rule",
        105,
        120,
    );
}

#[test]
fn russian_endgame_counts_need_kings_on_both_sides_and_reset_on_a_promotion() {
    const RULE: &str = "30-move endgame rule";
    // Black has no king: the count does not run.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        b . . . . . . .
        . . . . . . . b
        . . . . . . . .
        . . . . . . . .
        . . w . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    let mut game = Game::from_position(rules("russian"), pos);
    play(&mut game, "a1-b2");
    play(&mut game, "h6-g5");
    play(&mut game, "b2-a1");
    assert_eq!(counter(&game, RULE), 0, "black has no king");
    // Kings on both sides: the count runs, a man move does not reset it, a crowning does.
    let pos = board(
        Color::Black,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . B
        . . . . w . . .
        . . . . . . . b
        W . . . . . . .
    ",
    );
    let mut game = Game::from_position(rules("russian"), pos);
    play(&mut game, "h4-g5");
    play(&mut game, "e3-d4");
    assert_eq!(counter(&game, RULE), 2);
    play(&mut game, "h2-g1");
    assert_eq!(counter(&game, RULE), 0, "reset by black's crowning");
}

// ---------------------------------------------------------------------------------------------
// Touch-move
// ---------------------------------------------------------------------------------------------

#[test]
fn english_touch_move_is_off() {
    assert!(!rules("english").touch_move);
}

#[test]
fn dammen64_touch_move_is_off() {
    assert!(!rules("dammen64").touch_move);
}

#[test]
fn brazilian_touch_move_is_on() {
    assert!(rules("brazilian").touch_move);
}

#[test]
fn russian_touch_move_is_on() {
    assert!(rules("russian").touch_move);
}

#[test]
fn german_touch_move_is_off() {
    assert!(!rules("german").touch_move);
}

// ---------------------------------------------------------------------------------------------
// Square notation
// ---------------------------------------------------------------------------------------------

/// White's c3 (22) can take d4 (18), and then f6 (11) too if there; Black's f6 (11) can
/// take e5 (15).
fn written(id: &str, side: Color, diagram: &str) -> Vec<String> {
    let r = rules(id);
    sorted(
        legal_moves(&board(side, diagram), &r)
            .iter()
            .map(|m| notation::write(m, &r.notation)),
    )
}

const WHITE_TAKES_TWICE: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . b . .
    . . . . . . . .
    . . . b . . . .
    . . w . . . . .
    . . . . . . . .
    . . . . . . . .
";

const BLACK_TAKES: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . b . .
    . . . . w . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

#[track_caller]
fn assert_numeric_notation(id: &str) {
    let r = rules(id);
    assert_eq!(r.notation.squares, SquareNotation::Numeric, "{id}");
    assert_eq!(written(id, Color::Black, BLACK_TAKES), ["11x18"]);
    assert_eq!(written(id, Color::White, WHITE_TAKES_TWICE), ["22x15x8"]);
    let start = Position::initial(r.first_move);
    let first: Vec<String> = legal_moves(&start, &r)
        .iter()
        .map(|m| notation::write(m, &r.notation))
        .collect();
    assert!(first.contains(&"11-15".to_string()), "{id}: {first:?}");
    // Read back in either notation.
    let pos = board(Color::Black, BLACK_TAKES);
    let m = notation::parse_move("11x18", &pos, &r).unwrap();
    assert_eq!(notation::parse_move("f6xd4", &pos, &r).unwrap(), m);
    assert_eq!(
        fen::write(&start, r.notation.squares),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}

#[test]
fn english_writes_squares_as_numbers() {
    assert_numeric_notation("english");
}

#[test]
fn dammen64_writes_squares_as_numbers() {
    assert_numeric_notation("dammen64");
}

#[test]
fn german_writes_squares_as_numbers() {
    assert_numeric_notation("german");
}

#[test]
fn brazilian_writes_squares_algebraically_with_x() {
    let r = rules("brazilian");
    assert_eq!(r.notation.squares, SquareNotation::Algebraic);
    assert_eq!(r.notation.capture_separator, 'x');
    assert_eq!(written("brazilian", Color::White, BEHIND), ["e5xc3"]);
    assert_eq!(
        written("brazilian", Color::White, WHITE_TAKES_TWICE),
        ["c3xe5xg7"]
    );
    let start = Position::initial(r.first_move);
    let first: Vec<String> = legal_moves(&start, &r)
        .iter()
        .map(|m| notation::write(m, &r.notation))
        .collect();
    assert!(first.contains(&"c3-d4".to_string()), "{first:?}");
    let pos = board(Color::White, KING_NEXT_TO);
    let m = notation::parse_move("c3xe5", &pos, &r).unwrap();
    assert_eq!(notation::write(&m, &r.notation), "c3xe5");
}

#[test]
fn russian_writes_squares_algebraically_with_colon() {
    let r = rules("russian");
    assert_eq!(r.notation.squares, SquareNotation::Algebraic);
    assert_eq!(r.notation.capture_separator, ':');
    assert_eq!(
        written("russian", Color::White, WHITE_TAKES_TWICE),
        ["c3:e5:g7"]
    );
    let start = Position::initial(r.first_move);
    let first: Vec<String> = legal_moves(&start, &r)
        .iter()
        .map(|m| notation::write(m, &r.notation))
        .collect();
    assert!(first.contains(&"c3-d4".to_string()), "{first:?}");
    let pos = board(Color::White, KING_NEXT_TO);
    let m = notation::parse_move("c3:e5", &pos, &r).unwrap();
    assert_eq!(notation::write(&m, &r.notation), "c3:e5");
}

// ---------------------------------------------------------------------------------------------
// PDN
// ---------------------------------------------------------------------------------------------

#[test]
fn english_pdn_game_type_is_21() {
    let r = rules("english");
    assert_eq!(r.pdn_game_type, Some(21));
    assert_eq!(r.pdn_variant, "English");
}

#[test]
fn russian_pdn_game_type_is_25_with_colon_captures() {
    let r = rules("russian");
    assert_eq!(r.pdn_game_type, Some(25));
    assert_eq!(r.notation.capture_separator, ':');
    assert_eq!(r.pdn_variant, "Russian");
}

#[test]
fn brazilian_pdn_game_type_is_26() {
    let r = rules("brazilian");
    assert_eq!(r.pdn_game_type, Some(26));
    assert_eq!(r.pdn_variant, "Brazilian");
}

#[test]
fn dammen64_has_no_pdn_game_type_only_a_variant_tag() {
    let r = rules("dammen64");
    assert_eq!(r.pdn_game_type, None);
    assert_eq!(r.pdn_variant, "Dammen 64");
}

#[test]
fn german_has_no_pdn_game_type_only_a_variant_tag() {
    let r = rules("german");
    assert_eq!(r.pdn_game_type, None);
    assert_eq!(r.pdn_variant, "German Dame");
}

#[test]
fn no_variant_borrows_another_variants_pdn_game_type_or_variant_tag() {
    let all = Ruleset::builtins();
    for (i, a) in all.iter().enumerate() {
        assert!(!a.pdn_variant.is_empty(), "{}", a.id);
        for b in &all[i + 1..] {
            assert_ne!(a.pdn_variant, b.pdn_variant);
            if a.pdn_game_type.is_some() {
                assert_ne!(a.pdn_game_type, b.pdn_game_type, "{} and {}", a.id, b.id);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Each row is a setting of a ruleset file
// ---------------------------------------------------------------------------------------------

#[test]
fn each_difference_is_a_setting_of_the_variants_ruleset_file() {
    for id in VARIANTS {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("rulesets")
            .join(format!("{id}.toml"));
        let from_file = Ruleset::from_file(&path).unwrap();
        assert_eq!(from_file, rules(id), "{id}: the built-in is the file");
    }
    // A new variant is a new file: russian with most-pieces capture needs no code.
    let text = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rulesets/russian.toml"),
    )
    .unwrap()
    .replace("id = \"russian\"", "id = \"russian-most\"")
    .replace(
        "capture_choice = \"any\"",
        "capture_choice = \"most-pieces\"",
    );
    let custom = Ruleset::from_toml(&text, "russian-most.toml").unwrap();
    let pos = board(Color::White, THREE_OR_ONE);
    assert_eq!(
        sorted(legal_moves(&pos, &custom).iter().map(show)),
        [TAKE_THREE]
    );
}

// ---------------------------------------------------------------------------------------------
// Display: illegal moves
// ---------------------------------------------------------------------------------------------

#[test]
fn an_illegal_move_is_refused_with_the_reason_a_capture_is_mandatory() {
    let pos = board(Color::White, THREE_OR_ONE);
    for id in VARIANTS {
        assert_eq!(refusal(id, &pos, "a1-b2"), "a capture is mandatory", "{id}");
        let mut game = Game::from_position(rules(id), pos);
        match game.play_text("a1-b2") {
            Err(GameError::Move(MoveError::Illegal { text, reason })) => {
                assert_eq!(text, "a1-b2");
                assert_eq!(reason, "a capture is mandatory", "{id}");
            }
            other => panic!("{id}: {other:?}"),
        }
    }
}

#[test]
fn an_illegal_move_is_refused_with_the_reason_you_must_take_the_most_pieces() {
    let pos = board(Color::White, THREE_OR_ONE);
    for id in ["dammen64", "brazilian"] {
        let mut game = Game::from_position(rules(id), pos);
        match game.play_text("h4xf6") {
            Err(GameError::Move(MoveError::Illegal { reason, .. })) => {
                assert_eq!(reason, "you must take the most pieces: 3", "{id}");
            }
            other => panic!("{id}: {other:?}"),
        }
        // The message as the player reads it.
        let e = game.play_text("h4xf6").unwrap_err();
        assert_eq!(
            e.to_string(),
            "`h4xf6` is illegal: you must take the most pieces: 3"
        );
    }
}

#[test]
fn an_illegal_move_costs_nothing() {
    let pos = board(Color::White, THREE_OR_ONE);
    for id in VARIANTS {
        let mut game = Game::from_position(rules(id), pos);
        let refused = if rules(id).capture_choice == CaptureChoice::MostPieces {
            "h4xf6"
        } else {
            "a1-b2"
        };
        assert!(game.play_text(refused).is_err(), "{id}");
        assert!(game.play_text("e1-f2").is_err(), "{id}");
        assert_eq!(*game.position(), pos, "{id}");
        assert_eq!(game.moves().len(), 0, "{id}");
        assert_eq!(game.outcome(), None, "{id}");
        assert!(game.counters().iter().all(|(_, n)| *n == 0), "{id}");
        // The same player still has the move and plays it.
        play(&mut game, "e1xc7");
        assert_eq!(game.position().side_to_move(), Color::Black, "{id}");
        assert_eq!(game.position().pieces(Color::Black).count(), 1, "{id}");
    }
}

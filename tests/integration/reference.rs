//! The fast move generator against the plain one in `common/reference.rs`.
//!
//! Both must list the same moves, identified by docs/RULES.md as start, end and
//! captured set (plus whether the piece ends as a king), in every position: the
//! start position's tree to a moderate depth, random positions biased towards
//! captures, and a few plies of a random game from each. The fast generator's
//! path of a move must be one the plain generator also finds for it.
//!
//! `PROPTEST_CASES=20000 cargo test --release --test integration reference::` runs more
//! cases; `cargo test --release --test integration reference:: -- --ignored` runs the deeper
//! perfts.

use crate::common::reference::{self as plain, Board, Coord, RefMove};
use crate::common::{arb, builtin as rules, proptest_config as config};
use checkers::rules::builtin::{BRAZILIAN, DAMMEN64, ENGLISH, GERMAN, RUSSIAN};
use checkers::{fen, legal_moves, perft, Position, Ruleset, SquareNotation};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use std::collections::BTreeSet;

fn name((file, rank): (i8, i8)) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn show(m: &RefMove) -> String {
    let path: Vec<String> = m.path.iter().map(|&c| name(c)).collect();
    let taken: Vec<String> = m.captured.iter().map(|&c| name(c)).collect();
    format!(
        "{} [takes {}]{}",
        path.join(if m.captured.is_empty() { "-" } else { "x" }),
        taken.join(","),
        if m.promotes { " (crowned)" } else { "" }
    )
}

/// Compares the two generators in `pos`; the error names the position and the difference.
fn compare(pos: &Position, variant: &str) -> Result<(), String> {
    let rules = rules(variant);
    let board = Board::from_position(pos);
    let expected = plain::legal_moves(&board, rules);
    let fast: Vec<RefMove> = legal_moves(pos, rules)
        .iter()
        .map(plain::from_engine)
        .collect();
    let (want, got) = (plain::keys(&expected), plain::keys(&fast));
    if want != got {
        let missing: Vec<String> = expected
            .iter()
            .filter(|m| !got.contains(&key(m)))
            .map(show)
            .collect();
        let extra: Vec<String> = fast
            .iter()
            .enumerate()
            .filter(|&(i, m)| !want.contains(&key(m)) || fast[..i].iter().any(|o| key(o) == key(m)))
            .map(|(_, m)| show(m))
            .collect();
        return Err(format!(
            "{variant} {} ({}): the fast generator lists {} moves, the reference {}\n  \
             missing from the fast list: {missing:?}\n  extra or repeated in the fast list: {extra:?}",
            fen::write(pos, SquareNotation::Numeric),
            fen::write(pos, SquareNotation::Algebraic),
            fast.len(),
            expected.len(),
        ));
    }
    // The path the fast generator keeps must be a real way to play the move.
    let paths: BTreeSet<Sequence> = plain::sequences(&board, rules)
        .into_iter()
        .map(|m| (m.path, m.captured))
        .collect();
    for m in &fast {
        if !paths.contains(&(m.path.clone(), m.captured.clone())) {
            return Err(format!(
                "{variant} {}: the fast generator's path {} is not a legal way to play the move",
                fen::write(pos, SquareNotation::Numeric),
                show(m)
            ));
        }
    }
    Ok(())
}

/// A way to play a capture: its path and what it takes.
type Sequence = (Vec<Coord>, BTreeSet<Coord>);

fn key(m: &RefMove) -> (Coord, Coord, BTreeSet<Coord>, bool) {
    let (a, b, c) = m.key();
    (a, b, c, m.promotes)
}

/// Compares at `pos`, then plays the moves `walk` picks, comparing at each node.
fn compare_walk(variant: &str, mut pos: Position, walk: &[Index]) -> Result<(), TestCaseError> {
    for pick in walk {
        compare(&pos, variant).map_err(TestCaseError::fail)?;
        let moves = legal_moves(&pos, rules(variant));
        if moves.is_empty() {
            return Ok(());
        }
        pos = pos.after(&moves[pick.index(moves.len())]);
    }
    compare(&pos, variant).map_err(TestCaseError::fail)
}

/// Start-position perft of both generators, to `depth`.
fn start_perft(variant: &str, depth: u32) {
    let rules = rules(variant);
    let start = Position::initial(rules.first_move);
    let board = Board::from_position(&start);
    for d in 1..=depth {
        assert_eq!(
            perft(&start, rules, d),
            plain::perft(&board, rules, d),
            "{variant} start position, perft {d}: fast generator vs reference"
        );
    }
}

/// Deep enough to reach captures of every kind (about 10 s for the five variants
/// in the test profile, most of it the reference generator).
const START_DEPTH: u32 = 9;

#[test]
fn start_perft_english() {
    start_perft(ENGLISH, START_DEPTH);
}

#[test]
fn start_perft_dammen64() {
    start_perft(DAMMEN64, START_DEPTH);
}

#[test]
fn start_perft_brazilian() {
    start_perft(BRAZILIAN, START_DEPTH);
}

#[test]
fn start_perft_russian() {
    start_perft(RUSSIAN, START_DEPTH);
}

#[test]
fn start_perft_german() {
    start_perft(GERMAN, START_DEPTH);
}

/// Deeper: `cargo test --release --test integration reference:: -- --ignored`.
#[test]
#[ignore]
fn start_perft_deep() {
    for v in Ruleset::builtin_ids() {
        start_perft(v, 10);
    }
}

/// Prints the reference generator's start-position perft counts, the source of the
/// dammen64 and german lines of `tests/data/perft.txt`: `REF_PERFT_DEPTH=11
/// [REF_PERFT_VARIANT=german] cargo test --test integration print_reference_perft --
/// --ignored --nocapture`.
#[test]
#[ignore]
fn print_reference_perft() {
    let depth: u32 = std::env::var("REF_PERFT_DEPTH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let only = std::env::var("REF_PERFT_VARIANT").ok();
    for v in Ruleset::builtin_ids() {
        if only.as_deref().is_some_and(|o| o != v) {
            continue;
        }
        let rules = rules(v);
        let board = Board::from_position(&Position::initial(rules.first_move));
        for d in 1..=depth {
            let t = std::time::Instant::now();
            let n = plain::perft(&board, rules, d);
            println!("{v} {d} {n}  ({:.1} s)", t.elapsed().as_secs_f64());
        }
    }
}

/// Up to 80 plies of a random game from the start.
fn game() -> impl Strategy<Value = Vec<Index>> {
    prop::collection::vec(any::<Index>(), 1..80)
}

/// Up to this many plies of a random game after each random position.
fn walk() -> impl Strategy<Value = Vec<Index>> {
    prop::collection::vec(any::<Index>(), 0..6)
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn random_positions_english(pos in arb::position(), w in walk()) {
        compare_walk(ENGLISH, pos, &w)?;
    }

    #[test]
    fn random_positions_dammen64(pos in arb::position(), w in walk()) {
        compare_walk(DAMMEN64, pos, &w)?;
    }

    #[test]
    fn random_positions_brazilian(pos in arb::position(), w in walk()) {
        compare_walk(BRAZILIAN, pos, &w)?;
    }

    #[test]
    fn random_positions_russian(pos in arb::position(), w in walk()) {
        compare_walk(RUSSIAN, pos, &w)?;
    }

    #[test]
    fn random_positions_german(pos in arb::position(), w in walk()) {
        compare_walk(GERMAN, pos, &w)?;
    }
}

proptest! {
    #![proptest_config(config(200))]

    /// Random games from the start position: the positions real play reaches.
    #[test]
    fn random_games_from_the_start(variant in arb::variant(), w in game()) {
        let start = Position::initial(rules(variant).first_move);
        compare_walk(variant, start, &w)?;
    }
}

/// Positions worth checking every time: long flying captures, crowning in the middle
/// of a capture, captures that come back to their own start square.
#[test]
fn fixed_positions_agree() {
    let fens = [
        // A flying king with several landing squares, only some of which go on capturing.
        "W:WKa1:Bc3,f4,d6",
        "W:WKa1:Bc3,e5,g5,f2,b6",
        // A man that reaches the last row mid-capture (russian: goes on as a king;
        // brazilian: goes on as a man; the others: crowned, the move ends).
        "W:Wf6:Be7,c7",
        "W:Wf6:Be7,c7,b4,Kg3",
        // Captures that end on their own start square, round four pieces.
        "W:WKc3:Bd4,d6,b6,b4",
        "W:Wc3:Bd4,d6,b6,b4",
        "B:BKf6:We5,e3,g3,g5",
        "B:Bf6:We5,e3,g3,g5",
    ];
    for f in fens {
        let pos = fen::parse(f).unwrap();
        for v in Ruleset::builtin_ids() {
            if let Err(e) = compare(&pos, v) {
                panic!("{e}");
            }
        }
    }
}

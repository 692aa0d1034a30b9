//! The fast move generator against the plain one in `common/reference.rs`.
//!
//! Both must list the same moves, identified by docs/RULES.md as start, end and
//! captured set (plus whether the piece ends as a king), in every position: the
//! start position's tree to a moderate depth, random positions biased towards
//! captures, and a few plies of a random game from each, every variant on its own
//! board (8×8, 10×10 or 12×12). The fast generator's path of a move must be one the plain
//! generator also finds for it.
//!
//! `PROPTEST_CASES=20000 cargo test --release --test integration reference::` runs more
//! cases; `cargo test --release --test integration reference:: -- --ignored` runs the deeper
//! perfts.

use crate::common::reference::{self as plain, Board, Coord, RefMove};
use crate::common::{arb, builtin as rules, proptest_config as config};
use checkers::rules::builtin::{
    BRAZILIAN, CANADIAN, CZECH, DAMMEN64, ENGLISH, GERMAN, INTERNATIONAL, ITALIAN, POOL,
    PORTUGUESE, RUSSIAN, SPANISH, THAI,
};
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
    compare_under(pos, rules(variant))
}

/// [`compare`] under any rules.
fn compare_under(pos: &Position, rules: &Ruleset) -> Result<(), String> {
    let variant = &rules.id;
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
            fen::write(pos, rules.geometry(), SquareNotation::Numeric),
            fen::write(pos, rules.geometry(), SquareNotation::Algebraic),
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
                fen::write(pos, rules.geometry(), SquareNotation::Numeric),
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
    let start = Position::start(rules);
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

#[test]
fn start_perft_italian() {
    start_perft(ITALIAN, START_DEPTH);
}

#[test]
fn start_perft_czech() {
    start_perft(CZECH, START_DEPTH);
}

#[test]
fn start_perft_spanish() {
    start_perft(SPANISH, START_DEPTH);
}

#[test]
fn start_perft_portuguese() {
    start_perft(PORTUGUESE, START_DEPTH);
}

#[test]
fn start_perft_pool() {
    start_perft(POOL, START_DEPTH);
}

/// Eight men each leave four empty rows: the tree is ten times as wide.
#[test]
fn start_perft_thai() {
    start_perft(THAI, 7);
}

/// Every combination of the settings that shape move generation, on every
/// board (on 10×10 and 12×12 only the international ones are compiled and the
/// rest run in the general kernel): the same moves as the reference generator
/// over random games, and the same start-position perft to a small depth.
#[test]
fn every_setting_on_every_board_agrees_with_the_reference() {
    use checkers::rules::{
        CaptureChoice, KingCapturesFrom, KingLands, KingMoves, PromotionMidCapture,
    };
    let mut rng = Xorshift(0x2545_f491_4f6c_dd1d);
    let mut compared = 0;
    for base in [ENGLISH, INTERNATIONAL, CANADIAN] {
        for settings in 0..96u32 {
            let mut r = rules(base).clone();
            let bit = |i: u32| settings >> i & 1 == 1;
            r.men_capture_backwards = bit(0);
            r.king_moves = [KingMoves::OneSquare, KingMoves::AnyDistance][bit(1) as usize];
            r.king_captures_from =
                [KingCapturesFrom::Adjacent, KingCapturesFrom::AnyDistance][bit(2) as usize];
            r.king_lands = [KingLands::DirectlyBehind, KingLands::AnyEmptyBeyond][bit(3) as usize];
            r.capture_choice = [CaptureChoice::Any, CaptureChoice::MostPieces][bit(4) as usize];
            r.promotion_mid_capture = [
                PromotionMidCapture::CrownedMoveEnds,
                PromotionMidCapture::ContinueAsMan,
                PromotionMidCapture::ContinueAsKing,
            ][(settings >> 5) as usize];
            if r.promotion_mid_capture == PromotionMidCapture::ContinueAsMan
                && !r.men_capture_backwards
            {
                continue; // refused by the loader: such a man could not go on
            }
            r.id = format!("{base} with settings {settings}");
            let start = Position::start(&r);
            let board = Board::from_position(&start);
            assert_eq!(
                perft(&start, &r, 3),
                plain::perft(&board, &r, 3),
                "{}",
                r.id
            );
            compared += compare_random_games(&r, 2, 120, &mut rng);
        }
    }
    assert!(compared > 30_000, "{compared}");
}

/// The same random moves every run.
struct Xorshift(u64);

impl Xorshift {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Compares the generators at every position of `games` random games of up
/// to `plies` plies under `r`; returns how many positions that was.
fn compare_random_games(r: &Ruleset, games: usize, plies: usize, rng: &mut Xorshift) -> usize {
    let mut compared = 0;
    for _ in 0..games {
        let mut pos = Position::start(r);
        for _ in 0..plies {
            compare_under(&pos, r).unwrap_or_else(|e| panic!("{e}"));
            compared += 1;
            let moves = legal_moves(&pos, r);
            if moves.is_empty() {
                break;
            }
            pos = pos.after(&moves[rng.below(moves.len())]);
        }
    }
    compared
}

/// The settings that rank captures (men that may not take kings, the
/// criteria of `capture_precedence`) and pieces taken leaving the board at
/// once, which run in the general kernel on every board, against the
/// reference generator's independent reading.
#[test]
fn every_capture_precedence_on_every_board_agrees_with_the_reference() {
    use checkers::rules::{CaptureChoice, CapturesRemoved, Criterion};
    let mut rng = Xorshift(0x9e37_79b9_7f4a_7c15);
    let lists: [&[Criterion]; 6] = [
        &[],
        &[Criterion::WithKing],
        &[Criterion::MostKings],
        &[Criterion::KingFirst],
        &[
            Criterion::WithKing,
            Criterion::MostKings,
            Criterion::KingFirst,
        ],
        &[Criterion::WithKing, Criterion::MostPieces],
    ];
    let mut compared = 0;
    for base in [ENGLISH, RUSSIAN, INTERNATIONAL, CANADIAN] {
        for list in lists {
            for men_take_kings in [true, false] {
                for choice in [CaptureChoice::Any, CaptureChoice::MostPieces] {
                    let mut r = rules(base).clone();
                    r.capture_precedence = list.to_vec();
                    r.men_take_kings = men_take_kings;
                    r.capture_choice = choice;
                    r.id = format!("{base} {list:?} {men_take_kings} {choice:?}");
                    compared += compare_random_games(&r, 3, 150, &mut rng);
                    r.captures_removed = CapturesRemoved::AtOnce;
                    r.id.push_str(" at once");
                    compared += compare_random_games(&r, 2, 150, &mut rng);
                }
            }
        }
    }
    assert!(compared > 20_000, "{compared}");
}

/// One ply less on 10×10, where the tree is wider: 6.5 million leaves, about 5 s
/// (depth 9 takes half a minute; `start_perft_deep` goes further).
const START_DEPTH_10: u32 = 8;

#[test]
fn start_perft_international() {
    start_perft(INTERNATIONAL, START_DEPTH_10);
}

/// Two plies less on 12×12: 4.4 million leaves at depth 7.
const START_DEPTH_12: u32 = 7;

#[test]
fn start_perft_canadian() {
    start_perft(CANADIAN, START_DEPTH_12);
}

/// Deeper: `cargo test --release --test integration reference:: -- --ignored`.
#[test]
#[ignore]
fn start_perft_deep() {
    for v in Ruleset::builtin_ids() {
        // As wide a tree on each board: 8×8 to depth 10, 10×10 to 9, 12×12 to 8.
        let depth = match rules(v).geometry().size {
            8 => 10,
            10 => 9,
            _ => 8,
        };
        start_perft(v, depth);
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
        let board = Board::from_position(&Position::start(rules));
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

    #[test]
    fn random_positions_international(
        pos in arb::position_on(*rules(INTERNATIONAL).geometry()),
        w in walk(),
    ) {
        compare_walk(INTERNATIONAL, pos, &w)?;
    }

    #[test]
    fn random_positions_canadian(
        pos in arb::position_on(*rules(CANADIAN).geometry()),
        w in walk(),
    ) {
        compare_walk(CANADIAN, pos, &w)?;
    }
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn random_positions_italian(pos in arb::position(), w in walk()) {
        compare_walk(ITALIAN, pos, &w)?;
    }

    #[test]
    fn random_positions_czech(pos in arb::position(), w in walk()) {
        compare_walk(CZECH, pos, &w)?;
    }

    #[test]
    fn random_positions_spanish(pos in arb::position(), w in walk()) {
        compare_walk(SPANISH, pos, &w)?;
    }

    #[test]
    fn random_positions_portuguese(pos in arb::position(), w in walk()) {
        compare_walk(PORTUGUESE, pos, &w)?;
    }

    #[test]
    fn random_positions_pool(pos in arb::position(), w in walk()) {
        compare_walk(POOL, pos, &w)?;
    }

    #[test]
    fn random_positions_thai(pos in arb::position(), w in walk()) {
        compare_walk(THAI, pos, &w)?;
    }
}

proptest! {
    #![proptest_config(config(200))]

    /// Random games from the start position: the positions real play reaches.
    #[test]
    fn random_games_from_the_start(variant in arb::variant(), w in game()) {
        let start = Position::start(rules(variant));
        compare_walk(variant, start, &w)?;
    }
}

/// Positions on 8×8 worth checking every time: long flying captures, crowning in the
/// middle of a capture, captures that come back to their own start square.
const FIXED_8: [&str; 8] = [
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

/// Positions on 10×10 worth checking every time; `international_by_hand` has the
/// moves of most of them as the FMJD rules give them.
const FIXED_10: [&str; 21] = [
    // Flying kings with several landing squares, only some of which go on capturing,
    // down the long diagonal and round the board.
    "W:WKa1:Bc3,f6,h8",
    "W:WKa1:Bc3,e7,g7,h4,c5",
    "W:WKj10:Bh8,c3,e5,b6,g3,d8",
    "B:BKa9:Wc7,e5,g3,f8,h6,d2",
    // A man that reaches the last row mid-capture goes on as a man, and is not crowned
    // where it ends off that row: f8xd10xb8, e3xc1xa3, and f8xd10xb8 again before
    // f8xh10, which takes one piece fewer. Where it stops on the row it is crowned,
    // even when a king would go on from there (h8xf10, not on over c7).
    "W:Wf8:Be9,c9",
    "B:Be3:Wd2,b2",
    "W:Wf8:Be9,c9,g9",
    "W:Wf8:Be9",
    "W:Wh8:Bg9,c7",
    // The most pieces, kings and men alike: two men before one king, two kings before
    // one man, and two kings or two men as the side pleases.
    "W:WKj6,i5,f8,c3:BKi7,d4,d6",
    "W:WKj6,i5,f8,c3:BKi7,Kg9,d4",
    "W:WKj6,i5,f8,c3:BKi7,Kg9,d4,d6",
    // The Turkish strike: a piece taken stays on the board until the move ends, so a
    // king that comes back round to it may neither take it again nor pass it, and
    // g7 behind d4 is out of reach once d4 is taken: four pieces at most, not five.
    "W:WKc3:Bd4,d6,b6,b4,g7",
    "B:BKh8:Wg7,g5,i5,i7,c3",
    // Loops round four pieces back to the start square, a man's crossing the last row.
    "W:WKh6:Bi7,i9,g9,g7",
    "W:Wh6:Bi7,i9,g9,g7",
    "B:Bc5:Wb4,b2,d2,d4",
    // A man taking backwards and forwards; numbered squares: a crowd of men, and kings
    // on the corner squares 46 and 50.
    "W:Wd6:Bc5,c3,e3,g5,e5",
    "W:W31,32,33,36,41,46,50:B16,17,18,21,22,27,28",
    "B:W23,24,29,30,34,35,40:BK45,1,5,10,19,20",
    "W:WK50,K46:B5,10,14,19,23,28,32,37,41",
];

/// Positions on 12×12 worth checking every time: the same kinds as on 10×10, and
/// moves that cross from the squares of the word's low 64 bits (ranks 1-10) to
/// those above (ranks 11 and 12) and back.
const FIXED_12: [&str; 14] = [
    // Flying kings down the long diagonal and round the board, with several
    // landing squares, only some of which go on capturing.
    "W:WKa1:Bc3,f6,h8,j10",
    "W:WKa1:Bc3,e7,g7,h4,c5,k9",
    "B:BKl12:Wk11,h8,e5,j6,c7",
    "W:WKb12:Bc11,f8,h10,j8,e5,c3",
    // A man that reaches the last row mid-capture goes on as a man, and is crowned
    // only where it ends there.
    "W:Wf10:Be11,c11",
    "W:Wf10:Be11,c11,g11",
    "W:Wf10:Be11",
    "B:Be3:Wd2,b2",
    // The most pieces, kings and men alike.
    "W:WKl8,k7,f10,c3:BKk9,d4,d6",
    "W:WKl8,k7,f10,c3:BKk9,Ki11,d4,d6",
    // The Turkish strike and loops round four pieces, on the top ranks.
    "W:WKh10:Bi11,i9,g9,g11,k7",
    "W:Wh10:Bi11,i9,g9,g11",
    // Numbered squares: a crowd of men, and kings on the corner squares 67 and 72.
    "W:W37,38,39,43,49,55,61:B18,19,20,25,26,31,32",
    "W:WK72,K67:B6,12,17,23,28,34,40,45,51",
];

/// The fixed positions of a board.
fn fixed(rules: &Ruleset) -> &'static [&'static str] {
    match rules.geometry().size {
        8 => &FIXED_8,
        10 => &FIXED_10,
        12 => &FIXED_12,
        n => panic!("{}: no fixed positions for a {n}×{n} board", rules.id),
    }
}

#[test]
fn fixed_positions_agree() {
    for v in Ruleset::builtin_ids() {
        let rules = rules(v);
        for f in fixed(rules) {
            let pos = fen::parse(f, rules.geometry()).unwrap_or_else(|e| panic!("{v} {f}: {e}"));
            if let Err(e) = compare(&pos, v) {
                panic!("{e}");
            }
        }
    }
}

/// A capture in brief, whatever path it is played by: start x end, what it takes, and
/// whether the piece ends crowned.
fn brief(m: &RefMove) -> String {
    let taken: Vec<String> = m.captured.iter().map(|&c| name(c)).collect();
    format!(
        "{}x{} {}{}",
        name(m.path[0]),
        name(*m.path.last().unwrap()),
        taken.join(","),
        if m.promotes { " crowned" } else { "" }
    )
}

/// Some of the 10×10 positions above, with the moves worked out by hand from the FMJD
/// rules, so that the two generators cannot agree on a mistake there.
#[test]
fn international_by_hand() {
    let cases: [(&str, &[&str]); 14] = [
        ("W:WKa1:Bc3,f6,h8", &["a1xi9 c3,f6,h8", "a1xj10 c3,f6,h8"]),
        // Past d10 as a man, and a man at the end: not crowned.
        ("W:Wf8:Be9,c9", &["f8xb8 c9,e9"]),
        ("B:Be3:Wd2,b2", &["e3xa3 b2,d2"]),
        ("W:Wf8:Be9,c9,g9", &["f8xb8 c9,e9"]),
        ("W:Wf8:Be9", &["f8xd10 e9 crowned"]),
        ("W:Wh8:Bg9,c7", &["h8xf10 g9 crowned"]),
        // Kings and men count alike.
        ("W:WKj6,i5,f8,c3:BKi7,d4,d6", &["c3xc7 d4,d6"]),
        ("W:WKj6,i5,f8,c3:BKi7,Kg9,d4", &["j6xf10 g9,i7"]),
        (
            "W:WKj6,i5,f8,c3:BKi7,Kg9,d4,d6",
            &["c3xc7 d4,d6", "j6xf10 g9,i7"],
        ),
        // Turkish strike: four pieces, never the fifth behind a piece already taken.
        (
            "W:WKc3:Bd4,d6,b6,b4,g7",
            &[
                "c3xa1 b4,b6,d4,d6",
                "c3xb2 b4,b6,d4,d6",
                "c3xc3 b4,b6,d4,d6",
                "c3xd2 b4,b6,d4,d6",
                "c3xe1 b4,b6,d4,d6",
                "c3xh8 b4,b6,d6,g7",
                "c3xi9 b4,b6,d6,g7",
                "c3xj10 b4,b6,d6,g7",
            ],
        ),
        (
            "B:BKh8:Wg7,g5,i5,i7,c3",
            &[
                "h8xa1 c3,g5,i5,i7",
                "h8xb2 c3,g5,i5,i7",
                "h8xf10 g5,g7,i5,i7",
                "h8xg9 g5,g7,i5,i7",
                "h8xh8 g5,g7,i5,i7",
                "h8xi9 g5,g7,i5,i7",
                "h8xj10 g5,g7,i5,i7",
            ],
        ),
        // A man's loop over its crowning row: back on h6 (c5), still a man.
        ("W:Wh6:Bi7,i9,g9,g7", &["h6xh6 g7,g9,i7,i9"]),
        ("B:Bc5:Wb4,b2,d2,d4", &["c5xc5 b2,b4,d2,d4"]),
        // A man taking backwards and forwards: four pieces either way.
        (
            "W:Wd6:Bc5,c3,e3,g5,e5",
            &["d6xd6 c3,c5,e3,e5", "d6xh6 c3,c5,e3,g5"],
        ),
    ];
    let rules = rules(INTERNATIONAL);
    for (f, want) in cases {
        let pos = fen::parse(f, rules.geometry()).unwrap_or_else(|e| panic!("{f}: {e}"));
        let plain_moves = plain::legal_moves(&Board::from_position(&pos), rules);
        let fast_moves: Vec<RefMove> = legal_moves(&pos, rules)
            .iter()
            .map(plain::from_engine)
            .collect();
        let mut want = want.to_vec();
        want.sort_unstable();
        for (who, moves) in [("reference", plain_moves), ("fast generator", fast_moves)] {
            let mut got: Vec<String> = moves.iter().map(brief).collect();
            got.sort();
            assert_eq!(got, want, "{f}: the {who}'s moves");
        }
    }
}

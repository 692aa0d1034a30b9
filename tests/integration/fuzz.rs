//! Readers of outside input never panic or hang, whatever they are given: FEN, move
//! text, PDN (as text and as bytes in any encoding), ruleset TOML, weights files and
//! self-play data files here (the library's readers); the config
//! file, the command line, Hub sessions, another engine's answers, the TUI's command
//! line and the saved games are fuzzed beside their code in the binary
//! (`src/cli/fuzz.rs`, `src/tui/fuzz.rs`, `src/games/fuzz.rs`). Each reader gets
//! random text and structured edits of valid input (`common/mutate.rs`), which reach
//! far deeper into a reader than noise does. A case that takes over 10 s fails:
//! that is a hang in the making (far above any case's work, so that a busy
//! machine does not fail the suite).
//!
//! `cargo test` runs a few thousand cases per reader. The long run, over a million
//! inputs across all thirteen readers (docs/TESTING.md, "Fuzzing"):
//! `FUZZ_CASES=1000000 cargo test --release -- fuzz::`

use crate::common::arb;
use crate::common::mutate::{cases, mutated, mutated_bytes};
use checkers::ai::eval::{Evaluator, MAX_EVAL};
use checkers::ai::evalfile::EvalFile;
use checkers::ai::learned::{fnv, FEATURES};
use checkers::notation::MoveText;
use checkers::pdn::{read_games, replay, variant_of};
use checkers::rules::builtin::ENGLISH;
use checkers::{fen, Ruleset};
use proptest::prelude::*;
use proptest::test_runner::Config;
use std::sync::OnceLock;
use std::time::{Duration, Instant};

const FENS: &[&str] = &[
    "W:W21,22,K30,a1-c1:B1,2,K5,b8",
    "B:W21-32:B1-12",
    "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8",
    "W:WKc3,e3:Bd4,f6,Kh8",
    "B:W:B",
];
const MOVES: &[&str] = &["11-15", "c3-d4", "22x15", "c3:e5:c7", "9x18x27", "24-20"];
const PDN: &str = "[Event \"x\"]\n[GameType \"25\"]\n[FEN \"W:Wc3,e3:Bd4,f6\"]\n1. c3-b4 {c} d4:f2 (d4-c3) 2. e3:g1 $2 f6-g5 1-0\n%x\n";
const PDNS: &[&str] = &[
    PDN,
    include_str!("../data/pdn/pydraughts_english.pdn"),
    include_str!("../data/pdn/pydraughts_russian.pdn"),
    include_str!("../data/pdn/pydraughts_brazilian.pdn"),
];
const TOMLS: &[&str] = &[
    include_str!("../../rulesets/russian.toml"),
    include_str!("../../rulesets/english.toml"),
    include_str!("../../rulesets/brazilian.toml"),
    include_str!("../../rulesets/german.toml"),
    include_str!("../../rulesets/dammen64.toml"),
    include_str!("../good_rulesets/pool.toml"),
];

/// A case slower than this is taken for a hang.
const SLOW: Duration = Duration::from_secs(10);

fn config(default: u32, weight: u32) -> Config {
    Config {
        cases: cases(default, weight),
        failure_persistence: None,
        ..Config::default()
    }
}

fn pdn_alphabet() -> impl Strategy<Value = String> {
    "[\\[\\]{}();%$ \"\\nWBKx:a-h1-9.\\-*/]{0,80}"
}

proptest! {
    #![proptest_config(config(3000, 10))]

    #[test]
    fn fen_reader(s in prop_oneof![any::<String>(), mutated(FENS, 8), "[WBK:,0-9a-h\\- ]{0,40}"]) {
        let t = Instant::now();
        if let Err(e) = fen::parse(&s, &checkers::BOARD_8) {
            prop_assert!(!e.to_string().chars().any(char::is_control), "{e}");
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

proptest! {
    #![proptest_config(config(3000, 10))]

    #[test]
    fn move_text_reader(
        s in prop_oneof![any::<String>(), mutated(MOVES, 6), "[0-9a-hx:\\- ]{0,20}"],
        variant in arb::variant(),
        pos in arb::position(),
    ) {
        let t = Instant::now();
        let rules = Ruleset::builtin(variant).unwrap();
        match MoveText::parse(&s, &checkers::BOARD_8) {
            Ok(text) => {
                if let Err(e) = text.resolve(&pos, &rules) {
                    prop_assert!(!e.to_string().chars().any(char::is_control), "{e}");
                }
            }
            Err(e) => prop_assert!(!e.to_string().chars().any(char::is_control), "{e}"),
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

proptest! {
    #![proptest_config(config(1000, 10))]

    #[test]
    fn pdn_reader(s in prop_oneof![any::<String>(), mutated(PDNS, 12), pdn_alphabet()]) {
        let t = Instant::now();
        if let Ok(games) = read_games(&s) {
            for g in &games {
                let rules = variant_of(g).unwrap_or_else(|| Ruleset::builtin(ENGLISH).unwrap());
                let _ = replay(g, &rules);
            }
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

proptest! {
    #![proptest_config(config(1000, 10))]

    #[test]
    fn ruleset_reader(s in prop_oneof![any::<String>(), mutated(TOMLS, 8)]) {
        let t = Instant::now();
        if let Err(e) = Ruleset::from_toml(&s, "fuzz.toml") {
            prop_assert!(!e.to_string().chars().any(char::is_control), "{e}");
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

/// Weights files as `checkers train` writes them: all weights zero (small, so an
/// edit lands in the header often), and English's built-in file with its network.
fn weights_files() -> &'static [Vec<u8>] {
    static FILES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        let rules = Ruleset::builtin(ENGLISH).unwrap();
        vec![
            EvalFile::new(&rules, 1.0, vec![[0, 0]; FEATURES]).to_bytes(),
            include_bytes!("../../weights/english.ckev").to_vec(),
        ]
    })
}

/// A weights file with bytes set, flipped, inserted, cut or the file truncated
/// (half the edits in its first 64 bytes, its header); then, half the time, its
/// checksum made right again, so the reader gets past it to what it guards.
fn weights_file() -> impl Strategy<Value = Vec<u8>> {
    (
        0..weights_files().len(),
        prop::collection::vec((any::<u32>(), 0..5u8, any::<u8>()), 0..6),
        any::<bool>(),
    )
        .prop_map(|(base, edits, seal)| {
            let mut bytes = weights_files()[base].clone();
            for (at, op, value) in edits {
                let span = if at & 1 == 0 { 64 } else { bytes.len() + 1 };
                let i = (at as usize >> 1) % span.min(bytes.len() + 1);
                match op {
                    0 if i < bytes.len() => bytes[i] = value,
                    1 if i < bytes.len() => bytes[i] ^= 1 << (value % 8),
                    2 => bytes.insert(i, value),
                    3 if i < bytes.len() => {
                        bytes.remove(i);
                    }
                    4 => bytes.truncate(i),
                    _ => {}
                }
            }
            if seal && bytes.len() >= 16 {
                let body = bytes.len() - 8;
                let sum = fnv(&bytes[..body]);
                bytes[body..].copy_from_slice(&sum.to_le_bytes());
            }
            bytes
        })
}

proptest! {
    #![proptest_config(config(300, 5))]

    /// A weights file (`--eval FILE`): refused in words that quote nothing raw, or
    /// read, written back the same, and (for the ruleset it was trained for) giving
    /// evaluations strictly inside the scores of forced wins, whatever its weights.
    #[test]
    fn weights_file_reader(bytes in weights_file(), pos in arb::position()) {
        let t = Instant::now();
        match EvalFile::from_bytes(&bytes, "fuzz.ckev") {
            Ok(file) => {
                let again = EvalFile::from_bytes(&file.to_bytes(), "again.ckev");
                prop_assert!(again.is_ok_and(|a| a.to_bytes() == file.to_bytes()));
                let rules = Ruleset::builtin(&file.variant);
                if let Some(rules) = rules.filter(|r| file.check(r).is_ok()) {
                    let score = Evaluator::learned(&rules, &file).evaluate(&pos);
                    prop_assert!(score.abs() <= MAX_EVAL, "{score}");
                }
            }
            Err(e) => prop_assert!(!e.to_string().chars().any(char::is_control), "{e}"),
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

proptest! {
    #![proptest_config(config(500, 3))]

    /// A PDN file as the files on disk are read: bytes in any encoding (UTF-8 with
    /// or without a byte-order mark, Latin-1, Windows-1251), streamed game by game
    /// and every game checked as `pdn check` checks it.
    #[test]
    fn pdn_reader_on_raw_bytes(bytes in prop_oneof![
        prop::collection::vec(any::<u8>(), 0..300),
        mutated_bytes(PDNS, 12),
    ]) {
        let t = Instant::now();
        let mut checker = checkers::pdn::Checker::new(Default::default());
        for game in checkers::pdn::Reader::new(bytes.as_slice()) {
            match game {
                Ok(g) => {
                    let c = checker.check(g);
                    if let checkers::pdn::Verdict::Refused(e) = &c.verdict {
                        let _ = e.to_string();
                    }
                }
                Err(e) => prop_assert!(!e.to_string().chars().any(char::is_control), "{e}"),
            }
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

/// A self-play data file as `checkers selfplay` writes it, for English.
fn data_files() -> &'static [&'static str] {
    static FILES: OnceLock<Vec<&'static str>> = OnceLock::new();
    FILES.get_or_init(|| {
        let rules = Ruleset::builtin(ENGLISH).unwrap();
        let text = format!(
            "{}game 0 1 3\nB:W21-32:B1-12 12\nW:W21-32:B1-11,15 -4\nend 0\n\
             game 1 0.5 2\nB:W21-32:B1-12 0\nend 1\n",
            checkers::lab::train::data_header(&rules)
        );
        vec![Box::leak(text.into_boxed_str())]
    })
}

proptest! {
    #![proptest_config(config(500, 2))]

    /// A self-play data file (`train --data FILE`): read, or refused with one line
    /// that quotes nothing raw.
    #[test]
    fn selfplay_data_reader(s in prop_oneof![any::<String>(), mutated(data_files(), 8)]) {
        let t = Instant::now();
        let rules = Ruleset::builtin(ENGLISH).unwrap();
        let mut data = checkers::lab::train::Dataset::default();
        if let Err(e) = data.read(&s, &rules, "fuzz.data") {
            prop_assert!(!e.chars().any(char::is_control), "{e}");
            prop_assert_eq!(e.lines().count(), 1, "{}", e);
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

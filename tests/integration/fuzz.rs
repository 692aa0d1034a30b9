//! Readers of outside input never panic or hang, whatever they are given: FEN, move
//! text, PDN and ruleset TOML here (the library's readers); the config file, the
//! command line, Hub sessions and the TUI's command line are fuzzed beside their
//! code in the binary (`src/cli/fuzz.rs`, `src/tui/fuzz.rs`). Each reader gets
//! random text and structured edits of valid input (`common/mutate.rs`), which reach
//! far deeper into a reader than noise does. A case that takes over a second fails:
//! that is a hang in the making.
//!
//! `cargo test` runs a few thousand cases per reader. The long run, over a million
//! inputs across all eight readers (docs/TESTING.md, "Fuzzing"):
//! `FUZZ_CASES=1000000 cargo test --release -- fuzz::`

use crate::common::arb;
use crate::common::mutate::{cases, mutated};
use checkers::notation::MoveText;
use checkers::pdn::{read_games, replay, variant_of};
use checkers::rules::builtin::ENGLISH;
use checkers::{fen, Ruleset};
use proptest::prelude::*;
use proptest::test_runner::Config;
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
    #![proptest_config(config(3000, 15))]

    #[test]
    fn fen_reader(s in prop_oneof![any::<String>(), mutated(FENS, 8), "[WBK:,0-9a-h\\- ]{0,40}"]) {
        let t = Instant::now();
        if let Err(e) = fen::parse(&s) {
            prop_assert!(!e.to_string().chars().any(char::is_control), "{e}");
        }
        prop_assert!(t.elapsed() < SLOW);
    }
}

proptest! {
    #![proptest_config(config(3000, 15))]

    #[test]
    fn move_text_reader(
        s in prop_oneof![any::<String>(), mutated(MOVES, 6), "[0-9a-hx:\\- ]{0,20}"],
        variant in arb::variant(),
        pos in arb::position(),
    ) {
        let t = Instant::now();
        let rules = Ruleset::builtin(variant).unwrap();
        match MoveText::parse(&s) {
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
    #![proptest_config(config(1000, 15))]

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

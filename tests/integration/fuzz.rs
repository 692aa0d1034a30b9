//! Readers of outside input never panic or hang, whatever they are given: FEN,
//! move text, PDN and ruleset TOML. Random text, and random edits of valid input
//! (which reach far deeper into each reader than noise does).
//! `PROPTEST_CASES` raises the count for a longer run.

use crate::common::proptest_config as config;
use checkers::notation::MoveText;
use checkers::pdn::{read_games, replay, variant_of};
use checkers::rules::builtin::{ENGLISH, RUSSIAN};
use checkers::{fen, Position, Ruleset};
use proptest::prelude::*;

const FEN: &str = "W:W21,22,K30,a1-c1:B1,2,K5,b8";
const PDN: &str = "[Event \"x\"]\n[GameType \"25\"]\n[FEN \"W:Wc3,e3:Bd4,f6\"]\n1. c3-b4 {c} d4:f2 (d4-c3) 2. e3:g1 $2 f6-g5 1-0\n%x\n";
const TOML: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/rulesets/russian.toml"
));

/// `base` with up to eight random single-character edits.
fn mutated(base: &'static str) -> impl Strategy<Value = String> {
    let chars: Vec<char> = base.chars().collect();
    let n = chars.len();
    prop::collection::vec((0..n.max(1), 0u8..3, any::<char>()), 0..8).prop_map(move |edits| {
        let mut c = chars.clone();
        for (i, op, ch) in edits {
            let i = i.min(c.len());
            match op {
                0 if i < c.len() => c[i] = ch,
                1 => c.insert(i, ch),
                _ if i < c.len() => {
                    c.remove(i);
                }
                _ => {}
            }
        }
        c.into_iter().collect()
    })
}

fn pdn_alphabet() -> impl Strategy<Value = String> {
    "[\\[\\]{}();%$ \"\\nWBKx:a-h1-9.\\-*/]{0,80}"
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn fen_reader(s in prop_oneof![any::<String>(), mutated(FEN), "[WBK:,0-9a-h\\- ]{0,40}"]) {
        let _ = fen::parse(&s);
    }

    #[test]
    fn move_text_reader(s in prop_oneof![any::<String>(), "[0-9a-hx:\\- ]{0,20}"]) {
        let rules = Ruleset::builtin(RUSSIAN).unwrap();
        let pos = Position::initial(rules.first_move);
        if let Ok(t) = MoveText::parse(&s) {
            let _ = t.resolve(&pos, &rules);
        }
    }

    #[test]
    fn pdn_reader(s in prop_oneof![any::<String>(), mutated(PDN), pdn_alphabet()]) {
        if let Ok(games) = read_games(&s) {
            for g in &games {
                let rules = variant_of(g).unwrap_or_else(|| Ruleset::builtin(ENGLISH).unwrap());
                let _ = replay(g, &rules);
            }
        }
    }

    #[test]
    fn ruleset_reader(s in prop_oneof![any::<String>(), mutated(TOML)]) {
        let _ = Ruleset::from_toml(&s, "fuzz.toml");
    }
}

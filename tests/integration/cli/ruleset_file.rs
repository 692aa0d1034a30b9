//! `--ruleset FILE`: a ruleset file plays as a variant.

use super::*;

#[test]
fn a_ruleset_file_is_a_variant() {
    let file = pool();
    let out = ok(&["perft", "--ruleset", &file, "--depth", "6", "--json"]);
    assert!(out.starts_with("{\"depth\":6,\"nodes\":37986,"), "{out}");
    let out = ok(&["moves", "--ruleset", &file, "--fen", "W:W9,21:B6,7,16,17"]);
    assert_eq!(out, "9x2x11x20\n21x14\n");
    let out = ok_with(&["moves", "--ruleset", &file], Some("W:W9,21:B6,7,16,17\n"));
    assert_eq!(out, "9x2x11x20 21x14\n");
    // A built-in file given as a path plays as the built-in variant.
    let english = manifest("rulesets/english.toml").display().to_string();
    let out = ok(&["perft", "--ruleset", &english, "--depth", "4"]);
    assert!(out.starts_with("perft 4 = 1469 ("), "{out}");
}

/// A ruleset of one's own on 10×10 with settings no built-in plays there
/// (any capture may be chosen, a man crowned in a capture goes on as a king)
/// loads, counts its moves and plays. The count is the reference generator's
/// too (`tests/integration/common/reference.rs`, run once to depth 6).
#[test]
fn a_ruleset_file_on_10x10_may_have_settings_of_its_own() {
    let file = manifest("tests/good_rulesets/russian100.toml")
        .display()
        .to_string();
    let out = ok(&["perft", "--ruleset", &file, "--depth", "6", "--json"]);
    assert!(out.starts_with("{\"depth\":6,\"nodes\":168316,"), "{out}");
    // International draughts, from the same start, must take the most pieces.
    let out = ok(&[
        "perft",
        "--variant",
        "international",
        "--depth",
        "6",
        "--json",
    ]);
    assert!(out.starts_with("{\"depth\":6,\"nodes\":167140,"), "{out}");
    let out = ok(&["analyze", "--ruleset", &file, "--depth", "4"]);
    assert!(out.lines().last().unwrap().starts_with("best "), "{out}");
}

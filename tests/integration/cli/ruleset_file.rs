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

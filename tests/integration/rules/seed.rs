//! Seed: each variant's rules come from one published source.

use super::*;

/// The ruleset file names the seed of docs/RULES.md its rules come from.
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
    assert_cites_seed(ENGLISH, "seeds 002 and 000");
}

#[test]
fn dammen64_rules_come_from_seed_000() {
    assert_cites_seed(DAMMEN64, "seed 000");
}

#[test]
fn brazilian_rules_come_from_seed_001() {
    assert_cites_seed(BRAZILIAN, "seed 001");
}

#[test]
fn russian_rules_come_from_seed_003() {
    assert_cites_seed(RUSSIAN, "seed 003");
}

#[test]
fn german_rules_come_from_seed_004() {
    assert_cites_seed(GERMAN, "seed 004");
}

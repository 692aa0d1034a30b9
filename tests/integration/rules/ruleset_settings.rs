//! Each row is a setting of a ruleset file.

use super::capture_choice::{TAKE_THREE, THREE_OR_ONE};
use super::*;

#[test]
fn each_difference_is_a_setting_of_the_variants_ruleset_file() {
    for id in Ruleset::builtin_ids() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("rulesets")
            .join(format!("{id}.toml"));
        let from_file = Ruleset::from_file(&path).unwrap();
        assert_eq!(
            Some(from_file),
            Ruleset::builtin(id),
            "{id}: the built-in is the file"
        );
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

//! PDN: each variant's game type and variant tag.

use super::*;

#[test]
fn english_pdn_game_type_is_21() {
    let r = rules(ENGLISH);
    assert_eq!(r.pdn_game_type, Some(21));
    assert_eq!(r.pdn_variant, "English");
}

#[test]
fn russian_pdn_game_type_is_25_with_colon_captures() {
    let r = rules(RUSSIAN);
    assert_eq!(r.pdn_game_type, Some(25));
    assert_eq!(r.notation.capture_separator, ':');
    assert_eq!(r.pdn_variant, "Russian");
}

#[test]
fn brazilian_pdn_game_type_is_26() {
    let r = rules(BRAZILIAN);
    assert_eq!(r.pdn_game_type, Some(26));
    assert_eq!(r.pdn_variant, "Brazilian");
}

#[test]
fn dammen64_has_no_pdn_game_type_only_a_variant_tag() {
    let r = rules(DAMMEN64);
    assert_eq!(r.pdn_game_type, None);
    assert_eq!(r.pdn_variant, "Dammen 64");
}

#[test]
fn german_has_no_pdn_game_type_only_a_variant_tag() {
    let r = rules(GERMAN);
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

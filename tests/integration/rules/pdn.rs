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

/// [russian-pdn]: captures are written with `:`, or with `x` as lidraughts writes
/// them when asked; both read back move for move.
#[test]
fn russian_pdn_captures_may_be_written_with_x_and_read_back() {
    use checkers::pdn::{read_games, replay, write_game, write_game_with, Tags, WriteOptions};
    let r = rules(RUSSIAN);
    let mut game = Game::new(r.clone());
    for m in ["c3-d4", "f6-e5", "d4xf6", "g7xe5"] {
        game.play_text(m).unwrap();
    }
    let colon = write_game(&game, &Tags::default());
    assert!(colon.contains("d4:f6 g7:e5"), "{colon}");
    let x = WriteOptions {
        capture_separator: Some('x'),
    };
    let written = write_game_with(&game, &Tags::default(), &x);
    assert!(written.contains("d4xf6 g7xe5"), "{written}");
    assert_eq!(written.replace("d4xf6 g7xe5", "d4:f6 g7:e5"), colon);
    let read = replay(&read_games(&written).unwrap()[0], &r).unwrap();
    assert!(read.moves().eq(game.moves()));
    // English keeps its `x`: the choice is for variants that write `:`.
    let mut english = Game::new(rules(ENGLISH));
    english.play_text("11-15").unwrap();
    assert_eq!(
        write_game_with(&english, &Tags::default(), &x),
        write_game(&english, &Tags::default())
    );
}

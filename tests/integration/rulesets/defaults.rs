//! Keys left out: every key but `id` has a default, or the value of the
//! built-in ruleset the file `extends`, so that a file written for an older
//! model still loads when settings are added, and a variant that differs from
//! another in a setting or two is a file of a few lines.

use super::*;
use checkers::rules::builtin::{BRAZILIAN, INTERNATIONAL, RUSSIAN};

fn load(text: &str) -> Ruleset {
    Ruleset::from_toml(text, "mine.toml").unwrap_or_else(|e| panic!("{e}"))
}

fn refused(text: &str) -> String {
    Ruleset::from_toml(text, "mine.toml")
        .unwrap_err()
        .to_string()
}

/// A file of an id alone plays the documented defaults: the FMJD's rules on
/// 8×8 (brazilian's moves), threefold repetition, no counted draws.
#[test]
fn an_id_alone_plays_the_defaults() {
    let r = load("id = \"mine\"\n");
    let brazilian = Ruleset::builtin(BRAZILIAN).unwrap();
    assert_eq!((r.id.as_str(), r.name.as_str()), ("mine", "mine"));
    assert_eq!((r.geometry().size, r.men_rows()), (8, 3));
    assert_eq!(r.first_move, Color::White);
    assert!(r.men_capture_backwards);
    assert_eq!(r.king_moves, KingMoves::AnyDistance);
    assert_eq!(r.king_captures_from, KingCapturesFrom::AnyDistance);
    assert_eq!(r.king_lands, KingLands::AnyEmptyBeyond);
    assert_eq!(r.capture_choice, CaptureChoice::MostPieces);
    assert_eq!(r.promotion_mid_capture, PromotionMidCapture::ContinueAsMan);
    assert!(!r.touch_move);
    assert_eq!(r.notation.squares, SquareNotation::Numeric);
    assert_eq!(r.notation.capture_separator, 'x');
    assert_eq!(r.repetition, 3);
    assert!(r.no_progress.is_empty());
    assert_eq!((r.pdn_game_type, r.pdn_variant.as_str()), (None, "mine"));
    let start = checkers::Position::start(&r);
    assert_eq!(perft(&start, &r, 8), perft(&start, &brazilian, 8));
}

/// A file written before a key existed (here without `touch_move` and the
/// whole [notation] table) loads, the missing keys at their defaults.
#[test]
fn a_file_without_some_keys_loads_with_their_defaults() {
    let text = std::fs::read_to_string(dir("tests/good_rulesets/pool.toml")).unwrap();
    let old: String = text
        .lines()
        .filter(|l| {
            !l.starts_with("touch_move")
                && !l.starts_with("[notation]")
                && !l.starts_with("squares")
                && !l.starts_with("capture_separator")
        })
        .map(|l| format!("{l}\n"))
        .collect();
    let r = load(&old);
    let pool = Ruleset::from_file(&dir("tests/good_rulesets/pool.toml")).unwrap();
    assert!(!r.touch_move);
    assert_eq!(r.notation.squares, SquareNotation::Numeric);
    assert_eq!(r.notation.capture_separator, 'x');
    assert_eq!(r, pool, "pool.toml's values are the defaults of those keys");
}

/// Three lines: `extends`, the id and one setting. Everything else is the
/// base's, but not its PDN number, which names the base's game; the name is
/// the id, not the base's.
#[test]
fn a_three_line_ruleset_extends_a_built_in_and_plays() {
    let r = load(
        "extends = \"russian\"\nid = \"russian-most\"\nrules.capture_choice = \"most-pieces\"\n",
    );
    let russian = Ruleset::builtin(RUSSIAN).unwrap();
    assert_eq!(r.capture_choice, CaptureChoice::MostPieces);
    assert_eq!(r.name, "russian-most");
    assert_eq!(
        (r.pdn_game_type, r.pdn_variant.as_str()),
        (None, "russian-most")
    );
    let mut as_russian = r.clone();
    as_russian.id = russian.id.clone();
    as_russian.name = russian.name.clone();
    as_russian.description = russian.description.clone();
    as_russian.capture_choice = russian.capture_choice;
    as_russian.pdn_game_type = russian.pdn_game_type;
    as_russian.pdn_variant = russian.pdn_variant.clone();
    as_russian.pdn_aliases = russian.pdn_aliases.clone();
    assert_eq!(as_russian, russian, "every other setting is russian's");
    // White's man on c3 may take one (d4) or two (b4, then d6): Russian lets
    // White choose, this ruleset makes it take two.
    let pos = fen::parse("W:W22:B18,17,10", r.geometry()).unwrap();
    let moves = |rules: &Ruleset| legal_moves(&pos, rules).len();
    assert_eq!((moves(&russian), moves(&r)), (2, 1));
}

/// The base's board and start are kept unless the file gives its own; a new
/// board's men fill all but the two middle rows.
#[test]
fn an_extended_ruleset_keeps_or_changes_the_board() {
    let r = load("extends = \"international\"\nid = \"i\"\n");
    assert_eq!((r.geometry().size, r.men_rows()), (10, 4));
    let r = load("extends = \"international\"\nid = \"i\"\nboard.size = 12\n");
    assert_eq!((r.geometry().size, r.men_rows()), (12, 5));
    let r = load("extends = \"international\"\nid = \"i\"\nboard.men_rows = 3\n");
    assert_eq!((r.geometry().size, r.men_rows()), (10, 3));
    let international = Ruleset::builtin(INTERNATIONAL).unwrap();
    assert_eq!(r.no_progress, international.no_progress);
    // Its own list of counted draws replaces the base's whole.
    let r = load("extends = \"international\"\nid = \"i\"\n[draw]\nno_progress = []\n");
    assert!(r.no_progress.is_empty());
}

/// An unknown base is named with the built-ins to choose from, and a setting
/// that contradicts an inherited one is refused on its own line.
#[test]
fn a_wrong_extends_and_a_contradiction_with_the_base_are_refused() {
    let e = refused("extends = \"rusian\"\nid = \"x\"\n");
    assert!(
        e.starts_with("mine.toml:1:11: extends = \"rusian\" is not a built-in variant")
            && e.contains("did you mean \"russian\"?")
            && e.contains("\"english\""),
        "{e}"
    );
    // International men go on capturing as men past the back row, which needs
    // them to capture backwards.
    let e = refused(
        "extends = \"international\"\nid = \"x\"\n[rules]\nmen_capture_backwards = false\n",
    );
    assert!(
        e.starts_with("mine.toml:4:")
            && e.contains("\"continue-as-man\" needs men_capture_backwards = true"),
        "{e}"
    );
}

/// `capture_precedence` lists criteria; a leading "most-pieces" is the
/// capture choice, which `capture_choice` may only repeat.
#[test]
fn capture_precedence_and_men_take_kings_are_read_and_checked() {
    use checkers::rules::Criterion;
    let r = load(
        "extends = \"english\"\nid = \"x\"\n[rules]\ncapture_precedence = [\"most-pieces\", \"with-king\", \"most-kings\", \"king-first\"]\nmen_take_kings = false\n",
    );
    assert_eq!(r.capture_choice, CaptureChoice::MostPieces);
    assert_eq!(
        r.capture_precedence,
        [
            Criterion::WithKing,
            Criterion::MostKings,
            Criterion::KingFirst
        ]
    );
    assert!(!r.men_take_kings);
    // The base's criteria stay unless the file gives its own list.
    let english = Ruleset::builtin("english").unwrap();
    assert!(english.capture_precedence.is_empty() && english.men_take_kings);
    let e = refused("id = \"x\"\nrules.capture_precedence = [\"with-kings\"]\n");
    assert!(
        e.starts_with("mine.toml:2:")
            && e.contains("did you mean \"with-king\"?")
            && e.contains("\"king-first\""),
        "{e}"
    );
    let e = refused("id = \"x\"\nrules.capture_precedence = [\"with-king\", \"with-king\"]\n");
    assert!(e.contains("lists \"with-king\" twice"), "{e}");
    let e = refused(
        "id = \"x\"\n[rules]\ncapture_choice = \"any\"\ncapture_precedence = [\"most-pieces\"]\n",
    );
    assert!(
        e.starts_with("mine.toml:3:") && e.contains("contradicts rules.capture_precedence"),
        "{e}"
    );
}

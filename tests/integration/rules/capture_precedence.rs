//! Which captures the rules rank above others: men barred from taking kings
//! (`men_take_kings`), and the criteria of `capture_precedence` applied in
//! turn (a capture with the king first, the most kings, a king taken
//! earliest), as Italian and Czech draughts rank them. No built-in variant
//! uses them yet, so each test writes its ruleset from a built-in.

use super::*;
use checkers::Illegal;

/// `extends = "{base}"` with the lines `rules`.
fn ruleset(base: &str, rules: &str) -> Ruleset {
    let text = format!("extends = \"{base}\"\nid = \"test\"\n[rules]\n{rules}\n");
    Ruleset::from_toml(&text, "test.toml").unwrap_or_else(|e| panic!("{e}"))
}

fn moves_under(r: &Ruleset, pos: &Position) -> Vec<String> {
    sorted(legal_moves(pos, r).iter().map(show))
}

/// Why `text` is refused under `r`, as the player is told.
fn why(r: &Ruleset, pos: &Position, text: &str) -> Illegal {
    match notation::MoveText::parse(text, &checkers::BOARD_8)
        .expect("well-formed move text")
        .resolve(pos, r)
    {
        Err(checkers::ResolveError::Illegal { why, .. }) => why,
        other => panic!("`{text}` should be refused as illegal, got {other:?}"),
    }
}

#[test]
fn men_take_kings_false_bars_a_man_from_taking_a_king_but_not_a_king() {
    let r = ruleset(ENGLISH, "men_take_kings = false");
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . B . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves(ENGLISH, &pos), ["c3xe5 takes d4"]);
    assert_eq!(moves_under(&r, &pos), ["c3-b4"]);
    assert_eq!(why(&r, &pos, "c3xe5"), Illegal::MenCannotTakeKings);
    // A king takes a king.
    let king = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . B . . . .
        . . W . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves_under(&r, &king), ["c3xe5 takes d4"]);
    // Nor may a man take a king later in its capture: it stops before it.
    let later = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . B . . .
        . . . . . . . .
        . . b . . . . .
        . w . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves_under(&r, &later), ["b2xd4 takes c3"]);
}

#[test]
fn capture_precedence_with_king_makes_a_kings_capture_come_before_a_mans() {
    let r = ruleset(ENGLISH, "capture_precedence = [\"with-king\"]");
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . b . . . b . .
        w . . . . . W .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves(ENGLISH, &pos), ["a3xc5 takes b4", "g3xe5 takes f4"]);
    assert_eq!(moves_under(&r, &pos), ["g3xe5 takes f4"]);
    assert_eq!(why(&r, &pos, "a3xc5"), Illegal::KingCapturesFirst);
}

#[test]
fn capture_precedence_most_kings_makes_the_capture_of_more_kings_compulsory() {
    let r = ruleset(ENGLISH, "capture_precedence = [\"most-kings\"]");
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . b . B . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves(ENGLISH, &pos), ["c3xa5 takes b4", "c3xe5 takes d4"]);
    assert_eq!(moves_under(&r, &pos), ["c3xe5 takes d4"]);
    assert_eq!(why(&r, &pos, "c3xa5"), Illegal::MustTakeMostKings(1));
}

#[test]
fn capture_precedence_king_first_makes_the_capture_that_meets_a_king_first_compulsory() {
    let r = ruleset(ENGLISH, "capture_precedence = [\"king-first\"]");
    // Both take a king and a man; from c1 over d2 the king comes first.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . B . . . b . .
        . . . . . . . .
        . b . B . . . .
        . . w . . . . .
    ",
    );
    assert_eq!(
        moves(ENGLISH, &pos),
        ["c1xa3xc5 takes b2 b4", "c1xe3xg5 takes d2 f4"]
    );
    assert_eq!(moves_under(&r, &pos), ["c1xe3xg5 takes d2 f4"]);
    assert_eq!(why(&r, &pos, "c1xa3xc5"), Illegal::MustTakeKingFirst);
}

/// The criteria apply in their order: as in Italian draughts the most pieces
/// come before the king's capture, and the other way round the king's capture
/// of one piece beats a man's of two.
#[test]
fn capture_precedence_applies_its_criteria_in_order() {
    let pos = board(Color::White, super::capture_choice::MAN_TAKES_MORE);
    let most_first = ruleset(
        ENGLISH,
        "capture_precedence = [\"most-pieces\", \"with-king\"]",
    );
    assert_eq!(most_first.capture_choice, CaptureChoice::MostPieces);
    assert_eq!(moves_under(&most_first, &pos), ["a1xc3xe5 takes b2 d4"]);
    assert_eq!(why(&most_first, &pos, "h6xf8"), Illegal::MustTakeMost(2));
    let king_first = ruleset(
        ENGLISH,
        "capture_precedence = [\"with-king\", \"most-pieces\"]",
    );
    assert_eq!(king_first.capture_choice, CaptureChoice::Any);
    assert_eq!(moves_under(&king_first, &pos), ["h6xf8 takes g7"]);
    assert_eq!(
        why(&king_first, &pos, "a1xc3xe5"),
        Illegal::KingCapturesFirst
    );
}

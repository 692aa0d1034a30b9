//! King lands after a capture: on the next square, or anywhere beyond.

use super::*;

/// A white king on c3 next to a black man on d4, with e5 to h8 empty behind it.
pub(super) const KING_NEXT_TO: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . W . . . . .
    . . . . . . . .
    . . . . . . . .
";

const ANY_BEYOND: [&str; 4] = [
    "c3xe5 takes d4",
    "c3xf6 takes d4",
    "c3xg7 takes d4",
    "c3xh8 takes d4",
];

#[test]
fn english_king_lands_directly_behind_the_piece_taken() {
    assert_eq!(rules(ENGLISH).king_lands, KingLands::DirectlyBehind);
    assert_moves(
        ENGLISH,
        &board(Color::White, KING_NEXT_TO),
        &["c3xe5 takes d4"],
    );
}

#[test]
fn dammen64_king_lands_directly_behind_the_piece_taken() {
    assert_eq!(rules(DAMMEN64).king_lands, KingLands::DirectlyBehind);
    assert_moves(
        DAMMEN64,
        &board(Color::White, KING_NEXT_TO),
        &["c3xe5 takes d4"],
    );
}

#[test]
fn brazilian_king_lands_on_any_empty_square_beyond() {
    assert_eq!(rules(BRAZILIAN).king_lands, KingLands::AnyEmptyBeyond);
    assert_moves(BRAZILIAN, &board(Color::White, KING_NEXT_TO), &ANY_BEYOND);
}

#[test]
fn russian_king_lands_on_any_empty_square_beyond() {
    assert_eq!(rules(RUSSIAN).king_lands, KingLands::AnyEmptyBeyond);
    assert_moves(RUSSIAN, &board(Color::White, KING_NEXT_TO), &ANY_BEYOND);
}

#[test]
fn german_king_lands_directly_behind_the_piece_taken() {
    assert_eq!(rules(GERMAN).king_lands, KingLands::DirectlyBehind);
    assert_moves(
        GERMAN,
        &board(Color::White, KING_NEXT_TO),
        &["c3xe5 takes d4"],
    );
    // Also after a capture from a distance, and even where landing further on (e5) would
    // let it take f4: after c3 the king stands on d4.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . b . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    assert_moves(GERMAN, &pos, &["a1xd4 takes c3"]);
}

/// A ruleset of one's own may pair kings that take only what is next to them
/// with landing anywhere beyond: from each landing square the king may take
/// the next piece it stands beside, straight on as well as to the side. A king
/// on a1 takes b2 and may stop on c3 or d4; only from d4 is e5 next to it, so
/// it must stop there and take e5, then stop anywhere beyond.
#[test]
fn a_king_that_takes_beside_it_and_lands_anywhere_beyond_goes_on_from_the_far_square() {
    let mut r = rules(ENGLISH);
    r.king_lands = KingLands::AnyEmptyBeyond;
    assert_eq!(r.king_captures_from, KingCapturesFrom::Adjacent);
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . b . . .
        . . . . . . . .
        . . . . . . . .
        . b . . . . . .
        W . . . . . . .
    ",
    );
    let got = sorted(legal_moves(&pos, &r).iter().map(show));
    assert_eq!(
        got,
        [
            "a1xd4xf6 takes b2 e5",
            "a1xd4xg7 takes b2 e5",
            "a1xd4xh8 takes b2 e5"
        ]
    );
}

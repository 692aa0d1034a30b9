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

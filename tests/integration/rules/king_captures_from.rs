//! King captures from: next to the piece it takes, or from a distance.

use super::*;

/// A white king on a1, a black man two squares away on d4 with nothing between.
const KING_AT_A_DISTANCE: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . b . . . .
    . . . . . . . .
    . . . . . . . .
    W . . . . . . .
";

#[test]
fn english_king_captures_only_an_adjacent_piece() {
    assert_eq!(
        rules(ENGLISH).king_captures_from,
        KingCapturesFrom::Adjacent
    );
    assert_moves(
        ENGLISH,
        &board(Color::White, KING_AT_A_DISTANCE),
        &["a1-b2"],
    );
}

#[test]
fn dammen64_king_captures_only_an_adjacent_piece() {
    assert_eq!(
        rules(DAMMEN64).king_captures_from,
        KingCapturesFrom::Adjacent
    );
    assert_moves(
        DAMMEN64,
        &board(Color::White, KING_AT_A_DISTANCE),
        &["a1-b2"],
    );
}

#[test]
fn brazilian_king_captures_from_a_distance() {
    assert_moves(
        BRAZILIAN,
        &board(Color::White, KING_AT_A_DISTANCE),
        &[
            "a1xe5 takes d4",
            "a1xf6 takes d4",
            "a1xg7 takes d4",
            "a1xh8 takes d4",
        ],
    );
}

#[test]
fn russian_king_captures_from_a_distance() {
    assert_moves(
        RUSSIAN,
        &board(Color::White, KING_AT_A_DISTANCE),
        &[
            "a1xe5 takes d4",
            "a1xf6 takes d4",
            "a1xg7 takes d4",
            "a1xh8 takes d4",
        ],
    );
}

#[test]
fn german_king_captures_from_a_distance() {
    assert_moves(
        GERMAN,
        &board(Color::White, KING_AT_A_DISTANCE),
        &["a1xe5 takes d4"],
    );
}

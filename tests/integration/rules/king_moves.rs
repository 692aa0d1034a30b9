//! King moves: one square, or any distance (flying kings).

use super::*;

/// A white king on d4; the black man on h8 stops it on the long diagonal.
const KING_ALONE: &str = "
    . . . . . . . b
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . W . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

const ONE_SQUARE: [&str; 4] = ["d4-c3", "d4-c5", "d4-e3", "d4-e5"];
const ANY_DISTANCE: [&str; 12] = [
    "d4-a1", "d4-a7", "d4-b2", "d4-b6", "d4-c3", "d4-c5", "d4-e3", "d4-e5", "d4-f2", "d4-f6",
    "d4-g1", "d4-g7",
];

#[test]
fn english_king_moves_one_square() {
    assert_eq!(rules(ENGLISH).king_moves, KingMoves::OneSquare);
    assert_moves(ENGLISH, &board(Color::White, KING_ALONE), &ONE_SQUARE);
}

#[test]
fn dammen64_king_moves_one_square() {
    assert_eq!(rules(DAMMEN64).king_moves, KingMoves::OneSquare);
    assert_moves(DAMMEN64, &board(Color::White, KING_ALONE), &ONE_SQUARE);
}

#[test]
fn brazilian_king_moves_any_distance() {
    assert_eq!(rules(BRAZILIAN).king_moves, KingMoves::AnyDistance);
    assert_moves(BRAZILIAN, &board(Color::White, KING_ALONE), &ANY_DISTANCE);
}

#[test]
fn russian_king_moves_any_distance() {
    assert_eq!(rules(RUSSIAN).king_moves, KingMoves::AnyDistance);
    assert_moves(RUSSIAN, &board(Color::White, KING_ALONE), &ANY_DISTANCE);
}

#[test]
fn german_king_moves_any_distance() {
    assert_eq!(rules(GERMAN).king_moves, KingMoves::AnyDistance);
    assert_moves(GERMAN, &board(Color::White, KING_ALONE), &ANY_DISTANCE);
}

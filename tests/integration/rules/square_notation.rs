//! Square notation: numbers or algebraic names.

use super::king_lands::KING_NEXT_TO;
use super::men_capture_backwards::BEHIND;
use super::*;

/// White's c3 (22) can take d4 (18), and then f6 (11) too if there; Black's f6 (11) can
/// take e5 (15).
fn written(id: &str, side: Color, diagram: &str) -> Vec<String> {
    let r = rules(id);
    sorted(
        legal_moves(&board(side, diagram), &r)
            .iter()
            .map(|m| notation::write(m, &r.notation)),
    )
}

const WHITE_TAKES_TWICE: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . b . .
    . . . . . . . .
    . . . b . . . .
    . . w . . . . .
    . . . . . . . .
    . . . . . . . .
";

const BLACK_TAKES: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . b . .
    . . . . w . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

#[track_caller]
fn assert_numeric_notation(id: &str) {
    let r = rules(id);
    assert_eq!(r.notation.squares, SquareNotation::Numeric, "{id}");
    assert_eq!(written(id, Color::Black, BLACK_TAKES), ["11x18"]);
    assert_eq!(written(id, Color::White, WHITE_TAKES_TWICE), ["22x15x8"]);
    let start = Position::initial(r.first_move);
    let first: Vec<String> = legal_moves(&start, &r)
        .iter()
        .map(|m| notation::write(m, &r.notation))
        .collect();
    assert!(first.contains(&"11-15".to_string()), "{id}: {first:?}");
    // Read back in either notation.
    let pos = board(Color::Black, BLACK_TAKES);
    let m = notation::parse_move("11x18", &pos, &r).unwrap();
    assert_eq!(notation::parse_move("f6xd4", &pos, &r).unwrap(), m);
    assert_eq!(
        fen::write(&start, &checkers::BOARD_8, r.notation.squares),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
}

#[test]
fn english_writes_squares_as_numbers() {
    assert_numeric_notation(ENGLISH);
}

#[test]
fn dammen64_writes_squares_as_numbers() {
    assert_numeric_notation(DAMMEN64);
}

#[test]
fn german_writes_squares_as_numbers() {
    assert_numeric_notation(GERMAN);
}

#[test]
fn brazilian_writes_squares_algebraically_with_x() {
    let r = rules(BRAZILIAN);
    assert_eq!(r.notation.squares, SquareNotation::Algebraic);
    assert_eq!(r.notation.capture_separator, 'x');
    assert_eq!(written(BRAZILIAN, Color::White, BEHIND), ["e5xc3"]);
    assert_eq!(
        written(BRAZILIAN, Color::White, WHITE_TAKES_TWICE),
        ["c3xe5xg7"]
    );
    let start = Position::initial(r.first_move);
    let first: Vec<String> = legal_moves(&start, &r)
        .iter()
        .map(|m| notation::write(m, &r.notation))
        .collect();
    assert!(first.contains(&"c3-d4".to_string()), "{first:?}");
    let pos = board(Color::White, KING_NEXT_TO);
    let m = notation::parse_move("c3xe5", &pos, &r).unwrap();
    assert_eq!(notation::write(&m, &r.notation), "c3xe5");
}

#[test]
fn russian_writes_squares_algebraically_with_colon() {
    let r = rules(RUSSIAN);
    assert_eq!(r.notation.squares, SquareNotation::Algebraic);
    assert_eq!(r.notation.capture_separator, ':');
    assert_eq!(
        written(RUSSIAN, Color::White, WHITE_TAKES_TWICE),
        ["c3:e5:g7"]
    );
    let start = Position::initial(r.first_move);
    let first: Vec<String> = legal_moves(&start, &r)
        .iter()
        .map(|m| notation::write(m, &r.notation))
        .collect();
    assert!(first.contains(&"c3-d4".to_string()), "{first:?}");
    let pos = board(Color::White, KING_NEXT_TO);
    let m = notation::parse_move("c3:e5", &pos, &r).unwrap();
    assert_eq!(notation::write(&m, &r.notation), "c3:e5");
}

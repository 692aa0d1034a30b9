//! A man reaches the last row mid-capture: crowned and stops, or goes on.

use super::*;

/// b6 takes c7 and lands on d8; f6 is in reach of a king on d8 (from a distance), not of a man.
const CROWNING_THEN_FAR: &str = "
    . . . . . . . .
    . . b . . . . .
    . w . . . b . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

/// b6 takes c7 and lands on d8; e7 is next to d8, in reach of a man capturing backwards.
const CROWNING_THEN_NEAR: &str = "
    . . . . . . . .
    . . b . b . . .
    . w . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
";

#[track_caller]
fn assert_crowned_and_the_move_ends(id: &str) {
    assert_eq!(
        rules(id).promotion_mid_capture,
        PromotionMidCapture::CrownedMoveEnds
    );
    for diagram in [CROWNING_THEN_FAR, CROWNING_THEN_NEAR] {
        let pos = board(Color::White, diagram);
        assert_moves(id, &pos, &["b6xd8 takes c7, crowned"]);
        let m = notation::parse_move("b6xd8", &pos, &rules(id)).unwrap();
        assert_eq!(
            pos.after(&m).piece_at(sq("d8")),
            Some(checkers::Piece::King(Color::White))
        );
    }
}

#[test]
fn english_man_reaching_the_last_row_mid_capture_is_crowned_and_the_move_ends() {
    assert_crowned_and_the_move_ends(ENGLISH);
}

#[test]
fn dammen64_man_reaching_the_last_row_mid_capture_is_crowned_and_the_move_ends() {
    assert_crowned_and_the_move_ends(DAMMEN64);
}

#[test]
fn german_man_reaching_the_last_row_mid_capture_is_crowned_and_the_move_ends() {
    assert_crowned_and_the_move_ends(GERMAN);
}

#[test]
fn brazilian_man_passing_last_row_mid_capture_is_not_crowned() {
    let pos = board(Color::White, CROWNING_THEN_NEAR);
    // It goes on capturing backwards as a man and ends on f6, uncrowned.
    assert_moves(BRAZILIAN, &pos, &["b6xd8xf6 takes c7 e7"]);
    let m = legal_moves(&pos, &rules(BRAZILIAN))[0];
    assert_eq!(
        pos.after(&m).piece_at(sq("f6")),
        Some(checkers::Piece::Man(Color::White))
    );
    // As a man it cannot take f6 from d8 at a distance, so that move ends on d8.
    assert_moves(
        BRAZILIAN,
        &board(Color::White, CROWNING_THEN_FAR),
        &["b6xd8 takes c7, crowned"],
    );
}

#[test]
fn brazilian_man_ending_a_capture_on_the_last_row_is_crowned() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . b . . . . .
        . . . . . . . .
        . . b . . . . .
        . . . w . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_moves(BRAZILIAN, &pos, &["d4xb6xd8 takes c5 c7, crowned"]);
    let m = legal_moves(&pos, &rules(BRAZILIAN))[0];
    assert_eq!(
        pos.after(&m).piece_at(sq("d8")),
        Some(checkers::Piece::King(Color::White))
    );
}

#[test]
fn russian_man_crowned_mid_capture_goes_on_capturing_as_king() {
    // From d8, as a king: f6 is taken from a distance, and the king lands anywhere beyond.
    assert_moves(
        RUSSIAN,
        &board(Color::White, CROWNING_THEN_FAR),
        &[
            "b6xd8xg5 takes c7 f6, crowned",
            "b6xd8xh4 takes c7 f6, crowned",
        ],
    );
    let pos = board(Color::White, CROWNING_THEN_NEAR);
    assert_moves(
        RUSSIAN,
        &pos,
        &[
            "b6xd8xf6 takes c7 e7, crowned",
            "b6xd8xg5 takes c7 e7, crowned",
            "b6xd8xh4 takes c7 e7, crowned",
        ],
    );
    let m = notation::parse_move("b6xd8xh4", &pos, &rules(RUSSIAN)).unwrap();
    assert_eq!(
        pos.after(&m).piece_at(sq("h4")),
        Some(checkers::Piece::King(Color::White))
    );
}

//! International draughts on 10×10 (docs/RULES.md, "International draughts"): each
//! of its rules from a position of its own board, squares named algebraically
//! (a1 … j10) where the list shows them and by number (1 … 50) where the variant
//! writes them.

use super::fmjd_draws::Board;
use super::*;
use checkers::BOARD_10;

/// A position of the 10×10 board.
#[track_caller]
fn at(fen_text: &str) -> Position {
    fen::parse(fen_text, &BOARD_10).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn international_is_played_on_the_50_dark_squares_of_10x10_numbered_from_b10() {
    let r = rules(INTERNATIONAL);
    assert_eq!(r.geometry().size, 10);
    assert_eq!(r.geometry().squares(), 50);
    // FMJD art. 2.6: 1-5 on Black's back row, 46-50 on White's, 5 and 46 the
    // corners of the long diagonal.
    for (n, name) in [(1, "b10"), (5, "j10"), (6, "a9"), (46, "a1"), (50, "i1")] {
        assert_eq!(
            r.geometry().square(n).map(|s| s.algebraic()),
            Some(name.into())
        );
    }
    assert!(r.geometry().square_named("j9").is_none(), "a light square");
}

#[test]
fn international_starts_with_20_men_each_on_the_four_nearest_rows() {
    let r = rules(INTERNATIONAL);
    let start = Position::start(&r);
    assert_eq!(start, at("W:W31-50:B1-20"));
    assert_eq!(start.men(Color::White).count(), 20);
    assert_eq!(start.men(Color::Black).count(), 20);
    assert!(start.kings(Color::White).is_empty() && start.kings(Color::Black).is_empty());
}

#[test]
fn international_white_moves_first() {
    let r = rules(INTERNATIONAL);
    assert_eq!(r.first_move, Color::White);
    let start = Position::start(&r);
    assert_eq!(start.side_to_move(), Color::White);
    let first: Vec<String> = legal_moves(&start, &r)
        .iter()
        .map(|m| notation::write(m, &r.notation))
        .collect();
    assert_eq!(
        sorted(first),
        sorted(
            ["31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"]
                .map(String::from)
        )
    );
}

#[test]
fn international_men_capture_backwards() {
    // The white man on e5 takes the black man behind it on d4.
    assert_moves(INTERNATIONAL, &at("W:We5:Bd4,j10"), &["e5xc3 takes d4"]);
}

#[test]
fn international_king_moves_any_distance() {
    // Along the long diagonal from a1 to j10, nine squares.
    let pos = at("W:WKa1:Ba9");
    let moves = moves(INTERNATIONAL, &pos);
    assert_eq!(moves.len(), 9, "{moves:?}");
    assert!(moves.contains(&"a1-j10".to_string()), "{moves:?}");
}

#[test]
fn international_king_captures_from_a_distance_and_lands_on_any_empty_square_beyond() {
    assert_moves(
        INTERNATIONAL,
        &at("W:WKa1:Be5,a9"),
        &[
            "a1xf6 takes e5",
            "a1xg7 takes e5",
            "a1xh8 takes e5",
            "a1xi9 takes e5",
            "a1xj10 takes e5",
        ],
    );
}

#[test]
fn international_king_must_land_where_its_capture_goes_on() {
    // Of f6 … j10 beyond e5, only g7 lets the king take h6 as well.
    assert_moves(
        INTERNATIONAL,
        &at("W:WKa1:Be5,h6,a9"),
        &["a1xg7xi5 takes e5 h6", "a1xg7xj4 takes e5 h6"],
    );
}

#[test]
fn international_must_take_the_most_pieces_and_a_king_counts_as_one() {
    // The king on j2 could take one man (j2xg5 or j2xf6, over h4); the man on
    // c5 takes two, a man and a king (c5xa7xc9): only the larger capture is
    // legal. The white man on e7 keeps the king's line short.
    let pos = at("W:WKj2,c5,e7:Bh4,b6,Kb8");
    assert_moves(INTERNATIONAL, &pos, &["c5xa7xc9 takes b6 b8"]);
    assert_eq!(
        refusal(INTERNATIONAL, &pos, "j2xg5"),
        "you must take the most pieces: 2"
    );
}

#[test]
fn international_man_passing_the_back_row_mid_capture_stays_a_man() {
    // b8xd10 reaches Black's back row, then must go on backwards over e9: it
    // ends on f8 as a man.
    let pos = at("W:Wb8:Bc9,e9,j4");
    assert_moves(INTERNATIONAL, &pos, &["b8xd10xf8 takes c9 e9"]);
    let after = pos.after(&legal_moves(&pos, &rules(INTERNATIONAL)).as_slice()[0]);
    assert_eq!(after.men(Color::White).count(), 1);
    assert!(after.kings(Color::White).is_empty());
}

#[test]
fn international_man_ending_a_capture_on_the_back_row_is_crowned() {
    assert_moves(
        INTERNATIONAL,
        &at("W:Wb8:Bc9,j4"),
        &["b8xd10 takes c9, crowned"],
    );
}

#[test]
fn international_touch_move_is_on() {
    assert!(rules(INTERNATIONAL).touch_move);
}

#[test]
fn international_writes_squares_as_numbers_with_x() {
    let r = rules(INTERNATIONAL);
    let pos = at("W:We5:Bd4,j10");
    let m = legal_moves(&pos, &r).as_slice()[0];
    // e5 = 28, c3 = 37 on the 10×10 board.
    assert_eq!(notation::write(&m, &r.notation), "28x37");
    assert_eq!(notation::parse_move("28x37", &pos, &r), Ok(m));
    let start = Position::start(&r);
    let step = notation::parse_move("32-28", &start, &r).unwrap();
    assert_eq!(notation::write(&step, &r.notation), "32-28");
}

#[test]
fn international_pdn_game_type_is_20() {
    let r = rules(INTERNATIONAL);
    assert_eq!(r.pdn_game_type, Some(20));
    assert_eq!(r.pdn_variant, "International");
}

/// The FMJD's draws on this board.
const DRAWS: Board = Board {
    variant: INTERNATIONAL,
    geo: BOARD_10,
};

#[test]
fn international_threefold_repetition_is_a_draw() {
    DRAWS.threefold_repetition_is_a_draw();
}

#[test]
fn international_25_move_rule_draws_after_25_moves_each_of_kings_only() {
    DRAWS.twenty_five_moves_of_kings_only_draw();
}

#[test]
fn international_25_move_rule_resets_on_a_man_move() {
    DRAWS.twenty_five_move_count_resets_on_a_man_move();
}

#[test]
fn international_16_move_rule_draws_three_pieces_against_a_lone_king_after_16_moves_each() {
    DRAWS.three_against_a_lone_king_draw_after_16_moves_each();
}

#[test]
fn international_5_move_rule_draws_two_pieces_against_a_lone_king_after_5_moves_each() {
    DRAWS.two_against_a_lone_king_draw_after_5_moves_each();
}

#[test]
fn international_a_capture_from_three_against_one_starts_the_5_move_count() {
    DRAWS.a_capture_from_three_against_one_starts_the_5_move_count("g1xj4");
}

//! Canadian draughts on 12×12 (docs/RULES.md, "Canadian draughts"): the
//! international rules on the larger board, each from a position of its own,
//! squares named algebraically (a1 … l12) where the list shows them and by
//! number (1 … 72) where the variant writes them. Squares on the top two ranks
//! are the bits above the low 64 of the board's word, so several positions
//! reach them on purpose.

use super::fmjd_draws::Board;
use super::*;
use checkers::BOARD_12;

/// A position of the 12×12 board.
#[track_caller]
fn at(fen_text: &str) -> Position {
    fen::parse(fen_text, &BOARD_12).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn canadian_is_played_on_the_72_dark_squares_of_12x12_numbered_from_b12() {
    let r = rules(CANADIAN);
    assert_eq!(r.geometry().size, 12);
    assert_eq!(r.geometry().squares(), 72);
    // As on 10×10: 1 at the top left as White sees the board, a1 dark and
    // numbered last but five, the long diagonal from 67 (a1) to 6 (l12).
    for (n, name) in [(1, "b12"), (6, "l12"), (7, "a11"), (67, "a1"), (72, "k1")] {
        assert_eq!(
            r.geometry().square(n).map(|s| s.algebraic()),
            Some(name.into())
        );
    }
    assert!(r.geometry().square_named("l11").is_none(), "a light square");
    assert!(r.geometry().square(73).is_none());
}

#[test]
fn canadian_starts_with_30_men_each_on_the_five_nearest_rows() {
    let r = rules(CANADIAN);
    let start = Position::start(&r);
    assert_eq!(start, at("W:W43-72:B1-30"));
    assert_eq!(start.men(Color::White).count(), 30);
    assert_eq!(start.men(Color::Black).count(), 30);
    assert!(start.kings(Color::White).is_empty() && start.kings(Color::Black).is_empty());
}

#[test]
fn canadian_white_moves_first() {
    let r = rules(CANADIAN);
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
            [
                "43-37", "44-37", "44-38", "45-38", "45-39", "46-39", "46-40", "47-40", "47-41",
                "48-41", "48-42"
            ]
            .map(String::from)
        )
    );
}

#[test]
fn canadian_men_capture_backwards() {
    assert_moves(CANADIAN, &at("W:We5:Bd4,l12"), &["e5xc3 takes d4"]);
    // And across the word's 64th bit: from rank 10 over rank 11 to rank 12.
    assert_moves(CANADIAN, &at("B:Bi9:Wh10,a1"), &["i9xg11 takes h10"]);
}

#[test]
fn canadian_king_moves_any_distance() {
    // Along the long diagonal from a1 to l12, eleven squares.
    let pos = at("W:WKa1:Ba11");
    let moves = moves(CANADIAN, &pos);
    assert_eq!(moves.len(), 11, "{moves:?}");
    assert!(moves.contains(&"a1-l12".to_string()), "{moves:?}");
}

#[test]
fn canadian_king_captures_from_a_distance_and_lands_on_any_empty_square_beyond() {
    assert_moves(
        CANADIAN,
        &at("W:WKa1:Be5,a11"),
        &[
            "a1xf6 takes e5",
            "a1xg7 takes e5",
            "a1xh8 takes e5",
            "a1xi9 takes e5",
            "a1xj10 takes e5",
            "a1xk11 takes e5",
            "a1xl12 takes e5",
        ],
    );
}

#[test]
fn canadian_king_must_land_where_its_capture_goes_on() {
    // Of f6 … l12 beyond e5, only g7 lets the king take h6 as well.
    assert_moves(
        CANADIAN,
        &at("W:WKa1:Be5,h6,a11"),
        &[
            "a1xg7xi5 takes e5 h6",
            "a1xg7xj4 takes e5 h6",
            "a1xg7xk3 takes e5 h6",
            "a1xg7xl2 takes e5 h6",
        ],
    );
}

#[test]
fn canadian_must_take_the_most_pieces_and_a_king_counts_as_one() {
    // The king on l2 could take one man (over j4); the man on c5 takes two, a
    // man and a king (c5xa7xc9): only the larger capture is legal.
    let pos = at("W:WKl2,c5,g7:Bj4,b6,Kb8");
    assert_moves(CANADIAN, &pos, &["c5xa7xc9 takes b6 b8"]);
    assert_eq!(
        refusal(CANADIAN, &pos, "l2xi5"),
        "you must take the most pieces: 2"
    );
}

#[test]
fn canadian_man_passing_the_back_row_mid_capture_stays_a_man() {
    // b10xd12 reaches Black's back row, then must go on backwards over e11: it
    // ends on f10 as a man.
    let pos = at("W:Wb10:Bc11,e11,l4");
    assert_moves(CANADIAN, &pos, &["b10xd12xf10 takes c11 e11"]);
    let after = pos.after(&legal_moves(&pos, &rules(CANADIAN)).as_slice()[0]);
    assert_eq!(after.men(Color::White).count(), 1);
    assert!(after.kings(Color::White).is_empty());
}

#[test]
fn canadian_man_ending_a_capture_on_the_back_row_is_crowned() {
    assert_moves(
        CANADIAN,
        &at("W:Wb10:Bc11,l4"),
        &["b10xd12 takes c11, crowned"],
    );
}

#[test]
fn canadian_touch_move_is_on() {
    assert!(rules(CANADIAN).touch_move);
}

#[test]
fn canadian_writes_squares_as_numbers_with_x() {
    let r = rules(CANADIAN);
    let pos = at("W:We5:Bd4,l12");
    let m = legal_moves(&pos, &r).as_slice()[0];
    // e5 = 45, c3 = 56 on the 12×12 board.
    assert_eq!(notation::write(&m, &r.notation), "45x56");
    assert_eq!(notation::parse_move("45x56", &pos, &r), Ok(m));
    let start = Position::start(&r);
    let step = notation::parse_move("46-40", &start, &r).unwrap();
    assert_eq!(notation::write(&step, &r.notation), "46-40");
}

#[test]
fn canadian_pdn_game_type_is_27() {
    let r = rules(CANADIAN);
    assert_eq!(r.pdn_game_type, Some(27));
    assert_eq!(r.pdn_variant, "Canadian");
}

/// The FMJD's draws on this board.
const DRAWS: Board = Board {
    variant: CANADIAN,
    geo: BOARD_12,
};

#[test]
fn canadian_threefold_repetition_is_a_draw() {
    DRAWS.threefold_repetition_is_a_draw();
}

#[test]
fn canadian_25_move_rule_draws_after_25_moves_each_of_kings_only() {
    DRAWS.twenty_five_moves_of_kings_only_draw();
}

#[test]
fn canadian_25_move_rule_resets_on_a_man_move() {
    DRAWS.twenty_five_move_count_resets_on_a_man_move();
}

#[test]
fn canadian_16_move_rule_draws_three_pieces_against_a_lone_king_after_16_moves_each() {
    DRAWS.three_against_a_lone_king_draw_after_16_moves_each();
}

#[test]
fn canadian_5_move_rule_draws_two_pieces_against_a_lone_king_after_5_moves_each() {
    DRAWS.two_against_a_lone_king_draw_after_5_moves_each();
}

#[test]
fn canadian_a_capture_from_three_against_one_starts_the_5_move_count() {
    DRAWS.a_capture_from_three_against_one_starts_the_5_move_count("g1xl6");
}

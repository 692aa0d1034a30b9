//! The rules that set apart the six later 8×8 variants: Italian, Czech,
//! Spanish, Portuguese, pool and Thai. Diagrams are drawn as the engine holds
//! the board: a turned board (Italian, Spanish, Portuguese) is held as its
//! mirror image, and the rules are the same in a mirror, so a diagram here is
//! the players' board seen in a mirror. The board's face itself (which corner
//! is dark, how squares are numbered and named) is tested in `turned_board`.

use super::captures_removed::BETWEEN;
use super::*;
use checkers::rules::builtin::{CZECH, ITALIAN, POOL, PORTUGUESE, SPANISH, THAI};
use checkers::rules::{CapturesRemoved, Criterion};
use checkers::Illegal;

/// Why `text` (algebraic names as the engine holds the board) is refused under `id`.
fn why(id: &str, pos: &Position, text: &str) -> Illegal {
    match notation::MoveText::parse(text, &checkers::BOARD_8)
        .expect("well-formed move text")
        .resolve(pos, &rules(id))
    {
        Err(checkers::ResolveError::Illegal { why, .. }) => why,
        other => panic!("`{text}` should be refused as illegal, got {other:?}"),
    }
}

#[test]
fn italian_czech_spanish_and_portuguese_move_white_first_pool_and_thai_black() {
    for (id, first) in [
        (ITALIAN, Color::White),
        (CZECH, Color::White),
        (SPANISH, Color::White),
        (PORTUGUESE, Color::White),
        (POOL, Color::Black),
        (THAI, Color::Black),
    ] {
        let r = rules(id);
        assert_eq!(r.first_move, first, "{id}");
        assert_eq!(Position::start(&r).side_to_move(), first, "{id}");
    }
}

/// A white man on d4 with black men beside it, one in front and one behind.
const FORWARD_AND_BACK: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . b . . .
    . . . w . . . .
    . . b . . . . .
    . . . . . . . .
    . . . . . . . .
";

#[test]
fn men_capture_forward_only_in_italian_czech_spanish_portuguese_and_thai() {
    let pos = board(Color::White, FORWARD_AND_BACK);
    for id in [ITALIAN, CZECH, SPANISH, PORTUGUESE, THAI] {
        assert!(!rules(id).men_capture_backwards, "{id}");
        assert_eq!(moves(id, &pos), ["d4xf6 takes e5"], "{id}");
    }
}

#[test]
fn pool_men_capture_backwards() {
    let pos = board(Color::White, FORWARD_AND_BACK);
    assert_eq!(moves(POOL, &pos), ["d4xb2 takes c3", "d4xf6 takes e5"]);
}

#[test]
fn italian_king_steps_one_square_and_takes_only_beside_it() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . b .
        . . . . . . . .
        . . . . . . . .
        . . . W . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves(ITALIAN, &pos), ["d4-c3", "d4-c5", "d4-e3", "d4-e5"]);
}

#[test]
fn flying_kings_in_czech_spanish_portuguese_pool_and_thai() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        b . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        W . . . . . . .
    ",
    );
    for id in [CZECH, SPANISH, PORTUGUESE, POOL, THAI] {
        assert_eq!(legal_moves(&pos, &rules(id)).len(), 7, "{id}: a1 to h8");
    }
}

/// A king far from a black man with empty squares beyond it.
const FAR: &str = "
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
fn czech_spanish_portuguese_and_pool_kings_land_on_any_square_beyond() {
    let pos = board(Color::White, FAR);
    for id in [CZECH, SPANISH, PORTUGUESE, POOL] {
        assert_eq!(
            moves(id, &pos),
            [
                "a1xe5 takes d4",
                "a1xf6 takes d4",
                "a1xg7 takes d4",
                "a1xh8 takes d4"
            ],
            "{id}"
        );
    }
}

#[test]
fn thai_king_captures_from_afar_and_lands_directly_behind() {
    let pos = board(Color::White, FAR);
    assert_eq!(moves(THAI, &pos), ["a1xe5 takes d4"]);
}

#[test]
fn thai_pieces_leave_as_they_are_jumped() {
    assert_eq!(rules(THAI).captures_removed, CapturesRemoved::AtOnce);
    // c5 gone at once, the king turns back over it and its own start square
    // and takes e3 too (and the other way round), landing directly behind.
    let pos = board(Color::White, BETWEEN);
    assert_eq!(
        sorted(legal_moves(&pos, &rules(THAI)).iter().map(show_ends)),
        ["d4xb6 takes c5 e3", "d4xf2 takes c5 e3"]
    );
}

#[test]
fn thai_starts_with_eight_men_each_on_the_two_nearest_rows() {
    let r = rules(THAI);
    let start = Position::start(&r);
    let rows = |c: Color| {
        let mut v: Vec<u8> = start.pieces(c).into_iter().map(|s| s.rank()).collect();
        v.sort();
        v
    };
    assert_eq!(rows(Color::White), [0, 0, 0, 0, 1, 1, 1, 1]);
    assert_eq!(rows(Color::Black), [6, 6, 6, 6, 7, 7, 7, 7]);
}

#[test]
fn italian_men_do_not_take_kings() {
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
    assert!(!rules(ITALIAN).men_take_kings);
    assert_eq!(moves(ITALIAN, &pos), ["c3-b4"]);
    assert_eq!(why(ITALIAN, &pos, "c3xe5"), Illegal::MenCannotTakeKings);
    for id in [CZECH, SPANISH, PORTUGUESE, POOL, THAI] {
        assert_eq!(moves(id, &pos), ["c3xe5 takes d4"], "{id}");
    }
}

#[test]
fn italian_captures_rank_most_pieces_then_with_a_king_then_most_kings_then_a_king_first() {
    assert_eq!(
        rules(ITALIAN).capture_precedence,
        [
            Criterion::WithKing,
            Criterion::MostKings,
            Criterion::KingFirst
        ]
    );
    // The most pieces: two with the man before one with the king.
    let most = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . . . . . . .
        . . . b . . . .
        . . w . . . . .
        . . . . . b . .
        . . . . W . . .
    ",
    );
    assert_eq!(moves(ITALIAN, &most), ["c3xe5xg7 takes d4 f6"]);
    // As many with a king as with a man: the king's.
    let king = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . b . b . .
        . . W . . . w .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves(ITALIAN, &king), ["c3xe5 takes d4"]);
    assert_eq!(why(ITALIAN, &king, "g3xe5"), Illegal::KingCapturesFirst);
    // A king or a man to take: the king.
    let kings = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . b . B . . . .
        . . W . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves(ITALIAN, &kings), ["c3xe5 takes d4"]);
    assert_eq!(why(ITALIAN, &kings, "c3xa5"), Illegal::MustTakeMostKings(1));
    // A man then a king, or a king then a man: the king met first.
    let first = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . b . . . B . .
        . . . . . . . .
        . B . b . . . .
        . . W . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves(ITALIAN, &first), ["c3xa5xc7 takes b4 b6"]);
    assert_eq!(why(ITALIAN, &first, "c3xe5xg7"), Illegal::MustTakeKingFirst);
}

#[test]
fn czech_a_capture_with_a_king_comes_first_otherwise_any_may_be_chosen() {
    assert_eq!(rules(CZECH).capture_precedence, [Criterion::WithKing]);
    assert_eq!(rules(CZECH).capture_choice, CaptureChoice::Any);
    // The man could take one piece, and so could the king: the king's capture.
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . b . . . . . .
        w . . . . . . .
        . . . . . b . .
        . . . . . . W .
    ",
    );
    assert_eq!(
        moves(CZECH, &pos),
        [
            "g1xa7 takes f2",
            "g1xb6 takes f2",
            "g1xc5 takes f2",
            "g1xd4 takes f2",
            "g1xe3 takes f2"
        ]
    );
    assert_eq!(why(CZECH, &pos, "a3xc5"), Illegal::KingCapturesFirst);
    // Among the man's own captures, the shorter may be chosen.
    let man = board(Color::White, TWO_OR_ONE);
    assert_eq!(
        moves(CZECH, &man),
        ["c3xa5 takes b4", "c3xe5xg7 takes d4 f6"]
    );
}

#[test]
fn spanish_and_portuguese_take_the_most_pieces_then_the_most_kings() {
    // One piece either way: the king rather than the man.
    let quality = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . B . b . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    // Two men before one king.
    let quantity = board(
        Color::White,
        "
        . . . . . . . .
        . . . . . . . .
        . . . . . b . .
        . . . . . . . .
        . B . b . . . .
        . . w . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in [SPANISH, PORTUGUESE] {
        let r = rules(id);
        assert_eq!(r.capture_choice, CaptureChoice::MostPieces, "{id}");
        assert_eq!(r.capture_precedence, [Criterion::MostKings], "{id}");
        assert_eq!(moves(id, &quality), ["c3xa5 takes b4"], "{id}");
        assert_eq!(why(id, &quality, "c3xe5"), Illegal::MustTakeMostKings(1));
        assert_eq!(moves(id, &quantity), ["c3xe5xg7 takes d4 f6"], "{id}");
    }
}

/// A white man on c3 that may take one man (b4) or two (d4, f6).
const TWO_OR_ONE: &str = "
    . . . . . . . .
    . . . . . . . .
    . . . . . b . .
    . . . . . . . .
    . b . b . . . .
    . . w . . . . .
    . . . . . . . .
    . . . . . . . .
";

#[test]
fn pool_and_thai_may_choose_a_shorter_capture() {
    let pos = board(Color::White, TWO_OR_ONE);
    for id in [POOL, THAI] {
        assert_eq!(
            moves(id, &pos),
            ["c3xa5 takes b4", "c3xe5xg7 takes d4 f6"],
            "{id}"
        );
    }
}

#[test]
fn pool_man_passing_the_far_row_mid_capture_goes_on_as_a_man() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . b . b . . .
        . w . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    assert_eq!(moves(POOL, &pos), ["b6xd8xf6 takes c7 e7"]);
}

#[test]
fn italian_czech_spanish_portuguese_and_thai_crown_a_man_and_end_the_move() {
    let pos = board(
        Color::White,
        "
        . . . . . . . .
        . . b . . . . .
        . w . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
    ",
    );
    for id in [ITALIAN, CZECH, SPANISH, PORTUGUESE, THAI] {
        assert_eq!(
            rules(id).promotion_mid_capture,
            PromotionMidCapture::CrownedMoveEnds
        );
        assert_eq!(moves(id, &pos), ["b6xd8 takes c7, crowned"], "{id}");
    }
}

#[test]
fn pool_13_move_rule_draws_three_kings_against_one_after_13_moves_each() {
    let pos = board(
        Color::White,
        "
        . W . . . . . .
        W . W . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . B
        . . . . . . . .
    ",
    );
    let mut game = Game::from_position(rules(POOL), pos);
    no_progress::assert_draw_after_quiet_plies(&mut game, "13-move rule", 26);
}

#[test]
fn pool_and_italian_touch_move_is_on_the_others_off() {
    assert!(rules(POOL).touch_move);
    assert!(rules(ITALIAN).touch_move);
    for id in [CZECH, SPANISH, PORTUGUESE, THAI] {
        assert!(!rules(id).touch_move, "{id}");
    }
}

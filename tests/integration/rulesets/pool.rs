//! A sixth variant, only a file.

use super::*;
use checkers::rules::builtin::{BRAZILIAN, ENGLISH, RUSSIAN};

fn pool() -> Ruleset {
    Ruleset::from_file(&dir("tests/good_rulesets/pool.toml")).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn every_good_ruleset_loads() {
    for entry in std::fs::read_dir(dir("tests/good_rulesets")).unwrap() {
        let path = entry.unwrap().path();
        let r = Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            Ruleset::builtin(&r.id).is_none(),
            "{}: a new variant, not a copy of a built-in id",
            path.display()
        );
    }
}

#[test]
fn pool_is_read_setting_by_setting() {
    let r = pool();
    assert_matches(
        &r,
        &Expected {
            id: "my-pool",
            board: (8, 3),
            first_move: Color::Black,
            men_capture_backwards: true,
            king_moves: KingMoves::AnyDistance,
            king_captures_from: KingCapturesFrom::AnyDistance,
            king_lands: KingLands::AnyEmptyBeyond,
            capture_choice: CaptureChoice::Any,
            promotion_mid_capture: PromotionMidCapture::ContinueAsMan,
            touch_move: false,
            squares: SquareNotation::Numeric,
            capture_separator: 'x',
            no_progress: vec![
                (
                    50,
                    vec![ResetEvent::Capture, ResetEvent::ManMove],
                    DrawCondition::default(),
                ),
                (
                    20,
                    vec![ResetEvent::Capture],
                    DrawCondition {
                        lone_king_against_kings: None,
                        max_total_pieces: Some(6),
                        min_total_pieces: Some(2),
                        both_have_kings: true,
                    },
                ),
            ],
            game_type: None,
            variant: "Pool",
            later: Later::default(),
        },
    );
    assert_eq!(r.name, "Pool checkers");
}

#[test]
fn pool_perft_from_the_start() {
    let r = pool();
    let start = checkers::Position::initial(r.first_move);
    let counts: Vec<u64> = (1..=6).map(|d| perft(&start, &r, d)).collect();
    assert_eq!(counts, [7, 49, 302, 1469, 7482, 37986]);
    // The plain second generator agrees, so the count is the rules', not a bug's.
    let board = crate::common::reference::Board::from_position(&start);
    assert_eq!(crate::common::reference::perft(&board, &r, 6), 37986);
}

/// White man b6 (9) can take c7, e7 and g5, reaching d8 (2) on the way; white man a3
/// (21) can take b4. Pool: both captures may be chosen, and the long one ends on h4
/// (20) with a man, not crowned on d8. Brazilian (most pieces) allows only the long
/// one; Russian crowns the man on d8, so it reaches h4 as a king.
const CROWNING_ROW_MID_CAPTURE: &str = "W:W9,21:B6,7,16,17";

fn moves_and_piece_on_h4(r: &Ruleset) -> (Vec<Vec<u8>>, Option<Piece>) {
    let pos = fen::parse(CROWNING_ROW_MID_CAPTURE, &checkers::BOARD_8).unwrap();
    let moves = legal_moves(&pos, r);
    let mut paths: Vec<Vec<u8>> = moves
        .iter()
        .map(|m| {
            m.path()
                .into_iter()
                .map(|s| checkers::BOARD_8.number(s).unwrap())
                .collect()
        })
        .collect();
    paths.sort();
    let long = moves
        .iter()
        .find(|m| m.capture_count() == 3)
        .expect("the three-piece capture is always legal");
    let after = pos.after(long);
    (paths, after.piece_at(checkers::BOARD_8.square(20).unwrap()))
}

#[test]
fn pool_shows_its_own_rules_in_play() {
    let (paths, piece) = moves_and_piece_on_h4(&pool());
    assert_eq!(paths, vec![vec![9, 2, 11, 20], vec![21, 14]]);
    assert_eq!(piece, Some(Piece::Man(Color::White)), "pool: not crowned");

    let (paths, piece) = moves_and_piece_on_h4(&Ruleset::builtin(BRAZILIAN).unwrap());
    assert_eq!(paths, vec![vec![9, 2, 11, 20]], "brazilian: most pieces");
    assert_eq!(piece, Some(Piece::Man(Color::White)));

    let (paths, piece) = moves_and_piece_on_h4(&Ruleset::builtin(RUSSIAN).unwrap());
    assert_eq!(paths, vec![vec![9, 2, 11, 20], vec![21, 14]]);
    assert_eq!(piece, Some(Piece::King(Color::White)), "russian: crowned");
}

#[test]
fn pool_kings_fly() {
    // A lone king on a1 (29) with the long diagonal open: seven moves in pool,
    // one in english.
    let pos = fen::parse("W:WK29:B1", &checkers::BOARD_8).unwrap();
    assert_eq!(legal_moves(&pos, &pool()).len(), 7);
    assert_eq!(
        legal_moves(&pos, &Ruleset::builtin(ENGLISH).unwrap()).len(),
        1
    );
}

//! The built-in variants, one row of docs/RULES.md's table at a time.

use super::*;

fn table() -> Vec<Expected> {
    use CaptureChoice::*;
    use ResetEvent::*;
    let always = DrawCondition::default();
    vec![
        Expected {
            id: "english",
            board: (8, 3),
            first_move: Color::Black,
            men_capture_backwards: false,
            king_moves: KingMoves::OneSquare,
            king_captures_from: KingCapturesFrom::Adjacent,
            king_lands: KingLands::DirectlyBehind,
            capture_choice: Any,
            promotion_mid_capture: PromotionMidCapture::CrownedMoveEnds,
            touch_move: false,
            squares: SquareNotation::Numeric,
            capture_separator: 'x',
            no_progress: vec![(40, vec![Capture, ManMove], always)],
            game_type: Some(21),
            variant: "English",
        },
        Expected {
            id: "dammen64",
            board: (8, 3),
            first_move: Color::Black,
            men_capture_backwards: false,
            king_moves: KingMoves::OneSquare,
            king_captures_from: KingCapturesFrom::Adjacent,
            king_lands: KingLands::DirectlyBehind,
            capture_choice: MostPieces,
            promotion_mid_capture: PromotionMidCapture::CrownedMoveEnds,
            touch_move: false,
            squares: SquareNotation::Numeric,
            capture_separator: 'x',
            no_progress: vec![(50, vec![Capture, Promotion], always)],
            game_type: None,
            variant: "Dammen 64",
        },
        Expected {
            id: "brazilian",
            board: (8, 3),
            first_move: Color::White,
            men_capture_backwards: true,
            king_moves: KingMoves::AnyDistance,
            king_captures_from: KingCapturesFrom::AnyDistance,
            king_lands: KingLands::AnyEmptyBeyond,
            capture_choice: MostPieces,
            promotion_mid_capture: PromotionMidCapture::ContinueAsMan,
            touch_move: true,
            squares: SquareNotation::Algebraic,
            capture_separator: 'x',
            no_progress: vec![(50, vec![Capture, Promotion], always)],
            game_type: Some(26),
            variant: "Brazilian",
        },
        Expected {
            id: "russian",
            board: (8, 3),
            first_move: Color::White,
            men_capture_backwards: true,
            king_moves: KingMoves::AnyDistance,
            king_captures_from: KingCapturesFrom::AnyDistance,
            king_lands: KingLands::AnyEmptyBeyond,
            capture_choice: Any,
            promotion_mid_capture: PromotionMidCapture::ContinueAsKing,
            touch_move: true,
            squares: SquareNotation::Algebraic,
            capture_separator: ':',
            no_progress: vec![
                (15, vec![Capture, ManMove], always),
                (
                    15,
                    vec![],
                    DrawCondition {
                        lone_king_against_kings: Some(3),
                        ..always
                    },
                ),
                (
                    30,
                    vec![Capture, Promotion],
                    DrawCondition {
                        both_have_kings: true,
                        min_total_pieces: Some(4),
                        max_total_pieces: Some(5),
                        ..always
                    },
                ),
                (
                    60,
                    vec![Capture, Promotion],
                    DrawCondition {
                        both_have_kings: true,
                        min_total_pieces: Some(6),
                        max_total_pieces: Some(7),
                        ..always
                    },
                ),
            ],
            game_type: Some(25),
            variant: "Russian",
        },
        Expected {
            id: "german",
            board: (8, 3),
            first_move: Color::Black,
            men_capture_backwards: false,
            king_moves: KingMoves::AnyDistance,
            king_captures_from: KingCapturesFrom::AnyDistance,
            king_lands: KingLands::DirectlyBehind,
            capture_choice: Any,
            promotion_mid_capture: PromotionMidCapture::CrownedMoveEnds,
            touch_move: false,
            squares: SquareNotation::Numeric,
            capture_separator: 'x',
            no_progress: vec![(50, vec![Capture, Promotion], always)],
            game_type: None,
            variant: "German Dame",
        },
        fmjd("international", (10, 4), 20, "International"),
        fmjd("canadian", (12, 5), 27, "Canadian"),
    ]
}

/// International draughts' rules on a board of `board` (size, rows of men):
/// `international` and `canadian`.
fn fmjd(id: &'static str, board: (u8, u8), game_type: u32, variant: &'static str) -> Expected {
    use CaptureChoice::*;
    use ResetEvent::*;
    let always = DrawCondition::default();
    Expected {
        id,
        board,
        first_move: Color::White,
        men_capture_backwards: true,
        king_moves: KingMoves::AnyDistance,
        king_captures_from: KingCapturesFrom::AnyDistance,
        king_lands: KingLands::AnyEmptyBeyond,
        capture_choice: MostPieces,
        promotion_mid_capture: PromotionMidCapture::ContinueAsMan,
        touch_move: true,
        squares: SquareNotation::Numeric,
        capture_separator: 'x',
        no_progress: vec![
            (25, vec![Capture, ManMove], always),
            (
                16,
                vec![],
                DrawCondition {
                    lone_king_against_kings: Some(1),
                    min_total_pieces: Some(4),
                    max_total_pieces: Some(4),
                    ..always
                },
            ),
            (
                5,
                vec![],
                DrawCondition {
                    lone_king_against_kings: Some(1),
                    max_total_pieces: Some(3),
                    ..always
                },
            ),
        ],
        game_type: Some(game_type),
        variant,
    }
}

#[test]
fn builtins_follow_the_rules_table() {
    let table = table();
    let ids: Vec<&str> = Ruleset::builtin_ids().collect();
    assert_eq!(
        ids,
        table.iter().map(|e| e.id).collect::<Vec<_>>(),
        "the built-in variants in the order of docs/RULES.md"
    );
    for e in &table {
        let r = Ruleset::builtin(e.id).expect("a built-in variant");
        assert_matches(&r, e);
    }
    assert_eq!(Ruleset::builtins().len(), 7);
    assert_eq!(Ruleset::builtin("pool"), None);
}

#[test]
fn ruleset_files_on_disk_are_the_builtins() {
    let table = table();
    let mut seen = Vec::new();
    for entry in std::fs::read_dir(dir("rulesets")).unwrap() {
        let path = entry.unwrap().path();
        let from_disk = Ruleset::from_file(&path).unwrap_or_else(|e| panic!("{e}"));
        let stem = path.file_stem().unwrap().to_str().unwrap();
        assert_eq!(
            from_disk.id,
            stem,
            "{}: id is the file name",
            path.display()
        );
        assert_eq!(Some(&from_disk), Ruleset::builtin(stem).as_ref());
        let e = table
            .iter()
            .find(|e| e.id == stem)
            .expect("listed in docs/RULES.md");
        assert_matches(&from_disk, e);
        seen.push(stem.to_string());
    }
    assert_eq!(seen.len(), 7, "one file per built-in variant: {seen:?}");
}

#[test]
fn builtins_start_as_rules_md_says() {
    // Black moves first in english, dammen64 and german; White in brazilian,
    // russian, international and canadian. Seven opening moves on 8×8 (three rows
    // of men), nine on 10×10 (four rows: 31-26 … 35-30 but 31's and 35's single
    // steps), eleven on 12×12 (five rows).
    for r in Ruleset::builtins() {
        let start = checkers::Position::start(&r);
        assert_eq!(start.side_to_move(), r.first_move);
        let (men, moves) = match r.geometry().size {
            8 => (12, 7),
            10 => (20, 9),
            _ => (30, 11),
        };
        assert_eq!(start.pieces(r.first_move).count(), men, "{}", r.id);
        assert_eq!(legal_moves(&start, &r).len(), moves, "{}", r.id);
    }
}

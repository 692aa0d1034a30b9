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
            later: Later::default(),
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
            later: Later::default(),
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
            later: Later::default(),
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
            later: Later::default(),
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
            later: Later::default(),
        },
        fmjd("international", (10, 4), 20, "International"),
        fmjd("canadian", (12, 5), 27, "Canadian"),
        Expected {
            id: "italian",
            board: (8, 3),
            first_move: Color::White,
            men_capture_backwards: false,
            king_moves: KingMoves::OneSquare,
            king_captures_from: KingCapturesFrom::Adjacent,
            king_lands: KingLands::DirectlyBehind,
            capture_choice: MostPieces,
            promotion_mid_capture: PromotionMidCapture::CrownedMoveEnds,
            touch_move: true,
            squares: SquareNotation::Numeric,
            capture_separator: 'x',
            no_progress: vec![],
            game_type: Some(22),
            variant: "Italian",
            later: Later {
                men_take_kings: false,
                precedence: vec![
                    Criterion::WithKing,
                    Criterion::MostKings,
                    Criterion::KingFirst,
                ],
                face: turned(Corner::TopLeft),
                ..Later::default()
            },
        },
        Expected {
            id: "czech",
            board: (8, 3),
            first_move: Color::White,
            men_capture_backwards: false,
            king_moves: KingMoves::AnyDistance,
            king_captures_from: KingCapturesFrom::AnyDistance,
            king_lands: KingLands::AnyEmptyBeyond,
            capture_choice: Any,
            promotion_mid_capture: PromotionMidCapture::CrownedMoveEnds,
            touch_move: false,
            squares: SquareNotation::Algebraic,
            capture_separator: 'x',
            no_progress: vec![],
            game_type: Some(29),
            variant: "Czech",
            later: Later {
                precedence: vec![Criterion::WithKing],
                ..Later::default()
            },
        },
        iberian("spanish", 24, "Spanish"),
        iberian("portuguese", 28, "Portuguese"),
        Expected {
            id: "pool",
            board: (8, 3),
            first_move: Color::Black,
            men_capture_backwards: true,
            king_moves: KingMoves::AnyDistance,
            king_captures_from: KingCapturesFrom::AnyDistance,
            king_lands: KingLands::AnyEmptyBeyond,
            capture_choice: Any,
            promotion_mid_capture: PromotionMidCapture::ContinueAsMan,
            touch_move: true,
            squares: SquareNotation::Numeric,
            capture_separator: 'x',
            no_progress: vec![(
                13,
                vec![],
                DrawCondition {
                    lone_king_against_kings: Some(3),
                    ..always
                },
            )],
            game_type: Some(23),
            variant: "American Pool",
            later: Later::default(),
        },
        Expected {
            id: "thai",
            board: (8, 2),
            first_move: Color::Black,
            men_capture_backwards: false,
            king_moves: KingMoves::AnyDistance,
            king_captures_from: KingCapturesFrom::AnyDistance,
            king_lands: KingLands::DirectlyBehind,
            capture_choice: Any,
            promotion_mid_capture: PromotionMidCapture::CrownedMoveEnds,
            touch_move: false,
            squares: SquareNotation::Numeric,
            capture_separator: '-',
            no_progress: vec![],
            game_type: Some(31),
            variant: "Thai",
            later: Later {
                removed: CapturesRemoved::AtOnce,
                face: Face {
                    turned: false,
                    first: Corner::BottomRight,
                },
                ..Later::default()
            },
        },
    ]
}

/// The board turned, numbered from `first`.
fn turned(first: Corner) -> Face {
    Face {
        turned: true,
        first,
    }
}

/// Spanish and Portuguese draughts: the same rules, both numbered from
/// White's right-hand corner of the turned board.
fn iberian(id: &'static str, game_type: u32, variant: &'static str) -> Expected {
    Expected {
        id,
        board: (8, 3),
        first_move: Color::White,
        men_capture_backwards: false,
        king_moves: KingMoves::AnyDistance,
        king_captures_from: KingCapturesFrom::AnyDistance,
        king_lands: KingLands::AnyEmptyBeyond,
        capture_choice: CaptureChoice::MostPieces,
        promotion_mid_capture: PromotionMidCapture::CrownedMoveEnds,
        touch_move: false,
        squares: SquareNotation::Numeric,
        capture_separator: 'x',
        no_progress: vec![],
        game_type: Some(game_type),
        variant,
        later: Later {
            precedence: vec![Criterion::MostKings],
            face: turned(Corner::BottomRight),
            ..Later::default()
        },
    }
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
        later: Later::default(),
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
    assert_eq!(Ruleset::builtins().len(), 13);
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
    assert_eq!(seen.len(), 13, "one file per built-in variant: {seen:?}");
}

#[test]
fn builtins_start_as_rules_md_says() {
    // Black moves first in english, dammen64, german, pool and thai; White in
    // the others. Seven opening moves on 8×8 (three rows of men, or two in
    // thai, 8 men), nine on 10×10 (four rows: 31-26 … 35-30 but 31's and 35's
    // single steps), eleven on 12×12 (five rows).
    for r in Ruleset::builtins() {
        let start = checkers::Position::start(&r);
        assert_eq!(start.side_to_move(), r.first_move);
        let (men, moves) = match (r.geometry().size, r.men_rows()) {
            (8, 2) => (8, 7),
            (8, _) => (12, 7),
            (10, _) => (20, 9),
            _ => (30, 11),
        };
        assert_eq!(start.pieces(r.first_move).count(), men, "{}", r.id);
        assert_eq!(legal_moves(&start, &r).len(), moves, "{}", r.id);
    }
}

/// dctl's published Thai perft ("thaiInitial") plays Thai rules from the
/// twelve-man start of three rows: the same rules from that start count the same.
#[test]
fn thai_rules_from_twelve_men_match_published_perft() {
    let text = "extends = \"thai\"\nid = \"thai12\"\n[board]\nmen_rows = 3\n";
    let r = Ruleset::from_toml(text, "thai12.toml").unwrap();
    let start = checkers::Position::start(&r);
    let counts: Vec<u64> = (1..=9).map(|d| perft(&start, &r, d)).collect();
    assert_eq!(
        counts,
        [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963648]
    );
}

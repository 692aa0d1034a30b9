//! Ruleset files: the five built-in variants against RULES.md, a sixth variant that is
//! only a file, and one bad file per kind of mistake, each refused with a message that
//! names the file, the line and what to write instead.

use checkers::rules::{
    CaptureChoice, DrawCondition, KingCapturesFrom, KingLands, KingMoves, PromotionMidCapture,
    ResetEvent,
};
use checkers::{fen, legal_moves, perft, Color, Piece, Ruleset, RulesetError, SquareNotation};
use std::path::{Path, PathBuf};

fn dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(name)
}

// ---------------------------------------------------------------------------
// The built-in variants, one row of RULES.md's table at a time.

/// One column of RULES.md's "Where they differ" table.
struct Expected {
    id: &'static str,
    first_move: Color,
    men_capture_backwards: bool,
    king_moves: KingMoves,
    king_captures_from: KingCapturesFrom,
    king_lands: KingLands,
    capture_choice: CaptureChoice,
    promotion_mid_capture: PromotionMidCapture,
    touch_move: bool,
    squares: SquareNotation,
    capture_separator: char,
    /// (moves, reset events, condition) of each no-progress rule, in file order.
    no_progress: Vec<(u32, Vec<ResetEvent>, DrawCondition)>,
    game_type: Option<u32>,
    variant: &'static str,
}

fn table() -> Vec<Expected> {
    use CaptureChoice::*;
    use ResetEvent::*;
    let always = DrawCondition::default();
    vec![
        Expected {
            id: "english",
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
    ]
}

fn assert_matches(r: &Ruleset, e: &Expected) {
    let id = e.id;
    assert_eq!(r.id, id);
    assert_eq!(r.first_move, e.first_move, "{id}: first_move");
    assert_eq!(
        r.men_capture_backwards, e.men_capture_backwards,
        "{id}: men_capture_backwards"
    );
    assert_eq!(r.king_moves, e.king_moves, "{id}: king_moves");
    assert_eq!(
        r.king_captures_from, e.king_captures_from,
        "{id}: king_captures_from"
    );
    assert_eq!(r.king_lands, e.king_lands, "{id}: king_lands");
    assert_eq!(r.capture_choice, e.capture_choice, "{id}: capture_choice");
    assert_eq!(
        r.promotion_mid_capture, e.promotion_mid_capture,
        "{id}: promotion_mid_capture"
    );
    assert_eq!(r.touch_move, e.touch_move, "{id}: touch_move");
    assert_eq!(r.notation.squares, e.squares, "{id}: notation.squares");
    assert_eq!(
        r.notation.capture_separator, e.capture_separator,
        "{id}: notation.capture_separator"
    );
    assert_eq!(r.repetition, 3, "{id}: threefold repetition");
    let draws: Vec<(u32, Vec<ResetEvent>, DrawCondition)> = r
        .no_progress
        .iter()
        .map(|d| (d.moves, d.reset_on.clone(), d.when))
        .collect();
    assert_eq!(draws, e.no_progress, "{id}: no-progress rules");
    for d in &r.no_progress {
        assert!(!d.name.is_empty(), "{id}: every draw rule has a name");
        assert_eq!(d.plies(), d.moves * 2);
    }
    assert_eq!(r.pdn_game_type, e.game_type, "{id}: pdn.game_type");
    assert_eq!(r.pdn_variant, e.variant, "{id}: pdn.variant");
    assert!(!r.name.is_empty() && !r.description.is_empty());
}

#[test]
fn builtins_follow_the_rules_table() {
    let table = table();
    let ids: Vec<&str> = Ruleset::builtin_ids().collect();
    assert_eq!(
        ids,
        table.iter().map(|e| e.id).collect::<Vec<_>>(),
        "the five variants in the order of RULES.md"
    );
    for e in &table {
        let r = Ruleset::builtin(e.id).expect("a built-in variant");
        assert_matches(&r, e);
    }
    assert_eq!(Ruleset::builtins().len(), 5);
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
            .expect("listed in RULES.md");
        assert_matches(&from_disk, e);
        seen.push(stem.to_string());
    }
    assert_eq!(seen.len(), 5, "one file per built-in variant: {seen:?}");
}

#[test]
fn builtins_start_as_rules_md_says() {
    // Black moves first in english, dammen64 and german; White in brazilian and russian.
    for r in Ruleset::builtins() {
        let start = checkers::Position::initial(r.first_move);
        assert_eq!(start.side_to_move(), r.first_move);
        assert_eq!(legal_moves(&start, &r).len(), 7, "{}", r.id);
    }
}

// ---------------------------------------------------------------------------
// A sixth variant, only a file.

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
            id: "pool",
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
    let pos = fen::parse(CROWNING_ROW_MID_CAPTURE).unwrap();
    let moves = legal_moves(&pos, r);
    let mut paths: Vec<Vec<u8>> = moves
        .iter()
        .map(|m| m.path().iter().map(|s| s.pdn()).collect())
        .collect();
    paths.sort();
    let long = moves
        .iter()
        .find(|m| m.capture_count() == 3)
        .expect("the three-piece capture is always legal");
    let after = pos.after(long);
    (
        paths,
        after.piece_at(checkers::Square::from_pdn(20).unwrap()),
    )
}

#[test]
fn pool_shows_its_own_rules_in_play() {
    let (paths, piece) = moves_and_piece_on_h4(&pool());
    assert_eq!(paths, vec![vec![9, 2, 11, 20], vec![21, 14]]);
    assert_eq!(piece, Some(Piece::Man(Color::White)), "pool: not crowned");

    let (paths, piece) = moves_and_piece_on_h4(&Ruleset::builtin("brazilian").unwrap());
    assert_eq!(paths, vec![vec![9, 2, 11, 20]], "brazilian: most pieces");
    assert_eq!(piece, Some(Piece::Man(Color::White)));

    let (paths, piece) = moves_and_piece_on_h4(&Ruleset::builtin("russian").unwrap());
    assert_eq!(paths, vec![vec![9, 2, 11, 20], vec![21, 14]]);
    assert_eq!(piece, Some(Piece::King(Color::White)), "russian: crowned");
}

#[test]
fn pool_kings_fly() {
    // A lone king on a1 (29) with the long diagonal open: seven moves in pool,
    // one in english.
    let pos = fen::parse("W:WK29:B1").unwrap();
    assert_eq!(legal_moves(&pos, &pool()).len(), 7);
    assert_eq!(
        legal_moves(&pos, &Ruleset::builtin("english").unwrap()).len(),
        1
    );
}

// ---------------------------------------------------------------------------
// Bad files: one mistake each, refused with a message that says what to fix.

/// Loads `tests/bad_rulesets/NAME.toml`, which must be refused, and checks the parts
/// every error shares: the file named first, the line (and column), one line of text.
fn refused(name: &str, line: usize, col: Option<usize>) -> (RulesetError, String) {
    let path = dir("tests/bad_rulesets").join(format!("{name}.toml"));
    let err = match Ruleset::from_file(&path) {
        Ok(_) => panic!("{name}.toml was accepted"),
        Err(e) => e,
    };
    let shown = err.to_string();
    assert_eq!(err.origin, path.display().to_string(), "{shown}");
    let (got_line, got_col) = err.location.unwrap_or_else(|| panic!("no line: {shown}"));
    assert_eq!(got_line, line, "line of {shown}");
    if let Some(col) = col {
        assert_eq!(got_col, col, "column of {shown}");
    }
    assert!(
        shown.starts_with(&format!("{}:{got_line}:{got_col}: ", path.display())),
        "{shown}"
    );
    assert!(!shown.contains('\n'), "one line: {shown}");
    (err, shown)
}

fn says(shown: &str, phrases: &[&str]) {
    for p in phrases {
        assert!(shown.contains(p), "expected {p:?} in: {shown}");
    }
}

/// Every file in tests/bad_rulesets, with the line and column of its mistake and the
/// phrases its message must hold.
const BAD: &[(&str, usize, Option<usize>, &[&str])] = &[
    (
        "unknown_key",
        9,
        Some(1),
        &[
            "unknown key `king_move` in [rules]",
            "did you mean `king_moves`?",
            "`touch_move`",
        ],
    ),
    (
        "unknown_section",
        28,
        Some(2),
        &[
            "unknown section [display]",
            "remove it or fix its name",
            "[rules], [notation], [draw] and [pdn]",
        ],
    ),
    (
        "wrong_type_bool",
        8,
        Some(25),
        &[
            "rules.men_capture_backwards",
            "true or false, without quotes",
            "not the string \"no\"",
        ],
    ),
    (
        "wrong_type_string",
        18,
        Some(21),
        &[
            "notation.capture_separator",
            "a string in double quotes",
            "not the number 1",
        ],
    ),
    (
        "wrong_type_number",
        21,
        Some(14),
        &[
            "draw.repetition",
            "a whole number",
            "not the string \"three\"",
        ],
    ),
    (
        "negative_number",
        21,
        Some(14),
        &["draw.repetition", "a whole number, 0 or more", "-3"],
    ),
    (
        "unknown_enum",
        9,
        Some(14),
        &[
            "rules.king_moves = \"far\"",
            "is not a known value",
            "use \"one-square\" or \"any-distance\"",
        ],
    ),
    (
        "unknown_reset_event",
        26,
        Some(24),
        &[
            "reset_on = \"king-move\"",
            "\"capture\", \"man-move\" or \"promotion\"",
        ],
    ),
    (
        "missing_key",
        6,
        Some(1),
        &[
            "missing key `touch_move` in [rules]",
            "add a line such as `touch_move = false`",
        ],
    ),
    (
        "missing_top_key",
        1,
        Some(1),
        &[
            "missing key `name` at the top of the file",
            "add a line such as `name = ",
        ],
    ),
    (
        "missing_section",
        1,
        Some(1),
        &[
            "missing section [notation]",
            "`squares`",
            "`capture_separator`",
            "add it",
        ],
    ),
    (
        "bad_id",
        2,
        Some(6),
        &[
            "id = \"My Variant\"",
            "lowercase letters, digits",
            "--variant",
            "e.g. id = \"my-variant\"",
        ],
    ),
    (
        "contradiction",
        13,
        Some(25),
        &[
            "promotion_mid_capture = \"continue-as-man\"",
            "needs men_capture_backwards = true",
            "use \"crowned-move-ends\"",
        ],
    ),
    (
        "bad_separator",
        18,
        Some(21),
        &[
            "notation.capture_separator = \"*\"",
            "is not supported",
            "use \"x\" or \":\"",
        ],
    ),
    (
        "repetition_one",
        21,
        Some(14),
        &[
            "draw.repetition = 1",
            "at least twice",
            "use 3 for threefold repetition",
        ],
    ),
    (
        "no_progress_zero",
        25,
        Some(9),
        &["\"40-move rule\"", "moves = 0", "at least 1"],
    ),
    (
        "no_progress_never_resets",
        23,
        Some(1),
        &[
            "\"40-move rule\" never resets",
            "list events in reset_on",
            "`when` condition",
        ],
    ),
    (
        "min_above_max",
        27,
        Some(8),
        &[
            "min_total_pieces = 10 is above max_total_pieces = 6",
            "can never apply",
        ],
    ),
    (
        "syntax",
        11,
        None,
        &[
            "invalid TOML",
            "`king_lands = \"directly-behind`",
            "check the quotes",
        ],
    ),
    (
        "duplicate_key",
        15,
        Some(1),
        &[
            "invalid TOML",
            "duplicate key `touch_move`",
            "remove one of them",
        ],
    ),
];

#[test]
fn every_bad_ruleset_is_refused_with_its_message() {
    for (name, line, col, phrases) in BAD {
        let (_, shown) = refused(name, *line, *col);
        says(&shown, phrases);
    }
}

#[test]
fn every_bad_file_has_a_case() {
    let mut files: Vec<String> = std::fs::read_dir(dir("tests/bad_rulesets"))
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            assert_eq!(p.extension().and_then(|e| e.to_str()), Some("toml"));
            p.file_stem().unwrap().to_str().unwrap().to_string()
        })
        .collect();
    files.sort();
    let mut cases: Vec<String> = BAD.iter().map(|(n, ..)| n.to_string()).collect();
    cases.sort();
    assert_eq!(files, cases);
}

#[test]
fn bad_files_are_near_copies_of_a_good_one() {
    // Each bad file differs from the others' common text in a line or two, so the
    // mistake tested is the only one in it.
    let base: Vec<String> = std::fs::read_to_string(dir("tests/bad_rulesets/unknown_key.toml"))
        .unwrap()
        .lines()
        .skip(1)
        .map(str::to_string)
        .collect();
    for (name, ..) in BAD {
        let text = std::fs::read_to_string(dir("tests/bad_rulesets").join(format!("{name}.toml")))
            .unwrap();
        let lines: Vec<&str> = text.lines().skip(1).collect();
        let differing = lines
            .iter()
            .filter(|l| !base.iter().any(|b| b == *l))
            .count();
        assert!(differing <= 3, "{name}.toml differs in {differing} lines");
        // Fixing the one mistake would give a valid file: the base with king_moves.
    }
    let fixed = std::fs::read_to_string(dir("tests/bad_rulesets/unknown_key.toml"))
        .unwrap()
        .replace("king_move =", "king_moves =");
    Ruleset::from_toml(&fixed, "fixed.toml").unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn unreadable_files_name_the_path() {
    let missing = dir("tests/bad_rulesets/no-such-file.toml");
    let err = Ruleset::from_file(&missing).unwrap_err();
    let shown = err.to_string();
    assert_eq!(err.location, None);
    assert!(shown.starts_with(&missing.display().to_string()), "{shown}");
    says(
        &shown,
        &[
            "cannot read the ruleset file",
            "no such file",
            "check the path",
        ],
    );

    let a_dir = dir("tests/bad_rulesets");
    let shown = Ruleset::from_file(&a_dir).unwrap_err().to_string();
    says(&shown, &["cannot read the ruleset file"]);
}

#[test]
fn text_errors_name_their_origin() {
    let shown = Ruleset::from_toml("", "my.toml").unwrap_err().to_string();
    assert_eq!(
        shown,
        "my.toml:1:1: missing key `id` at the top of the file; add a line such as `id = \"english\"`"
    );
}

#[test]
fn more_mistakes_get_a_pointed_message() {
    let english = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulesets/english.toml"
    ));
    let edit = |from: &str, to: &str| {
        assert!(english.contains(from), "{from}");
        let text = english.replacen(from, to, 1);
        Ruleset::from_toml(&text, "edited.toml")
            .expect_err("the edit must be refused")
            .to_string()
    };
    // A key of one section written in another.
    says(
        &edit(
            "capture_separator = \"x\"",
            "capture_separator = \"x\"\nking_lands = \"directly-behind\"",
        ),
        &[
            "unknown key `king_lands` in [notation]",
            "belongs in [rules]",
        ],
    );
    says(
        &edit(
            "reset_on = [\"capture\", \"man-move\"]",
            "reset_on = \"capture\"",
        ),
        &["draw.no_progress.reset_on must be a list in square brackets"],
    );
    says(
        &edit("men_capture_backwards = false", "men_capture_backwards = 0"),
        &[
            "rules.men_capture_backwards must be true or false",
            "not the number 0",
        ],
    );
    // An unknown key inside an inline table.
    says(
        &edit(
            "reset_on = [\"capture\", \"man-move\"]",
            "reset_on = [\"capture\"]\nwhen = { min_total = 3 }",
        ),
        &[
            "unknown key `min_total` in [draw.no_progress.when]",
            "did you mean `min_total_pieces`?",
        ],
    );
    // A single table where a list of tables belongs.
    says(
        &edit("[[draw.no_progress]]", "[draw.no_progress]"),
        &[
            "draw.no_progress must be a list of tables",
            "[[draw.no_progress]] section",
        ],
    );
    // A missing key in an array-of-tables entry.
    says(
        &edit("moves = 40", ""),
        &["missing key `moves` in [draw.no_progress]", "`moves = 40`"],
    );
    // A near miss in an allowed value.
    says(
        &edit("first_move = \"black\"", "first_move = \"Black\""),
        &["did you mean \"black\"?", "use \"white\" or \"black\""],
    );
    // Too large for a count.
    says(
        &edit("moves = 40", "moves = 99999999999"),
        &["no larger than 4294967295"],
    );
    // An event listed twice.
    says(
        &edit(
            "reset_on = [\"capture\", \"man-move\"]",
            "reset_on = [\"capture\", \"capture\"]",
        ),
        &["\"capture\" is listed twice"],
    );
    // Names that would leave the game without a title or a PDN tag.
    says(
        &edit("name = \"English draughts\"", "name = \" \""),
        &["name is empty"],
    );
    says(
        &edit("variant = \"English\"", "variant = \"\""),
        &["pdn.variant is empty"],
    );
    // A misspelt section.
    says(
        &edit("[draw]", "[draws]"),
        &["unknown section [draws]", "did you mean [draw]?"],
    );
    // A condition that can never hold.
    says(
        &edit(
            "reset_on = [\"capture\", \"man-move\"]",
            "reset_on = []\nwhen = { min_total_pieces = 30 }",
        ),
        &["more than the 24 pieces"],
    );
}

#[test]
fn non_ascii_text_does_not_upset_positions() {
    let english = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/rulesets/english.toml"
    ));
    let text = english.replacen(
        "name = \"English draughts\"",
        "name = \"Dame à la française\"\nfoo = \"é\"",
        1,
    );
    let err = Ruleset::from_toml(&text, "accents.toml").unwrap_err();
    assert_eq!(err.location.map(|(l, _)| l), Some(5));
    says(&err.to_string(), &["unknown key `foo`"]);
}

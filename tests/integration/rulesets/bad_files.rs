//! Bad files: one mistake each, refused with a message that says what to fix.

use super::*;

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
        "board_size",
        7,
        Some(8),
        &[
            "board.size = 14",
            "is not a board this program plays",
            "use 8 (8×8), 10 (10×10) or 12 (12×12)",
        ],
    ),
    (
        "board_men_rows",
        7,
        Some(12),
        &[
            "board.men_rows = 4",
            "1 to 3 rows",
            "leaving two rows between them",
        ],
    ),
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
        23,
        Some(1),
        &[
            "missing key `moves` in [draw.no_progress]",
            "add a line such as `moves = 40`",
        ],
    ),
    (
        "missing_top_key",
        1,
        Some(1),
        &[
            "missing key `id` at the top of the file",
            "add a line such as `id = ",
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
            "use \"x\", \":\" or \"-\"",
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

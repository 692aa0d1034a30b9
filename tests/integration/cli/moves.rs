//! `checkers moves`: the legal moves of a position, as text or JSON, from a FEN or standard input.

use super::*;

#[test]
fn moves_text_one_move_per_line() {
    let out = ok(&["moves", "--variant", "english", "--fen", START]);
    assert_eq!(out, "9-13\n9-14\n10-14\n10-15\n11-15\n11-16\n12-16\n");
}

#[test]
fn moves_text_uses_the_variants_notation() {
    // Russian: algebraic squares, captures written with `:`.
    let out = ok(&["moves", "--variant", "russian", "--fen", "W:Wc3:Bd4,f6"]);
    assert_eq!(out, "c3:e5:g7\n");
    let out = ok(&["moves", "--variant", "english", "--fen", "W:W22:B18,11"]);
    assert_eq!(out, "22x15x8\n");
}

#[test]
fn moves_json_paths_and_captures() {
    let out = ok(&["moves", "--variant", "english", "--fen", START, "--json"]);
    assert_eq!(
        out,
        "[{\"path\":[9,13],\"captures\":[]},{\"path\":[9,14],\"captures\":[]},\
         {\"path\":[10,14],\"captures\":[]},{\"path\":[10,15],\"captures\":[]},\
         {\"path\":[11,15],\"captures\":[]},{\"path\":[11,16],\"captures\":[]},\
         {\"path\":[12,16],\"captures\":[]}]\n"
    );
    // A capture: the path starts at the square the piece leaves and lists each
    // landing square; captures are the PDN numbers of the pieces taken.
    let out = ok(&[
        "moves",
        "--variant",
        "brazilian",
        "--fen",
        "W:W9,21:B6,7,16,17",
        "--json",
    ]);
    assert_eq!(out, "[{\"path\":[9,2,11,20],\"captures\":[6,7,16]}]\n");
    // PDN numbers even where the variant writes algebraic squares.
    let out = ok(&[
        "moves",
        "--variant",
        "russian",
        "--fen",
        "W:Wc3:Bd4,f6",
        "--json",
    ]);
    assert_eq!(out, "[{\"path\":[22,15,8],\"captures\":[11,18]}]\n");
}

#[test]
fn moves_json_is_valid_json_with_keys_in_order() {
    let out = ok(&["moves", "--variant", "german", "--fen", START, "--json"]);
    let value: serde_json::Value = serde_json::from_str(&out).unwrap();
    let list = value.as_array().unwrap();
    assert_eq!(list.len(), 7);
    for m in list {
        let keys: Vec<&String> = m.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["path", "captures"]);
    }
}

#[test]
fn moves_with_no_legal_move() {
    // White has no pieces; then a white man on b6 hemmed in on a7, c7 and d8.
    for fen in ["W:W:B1", "W:W9:B2,5,6"] {
        assert_eq!(ok(&["moves", "--variant", "english", "--fen", fen]), "");
        assert_eq!(
            ok(&["moves", "--variant", "english", "--fen", fen, "--json"]),
            "[]\n"
        );
    }
}

#[test]
fn moves_from_stdin_answer_one_line_per_fen() {
    let input = format!("{START}\nW:W:B1\nW:W9:B2,5,6\nW:W22:B18,11\n");
    let text = ok_with(&["moves", "--variant", "english"], Some(&input));
    assert_eq!(
        text,
        "9-13 9-14 10-14 10-15 11-15 11-16 12-16\n\n\n22x15x8\n"
    );
    let json = ok_with(&["moves", "--variant", "english", "--json"], Some(&input));
    let lines: Vec<&str> = json.lines().collect();
    assert_eq!(lines.len(), 4, "{json}");
    assert!(lines[0].starts_with("[{\"path\":[9,13],\"captures\":[]},"));
    assert_eq!(lines[1], "[]");
    assert_eq!(lines[2], "[]");
    assert_eq!(lines[3], "[{\"path\":[22,15,8],\"captures\":[11,18]}]");
    // No input, no answer.
    assert_eq!(ok_with(&["moves", "--variant", "english"], Some("")), "");
}

#[test]
fn moves_from_stdin_accept_windows_line_ends() {
    let out = ok_with(
        &["moves", "--variant", "english", "--json"],
        Some("W:W:B1\r\nW:W22:B18,11\r\n"),
    );
    assert_eq!(out, "[]\n[{\"path\":[22,15,8],\"captures\":[11,18]}]\n");
}

#[test]
fn a_line_that_is_no_fen_ends_the_reading_with_its_line_number_and_code_2() {
    let run = checkers(
        &["moves", "--variant", "english"],
        Some(&format!("{START}\ngarbage\n{START}\n")),
    );
    assert_eq!(run.code, 2);
    // The answer before it stands; nothing after it is answered.
    assert_eq!(run.stdout, "9-13 9-14 10-14 10-15 11-15 11-16 12-16\n");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr
            .contains("standard input, line 2: bad FEN \"garbage\""),
        "{}",
        run.stderr
    );
}

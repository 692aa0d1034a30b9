//! `checkers perft`: the count, as text or JSON, and divided by first move.

use super::*;
use checkers::rules::builtin::RUSSIAN;

#[test]
fn perft_prints_the_count() {
    let out = ok(&["perft", "--variant", "english", "--depth", "4"]);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("perft 4 = 1469 ("), "{out}");
    let out = ok(&["perft", "--variant", "russian", "--depth", "0"]);
    assert!(out.starts_with("perft 0 = 1 ("), "{out}");
}

#[test]
fn perft_json() {
    let out = ok(&["perft", "--variant", "english", "--depth", "4", "--json"]);
    assert!(
        out.starts_with("{\"depth\":4,\"nodes\":1469,\"ms\":"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 1);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["depth", "nodes", "ms"]);
    assert!(v["ms"].is_u64());
}

#[test]
fn perft_from_a_fen() {
    let out = ok(&[
        "perft",
        "--variant",
        "english",
        "--fen",
        "W:W22:B18,11",
        "--depth",
        "1",
    ]);
    assert!(out.starts_with("perft 1 = 1 ("), "{out}");
}

#[test]
fn perft_divide_lines_sum_to_the_total() {
    let out = ok(&["perft", "--variant", "russian", "--depth", "5", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    let (total_line, split) = lines.split_last().unwrap();
    assert_eq!(split.len(), 7, "{out}");
    let sum: u64 = split
        .iter()
        .map(|l| {
            let (mv, n) = l.rsplit_once(' ').unwrap();
            assert!(mv.contains('-'), "a move in russian notation: {l}");
            n.parse::<u64>().unwrap()
        })
        .sum();
    assert!(
        total_line.starts_with(&format!("perft 5 = {sum} (")),
        "{out}"
    );
    let checked = checkers::perft(
        &checkers::Position::initial(checkers::Color::White),
        &Ruleset::builtin(RUSSIAN).unwrap(),
        5,
    );
    assert_eq!(sum, checked);

    let out = ok(&[
        "perft",
        "--variant",
        "russian",
        "--depth",
        "5",
        "--divide",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["nodes"].as_u64(), Some(sum));
    let parts = v["divide"].as_array().unwrap();
    assert_eq!(parts.len(), 7);
    let json_sum: u64 = parts.iter().map(|p| p["nodes"].as_u64().unwrap()).sum();
    assert_eq!(json_sum, sum);
}

#[test]
fn perft_divide_at_depth_zero_is_just_the_root() {
    let out = ok(&["perft", "--variant", "english", "--depth", "0", "--divide"]);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(out.starts_with("perft 0 = 1 ("));
}

//! Start-position perft against the counts in `tests/data/perft.txt`.
//!
//! Lines whose count is below [`QUICK_LIMIT`] run in the normal suite; the deeper
//! ones run with `cargo test --release --test integration perft:: -- --ignored`.

use checkers::{divide, perft, perft_visit, Position, Ruleset};

/// Counts below this run in the default suite (a few seconds in the test profile).
const QUICK_LIMIT: u64 = 5_000_000;

/// One line of the data file.
#[derive(Debug)]
struct Line {
    number: usize,
    variant: String,
    depth: u32,
    nodes: u64,
}

fn data() -> Vec<Line> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter_map(|(i, raw)| {
            let line = raw.split('#').next().unwrap().trim();
            if line.is_empty() {
                return None;
            }
            let fields: Vec<&str> = line.split_whitespace().collect();
            let [variant, depth, nodes] = fields[..] else {
                panic!(
                    "perft.txt line {}: expected `variant depth nodes`: {raw}",
                    i + 1
                );
            };
            let bad = |what: &str| format!("perft.txt line {}: bad {what}: {raw}", i + 1);
            Some(Line {
                number: i + 1,
                variant: variant.to_string(),
                depth: depth.parse().unwrap_or_else(|_| panic!("{}", bad("depth"))),
                nodes: nodes.parse().unwrap_or_else(|_| panic!("{}", bad("count"))),
            })
        })
        .collect()
}

fn rules(id: &str) -> Ruleset {
    Ruleset::builtin(id).unwrap_or_else(|| panic!("unknown variant {id}"))
}

fn check(lines: &[&Line]) {
    let mut failures = Vec::new();
    for l in lines {
        let rules = rules(&l.variant);
        let got = perft(&Position::initial(rules.first_move), &rules, l.depth);
        if got != l.nodes {
            failures.push(format!(
                "line {}: {} perft {} = {got}, expected {}",
                l.number, l.variant, l.depth, l.nodes
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn data_file_is_well_formed() {
    let lines = data();
    for v in Ruleset::builtin_ids() {
        let mut depths: Vec<&Line> = lines.iter().filter(|l| l.variant == v).collect();
        assert!(!depths.is_empty(), "no perft line for {v}");
        depths.sort_by_key(|l| l.depth);
        for pair in depths.windows(2) {
            assert!(
                pair[0].depth < pair[1].depth,
                "{v}: depth {} twice",
                pair[0].depth
            );
            assert!(
                pair[0].nodes <= pair[1].nodes,
                "{v}: counts must grow with depth"
            );
        }
        assert!(
            depths.iter().any(|l| l.nodes < QUICK_LIMIT),
            "{v}: no line runs in the default suite"
        );
    }
    for l in &lines {
        assert!(
            Ruleset::builtin_ids().any(|v| v == l.variant),
            "line {}: unknown variant",
            l.number
        );
    }
}

#[test]
fn published_counts_quick() {
    let lines = data();
    let quick: Vec<&Line> = lines.iter().filter(|l| l.nodes < QUICK_LIMIT).collect();
    check(&quick);
}

/// The deep lines, up to depth 12:
/// `cargo test --release --test integration perft:: -- --ignored`.
#[test]
#[ignore]
fn published_counts_deep() {
    let lines = data();
    let deep: Vec<&Line> = lines.iter().filter(|l| l.nodes >= QUICK_LIMIT).collect();
    check(&deep);
}

/// Counting the last ply from the list length gives the same as playing every leaf.
#[test]
fn visiting_every_leaf_agrees_with_bulk_counting() {
    for v in Ruleset::builtin_ids() {
        let rules = rules(v);
        let start = Position::initial(rules.first_move);
        for depth in 0..=7 {
            assert_eq!(
                perft_visit(&start, &rules, depth),
                perft(&start, &rules, depth),
                "{v} perft {depth}"
            );
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    for v in Ruleset::builtin_ids() {
        let rules = rules(v);
        let start = Position::initial(rules.first_move);
        let moves = checkers::legal_moves(&start, &rules);
        for depth in 1..=7 {
            let split = divide(&start, &rules, depth);
            assert_eq!(split.len(), moves.len(), "{v}: one entry per legal move");
            if depth == 1 {
                assert!(split.iter().all(|&(_, n)| n == 1), "{v}: divide 1");
            }
            for (m, n) in &split {
                assert_eq!(*n, perft(&start.after(m), &rules, depth - 1), "{v} {m:?}");
            }
            let total: u64 = split.iter().map(|(_, n)| n).sum();
            assert_eq!(total, perft(&start, &rules, depth), "{v} divide {depth}");
        }
    }
}

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
        let got = perft(&Position::start(&rules), &rules, l.depth);
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
        let start = Position::start(&rules);
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
        let start = Position::start(&rules);
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

/// Awkward 10×10 positions with published counts (the damforum.nl perft thread,
/// bb3/viewtopic.php?t=2308, as collected in the test suites of Rein Halbersma's
/// dctl and other 10×10 generators): long king captures among many pieces
/// ("random 178"), a middle game of men with the majority rule at every turn,
/// forty kings, and men one step from crowning on both sides.
const INTERNATIONAL_POSITIONS: [(&str, &[u64]); 4] = [
    (
        "B:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46:BK17,K24",
        &[
            14, 55, 1168, 5432, 87195, 629010, 9041010, 86724219, 1216917193,
        ],
    ),
    (
        "W:W25,27,28,30,32,33,34,35,37,38:B12,13,14,16,18,19,21,23,24,26",
        &[
            6, 12, 30, 73, 215, 590, 1944, 6269, 22369, 88050, 377436, 1910989, 9872645, 58360286,
            346184885,
        ],
    ),
    (
        "W:WK31,K32,K33,K34,K35,K36,K37,K38,K39,K40,K41,K42,K43,K44,K45,K46,K47,K48,K49,K50:\
         BK1,K2,K3,K4,K5,K6,K7,K8,K9,K10,K11,K12,K13,K14,K15,K16,K17,K18,K19,K20",
        &[
            17, 79, 352, 1399, 7062, 37589, 217575, 1333217, 8558321, 58381162, 417920283,
        ],
    ),
    (
        "W:W6,7,8,9,10:B41,42,43,44,45",
        &[
            9, 81, 795, 7578, 86351, 936311, 11448262, 138362698, 1799526674,
        ],
    ),
];

/// Each awkward position's counts with fewer leaves than `limit`, or with at
/// least `limit` when `deep`.
fn international_positions(limit: u64, deep: bool) {
    let rules = rules("international");
    for (fen_text, counts) in INTERNATIONAL_POSITIONS {
        let pos = checkers::fen::parse(fen_text, rules.geometry()).unwrap();
        for (d, &n) in counts.iter().enumerate() {
            if (n >= limit) == deep {
                assert_eq!(
                    perft(&pos, &rules, d as u32 + 1),
                    n,
                    "{fen_text} perft {}",
                    d + 1
                );
            }
        }
    }
}

#[test]
fn international_awkward_positions_match_the_published_counts() {
    international_positions(QUICK_LIMIT, false);
}

/// `cargo test --release --test integration perft:: -- --ignored`.
#[test]
#[ignore]
fn international_awkward_positions_deep() {
    international_positions(QUICK_LIMIT, true);
}

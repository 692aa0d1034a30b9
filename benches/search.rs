//! Search speed in nodes per second, from the start and from a middle game, per
//! variant, at a fixed depth so that the node count (asserted first) is the same
//! in every run; deep enough that allocating the table is noise. Target: at least
//! 6 M nodes/s on one core.

use checkers::ai::{search, Limits};
use checkers::{fen, Position, Ruleset};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

/// A middle game reached by both sides in every variant (twelve pieces a side
/// traded down to nine, no captures pending).
const MIDDLE: &str = "W:W17,21,22,23,25,26,27,30,31:B2,3,5,6,7,9,10,12,15";

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(5));
    for variant in Ruleset::builtin_ids() {
        let rules = Ruleset::builtin(variant).expect("built-in variant");
        for (name, pos, depth) in [
            ("start", Position::initial(rules.first_move), 14),
            (
                "middle",
                fen::parse(MIDDLE, &checkers::BOARD_8).expect("valid FEN"),
                14,
            ),
        ] {
            let limits = Limits {
                depth: Some(depth),
                ..Default::default()
            };
            let nodes = search(&pos, &rules, limits).info.nodes;
            assert_eq!(
                search(&pos, &rules, limits).info.nodes,
                nodes,
                "deterministic"
            );
            group.throughput(Throughput::Elements(nodes));
            group.bench_function(format!("{variant}/{name}/depth{depth}"), |b| {
                b.iter(|| search(&pos, &rules, limits))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);

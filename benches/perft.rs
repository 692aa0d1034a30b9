//! Perft benchmarks: the move generator's speed, in leaves per second.
//!
//! Each case asserts its node count first, so a faster but wrong generator fails
//! here instead of reporting a figure. The first three are the targets: english
//! depth 12 counting the last ply from the move list (at least 100 M leaves/s),
//! russian and brazilian depth 11 playing every leaf (at least 30 M leaves/s),
//! on one core.

use checkers::rules::builtin::{BRAZILIAN, DAMMEN64, ENGLISH, GERMAN, RUSSIAN};
use checkers::{perft, perft_visit, Position, Ruleset};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::time::Duration;

/// (variant, depth, visit every leaf?, expected leaves)
const CASES: &[(&str, u32, bool, u64)] = &[
    (ENGLISH, 12, false, 388_617_999),
    (RUSSIAN, 11, true, 110_917_189),
    (BRAZILIAN, 11, true, 105_491_257),
    (RUSSIAN, 10, false, 22_444_032),
    (BRAZILIAN, 10, false, 21_560_022),
    (DAMMEN64, 10, false, 17_762_771),
    (GERMAN, 10, false, 18_363_523),
];

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for &(variant, depth, visit, expected) in CASES {
        let rules = Ruleset::builtin(variant).expect("built-in variant");
        let start = Position::initial(rules.first_move);
        let run = || {
            if visit {
                perft_visit(&start, &rules, depth)
            } else {
                perft(&start, &rules, depth)
            }
        };
        assert_eq!(run(), expected, "{variant} perft {depth}");
        group.throughput(Throughput::Elements(expected));
        let mode = if visit { "visit" } else { "bulk" };
        group.bench_function(format!("{variant}/{depth}/{mode}"), |b| b.iter(run));
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);

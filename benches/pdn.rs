//! PDN reading: the whole of `tests/data/pdn-corpus/` (`CHECKERS_PDN_CORPUS`
//! elsewhere) file by file, and the corpus concatenated 27 times into one ~50 MB
//! text, each read and replayed game by game as `checkers pdn check` does.
//!
//! Each case asserts its counts first, so a faster reader that reads less fails
//! here instead of reporting a figure. The targets: the corpus in well under a
//! second, the 50 MB text in a few seconds, on one core; memory does not grow with
//! the input (the reader keeps one game at a time).

use checkers::pdn::{Assume, Checker, Reader, Verdict};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use std::path::PathBuf;
use std::time::Duration;

#[path = "../tests/integration/common/corpus.rs"]
mod corpus_folder;
use corpus_folder::corpus;

/// Every `.pdn` file of the corpus, in name order.
fn files() -> Vec<Vec<u8>> {
    fn walk(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("the PDN corpus (set CHECKERS_PDN_CORPUS)") {
            let p = entry.expect("a directory entry").path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "pdn") {
                out.push(p);
            }
        }
    }
    let mut paths = Vec::new();
    walk(&corpus(), &mut paths);
    paths.sort();
    paths
        .iter()
        .map(|p| std::fs::read(p).expect("readable"))
        .collect()
}

/// Games read and games replayed to their end.
fn check(texts: &[&[u8]]) -> (usize, usize) {
    let mut checker = Checker::new(Assume::default());
    let (mut games, mut replayed) = (0, 0);
    for text in texts {
        checker.next_file();
        for game in Reader::new(*text) {
            let c = checker.check(game.expect("readable"));
            games += 1;
            replayed +=
                usize::from(matches!(&c.verdict, Verdict::Replayed(r) if r.unknown_from.is_none()));
        }
    }
    (games, replayed)
}

fn bench_pdn(c: &mut Criterion) {
    let files = files();
    let mut group = c.benchmark_group("pdn");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));

    let each: Vec<&[u8]> = files.iter().map(Vec::as_slice).collect();
    assert_eq!(check(&each), (4069, 2843), "the corpus, file by file");
    group.throughput(Throughput::Bytes(
        files.iter().map(|f| f.len() as u64).sum(),
    ));
    group.bench_function("corpus", |b| b.iter(|| check(&each)));

    let mut big = Vec::new();
    for _ in 0..27 {
        for f in &files {
            big.extend_from_slice(f);
            big.push(b'\n');
        }
    }
    // One file: games of one collection tell the untagged games after them.
    assert_eq!(
        check(&[&big]),
        (109_836, 76_707),
        "the corpus 27 times in one text"
    );
    group.measurement_time(Duration::from_secs(40));
    group.throughput(Throughput::Bytes(big.len() as u64));
    group.bench_function("corpus x27 (50 MB)", |b| b.iter(|| check(&[&big])));
    group.finish();
}

criterion_group!(benches, bench_pdn);
criterion_main!(benches);

//! Where the real PDN games are: the repository's copy of the corpus, or the
//! folder `CHECKERS_PDN_CORPUS` names. Shared by the corpus tests and the PDN
//! benchmark (`benches/pdn.rs`, `#[path]`), so that both read the same files.

use std::path::PathBuf;

/// The corpus folder.
pub fn corpus() -> PathBuf {
    std::env::var_os("CHECKERS_PDN_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/pdn-corpus"
            ))
        })
}

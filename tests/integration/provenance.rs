//! weights/PROVENANCE.toml: every built-in weights file has its recipe there,
//! and the file is the one the recipe made (its SHA-256 matches).

use sha2::{Digest, Sha256};
use std::path::Path;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn provenance() -> toml::Table {
    let text = std::fs::read_to_string(root().join("weights/PROVENANCE.toml"))
        .expect("weights/PROVENANCE.toml");
    toml::from_str(&text).expect("PROVENANCE.toml is TOML")
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn every_built_in_weights_file_has_an_entry_whose_hash_matches_it() {
    let table = provenance();
    let mut files: Vec<String> = std::fs::read_dir(root().join("weights"))
        .expect("weights/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".ckev"))
        .collect();
    files.sort();
    assert_eq!(files.len(), 13, "{files:?}");
    for name in &files {
        let id = name.trim_end_matches(".ckev");
        let entry = table
            .get(id)
            .and_then(|v| v.as_table())
            .unwrap_or_else(|| panic!("no [{id}] in PROVENANCE.toml"));
        let file = entry["file"].as_str().expect("file is a string");
        assert_eq!(file, format!("weights/{name}"));
        let bytes = std::fs::read(root().join(file)).expect("the weights file");
        let recorded = entry["sha256"].as_str().expect("sha256 is a string");
        assert_eq!(
            hex(&Sha256::digest(&bytes)),
            recorded,
            "{file} is not the file PROVENANCE.toml describes: record its recipe anew"
        );
        for key in ["added_in", "fit", "admitted_by"] {
            assert!(entry.contains_key(key), "[{id}] says nothing of {key}");
        }
    }
}

/// The files the engine compiles in are the files the record covers.
#[test]
fn the_record_covers_exactly_the_variants_with_built_in_weights() {
    let table = provenance();
    let mut recorded: Vec<&str> = table.keys().map(String::as_str).collect();
    recorded.sort();
    let mut built_in: Vec<&str> = checkers::Ruleset::builtin_ids()
        .filter(|id| root().join(format!("weights/{id}.ckev")).exists())
        .collect();
    built_in.sort();
    assert_eq!(recorded, built_in);
}

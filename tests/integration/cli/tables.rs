//! `checkers tables build`: endgame tables solved once into the cache directory,
//! read back and checked after that, solved again when the file is damaged.

use std::path::Path;
use std::process::Command;

fn build(cache: &Path, args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_checkers"))
        .args(["tables", "build"])
        .args(args)
        .env("XDG_CACHE_HOME", cache)
        .env_remove("LANG")
        .env_remove("LC_ALL")
        .output()
        .unwrap();
    (
        out.status.code().unwrap(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn tables_are_solved_once_kept_in_the_cache_and_solved_again_when_damaged() {
    let cache = std::env::temp_dir().join(format!("checkers-tables-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let (code, err) = build(&cache, &["--variant", "english", "--pieces", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("solved") && err.contains("up to 3 pieces"),
        "{err}"
    );
    // The file is deflated after the solve, with a bar of its own.
    assert!(
        err.contains("tables: solved; writing the file") && err.contains("writing: 100%"),
        "{err}"
    );
    let dir = cache.join("checkers/tables");
    let files: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(files.len(), 1, "one file, written whole: {files:?}");
    let file = files[0].as_ref().unwrap().path();
    let (code, err) = build(&cache, &["--variant", "english", "--pieces", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("read and checked"), "{err}");
    assert!(
        !err.contains("writing"),
        "a file read is not written again: {err}"
    );
    // A damaged file is not trusted: solved again and rewritten.
    let mut bytes = std::fs::read(&file).unwrap();
    let last = bytes.len() - 1;
    bytes[last] ^= 0x55;
    std::fs::write(&file, &bytes).unwrap();
    let (code, err) = build(&cache, &["--variant", "english", "--pieces", "3"]);
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("solved"), "{err}");
    let (code, err) = build(&cache, &["--variant", "english", "--pieces", "3"]);
    assert!(code == 0 && err.contains("read and checked"), "{err}");
    std::fs::remove_dir_all(&cache).unwrap();
}

#[test]
fn tables_of_10x10_are_solved_and_cached_like_any_other() {
    let cache = std::env::temp_dir().join(format!("checkers-tables10-{}", std::process::id()));
    let (code, err) = build(&cache, &["--variant", "international", "--pieces", "3"]);
    assert!(code == 0 && err.contains("solved"), "{err}");
    let (code, err) = build(&cache, &["--variant", "international", "--pieces", "3"]);
    assert!(code == 0 && err.contains("read and checked"), "{err}");
    std::fs::remove_dir_all(&cache).unwrap();
}

/// On 12×12 four pieces take minutes and gigabytes, so three are the default
/// there; the 12×12 index and solver are the same code as the others'.
#[test]
fn tables_of_12x12_are_solved_for_three_pieces_by_default() {
    let cache = std::env::temp_dir().join(format!("checkers-tables12-{}", std::process::id()));
    let (code, err) = build(&cache, &["--variant", "canadian"]);
    assert!(
        code == 0 && err.contains("solved") && err.contains("up to 3 pieces"),
        "{err}"
    );
    let (code, err) = build(&cache, &["--variant", "canadian", "--pieces", "3"]);
    assert!(code == 0 && err.contains("read and checked"), "{err}");
    std::fs::remove_dir_all(&cache).unwrap();
}

#[test]
fn tables_build_refuses_too_many_pieces() {
    let cache = std::env::temp_dir().join(format!("checkers-notables-{}", std::process::id()));
    let (code, err) = build(&cache, &["--variant", "english", "--pieces", "9"]);
    assert_eq!(code, 2, "{err}");
    assert!(!cache.exists(), "nothing written for a refused command");
}

/// Six pieces are built on 8×8 only, five on 10×10 at most, four on 12×12:
/// more would need more memory than an ordinary machine has, and the command
/// says so in one line.
#[test]
fn more_pieces_than_the_board_allows_are_refused() {
    let cache = std::env::temp_dir().join(format!("checkers-notables5-{}", std::process::id()));
    for (variant, pieces, most) in [("international", "6", 5), ("canadian", "6", 5)] {
        let (code, err) = build(&cache, &["--variant", variant, "--pieces", pieces]);
        assert_eq!(code, 2, "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(&format!("at most {most} pieces")), "{err}");
    }
    assert!(!cache.exists(), "nothing written for a refused command");
}
